// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { stubBrowser } from '../../test/render';
import { ListSearch } from './ListFilters';

const box = () => screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement;
const type = (text: string) => fireEvent.change(box(), { target: { value: text } });
const at = (value: string, onSearch: (q: string) => void) => (
  <MantineProvider env="test">
    <ListSearch value={value} onSearch={onSearch} placeholder="Search" />
  </MantineProvider>
);

describe('the list search box', () => {
  beforeEach(() => {
    stubBrowser();
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('sends typed text after a pause, and keeps what was typed since when the URL catches up with the earlier text', () => {
    const onSearch = vi.fn();
    const { rerender } = render(at('', onSearch));
    type('ADR380');
    act(() => void vi.advanceTimersByTime(300));
    expect(onSearch).toHaveBeenLastCalledWith('ADR380');
    // typed again before the URL showed the first search
    type('SSI-NEW-001');
    rerender(at('ADR380', onSearch));
    expect(box().value).toBe('SSI-NEW-001');
    act(() => void vi.advanceTimersByTime(300));
    expect(onSearch).toHaveBeenLastCalledWith('SSI-NEW-001');
    rerender(at('SSI-NEW-001', onSearch));
    expect(box().value).toBe('SSI-NEW-001');
  });

  it('shows a change from outside (back, "Clear filters")', () => {
    const onSearch = vi.fn();
    const { rerender } = render(at('hornady', onSearch));
    expect(box().value).toBe('hornady');
    rerender(at('', onSearch));
    expect(box().value).toBe('');
    rerender(at('federal', onSearch));
    expect(box().value).toBe('federal');
    act(() => void vi.advanceTimersByTime(1000));
    expect(onSearch).not.toHaveBeenCalled();
  });
});

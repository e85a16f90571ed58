// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { PerUnitDisplay, Stacked } from './displays';

// jsdom lacks it; Mantine's provider reads it.
window.matchMedia ??= ((q: string) => ({ matches: false, media: q, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false })) as never;

afterEach(cleanup);
const mount = (node: React.ReactNode) =>
  render(
    <MantineProvider env="test">
      <div className="shown">{node}</div>
    </MantineProvider>,
  ).container.querySelector('.shown')!;
const shown = (node: React.ReactNode) => mount(node).textContent;

describe('read-only values', () => {
  it('a price per unit is in cents under a dollar and in dollars from a dollar; without units or a price, the dash', () => {
    expect(shown(<PerUnitDisplay cents={1625} units={50} />)).toBe('32.5\u00a2');
    expect(shown(<PerUnitDisplay cents={750} units={5} />)).toBe('$1.50');
    expect(shown(<PerUnitDisplay cents={21_000} units={1} />)).toBe('$210.00');
    expect(shown(<PerUnitDisplay cents={null} units={1} />)).toBe('—');
    expect(shown(<PerUnitDisplay cents={500} units={0} />)).toBe('—');
  });

  it('a stacked cell shows its note under the value, and nothing under it without one', () => {
    expect(shown(<Stacked note="Ammo Depot">AM-100453</Stacked>)).toBe('AM-100453Ammo Depot');
    expect(mount(<Stacked note={null}>AM-1</Stacked>).querySelectorAll('p')).toHaveLength(0);
  });
});

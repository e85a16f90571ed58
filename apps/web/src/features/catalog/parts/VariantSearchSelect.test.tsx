// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { permissionsOfRoles, type VariantListItem } from '@qm/contracts';
import { queryClient } from '../../../lib/queryClient';
import { setAuthenticated, setUnauthenticated } from '../../../lib/session';
import { VariantSearchSelect } from './VariantSearchSelect';

window.matchMedia ??= ((q: string) => ({ matches: false, media: q, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false })) as never;
globalThis.ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} } as never;
Element.prototype.scrollIntoView ??= () => {};

const row = (id: number, product_id: number, sku: string, product_title: string): VariantListItem => ({ id, product_id, sku, product_title, upc: null, units_per_package: 50, is_default: false });
const ROWS = [row(11, 1, 'FED-9-115-BX', 'Federal 9mm 115 gr'), row(12, 1, 'FED-9-115-CS', 'Federal 9mm 115 gr'), row(21, 2, 'WIN-9-124-BX', 'Winchester 9mm 124 gr')];
const searched: string[] = [];

beforeEach(() => {
  setAuthenticated({ id: 1, name: 'Tester', email: 't@example.com', roles: ['admin'], security: { permissions: permissionsOfRoles(['admin']) }, impersonator: null });
  searched.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const q = new URL(String(url), 'http://x').searchParams.get('q') ?? '';
      searched.push(q);
      // the search answers "9mm" only: the chosen option's own words find nothing
      const data = q === '9mm' ? ROWS : [];
      return new Response(JSON.stringify({ data, meta: { total: data.length, page: 1, per_page: 12, total_exact: true } }), { headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
  setUnauthenticated();
});

function Field({ pick, onPick }: { pick?: 'variant' | 'product'; onPick: (id: number | null, r?: VariantListItem) => void }) {
  const [value, setValue] = useState<number | null>(null);
  return (
    <VariantSearchSelect
      label="Variant"
      pick={pick}
      clearable
      value={value}
      onPick={(id, r) => {
        setValue(id);
        onPick(id, r);
      }}
    />
  );
}

const mount = (ui: React.ReactNode) =>
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
    </MantineProvider>,
  );

describe('VariantSearchSelect', () => {
  it('as a field: searches from two characters, hands over the chosen variant, and keeps showing its words', async () => {
    const onPick = vi.fn();
    mount(<Field onPick={onPick} />);
    const box = screen.getByRole('combobox', { name: 'Variant' });
    // focused, as a person types (Mantine takes a change to an unfocused box for autofill)
    box.focus();
    fireEvent.change(box, { target: { value: '9' } });
    fireEvent.click(box);
    expect(await screen.findByText('Type two characters or more')).toBeTruthy();
    fireEvent.change(box, { target: { value: '9mm' } });
    fireEvent.click(await screen.findByRole('option', { name: 'WIN-9-124-BX — Winchester 9mm 124 gr' }, { timeout: 2_000 }));
    expect(onPick).toHaveBeenCalledWith(21, ROWS[2]);
    // the box now holds the option's words, whose search finds nothing: the label stays
    await waitFor(() => expect(searched).toContain('WIN-9-124-BX — Winchester 9mm 124 gr'), { timeout: 2_000 });
    expect((screen.getByRole('combobox', { name: 'Variant' }) as HTMLInputElement).value).toBe('WIN-9-124-BX — Winchester 9mm 124 gr');
    expect(searched).not.toContain('9');
  });

  it('picks products once each, however many of their variants match', async () => {
    const onPick = vi.fn();
    mount(<Field pick="product" onPick={onPick} />);
    const box = screen.getByRole('combobox', { name: 'Variant' });
    // focused, as a person types (Mantine takes a change to an unfocused box for autofill)
    box.focus();
    fireEvent.change(box, { target: { value: '9mm' } });
    fireEvent.click(box);
    await screen.findByRole('option', { name: 'Winchester 9mm 124 gr' }, { timeout: 2_000 });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Federal 9mm 115 gr', 'Winchester 9mm 124 gr']);
    fireEvent.click(screen.getByRole('option', { name: 'Federal 9mm 115 gr' }));
    expect(onPick).toHaveBeenCalledWith(1, ROWS[0]);
  });

  it('as an action: hands over each pick and empties the box for the next', async () => {
    const onPick = vi.fn();
    mount(<VariantSearchSelect label="Add a line" onPick={onPick} />);
    const box = screen.getByRole('combobox', { name: 'Add a line' }) as HTMLInputElement;
    box.focus();
    fireEvent.change(box, { target: { value: '9mm' } });
    fireEvent.click(box);
    fireEvent.click(await screen.findByRole('option', { name: 'FED-9-115-CS — Federal 9mm 115 gr' }, { timeout: 2_000 }));
    expect(onPick).toHaveBeenCalledWith(12, ROWS[1]);
    await waitFor(() => expect(box.value).toBe(''));
  });
});

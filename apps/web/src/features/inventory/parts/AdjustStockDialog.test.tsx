// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { permissionsOfRoles } from '@qm/contracts';
import { queryClient } from '../../../lib/queryClient';
import { setAuthenticated, setUnauthenticated } from '../../../lib/session';
import { AdjustStockDialog } from './AdjustStockDialog';

window.matchMedia ??= ((q: string) => ({ matches: false, media: q, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false })) as never;
globalThis.ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} } as never;
Element.prototype.scrollIntoView ??= () => {};
// The note's autosizing textarea listens to font loading, which jsdom lacks.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() } });

/** Types into an input as a browser would (the masked number inputs listen to input events). */
function type(el: HTMLElement, value: string) {
  (el as HTMLInputElement).value = value;
  fireEvent.input(el, { target: { value } });
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function mount(onDone = vi.fn()) {
  render(
    <MantineProvider>
      <ModalsProvider>
        <Notifications />
        <QueryClientProvider client={queryClient}>
          <AdjustStockDialog variantId={7} variantLabel="FED-9-115-CS" locationId={2} onHand={40} onClose={() => {}} onDone={onDone} />
        </QueryClientProvider>
      </ModalsProvider>
    </MantineProvider>,
  );
  return onDone;
}

beforeEach(() => setAuthenticated({ id: 1, name: 'Tester', email: 't@example.com', roles: ['purchasing'], security: { permissions: permissionsOfRoles(['purchasing']) }, impersonator: null }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
  setUnauthenticated();
});

describe('AdjustStockDialog', () => {
  it('records a count as a count correction, showing on hand after, and reports the ledger rows', async () => {
    const calls: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined });
        if (String(url).includes('/api/location')) return json({ data: [{ id: 2, code: 'RNO', name: 'Reno Warehouse' }], meta: { total: 1, page: 1, per_page: 500, total_exact: true } });
        return json({ data: { transactions: [{ id: 1, quantity: -5, balance_after: 35 }] } }, 201);
      }),
    );
    const onDone = mount();
    expect(await screen.findByText(/RNO · Reno Warehouse · on hand 40/)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Counted quantity' }));
    type(screen.getByRole('textbox', { name: /Counted on the shelf/ }), '35');
    expect(await screen.findByText('On hand after: 35')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /Note/ }), { target: { value: 'Cycle count, aisle 4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record adjustment' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith([{ id: 1, quantity: -5, balance_after: 35 }]));
    const post = calls.find((c) => c.url.includes('/api/inventory/adjust'));
    expect(post?.body).toEqual({ variant_id: 7, location_id: 2, counted_quantity: 35, reason: 'count_correction', note: 'Cycle count, aisle 4' });
  });

  it('asks for a reason before sending anything', async () => {
    const fetchMock = vi.fn(async (_url: string) => json({ data: [], meta: { total: 0, page: 1, per_page: 500, total_exact: true } }));
    vi.stubGlobal('fetch', fetchMock);
    mount();
    type(await screen.findByRole('textbox', { name: /Change/ }), '5');
    fireEvent.click(screen.getByRole('button', { name: 'Record adjustment' }));
    expect(await screen.findByText('Choose a reason')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/inventory/adjust'))).toBe(false);
  });
});

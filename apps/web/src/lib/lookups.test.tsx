// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { permissionsOfRoles } from '@qm/contracts';
import { useStatusName, useStatuses, useStores } from './lookups';
import { ApiError } from './api';
import { ErrorState, isRetryable } from '../ui/states';
import { setAuthenticated, setUnauthenticated } from './session';

function signInAs(roles: string[]) {
  setAuthenticated({ id: 1, name: 'Tester', email: 't@example.com', roles, security: { permissions: permissionsOfRoles(roles) }, impersonator: null });
}

// jsdom lacks these; Mantine's modal needs them.
window.matchMedia ??= ((q: string) => ({ matches: false, media: q, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false })) as never;
globalThis.ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} } as never;

function Probe({ kind }: { kind: 'stores' | 'order-status' }) {
  const q = kind === 'stores' ? useStores() : useStatuses('order-status');
  return <p data-testid="state">{q.isLoading ? 'loading' : q.isError ? 'failed' : `loaded ${q.data?.length}`}</p>;
}

function mount(kind: 'stores' | 'order-status', client = new QueryClient({ defaultOptions: { queries: { retryDelay: 1 } } })) {
  return render(
    <MantineProvider>
      <ModalsProvider>
        <QueryClientProvider client={client}>
          <Probe kind={kind} />
        </QueryClientProvider>
      </ModalsProvider>
    </MantineProvider>,
  );
}

beforeEach(() => signInAs(['admin']));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  setUnauthenticated();
});

describe('lookup lists', () => {
  it('show the Error dialog naming the list when a load fails, and stop loading', async () => {
    const fetchMock = vi.fn(async () => new Response('{"error":{"code":"internal_error","message":"down"}}', { status: 500, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    mount('order-status');
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('failed'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Error');
    expect(dialog.textContent).toContain('An error occurred while fetching statuses. Please try again later');
  });

  it('uses the matching noun for stores', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 503 })));
    mount('stores');
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('An error occurred while fetching stores. Please try again later');
  });

  it('are cached after the first load', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: [{ id: 1, name: 'Ammo Depot', is_enabled: true }] }), { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient();
    const first = mount('stores', client);
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('loaded 1'));
    first.unmount();
    await act(async () => {
      mount('stores', client);
    });
    expect(screen.getByTestId('state').textContent).toBe('loaded 1');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('are not requested for a user without the permission their endpoint needs, and show no dialog', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 403 }));
    vi.stubGlobal('fetch', fetchMock);
    signInAs([]); // holds no stores.read
    mount('stores');
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(screen.getByTestId('state').textContent).toBe('loaded undefined');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('name a status by the lookup, by the contract’s label while it loads, else by its code in words', async () => {
    let answer: (r: Response) => void = () => {};
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((r) => (answer = r))));
    function Names() {
      const name = useStatusName('order-status', { pending: 'Pending (contract)' });
      return <p data-testid="names">{['pending', 'on_hold', 'delivered'].map(name).join('|')}</p>;
    }
    render(
      <MantineProvider>
        <ModalsProvider>
          <QueryClientProvider client={new QueryClient()}>
            <Names />
          </QueryClientProvider>
        </ModalsProvider>
      </MantineProvider>,
    );
    expect(screen.getByTestId('names').textContent).toBe('Pending (contract)|On hold|Delivered');
    await act(async () =>
      answer(new Response(JSON.stringify({ data: [{ id: 1, code: 'pending', name: 'Awaiting routing' }, { id: 2, code: 'on_hold', name: 'Held' }] }), { status: 200, headers: { 'content-type': 'application/json' } })),
    );
    await waitFor(() => expect(screen.getByTestId('names').textContent).toBe('Awaiting routing|Held|Delivered'));
  });
});

describe('failure states', () => {
  it('offer Retry only when asking again may help: no connection, busy or failed server — not a record not found or refused', () => {
    expect(isRetryable(new ApiError(0, 'network_error', 'offline'))).toBe(true);
    expect(isRetryable(new ApiError(503, 'unavailable', 'busy'))).toBe(true);
    expect(isRetryable(new ApiError(429, 'rate_limited', 'slow down'))).toBe(true);
    expect(isRetryable(new Error('thrown'))).toBe(true);
    for (const status of [400, 403, 404, 409, 422]) expect(isRetryable(new ApiError(status, 'x', 'y'))).toBe(false);
    const retry = vi.fn();
    const shown = render(
      <MantineProvider>
        <ErrorState error={new ApiError(404, 'not_found', 'The product was not found')} onRetry={retry} />
        <ErrorState error={new ApiError(500, 'internal_error', 'Something failed')} onRetry={retry} />
      </MantineProvider>,
    );
    expect(shown.getAllByRole('alert')).toHaveLength(2);
    expect(shown.getAllByRole('button', { name: 'Retry' })).toHaveLength(1);
  });
});

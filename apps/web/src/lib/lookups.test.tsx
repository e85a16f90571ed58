// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { permissionsOfRoles } from '@qm/contracts';
import { useStatuses, useStores } from './lookups';
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
});

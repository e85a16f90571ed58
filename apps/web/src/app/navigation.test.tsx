// @vitest-environment jsdom
/** The layout's navigation (groups collapse, remembered per user; only permitted screens) and the command palette. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { ROUTES, permissionsOfRoles } from '@qm/contracts';
import { setAuthenticated, setUnauthenticated } from '../lib/session';
import { CommandPalette } from './CommandPalette';
import { NavMenu } from './NavMenu';
import { isGroupOpen, navGroups, toggleGroup } from './nav';
import { crumbsOf } from '../ui/Breadcrumbs';
import { matchScreens, paletteScreens, searchSources } from './search';

window.matchMedia ??= ((q: string) => ({ matches: false, media: q, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false })) as never;
globalThis.ResizeObserver ??= class { observe() {} unobserve() {} disconnect() {} } as never;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A tiny server: the user's preferences (kept between mounts) and the product and user lists. */
function fakeServer() {
  const prefs = new Map<string, unknown>();
  const calls: string[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const u = new URL(url, 'http://localhost');
    calls.push(`${init?.method ?? 'GET'} ${u.pathname}${u.search}`);
    const pref = /^\/api\/me\/preferences\/(.+)$/.exec(u.pathname);
    if (pref) {
      if (init?.method === 'PUT') prefs.set(pref[1]!, (JSON.parse(String(init.body)) as { value: unknown }).value);
      return json({ data: prefs.get(pref[1]!) ?? null });
    }
    if (u.pathname === '/api/product') {
      const q = u.searchParams.get('q') ?? '';
      const rows = q === 'FED9115' ? [{ id: 42, title: 'Federal 9mm 115 gr FMJ', default_sku: 'FED9115', brand_name: 'Federal' }] : [];
      return json({ data: rows, meta: { total: rows.length } });
    }
    if (u.pathname === '/api/user' || u.pathname === '/api/vendor') return json({ data: [], meta: { total: 0 } });
    return json({ message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { prefs, calls };
}

function signInAs(roles: string[]) {
  const permissions = permissionsOfRoles(roles);
  setAuthenticated({ id: 7, name: 'Tester', email: 't@example.com', roles, security: { permissions }, impersonator: null });
  return permissions;
}

/** Every route of the table under a shell rendering `ui`, the router's ids being the route names. */
function mount(ui: React.ReactNode, path = '/') {
  const routes: RouteObject[] = [
    {
      id: 'shell',
      element: ui,
      children: ROUTES.map((r) => ({ id: r.name, path: `/${r.path}`, element: <p data-testid="screen">{r.name}</p> })),
    },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

beforeEach(() => setUnauthenticated());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('navigation groups', () => {
  it('hold only the screens the permissions open', () => {
    const groups = navGroups(permissionsOfRoles(['catalog']));
    const labels = groups.flatMap((g) => g.routes.map((r) => r.nav!.label));
    expect(labels).toContain('Products');
    expect(labels).not.toContain('Users');
    expect(groups.map((g) => g.group)).not.toContain('Orders');
  });

  it('a collapsed group is closed unless the current screen is in it; toggling adds or removes it', () => {
    expect(isGroupOpen('Reports', ['Reports'], undefined)).toBe(false);
    expect(isGroupOpen('Reports', ['Reports'], 'Reports')).toBe(true);
    expect(isGroupOpen('Catalogue', ['Reports'], undefined)).toBe(true);
    expect(toggleGroup('Reports', [], true)).toEqual(['Reports']);
    expect(toggleGroup('Reports', ['Vendors', 'Reports'], false)).toEqual(['Vendors']);
  });

  it('shows the permitted screens, and a collapsed group stays collapsed for the user', async () => {
    const server = fakeServer();
    const permissions = signInAs(['catalog']);
    mount(<NavMenu permissions={permissions} />);
    const nav = screen.getByRole('navigation', { name: 'Screens' });
    expect(within(nav).getByRole('link', { name: 'Products' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Users' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Logs' })).toBeNull();

    const stores = within(nav).getByRole('button', { name: 'Stores & Feeds' });
    expect(stores.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(server.calls).toContain('GET /api/me/preferences/nav.collapsed'));
    fireEvent.click(stores);
    await waitFor(() => expect(stores.getAttribute('aria-expanded')).toBe('false'));
    expect(within(nav).queryByRole('link', { name: 'Store Brands' })).toBeNull();
    await waitFor(() => expect(server.prefs.get('nav.collapsed')).toEqual(['Stores & Feeds']));

    // Signed in again (another page load): read back from the server.
    cleanup();
    localStorage.clear();
    mount(<NavMenu permissions={permissions} />);
    const again = screen.getByRole('navigation', { name: 'Screens' });
    await waitFor(() => expect(within(again).getByRole('button', { name: 'Stores & Feeds' }).getAttribute('aria-expanded')).toBe('false'));
    expect(within(again).queryByRole('link', { name: 'Store Brands' })).toBeNull();
    expect(within(again).getByRole('link', { name: 'Products' })).toBeTruthy();
  });

  it('opens the group of the screen shown even when it was collapsed', async () => {
    const server = fakeServer();
    server.prefs.set('nav.collapsed', ['Catalogue']);
    const permissions = signInAs(['catalog']);
    mount(<NavMenu permissions={permissions} />, '/product/12');
    const nav = screen.getByRole('navigation', { name: 'Screens' });
    await waitFor(() => expect(server.calls.some((c) => c.includes('preferences'))).toBe(true));
    expect(within(nav).getByRole('button', { name: 'Catalogue' }).getAttribute('aria-expanded')).toBe('true');
    expect(within(nav).getByRole('link', { name: 'Brands' })).toBeTruthy();
  });
});

describe('breadcrumbs', () => {
  it('a detail route shows group › list (linked) › item; a list shows group › title', () => {
    expect(crumbsOf('product.view', 'Federal 9mm')).toEqual([{ label: 'Catalogue' }, { label: 'Products', to: '/product' }, { label: 'Federal 9mm' }]);
    expect(crumbsOf('product-family.view', 'Match rifle')).toEqual([{ label: 'Catalogue' }, { label: 'Product Families', to: '/product-family' }, { label: 'Match rifle' }]);
    expect(crumbsOf('vendor.view', 'Acme')[0]).toEqual({ label: 'Vendors', to: '/vendor' });
    expect(crumbsOf('brand')).toEqual([{ label: 'Catalogue' }, { label: 'Brands' }]);
    // a group named as its list is said once
    expect(crumbsOf('order.view', 'AM-100453')).toEqual([{ label: 'Orders', to: '/order' }, { label: 'AM-100453' }]);
    expect(crumbsOf('vendor-order.view', 'VO-1')).toEqual([{ label: 'Orders' }, { label: 'Vendor Orders', to: '/vendor-order' }, { label: 'VO-1' }]);
  });
});

describe('command palette', () => {
  it('lists the screens a user may open, matched by label or title', () => {
    const screens = paletteScreens(permissionsOfRoles(['catalog']));
    expect(screens.map((s) => s.name)).toContain('brand');
    expect(screens.map((s) => s.name)).not.toContain('user');
    expect(matchScreens(screens, 'brands')[0]!.name).toBe('brand');
    expect(matchScreens(screens, 'store brand')[0]!.name).toBe('store-brand');
    expect(searchSources(permissionsOfRoles(['catalog'])).map((s) => s.endpoint)).toEqual(['product']);
    expect(searchSources(permissionsOfRoles(['admin'])).map((s) => s.endpoint)).toEqual(['product', 'vendor', 'order', 'user', 'vendor-order']);
    expect(searchSources(permissionsOfRoles(['orders'])).map((s) => s.endpoint)).toEqual(['product', 'vendor', 'order', 'vendor-order']);
  });

  it('Ctrl-K opens it, typing filters, Enter opens the highlighted screen', async () => {
    fakeServer();
    const permissions = signInAs(['catalog']);
    const router = mount(<CommandPalette permissions={permissions} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => {
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', code: 'KeyK', ctrlKey: true, bubbles: true }));
    });
    const input = await screen.findByRole('combobox', { name: 'Screen, product, user…' });
    fireEvent.change(input, { target: { value: 'brands' } });
    const options = screen.getAllByRole('option');
    expect(options[0]!.textContent).toMatch(/^Brands/);
    expect(options.some((o) => /Users/.test(o.textContent ?? ''))).toBe(false);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    // ↓ moves the highlight, ↑ back.
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(screen.getAllByRole('option')[1]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/brand'));
  });

  it('finds a product by SKU through the product list and opens it', async () => {
    const server = fakeServer();
    const permissions = signInAs(['catalog']);
    const router = mount(<CommandPalette permissions={permissions} />);
    act(() => {
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', code: 'KeyK', ctrlKey: true, bubbles: true }));
    });
    const input = await screen.findByRole('combobox');
    fireEvent.change(input, { target: { value: 'FED9115' } });
    const option = await screen.findByRole('option', { name: /Federal 9mm 115 gr FMJ/ });
    expect(server.calls).toContain('GET /api/product?q=FED9115&per_page=5');
    // Users are not searched without users.read.
    expect(server.calls.some((c) => c.startsWith('GET /api/user'))).toBe(false);
    await waitFor(() => expect(option.getAttribute('aria-selected')).toBe('true'));
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/42'));
  });
});

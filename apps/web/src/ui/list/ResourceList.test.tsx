// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { defineResource } from '../../lib/resource';
import { queryClient } from '../../lib/queryClient';
import { fakeApi, json, renderAt, signInWith } from '../../test/render';
import { ResourceList } from '../ResourceList';
import type { Column } from './types';

interface Brand {
  id: number;
  name: string;
  product_count: number;
}
const brands = defineResource<Brand>('brand');
const columns: Column<Brand>[] = [
  { key: 'id', header: 'ID', sortable: true },
  { key: 'name', header: 'Name', sortable: true },
  { key: 'product_count', header: 'Products', defaultVisible: false },
];
const ALL: Brand[] = Array.from({ length: 60 }, (_, i) => ({ id: i + 1, name: `Brand ${String(i + 1).padStart(2, '0')}`, product_count: i }));

/** The API: pages of ALL as asked; deletes answered by `onDelete`. */
function brandApi(onDelete: (id: number) => Response = () => json(null, 204)) {
  return fakeApi((method, url) => {
    if (url.pathname.startsWith('/api/me/preferences/')) return json({ data: null });
    const del = /^\/api\/brand\/(\d+)$/.exec(url.pathname);
    if (method === 'DELETE' && del) return onDelete(Number(del[1]));
    const page = Number(url.searchParams.get('page') ?? 1);
    const per = Number(url.searchParams.get('per_page') ?? 25);
    const ids = url.searchParams.getAll('filter[id]').map(Number);
    const rows = ids.length ? ALL.filter((b) => ids.includes(b.id)) : ALL;
    return json({ data: rows.slice((page - 1) * per, page * per), meta: { total: rows.length, page, per_page: per, total_exact: true } });
  });
}

const list = (extra: Partial<Parameters<typeof ResourceList<Brand>>[0]> = {}) => (
  <ResourceList<Brand> resource={brands} noun={{ one: 'brand', many: 'brands' }} columns={columns} defaultSort="name" {...extra} />
);
const table = () => screen.getByRole('table', { name: 'Brands' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);

beforeEach(() => {
  window.localStorage.clear();
  signInWith(['catalog.read', 'catalog.write']);
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('ResourceList', () => {
  it('a sortable header puts its sort in the URL: ascending, descending, then none', async () => {
    const calls = brandApi();
    const view = renderAt(list());
    await screen.findByText('Brand 01');
    const header = () => within(table()).getByRole('columnheader', { name: /ID/ });
    fireEvent.click(within(header()).getByRole('button'));
    await waitFor(() => expect(view.search().get('sort')).toBe('id'));
    expect(header().getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(header()).getByRole('button'));
    await waitFor(() => expect(view.search().get('sort')).toBe('-id'));
    expect(header().getAttribute('aria-sort')).toBe('descending');
    await waitFor(() => expect(calls.some((c) => c.url.searchParams.get('sort') === '-id')).toBe(true));
    fireEvent.click(within(header()).getByRole('button'));
    await waitFor(() => expect(view.search().get('sort')).toBe(''));
    expect(header().getAttribute('aria-sort')).toBe('none');
  });

  it('pages: the next page is asked for with page=2 and shows its rows and range', async () => {
    const calls = brandApi();
    const view = renderAt(list(), '/brand?sort=id');
    await screen.findByText('Brand 01');
    expect(screen.getByText('1–25 of 60')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await screen.findByText('Brand 26');
    expect(view.search().get('page')).toBe('2');
    expect(calls.at(-1)!.url.searchParams.get('page')).toBe('2');
    expect(screen.getByText('26–50 of 60')).toBeTruthy();
    expect(bodyRows()).toHaveLength(25);
  });

  it('a filter or sort change goes back to page 1', async () => {
    brandApi();
    const view = renderAt(list(), '/brand?page=3');
    await screen.findByText('Brand 51');
    fireEvent.click(within(within(table()).getByRole('columnheader', { name: /Name/ })).getByRole('button'));
    await waitFor(() => expect(view.search().get('page')).toBeNull());
  });

  it('the column chooser shows a hidden column and remembers the choice for the user', async () => {
    const calls = brandApi();
    renderAt(list());
    await screen.findByText('Brand 01');
    expect(within(table()).queryByRole('columnheader', { name: 'Products' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Choose columns' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Products' }));
    await waitFor(() => expect(within(table()).getByRole('columnheader', { name: 'Products' })).toBeTruthy());
    const saved = calls.find((c) => c.method === 'PUT' && c.url.pathname === '/api/me/preferences/columns.brand');
    expect(saved?.body).toEqual({ value: ['id', 'name', 'product_count'] });
    expect(JSON.parse(window.localStorage.getItem('quartermaster_pref.1.columns.brand')!)).toEqual(['id', 'name', 'product_count']);
  });

  it('a remembered choice is shown on the next visit; the last column cannot be hidden', async () => {
    window.localStorage.setItem('quartermaster_pref.1.columns.brand', JSON.stringify(['name']));
    brandApi();
    renderAt(list());
    await screen.findByText('Brand 01');
    expect(within(table()).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name']);
    fireEvent.click(screen.getByRole('button', { name: 'Choose columns' }));
    const only = (await screen.findByRole('checkbox', { name: 'Name' })) as HTMLInputElement;
    expect(only.checked).toBe(true);
    expect(only.disabled).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Products' }) as HTMLInputElement).checked).toBe(false);
  });

  it('selection: rows are ticked one by one or the whole page, and cleared when the page changes', async () => {
    brandApi();
    renderAt(list({ bulkDelete: true, writePermission: 'catalog.write' }), '/brand?sort=id');
    await screen.findByText('Brand 01');
    const all = screen.getByRole('checkbox', { name: 'Select all rows on this page' }) as HTMLInputElement;
    fireEvent.click(screen.getByRole('checkbox', { name: /Select brand 1$/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Select brand 2$/ }));
    expect(screen.getByText(/2 selected/)).toBeTruthy();
    fireEvent.click(all);
    expect(screen.getByText(/25 selected/)).toBeTruthy();
    fireEvent.click(all);
    expect(screen.queryByText(/selected/)).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: /Select brand 3$/ }));
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await screen.findByText('Brand 26');
    expect(screen.queryByText(/selected/)).toBeNull();
  });

  it('no checkboxes for a user who may not write', async () => {
    signInWith(['catalog.read']);
    brandApi();
    renderAt(list({ bulkDelete: true, writePermission: 'catalog.write' }));
    await screen.findByText('Brand 01');
    expect(screen.queryByRole('checkbox', { name: 'Select all rows on this page' })).toBeNull();
  });

  it('a row opens with Enter as well as a click', async () => {
    brandApi();
    const open = vi.fn();
    renderAt(list({ onRowClick: open }), '/brand?sort=id');
    await screen.findByText('Brand 01');
    const row = bodyRows()[0]!;
    fireEvent.keyDown(row, { key: 'Enter' });
    fireEvent.click(row);
    expect(open).toHaveBeenCalledTimes(2);
    expect(open.mock.calls[0]![0]).toMatchObject({ id: 1 });
    await act(async () => {});
  });
});

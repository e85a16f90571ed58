// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { defineResource } from '../../lib/resource';
import { queryClient } from '../../lib/queryClient';
import { fakeApi, json, renderAt, signInWith } from '../../test/render';
import { ResourceList } from '../ResourceList';
import { sortingOf, type Column } from './types';

interface Brand {
  id: number;
  name: string;
  product_count: number;
}
const brands = defineResource<Brand>('brand');
const columns: Column<Brand>[] = [
  { key: 'id', header: 'ID' },
  { key: 'name', header: 'Name' },
  { key: 'product_count', header: 'Products', defaultVisible: false },
];
/** The list's contract, as `BRAND_LIST`: what the API sorts and filters by. */
const FIELDS = { sort: ['id', 'name', 'created_at'], filter: ['id'] } as const;
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
  <ResourceList<Brand> resource={brands} fields={FIELDS} noun={{ one: 'brand', many: 'brands' }} columns={columns} defaultSort="name" {...extra} />
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
  it('a column sorts when, and only when, its list’s contract sorts by its field', async () => {
    brandApi();
    renderAt(list({ fields: { sort: ['name'], filter: [] } }));
    await screen.findByText('Brand 01');
    const header = (name: RegExp) => within(table()).getByRole('columnheader', { name });
    expect(within(header(/Name/)).getByRole('button')).toBeTruthy();
    expect(header(/Name/).getAttribute('aria-sort')).toBe('ascending');
    expect(within(header(/ID/)).queryByRole('button')).toBeNull();
    expect(header(/ID/).getAttribute('aria-sort')).toBeNull();
  });

  it('sortingOf: the contract decides; a column may opt out; a sortKey the contract does not sort by is refused', () => {
    const shown = sortingOf<Brand>(
      [
        { key: 'id', header: 'ID' },
        { key: 'name', header: 'Name', sortable: false },
        { key: 'brand_name', header: 'Brand', sortKey: 'name' },
        { key: 'product_count', header: 'Products' },
      ],
      FIELDS,
    );
    expect(shown.map((c) => [c.key, c.sortField])).toEqual([
      ['id', 'id'],
      ['name', null],
      ['brand_name', 'name'],
      ['product_count', null],
    ]);
    expect(() => sortingOf<Brand>([{ key: 'product_count', header: 'Products', sortKey: 'product_count' }], FIELDS)).toThrow(
      'Column "product_count" sorts by "product_count", which its list\'s contract does not sort by (id, name, created_at)',
    );
    // A screen cannot mark a column sortable: the type check refuses it.
    // @ts-expect-error sortable is the contract's to say
    const marked: Column<Brand> = { key: 'product_count', header: 'Products', sortable: true };
    expect(sortingOf([marked], FIELDS)[0]!.sortField).toBeNull();
  });

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

  it('each page and sort change is a history entry: Back returns to the page before', async () => {
    brandApi();
    const view = renderAt(list(), '/brand?sort=id');
    await screen.findByText('Brand 01');
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await screen.findByText('Brand 26');
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    await screen.findByText('Brand 51');
    await act(() => view.router.navigate(-1));
    expect(view.search().get('page')).toBe('2');
    await act(() => view.router.navigate(-1));
    expect(view.search().get('page')).toBeNull();
    await screen.findByText('Brand 01');
    expect(view.search().get('sort')).toBe('id');
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
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Brand 01' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Brand 02' }));
    expect(screen.getByText(/2 selected/)).toBeTruthy();
    fireEvent.click(all);
    expect(screen.getByText(/25 selected/)).toBeTruthy();
    fireEvent.click(all);
    expect(screen.queryByText(/selected/)).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Brand 03' }));
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

  it('bulk delete: confirms how many, deletes one after another, reports what was refused and why', async () => {
    const calls = brandApi((id) => (id === 2 ? json({ error: { code: 'rule_violated', message: 'Brand 02 is the brand of 3 products. Give them another brand first.' } }, 422) : json(null, 204)));
    renderAt(list({ bulkDelete: true, writePermission: 'catalog.write' }), '/brand?sort=id');
    await screen.findByText('Brand 01');
    for (const n of ['01', '02', '03']) fireEvent.click(screen.getByRole('checkbox', { name: `Select Brand ${n}` }));
    const bar = screen.getByRole('toolbar', { name: 'Selected brands' });
    expect(within(bar).getByText('3 selected')).toBeTruthy();
    fireEvent.click(within(bar).getByRole('button', { name: 'Delete…' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete 3 brands?' });
    expect(within(confirm).getByText(/3 brands will be deleted/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete 3 brands' }));
    const report = await screen.findByRole('dialog', { name: '1 brand not deleted' });
    expect(within(report).getByText('Brand 02')).toBeTruthy();
    expect(within(report).getByText(/is the brand of 3 products/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url.pathname)).toEqual(['/api/brand/1', '/api/brand/2', '/api/brand/3']);
  });

  it('bulk delete leaves out rows the screen says cannot be deleted, and names them', async () => {
    const calls = brandApi();
    renderAt(list({ bulkDelete: true, writePermission: 'catalog.write', deleteBlockedReason: (b) => (b.id === 1 ? 'Published on 2 stores' : null) }), '/brand?sort=id');
    await screen.findByText('Brand 01');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Brand 01' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Brand 02' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete…' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete 1 brand?' });
    expect(within(confirm).getByText('Published on 2 stores', { exact: false })).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete 1 brand' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url.pathname)).toEqual(['/api/brand/2']));
  });

  it('cancelling the confirmation deletes nothing', async () => {
    const calls = brandApi();
    renderAt(list({ bulkDelete: true, writePermission: 'catalog.write' }), '/brand?sort=id');
    await screen.findByText('Brand 01');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Brand 01' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete…' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Delete 1 brand?' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    expect(screen.getByText('1 selected')).toBeTruthy();
  });

  it('a bulk endpoint, when given, is called once with every id', async () => {
    brandApi();
    const run = vi.fn(async (ids: (string | number)[]) => ids.filter((id) => id === 3).map((id) => ({ id, message: 'In use' })));
    renderAt(list({ bulkDelete: run, writePermission: 'catalog.write' }), '/brand?sort=id');
    await screen.findByText('Brand 01');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(screen.getByText('25 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete…' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Delete 25 brands?' })).getByRole('button', { name: 'Delete 25 brands' }));
    const report = await screen.findByRole('dialog', { name: '1 brand not deleted' });
    expect(within(report).getByText('Brand 03')).toBeTruthy();
    expect(run).toHaveBeenCalledTimes(1);
    expect(run.mock.calls[0]![0]).toHaveLength(25);
  });

  it('export of the selection asks for the CSV of the selected ids only; screen actions get the rows', async () => {
    const calls = brandApi();
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const tag = vi.fn();
    renderAt(list({ exportCsv: true, idFilter: 'id', bulkActions: [{ label: 'Tag', run: (s) => tag(s.ids, s.rows.map((r) => r.name)) }] }), '/brand?sort=id&q=Brand');
    await screen.findByText('Brand 01');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Brand 02' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Brand 05' }));
    fireEvent.click(screen.getByRole('button', { name: 'Tag' }));
    expect(tag).toHaveBeenCalledWith([2, 5], ['Brand 02', 'Brand 05']);
    fireEvent.click(screen.getByRole('button', { name: 'Export selected' }));
    await waitFor(() => expect(calls.some((c) => c.url.searchParams.get('format') === 'csv')).toBe(true));
    const csv = calls.find((c) => c.url.searchParams.get('format') === 'csv')!.url.searchParams;
    expect(csv.getAll('filter[id]')).toEqual(['2', '5']);
    expect(csv.get('q')).toBeNull();
    expect(csv.get('page')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete…' })).toBeNull();
  });

  it('"Select all 60": an action that runs on every match gets the search and filters; the others act on a page only', async () => {
    brandApi();
    const all = vi.fn();
    const tag = vi.fn();
    renderAt(
      list({
        fixedFilters: { kind: 'own' },
        bulkActions: [
          { label: 'Reprice', run: vi.fn(), runAll: all },
          { label: 'Tag', run: tag },
        ],
      }),
      '/brand?sort=id&q=Brand&filter[id]=',
    );
    await screen.findByText('Brand 01');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Brand 02' }));
    // offered only once the whole page is selected
    expect(screen.queryByRole('button', { name: 'Select all 60 brands' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Select all 25 on this page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Select all 60 brands' }));
    expect(screen.getByText('All 60 brands selected')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Tag' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Reprice (all 60)' }));
    expect(all).toHaveBeenCalledWith({ q: 'Brand', filter: { kind: ['own'] }, total: 60 });
    // a row unticked: back to the page's rows
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Brand 03' }));
    expect(screen.getByText('24 selected')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reprice' })).toBeTruthy();
    expect(tag).not.toHaveBeenCalled();
  });

  it('"Select all on this page" and "Clear selection" in the bulk bar', async () => {
    brandApi();
    renderAt(list({ bulkDelete: true, writePermission: 'catalog.write' }), '/brand?sort=id');
    await screen.findByText('Brand 01');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Brand 04' }));
    fireEvent.click(screen.getByRole('button', { name: 'Select all 25 on this page' }));
    expect(screen.getByText('25 selected')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Select all rows on this page' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByRole('toolbar', { name: 'Selected brands' })).toBeNull();
  });
});

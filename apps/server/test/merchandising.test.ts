import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BACKENDS, useTestApp, expectRefused } from './harness.js';
import { HV_DS_MIN_DROP_SHIP_SHARE, HV_DS_MIN_UNITS_PER_DAY } from '../src/modules/reports/merchandising.js';
import { productInStock, productOnHand, productStock } from '../src/modules/merchandising/stock.js';

type UseCase = { id: number; name: string; product_count: number; in_stock_count: number; min_in_stock: number; is_active: boolean; is_low: boolean; products: { product_id: number; in_stock: boolean }[]; version: number };
type Row = Record<string, number | string | null>;

describe.each(BACKENDS)('merchandising on %s', (kind) => {
  const t = useTestApp(kind);
  let merch: string;
  let analyst: string;
  let productIds: number[];
  beforeAll(async () => {
    merch = await t.login('merchandising@example.com');
    analyst = await t.login('analyst@example.com');
    productIds = (await t.sql<{ id: number }>(sql`select id from products order by id limit 6`)).map((r) => r.id);
  });
  const unique = (s: string) => `${s} ${Math.random().toString(36).slice(2, 8)}`;
  const body = (more: Record<string, unknown> = {}) => ({ name: unique('Test use case'), use_case: 'hunting', min_in_stock: 1, product_ids: productIds.slice(0, 3), ...more });
  const report = async (name: string, query = '') => {
    const res = await t.req('GET', `/api/report/${name}?per_page=500${query}`, { token: merch });
    expect(res.status, res.text).toBe(200);
    return res.body as { data: Row[]; totals: Row; meta: { total: number }; chart: Row[] | null };
  };

  it('serves the demo use cases to merchandising and analysts (read only), not to the catalogue', async () => {
    const res = await t.req('GET', '/api/merchandising-use-case', { token: merch });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.length).toBeGreaterThanOrEqual(8);
    expect(res.body.data.some((u: UseCase) => u.is_low)).toBe(true);
    expect((await t.req('GET', '/api/merchandising-use-case', { token: analyst })).status).toBe(200);
    expect((await t.req('GET', '/api/merchandising-use-case', { token: await t.login('catalog@example.com') })).status).toBe(403);
    expect((await t.req('POST', '/api/merchandising-use-case', { token: analyst, body: body() })).status).toBe(403);
    expect((await t.req('GET', '/api/report/merchandising', { token: await t.login('catalog@example.com') })).status).toBe(403);
  });

  it('"in stock" and "on hand" are one rule, per product and for many products at once', async () => {
    // a product out of stock everywhere, and one drop-shipped only, so both ways have something to tell apart
    const [p] = await t.sql<{ id: number }>(sql`select p.id from products p where exists (select 1 from variants v where v.product_id = p.id) order by p.id desc limit 1`);
    const set = await t.sql<{ product_id: number; on_hand: number; in_stock: boolean }>(sql`select product_id, on_hand::int as on_hand, in_stock from (${productStock()}) s order by product_id`);
    const one = await t.sql<{ product_id: number; on_hand: number; in_stock: boolean }>(
      sql`select p.id as product_id, ${productOnHand(sql`p.id`)} as on_hand, ${productInStock(sql`p.id`)} as in_stock from products p order by p.id`,
    );
    expect(set).toEqual(one);
    expect(set.some((r) => !r.in_stock) && set.some((r) => r.in_stock && r.on_hand === 0)).toBe(true);
    expect(set.map((r) => r.product_id)).toContain(p!.id);
  });

  it('keeps the products in the order given, counts those in stock, and audits the list before → after', async () => {
    const created = await t.req('POST', '/api/merchandising-use-case', { token: merch, body: body({ product_ids: [productIds[2], productIds[0], productIds[1]] }) });
    expect(created.status, created.text).toBe(201);
    const u = created.body.data as UseCase;
    expect(u.products.map((p) => p.product_id)).toEqual([productIds[2], productIds[0], productIds[1]]);
    expect(u.product_count).toBe(3);
    expect(u.in_stock_count).toBe(u.products.filter((p) => p.in_stock).length);
    const [stock] = await t.sql<{ n: number }>(sql`select count(*)::int as n from products p where p.id in (${sql.join([productIds[0], productIds[1], productIds[2]].map((i) => sql`${i}`), sql`, `)})
      and exists (select 1 from variants v where v.product_id = p.id and (exists (select 1 from inventory_items ii where ii.variant_id = v.id and ii.on_hand > 0)
                  or exists (select 1 from vendor_products vp where vp.variant_id = v.id and vp.can_drop_ship and vp.quantity_available > 0)))`);
    expect(u.in_stock_count).toBe(stock!.n);
    const upd = await t.req('PUT', `/api/merchandising-use-case/${u.id}`, { token: merch, body: { ...body({ name: u.name, product_ids: [productIds[3]] }), version: u.version } });
    expect(upd.status, upd.text).toBe(200);
    expect(upd.body.data.products.map((p: { product_id: number }) => p.product_id)).toEqual([productIds[3]]);
    const [entry] = await t.sql<{ before: { products: { product_id: number }[] }; after: { products: { product_id: number }[] } }>(
      sql`select before, after from audit_logs where entity = 'merchandising_use_case' and entity_id = ${String(u.id)} and action = 'update'`,
    );
    expect(entry!.before.products.map((p) => p.product_id)).toEqual([productIds[2], productIds[0], productIds[1]]);
    expect(entry!.after.products.map((p) => p.product_id)).toEqual([productIds[3]]);
    // a stale version is refused and changes nothing
    expectRefused(await t.req('PUT', `/api/merchandising-use-case/${u.id}`, { token: merch, body: { ...body({ name: u.name, product_ids: [] }), version: u.version } }), 409);
    expect((await t.req('GET', `/api/merchandising-use-case/${u.id}`, { token: merch })).body.data.product_count).toBe(1);
    // found by the products it features
    const featuring = await t.req('GET', `/api/merchandising-use-case?filter[product_id]=${productIds[3]}&per_page=100`, { token: merch });
    expect(featuring.body.data.map((x: UseCase) => x.id)).toContain(u.id);
    expect((await t.req('DELETE', `/api/merchandising-use-case/${u.id}`, { token: merch })).status).toBe(204);
    expect((await t.sql<{ n: number }>(sql`select count(*)::int as n from merchandising_use_case_products where use_case_id = ${u.id}`))[0]!.n).toBe(0);
  });

  it('refuses bad use cases on the field at fault, with nothing written', async () => {
    const count = async () => (await t.sql<{ n: number }>(sql`select (select count(*) from merchandising_use_cases) + (select count(*) from merchandising_use_case_products) as n`))[0]!.n;
    const before = await count();
    expectRefused(await t.req('POST', '/api/merchandising-use-case', { token: merch, body: body({ use_case: 'skydiving' }) }), 422, 'use_case');
    expectRefused(await t.req('POST', '/api/merchandising-use-case', { token: merch, body: body({ product_ids: [productIds[0], 2_000_000_000] }) }), 422, 'product_ids');
    expectRefused(await t.req('POST', '/api/merchandising-use-case', { token: merch, body: body({ store_id: 2_000_000_000 }) }), 422, 'store_id');
    expectRefused(await t.req('POST', '/api/merchandising-use-case', { token: merch, body: body({ category_id: 2_000_000_000 }) }), 422, 'category_id');
    expectRefused(await t.req('POST', '/api/merchandising-use-case', { token: merch, body: body({ product_ids: [productIds[0], productIds[0]] }) }), 400, 'product_ids');
    expectRefused(await t.req('POST', '/api/merchandising-use-case', { token: merch, body: body({ product_ids: Array.from({ length: 201 }, (_, i) => i + 1) }) }), 400, 'product_ids');
    expectRefused(await t.req('POST', '/api/merchandising-use-case', { token: merch, body: body({ min_in_stock: -1 }) }), 400, 'min_in_stock');
    expectRefused(await t.req('POST', '/api/merchandising-use-case', { token: merch, body: body({ name: '' }) }), 400, 'name');
    expect(await count()).toBe(before);
    const name = unique('Twice');
    expect((await t.req('POST', '/api/merchandising-use-case', { token: merch, body: body({ name }) })).status).toBe(201);
    expectRefused(await t.req('POST', '/api/merchandising-use-case', { token: merch, body: body({ name: name.toUpperCase() }) }), 409, 'name');
  });

  it('a use case with fewer products in stock than its target is low: flagged, filtered and in the Low Merchandising Use Case report', async () => {
    const u = (await t.req('POST', '/api/merchandising-use-case', { token: merch, body: body({ min_in_stock: 50 }) })).body.data as UseCase;
    expect(u.is_low).toBe(true);
    const low = await t.req('GET', '/api/merchandising-use-case?filter[is_low]=true&per_page=100', { token: merch });
    expect(low.body.data.every((x: UseCase) => x.is_active && x.in_stock_count < x.min_in_stock)).toBe(true);
    expect(low.body.data.map((x: UseCase) => x.id)).toContain(u.id);
    const rows = (await report('merchandising-low-use-case')).data;
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(low.body.data.map((x: UseCase) => x.id)));
    expect(rows.find((r) => r.id === u.id)).toMatchObject({ short_by: 50 - u.in_stock_count, min_in_stock: 50 });
    // paused, it is not low
    const paused = await t.req('PUT', `/api/merchandising-use-case/${u.id}`, { token: merch, body: { ...body({ name: u.name, min_in_stock: 50, is_active: false }), version: u.version } });
    expect(paused.body.data.is_low).toBe(false);
    expect((await report('merchandising-low-use-case')).data.map((r) => r.id)).not.toContain(u.id);
  });

  it('the Merchandising Report sums each product’s order lines of the period, and its high-velocity drop-ship view keeps its rule', async () => {
    const from = '2000-01-01';
    const all = await report('merchandising', `&filter[from]=${from}`);
    expect(all.meta.total).toBeGreaterThan(0);
    const top = all.data[0]!;
    const [sold] = await t.sql<{ units: number }>(sql`select coalesce(sum(i.quantity - i.cancelled_quantity), 0)::int as units from order_items i join orders o on o.id = i.order_id
      join variants v on v.id = i.variant_id where v.product_id = ${top.product_id} and o.status not in ('cancelled', 'refunded') and o.placed_at >= ${from}::timestamptz`);
    expect(top.units).toBe(sold!.units);
    // the units shipped from drop-ship vendors: the lines on a vendor's vendor order not cancelled, counted from the vendor orders
    const shipper = [...all.data].sort((x, y) => Number(y.ds_units) - Number(x.ds_units))[0]!;
    expect(Number(shipper.ds_units)).toBeGreaterThan(0);
    const [ds] = await t.sql<{ units: number }>(sql`select coalesce(sum(i.quantity - i.cancelled_quantity), 0)::int as units from order_items i join orders o on o.id = i.order_id
      join variants v on v.id = i.variant_id where v.product_id = ${shipper.product_id} and o.status not in ('cancelled', 'refunded') and o.placed_at >= ${from}::timestamptz
       and exists (select 1 from vendor_order_items vi join vendor_orders vo on vo.id = vi.vendor_order_id where vi.order_item_id = i.id and vo.source_kind = 'vendor' and vo.status <> 'cancelled')`);
    expect(Number(shipper.ds_units)).toBe(ds!.units);
    expect(all.totals.units).toBe(all.data.reduce((n, r) => n + Number(r.units), 0));
    const hv = await report('merchandising', `&filter[from]=${from}&filter[view]=hv-ds`);
    const days = Number(all.data[0]!.days);
    for (const r of hv.data) {
      expect(Number(r.units)).toBeGreaterThanOrEqual(HV_DS_MIN_UNITS_PER_DAY * days);
      expect(Number(r.ds_units)).toBeGreaterThan(Number(r.units) * HV_DS_MIN_DROP_SHIP_SHARE);
    }
    expect(hv.meta.total).toBeLessThanOrEqual(all.meta.total);
    expectRefused(await t.req('GET', '/api/report/merchandising?filter[view]=fast', { token: merch }), 400);
  });

  it('brand, category, inventory and use case reports count each product once per row and add up', async () => {
    const brands = await report('merchandising-brand', '&filter[from]=2000-01-01');
    // a brand's sales are its products' in the per-product report
    const topBrand = [...brands.data].sort((x, y) => Number(y.revenue) - Number(x.revenue))[0]!;
    expect(Number(topBrand.revenue)).toBeGreaterThan(0);
    const ofBrand = await report('merchandising', `&filter[from]=2000-01-01&filter[brand_id]=${topBrand.key}`);
    expect([ofBrand.totals.units, ofBrand.totals.revenue, ofBrand.totals.margin]).toEqual([topBrand.units, topBrand.revenue, topBrand.margin]);
    const [catalog] = await t.sql<{ n: number }>(sql`select count(*)::int as n from products where brand_id is not null`);
    expect(brands.totals.products).toBe(catalog!.n);
    expect(brands.chart?.length).toBeGreaterThan(0);
    const tops = await report('merchandising-category', '&filter[from]=2000-01-01');
    const [filed] = await t.sql<{ n: number }>(sql`select count(distinct product_id)::int as n from product_categories`);
    expect(tops.totals.products).toBe(filed!.n);
    // one level down: the subcategories of the first top-level category add up to it
    const first = tops.data.find((r) => Number(r.products) > 0)!;
    const subs = await report('merchandising-category', `&filter[from]=2000-01-01&filter[category_id]=${first.key}`);
    expect(subs.totals.revenue).toBe(first.revenue);
    const inv = await report('merchandising-inventory', '&group=brand');
    expect(inv.totals.products).toBe(catalog!.n);
    expect(inv.data.every((r) => Number(r.in_stock) + Number(r.out_of_stock) === Number(r.products))).toBe(true);
    const uses = await report('merchandising-use-case');
    const [n] = await t.sql<{ n: number }>(sql`select count(*)::int as n from merchandising_use_cases`);
    expect(uses.meta.total).toBe(n!.n);
    expect((await report('merchandising-use-case', '&filter[use_case]=hunting')).data.every((r) => r.kind === 'Hunting')).toBe(true);
    expectRefused(await t.req('GET', '/api/report/merchandising-use-case?filter[use_case]=Not%20A%20Code', { token: merch }), 400);
  });
});

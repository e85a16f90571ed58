import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { readTable } from '../src/files/tables.js';
import { BACKENDS, useTestApp, expectRefused } from './harness.js';
import { baseFixture, makeOrder, makeVendorOrder, type Fixture } from './resolution-fixtures.js';

async function rowsOf(buf: Buffer, format: 'csv' | 'xlsx') {
  const rows: string[][] = [];
  for await (const r of readTable(Readable.from([buf]), format)) rows.push(r);
  return rows;
}

describe.each(BACKENDS)('order reports on %s', (kind) => {
  const t = useTestApp(kind);
  let f: Fixture;
  let analyst: string;
  let catalog: string;
  const ALL = 'filter[from]=2000-01-01';

  beforeAll(async () => {
    analyst = await t.login('analyst@example.com');
    catalog = await t.login('catalog@example.com');
    f = await baseFixture(t, `o${kind.slice(0, 2)}`);
    // Orders over three months in two stores; one not routed, one cancelled.
    const specs = [
      { store: f.storeA, placedAt: '2025-03-05T10:00:00Z', lines: [{ qty: 2, price: 2500, cost: 3000 }, { qty: 4, price: 1000, discount: 400, cancelled: 2, cost: 1400 }], shipping: 995, tax: 300, cost: 5200 },
      { store: f.storeA, placedAt: '2025-03-20T10:00:00Z', lines: [{ qty: 10, price: 1999, cost: 15000 }], shipping: 0, cost: 16100 },
      { store: f.storeB, placedAt: '2025-04-02T10:00:00Z', lines: [{ qty: 1, price: 45000, cost: 39000 }], shipping: 1500, cost: 41000 },
      { store: f.storeB, placedAt: '2025-05-11T10:00:00Z', lines: [{ qty: 3, price: 3000 }], cost: null },
      { store: f.storeA, placedAt: '2025-05-12T10:00:00Z', status: 'cancelled', lines: [{ qty: 1, price: 9999, cost: 5000 }], cost: 6000 },
    ];
    for (const s of specs) {
      const o = await makeOrder(t, f, s);
      if (s.cost !== null) {
        await makeVendorOrder(t, f, { order: o.id, item: o.items[0]!, status: 'shipped', createdAt: s.placedAt, items: s.cost - 600, fees: 100, shipping: 500, qty: s.lines[0]!.qty });
        if (o.items[1]) await makeVendorOrder(t, f, { order: o.id, item: o.items[1], status: 'submitted', expected: '2025-03-07', createdAt: s.placedAt, items: 1400, fees: 0, shipping: 0, qty: 2, warehouse: true });
      }
    }
  });

  const get = (url: string, token = analyst) => t.req('GET', url, { token });
  const sum = async (q: ReturnType<typeof sql>) => (await t.sql<Record<string, number>>(q))[0]!;

  it('Order Margin: per order, store and month; totals equal a direct sum over the same filters', async () => {
    const storeFilter = `filter[store_id]=${f.storeA}&${ALL}`;
    const direct = await sum(sql`
      select count(*)::int as n, sum(subtotal_cents + shipping_charged_cents)::int8 as revenue, sum(cost_cents)::int8 as cost, sum(margin_cents)::int8 as margin, sum(units)::int8 as units
        from orders where store_id = ${f.storeA} and status not in ('cancelled', 'refunded') and cost_cents is not null and placed_at >= '2000-01-01'`);
    for (const group of ['order', 'store', 'month']) {
      const res = await get(`/api/report/order-margin?group=${group}&${storeFilter}`);
      expect(res.status, res.text).toBe(200);
      expect(res.body.totals).toMatchObject({ revenue: direct.revenue, cost: direct.cost, margin: direct.margin, units: direct.units });
      expect(res.body.totals.margin_pct).toBeCloseTo(direct.margin! / direct.revenue!, 10);
      if (group === 'store') expect(res.body.totals.orders).toBe(direct.n);
    }
    const perOrder = await get(`/api/report/order-margin?group=order&${storeFilter}`);
    expect(perOrder.body.meta.total).toBe(2);
    // Newest first; line 2 of the first order: 2 of 4 at $10 less half its $4 discount.
    expect(perOrder.body.data[1]).toMatchObject({ revenue: 5000 + 2000 - 200 + 995, cost: 5200, margin: 6800 + 995 - 5200 });
    const byMonth = await get(`/api/report/order-margin?group=month&${ALL}&filter[store_id]=${f.storeB}`);
    expect(byMonth.body.data.map((r: { month: string }) => r.month)).toEqual(['2025-04']); // the unrouted order is left out
    expect(byMonth.body.chart).toEqual([{ month: '2025-04', revenue: 46500, margin: 5500 }]);
    // Cancelled only when asked for.
    const cancelled = await get(`/api/report/order-margin?${storeFilter}&filter[status]=cancelled`);
    expect(cancelled.body.meta.total).toBe(1);
  });

  it('Order Item: every line with price, cost, margin and routed source; totals equal a direct sum', async () => {
    const res = await get(`/api/report/order-item?filter[store_id]=${f.storeA}&${ALL}`);
    expect(res.status, res.text).toBe(200);
    const direct = await sum(sql`
      select count(*)::int as n, sum(i.quantity)::int8 as quantity, sum(i.cancelled_quantity)::int8 as cancelled, sum(i.cost_cents)::int8 as cost,
             sum((i.quantity - i.cancelled_quantity)::int8 * i.unit_price_cents - (i.discount_cents::int8 * (i.quantity - i.cancelled_quantity)) / i.quantity)::int8 as amount
        from order_items i join orders o on o.id = i.order_id where o.store_id = ${f.storeA} and o.status not in ('cancelled', 'refunded')`);
    expect(res.body.meta.total).toBe(direct.n);
    expect(res.body.totals).toMatchObject({ quantity: direct.quantity, cancelled: direct.cancelled, amount: direct.amount, cost: direct.cost });
    const line = res.body.data.find((r: { cancelled: number }) => r.cancelled === 2);
    expect(line).toMatchObject({ amount: 1800, cost: 1400, margin: 400, source: expect.stringMatching(/^RL/) });
    const first = res.body.data.find((r: { quantity: number; unit_price: number }) => r.unit_price === 2500);
    expect(first.source).toContain('Resolution Vendor');
  });

  it('a status shows as its name in the page and the exports (order, vendor order, purchase order lookups); sorted and filtered by its code', async () => {
    const names = new Map((await t.sql<{ kind: string; code: string; name: string }>(sql`select kind, code, name from statuses`)).map((s) => [`${s.kind}:${s.code}`, s.name]));
    const statuses = (await t.sql<{ status: string }>(sql`select distinct status from orders where store_id = ${f.storeA} order by status`)).map((r) => r.status);
    expect(statuses.length).toBeGreaterThan(1);
    const byCode = await get(`/api/report/order-item?filter[store_id]=${f.storeA}&${ALL}&filter[status]=${statuses[0]}&sort=status`);
    expect(byCode.status, byCode.text).toBe(200);
    expect(byCode.body.data.length).toBeGreaterThan(0);
    expect(new Set(byCode.body.data.map((r: { status: string }) => r.status))).toEqual(new Set([names.get(`order-status:${statuses[0]}`)]));
    const margin = await get(`/api/report/order-margin?group=order&${ALL}&filter[store_id]=${f.storeA}&sort=status`);
    const shown = margin.body.data.map((r: { status: string }) => r.status);
    // sorted by code (ascending): the names follow the codes' order
    expect(shown).toEqual(statuses.filter((c) => c !== 'cancelled' && c !== 'refunded').flatMap((c) => shown.filter((n: string) => n === names.get(`order-status:${c}`))));
    const vo = await get(`/api/report/vendor-order?group=status&${ALL}&filter[vendor_id]=${f.vendor}`);
    expect(vo.body.data.map((r: { status: string }) => r.status).sort()).toEqual(
      (await t.sql<{ status: string }>(sql`select distinct status from vendor_orders where vendor_id = ${f.vendor} and status <> 'cancelled'`)).map((r) => names.get(`vendor-order-status:${r.status}`)).sort(),
    );
    // the Status filter offers the same names, in the lookup's order
    const def = await get('/api/report/order-item/definition');
    const options = def.body.data.filters.find((x: { key: string }) => x.key === 'status').options as { value: string; label: string }[];
    expect(options.find((o) => o.value === 'awaiting_compliance')?.label).toBe(names.get('order-status:awaiting_compliance'));
    expect(options.map((o) => o.value)).toEqual(
      (await t.sql<{ code: string }>(sql`select code from statuses where kind = 'order-status' order by sort_order, name`)).map((r) => r.code),
    );
    expectRefused(await get(`/api/report/order-item?filter[status]=not_a_status`), 400, 'filter.status');
    const csv = await rowsOf((await get(`/api/report/order-item/export?format=csv&filter[store_id]=${f.storeA}&${ALL}`)).raw, 'csv');
    const col = csv[0]!.indexOf('Status');
    expect(col).toBeGreaterThanOrEqual(0);
    expect(new Set(csv.slice(1).map((r) => r[col]))).toEqual(new Set(statuses.filter((c) => c !== 'cancelled' && c !== 'refunded').map((c) => names.get(`order-status:${c}`))));
  });

  it('Vendor Order and Vendor Order Item: by vendor, status and month with late ones; totals equal a direct sum', async () => {
    const direct = await sum(sql`
      select count(*)::int as n, sum(vo.units)::int8 as units, sum(vo.items_cents)::int8 as items, sum(vo.fees_cents)::int8 as fees,
             sum(vo.shipping_cents)::int8 as shipping, sum(vo.total_cents)::int8 as total
        from vendor_orders vo join orders o on o.id = vo.order_id where o.store_id in (${f.storeA}, ${f.storeB}) and vo.status <> 'cancelled'`);
    for (const group of ['vendor', 'status', 'month']) {
      const res = await get(`/api/report/vendor-order?group=${group}&${ALL}&filter[vendor_id]=${f.vendor}`);
      expect(res.status, res.text).toBe(200);
      expect(res.body.totals.vendor_orders).toBe(4);
    }
    const all = await get(`/api/report/vendor-order?group=status&${ALL}`);
    const mine = await get(`/api/report/vendor-order?group=vendor&${ALL}`);
    const rows = mine.body.data.filter((r: { vendor: string }) => r.vendor.includes('Resolution Vendor') || r.vendor.startsWith('RL'));
    expect(rows.reduce((a: number, r: { total: number }) => a + r.total, 0)).toBe(direct.total);
    expect(rows.reduce((a: number, r: { fees: number }) => a + r.fees, 0)).toBe(direct.fees);
    const warehouse = rows.find((r: { vendor: string }) => r.vendor.startsWith('RL'));
    expect(warehouse).toMatchObject({ vendor_orders: 1, late: 1, units: 2 });
    const everything = await sum(sql`select sum(total_cents)::int8 as total from vendor_orders where status <> 'cancelled' and created_at >= '2000-01-01'`);
    expect(all.body.totals.total).toBe(everything.total);

    const items = await get(`/api/report/vendor-order-item?${ALL}&filter[vendor_id]=${f.vendor}`);
    expect(items.status, items.text).toBe(200);
    const directItems = await sum(sql`
      select count(*)::int as n, sum(vi.quantity)::int8 as quantity, sum(vi.quantity::int8 * vi.unit_cost_cents)::int8 as cost
        from vendor_order_items vi join vendor_orders vo on vo.id = vi.vendor_order_id where vo.vendor_id = ${f.vendor} and vo.status <> 'cancelled'`);
    expect(items.body.meta.total).toBe(directItems.n);
    expect(items.body.totals).toMatchObject({ quantity: directItems.quantity, cost: directItems.cost });
  });

  it('Monthly Summary: revenue, cost, fees, shipping, margin, orders and units by month and store; totals equal a direct sum; the chart by month', async () => {
    const q = `filter[from]=2025-03-01&filter[to]=2025-05-31&filter[store_id]=${f.storeA}`;
    const direct = await sum(sql`
      select count(*)::int as orders, sum(o.units)::int8 as units, sum(o.subtotal_cents + o.shipping_charged_cents)::int8 as revenue,
             coalesce(sum(o.subtotal_cents + o.shipping_charged_cents) filter (where o.cost_cents is not null), 0)::int8 as routed_revenue,
             coalesce(sum(o.cost_cents), 0)::int8 as cost, coalesce(sum(o.margin_cents), 0)::int8 as margin,
             (select sum(vo.fees_cents) from vendor_orders vo join orders x on x.id = vo.order_id
               where x.store_id = ${f.storeA} and x.status not in ('cancelled', 'refunded') and vo.status <> 'cancelled' and x.cost_cents is not null)::int8 as fees,
             (select sum(vo.shipping_cents) from vendor_orders vo join orders x on x.id = vo.order_id
               where x.store_id = ${f.storeA} and x.status not in ('cancelled', 'refunded') and vo.status <> 'cancelled' and x.cost_cents is not null)::int8 as shipping
        from orders o where o.store_id = ${f.storeA} and o.status not in ('cancelled', 'refunded') and o.placed_at >= '2025-03-01' and o.placed_at < '2025-06-01'`);
    for (const group of ['month', 'month_store', 'store']) {
      const res = await get(`/api/report/monthly-summary?group=${group}&${q}`);
      expect(res.status, res.text).toBe(200);
      expect(res.body.totals).toMatchObject(direct);
      expect(res.body.totals.margin_pct).toBeCloseTo(direct.margin! / direct.routed_revenue!, 9);
    }
    // the margin's share is of the routed orders' revenue: store B's May order is not routed (no cost yet)
    const b = await sum(sql`
      select sum(subtotal_cents + shipping_charged_cents)::int8 as revenue, sum(margin_cents)::int8 as margin,
             sum(subtotal_cents + shipping_charged_cents) filter (where cost_cents is not null)::int8 as routed_revenue
        from orders where store_id = ${f.storeB} and status not in ('cancelled', 'refunded') and placed_at >= '2025-04-01' and placed_at < '2025-06-01'`);
    expect(b.routed_revenue).toBeLessThan(b.revenue!);
    const storeB = await get(`/api/report/monthly-summary?group=month&filter[from]=2025-04-01&filter[to]=2025-05-31&filter[store_id]=${f.storeB}`);
    expect(storeB.body.totals).toMatchObject(b);
    expect(storeB.body.totals.margin_pct).toBeCloseTo(b.margin! / b.routed_revenue!, 9);
    expect(storeB.body.data.find((r: { month: string }) => r.month === '2025-05')).toMatchObject({ routed_revenue: 0, margin_pct: null });
    const byMonth = await get(`/api/report/monthly-summary?group=month&${q}`);
    expect(byMonth.body.data.map((r: { month: string }) => r.month)).toEqual(['2025-03']);
    expect(byMonth.body.chart).toEqual([{ month: '2025-03', revenue: direct.revenue, cost: direct.cost, margin: direct.margin }]);
    const def = await get('/api/report/monthly-summary/definition');
    expect(def.body.data).toMatchObject({ title: 'Monthly Summary Report', chart: { kind: 'trend' } });
  });

  it('exports as many rows as each report has (CSV and XLSX) and logs the download', async () => {
    for (const [name, query] of [
      ['order-margin', `group=order&${ALL}&filter[store_id]=${f.storeA}`],
      ['order-item', `${ALL}&filter[store_id]=${f.storeA}`],
      ['vendor-order', `group=month&${ALL}&filter[vendor_id]=${f.vendor}`],
      ['vendor-order-item', `${ALL}&filter[vendor_id]=${f.vendor}`],
      ['monthly-summary', `group=month_store&${ALL}`],
    ] as const) {
      const report = await get(`/api/report/${name}?${query}`);
      expect(report.status, report.text).toBe(200);
      for (const format of ['csv', 'xlsx'] as const) {
        const res = await get(`/api/report/${name}/export?format=${format}&${query}`);
        expect(res.status, res.text).toBe(200);
        const rows = await rowsOf(res.raw, format);
        expect(rows.length - 1, `${name} ${format}`).toBe(report.body.meta.total);
      }
    }
    const log = await get(`/api/report/download-log?filter[title]=Monthly Summary&sort=-at`);
    expect(log.body.data[0]).toMatchObject({ title: 'Monthly Summary Report', kind: 'report' });
  });

  it('titles as the specification names them; orders and analyst read, catalog cannot', async () => {
    const titles: Record<string, string> = {
      'order-margin': 'Order Margin Report',
      'order-item': 'Order Item Report',
      'vendor-order': 'Vendor Order Report',
      'vendor-order-item': 'Vendor Order Item Report',
      'monthly-summary': 'Monthly Summary Report',
    };
    for (const [name, title] of Object.entries(titles)) {
      expect((await get(`/api/report/${name}/definition`)).body.data.title).toBe(title);
      expect((await get(`/api/report/${name}`, analyst)).status).toBe(200);
      expect((await get(`/api/report/${name}`, catalog)).status).toBe(403);
    }
    expectRefused(await get('/api/report/order-margin?filter[status]=nope'), 400, 'filter.status');
    expectRefused(await get('/api/report/order-margin?sort=nope'), 400, 'sort');
  });
});

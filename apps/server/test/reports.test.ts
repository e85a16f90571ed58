import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { deleteExpiredFiles } from '../src/files/store.js';
import { readTable } from '../src/files/tables.js';
import { SYNC_EXPORT_ROWS } from '../src/files/exports.js';
import { BACKENDS, useTestApp, type TestApp, expectRefused, finishedJob } from './harness.js';

async function rowsOf(buf: Buffer, format: 'csv' | 'xlsx') {
  const rows: string[][] = [];
  for await (const r of readTable(Readable.from([buf]), format)) rows.push(r);
  return rows;
}

const finished = (t: TestApp, token: string, id: number, timeoutMs = 60_000) => finishedJob(t, token, id, timeoutMs);

const one = async <T = Record<string, unknown>>(t: TestApp, q: ReturnType<typeof sql>) => (await t.sql<T>(q))[0]!;

describe.each(BACKENDS)('reports on %s', (kind) => {
  const t = useTestApp(kind);
  let analyst: string;
  const ids = { vendorA: 0, vendorB: 0, loc1: 0, loc2: 0, v1: 0, v2: 0, v3: 0, big: 0, item11: 0, userId: 0 };
  const today = new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    analyst = await t.login('analyst@example.com');
    ids.userId = (await t.req('GET', '/api/auth/user', { token: await t.login('purchasing@example.com') })).body.data.id;
    const v = await t.sql<{ id: number; code: string }>(sql`insert into vendors (name, code) values ('Report Vendor Alpha', 'RVA'), ('Report Vendor Beta', 'RVB') returning id, code`);
    ids.vendorA = v.find((x) => x.code === 'RVA')!.id;
    ids.vendorB = v.find((x) => x.code === 'RVB')!.id;
    const l = await t.sql<{ id: number; code: string }>(sql`insert into locations (code, name) values ('RW1', 'Report Warehouse One'), ('RW2', 'Report Warehouse Two') returning id, code`);
    ids.loc1 = l.find((x) => x.code === 'RW1')!.id;
    ids.loc2 = l.find((x) => x.code === 'RW2')!.id;
    const p = await one<{ id: number }>(t, sql`insert into products (type, variation_type) values ('physical', 'rounds') returning id`);
    // The title is an attribute value; the product's cached title follows it (a trigger).
    await t.sql(sql`insert into attribute_data (attribute_id, sourceable_type, sourceable_id, value) values (11, 'product', ${p.id}, ${JSON.stringify('Reportline 9mm 115gr FMJ')}::jsonb)`);
    const vs = await t.sql<{ id: number; sku: string }>(
      sql`insert into variants (product_id, sku, units_per_package) values (${p.id}, 'RPT-9-50', 50), (${p.id}, 'RPT-9-1000', 1000), (${p.id}, 'RPT-9-BIG', 50) returning id, sku`,
    );
    ids.v1 = vs.find((x) => x.sku === 'RPT-9-50')!.id;
    ids.v2 = vs.find((x) => x.sku === 'RPT-9-1000')!.id;
    ids.big = vs.find((x) => x.sku === 'RPT-9-BIG')!.id;
    // Purchase orders: Alpha (SD) submitted + received; Beta (LOS) partially received + cancelled.
    const po = async (number: string, vendor: number, entity: string, status: string, loc: number, daysAgo: number) =>
      (await one<{ id: number }>(
        t,
        sql`insert into purchase_orders (number, vendor_id, entity, status, location_id, created_at) values (${number}, ${vendor}, ${entity}, ${status}, ${loc}, now() - ${`${daysAgo} days`}::interval) returning id`,
      )).id;
    const line = (poId: number, variant: number, qty: number, cost: number, received: number, cancelled = 0) =>
      t.sql(sql`insert into purchase_order_lines (purchase_order_id, variant_id, quantity, unit_cost_cents, quantity_received, quantity_cancelled) values (${poId}, ${variant}, ${qty}, ${cost}, ${received}, ${cancelled})`);
    const po1 = await po('RPT-PO-1', ids.vendorA, 'SD', 'submitted', ids.loc1, 10);
    await line(po1, ids.v1, 100, 1299, 0);
    await line(po1, ids.v2, 20, 24999, 0, 5);
    const po2 = await po('RPT-PO-2', ids.vendorA, 'SD', 'received', ids.loc1, 70);
    await line(po2, ids.v1, 50, 1250, 50);
    const po3 = await po('RPT-PO-3', ids.vendorB, 'LOS', 'partially_received', ids.loc2, 40);
    await line(po3, ids.v2, 10, 25500, 4);
    await line(po3, ids.v1, 30, 1300, 30);
    const po4 = await po('RPT-PO-4', ids.vendorB, 'LOS', 'cancelled', ids.loc2, 5);
    await line(po4, ids.v1, 999, 1000, 0, 999);
    // Stock and the ledger: items start empty and the ledger's rows make their stock (on hand is
    // derived from the ledger by a trigger).
    const item = async (variant: number, loc: number, avg: number, reorder: number | null) =>
      (await one<{ id: number }>(
        t,
        sql`insert into inventory_items (variant_id, location_id, on_hand, avg_cost_cents, reorder_point) values (${variant}, ${loc}, 0, ${avg}, ${reorder}) returning id`,
      )).id;
    ids.item11 = await item(ids.v1, ids.loc1, 1275, 50);
    const item12 = await item(ids.v1, ids.loc2, 1300, null);
    const item21 = await item(ids.v2, ids.loc1, 25000, 2);
    const bigItem = await item(ids.big, ids.loc1, 1000, null);
    const tx = (itemId: number, variant: number, loc: number, kindOf: string, qty: number, balance: number, daysAgo: number, user: number | null = ids.userId) =>
      t.sql(
        sql`insert into inventory_transactions (inventory_item_id, variant_id, location_id, kind, quantity, balance_after, unit_cost_cents, at, user_id)
            values (${itemId}, ${variant}, ${loc}, ${kindOf}, ${qty}, ${balance}, 1275, now() - ${`${daysAgo} days`}::interval, ${user})`,
      );
    await tx(ids.item11, ids.v1, ids.loc1, 'receipt', 50, 50, 69);
    await tx(ids.item11, ids.v1, ids.loc1, 'sale', -4, 46, 60); // in the last 90 days only
    await tx(ids.item11, ids.v1, ids.loc1, 'sale', -6, 40, 12);
    await tx(item12, ids.v1, ids.loc2, 'receipt', 30, 30, 35);
    await tx(item12, ids.v1, ids.loc2, 'sale', -6, 24, 3, null);
    await tx(item21, ids.v2, ids.loc1, 'adjustment', 3, 3, 20);
    await tx(item21, ids.v2, ids.loc1, 'sale', -3, 0, 2);
    // One variant with more ledger rows than an export sends at once (for the export job): written
    // with the ledger trigger off (replica role, for this statement's transaction alone) — 20,000
    // upserts of one item are slow on PGlite, and only the rows' count matters here.
    await t.sql(
      sql.raw(`do $$ begin
        set local session_replication_role = replica;
        insert into inventory_transactions (inventory_item_id, variant_id, location_id, kind, quantity, balance_after, unit_cost_cents, at, reason)
          select ${Number(bigItem)}, ${Number(ids.big)}, ${Number(ids.loc1)}, 'count', case when g % 2 = 1 then 1 else -1 end, g % 2, 1000, now() - interval '1 day', 'cycle count ' || g
            from generate_series(1, ${SYNC_EXPORT_ROWS + 5}) g;
      end $$`),
    );
  });

  const get = (url: string, token = analyst) => t.req('GET', url, { token });

  it('purchase orders keep their lines\' figures (cents and units) however the lines are written (plain SQL)', async () => {
    const drift = () =>
      t.sql<Record<string, unknown>>(sql`
        select po.id from purchase_orders po
          left join lateral (select count(l.id)::int as n, coalesce(sum(l.quantity::int8 * l.unit_cost_cents), 0) as ordered,
                                    coalesce(sum(l.quantity_received::int8 * l.unit_cost_cents), 0) as received,
                                    coalesce(sum((l.quantity - l.quantity_received - l.quantity_cancelled)::int8 * l.unit_cost_cents), 0) as open,
                                    coalesce(sum((l.quantity - l.quantity_cancelled)::int8 * l.unit_cost_cents), 0) as net,
                                    coalesce(sum(l.quantity - l.quantity_cancelled), 0) as units, coalesce(sum(l.quantity_received), 0) as units_received,
                                    coalesce(sum(l.quantity - l.quantity_received - l.quantity_cancelled), 0) as units_open
                               from purchase_order_lines l where l.purchase_order_id = po.id) c on true
         where (po.line_count, po.ordered_cents, po.received_cents, po.open_cents, po.net_cents, po.units, po.units_received, po.units_open)
               is distinct from (c.n, c.ordered, c.received, c.open, c.net, c.units, c.units_received, c.units_open)`);
    expect(await drift()).toEqual([]);
    const [po] = await t.sql<{ id: number }>(sql`select id from purchase_orders where vendor_id = ${ids.vendorA} order by id limit 1`);
    const [line] = await t.sql<{ id: number; variant_id: number }>(sql`select id, variant_id from purchase_order_lines where purchase_order_id = ${po!.id} order by id limit 1`);
    await t.sql(sql`update purchase_order_lines set quantity_cancelled = 1 where id = ${line!.id}`);
    expect(await drift()).toEqual([]);
    const [kept] = await t.sql<{ units: number }>(sql`select units::int from purchase_orders where id = ${po!.id}`);
    await t.sql(sql`update purchase_order_lines set quantity_cancelled = 0 where id = ${line!.id}`);
    const [back] = await t.sql<{ units: number }>(sql`select units::int from purchase_orders where id = ${po!.id}`);
    expect(back!.units).toBe(kept!.units + 1);
    expect(await drift()).toEqual([]);
    // A wrong figure written into a purchase order is found (the comparison can fail).
    await t.sql(sql`update purchase_orders set units = units + 1 where id = ${po!.id}`);
    expect(await drift()).toHaveLength(1);
    await t.sql(sql`update purchase_orders set units = units - 1 where id = ${po!.id}`);
    expect(await drift()).toEqual([]);
  });

  it('PO Summary: totals equal a direct sum over the same filters, under each grouping', async () => {
    const direct = await one<{ pos: number; units: number; received: number; cost: number; open: number }>(
      t,
      sql`select count(distinct po.id)::int as pos, sum(l.quantity - l.quantity_cancelled)::int as units, sum(l.quantity_received)::int as received,
                 sum((l.quantity - l.quantity_cancelled) * l.unit_cost_cents)::int as cost,
                 sum(case when po.status in ('submitted','confirmed','partially_received') then (l.quantity - l.quantity_received - l.quantity_cancelled) * l.unit_cost_cents else 0 end)::int as open
            from purchase_orders po join purchase_order_lines l on l.purchase_order_id = po.id
           where po.vendor_id in (${ids.vendorA}, ${ids.vendorB}) and po.status <> 'cancelled'`,
    );
    expect(direct).toEqual({ pos: 3, units: 205, received: 84, cost: 100 * 1299 + 15 * 24999 + 50 * 1250 + 10 * 25500 + 30 * 1300, open: 100 * 1299 + 15 * 24999 + 6 * 25500 });
    for (const group of ['vendor', 'entity', 'month']) {
      let totals = { pos: 0, units: 0, units_received: 0, cost: 0, open_amount: 0 };
      for (const vendor of [ids.vendorA, ids.vendorB]) {
        const res = await get(`/api/report/po-summary?group=${group}&filter[vendor_id]=${vendor}&filter[from]=2000-01-01`);
        expect(res.status, res.text).toBe(200);
        expect(res.body.meta.group).toBe(group);
        for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += res.body.totals[k];
        // The totals row is the sum of the rows.
        expect(res.body.totals.cost).toBe(res.body.data.reduce((s: number, r: { cost: number }) => s + r.cost, 0));
        expect(res.body.data.every((r: Record<string, unknown>) => group in r)).toBe(true);
      }
      expect(totals).toEqual({ pos: direct.pos, units: direct.units, units_received: direct.received, cost: direct.cost, open_amount: direct.open });
    }
    const alpha = await get(`/api/report/po-summary?filter[vendor_id]=${ids.vendorA}&filter[from]=2000-01-01`);
    expect(alpha.body.data).toEqual([
      expect.objectContaining({ vendor: 'Report Vendor Alpha', pos: 2, units: 165, units_received: 50, units_open: 115 }),
    ]);
    expect(alpha.body.totals.received_pct).toBeCloseTo(50 / 165, 6);
    // The chart: by month, and its cost adds up to the total.
    expect(alpha.body.chart.length).toBeGreaterThanOrEqual(1);
    expect(alpha.body.chart.reduce((s: number, p: { cost: number }) => s + p.cost, 0)).toBe(alpha.body.totals.cost);
    expect(alpha.body.chart[0]).toHaveProperty('month');
    // The default "from" (a year back) and an explicit range that leaves the 70-day-old PO out.
    const recent = await get(`/api/report/po-summary?filter[vendor_id]=${ids.vendorA}&filter[from]=${new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10)}&filter[to]=${today}`);
    expect(recent.body.totals.pos).toBe(1);
    // Cancelled orders only when asked for.
    const cancelled = await get(`/api/report/po-summary?filter[vendor_id]=${ids.vendorB}&filter[status]=cancelled&filter[from]=2000-01-01`);
    expect(cancelled.body.totals).toMatchObject({ pos: 1, units: 0, cost: 0 });
  });

  it('PO Item: every line with received and open quantities; totals equal a direct sum', async () => {
    const res = await get(`/api/report/po-item?filter[from]=2000-01-01&filter[sku]=RPT-9&per_page=100`);
    expect(res.status, res.text).toBe(200);
    const direct = await one<{ n: number; qty: number; open: number; cost: number }>(
      t,
      sql`select count(*)::int as n, sum(l.quantity)::int as qty,
                 sum(case when po.status in ('submitted','confirmed','partially_received') then l.quantity - l.quantity_received - l.quantity_cancelled else 0 end)::int as open,
                 sum((l.quantity - l.quantity_cancelled) * l.unit_cost_cents)::int as cost
            from purchase_order_lines l join purchase_orders po on po.id = l.purchase_order_id join variants v on v.id = l.variant_id
           where v.sku ilike '%RPT-9%' and po.status <> 'cancelled'`,
    );
    expect(res.body.meta.total).toBe(direct.n);
    expect(res.body.meta.total).toBe(5);
    expect(res.body.totals).toMatchObject({ quantity: direct.qty, quantity_open: direct.open, cost: direct.cost });
    expect(res.body.data[0].po_number).toBe('RPT-PO-1'); // newest first
    const open = await get(`/api/report/po-item?filter[from]=2000-01-01&filter[sku]=RPT-9&filter[open]=open&sort=po_number,sku`);
    expect(open.body.data.map((r: { po_number: string; quantity_open: number }) => [r.po_number, r.quantity_open])).toEqual([
      ['RPT-PO-1', 15],
      ['RPT-PO-1', 100],
      ['RPT-PO-3', 6],
    ]);
  });

  it('Product Inventory: on hand, on order, sales per day and days of cover per variant and per location', async () => {
    const res = await get(`/api/report/product-inventory?filter[sku]=RPT-9&sort=sku`);
    expect(res.status, res.text).toBe(200);
    const bySku = (sku: string) => res.body.data.find((r: { sku: string }) => r.sku === sku);
    const [v1000, v50] = [bySku('RPT-9-1000'), bySku('RPT-9-50')];
    expect(res.body.data.map((r: { sku: string }) => r.sku)).toEqual(['RPT-9-1000', 'RPT-9-50', 'RPT-9-BIG']);
    expect(v50).toMatchObject({ sku: 'RPT-9-50', on_hand: 64, on_order: 100, sold_30: 12, sold_90: 16, per_day_30: 0.4, days_of_cover: 160 });
    expect(v1000).toMatchObject({ sku: 'RPT-9-1000', on_hand: 0, on_order: 21, sold_30: 3, sold_90: 3, days_of_cover: 0 });
    const direct = await one<{ on_hand: number; value: number }>(
      t,
      sql`select sum(i.on_hand)::int as on_hand, sum(i.on_hand * i.avg_cost_cents)::int as value from inventory_items i join variants v on v.id = i.variant_id where v.sku ilike '%RPT-9%'`,
    );
    expect(res.body.totals).toMatchObject({ on_hand: direct.on_hand, value: direct.value, on_order: 121, sold_30: 15 });
    expect(res.body.totals.days_of_cover).toBeCloseTo((64 * 30) / 15, 6);
    const byLocation = await get(`/api/report/product-inventory?group=location&filter[sku]=RPT-9-50&filter[location_id]=${ids.loc2}`);
    expect(byLocation.body.data).toEqual([expect.objectContaining({ location: 'RW2', on_hand: 24, on_order: 0, sold_30: 6 })]);
    // by a figure (the default sort): the page is cut first and its names looked up after; the same rows
    const byValue = await get(`/api/report/product-inventory?filter[sku]=RPT-9`);
    expect(byValue.body.data.map((r: { sku: string }) => r.sku).sort()).toEqual(['RPT-9-1000', 'RPT-9-50', 'RPT-9-BIG']);
    expect(byValue.body.data.find((r: { sku: string }) => r.sku === 'RPT-9-50')).toEqual(v50);
    const values = byValue.body.data.map((r: { value: number }) => r.value);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    expect(byValue.body.totals).toEqual(res.body.totals);
    // the export names every row too
    const csv = await rowsOf((await get(`/api/report/product-inventory/export?format=csv&filter[sku]=RPT-9`)).raw, 'csv');
    expect(csv.slice(1).map((r) => r[0]).sort()).toEqual(['RPT-9-1000', 'RPT-9-50', 'RPT-9-BIG']);
    expect(csv.slice(1).every((r) => r[1])).toBe(true);
  });

  it('a product still without a title is named as the console names it, in every report that lists products', async () => {
    const p = await one<{ id: number }>(t, sql`insert into products (type, variation_type) values ('physical', 'rounds') returning id`);
    const v = await one<{ id: number }>(t, sql`insert into variants (product_id, sku, units_per_package) values (${p.id}, 'RPT-UNTITLED-50', 50) returning id`);
    await t.sql(sql`insert into inventory_items (variant_id, location_id, on_hand, avg_cost_cents) values (${v.id}, ${ids.loc1}, 0, 900)`);
    const name = `Untitled product #${p.id}`;
    for (const report of ['product-inventory', 'inventory-item']) {
      const res = await get(`/api/report/${report}?filter[sku]=RPT-UNTITLED`);
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.map((r: { product: string }) => r.product), report).toEqual([name]);
    }
  });

  it('Inventory Item: items per location with value; filters by stock', async () => {
    const res = await get(`/api/report/inventory-item?filter[sku]=RPT-9`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.meta.total).toBe(4);
    // Both receipts came in at 12.75: the ledger sets the average cost from them.
    expect(res.body.totals).toMatchObject({ on_hand: 64, value: 64 * 1275 });
    expect(res.body.data[0]).toHaveProperty('id');
    const below = await get(`/api/report/inventory-item?filter[sku]=RPT-9&filter[stock]=below_reorder`);
    expect(below.body.data.map((r: { sku: string; location: string }) => `${r.sku}@${r.location}`).sort()).toEqual(['RPT-9-1000@RW1', 'RPT-9-50@RW1']);
  });

  it('Inventory Transaction: the ledger by variant, location, kind, date and user; totals equal a direct sum', async () => {
    const base = `/api/report/inventory-transaction?filter[from]=2000-01-01&filter[variant_id]=${ids.v1}`;
    const all = await get(base);
    expect(all.status, all.text).toBe(200);
    expect(all.body.meta.total).toBe(5);
    expect(all.body.totals.quantity).toBe(64);
    const sales = await get(`${base}&filter[kind]=sale&filter[location_id]=${ids.loc1}`);
    expect(sales.body.data.map((r: { quantity: number }) => r.quantity)).toEqual([-6, -4]);
    const byUser = await get(`/api/report/inventory-transaction?filter[from]=2000-01-01&filter[sku]=RPT-9-&filter[user_id]=${ids.userId}&filter[kind]=sale`);
    expect(byUser.body.totals.quantity).toBe(-13);
    // Default range: the last 30 days.
    const recent = await get(`/api/report/inventory-transaction?filter[variant_id]=${ids.v1}`);
    expect(recent.body.meta.total).toBe(2);
    const direct = await one<{ n: number; q: number }>(t, sql`select count(*)::int as n, sum(quantity)::int as q from inventory_transactions where at >= now() - interval '400 days'`);
    const everything = await get(`/api/report/inventory-transaction?filter[from]=${new Date(Date.now() - 399 * 86_400_000).toISOString().slice(0, 10)}`);
    expect(everything.body.meta.total).toBeLessThanOrEqual(direct.n);
    expect(everything.body.meta.total).toBeGreaterThanOrEqual(SYNC_EXPORT_ROWS + 12);
    // The share chart's units add up to the units moved.
    expect(all.body.chart.find((p: { kind: string }) => p.kind === 'sale').units).toBe(16);
  });

  it('refuses unknown sorts, filters and groupings, and bad values, with the field', async () => {
    for (const [url, field] of [
      ['/api/report/po-summary?sort=password', 'sort'],
      ['/api/report/po-summary?sort=constructor', 'sort'],
      ['/api/report/po-summary?group=vendor&sort=month', 'sort'],
      ['/api/report/po-summary?filter[nope]=1', 'filter'],
      ['/api/report/po-summary?filter[from]=2026-02-30', 'filter.from'],
      ['/api/report/po-summary?filter[vendor_id]=1e3', 'filter.vendor_id'],
      ['/api/report/po-summary?filter[entity]=XX', 'filter.entity'],
      ['/api/report/po-summary?filter[vendor_id]=1&filter[vendor_id]=2', 'filter.vendor_id'],
    ] as const) {
      const res = await get(url);
      expect(res.status, url).toBe(400);
      expect(Object.keys(res.body.error.fields ?? {}).join(), url).toContain(field);
    }
    expectRefused(await get('/api/report/po-summary?group=brand'), 400, 'group');
    expectRefused(await get('/api/report/po-summary?per_page=501'), 400, 'per_page');
    expectRefused(await get('/api/report/po-item?group=vendor'), 400, 'group');
    // Each grouping sorts by its own columns.
    const byMonth = await get('/api/report/po-summary?group=month&sort=month&filter[from]=2000-01-01');
    expect(byMonth.status).toBe(200);
    const months = byMonth.body.data.map((r: { month: string }) => r.month);
    expect(months).toEqual([...months].sort());
  });

  it('exports as many rows as the report has, in CSV and XLSX, and logs each download', async () => {
    const query = `filter[from]=2000-01-01&filter[sku]=RPT-9`;
    const report = await get(`/api/report/po-item?${query}`);
    for (const format of ['csv', 'xlsx'] as const) {
      const res = await get(`/api/report/po-item/export?format=${format}&${query}`);
      expect(res.status, res.text).toBe(200);
      const rows = await rowsOf(res.raw, format);
      expect(rows[0]).toEqual(['PO', 'Ordered', 'Vendor', 'Entity', 'Status', 'SKU', 'Product', 'Ordered', 'Cancelled', 'Received', 'Open', 'Unit cost', 'Cost', 'Open amount']);
      expect(rows.length - 1).toBe(report.body.meta.total);
      expect(rows[1]![0]).toBe('RPT-PO-1');
    }
    // Money in dollars.
    const csv = await get(`/api/report/po-item/export?format=csv&${query}&filter[number]=RPT-PO-2`);
    expect((await rowsOf(csv.raw, 'csv'))[1]!.slice(11)).toEqual(['12.5', '625', '0']);
    const log = await get(`/api/report/download-log?filter[title]=PO Item&sort=-at`);
    expect(log.status, log.text).toBe(200);
    expect(log.body.data[0]).toMatchObject({ title: 'PO Item Report', format: 'csv', rows: 1, file_available: true, kind: 'report' });
    expect(log.body.data[0].filters).toMatchObject({ filter: { from: '2000-01-01', sku: 'RPT-9', number: 'RPT-PO-2' } });
    expect(log.body.meta.total).toBeGreaterThanOrEqual(3);
  });

  it('runs a large export as a job, logs it, gives the file again while kept and says when it has expired', async () => {
    const url = `/api/report/inventory-transaction/export?format=csv&filter[variant_id]=${ids.big}&filter[from]=2000-01-01`;
    const started = await get(url);
    expect(started.status, started.text).toBe(202);
    const job = await finished(t, analyst, started.body.data.id);
    expect(job.status, job.error ?? '').toBe('succeeded');
    const result = job.result as { rows: number; download_log_id: number; file_id: number; bytes: number };
    expect(result.rows).toBe(SYNC_EXPORT_ROWS + 5);
    const log = await get(`/api/report/download-log?filter[title]=Inventory Transaction`);
    const entry = log.body.data.find((r: { id: number }) => r.id === result.download_log_id);
    expect(entry).toMatchObject({ rows: SYNC_EXPORT_ROWS + 5, bytes: result.bytes, job_id: job.id, file_available: true });
    // Someone else who reads reports downloads it again; the rows are the report's.
    const again = await t.req('GET', `/api/download-log/${result.download_log_id}/file`, { token: await t.login('purchasing@example.com') });
    expect(again.status).toBe(200);
    expect(again.raw.length).toBe(result.bytes);
    expect((await rowsOf(again.raw, 'csv')).length - 1).toBe(SYNC_EXPORT_ROWS + 5);
    // A role that may not read reports may not.
    expect((await t.req('GET', `/api/download-log/${result.download_log_id}/file`, { token: await t.login('compliance@example.com') })).status).toBe(403);
    // Expired: a clear 410, before and after the clean-up deletes the file.
    await t.sql(sql`update stored_files set expires_at = now() - interval '1 second' where id = ${result.file_id}`);
    const expired = await get(`/api/download-log/${result.download_log_id}/file`);
    expect(expired.status).toBe(410);
    expect(expired.body.error.message).toMatch(/no longer kept: it has expired/);
    await deleteExpiredFiles(t.db);
    expect((await get(`/api/download-log/${result.download_log_id}/file`)).status).toBe(410);
    const after = await get(`/api/report/download-log?filter[title]=Inventory Transaction`);
    expect(after.body.data.find((r: { id: number }) => r.id === result.download_log_id)).toMatchObject({ file_available: false, file_status: 'Expired' });
    expect((await get('/api/download-log/999999/file')).status).toBe(404);
  }, 180_000);

  it('opens each report to the roles the route table names, and refuses the others', async () => {
    const tokens = Object.fromEntries(
      await Promise.all(['analyst', 'purchasing', 'orders', 'catalog', 'compliance', 'merchandising'].map(async (r) => [r, await t.login(`${r}@example.com`)] as const)),
    );
    const expected: Record<string, string[]> = {
      'po-summary': ['analyst', 'purchasing', 'merchandising'],
      'po-item': ['analyst', 'purchasing', 'merchandising'],
      'product-inventory': ['analyst', 'purchasing', 'orders', 'merchandising'],
      'inventory-item': ['analyst', 'purchasing', 'orders', 'merchandising'],
      'inventory-transaction': ['analyst', 'purchasing', 'orders', 'merchandising'],
      'download-log': ['analyst', 'purchasing', 'catalog', 'merchandising'],
    };
    for (const [name, allowed] of Object.entries(expected)) {
      for (const [role, token] of Object.entries(tokens)) {
        const none = ['product-inventory', 'inventory-item'].includes(name) ? 'filter[sku]=no-such-sku' : 'filter[from]=2999-01-01';
        for (const url of [`/api/report/${name}`, `/api/report/${name}/definition`, `/api/report/${name}/export?format=csv&${none}`]) {
          const res = await get(url, token);
          expect(res.status, `${role} ${url}`).toBe(allowed.includes(role) ? 200 : 403);
        }
      }
    }
    // Feeds only (no reports.read): the download log shows feed files only.
    const feeds = await get('/api/report/download-log', tokens.catalog);
    expect(feeds.body.data.every((r: { kind: string }) => r.kind === 'feed')).toBe(true);
    expect((await get('/api/report/download-log', tokens.analyst)).body.meta.total).toBeGreaterThan(0);
  });

  it('describes each report: columns per grouping, filters with their choices, the chart', async () => {
    const res = await get('/api/report/po-summary/definition');
    expect(res.status).toBe(200);
    const def = res.body.data;
    expect(def).toMatchObject({ title: 'PO Summary Report', default_group: 'vendor', chart: { kind: 'trend', x: 'month' } });
    expect(def.columns.vendor.map((c: { key: string }) => c.key)).toContain('vendor');
    expect(def.columns.month.map((c: { key: string }) => c.key)).not.toContain('vendor');
    const vendor = def.filters.find((f: { key: string }) => f.key === 'vendor_id');
    expect(vendor.options).toContainEqual({ value: String(ids.vendorA), label: 'Report Vendor Alpha' });
    expect(def.filters.find((f: { key: string }) => f.key === 'from').default).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

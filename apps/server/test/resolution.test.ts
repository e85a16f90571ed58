import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { RESOLUTION_REASON_CODES } from '@qm/contracts';
import { checkLateVendorOrders } from '../src/modules/resolution/late.js';
import { BACKENDS, useTestApp, expectRefused } from './harness.js';
import { baseFixture, daysAgoIso, makeCase, makeOrder, makeVendorOrder, type Fixture } from './resolution-fixtures.js';

describe.each(BACKENDS)('order resolution on %s', (kind) => {
  const t = useTestApp(kind);
  let f: Fixture;
  let orders: string;
  let analyst: string;
  let catalog: string;
  const ids = { a1: 0, a2: 0, a3: 0, b1: 0 };

  beforeAll(async () => {
    orders = await t.login('orders@example.com');
    analyst = await t.login('analyst@example.com');
    catalog = await t.login('catalog@example.com');
    f = await baseFixture(t, `r${kind.slice(0, 2)}`);
    // Store A: one order with two reasons, one with a customer-service case, one with a resolved case only.
    ids.a1 = (await makeOrder(t, f, { store: f.storeA })).id;
    await makeCase(t, ids.a1, 'unroutable', { openedAt: daysAgoIso(3, 4), detail: 'No source stocks RES-SKU' });
    await makeCase(t, ids.a1, 'compliance_hold', { openedAt: daysAgoIso(1) });
    ids.a2 = (await makeOrder(t, f, { store: f.storeA, csStatus: 'escalated' })).id;
    await makeCase(t, ids.a2, 'cs_open', { openedAt: daysAgoIso(0, 5) });
    ids.a3 = (await makeOrder(t, f, { store: f.storeA })).id;
    await makeCase(t, ids.a3, 'address_problem', { openedAt: daysAgoIso(10), resolvedAt: daysAgoIso(9) });
    // Store B: an address problem.
    ids.b1 = (await makeOrder(t, f, { store: f.storeB })).id;
    await makeCase(t, ids.b1, 'address_problem', { openedAt: daysAgoIso(2) });
  });

  const get = (url: string, token = orders) => t.req('GET', url, { token });

  it('groups the open cases by reason with counts and the oldest, and lists them oldest first with their orders', async () => {
    const res = await get(`/api/order-resolution?store_id=${f.storeA}`);
    expect(res.status, res.text).toBe(200);
    const d = res.body.data;
    expect(d.groups.map((g: { reason: string }) => g.reason)).toEqual([...RESOLUTION_REASON_CODES]);
    const count = (r: string) => d.groups.find((g: { reason: string }) => g.reason === r).count;
    expect(count('unroutable')).toBe(1);
    expect(count('compliance_hold')).toBe(1);
    expect(count('cs_open')).toBe(1);
    expect(count('address_problem')).toBe(0); // resolved: not on the dashboard
    expect(d.open_cases).toBe(3);
    expect(d.open_orders).toBe(2);
    expect(Date.parse(d.oldest_opened_at)).toBeLessThan(Date.now() - 3 * 86_400_000);
    expect(d.meta).toEqual({ total: 3, page: 1, per_page: 25 });
    expect(d.cases.map((c: { reason: string }) => c.reason)).toEqual(['unroutable', 'compliance_hold', 'cs_open']);
    expect(d.cases[0]).toMatchObject({ order_id: ids.a1, store: expect.stringContaining('Resolution Store A'), customer_name: 'Avery Quinn', detail: 'No source stocks RES-SKU', other_reasons: ['compliance_hold'] });
    expect(d.cases[2]).toMatchObject({ order_id: ids.a2, cs_status: 'escalated' });
  });

  it('filters by reason and pages', async () => {
    const res = await get(`/api/order-resolution?store_id=${f.storeA}&reason=cs_open`);
    expect(res.body.data.cases.map((c: { order_id: number }) => c.order_id)).toEqual([ids.a2]);
    expect(res.body.data.meta.total).toBe(1);
    // Groups stay whole under a reason filter (the store's counts).
    expect(res.body.data.open_cases).toBe(3);
    const page2 = await get(`/api/order-resolution?store_id=${f.storeA}&per_page=2&page=2`);
    expect(page2.body.data.cases).toHaveLength(1);
    expect(page2.body.data.meta).toEqual({ total: 3, page: 2, per_page: 2 });
    const b = await get(`/api/order-resolution?store_id=${f.storeB}&reason=address_problem`);
    expect(b.body.data.cases.map((c: { order_id: number }) => c.order_id)).toEqual([ids.b1]);
  });

  it('an order leaves the dashboard when its reason is resolved', async () => {
    const o = await makeOrder(t, f, { store: f.storeB, csStatus: 'awaiting_customer' });
    await makeCase(t, o.id, 'cs_open');
    const before = await get(`/api/order-resolution?store_id=${f.storeB}&reason=cs_open`);
    expect(before.body.data.cases.map((c: { order_id: number }) => c.order_id)).toContain(o.id);
    await t.sql(sql`update order_resolution_cases set resolved_at = now(), resolution = 'customer-service status resolved' where order_id = ${o.id} and resolved_at is null`);
    const after = await get(`/api/order-resolution?store_id=${f.storeB}`);
    expect(after.body.data.cases.map((c: { order_id: number }) => c.order_id)).not.toContain(o.id);
    expect(after.body.data.groups.find((g: { reason: string }) => g.reason === 'cs_open').count).toBe(0);
  });

  it('refuses bad filters with the field', async () => {
    expectRefused(await get('/api/order-resolution?reason=nope'), 400, 'reason');
    expectRefused(await get('/api/order-resolution?store_id=0'), 400, 'store_id');
    expectRefused(await get('/api/order-resolution?color=red'), 400, 'color');
    expectRefused(await get('/api/order-resolution-summary?from=2024-02-30'), 400, 'from');
    const backwards = await get('/api/order-resolution-summary?from=2024-03-01&to=2024-02-01');
    expect(backwards.status).toBe(422);
  });

  it('summary: opened and resolved per day, time to resolve per reason and per store and reason', async () => {
    const s = await baseFixture(t, `s${kind.slice(0, 2)}`);
    const day = (d: string, h: number) => `${d}T${String(h).padStart(2, '0')}:00:00Z`;
    const o1 = (await makeOrder(t, s, { store: s.storeA })).id;
    const o2 = (await makeOrder(t, s, { store: s.storeA })).id;
    const o3 = (await makeOrder(t, s, { store: s.storeB })).id;
    await makeCase(t, o1, 'vendor_backorder', { openedAt: day('2024-05-01', 8), resolvedAt: day('2024-05-01', 12) }); // 4 h
    await makeCase(t, o2, 'vendor_backorder', { openedAt: day('2024-05-01', 9), resolvedAt: day('2024-05-03', 9) }); // 48 h
    await makeCase(t, o3, 'vendor_backorder', { openedAt: day('2024-05-02', 10), resolvedAt: day('2024-05-02', 20) }); // 10 h
    await makeCase(t, o3, 'cs_open', { openedAt: day('2024-05-03', 10) }); // still open
    const res = await get(`/api/order-resolution-summary?from=2024-05-01&to=2024-05-04&store_id=${s.storeA}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.days).toEqual([
      { day: '2024-05-01', opened: 2, resolved: 1 },
      { day: '2024-05-02', opened: 0, resolved: 0 },
      { day: '2024-05-03', opened: 0, resolved: 1 },
      { day: '2024-05-04', opened: 0, resolved: 0 },
    ]);
    const all = await get('/api/order-resolution-summary?from=2024-05-01&to=2024-05-04');
    const backorder = all.body.data.reasons.find((r: { reason: string }) => r.reason === 'vendor_backorder');
    expect(backorder).toMatchObject({ opened: 3, resolved: 3, median_hours: 10, avg_hours: (4 + 48 + 10) / 3 });
    const bStore = all.body.data.by_store.filter((r: { store_id: number }) => r.store_id === s.storeB);
    expect(bStore).toEqual([
      expect.objectContaining({ reason: 'cs_open', opened: 1, resolved: 0, median_hours: null }),
      expect.objectContaining({ reason: 'vendor_backorder', opened: 1, resolved: 1, median_hours: 10 }),
    ]);
    const only = await get(`/api/order-resolution-summary?from=2024-05-01&to=2024-05-04&store_id=${s.storeB}&reason=cs_open`);
    expect(only.body.data.reasons).toEqual([expect.objectContaining({ reason: 'cs_open', opened: 1, open_now: 1 })]);
    expect(only.body.data.totals).toMatchObject({ opened: 1, resolved: 0, open_now: 1 });
  });

  it('late vendor orders: the check opens a case past the expected ship date and resolves it once shipped or cancelled', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const o = await makeOrder(t, f, { store: f.storeB, cost: 900 });
    const late = await makeVendorOrder(t, f, { order: o.id, item: o.items[0]!, status: 'submitted', expected: '2024-01-02' });
    // Not yet due (expected today) and already shipped ones are not late.
    const o2 = await makeOrder(t, f, { store: f.storeB, cost: 900 });
    await makeVendorOrder(t, f, { order: o2.id, item: o2.items[0]!, status: 'submitted', expected: today });
    await makeVendorOrder(t, f, { order: o2.id, item: o2.items[0]!, status: 'shipped', expected: '2024-01-02' });
    // No expected date: the vendor's handling days (2) after it was created.
    const o3 = await makeOrder(t, f, { store: f.storeB, cost: 900 });
    await makeVendorOrder(t, f, { order: o3.id, item: o3.items[0]!, status: 'acknowledged', expected: null, createdAt: daysAgoIso(5) });

    const first = await t.req('POST', '/api/order-resolution/late-check', { token: orders, body: {} });
    expect(first.status, first.text).toBe(200);
    expect(first.body.data.opened).toBeGreaterThanOrEqual(2);
    const openFor = async (id: number) =>
      (await t.sql<{ detail: string }>(sql`select detail from order_resolution_cases where order_id = ${id} and reason = 'vendor_late' and resolved_at is null`))[0];
    expect((await openFor(o.id))?.detail).toContain(`${late.number} at Resolution Vendor`);
    expect((await openFor(o.id))?.detail).toContain('was due to ship by Jan 2, 2024');
    expect(await openFor(o2.id)).toBeUndefined();
    expect(await openFor(o3.id)).toBeDefined();
    const flag = await t.sql<{ is_late: boolean }>(sql`select is_late from orders where id = ${o.id}`);
    expect(flag[0]!.is_late).toBe(true);
    // Again: nothing new.
    const again = await checkLateVendorOrders(t.db);
    expect(again.opened).toBe(0);
    expect(again.resolved).toBe(0);
    // On the dashboard under "vendor order late".
    const dash = await get(`/api/order-resolution?store_id=${f.storeB}&reason=vendor_late`);
    expect(dash.body.data.cases.map((c: { order_id: number }) => c.order_id).sort()).toEqual([o.id, o3.id].sort());
    // Shipped and cancelled: resolved, and audited.
    await t.sql(sql`update vendor_orders set status = 'shipped', shipped_at = now() where id = ${late.id}`);
    await t.sql(sql`update vendor_orders set status = 'cancelled', cancelled_at = now() where order_id = ${o3.id}`);
    const after = await checkLateVendorOrders(t.db);
    expect(after.resolved).toBe(2);
    expect(await openFor(o.id)).toBeUndefined();
    expect(await openFor(o3.id)).toBeUndefined();
    const resolved = await t.sql<{ resolution: string }>(sql`select resolution from order_resolution_cases where order_id = ${o.id} and reason = 'vendor_late'`);
    expect(resolved[0]!.resolution).toBe('vendor orders shipped or cancelled');
    const audits = await t.sql<{ action: string }>(sql`select action from audit_logs where entity = 'order' and entity_id = ${String(o.id)} order by id`);
    expect(audits.map((a) => a.action)).toEqual(['case_open', 'case_resolve']);
    // A day in the future makes the one due today late.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const later = await checkLateVendorOrders(t.db, undefined, tomorrow);
    expect(later.opened).toBeGreaterThanOrEqual(1);
    expect(await openFor(o2.id)).toBeDefined();
    await checkLateVendorOrders(t.db); // back to today: resolved again
    expect(await openFor(o2.id)).toBeUndefined();
  });

  it('the dashboard shows the orders waiting, by reason, late vendor orders and revenue to those who read orders', async () => {
    const res = await get('/api/dashboard');
    expect(res.status, res.text).toBe(200);
    const o = res.body.data.orders;
    expect(o).not.toBeNull();
    expect(o.needs_person).toBeGreaterThanOrEqual(3);
    expect(o.by_reason.find((r: { reason: string }) => r.reason === 'unroutable').count).toBeGreaterThanOrEqual(1);
    expect(o.days).toHaveLength(30);
    const [sums] = await t.sql<{ revenue: number; margin: number; orders: number; routed: number; routed_revenue: number }>(sql`
      select coalesce(sum(subtotal_cents + shipping_charged_cents), 0)::int8 as revenue, coalesce(sum(margin_cents), 0)::int8 as margin,
             count(*)::int as orders, count(margin_cents)::int as routed,
             coalesce(sum(case when margin_cents is not null then subtotal_cents + shipping_charged_cents end), 0)::int8 as routed_revenue from orders
       where placed_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC' and status not in ('cancelled', 'refunded')`);
    // the margin is the routed orders' (a margin needs a route's cost), a share of their revenue; the others are counted apart
    expect(o.month).toEqual({ revenue: sums!.revenue, margin: sums!.margin, orders: sums!.orders, routed: sums!.routed, routed_revenue: sums!.routed_revenue });
    expect(o.month.routed_revenue).toBeLessThanOrEqual(o.month.revenue);
    const [late] = await t.sql<{ n: number }>(sql`select count(*)::int as n from vendor_orders where status in ('draft', 'submitted', 'acknowledged', 'backordered') and expected_ship_date < current_date`);
    expect(o.vendor_orders_late).toBeGreaterThanOrEqual(late!.n);
    const cat = await get('/api/dashboard', catalog);
    expect(cat.status).toBe(200);
    expect(cat.body.data.orders).toBeNull();
  });

  it('the demo data has open cases in every reason, made real, and resolved history for the summary', async () => {
    const opened = await t.sql<{ reason: string; n: number }>(sql`select reason, count(*)::int as n from order_resolution_cases where resolved_at is null group by reason`);
    for (const reason of RESOLUTION_REASON_CODES) expect(opened.find((r) => r.reason === reason)?.n ?? 0, reason).toBeGreaterThanOrEqual(1);
    const [cs] = await t.sql<{ n: number }>(sql`select count(*)::int as n from order_resolution_cases c join orders o on o.id = c.order_id
                                                  where c.reason = 'cs_open' and c.resolved_at is null and o.cs_status not in ('none', 'resolved')`);
    expect(cs!.n).toBeGreaterThanOrEqual(1);
    const [bo] = await t.sql<{ n: number }>(sql`select count(*)::int as n from order_resolution_cases c join vendor_orders vo on vo.order_id = c.order_id
                                                  where c.reason = 'vendor_backorder' and c.resolved_at is null and vo.status = 'backordered'`);
    expect(bo!.n).toBeGreaterThanOrEqual(1);
    const [hist] = await t.sql<{ n: number; months: number }>(sql`select count(*)::int as n, count(distinct date_trunc('month', resolved_at))::int as months
                                                                    from order_resolution_cases where resolved_at is not null`);
    expect(hist!.n).toBeGreaterThanOrEqual(10);
    expect(hist!.months).toBeGreaterThanOrEqual(3);
    // a vendor order made real places the order's items: no open route of the order is left to choose
    const open = await t.sql<{ id: number }>(sql`
      select r.id from order_routes r
       where r.chosen_option_id is null and not r.is_stale
         and not exists (select 1 from order_items i where i.order_id = r.order_id
                            and i.quantity - i.cancelled_quantity > coalesce((select sum(voi.quantity) from vendor_order_items voi join vendor_orders vo on vo.id = voi.vendor_order_id
                                                                              where voi.order_item_id = i.id and vo.status <> 'cancelled'), 0))`);
    expect(open).toEqual([]);
  });

  it('orders and analyst read; catalog cannot; only orders writers run the late check', async () => {
    for (const url of ['/api/order-resolution', '/api/order-resolution-summary']) {
      expect((await get(url, orders)).status).toBe(200);
      expect((await get(url, analyst)).status).toBe(200);
      expect((await get(url, catalog)).status).toBe(403);
    }
    expect((await t.req('POST', '/api/order-resolution/late-check', { token: analyst, body: {} })).status).toBe(403);
    expect((await t.req('POST', '/api/order-resolution/late-check', { token: catalog, body: {} })).status).toBe(403);
  });
});

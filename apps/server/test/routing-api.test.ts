import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BACKENDS, useTestApp, type TestApp, expectRefused, finishedJob } from './harness.js';
import { SYSTEM_ACTOR } from '../src/db/audit.js';
import type { Db } from '../src/db/connect.js';
import { EARLY_ROUTE_LINES, earlyRoute, routeOrder } from '../src/modules/routing/service.js';

/**
 * Routing and vendor orders over a fixture of their own: a store, three variants, two drop-ship
 * vendors with catalogue lines and fees, a warehouse with stock, and orders written straight into
 * the tables (intake is another endpoint's business).
 */
describe.each(BACKENDS)('routing and vendor orders on %s', (kind) => {
  const t = useTestApp(kind);
  let orders: string;
  let catalog: string;
  let analyst: string;
  let storeId: number;
  let v: { id: number; sku: string }[];
  let vendorA: number;
  let vendorB: number;
  let warehouse: number;
  let n = 0;

  beforeAll(async () => {
    [orders, catalog, analyst] = await Promise.all(['orders@example.com', 'catalog@example.com', 'analyst@example.com'].map((e) => t.login(e)));
    const [store] = await t.sql<{ id: number }>(sql`insert into stores (name, code) values ('Routing Test Store', 'RTS') returning id`);
    storeId = store!.id;
    v = await t.sql(sql`select id, sku from (select distinct on (p.id) va.id, va.sku from variants va join products p on p.id = va.product_id where p.variation_type = 'pieces' order by p.id, va.id) x order by id limit 3`);
    expect(v).toHaveLength(3);
    const [schema] = await t.sql<{ id: number }>(sql`insert into vendor_fee_schemas (name) values ('Routing test fees') returning id`);
    await t.sql(sql`insert into vendor_fees (fee_schema_id, name, application, amount_cents) values (${schema!.id}, 'Drop-ship fee', 'fixed', 500)`);
    const [a] = await t.sql<{ id: number }>(
      sql`insert into vendors (name, code, can_drop_ship, shipping_model, shipping_cents, handling_days, fee_schema_id, order_channel)
          values ('Routing Vendor A', 'RVA', true, 'flat', 800, 2, ${schema!.id}, 'edi') returning id`,
    );
    const [b] = await t.sql<{ id: number }>(
      sql`insert into vendors (name, code, can_drop_ship, shipping_model, shipping_cents, handling_days) values ('Routing Vendor B', 'RVB', true, 'flat', 600, 1) returning id`,
    );
    vendorA = a!.id;
    vendorB = b!.id;
    // A stocks all three; B the first two, cheaper on the second.
    await t.sql(sql`insert into vendor_products (vendor_id, vendor_sku, variant_id, cost_cents, quantity_available, can_drop_ship) values
      (${vendorA}, 'A-1', ${v[0]!.id}, 1000, 100, true), (${vendorA}, 'A-2', ${v[1]!.id}, 2000, 100, true), (${vendorA}, 'A-3', ${v[2]!.id}, 3000, 100, true),
      (${vendorB}, 'B-1', ${v[0]!.id}, 1100, 100, true), (${vendorB}, 'B-2', ${v[1]!.id}, 1500, 100, true)`);
    const [w] = await t.sql<{ id: number }>(sql`insert into locations (code, name, state, ships_orders, shipping_cents, handling_days) values ('RTW', 'Routing Test Warehouse', 'TX', true, 400, 1) returning id`);
    warehouse = w!.id;
    await t.sql(sql`insert into inventory_transactions (variant_id, location_id, kind, quantity, unit_cost_cents) values (${v[0]!.id}, ${warehouse}, 'receipt', 50, 900)`);
  });

  async function newOrder(lines: [variantIndex: number, quantity: number][], extra: { state?: string; zip?: string } = {}): Promise<number> {
    n++;
    const [o] = await t.sql<{ id: number }>(
      sql`insert into orders (store_id, number, placed_at, customer_name, customer_email, ship_name, ship_line1, ship_city, ship_state, ship_zip,
                              bill_name, bill_line1, bill_city, bill_state, bill_zip, payment_method, payment_captured_cents)
          values (${storeId}, ${`RT-${n}`}, now(), 'Pat Doe', 'pat@example.com', 'Pat Doe', '1 Main St', 'Dallas', ${extra.state ?? 'TX'}, ${extra.zip ?? '75201'},
                  'Pat Doe', '1 Main St', 'Dallas', 'TX', '75201', 'card', 10000) returning id`,
    );
    let line = 0;
    for (const [i, q] of lines)
      await t.sql(sql`insert into order_items (order_id, line_no, variant_id, sku, quantity, unit_price_cents) values (${o!.id}, ${++line}, ${v[i]!.id}, ${v[i]!.sku}, ${q}, 5000)`);
    return o!.id;
  }
  const route = async (orderId: number) => {
    const res = await t.req('POST', `/api/order/${orderId}/route`, { token: orders, body: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return (await t.req('GET', `/api/order-route/${res.body.data.route_id}`, { token: orders })).body.data;
  };
  const onHand = async (variantId: number) =>
    (await t.sql<{ n: number }>(sql`select coalesce((select on_hand from inventory_items where variant_id = ${variantId} and location_id = ${warehouse}), 0)::int as n`))[0]!.n;

  it('computes a route: items with compliance outcomes, ranked options whose per-source totals add up, infeasible candidates with reasons', async () => {
    const orderId = await newOrder([[0, 2], [1, 3], [2, 1]]);
    const r = await route(orderId);
    expect(r).toMatchObject({ order_id: orderId, status: 'computed', strategy: 'cheapest', is_stale: false, item_count: 3, chosen_option_id: null, choose_blocked: null });
    expect(r.items.map((i: { sku: string; quantity: number }) => [i.sku, i.quantity])).toEqual([[v[0]!.sku, 2], [v[1]!.sku, 3], [v[2]!.sku, 1]]);
    const feasible = r.options.filter((o: { is_feasible: boolean }) => o.is_feasible);
    expect(feasible.length).toBeGreaterThanOrEqual(2);
    expect(feasible[0].rank).toBe(1);
    expect(feasible[0].delta_to_best_cents).toBe(0);
    for (const o of feasible) {
      expect(o.total_cents).toBe(o.vendor_totals.reduce((s: number, x: { total_cents: number }) => s + x.total_cents, 0));
      expect(o.shipments).toBe(o.vendor_totals.length);
      for (const vt of o.vendor_totals) expect(vt.total_cents).toBe(vt.items_cents + vt.fixed_fees_cents + vt.per_unit_fees_cents + vt.shipping_cents);
      const placed = o.vendor_totals.flatMap((x: { lines: { sku: string; quantity: number }[] }) => x.lines).reduce((s: number, l: { quantity: number }) => s + l.quantity, 0);
      expect(placed).toBe(6);
      expect(o.explanation.length).toBeGreaterThan(0);
    }
    for (let i = 1; i < feasible.length; i++) expect(feasible[i].total_cents).toBeGreaterThanOrEqual(feasible[i - 1].total_cents);
    const infeasible = r.options.filter((o: { is_feasible: boolean }) => !o.is_feasible);
    expect(infeasible.length).toBeGreaterThan(0);
    expect(infeasible[0].infeasible_reason).toBeTruthy();
    // The four lists answer the route's rows.
    for (const [url, count] of [['order-route-item', 3], ['order-route-option', r.options.length]] as const) {
      const list = await t.req('GET', `/api/${url}?filter[route_id]=${r.id}`, { token: analyst });
      expect(list.status).toBe(200);
      expect(list.body.meta.total).toBe(count);
    }
    const totals = await t.req('GET', `/api/order-route-option-vendor-total?filter[route_id]=${r.id}&filter[source_kind]=vendor`, { token: analyst });
    expect(totals.status).toBe(200);
    const one = await t.req('GET', `/api/order-route-option-vendor-total/${totals.body.data[0].id}`, { token: analyst });
    expect(one.body.data.fee_lines).toBeInstanceOf(Array);
    expect((await t.req('GET', `/api/order-route?filter[order_id]=${orderId}`, { token: analyst })).body.meta.total).toBe(1);
    const usedVendor = r.options.flatMap((o: { vendor_totals: { vendor_id: number | null }[] }) => o.vendor_totals).find((x: { vendor_id: number | null }) => x.vendor_id !== null)?.vendor_id;
    if (usedVendor) expect((await t.req('GET', `/api/order-route?filter[order_id]=${orderId}&filter[vendor_id]=${usedVendor}`, { token: analyst })).body.meta.total).toBe(1);
    const [unused] = await t.sql<{ id: number }>(sql`insert into vendors (name, code) values ('Routing Unused Vendor', 'RUV') returning id`);
    expect((await t.req('GET', `/api/order-route?filter[order_id]=${orderId}&filter[vendor_id]=${unused!.id}`, { token: analyst })).body.meta.total).toBe(0);
    const order = (await t.sql<{ status: string }>(sql`select status from orders where id = ${orderId}`))[0]!;
    expect(order.status).toBe('processing');
  });

  it('routes a large order before its transaction, and again inside when its sources changed meanwhile', async () => {
    type Option = { rank: number; is_feasible: boolean; vendor_totals: { vendor_id: number | null; lines: { variant_id: number }[] }[] };
    const atB = (r: { options: Option[] }) =>
      r.options.find((o) => o.rank === 1 && o.is_feasible)!.vendor_totals.filter((x) => x.vendor_id === vendorB).flatMap((x) => x.lines.map((l) => l.variant_id));
    const lines = Array.from({ length: EARLY_ROUTE_LINES + 1 }, (_, i): [number, number] => [i % 3, 1]);
    // B sells the second variant at a dollar: the best option takes it from B
    await t.sql(sql`update vendor_products set cost_cents = 100 where vendor_id = ${vendorB} and variant_id = ${v[1]!.id}`);
    expect(atB(await route(await newOrder(lines)))).toContain(v[1]!.id);
    // such an order is routed before the transaction; one of a few lines is not
    expect((await earlyRoute(t.db, await newOrder(lines)))?.route?.result.options.length).toBeGreaterThan(0);
    expect((await earlyRoute(t.db, await newOrder(lines.slice(0, 3))))?.route).toBeNull();
    // B's stock of it runs out after the routing's first reading, before its transaction
    const orderId = await newOrder(lines);
    let changed = false;
    const db = new Proxy(t.db, {
      get(target, prop) {
        const value = Reflect.get(target, prop) as unknown;
        if (prop === 'transaction' && !changed)
          return async (...args: unknown[]) => {
            changed = true;
            await t.sql(sql`update vendor_products set quantity_available = 0 where vendor_id = ${vendorB} and variant_id = ${v[1]!.id}`);
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as Db;
    try {
      const answer = await routeOrder(db, orderId, SYSTEM_ACTOR);
      expect(changed).toBe(true);
      const r = (await t.req('GET', `/api/order-route/${answer.route_id}`, { token: orders })).body.data;
      expect(atB(r)).not.toContain(v[1]!.id);
    } finally {
      await t.sql(sql`update vendor_products set quantity_available = 100, cost_cents = 1500 where vendor_id = ${vendorB} and variant_id = ${v[1]!.id}`);
    }
  });

  it('choosing the second option creates exactly its vendor orders, the warehouse sale movements, costs and status', async () => {
    const orderId = await newOrder([[0, 2], [1, 3], [2, 1]]);
    const r = await route(orderId);
    const option = r.options.filter((o: { is_feasible: boolean }) => o.is_feasible)[1];
    const before = await onHand(v[0]!.id);
    const res = await t.req('POST', `/api/order-route/${r.id}/choose`, { token: orders, body: { option_id: option.id } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'selected', chosen_option_id: option.id });
    const vos = await t.sql<{ id: number; number: string; vendor_id: number | null; location_id: number | null; total_cents: number; items_cents: number; fees_cents: number; shipping_cents: number; status: string; expected_ship_date: string }>(
      sql`select id, number, vendor_id, location_id, total_cents, items_cents, fees_cents, shipping_cents, status, to_char(expected_ship_date, 'YYYY-MM-DD') as expected_ship_date
            from vendor_orders where order_id = ${orderId} order by id`,
    );
    expect(vos).toHaveLength(option.vendor_totals.length);
    for (const vt of option.vendor_totals) {
      const vo = vos.find((x) => x.vendor_id === vt.vendor_id && x.location_id === vt.location_id)!;
      expect(vo, vt.source_name).toBeTruthy();
      expect(vo.number).toMatch(/^VO-\d{6}$/);
      expect(vo).toMatchObject({ status: 'draft', total_cents: vt.total_cents, items_cents: vt.items_cents, fees_cents: vt.fixed_fees_cents + vt.per_unit_fees_cents, shipping_cents: vt.shipping_cents });
      const items = await t.sql<{ variant_id: number; quantity: number; unit_cost_cents: number }>(
        sql`select variant_id, quantity, unit_cost_cents from vendor_order_items where vendor_order_id = ${vo.id} order by variant_id`,
      );
      expect(items).toEqual(
        vt.lines.map((l: { variant_id: number; quantity: number; unit_cost_cents: number }) => ({ variant_id: l.variant_id, quantity: l.quantity, unit_cost_cents: l.unit_cost_cents })).sort((a: { variant_id: number }, b: { variant_id: number }) => a.variant_id - b.variant_id),
      );
    }
    const fromWarehouse = option.vendor_totals
      .filter((x: { source_kind: string; location_id: number | null }) => x.source_kind === 'warehouse' && x.location_id === warehouse)
      .flatMap((x: { lines: { variant_id: number; quantity: number }[] }) => x.lines)
      .filter((l: { variant_id: number }) => l.variant_id === v[0]!.id)
      .reduce((s: number, l: { quantity: number }) => s + l.quantity, 0);
    expect(await onHand(v[0]!.id)).toBe(before - fromWarehouse);
    const sales = await t.sql<{ n: number }>(sql`select coalesce(sum(-quantity), 0)::int as n from inventory_transactions where kind = 'sale' and reference = ${`order:${orderId}`}`);
    const allWarehouse = option.vendor_totals
      .filter((x: { source_kind: string }) => x.source_kind === 'warehouse')
      .flatMap((x: { lines: { quantity: number }[] }) => x.lines)
      .reduce((s: number, l: { quantity: number }) => s + l.quantity, 0);
    expect(sales[0]!.n).toBe(allWarehouse);
    const order = (await t.sql<{ status: string; cost_cents: number }>(sql`select status, cost_cents from orders where id = ${orderId}`))[0]!;
    expect(order).toMatchObject({ status: 'awaiting_fulfillment', cost_cents: option.total_cents });
    const history = await t.sql<{ to_value: string }>(sql`select to_value from order_status_history where order_id = ${orderId} and field = 'status' order by id`);
    expect(history.map((h) => h.to_value)).toEqual(['processing', 'awaiting_fulfillment']);
    expect((await t.sql(sql`select 1 from audit_logs where entity = 'order_route' and action = 'choose' and entity_id = ${String(r.id)}`)).length).toBe(1);
    // Once chosen, never again.
    const again = await t.req('POST', `/api/order-route/${r.id}/choose`, { token: orders, body: { option_id: option.id } });
    expect(again.status).toBe(409);
    expect((await t.req('GET', `/api/vendor-order?filter[order_id]=${orderId}`, { token: analyst })).body.meta.total).toBe(vos.length);
  });

  it('a route goes stale when a cost changes: choosing it is refused, recomputing is a job that makes a new route', async () => {
    const orderId = await newOrder([[1, 1]]);
    const r = await route(orderId);
    await t.sql(sql`update vendor_products set cost_cents = cost_cents + 1 where vendor_id = ${vendorB} and variant_id = ${v[1]!.id}`);
    const stale = (await t.req('GET', `/api/order-route/${r.id}`, { token: orders })).body.data;
    expect(stale.is_stale).toBe(true);
    expect(stale.choose_blocked).toMatch(/recompute first/);
    const refused = await t.req('POST', `/api/order-route/${r.id}/choose`, { token: orders, body: { option_id: r.options[0].id } });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toMatch(/recompute first/);
    expect(await t.sql(sql`select 1 from vendor_orders where order_id = ${orderId}`)).toHaveLength(0);
    const job = await t.req('POST', `/api/order-route/${r.id}/recompute`, { token: orders, body: { strategy: 'fewest_shipments' } });
    expect(job.status).toBe(202);
    const done = await finished(t, orders, job.body.data.id);
    expect(done.status, JSON.stringify(done)).toBe('succeeded');
    const routes = await t.sql<{ id: number; is_stale: boolean }>(sql`select id, is_stale from order_routes where order_id = ${orderId} order by id`);
    expect(routes).toHaveLength(2);
    expect(routes[1]!.is_stale).toBe(false);
    // An unrelated stock movement leaves routes of other variants alone.
    await t.sql(sql`insert into inventory_transactions (variant_id, location_id, kind, quantity, unit_cost_cents) values (${v[2]!.id}, ${warehouse}, 'receipt', 1, 100)`);
    expect((await t.sql<{ is_stale: boolean }>(sql`select is_stale from order_routes where id = ${routes[1]!.id}`))[0]!.is_stale).toBe(false);
  });

  it('a route with no feasible option fails with the reason in words and opens an unroutable case', async () => {
    const orderId = await newOrder([[2, 900_000]]);
    const r = await route(orderId);
    expect(r.status).toBe('failed');
    expect(r.failure_reason).toMatch(new RegExp(v[2]!.sku));
    expect(r.failure_reason).toMatch(/^No feasible route\. .*[^.]\.$/);
    const cases = await t.sql<{ detail: string }>(sql`select detail from order_resolution_cases where order_id = ${orderId} and reason = 'unroutable' and resolved_at is null`);
    expect(cases).toHaveLength(1);
    // not routed: the order still waits for routing, and its history does not say it was routed
    expect((await t.sql<{ status: string }>(sql`select status from orders where id = ${orderId}`))[0]!.status).toBe('pending');
    expect(await t.sql(sql`select 1 from order_status_history where order_id = ${orderId} and field = 'status' and note = 'Routed'`)).toHaveLength(0);
  });

  async function chosenVendorOrders(): Promise<{ orderId: number; vos: { id: number; version: number; source_kind: string; number: string }[] }> {
    const orderId = await newOrder([[0, 1], [2, 1]]);
    const r = await route(orderId);
    const res = await t.req('POST', `/api/order-route/${r.id}/choose`, { token: orders, body: { option_id: r.options[0].id } });
    expect(res.status).toBe(200);
    const vos = await t.sql<{ id: number; version: number; source_kind: string; number: string }>(sql`select id, version, source_kind, number from vendor_orders where order_id = ${orderId} order by id`);
    return { orderId, vos };
  }
  const act = (id: number, action: string, body: Record<string, unknown>, token = orders) => t.req('POST', `/api/vendor-order/${id}/${action}`, { token, body });

  it('vendor orders follow their state machine: send to the outbox, confirm, ship with tracking, deliver; the order follows', async () => {
    const { orderId, vos } = await chosenVendorOrders();
    for (const vo of vos) {
      let cur = (await t.req('GET', `/api/vendor-order/${vo.id}`, { token: analyst })).body.data;
      expect(cur.allowed_actions).toEqual(['send', 'cancel']);
      const refused = await act(vo.id, 'ship', { version: cur.version, tracking_numbers: ['1Z999'] });
      expect(refused.status).toBe(422);
      expect(refused.body.error.message).toMatch(/Draft.*can only be sent or cancelled/);
      cur = (await act(vo.id, 'send', { version: cur.version })).body.data;
      expect(cur.status).toBe('submitted');
      expect(cur.sent_at).toBeTruthy();
      expect(cur.outbox.length).toBe(vo.source_kind === 'vendor' ? 1 : 0);
      cur = (await act(vo.id, 'confirm', { version: cur.version })).body.data;
      expect(cur.status).toBe('acknowledged');
      expectRefused(await act(vo.id, 'ship', { version: cur.version, tracking_numbers: [] }), 400, 'tracking_numbers');
      const shipped = await act(vo.id, 'ship', { version: cur.version, tracking_numbers: ['1Z999AA10123456784'] });
      expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
      expect(shipped.body.data).toMatchObject({ status: 'shipped', tracking_numbers: ['1Z999AA10123456784'] });
      expectRefused(await act(vo.id, 'cancel', { version: shipped.body.data.version, reason: 'late' }), 422);
      expectRefused(await act(vo.id, 'send', { version: 1 }), 409);
    }
    expect((await t.sql<{ status: string }>(sql`select status from orders where id = ${orderId}`))[0]!.status).toBe('shipped');
    for (const vo of vos) {
      const cur = (await t.req('GET', `/api/vendor-order/${vo.id}`, { token: orders })).body.data;
      expect((await act(vo.id, 'deliver', { version: cur.version })).body.data.status).toBe('delivered');
    }
    expect((await t.sql<{ status: string }>(sql`select status from orders where id = ${orderId}`))[0]!.status).toBe('delivered');
    const sent = await t.sql<{ channel: string }>(sql`select channel from vendor_order_outbox x join vendor_orders vo on vo.id = x.vendor_order_id where vo.order_id = ${orderId} and vo.vendor_id = ${vendorA}`);
    for (const s of sent) expect(s.channel).toBe('edi');

    // The order's Activity holds its routing, the choice and each vendor order's steps, newest first; no other order's.
    const activity = await t.req('GET', `/api/order/${orderId}/activity`, { token: analyst });
    expect(activity.status).toBe(200);
    const entries = activity.body.data as { id: number; action: string; entity: string; entity_id: string }[];
    const of = (entity: string) => entries.filter((e) => e.entity === entity).map((e) => `${e.action} ${e.entity_id}`);
    const routeId = (await t.sql<{ id: number }>(sql`select route_id as id from vendor_orders where id = ${vos[0]!.id}`))[0]!.id;
    expect(of('order_route').sort()).toEqual([`choose ${routeId}`, `route ${routeId}`]);
    for (const vo of vos) expect(of('vendor_order').filter((x) => x.endsWith(` ${vo.id}`)).reverse()).toEqual(['create', 'send', 'confirm', 'ship', 'deliver'].map((a) => `${a} ${vo.id}`));
    expect(entries.map((e) => e.id)).toEqual([...entries.map((e) => e.id)].sort((a, b) => b - a));
    const other = await chosenVendorOrders();
    const otherIds = new Set([...other.vos.map((v) => String(v.id))]);
    expect(((await t.req('GET', `/api/order/${orderId}/activity`, { token: analyst })).body.data as { entity: string; entity_id: string }[]).filter((e) => e.entity === 'vendor_order' && otherIds.has(e.entity_id))).toHaveLength(0);
  });

  it('a backorder opens a case that confirming resolves; a cancellation sends the order back to resolution and marks the route stale', async () => {
    const { orderId, vos } = await chosenVendorOrders();
    const vo = vos[vos.length - 1]!;
    let cur = (await act(vo.id, 'send', { version: vo.version })).body.data;
    cur = (await act(vo.id, 'backorder', { version: cur.version, reason: 'out until next week' })).body.data;
    expect(cur.status).toBe('backordered');
    const open = async (reason: string) =>
      (await t.sql<{ detail: string }>(sql`select detail from order_resolution_cases where order_id = ${orderId} and reason = ${reason} and resolved_at is null`))[0]?.detail;
    expect(await open('vendor_backorder')).toMatch(/backordered/);
    cur = (await act(vo.id, 'confirm', { version: cur.version })).body.data;
    expect(await open('vendor_backorder')).toBeUndefined();
    const wh = vos.find((x) => x.source_kind === 'warehouse');
    const stockBefore = await onHand(v[0]!.id);
    expectRefused(await act(vo.id, 'cancel', { version: cur.version, reason: '' }), 400, 'reason');
    const cancelled = await act(vo.id, 'cancel', { version: cur.version, reason: 'vendor discontinued the item' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.status).toBe('cancelled');
    expect(await open('unroutable')).toBe(`vendor order ${vo.number} cancelled: vendor discontinued the item`);
    const routeRow = await t.sql<{ is_stale: boolean }>(sql`select r.is_stale from order_routes r join vendor_orders vo on vo.route_id = r.id where vo.id = ${vo.id}`);
    expect(routeRow[0]!.is_stale).toBe(true);
    if (wh) {
      const whCur = (await t.req('GET', `/api/vendor-order/${wh.id}`, { token: orders })).body.data;
      const items = whCur.items.filter((i: { variant_id: number }) => i.variant_id === v[0]!.id).reduce((s: number, i: { quantity: number }) => s + i.quantity, 0);
      await act(wh.id, 'cancel', { version: whCur.version, reason: 'damaged on the shelf' });
      expect(await onHand(v[0]!.id)).toBe(stockBefore + items);
    }
    // What is left to place can be routed again.
    const again = await t.req('POST', `/api/order/${orderId}/route`, { token: orders, body: {} });
    expect(again.status).toBe(201);
  });

  it('compliance at the address: a dealer-only item holds the route until it ships to a dealer; a blocked item is placed nowhere', async () => {
    const officer = await t.login('compliance@example.com');
    const type = async (name: string, effect: string) => (await t.req('POST', '/api/compliance-restriction-type', { token: officer, body: { name, effect } })).body.data.id as number;
    const products = await t.sql<{ id: number; product_id: number }>(sql`select id, product_id from variants where id in (${v[0]!.id}, ${v[1]!.id}) order by id`);
    const rule = async (typeId: number, productId: number, name: string) => {
      const r = await t.req('POST', '/api/compliance-restriction', { token: officer, body: { name, restriction_type_id: typeId, target_kind: 'product', target_id: productId, states: ['WY'], citation: 'Test rule' } });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    };
    await rule(await type('Routing test dealer only', 'licensed_dealer'), products[0]!.product_id, 'Routing test dealer rule');
    await rule(await type('Routing test block', 'block'), products[1]!.product_id, 'Routing test block rule');

    const held = await newOrder([[0, 1]], { state: 'WY', zip: '82001' });
    const r = await route(held);
    expect(r.status, JSON.stringify({ f: r.failure_reason, i: r.items, o: r.options })).toBe('needs_review');
    expect(r.items[0].compliance_outcome).toBe('licensed_dealer');
    expect(r.choose_blocked).toMatch(/only to a licensed dealer/);
    const hold = await t.sql<{ detail: string }>(sql`select detail from order_resolution_cases where order_id = ${held} and reason = 'compliance_hold' and resolved_at is null`);
    expect(hold).toHaveLength(1);
    expectRefused(await t.req('POST', `/api/order-route/${r.id}/choose`, { token: orders, body: { option_id: r.options[0].id } }), 409);
    expect((await t.sql<{ status: string }>(sql`select status from orders where id = ${held}`))[0]!.status).toBe('awaiting_compliance');
    // Shipped to a dealer instead, the hold goes and the vendor is told.
    await t.sql(sql`update orders set ship_to_dealer = true, ship_dealer_license = '1-23-456-78-9A-12345' where id = ${held}`);
    const again = await route(held);
    expect(again.status).toBe('computed');
    expect(await t.sql(sql`select 1 from order_resolution_cases where order_id = ${held} and reason = 'compliance_hold' and resolved_at is null`)).toHaveLength(0);
    expect((await t.req('POST', `/api/order-route/${again.id}/choose`, { token: orders, body: { option_id: again.options[0].id } })).status).toBe(200);
    const instructions = await t.sql<{ instructions: string }>(sql`select instructions from vendor_orders where order_id = ${held}`);
    expect(instructions[0]!.instructions).toMatch(/licensed dealer/);

    const blocked = await newOrder([[1, 1]], { state: 'WY', zip: '82001' });
    const b = await route(blocked);
    expect(b.status).toBe('failed');
    expect(b.items[0].compliance_outcome).toBe('block');
    expect(b.options.filter((o: { is_feasible: boolean }) => o.is_feasible)).toHaveLength(0);
    // each line that cannot go anywhere is a sentence of the reason
    const two = await route(await newOrder([[1, 1], [2, 900_000]], { state: 'WY', zip: '82001' }));
    expect(two.failure_reason).toMatch(new RegExp(`^No feasible route\\. ${v[1]!.sku}: Blocked .*\\. ${v[2]!.sku}: .*[^.]\\.$`));
    expect(two.failure_reason).not.toMatch(/\.[;.]/);
  });

  it('per role: the orders role routes and acts, the catalogue role cannot see, the analyst reads only', async () => {
    const orderId = await newOrder([[0, 1]]);
    expect((await t.req('POST', `/api/order/${orderId}/route`, { token: analyst, body: {} })).status).toBe(403);
    expect((await t.req('POST', `/api/order/${orderId}/route`, { token: catalog, body: {} })).status).toBe(403);
    const r = await route(orderId);
    for (const url of ['order-route', 'order-route-item', 'order-route-option', 'order-route-option-vendor-total', 'vendor-order']) {
      expect((await t.req('GET', `/api/${url}`, { token: analyst })).status, url).toBe(200);
      expect((await t.req('GET', `/api/${url}`, { token: catalog })).status, url).toBe(403);
    }
    expect((await t.req('POST', `/api/order-route/${r.id}/choose`, { token: analyst, body: { option_id: r.options[0].id } })).status).toBe(403);
    expect((await t.req('POST', `/api/order-route/${r.id}/recompute`, { token: catalog, body: {} })).status).toBe(403);
    expect((await t.req('POST', `/api/order-route/${r.id}/choose`, { token: orders, body: { option_id: r.options[0].id } })).status).toBe(200);
    const [vo] = await t.sql<{ id: number; version: number }>(sql`select id, version from vendor_orders where order_id = ${orderId}`);
    expect((await act(vo!.id, 'send', { version: vo!.version }, analyst)).status).toBe(403);
    expect((await act(vo!.id, 'send', { version: vo!.version }, catalog)).status).toBe(403);
  });
});

const finished = (t: TestApp, token: string, id: number, timeoutMs = 60_000) => finishedJob(t, token, id, timeoutMs);

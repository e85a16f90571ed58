import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { seedRoutingDemo } from '../src/setup/seed/routing.js';
import { BACKENDS, useTestApp } from './harness.js';

/**
 * The demo routing seed over orders in every status: routes, options and vendor orders whose totals
 * add up, warehouse sales that never take stock below zero, and recent orders routed by the service.
 */
describe.each(BACKENDS)('routing demo data on %s', (kind) => {
  const t = useTestApp(kind);
  const STATUSES = ['delivered', 'shipped', 'partially_shipped', 'awaiting_fulfillment', 'pending', 'cancelled'];

  beforeAll(async () => {
    const [store] = await t.sql<{ id: number }>(sql`select id from stores order by id limit 1`);
    await t.sql(sql`
      insert into orders (store_id, number, placed_at, status, customer_name, customer_email, ship_name, ship_line1, ship_city, ship_state, ship_zip,
                          bill_name, bill_line1, bill_city, bill_state, bill_zip, payment_method)
      select ${store!.id}, 'SEED-' || i, now() - ((120 - i) || ' days')::interval,
             (array[${sql.join(STATUSES.map((s) => sql`${s}`), sql`, `)}])[1 + i % ${STATUSES.length}],
             'Pat Doe', 'pat@example.com', 'Pat Doe', '1 Main St', 'Dallas', 'TX', '75201', 'Pat Doe', '1 Main St', 'Dallas', 'TX', '75201', 'card'
        from generate_series(1, 120) i`);
    await t.sql(sql`
      insert into order_items (order_id, line_no, variant_id, sku, quantity, unit_price_cents)
      select o.id, k, v.id, v.sku, 1 + (o.id + k) % 4, 2500
        from orders o cross join generate_series(1, 3) k
        join lateral (select id, sku from variants order by id offset ((o.id * 7 + k * 13) % 200) limit 1) v on true
       where o.number like 'SEED-%'`);
    await seedRoutingDemo(t.db);
  }, 120_000);

  it('routes the orders past routing, with vendor orders whose totals add up and follow the order status', async () => {
    const rows = await t.sql<{ status: string; orders: number; routed: number }>(sql`
      select o.status, count(*)::int as orders, count(*) filter (where exists (select 1 from vendor_orders vo where vo.order_id = o.id))::int as routed
        from orders o where o.number like 'SEED-%' group by o.status order by o.status`);
    for (const r of rows) if (['delivered', 'shipped', 'partially_shipped', 'awaiting_fulfillment'].includes(r.status)) expect(r.routed, r.status).toBe(r.orders);
    const bad = await t.sql(sql`
      select vo.id from vendor_orders vo
       where vo.total_cents <> vo.items_cents + vo.fees_cents + vo.shipping_cents
          or vo.items_cents <> (select sum(i.quantity::bigint * i.unit_cost_cents) from vendor_order_items i where i.vendor_order_id = vo.id)`);
    expect(bad).toEqual([]);
    const mismatched = await t.sql(sql`
      select o.id from orders o join order_routes r on r.order_id = o.id and r.chosen_option_id is not null join order_route_options op on op.id = r.chosen_option_id
       where o.number like 'SEED-%' and o.status <> 'pending' and op.total_cents <> (select sum(total_cents) from vendor_orders vo where vo.route_id = r.id)`);
    expect(mismatched).toEqual([]);
    const delivered = await t.sql<{ status: string }>(sql`select distinct vo.status from vendor_orders vo join orders o on o.id = vo.order_id where o.status = 'delivered' and o.number like 'SEED-%'`);
    expect(delivered.map((d) => d.status)).toEqual(['delivered']);
    const sales = await t.sql<{ n: number }>(sql`select count(*)::int as n from inventory_transactions where kind = 'sale' and reference like 'order:%'`);
    expect(sales[0]!.n).toBeGreaterThan(0);
    const negative = await t.sql(sql`select id from inventory_items where on_hand < 0`);
    expect(negative).toEqual([]);
    // as the engine, the demo never places an order below a vendor's minimum (a vendor without one carries every line)
    const [below] = await t.sql<{ n: number; all: number }>(sql`
      select count(*) filter (where not vt.min_order_met)::int as n, count(*)::int as "all"
        from order_route_option_vendor_totals vt join order_routes r on r.chosen_option_id = vt.option_id join orders o on o.id = r.order_id
       where o.number like 'SEED-%' and vt.source_kind = 'vendor'`);
    expect(below!.all).toBeGreaterThan(0);
    expect(below!.n).toBe(0);
  });

  it('routes the newest waiting orders through the service', async () => {
    const routes = await t.sql<{ status: string }>(sql`
      select distinct r.status from order_routes r join orders o on o.id = r.order_id where o.number like 'SEED-%' and r.created_by is not null or r.computed_at > now() - interval '1 hour'`);
    expect(routes.length).toBeGreaterThan(0);
  });
});

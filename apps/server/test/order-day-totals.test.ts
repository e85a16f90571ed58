import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, useTestApp } from './harness.js';
import { baseFixture, makeOrder, makeVendorOrder, type Fixture } from './resolution-fixtures.js';

/**
 * The orders' day totals the Monthly Summary adds up (`order_day_totals`, migration 0029) are derived
 * data kept by triggers on orders and vendor orders: every case writes behind the API's back (plain
 * SQL, as an import, a job or a hand-made fix would) and compares the table with a sum from scratch.
 */
describe.each(BACKENDS)('order day totals written behind the API (%s)', (kind) => {
  const t = useTestApp(kind);
  let f: Fixture;

  const drift = () =>
    t.sql<Record<string, unknown>>(sql`
      with counted as (
        select (o.placed_at at time zone 'UTC')::date as day, o.store_id, o.status, count(*)::int8 as orders, sum(o.units)::int8 as units,
               sum(o.subtotal_cents + o.shipping_charged_cents)::int8 as revenue, count(o.cost_cents)::int8 as routed_orders,
               coalesce(sum(o.units) filter (where o.cost_cents is not null), 0)::int8 as routed_units,
               coalesce(sum(o.subtotal_cents + o.shipping_charged_cents) filter (where o.cost_cents is not null), 0)::int8 as routed_revenue,
               coalesce(sum(o.cost_cents), 0)::int8 as cost, coalesce(sum(o.margin_cents), 0)::int8 as margin,
               coalesce(sum(fv.fees), 0)::int8 as fees, coalesce(sum(fv.shipping), 0)::int8 as shipping
          from orders o
          left join (select order_id, sum(fees_cents) as fees, sum(shipping_cents) as shipping from vendor_orders where status <> 'cancelled' group by order_id) fv
            on fv.order_id = o.id and o.cost_cents is not null
         group by 1, 2, 3),
      kept as (select * from order_day_totals where (orders, units, revenue, routed_orders, routed_units, routed_revenue, cost, margin, fees, shipping) <> (0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
      select coalesce(k.day, c.day)::text as day, coalesce(k.store_id, c.store_id) as store_id, coalesce(k.status, c.status) as status,
             to_jsonb(k) - 'day' - 'store_id' - 'status' as kept, to_jsonb(c) - 'day' - 'store_id' - 'status' as counted
        from kept k full join counted c on c.day = k.day and c.store_id = k.store_id and c.status = k.status
       where (k.orders, k.units, k.revenue, k.routed_orders, k.routed_units, k.routed_revenue, k.cost, k.margin, k.fees, k.shipping)
             is distinct from (c.orders, c.units, c.revenue, c.routed_orders, c.routed_units, c.routed_revenue, c.cost, c.margin, c.fees, c.shipping)`);

  const bucket = async (day: string, store: number) =>
    (await t.sql<{ status: string; orders: number; fees: number; cost: number }>(
      sql`select status, orders::int, fees::int, cost::int from order_day_totals where day = ${day}::date and store_id = ${store} and orders <> 0 order by status`,
    ));

  beforeAll(async () => {
    f = await baseFixture(t, `dt${kind.slice(0, 2)}`);
  });

  it('match a sum from scratch after the seed', async () => {
    expect(await drift()).toEqual([]);
  });

  it('follow orders inserted, routed, moved between statuses, days and stores, and their vendor orders, all in plain SQL', async () => {
    const a = await makeOrder(t, f, { store: f.storeA, placedAt: '2024-02-10T23:30:00Z', lines: [{ qty: 3, price: 2000 }], shipping: 500 });
    const b = await makeOrder(t, f, { store: f.storeA, placedAt: '2024-02-10T08:00:00Z', lines: [{ qty: 1, price: 9000 }, { qty: 2, price: 100, discount: 50 }] });
    expect(await drift()).toEqual([]);
    expect(await bucket('2024-02-10', f.storeA)).toEqual([{ status: 'processing', orders: 2, fees: 0, cost: 0 }]);

    // Routed: its cost, then its vendor orders' fees (a cancelled one counts nothing).
    await t.sql(sql`update orders set cost_cents = 4100, status = 'awaiting_fulfillment' where id = ${a.id}`);
    const vo = await makeVendorOrder(t, f, { order: a.id, item: a.items[0]!, fees: 250, shipping: 700, status: 'submitted' });
    await makeVendorOrder(t, f, { order: a.id, item: a.items[0]!, fees: 999, shipping: 999, status: 'cancelled' });
    expect(await drift()).toEqual([]);
    expect(await bucket('2024-02-10', f.storeA)).toEqual([
      { status: 'awaiting_fulfillment', orders: 1, fees: 250, cost: 4100 },
      { status: 'processing', orders: 1, fees: 0, cost: 0 },
    ]);

    // A vendor order's fees change, it is cancelled, then brought back; an item's quantity changes the units and revenue.
    await t.sql(sql`update vendor_orders set fees_cents = 300 where id = ${vo.id}`);
    expect(await drift()).toEqual([]);
    await t.sql(sql`update vendor_orders set status = 'cancelled' where id = ${vo.id}`);
    expect(await drift()).toEqual([]);
    await t.sql(sql`update vendor_orders set status = 'shipped' where id = ${vo.id}`);
    await t.sql(sql`update order_items set quantity = 5 where id = ${a.items[0]!}`);
    expect(await drift()).toEqual([]);

    // Flags and customer-service statuses count nothing; a change of day, store or status moves the order with its fees.
    await t.sql(sql`update orders set cs_status = 'escalated', customer_notes = 'call back' where id = ${a.id}`);
    await t.sql(sql`update orders set placed_at = '2024-02-11T00:30:00Z', store_id = ${f.storeB} where id = ${a.id}`);
    expect(await drift()).toEqual([]);
    expect(await bucket('2024-02-11', f.storeB)).toEqual([{ status: 'awaiting_fulfillment', orders: 1, fees: 300, cost: 4100 }]);
    await t.sql(sql`update orders set status = 'cancelled', cost_cents = null where id = ${a.id}`);
    expect(await drift()).toEqual([]);

    // Many orders in one statement, then deleted (an order without vendor orders).
    await t.sql(sql`update orders set status = 'shipped' where id in (${a.id}, ${b.id})`);
    await t.sql(sql`delete from order_items where order_id = ${b.id}`);
    await t.sql(sql`delete from orders where id = ${b.id}`);
    expect(await drift()).toEqual([]);
  });

  it('a wrong figure written into the table is found (the comparison can fail)', async () => {
    await t.sql(sql`update order_day_totals set fees = fees + 1 where (day, store_id, status) = (select day, store_id, status from order_day_totals where orders <> 0 order by day, store_id, status limit 1)`);
    expect((await drift()).length).toBe(1);
    await t.sql(sql`update order_day_totals set fees = fees - 1 where (day, store_id, status) = (select day, store_id, status from order_day_totals where orders <> 0 order by day, store_id, status limit 1)`);
    expect(await drift()).toEqual([]);
  });
});

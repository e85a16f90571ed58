import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, useTestApp } from './harness.js';
import { baseFixture, makeOrder, makeVendorOrder, type Fixture } from './resolution-fixtures.js';

/**
 * Sales per day, store and product (`product_day_sales`, migrations 0043–0044) are derived data kept by
 * triggers on order lines, orders, variants, vendor orders and their lines (whether a line is drop-shipped,
 * `order_items.drop_shipped`): every case writes behind the API's back (plain SQL, as an import, a job or a
 * hand-made fix would) and compares the table with a sum from scratch — the drop-shipped units counted
 * from the vendor orders themselves, not from the kept flag.
 */
describe.each(BACKENDS)('sales per day and product written behind the API (%s)', (kind) => {
  const t = useTestApp(kind);
  let f: Fixture;

  const drift = () =>
    t.sql<Record<string, unknown>>(sql`
      with counted as (
        select (o.placed_at at time zone 'UTC')::date as day, o.store_id, v.product_id, sum(i.quantity - i.cancelled_quantity)::int8 as units,
               sum((i.quantity - i.cancelled_quantity)::int8 * i.unit_price_cents - (i.discount_cents::int8 * (i.quantity - i.cancelled_quantity)) / i.quantity)::int8 as revenue,
               sum(coalesce(i.cost_cents, 0))::int8 as cost,
               sum(case when exists (select 1 from vendor_order_items vi join vendor_orders vo on vo.id = vi.vendor_order_id
                                      where vi.order_item_id = i.id and vo.source_kind = 'vendor' and vo.status <> 'cancelled')
                        then i.quantity - i.cancelled_quantity else 0 end)::int8 as ds_units
          from order_items i join orders o on o.id = i.order_id join variants v on v.id = i.variant_id
         where o.status not in ('cancelled', 'refunded')
         group by 1, 2, 3),
      kept as (select * from product_day_sales where (units, revenue, cost, ds_units) <> (0, 0, 0, 0)),
      nonzero as (select * from counted where (units, revenue, cost, ds_units) <> (0, 0, 0, 0))
      select coalesce(k.day, c.day)::text as day, coalesce(k.store_id, c.store_id) as store_id, coalesce(k.product_id, c.product_id) as product_id,
             to_jsonb(k) as kept, to_jsonb(c) as counted
        from kept k full join nonzero c on c.day = k.day and c.store_id = k.store_id and c.product_id = k.product_id
       where (k.units, k.revenue, k.cost, k.ds_units) is distinct from (c.units, c.revenue, c.cost, c.ds_units)`);

  const dropShipped = async (day: string, store: number) =>
    (await t.sql<{ n: number }>(sql`select coalesce(sum(ds_units), 0)::int as n from product_day_sales where day = ${day}::date and store_id = ${store}`))[0]!.n;

  const sold = async (day: string, store: number) =>
    (await t.sql<{ units: number; revenue: number; cost: number }>(
      sql`select coalesce(sum(units), 0)::int as units, coalesce(sum(revenue), 0)::int as revenue, coalesce(sum(cost), 0)::int as cost
            from product_day_sales where day = ${day}::date and store_id = ${store}`,
    ))[0]!;

  beforeAll(async () => {
    f = await baseFixture(t, `pd${kind.slice(0, 2)}`);
  });

  it('match a sum from scratch after the seed', async () => {
    expect(await drift()).toEqual([]);
  });

  it('follow lines added, changed and cancelled, orders moved between days, stores and statuses, and variants moved, all in plain SQL', async () => {
    const a = await makeOrder(t, f, { store: f.storeA, placedAt: '2024-03-10T23:30:00Z', lines: [{ qty: 3, price: 2000 }, { qty: 4, price: 1000, discount: 400, cancelled: 1 }] });
    const b = await makeOrder(t, f, { store: f.storeA, placedAt: '2024-03-10T08:00:00Z', lines: [{ qty: 1, price: 9000 }] });
    expect(await drift()).toEqual([]);
    // 3 × $20, 3 of 4 at $10 less three quarters of $4, 1 × $90
    expect(await sold('2024-03-10', f.storeA)).toEqual({ units: 3 + 3 + 1, revenue: 6000 + 3000 - 300 + 9000, cost: 0 });

    // routed (costs), a quantity and a cancellation changed, in one statement over both lines
    await t.sql(sql`update order_items set cost_cents = quantity * 700, cancelled_quantity = case when line_no = 1 then 1 else cancelled_quantity end where order_id = ${a.id}`);
    expect(await drift()).toEqual([]);
    // notes and flags count nothing; a day and a store move the order's lines
    await t.sql(sql`update orders set cs_status = 'escalated', customer_notes = 'call back' where id = ${a.id}`);
    await t.sql(sql`update orders set placed_at = '2024-03-11T00:30:00Z', store_id = ${f.storeB} where id = ${a.id}`);
    expect(await drift()).toEqual([]);
    expect(await sold('2024-03-10', f.storeA)).toEqual({ units: 1, revenue: 9000, cost: 0 });
    // cancelled: counts nothing; back to shipped: counts again
    await t.sql(sql`update orders set status = 'cancelled' where id in (${a.id}, ${b.id})`);
    expect(await drift()).toEqual([]);
    expect(await sold('2024-03-11', f.storeB)).toEqual({ units: 0, revenue: 0, cost: 0 });
    await t.sql(sql`update orders set status = 'shipped' where id = ${a.id}`);
    expect(await drift()).toEqual([]);

    // a line moved to another variant of another product, then that variant moved back to the first product
    const [{ id: product }] = (await t.sql<{ id: number }>(sql`insert into products (type, variation_type) values ('physical', 'rounds') returning id`)) as [{ id: number }];
    const [{ id: variant }] = (await t.sql<{ id: number }>(sql`insert into variants (product_id, sku, units_per_package, is_default) values (${product}, ${`PDS-${kind}-${a.id}`}, 50, true) returning id`)) as [{ id: number }];
    await t.sql(sql`update order_items set variant_id = ${variant} where id = ${a.items[0]!}`);
    expect(await drift()).toEqual([]);
    const [{ product_id: first }] = (await t.sql<{ product_id: number }>(sql`select product_id from variants where id = ${f.variant}`)) as [{ product_id: number }];
    await t.sql(sql`update variants set product_id = ${first}, is_default = false where id = ${variant}`);
    expect(await drift()).toEqual([]);

    // lines deleted, then an order deleted with its lines (cascade)
    await t.sql(sql`delete from order_items where id = ${a.items[1]!}`);
    await t.sql(sql`update orders set status = 'shipped' where id = ${b.id}`);
    await t.sql(sql`delete from orders where id = ${b.id}`);
    expect(await drift()).toEqual([]);
  });

  it('follow the lines drop-shipped: a vendor’s vendor order made, cancelled, moved to a warehouse, its line moved, deleted', async () => {
    const day = '2024-05-02';
    const o = await makeOrder(t, f, { store: f.storeA, placedAt: `${day}T12:00:00Z`, lines: [{ qty: 5, price: 1000, cancelled: 1 }, { qty: 2, price: 3000 }] });
    expect(await dropShipped(day, f.storeA)).toBe(0);
    // the first line on a vendor's order: its 4 units shipped from the vendor
    const vo = await makeVendorOrder(t, f, { order: o.id, item: o.items[0]!, qty: 4 });
    expect(await drift()).toEqual([]);
    expect(await dropShipped(day, f.storeA)).toBe(4);
    // a second vendor order for the same line counts it once; the line's cancelled quantity follows
    const again = await makeVendorOrder(t, f, { order: o.id, item: o.items[0]!, qty: 1 });
    await t.sql(sql`update order_items set cancelled_quantity = 2 where id = ${o.items[0]!}`);
    expect(await drift()).toEqual([]);
    expect(await dropShipped(day, f.storeA)).toBe(3);
    // one cancelled: still on the other; both cancelled: none
    await t.sql(sql`update vendor_orders set status = 'cancelled' where id = ${again.id}`);
    expect(await dropShipped(day, f.storeA)).toBe(3);
    await t.sql(sql`update vendor_orders set status = 'cancelled' where id = ${vo.id}`);
    expect(await drift()).toEqual([]);
    expect(await dropShipped(day, f.storeA)).toBe(0);
    // back, then the vendor order turned into our warehouse's: not drop-shipped
    await t.sql(sql`update vendor_orders set status = 'submitted' where id = ${vo.id}`);
    expect(await dropShipped(day, f.storeA)).toBe(3);
    await t.sql(sql`update vendor_orders set source_kind = 'warehouse', vendor_id = null, location_id = ${f.location} where id = ${vo.id}`);
    expect(await drift()).toEqual([]);
    expect(await dropShipped(day, f.storeA)).toBe(0);
    // a warehouse's order line moved to a vendor's order, and to the order's other line
    const w = await makeVendorOrder(t, f, { order: o.id, item: o.items[1]!, qty: 2, warehouse: true });
    expect(await dropShipped(day, f.storeA)).toBe(0);
    await t.sql(sql`update vendor_order_items set vendor_order_id = ${again.id} where vendor_order_id = ${w.id}`);
    await t.sql(sql`update vendor_orders set status = 'confirmed' where id = ${again.id}`);
    expect(await drift()).toEqual([]);
    expect(await dropShipped(day, f.storeA)).toBe(3 + 2);
    await t.sql(sql`update vendor_order_items set order_item_id = ${o.items[1]!} where vendor_order_id = ${again.id} and order_item_id = ${o.items[0]!}`);
    expect(await drift()).toEqual([]);
    expect(await dropShipped(day, f.storeA)).toBe(2);
    // the vendor order deleted with its lines; the order cancelled counts nothing, drop-shipped or not
    await t.sql(sql`delete from vendor_orders where id = ${again.id}`);
    expect(await drift()).toEqual([]);
    expect(await dropShipped(day, f.storeA)).toBe(0);
    await makeVendorOrder(t, f, { order: o.id, item: o.items[1]!, qty: 2 });
    await t.sql(sql`update orders set status = 'cancelled' where id = ${o.id}`);
    expect(await drift()).toEqual([]);
    expect(await dropShipped(day, f.storeA)).toBe(0);
    expect(await t.sql(sql`select id from order_items where drop_shipped and id in (${o.items[0]!}, ${o.items[1]!}) order by id`)).toEqual([{ id: o.items[1]! }]);
  });

  it('a wrong figure written into the table is found (the comparison can fail)', async () => {
    await t.sql(sql`update product_day_sales set units = units + 1 where (day, store_id, product_id) = (select day, store_id, product_id from product_day_sales where units <> 0 order by 1, 2, 3 limit 1)`);
    expect((await drift()).length).toBe(1);
    await t.sql(sql`update product_day_sales set units = units - 1 where (day, store_id, product_id) = (select day, store_id, product_id from product_day_sales where units <> 0 order by 1, 2, 3 limit 1)`);
    expect(await drift()).toEqual([]);
    await t.sql(sql`update product_day_sales set ds_units = ds_units + 1 where (day, store_id, product_id) = (select day, store_id, product_id from product_day_sales where units <> 0 order by 1, 2, 3 limit 1)`);
    expect((await drift()).length).toBe(1);
    await t.sql(sql`update product_day_sales set ds_units = ds_units - 1 where (day, store_id, product_id) = (select day, store_id, product_id from product_day_sales where units <> 0 order by 1, 2, 3 limit 1)`);
    expect(await drift()).toEqual([]);
  });
});

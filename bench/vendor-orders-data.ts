/**
 * Vendor orders at scale, over the bench's orders (bench/orders-data.ts): every order past routing gets
 * its route's cost (items at the variant's cost, fees, shipping) and one vendor order (drop-ship vendor,
 * or our warehouse), about one in seven a second one (a split) — with their lines — statuses by age
 * (a few backordered or late among the recent ones), and resolved resolution cases over the last year
 * for the Order Resolution Summary. Set-based SQL in chunks of orders; the order triggers derive each
 * chunk's flags once per statement.
 *
 *   DATABASE_URL=postgres://…/qm_bench_res node --import tsx bench/vendor-orders-data.ts
 *
 * (after bench/orders-data.ts on the same database). A generator of its own (`vendorOrdersGenerator`).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { pickText, rows, tableExists, type Generator } from './generators/types.js';

const CHUNK = 200_000;

export const vendorOrdersGenerator: Generator = {
  name: 'vendor-orders',
  async run({ db, log }) {
    for (const t of ['orders', 'order_items', 'vendor_orders', 'vendor_order_items', 'order_resolution_cases'])
      if (!(await tableExists(db, t))) return `table ${t} does not exist`;
    const vendorIds = (await rows<{ id: number }>(db, sql`select id from vendors where is_active order by id limit 40`)).map((r) => r.id);
    const locationIds = (await rows<{ id: number }>(db, sql`select id from locations order by id limit 4`)).map((r) => r.id);
    if (!vendorIds.length || !locationIds.length) return 'no vendors or no locations';
    const [{ lo, hi }] = (await rows<{ lo: number; hi: number }>(db, sql`select coalesce(min(id), 0) as lo, coalesce(max(id), -1) as hi from orders`)) as [{ lo: number; hi: number }];
    const vendors = `(array[${vendorIds.join(',')}])`;
    const locations = `(array[${locationIds.join(',')}])`;
    const p = (e: string, salt: number, n: number) => sql.raw(pickText(e, salt, n));
    let t0 = performance.now();
    for (let from = lo; from <= hi; from += CHUNK) {
      const to = Math.min(hi, from + CHUNK - 1);
      const routed = sql`o.id between ${from} and ${to} and o.status not in ('pending', 'cancelled')`;
      // The route's cost of each line: the variant's cost (or 80 % of the price).
      await db.execute(sql`
        update order_items i set cost_cents = (i.quantity - i.cancelled_quantity)::int8 * coalesce(v.cost_cents, i.unit_price_cents * 8 / 10)
          from orders o, variants v where o.id = i.order_id and v.id = i.variant_id and ${routed}`);
      await db.execute(sql`
        create temporary table bench_vo on commit drop as
        select o.id as order_id, o.placed_at, o.status, o.units,
               coalesce((select sum(i.cost_cents) from order_items i where i.order_id = o.id), 0)::int8 as items,
               ${p('o.id', 71, 100)} < 14 and o.item_count > 1 as split,
               ${p('o.id', 72, 100)} < 35 as warehouse,
               ${p('o.id', 73, 1000)} as r
          from orders o where ${routed}`);
      // One vendor order per routed order; a split order ships its second half from a warehouse.
      await db.execute(sql`
        insert into vendor_orders (number, order_id, source_kind, vendor_id, location_id, status, items_cents, fees_cents, shipping_cents, total_cents, units,
                                   sent_at, shipped_at, expected_ship_date, tracking_numbers, created_at, updated_at)
        select 'VO-B' || b.order_id || '-' || k.n, b.order_id,
               case when k.n = 2 or (b.warehouse and not b.split) then 'warehouse' else 'vendor' end,
               case when k.n = 2 or (b.warehouse and not b.split) then null else ${sql.raw(vendors)}[1 + ${p('b.order_id', 74, vendorIds.length)}] end,
               case when k.n = 2 or (b.warehouse and not b.split) then ${sql.raw(locations)}[1 + ${p('b.order_id', 75, locationIds.length)}] end,
               s.status,
               case when b.split then b.items / 2 + (k.n - 1) * (b.items % 2) else b.items end,
               case when k.n = 2 or (b.warehouse and not b.split) then 0 else 150 + ${p('b.order_id', 76, 600)} end,
               795 + ${p('b.order_id * 3 + k.n', 77, 1200)},
               case when b.split then b.items / 2 + (k.n - 1) * (b.items % 2) else b.items end
                 + case when k.n = 2 or (b.warehouse and not b.split) then 0 else 150 + ${p('b.order_id', 76, 600)} end + 795 + ${p('b.order_id * 3 + k.n', 77, 1200)},
               case when b.split then greatest(1, b.units / 2) else b.units end,
               b.placed_at + interval '2 hours',
               case when s.status in ('shipped', 'delivered') then b.placed_at + (1 + ${p('b.order_id', 78, 4)}) * interval '1 day' end,
               (b.placed_at + (1 + ${p('b.order_id', 79, 3)}) * interval '1 day')::date,
               case when s.status in ('shipped', 'delivered') then array['1Z' || lpad(b.order_id::text, 10, '0') || k.n] else '{}'::text[] end,
               b.placed_at + interval '1 hour', b.placed_at + interval '1 hour'
          from bench_vo b
          cross join lateral generate_series(1, case when b.split then 2 else 1 end) as k(n)
          cross join lateral (select case
               when b.status in ('delivered', 'refunded') then 'delivered'
               when b.status = 'shipped' then 'shipped'
               when b.status = 'partially_shipped' then case when k.n = 1 then 'shipped' else 'acknowledged' end
               when b.r < 30 then 'backordered'
               when b.r < 600 then 'acknowledged'
               else 'submitted' end as status) s`);
      await db.execute(sql`
        insert into vendor_order_items (vendor_order_id, order_item_id, variant_id, quantity, unit_cost_cents)
        select vo.id, i.id, i.variant_id, greatest(1, i.quantity - i.cancelled_quantity), (i.cost_cents / greatest(1, i.quantity - i.cancelled_quantity))::int
          from vendor_orders vo
          join order_items i on i.order_id = vo.order_id
         where vo.order_id between ${from} and ${to} and vo.number like 'VO-B%'
           and (vo.number like '%-1' and (i.line_no % 2 = 1 or not exists (select 1 from vendor_orders v2 where v2.order_id = vo.order_id and v2.number like '%-2'))
                or vo.number like '%-2' and i.line_no % 2 = 0)`);
      await db.execute(sql`
        update orders o set cost_cents = x.total from (select order_id, sum(total_cents)::int8 as total from vendor_orders where order_id between ${from} and ${to} group by order_id) x
         where x.order_id = o.id`);
      await db.execute(sql`drop table bench_vo`);
      log(`orders ${from}–${to}: vendor orders in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      t0 = performance.now();
    }
    // Resolved cases over the last year: about one order in twelve needed a person for a few hours to days.
    await db.execute(sql`
      insert into order_resolution_cases (order_id, store_id, reason, detail, opened_at, resolved_at, resolution)
      select o.id, o.store_id, k.reason, 'Resolved (bench)', o.placed_at + interval '1 hour',
             o.placed_at + interval '1 hour' + (1 + ${p('o.id', 81, 120)}) * interval '1 hour', 'reason gone'
        from orders o
        cross join lateral (select (array['unroutable', 'compliance_hold', 'vendor_backorder', 'address_problem', 'payment_problem', 'vendor_late', 'cs_open'])[1 + ${p('o.id', 82, 7)}] as reason) k
       where o.placed_at > now() - interval '365 days' and o.placed_at < now() - interval '6 days' and ${p('o.id', 83, 1000)} < 85
         and not exists (select 1 from order_resolution_cases c where c.order_id = o.id and c.reason = k.reason)`);
    const [counts] = await rows<{ vo: number; voi: number; cases: number }>(
      db,
      sql`select (select count(*) from vendor_orders)::int as vo, (select count(*) from vendor_order_items)::int as voi, (select count(*) from order_resolution_cases)::int as cases`,
    );
    return { vendor_orders: counts!.vo, vendor_order_items: counts!.voi, order_resolution_cases: counts!.cases };
  },
};

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { connect } = await import('../apps/server/src/db/connect.js');
  const { checkLateVendorOrders } = await import('../apps/server/src/modules/resolution/late.js');
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('Set DATABASE_URL to the bench database (with the bench orders)');
  const database = await connect({ databaseUrl: url });
  try {
    await database.db.execute(sql`create schema if not exists bench`);
    await database.db.execute(sql`create table if not exists bench.generated (name text primary key, at timestamptz not null default now(), counts jsonb)`);
    const done = await rows<{ n: number }>(database.db, sql`select count(*)::int as n from bench.generated where name = 'vendor-orders'`);
    if (!done[0]!.n) {
      const t0 = performance.now();
      await database.db.transaction(async (tx) => {
        const outcome = await vendorOrdersGenerator.run({ database, db: tx as never, log: (m) => console.log(`[vendor-orders] ${m}`) });
        if (typeof outcome === 'string') throw new Error(outcome);
        await tx.execute(sql`insert into bench.generated (name, counts) values ('vendor-orders', ${JSON.stringify(outcome)}::jsonb)`);
        console.log(`[vendor-orders] ${JSON.stringify(outcome)} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      });
      for (const t of ['orders', 'order_items', 'vendor_orders', 'vendor_order_items', 'order_resolution_cases']) await database.db.execute(sql.raw(`vacuum analyze ${t}`));
      const late = await checkLateVendorOrders(database.db);
      console.log(`[vendor-orders] late check: ${JSON.stringify(late)}`);
    } else console.log('[vendor-orders] already generated');
  } finally {
    await database.close();
  }
}

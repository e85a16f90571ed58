/**
 * Demo routing (after the demo orders): routes, options and vendor orders for the orders, in every
 * status, and the warehouses' sale movements.
 *
 * - Orders already past routing (awaiting fulfilment, partially shipped, shipped, delivered) get a
 *   route chosen at their time, set-based (a few statements, so the embedded seed stays fast): each
 *   line goes to our warehouse while the warehouse's stock allows (sale movements in time order, never
 *   below a tenth of what is on hand now), else to the cheapest drop-ship vendor that stocks it; its
 *   vendor orders (one per source, fees and shipping by the vendor's terms) carry the status the
 *   order's status implies (a refunded order's were delivered), with tracking numbers once shipped.
 * - The most recent orders still waiting (pending, processing, compliance review) are routed by the routing service
 *   itself, which leaves them computed, needing review (compliance holds) or failed (no stock), and a
 *   few of them chosen and sent, so every route and vendor order status shows.
 *
 * "Random" choices are hashes of ids, so every run makes the same data.
 */
import { sql } from 'drizzle-orm';
import { query, queryOne, type Db } from '../../db/connect.js';
import { SYSTEM_ACTOR, type Actor } from '../../db/audit.js';
import { transaction } from '../../db/write.js';
import { chooseOption, routeOrder } from '../../modules/routing/service.js';
import { actOnVendorOrder } from '../../modules/routing/vendor-orders.js';

const h = (key: string, salt: string) => sql.raw(`(abs(hashtext((${key})::text || ':${salt}')) % 1000)`);

/** How many waiting orders the service routes one by one. */
const SERVICE_SAMPLE = 12;

export async function seedRoutingDemo(db: Db): Promise<void> {
  const any = await queryOne<{ n: number }>(db, sql`select count(*)::int as n from orders`);
  if (!any?.n) return;
  await seedChosenRoutes(db);
  await seedWaitingRoutes(db);
}

async function seedChosenRoutes(db: Db): Promise<void> {
  await transaction(db, async (t) => {
    // Every line still to ship of the orders past routing, with its candidate warehouse and vendor.
    await t.execute(sql`
      create temporary table seed_rl on commit drop as
      with locs as (select array_agg(id order by id) as ids from locations where is_active and ships_orders),
           lines as (
             select o.id as order_id, o.placed_at, o.status as order_status, o.store_id, oi.id as order_item_id, oi.line_no, oi.variant_id, oi.sku,
                    oi.quantity - oi.cancelled_quantity as qty, oi.unit_price_cents, va.cost_cents as variant_cost
               from orders o join order_items oi on oi.order_id = o.id join variants va on va.id = oi.variant_id
              where o.status in ('awaiting_fulfillment', 'partially_shipped', 'shipped', 'delivered', 'refunded')
                and oi.quantity > oi.cancelled_quantity
                and not exists (select 1 from order_routes r where r.order_id = o.id))
      select l.*,
             case when cardinality(locs.ids) > 0 and ${h('l.order_item_id', 'wh')} < 450 then locs.ids[1 + l.order_id % cardinality(locs.ids)] end as location_id,
             vp.vendor_id as vendor_id, vp.cost_cents as vendor_cost
        from lines l cross join locs
        left join lateral (select p.vendor_id, p.cost_cents from vendor_products p join vendors v on v.id = p.vendor_id
                            where p.variant_id = l.variant_id and p.can_drop_ship and p.cost_cents is not null and v.is_active and v.can_drop_ship
                            order by p.cost_cents, p.vendor_id limit 1) vp on true`);
    // Warehouse lines in time order while the stock lasts (a tenth of today's on hand stays).
    await t.execute(sql`
      create temporary table seed_rs on commit drop as
      with c as (
        select s.order_item_id, s.location_id, s.qty, coalesce(i.on_hand, 0) as on_hand, coalesce(i.avg_cost_cents, s.variant_cost) as wh_cost,
               sum(s.qty) over (partition by s.variant_id, s.location_id order by s.placed_at, s.order_item_id) as running
          from seed_rl s left join inventory_items i on i.variant_id = s.variant_id and i.location_id = s.location_id
         where s.location_id is not null)
      select order_item_id, location_id, wh_cost from c where running <= on_hand * 0.9 and wh_cost is not null`);
    await t.execute(sql`
      create temporary table seed_rp on commit drop as
      select s.*, case when w.order_item_id is not null then 'warehouse' else 'vendor' end as source_kind,
             case when w.order_item_id is not null then null else coalesce(s.vendor_id, (select id from vendors where is_active and can_drop_ship order by ${h('id', 'fallback')}, id limit 1)) end as src_vendor,
             w.location_id as src_location,
             coalesce(w.wh_cost, s.vendor_cost, s.variant_cost, (s.unit_price_cents * 72 / 100))::int as unit_cost,
             case when w.order_item_id is not null then 'in stock at our warehouse, no drop-ship fee'
                  when s.vendor_id is not null then 'lowest drop-ship cost for this item' else 'only source able to ship it' end as reason
        from seed_rl s left join seed_rs w on w.order_item_id = s.order_item_id`);
    await t.execute(sql`delete from seed_rp where source_kind = 'vendor' and src_vendor is null`);
    // A vendor's minimum order: an order's lines that would leave it unmet go to the cheapest vendor
    // without one — every variant has one (vendor-catalog.ts): the engine never places an order below a
    // vendor's minimum; neither does the demo.
    await t.execute(sql`
      update seed_rp p set src_vendor = x.vendor_id, unit_cost = x.cost_cents, reason = 'lowest drop-ship cost of the vendors without a minimum order'
        from (select p2.order_item_id, alt.vendor_id, alt.cost_cents
                from seed_rp p2
                join (select rp.order_id, rp.src_vendor from seed_rp rp join vendors v on v.id = rp.src_vendor
                       where rp.source_kind = 'vendor' and v.min_order_cents is not null
                       group by rp.order_id, rp.src_vendor, v.min_order_cents having sum(rp.qty::bigint * rp.unit_cost) < v.min_order_cents) below
                  on below.order_id = p2.order_id and below.src_vendor = p2.src_vendor
                cross join lateral (select vp.vendor_id, vp.cost_cents from vendor_products vp join vendors v on v.id = vp.vendor_id
                                     where vp.variant_id = p2.variant_id and vp.can_drop_ship and vp.cost_cents is not null
                                       and v.is_active and v.can_drop_ship and v.min_order_cents is null
                                     order by vp.cost_cents, vp.vendor_id limit 1) alt
               where p2.source_kind = 'vendor') x
       where x.order_item_id = p.order_item_id`);

    // One vendor order per order and source.
    await t.execute(sql`
      create temporary table seed_vo on commit drop as
      with g as (
        select p.order_id, min(p.placed_at) as placed_at, min(p.order_status) as order_status, p.source_kind, p.src_vendor, p.src_location,
               sum(p.qty * p.unit_cost)::bigint as items_cents, sum(p.qty)::int as units
          from seed_rp p group by p.order_id, p.source_kind, p.src_vendor, p.src_location),
      priced as (
        select g.*, coalesce(v.name, l.name) as source_name, coalesce(v.handling_days, l.handling_days, 1) as handling_days,
               coalesce((select sum(f.amount_cents) from vendor_fees f where f.fee_schema_id = v.fee_schema_id and f.application = 'fixed'
                           and f.brand_id is null and f.category_id is null
                           and (f.waived_above_cents is null or g.items_cents < f.waived_above_cents)
                           and (f.effective_from is null or f.effective_from <= g.placed_at::date)
                           and (f.effective_to is null or f.effective_to >= g.placed_at::date)), 0)::bigint as fees_cents,
               case when v.id is null then l.shipping_cents
                    when v.free_shipping_above_cents is not null and g.items_cents >= v.free_shipping_above_cents then 0
                    when v.shipping_model = 'flat' then v.shipping_cents
                    when v.shipping_model = 'per_unit' then v.shipping_cents * g.units
                    else coalesce((select (x->>'cost_cents')::int from jsonb_array_elements(v.shipping_tiers) x
                                    where (x->>'from_cents')::int <= g.items_cents order by (x->>'from_cents')::int desc limit 1), 0) end::bigint as shipping_cents
          from g left join vendors v on v.id = g.src_vendor left join locations l on l.id = g.src_location)
      select 'VO-' || lpad(nextval('vendor_order_number_seq')::text, 6, '0') as number, p.*,
             row_number() over (partition by p.order_id order by p.source_kind desc, p.src_vendor, p.src_location) as k,
             count(*) over (partition by p.order_id) as n,
             ${h('p.order_id', 'vo')} as r
        from priced p order by p.placed_at, p.order_id`);

    // The route, its items, its one option and the option's per-source totals.
    await t.execute(sql`
      insert into order_routes (order_id, status, strategy, created_by, computed_at, chosen_at, created_at, updated_at)
      select o.id, 'submitted', coalesce(s.strategy, 'cheapest'), null, o.placed_at + interval '3 minutes', o.placed_at + interval '4 minutes',
             o.placed_at + interval '3 minutes', o.placed_at + interval '4 minutes'
        from orders o left join store_routing_settings s on s.store_id = o.store_id
       where o.id in (select distinct order_id from seed_vo)`);
    await t.execute(sql`
      create temporary table seed_route on commit drop as
      select r.id as route_id, r.order_id from order_routes r where r.order_id in (select distinct order_id from seed_vo)`);
    await t.execute(sql`
      insert into order_route_items (route_id, order_item_id, variant_id, sku, quantity)
      select r.route_id, p.order_item_id, p.variant_id, p.sku, p.qty from seed_rp p join seed_route r on r.order_id = p.order_id`);
    await t.execute(sql`
      insert into order_route_options (route_id, rank, is_feasible, description, total_cents, shipments, explanation, created_at, updated_at)
      select r.route_id, 1, true, string_agg(v.source_name, ' + ' order by v.k), sum(v.items_cents + v.fees_cents + v.shipping_cents), count(*)::int,
             (select jsonb_agg(p.sku || ' × ' || p.qty || ' from ' || coalesce((select name from vendors where id = p.src_vendor), (select name from locations where id = p.src_location)) || ': ' || p.reason
                               order by p.line_no) from seed_rp p where p.order_id = r.order_id),
             min(v.placed_at) + interval '3 minutes', min(v.placed_at) + interval '3 minutes'
        from seed_vo v join seed_route r on r.order_id = v.order_id group by r.route_id, r.order_id`);
    await t.execute(sql`update order_routes r set chosen_option_id = o.id from order_route_options o
                         where o.route_id = r.id and r.id in (select route_id from seed_route)`);
    await t.execute(sql`
      insert into order_route_option_vendor_totals (option_id, source_kind, vendor_id, location_id, items_cents, fixed_fees_cents, per_unit_fees_cents,
                                                    shipping_cents, total_cents, min_order_cents, min_order_met, lines, fee_lines)
      select ro.chosen_option_id, v.source_kind, v.src_vendor, v.src_location, v.items_cents, v.fees_cents, 0, v.shipping_cents,
             v.items_cents + v.fees_cents + v.shipping_cents, vv.min_order_cents, vv.min_order_cents is null or v.items_cents >= vv.min_order_cents,
             (select jsonb_agg(jsonb_build_object('order_item_id', p.order_item_id, 'variant_id', p.variant_id, 'sku', p.sku, 'quantity', p.qty,
                                                  'unit_cost_cents', p.unit_cost, 'reason', p.reason) order by p.line_no)
                from seed_rp p where p.order_id = v.order_id and p.source_kind = v.source_kind
                 and p.src_vendor is not distinct from v.src_vendor and p.src_location is not distinct from v.src_location),
             '[]'::jsonb
        from seed_vo v join seed_route r on r.order_id = v.order_id join order_routes ro on ro.id = r.route_id left join vendors vv on vv.id = v.src_vendor`);

    // The vendor orders, in the status the order's own status implies.
    await t.execute(sql`
      insert into vendor_orders (number, order_id, route_id, option_id, source_kind, vendor_id, location_id, status, items_cents, fees_cents, shipping_cents,
                                 total_cents, units, tracking_numbers, sent_at, confirmed_at, shipped_at, expected_ship_date, created_at, updated_at)
      select x.number, x.order_id, r.route_id, ro.chosen_option_id, x.source_kind, x.src_vendor, x.src_location, x.status, x.items_cents, x.fees_cents,
             x.shipping_cents, x.items_cents + x.fees_cents + x.shipping_cents, x.units,
             case when x.status in ('shipped', 'delivered', 'partially_shipped') then array['1Z' || upper(substr(md5(x.number), 1, 16))] else '{}'::text[] end,
             -- sent, confirmed and shipped in the order of the days after its placing, none of them after now
             case when x.status <> 'draft' then least(x.placed_at + interval '1 hour', now()) end,
             case when x.status not in ('draft', 'submitted') then least(x.placed_at + interval '5 hours', now()) end,
             case when x.status in ('shipped', 'delivered', 'partially_shipped') then least(x.placed_at + (x.handling_days + (x.r % 2)) * interval '1 day', now()) end,
             (x.placed_at + x.handling_days * interval '1 day')::date,
             least(x.placed_at + interval '4 minutes', now()), least(x.placed_at + interval '4 minutes', now())
        from (select v.*,
                     case v.order_status
                       when 'delivered' then 'delivered'
                       when 'refunded' then 'delivered'
                       when 'shipped' then 'shipped'
                       when 'partially_shipped' then case when v.n = 1 then 'partially_shipped' when v.k = 1 then 'shipped' else 'acknowledged' end
                       else case when v.placed_at > now() - interval '1 day' then 'draft' when v.r < 30 then 'backordered' when v.r < 450 then 'submitted' else 'acknowledged' end
                     end as status
                from seed_vo v) x
        join seed_route r on r.order_id = x.order_id join order_routes ro on ro.id = r.route_id`);
    await t.execute(sql`
      insert into vendor_order_items (vendor_order_id, order_item_id, variant_id, vendor_sku, quantity, unit_cost_cents)
      select vo.id, p.order_item_id, p.variant_id,
             (select vp.vendor_sku from vendor_products vp where vp.vendor_id = p.src_vendor and vp.variant_id = p.variant_id order by vp.cost_cents nulls last, vp.id limit 1),
             p.qty, p.unit_cost
        from seed_rp p join vendor_orders vo on vo.order_id = p.order_id and vo.source_kind = p.source_kind
         and vo.vendor_id is not distinct from p.src_vendor and vo.location_id is not distinct from p.src_location
       where vo.route_id in (select route_id from seed_route)`);
    // Outbox rows of what was sent to vendors.
    await t.execute(sql`
      insert into vendor_order_outbox (vendor_order_id, channel, kind, payload, created_at)
      select vo.id, v.order_channel, 'send', jsonb_build_object('number', vo.number, 'units', vo.units), vo.sent_at
        from vendor_orders vo join vendors v on v.id = vo.vendor_id
       where vo.sent_at is not null and vo.route_id in (select route_id from seed_route)`);
    // The warehouses' sales, in time order (the ledger trigger takes each from on hand).
    await t.execute(sql`
      insert into inventory_transactions (at, variant_id, location_id, kind, quantity, unit_cost_cents, reference, reason)
      select p.placed_at + interval '4 minutes', p.variant_id, p.src_location, 'sale', -p.qty, p.unit_cost, 'order:' || p.order_id,
             vo.number || ' for order ' || o.number
        from seed_rp p join orders o on o.id = p.order_id
        join vendor_orders vo on vo.order_id = p.order_id and vo.location_id = p.src_location
       where p.source_kind = 'warehouse'
       order by p.placed_at, p.order_item_id`);
    // What the orders cost.
    await t.execute(sql`
      update order_items oi set cost_cents = p.qty::bigint * p.unit_cost from seed_rp p where p.order_item_id = oi.id`);
    await t.execute(sql`
      update orders o set cost_cents = c.total from (select order_id, sum(total_cents) as total from vendor_orders where order_id in (select order_id from seed_route) group by order_id) c
       where c.order_id = o.id`);
    // A backordered vendor order is a case to resolve.
    await t.execute(sql`
      insert into order_resolution_cases (order_id, store_id, reason, detail, opened_at)
      select distinct on (vo.order_id) vo.order_id, o.store_id, 'vendor_backorder', vo.number || ' backordered at ' || v.name || ': out of stock at the vendor', vo.confirmed_at
        from vendor_orders vo join orders o on o.id = vo.order_id join vendors v on v.id = vo.vendor_id
       where vo.status = 'backordered' and vo.route_id in (select route_id from seed_route)
         and not exists (select 1 from order_resolution_cases c where c.order_id = vo.order_id and c.reason = 'vendor_backorder' and c.resolved_at is null)
       order by vo.order_id, vo.id`);
  });
}

/** The newest waiting orders, routed by the service; a few chosen and sent. */
async function seedWaitingRoutes(db: Db): Promise<void> {
  const waiting = await query<{ id: number }>(
    db,
    sql`select o.id from orders o where o.status in ('pending', 'processing', 'awaiting_compliance') and not exists (select 1 from order_routes r where r.order_id = o.id)
         order by o.placed_at desc, o.id desc limit ${SERVICE_SAMPLE}`,
  );
  const staff = await queryOne<{ id: number }>(db, sql`select id from users where email = 'orders@example.com'`);
  const actor: Actor = staff ? { userId: staff.id, impersonatorId: null, requestId: null } : SYSTEM_ACTOR;
  let chosen = 0;
  for (const [i, o] of waiting.entries()) {
    let answer;
    try {
      answer = await routeOrder(db, o.id, actor, { automatic: i % 3 !== 0 });
    } catch {
      continue; // an order with nothing left to place
    }
    // Every fourth computed route is chosen by a person (the second option when there is one), and half of those sent.
    if (answer.status !== 'computed' || i % 4 !== 1) continue;
    const options = await query<{ id: number }>(db, sql`select id from order_route_options where route_id = ${answer.route_id} and is_feasible order by rank limit 2`);
    const pick = options[1] ?? options[0];
    if (!pick) continue;
    await chooseOption(db, answer.route_id, pick.id, actor);
    chosen++;
    if (chosen % 2 === 0) {
      const vos = await query<{ id: number; version: number }>(db, sql`select id, version from vendor_orders where route_id = ${answer.route_id} order by id`);
      for (const vo of vos) await actOnVendorOrder(db, actor, vo.id, { action: 'send', body: { version: vo.version, note: null } });
    }
  }
}

/**
 * Demo resolution cases, after the orders and routing demo data: a handful of orders open in each
 * reason, each made real (a customer-service status set, a vendor order backordered or past its ship
 * date, an order waiting with no source), and resolved cases over the last six months for the
 * Order Resolution Summary. Deterministic (hashes of ids, no random numbers).
 *
 * When the database has next to no orders (a database seeded before orders existed), a small set of
 * demo orders of its own (numbers `R-…`) is written first, so the resolution screens have something
 * to show.
 */
import { sql, type SQL } from 'drizzle-orm';
import { query, type Db } from '../../db/connect.js';
import { transaction } from '../../db/write.js';
import { openCase } from '../../modules/orders/cases.js';
import { checkLateVendorOrders } from '../../modules/resolution/late.js';
import { refreshOrderCosts } from '../../modules/routing/service.js';
import { addressProblem, paymentProblem } from '../../modules/orders/service.js';
import { zipElsewhere } from './orders.js';

const h = (key: string, salt: string) => sql.raw(`(abs(hashtext((${key})::text || ':${salt}')) % 1000)`);

const CS_STATUSES = ['awaiting_customer', 'awaiting_documents', 'address_verification', 'escalated'];

export async function seedResolutionDemo(db: Db) {
  const [{ n } = { n: 0 }] = await query<{ n: number }>(db, sql`select count(*)::int as n from orders`);
  if (n < 60) await seedOwnOrders(db);

  await transaction(db, async (t) => {
    // Recent orders not yet shipped and with no open case, in a fixed order: each reason takes its own.
    const pick = await query<{ id: number; number: string; store_id: number; placed_at: string; sku: string; item_id: number; state: string; zip: string; total: number; captured: number; placed: number }>(
      t,
      sql`select o.id, o.number, o.store_id, o.placed_at, i.sku, i.id as item_id, o.ship_state as state, o.ship_zip as zip,
                 o.total_cents::int8 as total, o.payment_captured_cents as captured,
                 -- its vendor orders past a vendor's draft (sent, or stock taken from a warehouse)
                 (select count(*)::int from vendor_orders v where v.order_id = o.id and v.status <> 'cancelled'
                     and not (v.status = 'draft' and v.source_kind = 'vendor')) as placed
            from orders o
            join lateral (select id, sku from order_items where order_id = o.id order by line_no limit 1) i on true
           where o.open_cases = 0 and o.status not in ('cancelled', 'refunded', 'delivered', 'shipped')
             and o.placed_at > now() - interval '45 days'
           order by ${h('o.id', 'pick')}, o.id
           limit 40`,
    );
    const take = (k: number) => pick.splice(0, k);
    // The late ones need orders placed long enough ago for their vendor's handling days (at most 3) to have passed.
    const older = (k: number, days: number) => {
      const before = Date.now() - days * 86_400_000;
      const chosen = pick.filter((o) => new Date(o.placed_at).getTime() < before).slice(0, k);
      for (const o of chosen) pick.splice(pick.indexOf(o), 1);
      return chosen;
    };
    const lateOnes = older(4, 5);
    const days = (i: number, hours: number) => sql`now() - ${`${i} days ${hours} hours`}::interval`;
    const backdate = (orderId: number, reason: string, i: number) =>
      t.execute(sql`update order_resolution_cases set opened_at = greatest(${days(i, 3 + i * 5)}, (select placed_at from orders where id = ${orderId}))
                     where order_id = ${orderId} and reason = ${reason} and resolved_at is null`);

    for (const [i, o] of take(4).entries()) {
      const cs = CS_STATUSES[i % CS_STATUSES.length]!;
      await t.execute(sql`update orders set cs_status = ${cs} where id = ${o.id}`);
      await t.execute(sql`insert into order_status_history (order_id, at, field, from_value, to_value, note) values (${o.id}, now(), 'cs_status', 'none', ${cs}, 'Customer called about the order')`);
      await openCase(t, o.id, 'cs_open', `Customer service: ${cs.replace(/_/g, ' ')}`);
      await backdate(o.id, 'cs_open', i);
    }
    // Cannot be routed: orders nothing was sent for yet. A vendor's drafts are cancelled (out of stock
    // there) as the service cancels one: the order keeps its status, its routes go stale and its costs
    // are counted again (none placed); an order without any waits for routing (pending).
    const unplaced = pick.filter((o) => o.placed === 0).slice(0, 4);
    for (const o of unplaced) pick.splice(pick.indexOf(o), 1);
    for (const [i, o] of unplaced.entries()) {
      const drafts = await query(t, sql`update vendor_orders set status = 'cancelled', cancelled_at = now(), cancel_reason = 'Out of stock at the vendor', updated_at = now(), version = version + 1
                                          where order_id = ${o.id} and status = 'draft' returning id`);
      if (drafts.length) await t.execute(sql`update order_routes set is_stale = true, updated_at = now() where order_id = ${o.id} and not is_stale`);
      else await t.execute(sql`update orders set status = 'pending' where id = ${o.id}`);
      await refreshOrderCosts(t, o.id);
      await openCase(t, o.id, 'unroutable', i % 2 ? `Minimum order $250.00 not met at the only vendor stocking ${o.sku}` : `No source has ${o.sku} in stock`);
      await backdate(o.id, 'unroutable', i + 1);
    }
    for (const [i, o] of take(4).entries()) {
      await t.execute(sql`update orders set status = 'awaiting_compliance' where id = ${o.id}`);
      await openCase(t, o.id, 'compliance_hold', `${o.sku} may not ship to ${o.state} ${o.zip} without a licensed dealer`);
      await backdate(o.id, 'compliance_hold', i);
    }
    for (const [i, o] of take(4).entries()) {
      // half with a zip of another state, as the intake finds it; half the carrier's word on a street
      const zip = i % 2 ? zipElsewhere(o.state) : o.zip;
      if (zip !== o.zip) await t.execute(sql`update orders set ship_zip = ${zip} where id = ${o.id}`);
      await openCase(t, o.id, 'address_problem', addressProblem(o.state, zip) ?? 'The carrier could not verify the street address');
      await backdate(o.id, 'address_problem', i + 2);
    }
    for (const [i, o] of take(4).entries()) {
      const captured = Math.floor(Number(o.total) / 2);
      await t.execute(sql`update orders set payment_captured_cents = ${captured} where id = ${o.id}`);
      await openCase(t, o.id, 'payment_problem', paymentProblem(captured, Number(o.total))!);
      await backdate(o.id, 'payment_problem', i);
    }
    // Vendor orders made real: backordered at the vendor, or past the expected ship date (the late check opens those).
    const vendors = await query<{ id: number; name: string; handling_days: number }>(t, sql`select id, name, handling_days from vendors where is_active order by can_drop_ship desc, id limit 4`);
    // Made four minutes after the order was placed, sent an hour after, confirmed four hours after that
    // (past submitted), due to ship its vendor's handling days after it was placed — as the routing demo's
    // vendor orders; never later than now (an order placed this morning), and a vendor order the
    // automatic routing made at the seed's start is sent no earlier than it was made.
    const vendorOrderFor = async (o: (typeof pick)[number], status: string, k: number) => {
      const v = vendors[k % Math.max(1, vendors.length)];
      if (!v) return null;
      const at = (after: string) => sql`least(${o.placed_at}::timestamptz + ${after}::interval, now())`;
      const made = at('4 minutes');
      /** Sent, confirmed and due of a vendor order made at `made` (an expression). */
      const timesAfter = (made: SQL) => {
        const sent = sql`greatest(${at('1 hour')}, ${made})`;
        return {
          sent,
          confirmed: status === 'submitted' ? sql`null::timestamptz` : sql`greatest(${at('5 hours')}, ${sent})`,
          due: sql`greatest((${o.placed_at}::timestamptz + ${`${v.handling_days} days`}::interval)::date, (${sent})::date)`,
        };
      };
      // its items are placed now: the order's routes never chosen are superseded, as when a person places them
      await t.execute(sql`update order_routes set is_stale = true where order_id = ${o.id} and chosen_option_id is null and not is_stale`);
      const existing = await query<{ id: number }>(t, sql`select id from vendor_orders where order_id = ${o.id} and source_kind = 'vendor' and status <> 'cancelled' order by id limit 1`);
      if (existing[0]) {
        const { sent, confirmed, due } = timesAfter(sql`created_at`);
        await t.execute(sql`update vendor_orders set status = ${status}, sent_at = ${sent}, confirmed_at = ${confirmed}, expected_ship_date = ${due}, shipped_at = null where id = ${existing[0].id}`);
        await costOf(o.id);
        return existing[0].id;
      }
      const { sent, confirmed, due } = timesAfter(made);
      const [vo] = await query<{ id: number }>(
        t,
        sql`insert into vendor_orders (number, order_id, source_kind, vendor_id, status, items_cents, fees_cents, shipping_cents, total_cents, units, sent_at, confirmed_at, expected_ship_date, created_at)
            select 'VO-' || nextval('vendor_order_number_seq'), o.id, 'vendor', ${v.id}, ${status}, 0, 300, 995,
                   1295, o.units, ${sent}, ${confirmed}, ${due}, ${made}
              from orders o where o.id = ${o.id} returning id`,
      );
      await t.execute(sql`insert into vendor_order_items (vendor_order_id, order_item_id, variant_id, quantity, unit_cost_cents)
                          select ${vo!.id}, i.id, i.variant_id, i.quantity, greatest(0, coalesce(i.cost_cents / nullif(i.quantity, 0), i.unit_price_cents * 8 / 10))::int from order_items i where i.order_id = ${o.id}`);
      // Its totals are its items' (the fees and shipping above), as a vendor order made by routing.
      await t.execute(sql`update vendor_orders vo set items_cents = s.items, total_cents = s.items + vo.fees_cents + vo.shipping_cents
                            from (select sum(quantity::bigint * unit_cost_cents) as items from vendor_order_items where vendor_order_id = ${vo!.id}) s where vo.id = ${vo!.id}`);
      await costOf(o.id);
      return vo!.id;
    };
    // What the order costs once placed: its items' costs and its vendor orders' totals, as when routing places it.
    const costOf = async (orderId: number) => {
      await t.execute(sql`update order_items oi set cost_cents = x.cost
                            from (select voi.order_item_id, sum(voi.quantity::bigint * voi.unit_cost_cents) as cost
                                    from vendor_order_items voi join vendor_orders vo on vo.id = voi.vendor_order_id
                                   where vo.order_id = ${orderId} and vo.status <> 'cancelled' group by voi.order_item_id) x
                           where x.order_item_id = oi.id and oi.cost_cents is null`);
      await t.execute(sql`update orders o set cost_cents = (select sum(total_cents) from vendor_orders where order_id = o.id and status <> 'cancelled') where o.id = ${orderId}`);
    };
    for (const [i, o] of take(4).entries()) {
      const id = await vendorOrderFor(o, 'backordered', i);
      if (!id) continue;
      const [vo] = await query<{ number: string; name: string }>(t, sql`select vo.number, v.name from vendor_orders vo join vendors v on v.id = vo.vendor_id where vo.id = ${id}`);
      await t.execute(sql`update orders set status = 'awaiting_fulfillment' where id = ${o.id}`);
      await openCase(t, o.id, 'vendor_backorder', `${vo!.number} backordered at ${vo!.name}: expected back in stock in ${2 + i} weeks`);
      await backdate(o.id, 'vendor_backorder', i);
    }
    for (const [i, o] of lateOnes.entries()) {
      await vendorOrderFor(o, i % 2 ? 'acknowledged' : 'submitted', i + 1);
      await t.execute(sql`update orders set status = 'awaiting_fulfillment' where id = ${o.id}`);
    }
  });
  await checkLateVendorOrders(db);
  // The late cases open from when each vendor order was due.
  await db.execute(sql`update order_resolution_cases c set opened_at = greatest(c.opened_at - interval '1 day' * (1 + c.order_id % 4), o.placed_at)
                         from orders o where o.id = c.order_id and c.reason = 'vendor_late' and c.resolved_at is null`);

  // Resolved history: about one order in twelve of the last six months needed a person for a while.
  await db.execute(sql`
    insert into order_resolution_cases (order_id, store_id, reason, detail, opened_at, resolved_at, resolution)
    select o.id, o.store_id, r.reason, r.detail, o.placed_at + (${h('o.id', 'open')} % 20) * interval '1 hour',
           o.placed_at + (${h('o.id', 'open')} % 20) * interval '1 hour' + r.hours * interval '1 hour', r.resolution
      from orders o
      cross join lateral (
        select (array['unroutable', 'compliance_hold', 'vendor_backorder', 'address_problem', 'payment_problem', 'vendor_late', 'cs_open'])[1 + ${h('o.id', 'reason')} % 7] as reason) k
      cross join lateral (
        select k.reason,
               case k.reason when 'unroutable' then 'No source had the stock' when 'compliance_hold' then 'Dealer-only item to a home address'
                 when 'vendor_backorder' then 'Vendor backordered' when 'address_problem' then 'Address not verified'
                 when 'payment_problem' then 'Payment short' when 'vendor_late' then 'Vendor order past its ship date' else 'Customer asked about the order' end as detail,
               case k.reason when 'unroutable' then 'rerouted' when 'compliance_hold' then 'address changed to a dealer' when 'vendor_backorder' then 'rerouted'
                 when 'address_problem' then 'address changed' when 'payment_problem' then 'payment settled' when 'vendor_late' then 'vendor orders shipped or cancelled'
                 else 'customer-service status resolved' end as resolution,
               case k.reason when 'cs_open' then 2 + ${h('o.id', 'hours')} % 70 when 'vendor_late' then 24 + ${h('o.id', 'hours')} % 96
                 when 'address_problem' then 1 + ${h('o.id', 'hours')} % 30 else 3 + ${h('o.id', 'hours')} % 60 end as hours) r
     where o.placed_at > now() - interval '180 days' and o.placed_at < now() - interval '5 days' and ${h('o.id', 'case')} < 85
       and not exists (select 1 from order_resolution_cases c where c.order_id = o.id and c.reason = r.reason)`);
}

/** A small set of demo orders over the last 120 days, when no orders were seeded. */
async function seedOwnOrders(db: Db) {
  await transaction(db, async (t) => {
    await t.execute(sql`
      create temporary table seed_res_orders on commit drop as
      with s as (select id, row_number() over (order by id) - 1 as k, count(*) over () as n from stores where is_enabled),
           v as (select id, sku, coalesce(cost_cents, 1500) as cost, row_number() over (order by id) - 1 as k, count(*) over () as n from variants where sku is not null)
      select g as i, (select id from s where s.k = g % s.n) as store_id,
             now() - (120.0 * (200 - g) / 200) * interval '1 day' - ${h('g', 'min')} * interval '1 minute' as placed_at,
             (120.0 * (200 - g) / 200) as age
        from generate_series(1, 200) g
       where exists (select 1 from s) and exists (select 1 from v)`);
    await t.execute(sql`
      insert into orders (store_id, number, placed_at, status, customer_name, customer_email, ship_name, ship_line1, ship_city, ship_state, ship_zip,
                          bill_name, bill_line1, bill_city, bill_state, bill_zip, payment_method, shipping_charged_cents, tax_cents, payment_captured_cents)
      select store_id, 'R-' || lpad(i::text, 5, '0'), placed_at,
             case when age > 40 then 'delivered' when age > 25 then 'shipped' when age > 2 then 'awaiting_fulfillment' else 'processing' end,
             (array['Avery Quinn', 'Jordan Blake', 'Riley Morgan', 'Casey Hart', 'Taylor Reed', 'Morgan Lane'])[1 + i % 6],
             'customer' || i || '@example.com',
             (array['Avery Quinn', 'Jordan Blake', 'Riley Morgan', 'Casey Hart', 'Taylor Reed', 'Morgan Lane'])[1 + i % 6],
             (100 + i) || ' Main St', (array['Austin', 'Dallas', 'Reno', 'Phoenix', 'Boise'])[1 + i % 5], (array['TX', 'TX', 'NV', 'AZ', 'ID'])[1 + i % 5],
             (array['78701', '75201', '89501', '85001', '83701'])[1 + i % 5],
             (array['Avery Quinn', 'Jordan Blake', 'Riley Morgan', 'Casey Hart', 'Taylor Reed', 'Morgan Lane'])[1 + i % 6],
             (100 + i) || ' Main St', (array['Austin', 'Dallas', 'Reno', 'Phoenix', 'Boise'])[1 + i % 5], (array['TX', 'TX', 'NV', 'AZ', 'ID'])[1 + i % 5],
             (array['78701', '75201', '89501', '85001', '83701'])[1 + i % 5], 'card', case when i % 3 = 0 then 0 else 995 end, 0, 0
        from seed_res_orders
      on conflict (store_id, number) do nothing`);
    await t.execute(sql`
      insert into order_items (order_id, line_no, variant_id, sku, title, quantity, unit_price_cents, cost_cents)
      select o.id, l.line_no, v.id, v.sku, v.title, 1 + ${h('o.id * 7 + l.line_no', 'q')} % 4, (v.cost * 13 / 10)::int, (v.cost * (1 + ${h('o.id * 7 + l.line_no', 'q')} % 4))::int8
        from orders o
        cross join lateral generate_series(1, 1 + ${h('o.id', 'lines')} % 3) as l(line_no)
        join lateral (select id, sku, title, cost from (select v.id, v.sku, p.title, coalesce(v.cost_cents, 1500) as cost from variants v join products p on p.id = v.product_id where p.title is not null order by v.id) vv
                       offset (${h('o.id * 7 + l.line_no', 'v')} % greatest(1, (select count(*) from variants v join products p on p.id = v.product_id where p.title is not null))) limit 1) v on true
       where o.number like 'R-%' and not exists (select 1 from order_items x where x.order_id = o.id)`);
    await t.execute(sql`update orders o set cost_cents = x.cost + 995, payment_captured_cents = o.subtotal_cents + o.shipping_charged_cents
                          from (select order_id, sum(cost_cents)::int8 as cost from order_items group by order_id) x
                         where x.order_id = o.id and o.number like 'R-%'`);
  });
}

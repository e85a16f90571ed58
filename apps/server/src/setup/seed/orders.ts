/**
 * Demo orders: two years (to now) of orders from the enabled demo stores — about 4,000, more in
 * November–December and in the spring, more again around the autumn of a US election year — from a
 * few thousand returning customers across the states, each a basket of 1–6 lines of the store's
 * published variants at the store's price (above the variants' cost: 8–30 % margin on the items), with
 * shipping and tax. Statuses follow age: most old orders delivered, a few cancelled or refunded;
 * recent ones on their way; the last two days still pending or processing. A few recent orders have
 * an address whose zip is not in its state, or a payment short of the total, each with its case; a
 * few have customer-service work open. Each order's status history has its intake and its last move.
 *
 * Set-based SQL (the order triggers derive totals per statement); "random" choices are hashes of row
 * numbers, so every run makes the same data relative to its day. Costs come with routing.
 */
import { sql } from 'drizzle-orm';
import { query, type Db } from '../../db/connect.js';
import { transaction } from '../../db/write.js';
import { openCase } from '../../modules/orders/cases.js';
import { addressProblem, paymentProblem } from '../../modules/orders/service.js';

/** A zip code of another state than `state` (an address the intake finds wrong). */
export const zipElsewhere = (state: string) => (state === 'NY' ? '75201' : '10001');

/** `h(expr, salt)`: a stable number 0..999 from a row's key. */
const h = (key: string, salt: string) => sql.raw(`(abs(hashtext((${key})::text || ':${salt}')) % 1000)`);

const FIRST = ['James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth', 'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Charles', 'Karen', 'Daniel', 'Nancy', 'Matthew', 'Lisa', 'Anthony', 'Betty', 'Mark', 'Sandra', 'Steven', 'Ashley', 'Paul', 'Kimberly', 'Andrew', 'Emily', 'Joshua', 'Donna', 'Kevin', 'Michelle', 'Brian', 'Carol', 'Cody', 'Wyatt', 'Travis', 'Dale', 'Hunter', 'Colt'];
const LAST = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'Walker', 'Hall', 'Young', 'King', 'Wright', 'Hill', 'Scott', 'Green', 'Baker', 'Nelson', 'Carter', 'Mitchell', 'Roberts', 'Turner', 'Phillips'];
const MAIL = ['gmail.com', 'yahoo.com', 'outlook.com', 'icloud.com', 'aol.com', 'hotmail.com', 'proton.me', 'comcast.net'];
const STREETS = ['Main St', 'Oak Ave', 'Pine Rd', 'Maple Dr', 'Cedar Ln', 'Elm St', 'Ranch Rd', 'County Road 12', 'Lakeview Dr', 'Hillcrest Ave', 'Sunset Blvd', 'Church St'];
/** Where customers live: state, city, zip (real pairs; more in the big shooting states). */
const PLACES: [string, string, string, number][] = [
  ['TX', 'Austin', '78701', 9], ['TX', 'Houston', '77002', 8], ['TX', 'Dallas', '75201', 7], ['FL', 'Tampa', '33602', 7], ['FL', 'Orlando', '32801', 6],
  ['PA', 'Pittsburgh', '15222', 5], ['OH', 'Columbus', '43215', 5], ['GA', 'Atlanta', '30303', 5], ['NC', 'Raleigh', '27601', 4], ['TN', 'Nashville', '37203', 4],
  ['AZ', 'Phoenix', '85004', 4], ['MI', 'Grand Rapids', '49503', 4], ['VA', 'Richmond', '23219', 3], ['MO', 'Springfield', '65806', 3], ['IN', 'Indianapolis', '46204', 3],
  ['AL', 'Huntsville', '35801', 3], ['SC', 'Greenville', '29601', 3], ['KY', 'Lexington', '40507', 2], ['OK', 'Tulsa', '74103', 2], ['LA', 'Baton Rouge', '70801', 2],
  ['CO', 'Colorado Springs', '80903', 2], ['WI', 'Green Bay', '54301', 2], ['MN', 'Duluth', '55802', 2], ['UT', 'Provo', '84601', 2], ['ID', 'Boise', '83702', 2],
  ['MT', 'Billings', '59101', 1], ['WY', 'Casper', '82601', 1], ['NV', 'Reno', '89501', 2], ['AR', 'Little Rock', '72201', 1], ['MS', 'Jackson', '39201', 1],
  ['WV', 'Charleston', '25301', 1], ['NM', 'Albuquerque', '87102', 1], ['IA', 'Des Moines', '50309', 1], ['KS', 'Wichita', '67202', 1], ['NE', 'Omaha', '68102', 1],
  ['ME', 'Bangor', '04401', 1], ['NH', 'Concord', '03301', 1], ['AK', 'Anchorage', '99501', 1], ['OR', 'Bend', '97701', 1], ['WA', 'Spokane', '99201', 1],
  ['CA', 'Fresno', '93721', 2], ['NY', 'Buffalo', '14202', 1], ['IL', 'Peoria', '61602', 1], ['NJ', 'Trenton', '08608', 1], ['MD', 'Frederick', '21701', 1],
];

const textArray = (xs: readonly string[]) => sql.raw(`(array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(', ')}]::text[])`);

/** About this many orders a day on an ordinary day (the seasons and the year add to it). */
const BASE_PER_DAY = 4.6;

export async function seedOrdersDemo(db: Db) {
  await transaction(db, async (t) => {
    const stores = await query<{ id: number; code: string }>(t, sql`select id, code from stores where is_enabled order by id`);
    if (!stores.length) return;
    await t.execute(sql`
      create temporary table seed_places on commit drop as
      select p.* from (values ${sql.join(
        PLACES.map(([s, c, z, w]) => sql`(${s}::text, ${c}::text, ${z}::text, ${w}::int)`),
        sql`, `,
      )}) as p(state, city, zip, weight)`);
    await t.execute(sql`
      create temporary table seed_place_pick on commit drop as
      select (row_number() over () - 1)::int as k, p.state, p.city, p.zip from seed_places p cross join lateral generate_series(1, p.weight)`);
    // What each store sells: its enabled, priced variants with a cost (a package of ammunition or an accessory).
    await t.execute(sql`
      create temporary table seed_offer on commit drop as
      select sp.store_id, v.id as variant_id, v.sku, p.title, v.units_per_package,
             least(greatest(sv.price_cents, round(v.cost_cents / 0.92)::int), round(v.cost_cents / 0.70)::int) as price,
             (row_number() over (partition by sp.store_id order by v.id) - 1)::int as k,
             count(*) over (partition by sp.store_id)::int as n
        from store_variants sv join store_products sp on sp.id = sv.store_product_id
        join variants v on v.id = sv.variant_id join products p on p.id = v.product_id
       -- a product still without its title (the catalogue's to-do) is not on sale yet
       where sv.is_enabled and sv.price_cents is not null and v.cost_cents is not null and v.cost_cents > 0 and p.title is not null
         and sp.store_id in (${sql.join(stores.map((s) => sql`${s.id}::int`), sql`, `)})`);
    // Orders per day: seasons (Nov–Dec, spring), an election autumn, a slow summer, weekends busier.
    await t.execute(sql`
      create temporary table seed_orders on commit drop as
      with days as (
        select d::date as day, (current_date - d::date) as age,
               ${BASE_PER_DAY}
               * case extract(month from d) when 11 then 1.7 when 12 then 1.9 when 3 then 1.3 when 4 then 1.35 when 5 then 1.15
                                            when 6 then 0.85 when 7 then 0.8 when 8 then 0.9 else 1 end
               * case when extract(year from d)::int % 4 = 0 and extract(month from d) in (9, 10, 11) then 1.45 else 1 end
               * case when extract(isodow from d) in (6, 7) then 1.15 else 1 end
               * (0.75 + ${h('d::date', 'day')} / 2000.0) as rate
          from generate_series(current_date - 729, current_date, interval '1 day') d),
      per_day as (select day, age, floor(rate)::int + case when ${h('day', 'frac')} / 1000.0 < rate - floor(rate) then 1 else 0 end as n from days),
      numbered as (
        select row_number() over (order by day, j)::int as i, day, age, j
          from per_day cross join lateral generate_series(1, n) j)
      select * from (
        select i, age,
               day + (7 + ${h('i', 'hour')} % 16) * interval '1 hour' + ${h('i', 'min')} % 60 * interval '1 minute' as placed_at,
               case when ${h('i', 'store')} < 640 then 0 else 1 end as store_k,
               (${h('i', 'cust')} * 3 + ${h('i', 'cust2')} % 3)::int as customer,
               ${h('i', 'status')} as rs, ${h('i', 'cs')} as rc, ${h('i', 'lines')} as rl
          from numbered) o
       -- today's orders so far only: the day's figures compare with yesterday's at the same hour
       where placed_at < now() - interval '5 minutes'`);
    await t.execute(sql`
      insert into orders (store_id, number, placed_at, status, cs_status, customer_name, customer_email, customer_phone,
                          ship_name, ship_line1, ship_city, ship_state, ship_zip, bill_name, bill_line1, bill_city, bill_state, bill_zip,
                          shipping_charged_cents, tax_cents, payment_method, payment_captured_cents, created_at, updated_at)
      select st.id, upper(left(st.code, 2)) || '-' || (100000 + o.i), o.placed_at,
             case
               when o.age > 30 then case when rs < 40 then 'cancelled' when rs < 60 then 'refunded' when rs < 75 then 'shipped' else 'delivered' end
               when o.age > 7 then case when rs < 30 then 'cancelled' when rs < 330 then 'shipped' when rs < 370 then 'partially_shipped' else 'delivered' end
               when o.age > 2 then case when rs < 30 then 'on_hold' when rs < 80 then 'awaiting_compliance' when rs < 300 then 'processing'
                                        when rs < 600 then 'awaiting_fulfillment' when rs < 650 then 'partially_shipped' else 'shipped' end
               else case when rs < 450 then 'pending' when rs < 750 then 'processing' when rs < 850 then 'awaiting_compliance' else 'awaiting_fulfillment' end
             end,
             case when o.age <= 20 and rc < 25 then (array['awaiting_customer', 'awaiting_documents', 'address_verification', 'escalated'])[1 + rc % 4]
                  when o.age > 20 and rc < 30 then 'resolved' else 'none' end,
             c.name, c.email, '(' || (200 + o.customer % 700) || ') 555-' || lpad((o.customer % 10000)::text, 4, '0'),
             c.name, (100 + o.customer % 9800) || ' ' || ${textArray(STREETS)}[1 + o.customer % ${STREETS.length}], pl.city, pl.state, pl.zip,
             c.name, (100 + o.customer % 9800) || ' ' || ${textArray(STREETS)}[1 + o.customer % ${STREETS.length}], pl.city, pl.state, pl.zip,
             0, 0, (array['card', 'card', 'card', 'card', 'paypal', 'paypal', 'ach', 'gift_card'])[1 + o.rc % 8], 0, o.placed_at, o.placed_at
        from seed_orders o
        join (select id, code, (row_number() over (order by id) - 1)::int as k from stores where id in (${sql.join(stores.map((s) => sql`${s.id}::int`), sql`, `)})) st
          on st.k = least(o.store_k, ${stores.length - 1})
        cross join lateral (
          select ${textArray(FIRST)}[1 + o.customer % ${FIRST.length}] || ' ' || ${textArray(LAST)}[1 + (o.customer / ${FIRST.length}) % ${LAST.length}] as name,
                 lower(${textArray(FIRST)}[1 + o.customer % ${FIRST.length}]) || '.' || lower(${textArray(LAST)}[1 + (o.customer / ${FIRST.length}) % ${LAST.length}])
                   || (o.customer % 97) || '@' || ${textArray(MAIL)}[1 + o.customer % ${MAIL.length}] as email) c
        cross join lateral (select state, city, zip from seed_place_pick where k = o.customer % (select count(*) from seed_place_pick)) pl`);
    // Baskets: 1–6 lines (most 1–3) of the store's variants; boxes by the few, cases one or two.
    await t.execute(sql`
      insert into order_items (order_id, line_no, variant_id, sku, title, quantity, unit_price_cents, discount_cents, cancelled_quantity)
      select o.id, l.line_no, f.variant_id, f.sku, f.title,
             case when f.units_per_package >= 500 then 1 + (${h('o.id * 7 + l.line_no', 'q')} % 2)
                  when f.units_per_package >= 100 then 1 + (${h('o.id * 7 + l.line_no', 'q')} % 4)
                  else 1 + (${h('o.id * 7 + l.line_no', 'q')} % 8) end,
             f.price,
             case when ${h('o.id * 7 + l.line_no', 'disc')} < 80 then round(f.price * 0.05)::int else 0 end,
             0
        from orders o
        join seed_offer f0 on f0.store_id = o.store_id and f0.k = 0
        cross join lateral generate_series(1, case when ${h('o.id', 'n')} < 380 then 1 when ${h('o.id', 'n')} < 680 then 2 when ${h('o.id', 'n')} < 860 then 3
                                                   when ${h('o.id', 'n')} < 940 then 4 when ${h('o.id', 'n')} < 980 then 5 else 6 end) as l(line_no)
        join seed_offer f on f.store_id = o.store_id and f.k = (${h('o.id * 7 + l.line_no', 'v')} * 37 + o.id) % f0.n`);
    // Line discounts never more than the line; cancelled orders cancelled their lines; some refunds were partial.
    await t.execute(sql`update order_items set discount_cents = least(discount_cents, quantity * unit_price_cents)`);
    await t.execute(sql`update order_items i set cancelled_quantity = i.quantity from orders o where o.id = i.order_id and o.status = 'cancelled'`);
    // Shipping (free over $99 at Ammo Depot-like stores, else by size), tax on about half (states that tax), paid in full.
    await t.execute(sql`
      update orders set shipping_charged_cents = case when subtotal_cents >= 9900 and ${h('id', 'ship')} < 700 then 0 else 995 + (units / 4) * 100 end,
                        tax_cents = case when ${h('ship_state', 'tax')} < 550 then round(subtotal_cents * (0.05 + ${h('ship_state', 'rate')} / 50000.0))::int else 0 end`);
    await t.execute(sql`update orders set payment_captured_cents = case when status = 'cancelled' then 0 else total_cents end`);
    // Status history: the intake, then the order's last move (by the store or a person).
    await t.execute(sql`
      insert into order_status_history (order_id, at, field, from_value, to_value, note)
      select id, placed_at, 'status', null, 'pending', 'Received from the store' from orders`);
    await t.execute(sql`
      insert into order_status_history (order_id, at, field, from_value, to_value, note)
      select id, least(now(), placed_at + (1 + ${h('id', 'moved')} % 96) * interval '1 hour'), 'status', 'pending', status,
             case status when 'cancelled' then 'Customer asked to cancel' when 'on_hold' then 'Held for review' end
        from orders where status <> 'pending'`);
    await t.execute(sql`
      insert into order_status_history (order_id, at, field, from_value, to_value, note)
      select id, least(now(), placed_at + interval '2 hours'), 'cs_status', 'none', cs_status, null from orders where cs_status <> 'none'`);
    // A few recent orders need a person: the address's zip is not in its state; the payment is short; customer service.
    const recent = await query<{ id: number; total_cents: number; ship_state: string; cs_status: string }>(
      t,
      sql`select id, total_cents, ship_state, cs_status from orders where placed_at > now() - interval '6 days' and status in ('pending', 'processing', 'awaiting_fulfillment') order by id desc limit 12`,
    );
    for (const [n, o] of recent.entries()) {
      if (n < 5) {
        const zip = zipElsewhere(o.ship_state);
        await t.execute(sql`update orders set ship_zip = ${zip} where id = ${o.id}`);
        await openCase(t, o.id, 'address_problem', addressProblem(o.ship_state, zip)!);
      } else if (n < 10) {
        const captured = Math.round(o.total_cents * 0.6);
        await t.execute(sql`update orders set payment_captured_cents = ${captured} where id = ${o.id}`);
        await openCase(t, o.id, 'payment_problem', paymentProblem(captured, o.total_cents)!);
      }
    }
    const cs = await query<{ id: number; cs_status: string }>(t, sql`select id, cs_status from orders where cs_status not in ('none', 'resolved') order by id`);
    const CS_WORDS: Record<string, string> = {
      awaiting_customer: 'Awaiting Customer Reply',
      awaiting_documents: 'Awaiting Documents (FFL / FOID / ID)',
      address_verification: 'Address Verification',
      escalated: 'Escalated',
    };
    for (const o of cs) await openCase(t, o.id, 'cs_open', `Customer service: ${CS_WORDS[o.cs_status] ?? o.cs_status}`);
  });
}

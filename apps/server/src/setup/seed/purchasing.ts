/**
 * Demo purchasing and inventory: a year of purchase orders (300) from the seeded vendors into the two
 * warehouses, in every status and invoice status, with lines of plausible quantities (ammunition in
 * 500–20,000 rounds a line) and costs (the vendor's catalogue cost, else the variant's cost give or
 * take a few percent); the receipts of what was received, then the sales that followed each receipt
 * (most days), damaged stock, count corrections and transfers between the warehouses.
 *
 * Set-based SQL (a few statements) so the whole demo seed stays fast; "random" choices are hashes of
 * row numbers, so every run makes the same data. The ledger rows go in in time order through the
 * ledger trigger, which derives on hand; every outflow comes after the receipt it draws on and all of
 * a receipt's outflows stay under 95% of it, so on hand never goes below zero at any moment.
 */
import { sql } from 'drizzle-orm';
import { query, type Db } from '../../db/connect.js';
import { transaction } from '../../db/write.js';

/** `h(expr, salt)`: a stable number 0..999 from a row's key. */
const h = (key: string, salt: string) => sql.raw(`(abs(hashtext((${key})::text || ':${salt}')) % 1000)`);

export async function seedPurchasingDemo(db: Db) {
  await transaction(db, async (t) => {
    // ── the orders: one every ~29 hours over the last year, status by age ──
    await t.execute(sql`
      create temporary table seed_po on commit drop as
      with vendor_list as (select id, (row_number() over (order by id) - 1)::int as k, count(*) over ()::int as n from vendors where is_active),
           base as (
             select i, (365.0 * (300 - i) / 300) as age,
                    now() - (365.0 * (300 - i) / 300) * interval '1 day' - ${h('i', 'min')} * interval '1 minute' as at,
                    ${h('i', 's')} / 10 as rs, ${h('i', 'inv')} / 10 as ri, ${h('i', 'v')} as rv, ${h('i', 'l')} as rl, ${h('i', 'e')} as re
               from generate_series(1, 300) as i),
           staged as (
             select b.*,
                    case
                      when age > 120 then case when rs < 6 then 'cancelled' when rs < 80 then 'closed' else 'received' end
                      when age > 60 then case when rs < 5 then 'cancelled' when rs < 35 then 'closed' when rs < 80 then 'received' else 'partially_received' end
                      when age > 30 then case when rs < 5 then 'cancelled' when rs < 20 then 'received' when rs < 55 then 'partially_received' when rs < 80 then 'confirmed' else 'submitted' end
                      else case when rs < 8 then 'cancelled' when rs < 35 then 'draft' when rs < 60 then 'submitted' when rs < 80 then 'confirmed' else 'partially_received' end
                    end as status
               from base b)
      select s.i, s.at, s.status,
             case s.status
               when 'draft' then 'not_invoiced' when 'submitted' then 'not_invoiced'
               when 'confirmed' then case when ri < 70 then 'not_invoiced' else 'invoiced' end
               when 'partially_received' then case when ri < 40 then 'not_invoiced' when ri < 85 then 'invoiced' else 'partially_paid' end
               when 'received' then case when ri < 15 then 'invoiced' when ri < 45 then 'partially_paid' when ri < 90 then 'paid' else 'disputed' end
               when 'closed' then case when ri < 95 then 'paid' else 'disputed' end
               else case when ri < 70 then 'not_invoiced' else 'void' end
             end as invoice_status,
             (select id from vendor_list v where v.k = s.rv % v.n) as vendor_id,
             case when s.re < 700 then 'SD' else 'LOS' end as entity,
             (select id from locations where code = case when s.rl < 600 then 'DAL' else 'RNO' end) as location_id,
             (s.at + (5 + s.rv % 12) * interval '1 day')::date as expected_date,
             case when s.rl % 3 = 0 then 0 else 995 + (s.rv % 40) * 100 end as shipping_cents
        from staged s`);
    await t.execute(sql`
      insert into purchase_orders (number, vendor_id, entity, status, invoice_status, location_id, expected_date, submitted_at, closed_at,
                                   shipping_cents, invoice_number, invoice_date, invoice_amount_cents, notes, created_by, created_at, updated_at)
      select 'PO-' || to_char(p.at, 'YYYY') || '-' || lpad(nextval('purchase_order_number_seq')::text, 5, '0'),
             p.vendor_id, p.entity, p.status, p.invoice_status, p.location_id, p.expected_date,
             case when p.status <> 'draft' then p.at + interval '3 hours' end,
             case when p.status = 'closed' then p.at + interval '30 days' end,
             p.shipping_cents,
             case when p.invoice_status <> 'not_invoiced' then 'INV-' || (40000 + p.i * 7)::text end,
             case when p.invoice_status <> 'not_invoiced' then (p.at + interval '4 days')::date end,
             null,
             case when p.i % 9 = 0 then 'Deliver to dock 2; call 30 minutes ahead.' when p.i % 13 = 0 then 'Hazmat paperwork with the shipment (ORM-D / Limited Quantity).' end,
             (select id from users where email = 'purchasing@example.com'),
             p.at, least(p.at + interval '30 days', now())
        from seed_po p order by p.i`);
    await t.execute(sql`alter table seed_po add column po_id integer`);
    await t.execute(sql`update seed_po p set po_id = po.id from purchase_orders po
                         where po.created_at = p.at and po.vendor_id = p.vendor_id and po.location_id = p.location_id`);

    // ── the lines: 1–5 a order, ammunition by rounds (500–20,000 a line), accessories by the dozen ──
    await t.execute(sql`
      with candidates as (
             select va.id, va.units_per_package, va.cost_cents, pr.variation_type, (row_number() over (order by va.id) - 1)::int as k
               from variants va join products pr on pr.id = va.product_id where pr.type = 'physical'),
           counted as (select count(*)::int as n from candidates),
           picks as (
             select p.po_id, p.vendor_id, p.status, k, ${h("p.i || '-' || k", 'var')} as rv, ${h("p.i || '-' || k", 'q')} as rq, ${h("p.i || '-' || k", 'c')} as rc
               from seed_po p cross join lateral generate_series(1, 1 + ${h('p.i', 'n')} % 5) as k),
           sized as (
             select pk.*, c.id as variant_id,
                    greatest(case when pk.status = 'partially_received' then 2 else 1 end,
                             case when c.variation_type = 'pieces' then 12 + pk.rq % 150
                                  else round((500 + pk.rq * 19.5) / c.units_per_package)::int end) as quantity,
                    coalesce((select vp.cost_cents from vendor_products vp where vp.vendor_id = pk.vendor_id and vp.variant_id = c.id and vp.cost_cents is not null limit 1),
                             round(c.cost_cents * (0.92 + pk.rc / 10000.0))::int,
                             c.units_per_package * 30) as unit_cost_cents
               from picks pk cross join counted join candidates c on c.k = (pk.rv * 7 + pk.k * 131) % counted.n)
      insert into purchase_order_lines (purchase_order_id, variant_id, quantity, unit_cost_cents, quantity_received, quantity_cancelled, sort_order)
      select po_id, variant_id, quantity, unit_cost_cents,
             case status
               when 'received' then quantity - case when rq % 10 = 0 then quantity / 4 else 0 end
               when 'closed' then quantity - case when rq % 10 = 0 then quantity / 4 else 0 end
               when 'partially_received' then case when k = 1 then quantity / 2 when rq % 2 = 0 then quantity else 0 end
               else 0 end,
             case when status = 'cancelled' then quantity when status in ('received', 'closed') and rq % 10 = 0 then quantity / 4 else 0 end,
             k - 1
        from sized order by po_id, k`);
    await t.execute(sql`update purchase_orders po set invoice_amount_cents = po.ordered_cents + po.shipping_cents - case when po.invoice_status = 'disputed' then 4500 else 0 end
                         where po.invoice_number is not null and po.id in (select po_id from seed_po)`);

    // ── receipts, and what followed each one ──
    await t.execute(sql`
      create temporary table seed_rcpt on commit drop as
      select l.id as line_id, l.variant_id, po.location_id, l.quantity_received as qty, l.unit_cost_cents as cost, po.number,
             least(po.created_at + (3 + ${h('l.id', 'd')} % 10) * interval '1 day' + ${h('l.id', 'm')} * interval '1 minute', now() - interval '2 hours') as at,
             ${h('l.id', 'x')} as rx
        from purchase_order_lines l join purchase_orders po on po.id = l.purchase_order_id
       where l.quantity_received > 0 and po.id in (select po_id from seed_po)`);
    await t.execute(sql`alter table seed_rcpt add column transfer_id bigint`);
    await t.execute(sql`update seed_rcpt set transfer_id = nextval('inventory_transfer_seq')
                         where rx % 25 = 0 and qty >= 10 and location_id = (select id from locations where code = 'DAL')`);
    await t.execute(sql`
      create temporary table seed_moves on commit drop as
      with rc as (select r.*, least(interval '120 days', now() - r.at - interval '1 hour') as span from seed_rcpt r),
           sales as (
             select rc.*, 3 + rc.rx % 12 as n, floor(rc.qty * (0.4 + (rc.rx % 40) / 100.0))::int as total from rc),
           moves as (
             select r.at, r.variant_id, r.location_id, 'receipt' as kind, r.qty as quantity, r.cost, null as reason, r.line_id, r.number as reference, null::bigint as transfer_id, 0 as ord
               from rc r
             union all
             select s.at + s.span * j / (s.n + 1), s.variant_id, s.location_id, 'sale', -(s.total / s.n + case when j <= s.total % s.n then 1 else 0 end),
                    null, null, null, 'SO-' || (200000 + s.line_id * 16 + j)::text, null, 1
               from sales s cross join lateral generate_series(1, s.n) as j
              where s.total / s.n + case when j <= s.total % s.n then 1 else 0 end > 0
             union all
             select r.at + interval '2 days', r.variant_id, r.location_id, 'adjustment', -floor(r.qty * 0.03)::int, null,
                    case when r.rx % 2 = 0 then 'Damaged: crushed cases in transit' else 'Damaged: water damage on the pallet' end, null, null, null, 2
               from rc r where r.rx % 15 = 0 and floor(r.qty * 0.03) >= 1
             union all
             select r.at + r.span * 0.9, r.variant_id, r.location_id, 'count', case when r.rx % 3 = 0 then 1 else -floor(r.qty * 0.02)::int end, null,
                    'Count correction: cycle count', null, null, null, 3
               from rc r where r.rx % 20 = 1 and (r.rx % 3 = 0 or floor(r.qty * 0.02) >= 1)
             union all
             select r.at + interval '1 day', r.variant_id, r.location_id, 'transfer_out', -(r.qty / 10), null, 'Rebalance stock to the west', null, 'DAL → RNO', r.transfer_id, 4
               from rc r where r.transfer_id is not null
             union all
             select r.at + interval '1 day', r.variant_id, (select id from locations where code = 'RNO'), 'transfer_in', r.qty / 10, r.cost, 'Rebalance stock to the west', null, 'DAL → RNO', r.transfer_id, 5
               from rc r where r.transfer_id is not null)
      select m.*, row_number() over (order by m.at, m.ord) as seq from moves m where m.quantity <> 0`);
    // The ledger trigger adds one row at a time (half a millisecond each on PGlite): for the seed's
    // thousands of rows it is set aside and the same derivation is done set-based — the items' on hand
    // and average cost, each row's balance — then checked against the ledger before the trigger is back.
    await t.execute(sql`alter table inventory_transactions disable trigger qm_inventory_ledger_apply`);
    await t.execute(sql`alter table inventory_items disable trigger qm_inventory_on_hand_guard`);
    await t.execute(sql`
      insert into inventory_items as i (variant_id, location_id, on_hand, avg_cost_cents, created_at, updated_at)
      select variant_id, location_id, sum(quantity)::int,
             round(sum(quantity * cost) filter (where quantity > 0 and cost is not null)::numeric
                   / nullif(sum(quantity) filter (where quantity > 0 and cost is not null), 0))::int,
             min(at), max(at)
        from seed_moves group by variant_id, location_id
      on conflict (variant_id, location_id) do update
         set on_hand = i.on_hand + excluded.on_hand, avg_cost_cents = coalesce(excluded.avg_cost_cents, i.avg_cost_cents),
             updated_at = excluded.updated_at, version = i.version + 1`);
    await t.execute(sql`
      insert into inventory_transactions (at, inventory_item_id, variant_id, location_id, kind, quantity, balance_after, unit_cost_cents, reason,
                                          purchase_order_line_id, reference, transfer_id, user_id)
      select m.at, i.id, m.variant_id, m.location_id, m.kind, m.quantity,
             (coalesce((select sum(x.quantity) from inventory_transactions x where x.inventory_item_id = i.id), 0)
               + sum(m.quantity) over (partition by m.variant_id, m.location_id order by m.seq))::int,
             m.cost, m.reason, m.line_id, m.reference, m.transfer_id, case when m.kind <> 'sale' then u.id end
        from seed_moves m join inventory_items i on i.variant_id = m.variant_id and i.location_id = m.location_id
        left join users u on u.email = 'purchasing@example.com'
       order by m.seq`);
    await t.execute(sql`alter table inventory_items enable trigger qm_inventory_on_hand_guard`);
    await t.execute(sql`alter table inventory_transactions enable trigger qm_inventory_ledger_apply`);
    const [check] = await query<{ bad: number }>(
      t,
      sql`select count(*)::int as bad from inventory_items i
           where i.on_hand < 0 or i.on_hand <> coalesce((select sum(quantity) from inventory_transactions x where x.inventory_item_id = i.id), 0)`,
    );
    if (check!.bad) throw new Error(`Demo inventory: ${check!.bad} items whose on hand is not the sum of their ledger`);
    // A reorder point where the item sells: two weeks of its last 90 days' sales at that warehouse, at least a case's 6
    await t.execute(sql`
      update inventory_items i set reorder_point = greatest(6, ceil(s.sold * 14 / 90.0))::int
        from (select inventory_item_id, -sum(quantity) as sold from inventory_transactions
               where kind = 'sale' and at > now() - interval '90 days' group by inventory_item_id) s
       where s.inventory_item_id = i.id and s.sold > 0`);
  });
}

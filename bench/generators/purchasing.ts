/**
 * Vendors, their catalogues, purchase orders and the inventory ledger at scale, for the reports:
 * 15 vendors × 100,000 vendor products, 50,000 purchase orders with 500,000 lines, stock of 60,000
 * variants in every warehouse and 1,000,000 ledger rows over the last year. Set-based SQL only.
 */
import { sql } from 'drizzle-orm';
import { pickText, rows, tableExists, withTriggersDisabled, type Generator } from './types.js';

export const PURCHASING_SIZES = {
  vendors: 15,
  vendorProductsPerVendor: 100_000,
  purchaseOrders: 50_000,
  linesPerOrder: 10,
  stockedVariants: 60_000,
  transactions: 1_000_000,
} as const;

const S = PURCHASING_SIZES;

export const purchasingGenerator: Generator = {
  name: 'purchasing',
  async run({ db, log }) {
    for (const t of ['vendors', 'vendor_products', 'locations', 'purchase_orders', 'purchase_order_lines', 'inventory_items', 'inventory_transactions'])
      if (!(await tableExists(db, t))) return `table ${t} does not exist`;
    const [{ n: variantCount }] = (await rows<{ n: number }>(db, sql`select count(*)::int as n from variants`)) as [{ n: number }];
    if (variantCount < 1000) return 'the catalogue has too few variants';

    // Variant ids by position (1..n), so a pseudo-random position picks a real variant.
    await db.execute(sql`create temporary table bench_variants on commit drop as select row_number() over (order by id)::int as pos, id, cost_cents from variants`);
    await db.execute(sql`create index on bench_variants (pos)`);
    await db.execute(sql`analyze bench_variants`);

    await db.execute(sql`
      insert into vendors (name, code, can_drop_ship, shipping_cents, handling_days)
      select 'Bench Distributor ' || g, 'BD' || g, g % 3 = 0, 995 + g * 50, 1 + g % 4 from generate_series(1, ${S.vendors}::int) g
      on conflict do nothing`);
    const vendorIds = (await rows<{ id: number }>(db, sql`select id from vendors where code like 'BD%' order by id`)).map((r) => r.id);
    await db.execute(sql`
      insert into locations (code, name, city, state, zip)
      select code, name, city, state, zip from (values ('BX1', 'Bench Warehouse East', 'Columbus', 'OH', '43004'), ('BX2', 'Bench Warehouse West', 'Reno', 'NV', '89501')) v(code, name, city, state, zip)
      on conflict do nothing`);
    const locationIds = (await rows<{ id: number }>(db, sql`select id from locations order by id`)).map((r) => r.id);
    const vArr = `(array[${vendorIds.join(",")}])`;
    const lArr = `(array[${locationIds.join(",")}])`;
    const variantAt = (expr: string, salt: number) => `(1 + ${pickText(expr, salt, variantCount)})`;

    // 15 × 100,000 catalogue lines; 85 % matched to a variant.
    let t0 = performance.now();
    await db.execute(
      sql.raw(`
      insert into vendor_products (vendor_id, vendor_sku, name, upc, variant_id, match_method, cost_cents, quantity_available, can_drop_ship, map_cents, last_synced_at)
      select ${vArr}[1 + (g - 1) / ${S.vendorProductsPerVendor}], 'BVS-' || g, 'Vendor item ' || g, lpad(g::text, 12, '0'),
             case when ${pickText('g', 1, 100)} < 85 then bv.id end, case when ${pickText('g', 1, 100)} < 85 then 'upc' end,
             coalesce(bv.cost_cents, 1000) + ${pickText('g', 2, 300)}, ${pickText('g', 3, 500)}, ${pickText('g', 4, 4)} = 0, null, now() - interval '1 day'
        from generate_series(1, ${S.vendors * S.vendorProductsPerVendor}::int) g
        join bench_variants bv on bv.pos = ${variantAt('g', 5)}`),
    );
    log(`vendor_products: ${S.vendors * S.vendorProductsPerVendor} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    // 50,000 purchase orders over two years; older ones received or closed, recent ones still open.
    t0 = performance.now();
    const [{ first }] = (await rows<{ first: number }>(
      db,
      sql.raw(`
      with ins as (
        insert into purchase_orders (number, vendor_id, entity, status, location_id, created_at, submitted_at, expected_date, shipping_cents)
        select 'BENCH-' || lpad(g::text, 6, '0'), ${vArr}[1 + ${pickText('g', 6, vendorIds.length)}], case when ${pickText('g', 7, 3)} = 0 then 'LOS' else 'SD' end,
               case when g > ${S.purchaseOrders - 2000} then (array['draft', 'submitted', 'confirmed', 'partially_received'])[1 + ${pickText('g', 8, 4)}]
                    when ${pickText('g', 9, 50)} = 0 then 'cancelled'
                    when g > ${S.purchaseOrders - 6000} then 'partially_received'
                    else (array['received', 'closed'])[1 + ${pickText('g', 10, 2)}] end,
               ${lArr}[1 + ${pickText('g', 11, locationIds.length)}],
               now() - ((${S.purchaseOrders} - g) * interval '1 day' * 730 / ${S.purchaseOrders}) - ${pickText('g', 12, 86400)} * interval '1 second',
               now() - ((${S.purchaseOrders} - g) * interval '1 day' * 730 / ${S.purchaseOrders}), current_date + 7, ${pickText('g', 13, 5000)}
          from generate_series(1, ${S.purchaseOrders}::int) g
        returning id)
      select min(id)::int as first from ins`),
    )) as [{ first: number }];
    // 10 lines each: received in full on received/closed orders, partly on partially received ones.
    await db.execute(
      sql.raw(`
      insert into purchase_order_lines (purchase_order_id, variant_id, quantity, unit_cost_cents, quantity_received, quantity_cancelled, sort_order)
      select po.id, bv.id, q.qty, coalesce(bv.cost_cents, 900) + ${pickText('g', 14, 200)},
             case when po.status in ('received', 'closed') then q.qty when po.status = 'partially_received' then q.qty / 2 else 0 end,
             case when po.status = 'cancelled' then q.qty else 0 end, g % ${S.linesPerOrder}
        from generate_series(0, ${S.purchaseOrders * S.linesPerOrder - 1}::int) g
        join purchase_orders po on po.id = ${first} + g / ${S.linesPerOrder}
        join bench_variants bv on bv.pos = ${variantAt('g', 15)}
        cross join lateral (select 10 + ${pickText('g', 16, 50)} * 10 as qty) q`),
    );
    log(`purchase_orders: ${S.purchaseOrders}, lines: ${S.purchaseOrders * S.linesPerOrder} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    // Stock: 60,000 variants in every warehouse. On hand is the ledger's to keep (an item is created
    // empty), filled below from the ledger's own sums.
    t0 = performance.now();
    await db.execute(
      sql.raw(`
      insert into inventory_items (variant_id, location_id, on_hand, avg_cost_cents, bin, reorder_point)
      select bv.id, l.id, 0, coalesce(bv.cost_cents, 900), 'A-' || (bv.pos % 40) || '-' || (bv.pos % 9), case when bv.pos % 4 = 0 then 20 end
        from bench_variants bv cross join unnest(${lArr}) l(id)
       where bv.pos <= ${S.stockedVariants}
      on conflict do nothing`),
    );
    await db.execute(sql`create temporary table bench_items on commit drop as select row_number() over (order by id)::int as pos, id, variant_id, location_id, avg_cost_cents from inventory_items`);
    await db.execute(sql`create index on bench_items (pos)`);
    const [{ items }] = (await rows<{ items: number }>(db, sql`select count(*)::int as items from bench_items`)) as [{ items: number }];
    const userIds = (await rows<{ id: number }>(db, sql`select id from users order by id limit 200`)).map((r) => r.id);

    // 1,000,000 ledger rows: every item's opening receipt a year ago (what its later movements need
    // never to go below zero, plus 0–399), then movements over the year, oldest first (mostly sales,
    // then receipts, returns, adjustments, counts). The ledger trigger applies rows one by one (an
    // upsert of the item per row); here each row's balance is the running sum of its item's rows, and
    // the items' on hand their last balance, set-wise, with the ledger and on-hand triggers held back.
    const movements = S.transactions - items;
    await db.execute(
      sql.raw(`
      create temporary table bench_moves on commit drop as
      select g, now() - (1 - g::float8 / ${movements}) * interval '365 days' as at, i.id as item, i.variant_id, i.location_id, k.kind,
             case when k.kind in ('sale', 'transfer_out') then -(1 + ${pickText('g', 19, 6)}) when k.kind = 'receipt' then 20 + ${pickText('g', 20, 200)} else 1 + ${pickText('g', 21, 5)} end as quantity,
             i.avg_cost_cents, case when k.kind = 'adjustment' then 'Damaged in handling' end as reason,
             case when k.kind = 'sale' then null else (array[${userIds.join(',')}])[1 + ${pickText('g', 23, userIds.length)}] end as user_id
        from generate_series(1, ${movements}::int) g
        join bench_items i on i.pos = 1 + ${pickText('g', 24, items)}
        cross join lateral (select (array['sale','sale','sale','sale','sale','sale','sale','receipt','receipt','return','adjustment','count'])[1 + ${pickText('g', 25, 12)}] as kind) k`),
    );
    await db.execute(
      sql.raw(`
      create temporary table bench_opening on commit drop as
      select i.id as item, i.variant_id, i.location_id, i.avg_cost_cents, greatest(0, -coalesce(m.lowest, 0)) + 1 + ${pickText('i.pos', 17, 400)} as quantity
        from bench_items i
        left join (select item, min(running) as lowest
                     from (select item, sum(quantity) over (partition by item order by g) as running from bench_moves) r
                    group by item) m on m.item = i.id`),
    );
    await withTriggersDisabled(
      db,
      [
        ['inventory_transactions', 'qm_inventory_ledger_apply'],
        ['inventory_items', 'qm_inventory_on_hand_guard'],
      ],
      async () => {
        await db.execute(sql`
          insert into inventory_transactions (at, inventory_item_id, variant_id, location_id, kind, quantity, balance_after, unit_cost_cents, reason, user_id)
          select now() - interval '366 days', item, variant_id, location_id, 'receipt', quantity, quantity, avg_cost_cents, 'Opening stock', null
            from bench_opening order by item`);
        await db.execute(sql`
          insert into inventory_transactions (at, inventory_item_id, variant_id, location_id, kind, quantity, balance_after, unit_cost_cents, reason, user_id)
          select m.at, m.item, m.variant_id, m.location_id, m.kind, m.quantity,
                 o.quantity + sum(m.quantity) over (partition by m.item order by m.g), m.avg_cost_cents, m.reason, m.user_id
            from bench_moves m join bench_opening o on o.item = m.item
           order by m.g`);
        await db.execute(sql`
          update inventory_items i set on_hand = t.on_hand
            from (select inventory_item_id as id, sum(quantity)::int as on_hand from inventory_transactions group by 1) t
           where i.id = t.id`);
      },
    );
    const [{ off }] = (await rows<{ off: number }>(
      db,
      sql`select count(*)::int as off from inventory_items i
            left join (select inventory_item_id as id, sum(quantity) as n from inventory_transactions group by 1) t on t.id = i.id
           where i.on_hand <> coalesce(t.n, 0)`,
    )) as [{ off: number }];
    if (off) throw new Error(`${off} inventory items' on hand differs from their ledger's sum`);
    log(`inventory_items: ${items}, transactions: ${S.transactions} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    return {
      vendors: vendorIds.length,
      vendor_products: S.vendors * S.vendorProductsPerVendor,
      purchase_orders: S.purchaseOrders,
      purchase_order_lines: S.purchaseOrders * S.linesPerOrder,
      inventory_items: items,
      inventory_transactions: S.transactions,
    };
  },
};

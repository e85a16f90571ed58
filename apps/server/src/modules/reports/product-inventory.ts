/**
 * Product Inventory Report: per variant (or per variant and location) what is on hand, on order
 * (open purchase orders), sold per day over the last 30 and 90 days (the ledger's sales), days of
 * cover at the last 30 days' pace, and the value of the stock at its average cost.
 */
import { sql } from 'drizzle-orm';
import { col, contains, defineReport, filter, where } from '../../reports/kit.js';
import { PRODUCT_TITLE, brandOptions, locationOptions, OPEN_PO_STATUSES } from './lookups.js';

export const productInventory = defineReport({
  name: 'product-inventory',
  title: 'Product Inventory Report',
  permissions: ['reports.read', 'inventory.read'],
  filters: {
    location_id: filter.id('Location', locationOptions),
    brand_id: filter.id('Brand', brandOptions),
    sku: filter.text('SKU'),
  },
  groups: { variant: 'Variant', location: 'Variant and location' },
  columns: [
    col.text('sku', 'SKU'),
    col.text('product', 'Product'),
    col.text('location', 'Location', undefined, { groups: ['location'] }),
    col.int('on_hand', 'On hand', 'sum'),
    col.int('on_order', 'On order', 'sum'),
    col.int('sold_30', 'Sold 30 d', 'sum'),
    col.number('per_day_30', 'Per day (30 d)', { sql: sql`sum(sold_30) / 30.0` }),
    col.int('sold_90', 'Sold 90 d', 'sum'),
    col.number('per_day_90', 'Per day (90 d)', { sql: sql`sum(sold_90) / 90.0` }),
    col.number('days_of_cover', 'Days of cover', { ratio: ['on_hand', 'sold_30'], times: 30 }),
    col.money('value', 'Value at cost', 'sum'),
  ],
  rows: (f, { group }) => {
    const byLocation = group === 'location';
    const atLocation = (expr: string) => f.location_id && sql`${sql.raw(expr)} = ${f.location_id}`;
    // the SKU and brand filters as the set of variants they leave (the names are looked up for the page only)
    const variants =
      (f.sku || f.brand_id) &&
      sql`(select v.id from variants v join products p on p.id = v.product_id ${where(
        f.sku && sql`(${contains(sql`v.sku`, f.sku)} or ${contains(sql`p.title`, f.sku)})`,
        f.brand_id && sql`p.brand_id = ${f.brand_id}`,
      )})`;
    const ofVariants = (expr: string) => variants && sql`${sql.raw(expr)} in ${variants}`;
    const loc = byLocation ? sql`, location_id` : sql``;
    // Stock (one row per item, or summed per variant) joined in full to the open orders and the last 90
    // days' sales summed per key: keys and figures only, so the page's names are looked up for its rows
    // alone (`lookup`) — joining 100,000 variants and products before the grouping cost ~0.5 s.
    const stock = byLocation
      ? sql`select variant_id, location_id, on_hand::int8 as on_hand, on_hand::int8 * coalesce(avg_cost_cents, 0) as value
              from inventory_items ${where(atLocation('location_id'), ofVariants('variant_id'))}`
      : sql`select variant_id, sum(on_hand)::int8 as on_hand, sum(on_hand::int8 * coalesce(avg_cost_cents, 0))::int8 as value
              from inventory_items ${where(atLocation('location_id'), ofVariants('variant_id'))} group by variant_id`;
    return sql`
          select coalesce(i.variant_id, m.variant_id) as variant_id${byLocation ? sql`, coalesce(i.location_id, m.location_id) as location_id` : sql``},
                 coalesce(i.on_hand, 0) as on_hand, coalesce(i.value, 0) as value,
                 coalesce(m.on_order, 0) as on_order, coalesce(m.sold_30, 0) as sold_30, coalesce(m.sold_90, 0) as sold_90
            from (${stock}) i
            full join (
              select variant_id${loc}, sum(on_order)::int8 as on_order, sum(sold_30)::int8 as sold_30, sum(sold_90)::int8 as sold_90
                from (
                  select l.variant_id, po.location_id, l.quantity - l.quantity_received - l.quantity_cancelled as on_order, 0 as sold_30, 0 as sold_90
                    from purchase_order_lines l join purchase_orders po on po.id = l.purchase_order_id
                   ${where(sql`l.quantity > l.quantity_received + l.quantity_cancelled`, sql`po.status in ${OPEN_PO_STATUSES}`, atLocation('po.location_id'), ofVariants('l.variant_id'))}
                  union all
                  select variant_id, location_id, 0, case when at >= now() - interval '30 days' then -quantity else 0 end, -quantity
                    from inventory_transactions
                   ${where(sql`kind = 'sale'`, sql`at >= now() - interval '90 days'`, atLocation('location_id'), ofVariants('variant_id'))}
                ) f
               group by variant_id${loc}
            ) m on m.variant_id = i.variant_id${byLocation ? sql` and m.location_id = i.location_id` : sql``}`;
  },
  // names, and the rates derived from a row's figures, for the page's rows only
  lookup: {
    columns: ['sku', 'product', 'location', 'per_day_30', 'per_day_90', 'days_of_cover'],
    join: (rows, { group }) => sql`
      select r.*, v.sku, ${PRODUCT_TITLE} as product${group === 'location' ? sql`, l.code as location` : sql``},
             round(r.sold_30 / 30.0, 2)::float8 as per_day_30, round(r.sold_90 / 90.0, 2)::float8 as per_day_90,
             case when r.sold_30 > 0 then round(r.on_hand * 30.0 / r.sold_30, 1)::float8 end as days_of_cover
        from ${rows} r
        join variants v on v.id = r.variant_id
        left join products p on p.id = v.product_id
        ${group === 'location' ? sql`left join locations l on l.id = r.location_id` : sql``}`,
  },
  aggregated: true,
  key: (group) => (group === 'location' ? ['variant_id', 'location_id'] : ['variant_id']),
  defaultSort: '-value',
});

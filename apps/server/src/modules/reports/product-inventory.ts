/**
 * Product Inventory Report: per variant (or per variant and location) what is on hand, on order
 * (open purchase orders), sold per day over the last 30 and 90 days (the ledger's sales), days of
 * cover at the last 30 days' pace, and the value of the stock at its average cost.
 */
import { sql } from 'drizzle-orm';
import { col, contains, defineReport, filter, where } from '../../reports/kit.js';
import { brandOptions, locationOptions, OPEN_PO_STATUSES } from './lookups.js';

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
    const loc = (alias: string) => (byLocation ? sql.raw(`, ${alias}.location_id`) : sql``);
    const locCol = byLocation ? sql`, location_id` : sql``;
    const atLocation = (expr: string) => f.location_id && sql`${sql.raw(expr)} = ${f.location_id}`;
    const joinOn = (alias: string) => (byLocation ? sql.raw(`${alias}.variant_id = k.variant_id and ${alias}.location_id = k.location_id`) : sql.raw(`${alias}.variant_id = k.variant_id`));
    // The keys: every variant (and location) with stock, an open order or a sale in the last 90 days.
    return sql`
      select k.variant_id${byLocation ? sql`, k.location_id` : sql``}, v.sku, p.title as product${byLocation ? sql`, (select l.code from locations l where l.id = k.location_id) as location` : sql``},
             coalesce(i.on_hand, 0)::int8 as on_hand, coalesce(o.on_order, 0)::int8 as on_order,
             coalesce(s.sold_30, 0)::int8 as sold_30, coalesce(s.sold_90, 0)::int8 as sold_90,
             round(coalesce(s.sold_30, 0) / 30.0, 2)::float8 as per_day_30,
             round(coalesce(s.sold_90, 0) / 90.0, 2)::float8 as per_day_90,
             case when s.sold_30 > 0 then round(coalesce(i.on_hand, 0) * 30.0 / s.sold_30, 1)::float8 end as days_of_cover,
             coalesce(i.value, 0)::int8 as value
        from (
          select variant_id${locCol} from inventory_items ${where(atLocation('location_id'))}
          union
          select l.variant_id${byLocation ? sql`, po.location_id` : sql``} from purchase_order_lines l join purchase_orders po on po.id = l.purchase_order_id
           ${where(sql`po.status in ${OPEN_PO_STATUSES}`, sql`l.quantity > l.quantity_received + l.quantity_cancelled`, atLocation('po.location_id'))}
          union
          select variant_id${locCol} from inventory_transactions
           ${where(sql`kind = 'sale'`, sql`at >= now() - interval '90 days'`, atLocation('location_id'))}
        ) k
        join variants v on v.id = k.variant_id
        left join products p on p.id = v.product_id
        left join (
          select variant_id${locCol}, sum(on_hand) as on_hand, sum(on_hand::int8 * coalesce(avg_cost_cents, 0)) as value
            from inventory_items ${where(atLocation('location_id'))} group by variant_id${locCol}
        ) i on ${joinOn('i')}
        left join (
          select l.variant_id${loc('po')}, sum(l.quantity - l.quantity_received - l.quantity_cancelled) as on_order
            from purchase_order_lines l join purchase_orders po on po.id = l.purchase_order_id
           ${where(sql`po.status in ${OPEN_PO_STATUSES}`, atLocation('po.location_id'))}
           group by l.variant_id${loc('po')}
        ) o on ${joinOn('o')}
        left join (
          select variant_id${locCol}, -sum(quantity) filter (where at >= now() - interval '30 days') as sold_30, -sum(quantity) as sold_90
            from inventory_transactions
           ${where(sql`kind = 'sale'`, sql`at >= now() - interval '90 days'`, atLocation('location_id'))}
           group by variant_id${locCol}
        ) s on ${joinOn('s')}
        ${where(
          f.sku && sql`(${contains(sql`v.sku`, f.sku)} or ${contains(sql`p.title`, f.sku)})`,
          f.brand_id && sql`p.brand_id = ${f.brand_id}`,
        )}`;
  },
  aggregated: true,
  key: (group) => (group === 'location' ? ['variant_id', 'location_id'] : ['variant_id']),
  defaultSort: '-value',
});

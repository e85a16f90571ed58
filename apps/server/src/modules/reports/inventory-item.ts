/** Inventory Item Report: what each location holds of each variant, with its value at average cost. */
import { sql } from 'drizzle-orm';
import { col, contains, defineReport, filter, where } from '../../reports/kit.js';
import { PRODUCT_TITLE, brandOptions, locationOptions } from './lookups.js';

/** An item at or below its reorder point (`i`: inventory_items): the report's filter and the dashboard's figure. */
export const belowReorder = sql`(i.reorder_point is not null and i.on_hand <= i.reorder_point)`;

export const inventoryItem = defineReport({
  name: 'inventory-item',
  title: 'Inventory Item Report',
  permissions: ['reports.read', 'inventory.read'],
  filters: {
    location_id: filter.id('Location', locationOptions),
    brand_id: filter.id('Brand', brandOptions),
    sku: filter.text('SKU'),
    stock: filter.oneOf('Stock', ['in_stock', 'out_of_stock', 'below_reorder'], { in_stock: 'In stock', out_of_stock: 'Out of stock', below_reorder: 'At or below reorder point' }),
  },
  columns: [
    col.text('location', 'Location'),
    col.text('sku', 'SKU'),
    col.text('product', 'Product'),
    col.text('bin', 'Bin'),
    col.int('on_hand', 'On hand', 'sum'),
    col.int('reorder_point', 'Reorder point'),
    col.money('avg_cost', 'Average cost', { ratio: ['value', 'on_hand'] }),
    col.money('value', 'Value at cost', 'sum'),
    col.datetime('updated_at', 'Last change'),
  ],
  rows: (f) => sql`
    select i.id, i.variant_id, i.location_id, l.code as location, v.sku, ${PRODUCT_TITLE} as product, i.bin, i.on_hand, i.reorder_point,
           i.avg_cost_cents as avg_cost, i.on_hand::int8 * coalesce(i.avg_cost_cents, 0) as value, i.updated_at
      from inventory_items i
      left join locations l on l.id = i.location_id
      left join variants v on v.id = i.variant_id
      left join products p on p.id = v.product_id
      ${where(
        f.location_id && sql`i.location_id = ${f.location_id}`,
        f.brand_id && sql`p.brand_id = ${f.brand_id}`,
        f.sku && sql`(${contains(sql`v.sku`, f.sku)} or ${contains(sql`p.title`, f.sku)})`,
        f.stock === 'in_stock' && sql`i.on_hand > 0`,
        f.stock === 'out_of_stock' && sql`i.on_hand = 0`,
        f.stock === 'below_reorder' && belowReorder,
      )}`,
  key: () => ['id'],
  defaultSort: 'sku',
});

/** Vendor Order Item Report: every line of the vendor orders, with its order and cost. */
import { sql } from 'drizzle-orm';
import { col, contains, defineReport, filter, where } from '../../reports/kit.js';
import { VO_LATE, VO_SOURCE, vendorOrderConds, vendorOrderFilters } from './order-lookups.js';

export const vendorOrderItem = defineReport({
  name: 'vendor-order-item',
  title: 'Vendor Order Item Report',
  permissions: ['reports.read'],
  filters: { ...vendorOrderFilters, number: filter.text('Vendor order number'), sku: filter.text('SKU') },
  columns: [
    col.text('vendor_order', 'Vendor order'),
    col.datetime('created_at', 'Created'),
    col.text('vendor', 'Source'),
    col.text('status', 'Status', undefined, { codes: 'vendor-order-status' }),
    col.text('order_number', 'Order'),
    col.text('sku', 'SKU'),
    col.text('vendor_sku', 'Vendor SKU'),
    col.int('quantity', 'Quantity', 'sum'),
    col.money('unit_cost', 'Unit cost', 'avg'),
    col.money('cost', 'Cost', 'sum'),
    col.text('late', 'Late'),
  ],
  rows: (f) => sql`
    select vi.id, vo.number as vendor_order, vo.created_at, ${VO_SOURCE} as vendor, vo.status, o.number as order_number, v.sku, vi.vendor_sku,
           vi.quantity, vi.unit_cost_cents as unit_cost, vi.quantity::int8 * vi.unit_cost_cents as cost,
           case when ${VO_LATE} then 'Late' else '' end as late, vo.id as vendor_order_id, vo.order_id, vi.variant_id
      from vendor_order_items vi
      join vendor_orders vo on vo.id = vi.vendor_order_id
      left join orders o on o.id = vo.order_id
      left join vendors vd on vd.id = vo.vendor_id
      left join locations loc on loc.id = vo.location_id
      left join variants v on v.id = vi.variant_id
      ${where(...vendorOrderConds(f), f.number && contains(sql`vo.number`, f.number), f.sku && contains(sql`v.sku`, f.sku))}`,
  key: () => ['id'],
  defaultSort: '-created_at',
});

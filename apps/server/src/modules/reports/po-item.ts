/** PO Item Report: every purchase order line with its received and open quantities. */
import { sql } from 'drizzle-orm';
import { col, contains, defineReport, filter, where } from '../../reports/kit.js';
import { OPEN_PO_STATUSES, PRODUCT_TITLE, poFilters } from './lookups.js';
import { poConds } from './po-summary.js';

export const poItem = defineReport({
  name: 'po-item',
  title: 'PO Item Report',
  permissions: ['reports.read'],
  filters: {
    ...poFilters,
    number: filter.text('PO number'),
    sku: filter.text('SKU'),
    open: filter.oneOf('Lines', ['open', 'complete'], { open: 'Still open', complete: 'Received or cancelled' }),
  },
  columns: [
    col.text('po_number', 'PO'),
    col.date('ordered_at', 'Ordered'),
    col.text('vendor', 'Vendor'),
    col.text('entity', 'Entity'),
    col.text('status', 'Status', undefined, { codes: 'purchase-order-status' }),
    col.text('sku', 'SKU'),
    col.text('product', 'Product'),
    col.int('quantity', 'Ordered', 'sum'),
    col.int('quantity_cancelled', 'Cancelled', 'sum'),
    col.int('quantity_received', 'Received', 'sum'),
    col.int('quantity_open', 'Open', 'sum'),
    col.money('unit_cost', 'Unit cost', 'avg'),
    col.money('cost', 'Cost', 'sum'),
    col.money('open_amount', 'Open amount', 'sum'),
  ],
  rows: (f) => {
    const open = sql`case when po.status in ${OPEN_PO_STATUSES} then l.quantity - l.quantity_received - l.quantity_cancelled else 0 end`;
    return sql`
      select l.id, po.number as po_number, po.created_at as ordered_at, vd.name as vendor, po.entity, po.status,
             v.sku, ${PRODUCT_TITLE} as product, l.quantity, l.quantity_cancelled, l.quantity_received, ${open} as quantity_open,
             l.unit_cost_cents as unit_cost, (l.quantity - l.quantity_cancelled)::int8 * l.unit_cost_cents as cost, ${open}::int8 * l.unit_cost_cents as open_amount,
             po.id as purchase_order_id, l.variant_id
        from purchase_order_lines l
        join purchase_orders po on po.id = l.purchase_order_id
        left join vendors vd on vd.id = po.vendor_id
        left join variants v on v.id = l.variant_id
        left join products p on p.id = v.product_id
        ${where(...poConds(f), f.sku && contains(sql`v.sku`, f.sku), f.open === 'open' && sql`${open} > 0`, f.open === 'complete' && sql`${open} = 0`)}`;
  },
  key: () => ['id'],
  defaultSort: '-ordered_at',
});

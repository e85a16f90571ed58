/** Order Item Report: every order line with its price, cost, margin and where the route sends it. */
import { sql } from 'drizzle-orm';
import { col, contains, defineReport, filter, where } from '../../reports/kit.js';
import { orderConds, orderFilters } from './order-lookups.js';

/** A line's amount: what is not cancelled at its unit price, less that part's share of its discount (as the order's subtotal counts it). */
const AMOUNT = sql`((i.quantity - i.cancelled_quantity)::int8 * i.unit_price_cents - (i.discount_cents::int8 * (i.quantity - i.cancelled_quantity)) / i.quantity)`;

export const orderItem = defineReport({
  name: 'order-item',
  title: 'Order Item Report',
  permissions: ['reports.read'],
  filters: { ...orderFilters, number: filter.text('Order number'), sku: filter.text('SKU') },
  columns: [
    col.text('number', 'Order'),
    col.datetime('placed_at', 'Placed'),
    col.text('store', 'Store'),
    col.text('status', 'Status', undefined, { codes: 'order-status' }),
    col.text('sku', 'SKU'),
    col.text('title', 'Product'),
    col.int('quantity', 'Ordered', 'sum'),
    col.int('cancelled', 'Cancelled', 'sum'),
    col.money('unit_price', 'Unit price', 'avg'),
    col.money('discount', 'Discount', 'sum'),
    col.money('amount', 'Price', 'sum'),
    col.money('cost', 'Cost', 'sum'),
    col.money('margin', 'Margin', 'sum'),
    col.percent('margin_pct', 'Margin %', { ratio: ['margin', 'amount'] }),
    col.text('source', 'Routed to', undefined, { sortable: false }),
  ],
  rows: (f) => sql`
    select i.id, o.number, o.placed_at, s.name as store, o.status, i.sku, i.title, i.quantity, i.cancelled_quantity as cancelled,
           i.unit_price_cents as unit_price, i.discount_cents as discount, ${AMOUNT} as amount, i.cost_cents as cost,
           ${AMOUNT} - i.cost_cents as margin, (${AMOUNT} - i.cost_cents)::float8 / nullif(${AMOUNT}, 0) as margin_pct,
           (select string_agg(distinct coalesce(vd.name, loc.code), ', ')
              from vendor_order_items vi join vendor_orders vo on vo.id = vi.vendor_order_id
              left join vendors vd on vd.id = vo.vendor_id left join locations loc on loc.id = vo.location_id
             where vi.order_item_id = i.id and vo.status <> 'cancelled') as source,
           o.id as order_id, i.variant_id
      from order_items i
      join orders o on o.id = i.order_id
      left join stores s on s.id = o.store_id
      ${where(...orderConds(f), f.sku && contains(sql`i.sku`, f.sku))}`,
  key: () => ['id'],
  defaultSort: '-placed_at',
});

/** Vendor Order Report: vendor orders by source, status or month — orders, units, items, fees, shipping, total, late. */
import { sql } from 'drizzle-orm';
import { col, defineReport, where } from '../../reports/kit.js';
import { VO_LATE, VO_SOURCE, vendorOrderConds, vendorOrderFilters } from './order-lookups.js';

export const vendorOrder = defineReport({
  name: 'vendor-order',
  title: 'Vendor Order Report',
  permissions: ['reports.read'],
  filters: vendorOrderFilters,
  groups: { vendor: 'Vendor', status: 'Status', month: 'Month' },
  columns: [
    col.text('vendor', 'Vendor', undefined, { groups: ['vendor'] }),
    col.text('status', 'Status', undefined, { groups: ['status'] }),
    col.text('month', 'Month', undefined, { groups: ['month'] }),
    col.int('vendor_orders', 'Vendor orders', 'sum'),
    col.int('units', 'Units', 'sum'),
    col.money('items', 'Items', 'sum'),
    col.money('fees', 'Fees', 'sum'),
    col.money('shipping', 'Shipping', 'sum'),
    col.money('total', 'Total', 'sum'),
    col.int('late', 'Late', 'sum'),
  ],
  base: (f) => sql`
    select vo.id, ${VO_SOURCE} as source, coalesce('v' || vo.vendor_id, 'w' || vo.location_id) as source_key, vo.status,
           to_char(vo.created_at at time zone 'UTC', 'YYYY-MM') as month, vo.units, vo.items_cents, vo.fees_cents, vo.shipping_cents, vo.total_cents,
           ${VO_LATE} as is_late
      from vendor_orders vo left join vendors vd on vd.id = vo.vendor_id left join locations loc on loc.id = vo.location_id
      ${where(...vendorOrderConds(f))}`,
  rows: (_f, { group }) => {
    const key = group === 'vendor' ? sql`x.source_key` : group === 'status' ? sql`x.status` : sql`x.month`;
    const label = group === 'vendor' ? sql`min(x.source) as vendor, x.source_key` : group === 'status' ? sql`x.status` : sql`x.month`;
    return sql`
      select ${label}, count(*)::int8 as vendor_orders, sum(x.units)::int8 as units, sum(x.items_cents)::int8 as items, sum(x.fees_cents)::int8 as fees,
             sum(x.shipping_cents)::int8 as shipping, sum(x.total_cents)::int8 as total, count(*) filter (where x.is_late)::int8 as late
        from report_base x group by ${key}`;
  },
  aggregated: true,
  key: (group) => (group === 'vendor' ? ['source_key'] : [group]),
  defaultSort: (group) => (group === 'month' ? '-month' : '-total'),
  chart: {
    kind: 'trend',
    title: 'Vendor order totals by month',
    x: 'month',
    series: [
      { key: 'items', label: 'Items', type: 'money' },
      { key: 'fees', label: 'Fees', type: 'money' },
      { key: 'shipping', label: 'Shipping', type: 'money' },
    ],
    rows: () => sql`select month, sum(items_cents)::int8 as items, sum(fees_cents)::int8 as fees, sum(shipping_cents)::int8 as shipping from report_base group by month`,
  },
});

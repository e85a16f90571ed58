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
    col.text('status', 'Status', undefined, { groups: ['status'], codes: 'vendor-order-status' }),
    col.month('month', 'Month', undefined, { groups: ['month'] }),
    col.int('vendor_orders', 'Vendor orders', 'sum'),
    col.int('units', 'Units', 'sum'),
    col.money('items', 'Items', 'sum'),
    col.money('fees', 'Fees', 'sum'),
    col.money('shipping', 'Shipping', 'sum'),
    col.money('total', 'Total', 'sum'),
    col.int('late', 'Late', 'sum'),
  ],
  // One narrow row per vendor order (ids, the month as a date, the figures and whether it is late);
  // the source's name and the month's text are made once per group, not once per vendor order.
  base: (f) => sql`
    select vo.vendor_id, vo.location_id, vo.status, date_trunc('month', vo.created_at at time zone 'UTC') as month_start,
           vo.units, vo.items_cents, vo.fees_cents, vo.shipping_cents, vo.total_cents, ${VO_LATE} as is_late
      from vendor_orders vo left join vendors vd on vd.id = vo.vendor_id left join locations loc on loc.id = vo.location_id
      ${where(...vendorOrderConds(f))}`,
  rows: (_f, { group }) => {
    const figures = sql`count(*)::int8 as vendor_orders, sum(x.units)::int8 as units, sum(x.items_cents)::int8 as items, sum(x.fees_cents)::int8 as fees,
             sum(x.shipping_cents)::int8 as shipping, sum(x.total_cents)::int8 as total, count(*) filter (where x.is_late)::int8 as late`;
    if (group === 'vendor')
      return sql`
        select ${VO_SOURCE} as vendor, coalesce('v' || g.vendor_id, 'w' || g.location_id) as source_key, g.vendor_orders, g.units, g.items, g.fees, g.shipping, g.total, g.late
          from (select x.vendor_id, x.location_id, ${figures} from report_base x group by x.vendor_id, x.location_id) g
          left join vendors vd on vd.id = g.vendor_id left join locations loc on loc.id = g.location_id`;
    if (group === 'status') return sql`select x.status, ${figures} from report_base x group by x.status`;
    return sql`select to_char(x.month_start, 'YYYY-MM') as month, ${figures} from report_base x group by x.month_start`;
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
    rows: () => sql`select to_char(month_start, 'YYYY-MM') as month, sum(items_cents)::int8 as items, sum(fees_cents)::int8 as fees, sum(shipping_cents)::int8 as shipping from report_base group by month_start`,
  },
});

/** Monthly Summary Report: revenue, cost, fees, shipping, margin, orders and units by month and store. */
import { sql } from 'drizzle-orm';
import { col, defineReport, filter, where } from '../../reports/kit.js';
import { storeOptions } from './order-lookups.js';

/** The first day of the month `n` months before this one (UTC), as `YYYY-MM-DD`. */
const monthsAgo = (n: number) => () => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - n, 1)).toISOString().slice(0, 10);
};

export const monthlySummary = defineReport({
  name: 'monthly-summary',
  title: 'Monthly Summary Report',
  permissions: ['reports.read'],
  filters: {
    from: filter.date('Placed from', { default: monthsAgo(5) }),
    to: filter.date('Placed to'),
    store_id: filter.id('Store', storeOptions),
  },
  groups: { month: 'Month', month_store: 'Month and store', store: 'Store' },
  columns: [
    col.month('month', 'Month', undefined, { groups: ['month', 'month_store'] }),
    col.text('store', 'Store', undefined, { groups: ['month_store', 'store'] }),
    col.int('orders', 'Orders', 'sum'),
    col.int('units', 'Units', 'sum'),
    col.money('revenue', 'Revenue', 'sum'),
    col.money('routed_revenue', 'Routed revenue', 'sum'),
    col.money('cost', 'Cost', 'sum'),
    col.money('fees', 'Fees', 'sum'),
    col.money('shipping', 'Shipping', 'sum'),
    col.money('margin', 'Margin', 'sum'),
    col.percent('margin_pct', 'Margin %', { ratio: ['margin', 'routed_revenue'] }),
  ],
  // One row per month and store, added up from the orders' day totals (`order_day_totals`, kept by
  // the orders' and vendor orders' triggers): the orders not cancelled or refunded, and the fees and
  // shipping of their vendor orders not cancelled. Cost, margin, fees and shipping count routed orders,
  // so the margin's share is of the routed orders' revenue (an order not routed yet has no cost).
  base: (f) => sql`
    select to_char(t.day, 'YYYY-MM') as month, t.store_id, sum(t.orders)::int8 as orders, sum(t.units)::int8 as units,
           sum(t.revenue)::int8 as revenue, sum(t.routed_revenue)::int8 as routed_revenue, sum(t.cost)::int8 as cost, sum(t.fees)::int8 as fees, sum(t.shipping)::int8 as shipping,
           sum(t.margin)::int8 as margin
      from order_day_totals t
      ${where(
        f.from && sql`t.day >= ${f.from}::date`,
        f.to && sql`t.day <= ${f.to}::date`,
        f.store_id && sql`t.store_id = ${f.store_id}`,
        sql`t.status not in ('cancelled', 'refunded')`,
      )}
     group by 1, 2
    having sum(t.orders) > 0`,
  rows: (_f, { group }) => {
    const keys = group === 'month' ? sql`x.month` : group === 'store' ? sql`x.store_id` : sql`x.month, x.store_id`;
    const label =
      group === 'month' ? sql`x.month` : group === 'store' ? sql`min(s.name) as store, x.store_id` : sql`x.month, min(s.name) as store, x.store_id`;
    return sql`
      select ${label}, sum(x.orders)::int8 as orders, sum(x.units)::int8 as units, sum(x.revenue)::int8 as revenue,
             sum(x.routed_revenue)::int8 as routed_revenue, sum(x.cost)::int8 as cost,
             sum(x.fees)::int8 as fees, sum(x.shipping)::int8 as shipping, sum(x.margin)::int8 as margin,
             sum(x.margin)::float8 / nullif(sum(x.routed_revenue), 0) as margin_pct
        from report_base x ${group === 'month' ? sql`` : sql`left join stores s on s.id = x.store_id`}
       group by ${keys}`;
  },
  aggregated: true,
  key: (group) => (group === 'month' ? ['month'] : group === 'store' ? ['store_id'] : ['month', 'store_id']),
  defaultSort: (group) => (group === 'store' ? '-revenue' : '-month'),
  chart: {
    kind: 'trend',
    title: 'Revenue, cost and margin by month',
    x: 'month',
    series: [
      { key: 'revenue', label: 'Revenue', type: 'money' },
      { key: 'cost', label: 'Cost', type: 'money' },
      { key: 'margin', label: 'Margin', type: 'money' },
    ],
    rows: () => sql`select month, sum(revenue)::int8 as revenue, sum(cost)::int8 as cost, sum(margin)::int8 as margin from report_base group by month`,
  },
});

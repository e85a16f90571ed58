/** Monthly Summary Report: revenue, cost, fees, shipping, margin, orders and units by month and store. */
import { sql } from 'drizzle-orm';
import { col, defineReport, filter, where } from '../../reports/kit.js';
import { storeOptions } from './order-lookups.js';
import { ORDER_REVENUE } from './order-margin.js';

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
    col.text('month', 'Month', undefined, { groups: ['month', 'month_store'] }),
    col.text('store', 'Store', undefined, { groups: ['month_store', 'store'] }),
    col.int('orders', 'Orders', 'sum'),
    col.int('units', 'Units', 'sum'),
    col.money('revenue', 'Revenue', 'sum'),
    col.money('cost', 'Cost', 'sum'),
    col.money('fees', 'Fees', 'sum'),
    col.money('shipping', 'Shipping', 'sum'),
    col.money('margin', 'Margin', 'sum'),
    col.percent('margin_pct', 'Margin %', { ratio: ['margin', 'revenue'] }),
  ],
  // One row per month and store: the orders (not cancelled or refunded) and the fees and shipping of
  // their vendor orders (not cancelled). Cost and margin count routed orders only.
  base: (f) => sql`
    select to_char(o.placed_at at time zone 'UTC', 'YYYY-MM') as month, o.store_id, count(*)::int8 as orders, sum(o.units)::int8 as units,
           sum(${ORDER_REVENUE})::int8 as revenue, coalesce(sum(o.cost_cents), 0)::int8 as cost,
           coalesce(sum(vf.fees), 0)::int8 as fees, coalesce(sum(vf.shipping), 0)::int8 as shipping, coalesce(sum(o.margin_cents), 0)::int8 as margin
      from orders o
      left join (
        -- A vendor order is created after its order was placed: those of the range's orders are among
        -- the ones created since its start, summed per order at once (a hash join, not a lookup per order).
        select vo.order_id, sum(vo.fees_cents) as fees, sum(vo.shipping_cents) as shipping from vendor_orders vo
         ${where(sql`vo.status <> 'cancelled'`, f.from && sql`vo.created_at >= ${f.from}::timestamptz`)}
         group by vo.order_id) vf on vf.order_id = o.id and o.cost_cents is not null
      ${where(
        f.from && sql`o.placed_at >= ${f.from}::timestamptz`,
        f.to && sql`o.placed_at < (${f.to}::date + 1)::timestamptz`,
        f.store_id && sql`o.store_id = ${f.store_id}`,
        sql`o.status not in ('cancelled', 'refunded')`,
      )}
     group by 1, 2`,
  rows: (_f, { group }) => {
    const keys = group === 'month' ? sql`x.month` : group === 'store' ? sql`x.store_id` : sql`x.month, x.store_id`;
    const label =
      group === 'month' ? sql`x.month` : group === 'store' ? sql`min(s.name) as store, x.store_id` : sql`x.month, min(s.name) as store, x.store_id`;
    return sql`
      select ${label}, sum(x.orders)::int8 as orders, sum(x.units)::int8 as units, sum(x.revenue)::int8 as revenue, sum(x.cost)::int8 as cost,
             sum(x.fees)::int8 as fees, sum(x.shipping)::int8 as shipping, sum(x.margin)::int8 as margin,
             sum(x.margin)::float8 / nullif(sum(x.revenue), 0) as margin_pct
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

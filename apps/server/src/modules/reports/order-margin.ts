/** Order Margin Report: revenue (`ORDER_REVENUE`), cost (the chosen route's total) and margin per order, or per store or month. Orders without a route (no cost yet) are left out. */
import { sql } from 'drizzle-orm';
import { ORDER_REVENUE } from '../../db/schema/orders.js';
import { col, defineReport, filter, where } from '../../reports/kit.js';
import { orderConds, orderFilters } from './order-lookups.js';

type MarginFilters = Parameters<typeof orderConds>[0];

/**
 * The routed orders of the filters by day and store with their month, to be grouped by month or store:
 * from the orders' day totals (`order_day_totals`, kept by triggers) — a few rows a day instead of
 * every order — unless an order number is asked for, which only the orders themselves can answer.
 */
function byDay(f: MarginFilters) {
  if (f.number) return sql`select month, store_id, 1::int8 as orders, units, revenue, cost, margin from report_base`;
  return sql`
    select to_char(t.day, 'YYYY-MM') as month, t.store_id, t.routed_orders as orders, t.routed_units as units, t.routed_revenue as revenue, t.cost, t.margin
      from order_day_totals t
      ${where(
        f.from && sql`t.day >= ${f.from}::date`,
        f.to && sql`t.day <= ${f.to}::date`,
        f.store_id && sql`t.store_id = ${f.store_id}`,
        f.status ? sql`t.status = ${f.status}` : sql`t.status not in ('cancelled', 'refunded')`,
        sql`t.routed_orders <> 0`,
      )}`;
}

export const orderMargin = defineReport({
  name: 'order-margin',
  title: 'Order Margin Report',
  permissions: ['reports.read'],
  filters: { ...orderFilters, number: filter.text('Order number') },
  groups: { order: 'Order', store: 'Store', month: 'Month' },
  columns: [
    col.text('number', 'Order', undefined, { groups: ['order'] }),
    col.datetime('placed_at', 'Placed', undefined, { groups: ['order'] }),
    col.text('store', 'Store', undefined, { groups: ['order', 'store'] }),
    col.month('month', 'Month', undefined, { groups: ['month'] }),
    col.text('status', 'Status', undefined, { groups: ['order'], codes: 'order-status' }),
    col.int('orders', 'Orders', 'sum', { groups: ['store', 'month'] }),
    col.int('units', 'Units', 'sum'),
    col.money('revenue', 'Revenue', 'sum'),
    col.money('cost', 'Cost', 'sum'),
    col.money('margin', 'Margin', 'sum'),
    col.percent('margin_pct', 'Margin %', { ratio: ['margin', 'revenue'] }),
  ],
  // One row per routed order of the filters (through the orders' report index), for the rows by order
  // and when an order number is filtered; the groups by store and month and the chart read `byDay`.
  base: (f) => sql`
    select o.id, o.number, o.placed_at, o.store_id, o.status, o.units::int8 as units, ${ORDER_REVENUE}::int8 as revenue, o.cost_cents as cost, o.margin_cents as margin,
           to_char(o.placed_at at time zone 'UTC', 'YYYY-MM') as month
      from orders o ${where(...orderConds(f), sql`o.cost_cents is not null`)}`,
  rows: (f, { group }) => {
    if (group === 'order')
      return sql`
        select x.id, x.number, x.placed_at, s.name as store, x.status, x.units, x.revenue, x.cost, x.margin,
               x.margin::float8 / nullif(x.revenue, 0) as margin_pct, x.store_id
          from report_base x left join stores s on s.id = x.store_id`;
    const key = group === 'store' ? sql`x.store_id` : sql`x.month`;
    return sql`
      select ${group === 'store' ? sql`min(s.name) as store, x.store_id` : sql`x.month`},
             sum(x.orders)::int8 as orders, sum(x.units)::int8 as units, sum(x.revenue)::int8 as revenue, sum(x.cost)::int8 as cost,
             sum(x.margin)::int8 as margin, sum(x.margin)::float8 / nullif(sum(x.revenue), 0) as margin_pct
        from (${byDay(f)}) x ${group === 'store' ? sql`left join stores s on s.id = x.store_id` : sql``}
       group by ${key}`;
  },
  aggregated: true,
  key: (group) => (group === 'order' ? ['id'] : group === 'store' ? ['store_id'] : ['month']),
  defaultSort: (group) => (group === 'order' ? '-placed_at' : group === 'month' ? '-month' : '-revenue'),
  chart: {
    kind: 'trend',
    title: 'Revenue and margin by month',
    x: 'month',
    series: [
      { key: 'revenue', label: 'Revenue', type: 'money' },
      { key: 'margin', label: 'Margin', type: 'money' },
    ],
    rows: (f) => sql`select month, sum(revenue)::int8 as revenue, sum(margin)::int8 as margin from (${byDay(f)}) x group by month`,
  },
});

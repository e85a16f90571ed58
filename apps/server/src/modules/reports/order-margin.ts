/** Order Margin Report: revenue, cost and margin per order, or per store or month. Orders without a route (no cost yet) are left out. */
import { sql } from 'drizzle-orm';
import { col, defineReport, filter, where } from '../../reports/kit.js';
import { orderConds, orderFilters } from './order-lookups.js';

/** Revenue is what the customer pays for goods and shipping (tax is not ours); cost is the chosen route's total. */
export const ORDER_REVENUE = sql`(o.subtotal_cents + o.shipping_charged_cents)`;

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
    col.text('month', 'Month', undefined, { groups: ['month'] }),
    col.text('status', 'Status', undefined, { groups: ['order'] }),
    col.int('orders', 'Orders', 'sum', { groups: ['store', 'month'] }),
    col.int('units', 'Units', 'sum'),
    col.money('revenue', 'Revenue', 'sum'),
    col.money('cost', 'Cost', 'sum'),
    col.money('margin', 'Margin', 'sum'),
    col.percent('margin_pct', 'Margin %', { ratio: ['margin', 'revenue'] }),
  ],
  rows: (f, { group }) => {
    const w = where(...orderConds(f), sql`o.cost_cents is not null`);
    if (group === 'order')
      return sql`
        select o.id, o.number, o.placed_at, s.name as store, o.status, o.units::int8 as units, ${ORDER_REVENUE}::int8 as revenue,
               o.cost_cents as cost, o.margin_cents as margin, o.margin_cents::float8 / nullif(${ORDER_REVENUE}, 0) as margin_pct, o.store_id
          from orders o left join stores s on s.id = o.store_id ${w}`;
    const key = group === 'store' ? sql`o.store_id` : sql`to_char(o.placed_at at time zone 'UTC', 'YYYY-MM')`;
    return sql`
      select ${group === 'store' ? sql`min(s.name) as store, o.store_id` : sql`${key} as month`},
             count(*)::int8 as orders, sum(o.units)::int8 as units, sum(${ORDER_REVENUE})::int8 as revenue, sum(o.cost_cents)::int8 as cost,
             sum(o.margin_cents)::int8 as margin, sum(o.margin_cents)::float8 / nullif(sum(${ORDER_REVENUE}), 0) as margin_pct
        from orders o ${group === 'store' ? sql`left join stores s on s.id = o.store_id` : sql``} ${w}
       group by ${key}`;
  },
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
    rows: (f) => sql`
      select to_char(o.placed_at at time zone 'UTC', 'YYYY-MM') as month, sum(${ORDER_REVENUE})::int8 as revenue, sum(o.margin_cents)::int8 as margin
        from orders o ${where(...orderConds(f), sql`o.cost_cents is not null`)} group by 1`,
  },
});

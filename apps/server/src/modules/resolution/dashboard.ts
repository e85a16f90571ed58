/**
 * The orders part of the dashboard: orders waiting for routing and for a person (by reason), late
 * vendor orders, revenue and margin today and this month against the same span of the previous
 * period (yesterday to this time of day; last month to the same day), and the last 30 days.
 */
import { sql } from 'drizzle-orm';
import { RESOLUTION_REASON_CODES, RESOLUTION_REASON_LABELS, type DashboardOrders, type ResolutionReasonCode } from '@qm/contracts';
import { query, type Db } from '../../db/connect.js';
import { ORDER_REVENUE } from '../../db/schema/orders.js';
import { NOT_SHIPPED } from './late.js';

/** Revenue (goods and shipping charged), margin (routed orders have one), orders, routed orders and their revenue, placed in [a, b), not cancelled or refunded. */
const span = (a: ReturnType<typeof sql>, b: ReturnType<typeof sql>) => sql`(select json_build_object(
    'revenue', coalesce(sum(${ORDER_REVENUE}), 0)::int8, 'margin', coalesce(sum(o.margin_cents), 0)::int8, 'orders', count(*)::int,
    'routed', count(o.margin_cents)::int,
    'routed_revenue', coalesce(sum(${ORDER_REVENUE}) filter (where o.margin_cents is not null), 0)::int8)
   from orders o where o.placed_at >= ${a} and o.placed_at < ${b} and o.status not in ('cancelled', 'refunded'))`;

export async function dashboardOrders(db: Db): Promise<DashboardOrders> {
  const day = sql`date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`;
  const month = sql`date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'`;
  const [row] = await query<any>(
    db,
    sql`select
          (select count(*)::int from orders o where o.status = 'pending') as pending,
          (select count(distinct r.order_id)::int from order_routes r where r.status = 'needs_review') as route_needs_review,
          (select count(distinct c.order_id)::int from order_resolution_cases c where c.resolved_at is null) as needs_person,
          (select json_agg(json_build_object('reason', g.reason, 'count', g.n)) from
             (select c.reason, count(*)::int as n from order_resolution_cases c where c.resolved_at is null group by c.reason) g) as by_reason,
          (select count(*)::int from vendor_orders vo left join vendors vd on vd.id = vo.vendor_id left join locations loc on loc.id = vo.location_id
            where vo.status in ${NOT_SHIPPED}
              and coalesce(vo.expected_ship_date, ((vo.created_at at time zone 'UTC')::date + coalesce(vd.handling_days, loc.handling_days, 1))) < (now() at time zone 'UTC')::date) as vendor_orders_late,
          ${span(day, sql`now()`)} as today,
          ${span(sql`${day} - interval '1 day'`, sql`now() - interval '1 day'`)} as yesterday,
          ${span(month, sql`now()`)} as month,
          ${span(sql`${month} - interval '1 month'`, sql`least(now() - interval '1 month', ${month})`)} as last_month,
          (select json_agg(json_build_object('day', to_char(d.day, 'YYYY-MM-DD'), 'revenue', coalesce(x.revenue, 0), 'margin', coalesce(x.margin, 0)) order by d.day)
             from (select g::date as day from generate_series((now() at time zone 'UTC')::date - 29, (now() at time zone 'UTC')::date, interval '1 day') g) d
             left join (select (o.placed_at at time zone 'UTC')::date as day, sum(${ORDER_REVENUE})::int8 as revenue, coalesce(sum(o.margin_cents), 0)::int8 as margin
                          from orders o where o.placed_at >= ${day} - interval '29 days' and o.status not in ('cancelled', 'refunded') group by 1) x on x.day = d.day) as days`,
  );
  const byReason = new Map(((row.by_reason ?? []) as { reason: ResolutionReasonCode; count: number }[]).map((g) => [g.reason, g.count]));
  return {
    pending: row.pending,
    route_needs_review: row.route_needs_review,
    needs_person: row.needs_person,
    by_reason: RESOLUTION_REASON_CODES.map((reason) => ({ reason, label: RESOLUTION_REASON_LABELS[reason], count: byReason.get(reason) ?? 0 })),
    vendor_orders_late: row.vendor_orders_late,
    today: row.today,
    yesterday: row.yesterday,
    month: row.month,
    last_month: row.last_month,
    days: row.days ?? [],
  };
}

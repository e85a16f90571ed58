/**
 * The resolution dashboard and summary: open cases grouped by reason with their orders' facts, and
 * cases opened and resolved over time. Cases are opened and resolved only by `orders/cases.ts`; this
 * module reads them.
 */
import { sql, type SQL } from 'drizzle-orm';
import { RESOLUTION_REASON_CODES, RESOLUTION_REASON_HINTS, RESOLUTION_REASON_LABELS, type ResolutionAnswer, type ResolutionReasonCode, type ResolutionSummary } from '@qm/contracts';
import { query, type Db } from '../../db/connect.js';

export interface ResolutionFilters {
  store_id?: number;
  reason?: ResolutionReasonCode;
  page: number;
  per_page: number;
}

const cond = (...c: (SQL | undefined | false | 0)[]) => {
  const all = c.filter((x): x is SQL => Boolean(x));
  return all.length ? sql.join(all, sql` and `) : sql`true`;
};

/** Groups (every reason, with a zero when none is open), the whole's counts and a page of open cases, oldest first. */
export async function resolutionDashboard(db: Db, f: ResolutionFilters): Promise<ResolutionAnswer> {
  const store = f.store_id ? sql`c.store_id = ${f.store_id}` : undefined;
  const open = cond(sql`c.resolved_at is null`, store);
  const listed = cond(sql`c.resolved_at is null`, store, f.reason && sql`c.reason = ${f.reason}`);
  const offset = (f.page - 1) * f.per_page;
  const [row] = await query<{ groups: { reason: ResolutionReasonCode; count: number; oldest_opened_at: string }[] | null; open_cases: number; open_orders: number; oldest: string | null; now: string; total: number; cases: ResolutionAnswer['cases'] | null }>(
    db,
    sql`select
          (select json_agg(json_build_object('reason', g.reason, 'count', g.n, 'oldest_opened_at', g.oldest))
             from (select c.reason, count(*)::int as n, min(c.opened_at) as oldest from order_resolution_cases c where ${open} group by c.reason) g) as groups,
          (select count(*)::int from order_resolution_cases c where ${open}) as open_cases,
          (select count(distinct c.order_id)::int from order_resolution_cases c where ${open}) as open_orders,
          (select min(c.opened_at) from order_resolution_cases c where ${open}) as oldest,
          now() as now,
          (select count(*)::int from order_resolution_cases c where ${listed}) as total,
          (select json_agg(x) from (
             select c.id, c.reason, c.detail, c.opened_at, o.id as order_id, o.number as order_number, o.store_id, s.name as store,
                    o.customer_name, o.customer_email, o.total_cents, o.status, o.cs_status, o.internal_status_id, ist.name as internal_status,
                    (select max(r.id) from order_routes r where r.order_id = o.id) as route_id,
                    coalesce((select array_agg(c2.reason order by c2.reason) from order_resolution_cases c2
                               where c2.order_id = c.order_id and c2.resolved_at is null and c2.id <> c.id), '{}') as other_reasons
               from order_resolution_cases c
               join orders o on o.id = c.order_id
               left join stores s on s.id = o.store_id
               left join internal_statuses ist on ist.id = o.internal_status_id
              where ${listed}
              order by c.opened_at, c.id
              limit ${f.per_page} offset ${offset}) x) as cases`,
  );
  const byReason = new Map((row!.groups ?? []).map((g) => [g.reason, g]));
  return {
    groups: RESOLUTION_REASON_CODES.map((reason) => ({
      reason,
      label: RESOLUTION_REASON_LABELS[reason],
      hint: RESOLUTION_REASON_HINTS[reason],
      count: byReason.get(reason)?.count ?? 0,
      oldest_opened_at: byReason.get(reason)?.oldest_opened_at ?? null,
    })),
    open_cases: row!.open_cases,
    open_orders: row!.open_orders,
    oldest_opened_at: row!.oldest,
    now: row!.now,
    cases: row!.cases ?? [],
    meta: { total: row!.total, page: f.page, per_page: f.per_page },
  };
}

export interface SummaryFilters {
  from?: string;
  to?: string;
  store_id?: number;
  reason?: ResolutionReasonCode;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Cases opened and resolved per day in the range (UTC days; 90 days by default), time to resolve
 * (median and average hours of the cases resolved in the range) per reason and per store and reason,
 * and what is open now.
 */
export async function resolutionSummary(db: Db, f: SummaryFilters): Promise<ResolutionSummary> {
  const to = f.to ?? isoDay(new Date());
  const from = f.from ?? isoDay(new Date(Date.parse(`${to}T00:00:00Z`) - 89 * 86_400_000));
  const scope = cond(f.store_id && sql`c.store_id = ${f.store_id}`, f.reason && sql`c.reason = ${f.reason}`);
  const start = sql`${from}::date::timestamptz`;
  const end = sql`(${to}::date + 1)::timestamptz`;
  // Each case counts on the day it was opened and on the day it was resolved, when those fall in the
  // range: two index range scans (opened_at, resolved_at), never the whole table.
  const [row] = await query<{ days: ResolutionSummary['days'] | null; reasons: any[] | null; stores: any[] | null; open_now: any[] | null }>(
    db,
    sql`with opened as materialized (
           select c.store_id, c.reason, (c.opened_at at time zone 'UTC')::date as day from order_resolution_cases c
            where c.opened_at >= ${start} and c.opened_at < ${end} and ${scope}),
         resolved as materialized (
           select c.store_id, c.reason, (c.resolved_at at time zone 'UTC')::date as day, extract(epoch from c.resolved_at - c.opened_at) / 3600.0 as hours
             from order_resolution_cases c
            where c.resolved_at >= ${start} and c.resolved_at < ${end} and ${scope})
        select
          (select json_agg(json_build_object('day', to_char(d.day, 'YYYY-MM-DD'), 'opened', coalesce(o.n, 0), 'resolved', coalesce(r.n, 0)) order by d.day)
             from (select g::date as day from generate_series(${from}::date, ${to}::date, interval '1 day') g) d
             left join (select day, count(*)::int as n from opened group by day) o on o.day = d.day
             left join (select day, count(*)::int as n from resolved group by day) r on r.day = d.day) as days,
          (select json_agg(json_build_object('reason', k.reason, 'opened', k.opened, 'resolved', k.resolved, 'median_hours', k.median, 'avg_hours', k.avg))
             from (select coalesce(o.reason, r.reason) as reason, coalesce(o.n, 0) as opened, coalesce(r.n, 0) as resolved, r.median, r.avg
                     from (select reason, count(*)::int as n from opened group by reason) o
                     full join (select reason, count(*)::int as n, percentile_cont(0.5) within group (order by hours) as median, avg(hours)::float8 as avg
                                  from resolved group by reason) r on r.reason = o.reason) k) as reasons,
          (select json_agg(json_build_object('store_id', k.store_id, 'store', s.name, 'reason', k.reason, 'opened', k.opened, 'resolved', k.resolved,
                                             'median_hours', k.median, 'avg_hours', k.avg) order by lower(s.name), k.reason)
             from (select coalesce(o.store_id, r.store_id) as store_id, coalesce(o.reason, r.reason) as reason, coalesce(o.n, 0) as opened,
                          coalesce(r.n, 0) as resolved, r.median, r.avg
                     from (select store_id, reason, count(*)::int as n from opened group by 1, 2) o
                     full join (select store_id, reason, count(*)::int as n, percentile_cont(0.5) within group (order by hours) as median, avg(hours)::float8 as avg
                                  from resolved group by 1, 2) r on r.store_id = o.store_id and r.reason = o.reason) k
             left join stores s on s.id = k.store_id) as stores,
          (select json_agg(json_build_object('reason', c.reason, 'n', c.n))
             from (select c.reason, count(*)::int as n from order_resolution_cases c where c.resolved_at is null and ${scope} group by c.reason) c) as open_now,
          (select json_build_object('median', percentile_cont(0.5) within group (order by hours), 'avg', avg(hours)::float8) from resolved) as overall`,
  );
  const r = row as typeof row & { overall: { median: number | null; avg: number | null } };
  const reasons = new Map((r.reasons ?? []).map((x) => [x.reason as ResolutionReasonCode, x]));
  const openNow = new Map((r.open_now ?? []).map((x) => [x.reason as ResolutionReasonCode, x.n as number]));
  const codes = f.reason ? [f.reason] : RESOLUTION_REASON_CODES;
  const reasonRows = codes.map((reason) => ({
    reason,
    label: RESOLUTION_REASON_LABELS[reason],
    opened: reasons.get(reason)?.opened ?? 0,
    resolved: reasons.get(reason)?.resolved ?? 0,
    median_hours: reasons.get(reason)?.median_hours ?? null,
    avg_hours: reasons.get(reason)?.avg_hours ?? null,
    open_now: openNow.get(reason) ?? 0,
  }));
  return {
    from,
    to,
    days: r.days ?? [],
    reasons: reasonRows,
    by_store: (r.stores ?? []).map((x) => ({ ...x, label: RESOLUTION_REASON_LABELS[x.reason as ResolutionReasonCode] })),
    totals: {
      opened: reasonRows.reduce((a, x) => a + x.opened, 0),
      resolved: reasonRows.reduce((a, x) => a + x.resolved, 0),
      open_now: reasonRows.reduce((a, x) => a + x.open_now, 0),
      median_hours: r.overall?.median ?? null,
      avg_hours: r.overall?.avg ?? null,
    },
  };
}

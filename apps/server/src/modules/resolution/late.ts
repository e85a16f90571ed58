/**
 * Late vendor orders: a vendor order not shipped past its expected ship date (the vendor's handling
 * days after it was created when routing left the date empty) puts its order on the resolution
 * dashboard (`vendor_late`); the case is resolved once none of the order's vendor orders is late
 * (shipped, cancelled or given a later date). Runs when the API starts and every few minutes (in the
 * processes that run jobs), and on demand (`POST /api/order-resolution/late-check`).
 */
import { sql } from 'drizzle-orm';
import { query, type Db } from '../../db/connect.js';
import { audit, SYSTEM_ACTOR, type Actor } from '../../db/audit.js';
import { transaction } from '../../db/write.js';
import { openCase, resolveCase } from '../orders/cases.js';

/** Statuses of a vendor order that has not shipped and is still expected to. */
export const NOT_SHIPPED = sql.raw(`('draft', 'submitted', 'acknowledged', 'backordered')`);

/** The day a vendor order should have shipped by. */
const EXPECTED = sql`coalesce(vo.expected_ship_date, ((vo.created_at at time zone 'UTC')::date + coalesce(vd.handling_days, loc.handling_days, 1)))`;

export interface LateCheckResult {
  opened: number;
  resolved: number;
  late_vendor_orders: number;
}

/** Opens and resolves `vendor_late` cases as the vendor orders are today; `today` (YYYY-MM-DD, UTC) for tests. */
export async function checkLateVendorOrders(db: Db, actor: Actor = SYSTEM_ACTOR, today?: string): Promise<LateCheckResult> {
  const day = today ? sql`${today}::date` : sql`(now() at time zone 'UTC')::date`;
  return transaction(db, async (t) => {
    // One check at a time (a second process waits, then finds nothing to do).
    await query(t, sql`select pg_advisory_xact_lock(hashtext('qm_vendor_late_check'))`);
    const late = await query<{ order_id: number; detail: string; n: number }>(
      t,
      sql`select vo.order_id, count(*)::int as n,
                 string_agg(vo.number || ' at ' || coalesce(vd.name, loc.name) || ' was due to ship by ' || to_char(${EXPECTED}, 'Mon FMDD, YYYY'), '; ' order by vo.id) as detail
            from vendor_orders vo
            left join vendors vd on vd.id = vo.vendor_id
            left join locations loc on loc.id = vo.location_id
           where vo.status in ${NOT_SHIPPED} and ${EXPECTED} < ${day}
           group by vo.order_id`,
    );
    const lateIds = new Set(late.map((l) => l.order_id));
    const openNow = await query<{ order_id: number; detail: string }>(t, sql`select order_id, detail from order_resolution_cases where reason = 'vendor_late' and resolved_at is null`);
    const openIds = new Map(openNow.map((c) => [c.order_id, c.detail]));
    let opened = 0;
    let resolved = 0;
    const entries = [];
    for (const l of late) {
      if (openIds.get(l.order_id) === l.detail) continue;
      await openCase(t, l.order_id, 'vendor_late', l.detail);
      if (!openIds.has(l.order_id)) {
        opened++;
        entries.push({ action: 'case_open', entity: 'order', entityId: l.order_id, after: { reason: 'vendor_late', detail: l.detail } });
      }
    }
    for (const [orderId, detail] of openIds) {
      if (lateIds.has(orderId)) continue;
      await resolveCase(t, orderId, 'vendor_late', 'vendor orders shipped or cancelled', actor.userId);
      resolved++;
      entries.push({ action: 'case_resolve', entity: 'order', entityId: orderId, before: { reason: 'vendor_late', detail }, after: { resolution: 'vendor orders shipped or cancelled' } });
    }
    await audit(t, actor, entries);
    return { opened, resolved, late_vendor_orders: late.reduce((a, l) => a + l.n, 0) };
  });
}

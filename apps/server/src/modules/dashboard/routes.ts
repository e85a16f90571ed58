import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { AuditEntry, DashboardOrders, dataResponse } from '@qm/contracts';
import { action, type Kit } from '../../http/kit.js';
import { can, requireAuth } from '../../http/auth.js';
import { countsAnd, pageJson } from '../../http/list.js';
import { auditList } from '../audit/routes.js';
import { inForceOn } from '../compliance/routes.js';
import { lowUseCases } from '../merchandising/routes.js';
import { belowReorder } from '../reports/inventory-item.js';
import { OPEN_PO_STATUSES } from '../reports/lookups.js';
import { dashboardOrders } from '../resolution/dashboard.js';

const Dashboard = z.object({
  recent_activity: z.array(AuditEntry),
  recent_scope: z.enum(['all', 'own']),
  counts: z.record(z.string(), z.number()),
  /** The day's orders view, for those who read orders. */
  orders: DashboardOrders.nullable(),
});

export function dashboardRoutes({ app, db }: Kit) {
  action(app, {
    method: 'GET',
    url: '/api/dashboard',
    access: 'signed-in',
    tags: ['dashboard'],
    summary: "The signed-in user's dashboard",
    response: { 200: dataResponse(Dashboard) },
    handler: async (req) => {
      const me = requireAuth(req);
      const all = can(req, 'audit.read');
      // One statement: the totals (large ones cached as list totals are) and the latest ten entries.
      const counts: Record<string, { from: SQL; where: SQL }> = {};
      // each area's figure a person acts on today, opening its list filtered (Dashboard.tsx)
      if (can(req, 'purchasing.read')) counts.po_open = { from: sql`purchase_orders po`, where: sql`where po.status in ${OPEN_PO_STATUSES}` };
      if (can(req, 'inventory.read')) counts.stock_below_reorder = { from: sql`inventory_items i`, where: sql`where ${belowReorder}` };
      // the day (UTC) a parameter: the kept count is the day's
      if (can(req, 'compliance.read')) counts.restrictions_in_force = { from: sql`compliance_restrictions r`, where: sql`where ${inForceOn(new Date().toISOString().slice(0, 10))}` };
      if (can(req, 'merchandising.read')) counts.use_cases_low = lowUseCases;
      if (can(req, 'users.read')) counts.users_active = { from: sql`users`, where: sql`where is_active` };
      if (all) {
        // since midnight UTC, the day of every other "today" here, whatever the session's time zone
        const midnight = sql`date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`;
        counts.audit_today = { from: sql`audit_logs`, where: sql`where at >= ${midnight}` };
        counts.client_errors_today = { from: sql`client_errors`, where: sql`where at >= ${midnight}` };
      }
      const result = await countsAnd(db, counts, {
        recent: pageJson(auditList, { page: 1, per_page: 10, sort: '-id', filter: all ? undefined : { actor_id: String(me.userId) } }),
      });
      const recent = result.columns.recent as AuditEntry[];
      const orders = can(req, 'orders.read') ? await dashboardOrders(db) : null;
      return { data: { recent_activity: recent, recent_scope: all ? 'all' : 'own', counts: result.counts, orders } as const };
    },
  });
}

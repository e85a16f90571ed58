import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuditEntry, dataResponse } from '@qm/contracts';
import type { Db } from '../../db/connect.js';
import { can, requireAuth } from '../../http/auth.js';
import { countOf, listRows } from '../../http/list.js';
import { auditList } from '../audit/routes.js';

const Dashboard = z.object({
  recent_activity: z.array(AuditEntry),
  recent_scope: z.enum(['all', 'own']),
  counts: z.record(z.string(), z.number()),
});

export function dashboardRoutes(app: FastifyInstance, db: Db) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/dashboard', {
    schema: { tags: ['dashboard'], summary: "The signed-in user's dashboard", response: { 200: dataResponse(Dashboard) } },
    handler: async (req) => {
      const me = requireAuth(req);
      const all = can(req, 'audit.read');
      // Counted like list totals: large ones are cached for a few seconds.
      const counts: Record<string, number> = {};
      const jobs: Promise<void>[] = [];
      const count = (key: string, from: SQL, where: SQL) => jobs.push(countOf(db, from, where).then((n) => void (counts[key] = n)));
      if (can(req, 'users.read')) count('users_active', sql`users`, sql`where is_active`);
      if (all) {
        count('audit_today', sql`audit_logs`, sql`where at >= date_trunc('day', now())`);
        count('client_errors_today', sql`client_errors`, sql`where at >= date_trunc('day', now())`);
      }
      // The latest ten entries only: no total of the whole log is needed here.
      const [recent] = await Promise.all([
        listRows(db, auditList, { page: 1, per_page: 10, sort: '-id', filter: all ? undefined : { actor_id: String(me.userId) } }),
        ...jobs,
      ]);
      return { data: { recent_activity: recent, recent_scope: all ? 'all' : 'own', counts } as const };
    },
  });
}

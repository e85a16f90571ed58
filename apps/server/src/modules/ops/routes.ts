/** Liveness and readiness, for load balancers and orchestrators. */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { migrationsCurrent } from '../../db/connect.js';
import { action, type Kit } from '../../http/kit.js';

const Readiness = z.object({ status: z.string(), database: z.string(), migrations: z.string() });

export function opsRoutes({ app, db, database }: Kit) {
  const tags = ['ops'];
  action(app, {
    method: 'GET',
    url: '/api/health',
    access: 'public',
    tags,
    summary: 'Liveness',
    response: { 200: z.object({ status: z.literal('ok') }) },
    handler: async () => ({ status: 'ok' as const }),
  });
  action(app, {
    method: 'GET',
    url: '/api/ready',
    access: 'public',
    tags,
    summary: 'Readiness: database reachable and migrations current',
    response: { 200: Readiness, 503: Readiness },
    handler: async (_req, reply) => {
      let dbOk = false;
      let migOk = false;
      try {
        await db.execute(sql`select 1`);
        dbOk = true;
        migOk = await migrationsCurrent(db);
      } catch {
        /* reported below */
      }
      const ok = dbOk && migOk;
      return reply.status(ok ? 200 : 503).send({
        status: ok ? 'ready' : 'not ready',
        database: dbOk ? `${database.kind} reachable` : 'unreachable',
        migrations: migOk ? 'current' : 'pending',
      });
    },
  });
}

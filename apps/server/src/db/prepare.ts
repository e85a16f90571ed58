import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { query, runMigrations, type Database } from './connect.js';
import { seed } from './seed/index.js';

/** Migrations, then reference data, then (new database, not production) the demo data. */
export async function prepareDatabase(database: Database, demo: boolean) {
  await runMigrations(database);
  await installJobQueue(database);
  if (database.kind === 'postgres') {
    // Several processes may start together: one seeds, the others wait.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(724003)`);
      await seed(tx as never, { demo });
    });
  } else {
    await seed(database.db, { demo });
  }
}


/**
 * The job queue's tables (pg-boss, schema `pgboss`) on a new database; pg-boss itself migrates them
 * when a later version starts. Its installation script takes an advisory lock (several processes).
 */
async function installJobQueue(database: Database) {
  const [row] = await query<{ n: number }>(database.db, sql`select count(*)::int as n from pg_namespace where nspname = 'pgboss'`);
  if (row!.n) return;
  const plans = PgBoss.getConstructionPlans('pgboss');
  if (database.pglite) await database.pglite.exec(plans);
  else await database.pool!.query(plans);
}

import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { query, runMigrations, type Database } from '../db/connect.js';
import { seed } from './seed/index.js';
import type { SecretBox } from '../db/secrets.js';

/**
 * Migrations, then reference data, then (new database, not production) the demo data. `secrets`
 * encrypts the demo vendor credentials' secrets (the configured key, `secretBoxOf(config)`); without
 * it they are seeded without a secret.
 */
export async function prepareDatabase(database: Database, demo: boolean, opts: { secrets?: SecretBox } = {}) {
  await runMigrations(database);
  await installJobQueue(database);
  if (database.kind === 'postgres') {
    // Several processes may start together: one seeds, the others wait.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(724003)`);
      await seed(tx as never, { demo, secrets: opts.secrets });
    });
  } else if (await seed(database.db, { demo, secrets: opts.secrets })) {
    // PGlite runs no autovacuum: without statistics the planner guesses how selective every filter
    // and join of the demo's tables is (PostgreSQL servers analyse them on their own)
    await database.db.execute(sql`analyze`);
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

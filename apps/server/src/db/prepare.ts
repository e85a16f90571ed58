import { sql } from 'drizzle-orm';
import { runMigrations, type Database } from './connect.js';
import { seed } from './seed/index.js';

/** Migrations, then reference data, then (new database, not production) the demo data. */
export async function prepareDatabase(database: Database, demo: boolean) {
  await runMigrations(database);
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


import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema/index.js';

/** One handle type for both drivers (STACK.md): queries are written once. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle is a Db too; functions take `Db` and work inside or outside one. */

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** Raw pool for tools that need a node-postgres client (postgres mode only). */
  pool?: pg.Pool;
  pglite?: PGlite;
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// int8 (counts, bigserial ids) as numbers on pg, as PGlite already does (STACK.md).
pg.types.setTypeParser(20, (v) => Number(v));

export class DataDirLockedError extends Error {}

/** PGlite has no cross-process lock: a second process on the same directory would corrupt it. */
function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lockPath = path.join(dir, 'quartermaster.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(fs.readFileSync(lockPath, 'utf8').trim());
      let alive = false;
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid) {
        try {
          process.kill(pid, 0);
          alive = true;
        } catch (e) {
          alive = (e as NodeJS.ErrnoException).code === 'EPERM';
        }
      }
      if (alive) {
        throw new DataDirLockedError(
          `The data directory ${dir} is in use by another Quartermaster process (pid ${pid}). ` +
            'The embedded database allows one process at a time: stop the other process, set DATA_DIR to another directory, ' +
            'or set DATABASE_URL to run several processes against a PostgreSQL server.',
        );
      }
      fs.unlinkSync(lockPath); // stale lock of a process that is gone
    }
  }
  throw new DataDirLockedError(`Could not lock ${dir}`);
}

export interface ConnectOptions {
  databaseUrl?: string;
  /** PGlite directory; undefined → in memory. */
  dataDir?: string;
  poolSize?: number;
}

export async function connect(opts: ConnectOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next checkout.
    pool.on('error', (err) => console.warn(`PostgreSQL connection lost: ${err.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, kind: 'postgres', pool, close: () => pool.end() };
  }
  const unlock = opts.dataDir ? lockDataDir(opts.dataDir) : () => {};
  try {
    // pg_trgm serves the "contains" searches of lists (PostgreSQL servers ship it in contrib).
    const options = { extensions: { pg_trgm } };
    const pglite = opts.dataDir ? new PGlite(path.join(opts.dataDir, 'pgdata'), options) : new PGlite(options);
    await pglite.waitReady;
    const db = drizzlePglite(pglite, { schema }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      pglite,
      close: async () => {
        await pglite.close();
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}

/** Applies pending migrations. Several processes may start at once: an advisory lock serialises them. */
export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  const client = await database.pool!.connect();
  try {
    await client.query('select pg_advisory_lock(724001)');
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('select pg_advisory_unlock(724001)').catch(() => {});
    client.release();
  }
}

/** How many migrations this build ships (read once: the file does not change while running). */
let shippedMigrations: number | undefined;
function migrationsShipped(): number {
  shippedMigrations ??= (JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;
  return shippedMigrations;
}

/** Every shipped migration applied (readiness). */
export async function migrationsCurrent(db: Db): Promise<boolean> {
  try {
    const rows = await query<{ n: number }>(db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    return rows[0]!.n >= migrationsShipped();
  } catch {
    return false;
  }
}

const PG_TIMESTAMPTZ = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d+)?([+-]\d{2}(:?\d{2})?|Z)$/;

/** Timestamps as ISO 8601 strings whatever the driver returned (Date or PostgreSQL text). */
function normalize(row: Record<string, unknown>): Record<string, unknown> {
  for (const k in row) {
    const v = row[k];
    if (v instanceof Date) row[k] = v.toISOString();
    else if (typeof v === 'string' && v.length >= 19 && v.length <= 35 && v.charCodeAt(4) === 45 && v.charCodeAt(13) === 58 && PG_TIMESTAMPTZ.test(v)) {
      const d = new Date(v.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'));
      if (!Number.isNaN(d.getTime())) row[k] = d.toISOString();
    }
  }
  return row;
}

/** Runs a query and returns its rows; timestamps come back as ISO strings on both drivers. */
export async function query<T = Record<string, unknown>>(db: Db, q: SQL): Promise<T[]> {
  const res = (await db.execute(q)) as unknown as { rows: Record<string, unknown>[] };
  return res.rows.map(normalize) as T[];
}

export async function queryOne<T = Record<string, unknown>>(db: Db, q: SQL): Promise<T | undefined> {
  const rows = await query<T>(db, q);
  return rows[0];
}

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
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
  /** PGlite only: start from this data directory dump (`dumpDataDir()`) instead of an empty cluster. */
  loadDataDir?: Blob;
  /**
   * PostgreSQL: false sends every statement unnamed (no prepared statements), for a transaction-mode
   * connection pooler, where one session's statements may run on another server connection.
   */
  preparedStatements?: boolean;
}

export async function connect(opts: ConnectOptions): Promise<Database> {
  if (opts.databaseUrl) {
    // UTC sessions: timestamps print the same whatever the server's default (see isoOfTimestamptz).
    // No JIT: it is chosen by a plan's total cost, and a list's count over a large table (even one its
    // CASE never runs, see http/list.ts) made every page compile its expressions — 15–40 ms of a 1 ms page.
    // Parallel workers only where they save much (`parallel_setup_cost` 10,000, PostgreSQL's default is
    // 1,000): a list's page walked by an index with a filter the planner cannot estimate (a last name
    // in 1M orders) was planned with two workers — 6 ms instead of 0.5, and two more processes per
    // request on a server answering many at once (bench/README, "Parallel plans"). The reports' scans
    // of months of orders still take their workers.
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10, options: '-c TimeZone=UTC -c jit=off -c parallel_setup_cost=10000' });
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next checkout.
    pool.on('error', (err) => console.warn(`PostgreSQL connection lost: ${err.message}`));
    if (opts.preparedStatements === false) {
      unnamed.add(pool);
      pool.on('connect', (client) => unnamed.add(client));
    }
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, kind: 'postgres', pool, close: () => pool.end() };
  }
  const unlock = opts.dataDir ? lockDataDir(opts.dataDir) : () => {};
  try {
    // pg_trgm serves the "contains" searches of lists (PostgreSQL servers ship it in contrib).
    const options = { extensions: { pg_trgm }, ...(opts.loadDataDir && { loadDataDir: opts.loadDataDir }) };
    const pglite = opts.dataDir ? new PGlite(path.join(opts.dataDir, 'pgdata'), options) : new PGlite(options);
    await pglite.waitReady;
    await pglite.exec(`set time zone 'UTC'`);
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

/**
 * `timestamptz` text as ISO 8601. PostgreSQL prints `2026-10-08 05:40:32.561789+00` (DateStyle ISO);
 * in a UTC session that maps to `2026-10-08T05:40:32.561Z` by slicing — no Date parsing per value.
 * Other offsets and special values take the slow path.
 */
export function isoOfTimestamptz(v: string): string {
  const n = v.length;
  if (n >= 22 && v.charCodeAt(10) === 32 && v.charCodeAt(n - 3) === 43 && v.charCodeAt(n - 2) === 48 && v.charCodeAt(n - 1) === 48) {
    const head = v.slice(0, 10) + 'T' + v.slice(11, 19);
    if (n === 22) return head + '.000Z';
    if (v.charCodeAt(19) === 46) return head + '.' + (v.slice(20, n - 3) + '00').slice(0, 3) + 'Z';
  }
  const d = new Date(v.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'));
  return Number.isNaN(d.getTime()) ? v : d.toISOString();
}

/**
 * PostgreSQL writes timestamptz into JSON as `2026-10-08T05:40:32.561789+00:00` (UTC session); the
 * API's format everywhere else is JavaScript's `2026-10-08T05:40:32.561Z`. A string value that is
 * exactly such a timestamp is rewritten to that form (JSON built by `json_agg`, json/jsonb columns).
 */
export function isoTimestampsInJson(json: string): string {
  let at = json.indexOf(UTC_END);
  if (at === -1) return json;
  // A scan rather than a regular expression with a replacer: this runs on every list page.
  let out = '';
  let from = 0;
  for (; at !== -1; at = json.indexOf(UTC_END, at + UTC_END.length)) {
    let digits = at;
    while (at - digits < 6 && isDigit(json.charCodeAt(digits - 1))) digits--;
    const fraction = digits < at && json.charCodeAt(digits - 1) === 46; // "."
    const secondsEnd = fraction ? digits - 1 : at;
    const start = secondsEnd - 19; // YYYY-MM-DDTHH:MM:SS
    if (start < 1 || json.charCodeAt(start - 1) !== 34 || !isTimestampHead(json, start)) continue;
    out += json.slice(from, secondsEnd) + '.' + (fraction ? (json.slice(digits, at) + '00').slice(0, 3) : '000') + 'Z"';
    from = at + UTC_END.length;
  }
  return from === 0 ? json : out + json.slice(from);
}
const UTC_END = '+00:00"';
const isDigit = (c: number) => c >= 48 && c <= 57;
/** `YYYY-MM-DDTHH:MM:SS` at `i`. */
function isTimestampHead(s: string, i: number): boolean {
  for (let k = 0; k < 19; k++) {
    const c = s.charCodeAt(i + k);
    const ok = k === 4 || k === 7 ? c === 45 : k === 10 ? c === 84 : k === 13 || k === 16 ? c === 58 : isDigit(c);
    if (!ok) return false;
  }
  return true;
}
const parseJson = (v: string): unknown => JSON.parse(isoTimestampsInJson(v));

const raw = (v: string) => v;
// As drizzle does for its own queries: dates, plain timestamps, intervals and numeric/time arrays stay
// text; timestamptz becomes ISO 8601 text, in json too; int8 a number (STACK.md); the rest as the driver does.
const TEXT_TYPES = new Set([1114, 1082, 1186, 1231, 1115, 1185, 1187, 1182]);
const pgTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === 1184 ? isoOfTimestamptz : oid === 114 || oid === 3802 ? parseJson : TEXT_TYPES.has(oid) ? raw : pg.types.getTypeParser(oid, format as 'text'),
};
const pgliteParsers: Record<number, (v: string, typeId: number) => unknown> = { 1184: isoOfTimestamptz, 114: parseJson, 3802: parseJson, 20: (v) => Number(v) };
for (const oid of TEXT_TYPES) pgliteParsers[oid] = raw;

const dialect = new PgDialect();
/** SQL text and parameters of a drizzle `sql` fragment. */
export const compile = (q: SQL): Compiled => dialect.sqlToQuery(q);
/** A statement ready to send: what `compile` makes, kept by callers that run the same statement often. */
export interface Compiled {
  sql: string;
  params: unknown[];
}

interface Queryable {
  query(...args: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** The driver client behind a handle: the pool, a transaction's connection, PGlite or its transaction. */
export const driverClientOf = (db: Db): Queryable => (db as unknown as { session: { client: Queryable } }).session.client;

/**
 * Runs a query and returns its rows; timestamps come back as ISO strings on both drivers.
 * Goes straight to the driver client of `db` (the pool, a transaction's connection, PGlite or its
 * transaction): the list endpoints run one of these per request, and drizzle's generic result
 * mapping is not needed for hand-written SQL.
 */
export async function query<T = Record<string, unknown>>(db: Db, q: SQL | Compiled, opts: QueryOptions = {}): Promise<T[]> {
  const { sql: text, params } = 'queryChunks' in q ? compile(q) : q;
  const client = driverClientOf(db);
  if (!(client instanceof pg.Pool || client instanceof pg.Client)) return (await client.query(text, params, { parsers: pgliteParsers })).rows as T[];
  const name = opts.prepare === false || unnamed.has(client) ? undefined : statementName(text);
  try {
    return (await client.query({ name, text, values: params as unknown[], types: pgTypes })).rows as T[];
  } catch (err) {
    // A migration applied by another process changed a table under a prepared statement: PostgreSQL
    // refuses to reuse its plan. The statement runs again unnamed; its name is not used any more.
    if (!name || !(client instanceof pg.Pool) || !/cached plan must not change result type/.test((err as Error).message)) throw err;
    statementNames.set(text, `${name}_${Date.now().toString(36)}`);
    return (await client.query({ text, values: params as unknown[], types: pgTypes })).rows as T[];
  }
}

export interface QueryOptions {
  /**
   * false: plan this statement for its values every time. For filters and searches whose best plan
   * depends on the value (a rare role or a common one): a prepared statement's generic plan would
   * guess one selectivity for all of them.
   */
  prepare?: boolean;
}

/**
 * Named (prepared) statements on PostgreSQL: each connection parses and plans a statement once and
 * then only binds and executes it. Planning the editors' one-statement payloads cost several times
 * their execution. A text is named on its second run (one-off searches take no slot). At most
 * MAX_STATEMENTS texts are named at a time, least recently used first out: an evicted text runs
 * unnamed until it is asked twice again (its name is its hash, so a connection that prepared it
 * before still has it). Connections without names (a transaction-mode pooler, DB_PREPARED_STATEMENTS=off)
 * are in `unnamed`.
 */
export const MAX_STATEMENTS = 500;
const statementNames = new Map<string, string>();
/** Texts run once so far: a statement is named on its second run, so one-off searches take no slot. */
const seenOnce = new Set<string>();
const unnamed = new WeakSet<object>();
export function statementName(text: string): string | undefined {
  const known = statementNames.get(text);
  if (known !== undefined) {
    // Most recently used last (a Map keeps insertion order).
    statementNames.delete(text);
    statementNames.set(text, known);
    return known;
  }
  if (!seenOnce.has(text)) {
    if (seenOnce.size >= 10_000) seenOnce.clear();
    seenOnce.add(text);
    return undefined;
  }
  seenOnce.delete(text);
  if (statementNames.size >= MAX_STATEMENTS) statementNames.delete(statementNames.keys().next().value!);
  const name = `qm_${crypto.createHash('sha1').update(text).digest('base64url')}`;
  statementNames.set(text, name);
  return name;
}
/** How many texts are named now (tests). */
export const namedStatements = () => statementNames.size;

/** Runs a statement on one checked-out node-postgres connection (a cursor's), with the same row types as `query`. */
export async function queryOnClient<T = Record<string, unknown>>(client: pg.ClientBase, q: SQL | Compiled): Promise<T[]> {
  const { sql: text, params } = 'queryChunks' in q ? compile(q) : q;
  return (await client.query({ text, values: params as unknown[], types: pgTypes })).rows as T[];
}

export async function queryOne<T = Record<string, unknown>>(db: Db, q: SQL): Promise<T | undefined> {
  const rows = await query<T>(db, q);
  return rows[0];
}

/**
 * Typed writes of one row, and transactions: what areas, seeds and jobs write with. A row is typed
 * by its Drizzle table, so a renamed or removed column fails the type check.
 */
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { queryOne, type Db } from './connect.js';

function columnsSql(row: Record<string, unknown>) {
  const cols = Object.keys(row);
  return {
    names: sql.join(cols.map((c) => sql.identifier(c)), sql`, `),
    values: sql.join(cols.map((c) => valueSql(row[c])), sql`, `),
    sets: sql.join(cols.map((c) => sql`${sql.identifier(c)} = ${valueSql(row[c])}`), sql`, `),
  };
}

function valueSql(v: unknown): SQL {
  if (v !== null && typeof v === 'object' && !(v instanceof Date) && !Array.isArray(v)) return sql`${JSON.stringify(v)}::jsonb`;
  if (Array.isArray(v)) return v.length ? sql`array[${sql.join(v.map((x) => sql`${x}`), sql`, `)}]` : sql`'{}'`;
  return sql`${v}`;
}

/** A Drizzle table with an integer `id` (and, for updateRow, `version` and `updated_at`). */
export type IdTable = PgTable & { id: AnyPgColumn };
/** The columns of a row of `T` as Drizzle types them for an insert: a renamed or removed column fails the type check. */
export type InsertOf<T extends PgTable> = T['$inferInsert'];

/** Inserts one row; returns its id. */
export async function insertRow<T extends IdTable>(db: Db, table: T, row: InsertOf<T>): Promise<number>;
/** @deprecated A table by name: untyped; use the Drizzle table (`schema.brands`). */
export async function insertRow(db: Db, table: string, row: Record<string, unknown>): Promise<number>;
export async function insertRow(db: Db, table: string | IdTable, row: Record<string, unknown>): Promise<number> {
  if (typeof table !== 'string') {
    const [r] = await db.insert(table).values(row as never).returning({ id: table.id });
    return (r as { id: number }).id;
  }
  const c = columnsSql(row);
  const r = await queryOne<{ id: number }>(db, sql`insert into ${sql.identifier(table)} (${c.names}) values (${c.values}) returning id`);
  return r!.id;
}

/** Updates one row at the version it was read (and moves the version on); false when the version is stale. */
export async function updateRow<T extends IdTable>(db: Db, table: T, id: number, version: number, row: Partial<InsertOf<T>>): Promise<boolean>;
/** @deprecated A table by name: untyped; use the Drizzle table (`schema.brands`). */
export async function updateRow(db: Db, table: string, id: number, version: number, row: Record<string, unknown>): Promise<boolean>;
export async function updateRow(db: Db, table: string | IdTable, id: number, version: number, row: Record<string, unknown>): Promise<boolean> {
  const name = typeof table === 'string' ? table : getTableName(table);
  const c = columnsSql(typeof table === 'string' ? row : dbColumns(table, row));
  const r = await queryOne<{ id: number }>(
    db,
    sql`update ${sql.identifier(name)} set ${c.sets}, version = version + 1, updated_at = now()
         where id = ${id} and version = ${version} returning id`,
  );
  return Boolean(r);
}

/** A row keyed by Drizzle property names, keyed by the columns' names in the database instead. */
function dbColumns(table: PgTable, row: Record<string, unknown>): Record<string, unknown> {
  const cols = getTableColumns(table) as Record<string, AnyPgColumn>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (value === undefined) continue;
    const col = cols[key];
    if (!col) throw new Error(`${getTableName(table)} has no column ${key}`);
    out[col.name] = value;
  }
  return out;
}


/**
 * Runs `fn` in one transaction. A transaction that PostgreSQL chose as a deadlock victim (or a
 * serialization failure) is run again from the start, up to TX_ATTEMPTS times: nothing of it was
 * kept, and the other writer has finished.
 */
export async function transaction<T>(db: Db, fn: (t: Db) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => fn(tx as unknown as Db));
    } catch (e) {
      if (attempt < TX_ATTEMPTS && RETRYABLE.has(sqlStateOf(e))) continue;
      throw e;
    }
  }
}
const TX_ATTEMPTS = 3;
/** deadlock_detected, serialization_failure */
const RETRYABLE = new Set(['40P01', '40001']);

/** The SQLSTATE of a database error, wherever the driver or the ORM wrapped it (its `cause`); '' when none. */
export function sqlStateOf(err: unknown): string {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return '';
}

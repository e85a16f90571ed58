import { sql, type SQL } from 'drizzle-orm';
import type { Database, Db } from '../../apps/server/src/db/connect.js';
export type { Db };

export interface GeneratorContext {
  database?: Database;
  db: Db;
  log: (msg: string) => void;
}

/** Rows written per table, for the report. */
export type Counts = Record<string, number>;

/**
 * One area's share of the large data set. `run` returns the rows it wrote, or a string
 * saying why it skipped itself (e.g. its tables do not exist yet).
 */
export interface Generator {
  name: string;
  run(ctx: GeneratorContext): Promise<Counts | string>;
}

/** Runs a query and returns its rows (both drivers answer `{ rows }`). */
export async function rows<T>(db: Db, q: SQL): Promise<T[]> {
  const res = (await db.execute(q)) as unknown as { rows: T[] };
  return res.rows;
}

export async function tableExists(db: Db, table: string): Promise<boolean> {
  const r = await rows<{ ok: boolean }>(db, sql`select to_regclass(${'public.' + table}) is not null as ok`);
  return Boolean(r[0]?.ok);
}

export async function columnsOf(db: Db, table: string): Promise<Set<string>> {
  const r = await rows<{ column_name: string }>(
    db,
    sql`select column_name from information_schema.columns where table_schema = 'public' and table_name = ${table}`,
  );
  return new Set(r.map((x) => x.column_name));
}

// ---- set-based pseudo-random helpers (deterministic: same data on every run and both backends) ----

/** A non-negative pseudo-random int from an integer SQL expression and a salt. */
export function h(expr: string, salt: number): SQL {
  return sql.raw(`(hashint4((${expr})::int + ${salt * 7919}) & 2147483647)`);
}
/** Pseudo-random int in [0, n). */
export function pick(expr: string, salt: number, n: number): SQL {
  return sql.raw(pickText(expr, salt, n));
}
/** The SQL text of `pick`, to build larger raw expressions. */
export function pickText(expr: string, salt: number, n: number): string {
  return `((hashint4((${expr})::int + ${salt * 7919}) & 2147483647) % ${n})`;
}
/** Pseudo-random float in [0, 1). */
export function unit(expr: string, salt: number): SQL {
  return sql.raw(`((hashint4((${expr})::int + ${salt * 7919}) & 2147483647)::float8 / 2147483648.0)`);
}

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** A constant text[] literal (trusted, constant strings only). */
export function textArray(values: readonly string[]): SQL {
  return sql.raw(`(array[${values.map(lit).join(',')}]::text[])`);
}

/** `arr[1 + pick]`: one element of a constant list, uniformly. */
export function oneOf(values: readonly string[], expr: string, salt: number): SQL {
  return sql`${textArray(values)}[1 + ${pick(expr, salt, values.length)}]`;
}

/** One element of a weighted list (weights are relative; expanded to a 100-slot array). */
export function weighted(entries: readonly (readonly [string, number])[], expr: string, salt: number): SQL {
  const total = entries.reduce((s, [, w]) => s + w, 0);
  const slots: string[] = [];
  for (const [v, w] of entries) for (let i = 0; i < Math.max(1, Math.round((w / total) * 100)); i++) slots.push(v);
  return oneOf(slots, expr, salt);
}

/** A trigger by table and name. */
export type TriggerRef = readonly [table: string, trigger: string];

/**
 * Runs `fn` with these triggers disabled (ALTER TABLE … DISABLE TRIGGER, inside the generator's
 * transaction: a failure rolls the switch back with the rows). The caller rebuilds what they keep.
 */
export async function withTriggersDisabled<T>(db: Db, triggers: readonly TriggerRef[], fn: () => Promise<T>): Promise<T> {
  for (const [table, name] of triggers)
    await db.execute(sql`alter table ${sql.identifier(table)} disable trigger ${sql.identifier(name)}`);
  const out = await fn();
  for (const [table, name] of triggers)
    await db.execute(sql`alter table ${sql.identifier(table)} enable trigger ${sql.identifier(name)}`);
  return out;
}

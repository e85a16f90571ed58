import { sql, type SQL } from 'drizzle-orm';
import { query, queryOne, type Db } from '../../db/connect.js';
import { mapUnique, type UniqueRule } from '../../http/crud.js';
import { badRequest, notFound, ruleViolated } from '../../http/errors.js';

/** Runs `fn` in one transaction; unique violations become 409s named by `unique`. */
export function inTx<T>(db: Db, fn: (t: Db) => Promise<T>, unique?: UniqueRule[]): Promise<T> {
  return db.transaction(async (tx) => fn(tx as unknown as Db)).catch((e) => mapUnique(e, unique));
}

/** Integer array parameter (`= any(${intArray(ids)})`), the same on pg and PGlite. */
export const intArray = (ids: readonly number[]): SQL => sql`${`{${ids.join(',')}}`}::int[]`;

/** Locks one row for the rest of the transaction; 404 when it is missing. */
export async function lockRow(t: Db, table: string, id: number, noun: string): Promise<void> {
  const row = await queryOne(t, sql`select 1 as x from ${sql.identifier(table)} where id = ${id} for update`);
  if (!row) throw notFound(`The ${noun}`);
}

/** Every id of `ids` exists in `table`, else a 422 naming `field`. */
export async function assertIdsExist(t: Db, table: string, ids: readonly number[], field: string, noun: string): Promise<void> {
  if (!ids.length) return;
  const rows = await query<{ id: number }>(t, sql`select id from ${sql.identifier(table)} where id = any(${intArray(ids)})`);
  const found = new Set(rows.map((r) => r.id));
  const missing = [...new Set(ids)].filter((i) => !found.has(i));
  if (missing.length) throw ruleViolated(`Unknown ${noun} ${missing.join(', ')}`, { [field]: `Unknown ${noun} ${missing.join(', ')}` });
}

export function assertUnique(ids: readonly number[], field: string) {
  if (new Set(ids).size !== ids.length) throw badRequest('A value is listed twice', { [field]: 'Listed twice' });
}

/** Lowercase dash slug of a name ("9mm Luger" → "9mm-luger"). */
export function slugify(name: string): string {
  return (
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/&/g, ' and ')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 120) || 'item'
  );
}

/** "1 product", "3 products". */
export function plural(n: number, one: string, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`;
}

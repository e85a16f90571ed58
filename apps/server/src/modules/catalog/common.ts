import { sql, type SQL } from 'drizzle-orm';
import type { Permission } from '@qm/contracts';
import { query, queryOne, type Db } from '../../db/connect.js';
import { badRequest, ruleViolated } from '../../http/errors.js';

/** Docs tag and permissions of the catalogue's endpoints. */
export const CATALOG: { tags: string[]; read: Permission; write: Permission } = { tags: ['catalog'], read: 'catalog.read', write: 'catalog.write' };

/** Integer array parameter (`= any(${intArray(ids)})`), the same on pg and PGlite. */
export const intArray = (ids: readonly number[]): SQL => sql`${`{${ids.join(',')}}`}::int[]`;

/** The store named exists (a store is optional where `id` is null), else a 422 "No such store" on `store_id`. */
export async function assertStoreExists(t: Db, id: number | null): Promise<void> {
  if (id !== null && !(await queryOne(t, sql`select 1 as x from stores where id = ${id}`))) throw ruleViolated(`Store ${id} does not exist`, { store_id: 'No such store' });
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

/**
 * One default per owner (a product's variants, a modifier's options; a partial unique index holds it):
 * clears the owner's default, except on row `except`.
 */
export const clearDefault = (t: Db, table: string, ownerCol: string, ownerId: number, except?: number) =>
  t.execute(sql`update ${sql.identifier(table)} set is_default = false, version = version + 1, updated_at = now()
                 where ${sql.identifier(ownerCol)} = ${ownerId} and is_default${except === undefined ? sql`` : sql` and id <> ${except}`}`);

/** Makes the owner's first row in `order` its default (after the default was deleted). */
export const promoteDefault = (t: Db, table: string, ownerCol: string, ownerId: number, order: SQL) =>
  t.execute(sql`update ${sql.identifier(table)} set is_default = true, version = version + 1, updated_at = now()
                 where id = (select id from ${sql.identifier(table)} where ${sql.identifier(ownerCol)} = ${ownerId} order by ${order} limit 1)`);

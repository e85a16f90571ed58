import { sql } from 'drizzle-orm';
import { queryOne, type Db } from '../../db/connect.js';
import { auditedCreate, auditedUpdate, lockRow } from '../../http/crud.js';
import { insertRow, updateRow } from '../../db/write.js';
import type { Actor } from '../../db/audit.js';
import { assertIdsExist, assertUnique, intArray } from './common.js';

/**
 * Products and product families: rows with a brand, notes and categories (a link table), created and
 * updated the same way; the audit records the row with its category ids.
 */
export interface CategorisedDef {
  table: 'products' | 'product_families';
  /** The link table to categories and its column naming the owner. */
  links: 'product_categories' | 'product_family_categories';
  ownerCol: 'product_id' | 'product_family_id';
  entity: 'product' | 'product_family';
  noun: string;
  /** The owner's own columns the audit records (besides id, category ids and version). */
  audited: readonly string[];
}

export const PRODUCT: CategorisedDef = {
  table: 'products',
  links: 'product_categories',
  ownerCol: 'product_id',
  entity: 'product',
  noun: 'product',
  audited: ['type', 'variation_type', 'brand_id', 'notes', 'title'],
};

export const FAMILY: CategorisedDef = {
  table: 'product_families',
  links: 'product_family_categories',
  ownerCol: 'product_family_id',
  entity: 'product_family',
  noun: 'product family',
  audited: ['name', 'brand_id', 'notes'],
};

/** The owner's columns with a brand, notes and categories. */
interface CategorisedRow {
  brand_id: number | null;
  notes: string | null;
  [column: string]: unknown;
}

/** The row as audited: its own columns, its category ids and its version. */
const auditRow = async (t: Db, def: CategorisedDef, id: number) =>
  (await queryOne<{ id: number; category_ids: number[]; version: number }>(
    t,
    sql`select o.id, ${sql.raw(def.audited.map((c) => `o.${c}`).join(', '))},
               array(select category_id from ${sql.identifier(def.links)} where ${sql.identifier(def.ownerCol)} = o.id order by 1) as category_ids, o.version
          from ${sql.identifier(def.table)} o where o.id = ${id}`,
  ))!;

export async function checkBrandAndCategories(t: Db, brandId: number | null, categoryIds: number[]) {
  if (brandId !== null) await assertIdsExist(t, 'brands', [brandId], 'brand_id', 'brand');
  assertUnique(categoryIds, 'category_ids');
  await assertIdsExist(t, 'categories', categoryIds, 'category_ids', 'category');
}

async function setCategories(t: Db, def: CategorisedDef, id: number, ids: number[]) {
  await t.execute(sql`delete from ${sql.identifier(def.links)} where ${sql.identifier(def.ownerCol)} = ${id}`);
  if (ids.length)
    await t.execute(
      sql`insert into ${sql.identifier(def.links)} (${sql.identifier(def.ownerCol)}, category_id) select ${id}, unnest(${intArray(ids)})`,
    );
}

/** Inserts the row and its categories and audits them; returns the new id. */
export async function createCategorised(t: Db, actor: Actor, def: CategorisedDef, row: CategorisedRow, categoryIds: number[]): Promise<number> {
  await checkBrandAndCategories(t, row.brand_id, categoryIds);
  const id = await insertRow(t, def.table, row);
  await setCategories(t, def, id, categoryIds);
  await auditedCreate(t, actor, def.entity, id, () => auditRow(t, def, id));
  return id;
}

/** Updates the row and its categories at the version the client read, and audits before → after. */
export async function updateCategorised(
  t: Db,
  actor: Actor,
  def: CategorisedDef,
  id: number,
  version: number,
  row: CategorisedRow,
  categoryIds: number[],
): Promise<void> {
  await auditedUpdate(t, actor, {
    entity: def.entity,
    id,
    noun: def.noun,
    version,
    lock: () => lockRow(t, def.table, id, def.noun),
    load: () => auditRow(t, def, id),
    write: async () => {
      await checkBrandAndCategories(t, row.brand_id, categoryIds);
      await updateRow(t, def.table, id, version, row);
      await setCategories(t, def, id, categoryIds);
    },
  });
}

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  dataResponse,
  FamilyStoreProductCreate,
  FamilyVariantAdd,
  FamilyVariantSort,
  IdParams,
  listResponse,
  ProductFamilyCreate,
  ProductFamilyDetail,
  ProductFamilyListItem,
  ProductFamilyUpdate,
  ProductVariantParams,
  StoreProduct, PRODUCT_FAMILY_LIST } from '@qm/contracts';
import { query, queryOne, type Db } from '../../db/connect.js';
import { actorOf } from '../../http/auth.js';
import { auditedCreate, inTx, lockRow, registerList, registerResource } from '../../http/crud.js';
import { conflict, notFound, ruleViolated } from '../../http/errors.js';
import { audit, type Actor } from '../../db/audit.js';
import { registerCanonicalValueRoutes } from './attributes.js';
import { pruneFamilyOptionLinks } from './modifiers.js';
import { createCategorised, FAMILY, updateCategorised } from './owners.js';
import { CATALOG, intArray } from './common.js';
import { familyDetailJson, familyList, loadFamilyDetail, loadStoreProducts } from './queries.js';
import { action } from '../../http/kit.js';

/** The columns of a family as sent (create and update). */
const familyRow = (b: z.infer<typeof ProductFamilyCreate | typeof ProductFamilyUpdate>) => ({ name: b.name, brand_id: b.brand_id, notes: b.notes ?? null });

export async function createFamily(db: Db, actor: Actor, body: z.infer<typeof ProductFamilyCreate>) {
  const id = await inTx(db, (t) => createCategorised(t, actor, FAMILY, familyRow(body), body.category_ids));
  return loadFamilyDetail(db, id);
}

export async function updateFamily(db: Db, actor: Actor, id: number, body: z.infer<typeof ProductFamilyUpdate>) {
  await inTx(db, (t) => updateCategorised(t, actor, FAMILY, id, body.version, familyRow(body), body.category_ids));
  return loadFamilyDetail(db, id);
}

export async function addFamilyVariant(t: Db, actor: Actor, familyId: number, variantId: number) {
  await lockRow(t, 'product_families', familyId, 'product family');
  const v = await queryOne<{ sku: string }>(t, sql`select sku from variants where id = ${variantId}`);
  if (!v) throw ruleViolated(`Unknown variant ${variantId}`, { variant_id: 'Unknown variant' });
  const row = await queryOne(
    t,
    sql`insert into product_family_variants (product_family_id, variant_id, sort_order)
        values (${familyId}, ${variantId}, (select coalesce(max(sort_order) + 1, 0) from product_family_variants where product_family_id = ${familyId}))
        on conflict do nothing returning variant_id`,
  );
  if (!row) throw conflict(`SKU ${v.sku} is already in this family.`, { variant_id: 'Already in this family' });
  await audit(t, actor, { action: 'create', entity: 'product_family_variant', entityId: `${familyId}:${variantId}`, after: { product_family_id: familyId, variant_id: variantId, sku: v.sku } });
}

/** Removes a variant from a family and, in the same transaction, from every option of the family's modifiers. */
export async function removeFamilyVariant(t: Db, actor: Actor, familyId: number, variantId: number) {
  await lockRow(t, 'product_families', familyId, 'product family');
  const row = await queryOne<{ variant_id: number }>(
    t,
    sql`delete from product_family_variants where product_family_id = ${familyId} and variant_id = ${variantId} returning variant_id`,
  );
  if (!row) throw notFound('The variant in this family');
  const removedLinks = await pruneFamilyOptionLinks(t, familyId, variantId);
  await audit(t, actor, {
    action: 'delete',
    entity: 'product_family_variant',
    entityId: `${familyId}:${variantId}`,
    before: { product_family_id: familyId, variant_id: variantId, modifier_option_ids: removedLinks.map((l) => l.modifier_option_id) },
  });
}

/**
 * Puts the family's variants in the order given (the order shoppers see them in). The list must be
 * exactly the family's variants: otherwise 422 (a repeat is refused by the contract, 400) and nothing changes.
 */
export async function sortFamilyVariants(t: Db, actor: Actor, familyId: number, variantIds: number[]) {
  await lockRow(t, 'product_families', familyId, 'product family');
  const current = await query<{ variant_id: number }>(
    t,
    sql`select variant_id from product_family_variants where product_family_id = ${familyId} order by sort_order, variant_id`,
  );
  const members = new Set(current.map((r) => r.variant_id));
  const unknown = variantIds.findIndex((id) => !members.has(id));
  if (unknown >= 0) throw ruleViolated(`Variant ${variantIds[unknown]} is not in this family.`, { [`variant_ids.${unknown}`]: 'Not in this family' });
  if (variantIds.length !== members.size)
    throw ruleViolated(`List all ${members.size} variants of the family; ${members.size - variantIds.length} missing.`, { variant_ids: 'Some variants are missing' });
  const before = current.map((r) => r.variant_id);
  if (before.every((id, i) => id === variantIds[i])) return;
  await t.execute(sql`update product_family_variants f set sort_order = o.ord - 1
                        from unnest(${intArray(variantIds)}) with ordinality as o(variant_id, ord)
                       where f.product_family_id = ${familyId} and f.variant_id = o.variant_id and f.sort_order <> o.ord - 1`);
  // The family's own version stays: the order is not one of the fields its details form saves.
  await audit(t, actor, { action: 'update', entity: 'product_family', entityId: familyId, before: { variant_order: before }, after: { variant_order: variantIds } });
}

const FAMILY_STORE_UNIQUE = [
  { constraint: 'store_products_family_key', field: 'store_id', message: 'The family is already on this store' },
];

/** Puts a family on a store: creates its store product there (not published). */
export async function createFamilyStoreProduct(t: Db, actor: Actor, familyId: number, storeId: number) {
  await lockRow(t, 'product_families', familyId, 'product family');
  const store = await queryOne<{ name: string; is_enabled: boolean }>(t, sql`select name, is_enabled from stores where id = ${storeId}`);
  if (!store) throw ruleViolated(`Unknown store ${storeId}`, { store_id: 'Unknown store' });
  if (!store.is_enabled) throw ruleViolated(`${store.name} is disabled. Enable the store first.`, { store_id: `${store.name} is disabled` });
  const row = await queryOne<{ id: number }>(
    t,
    sql`insert into store_products (store_id, product_family_id) values (${storeId}, ${familyId})
        on conflict (product_family_id, store_id) where product_family_id is not null do nothing returning id`,
  );
  if (!row) throw conflict(`The family is already on ${store.name}.`, { store_id: `Already on ${store.name}` });
  return auditedCreate(t, actor, 'store_product', row.id, async () => (await loadStoreProducts(t, sql`sp.id = ${row.id}`))[0]!);
}

export function familyRoutes(app: FastifyInstance, db: Db) {
  const { tags } = CATALOG;
  const detail = dataResponse(ProductFamilyDetail);

  registerList(app, db, {
    url: '/api/product-family',
    permission: 'catalog.read',
    tags,
    summary: 'Product families, paged; q searches the name; filter by brand, category (with subcategories)',
    response: listResponse(ProductFamilyListItem),
    fields: PRODUCT_FAMILY_LIST,
    spec: familyList,
    filename: 'product-families',
  });

  registerResource(app, {
    resource: 'product-family',
    ...CATALOG,
    item: ProductFamilyDetail,
    get: { summary: 'The product family editor payload', json: (id) => familyDetailJson(db, id) },
    create: { summary: 'Create a product family', body: ProductFamilyCreate, run: (actor, body) => createFamily(db, actor, body) },
    update: { summary: 'Update name, brand, categories and notes', body: ProductFamilyUpdate, run: (actor, id, body) => updateFamily(db, actor, id, body) },
  });

  action(app, {
    method: 'POST',
    url: '/api/product-family/:id/variant',
    access: 'catalog.write',
    tags,
    summary: 'Add a variant of any product to the family',
    params: IdParams,
    body: FamilyVariantAdd,
    response: { 201: detail },
    handler: async (req, reply) => {
      await inTx(db, (t) => addFamilyVariant(t, actorOf(req), req.params.id, req.body.variant_id));
      return reply.status(201).send({ data: await loadFamilyDetail(db, req.params.id) });
    },
  });

  action(app, {
    method: 'POST',
    url: '/api/product-family/:id/variant/sort',
    access: 'catalog.write',
    tags,
    summary: 'Order the family’s variants: `variant_ids` lists every variant of the family once, in order (422 otherwise, nothing changed)',
    params: IdParams,
    body: FamilyVariantSort,
    response: { 200: detail },
    handler: async (req) => {
      await inTx(db, (t) => sortFamilyVariants(t, actorOf(req), req.params.id, req.body.variant_ids));
      return { data: await loadFamilyDetail(db, req.params.id) };
    },
  });

  action(app, {
    method: 'DELETE',
    url: '/api/product-family/:id/variant/:variantId',
    access: 'catalog.write',
    tags,
    summary: 'Remove a variant from the family and from every option of its modifiers',
    params: ProductVariantParams,
    response: { 200: detail },
    handler: async (req) => {
      await inTx(db, (t) => removeFamilyVariant(t, actorOf(req), req.params.id, req.params.variantId));
      return { data: await loadFamilyDetail(db, req.params.id) };
    },
  });

  action(app, {
    method: 'POST',
    url: '/api/product-family/:id/store-product',
    access: 'catalog.write',
    tags,
    summary: 'Put the family on a store: creates its store product there (409 if already there, 422 if the store is unknown or disabled)',
    params: IdParams,
    body: FamilyStoreProductCreate,
    response: { 201: dataResponse(StoreProduct) },
    handler: async (req, reply) =>
      reply
        .status(201)
        .send({ data: await inTx(db, (t) => createFamilyStoreProduct(t, actorOf(req), req.params.id, req.body.store_id), FAMILY_STORE_UNIQUE) }),
  });

  registerCanonicalValueRoutes(app, db, {
    base: '/api/product-family',
    table: 'product_families',
    noun: 'product family',
    type: 'product_family',
    tags,
    summaries: {
      create: 'Set the canonical value of an attribute of the family',
      update: 'Change the canonical value of an attribute of the family',
    },
  });
}

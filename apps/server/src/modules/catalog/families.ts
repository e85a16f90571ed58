import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AttributeData,
  AttributeValueCreate,
  AttributeValueUpdate,
  dataResponse,
  FamilyVariantAdd,
  IdParams,
  ListQuery,
  listResponse,
  ProductAttributeParams,
  ProductFamilyCreate,
  ProductFamilyDetail,
  ProductFamilyListItem,
  ProductFamilyUpdate,
  ProductVariantParams,
} from '@qm/contracts';
import { queryOne, type Db } from '../../db/connect.js';
import { actorOf } from '../../http/auth.js';
import { conflict, notFound, ruleViolated, stale } from '../../http/errors.js';
import { runList, sendCsv } from '../../http/list.js';
import { audit, type Actor } from '../audit/service.js';
import { createCanonicalValue, updateCanonicalValue } from './attributes.js';
import { inTx, lockRow } from './common.js';
import { pruneFamilyOptionLinks } from './modifiers.js';
import { checkBrandAndCategories, setCategories } from './products.js';
import { familyList, loadFamilyDetail } from './queries.js';

const familyRow = (t: Db, id: number) =>
  queryOne<{ id: number; name: string; brand_id: number | null; notes: string | null; category_ids: number[]; version: number }>(
    t,
    sql`select pf.id, pf.name, pf.brand_id, pf.notes,
               array(select category_id from product_family_categories where product_family_id = pf.id order by 1) as category_ids, pf.version
          from product_families pf where pf.id = ${id}`,
  );

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

export function familyRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['catalog'];
  const detail = dataResponse(ProductFamilyDetail);

  r.get('/api/product-family', {
    config: { permission: 'catalog.read' },
    schema: { tags, summary: 'Product families, paged; q searches the name; filter by brand, category (with subcategories)', querystring: ListQuery, response: { 200: listResponse(ProductFamilyListItem) } },
    handler: async (req, reply) =>
      req.query.format === 'csv' ? sendCsv(reply, db, familyList, req.query, 'product-families') : runList(db, familyList, req.query),
  });

  r.get('/api/product-family/:id', {
    config: { permission: 'catalog.read' },
    schema: { tags, summary: 'The product family editor payload', params: IdParams, response: { 200: detail } },
    handler: async (req) => ({ data: await loadFamilyDetail(db, req.params.id) }),
  });

  r.post('/api/product-family', {
    config: { permission: 'catalog.write' },
    schema: { tags, summary: 'Create a product family', body: ProductFamilyCreate, response: { 201: detail } },
    handler: async (req, reply) => {
      const id = await inTx(db, async (t) => {
        const b = req.body;
        await checkBrandAndCategories(t, b.brand_id, b.category_ids);
        const row = await queryOne<{ id: number }>(
          t,
          sql`insert into product_families (name, brand_id, notes) values (${b.name}, ${b.brand_id}, ${b.notes ?? null}) returning id`,
        );
        await setCategories(t, 'product_family_categories', 'product_family_id', row!.id, b.category_ids);
        await audit(t, actorOf(req), { action: 'create', entity: 'product_family', entityId: row!.id, after: await familyRow(t, row!.id) });
        return row!.id;
      });
      return reply.status(201).send({ data: await loadFamilyDetail(db, id) });
    },
  });

  r.put('/api/product-family/:id', {
    config: { permission: 'catalog.write' },
    schema: { tags, summary: 'Update name, brand, categories and notes', params: IdParams, body: ProductFamilyUpdate, response: { 200: detail } },
    handler: async (req) => {
      const id = req.params.id;
      await inTx(db, async (t) => {
        const b = req.body;
        await lockRow(t, 'product_families', id, 'product family');
        const before = await familyRow(t, id);
        if (before!.version !== b.version) throw stale('product family');
        await checkBrandAndCategories(t, b.brand_id, b.category_ids);
        await t.execute(sql`update product_families set name = ${b.name}, brand_id = ${b.brand_id}, notes = ${b.notes ?? null},
                                   version = version + 1, updated_at = now() where id = ${id}`);
        await setCategories(t, 'product_family_categories', 'product_family_id', id, b.category_ids);
        await audit(t, actorOf(req), { action: 'update', entity: 'product_family', entityId: id, before, after: await familyRow(t, id) });
      });
      return { data: await loadFamilyDetail(db, id) };
    },
  });

  r.post('/api/product-family/:id/variant', {
    config: { permission: 'catalog.write' },
    schema: { tags, summary: 'Add a variant of any product to the family', params: IdParams, body: FamilyVariantAdd, response: { 201: detail } },
    handler: async (req, reply) => {
      await inTx(db, (t) => addFamilyVariant(t, actorOf(req), req.params.id, req.body.variant_id));
      return reply.status(201).send({ data: await loadFamilyDetail(db, req.params.id) });
    },
  });

  r.delete('/api/product-family/:id/variant/:variantId', {
    config: { permission: 'catalog.write' },
    schema: { tags, summary: 'Remove a variant from the family and from every option of its modifiers', params: ProductVariantParams, response: { 200: detail } },
    handler: async (req) => {
      await inTx(db, (t) => removeFamilyVariant(t, actorOf(req), req.params.id, req.params.variantId));
      return { data: await loadFamilyDetail(db, req.params.id) };
    },
  });

  r.post('/api/product-family/:id/attribute', {
    config: { permission: 'catalog.write' },
    schema: { tags, summary: 'Set the canonical value of an attribute of the family', params: IdParams, body: AttributeValueCreate, response: { 201: dataResponse(AttributeData) } },
    handler: async (req, reply) => {
      const row = await inTx(db, async (t) => {
        await lockRow(t, 'product_families', req.params.id, 'product family');
        return createCanonicalValue(t, actorOf(req), { type: 'product_family', id: req.params.id }, req.body.attribute_id, req.body.value);
      });
      return reply.status(201).send({ data: row });
    },
  });

  r.put('/api/product-family/:id/attribute/:attributeId', {
    config: { permission: 'catalog.write' },
    schema: { tags, summary: 'Change the canonical value of an attribute of the family', params: ProductAttributeParams, body: AttributeValueUpdate, response: { 200: dataResponse(AttributeData) } },
    handler: async (req) => ({
      data: await inTx(db, async (t) => {
        await lockRow(t, 'product_families', req.params.id, 'product family');
        return updateCanonicalValue(t, actorOf(req), { type: 'product_family', id: req.params.id }, req.params.attributeId, req.body.value, req.body.version);
      }),
    }),
  });

}

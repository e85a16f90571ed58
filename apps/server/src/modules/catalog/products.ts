import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AttributeData,
  AttributeValueCreate,
  AttributeValueUpdate,
  dataResponse,
  IdParams,
  IMAGE_ATTRIBUTE_ID,
  ListQuery,
  ProductAttributeParams,
  ProductCreate,
  ProductDetail,
  ProductListResponse,
  ProductUpdate,
  ProductVariantParams,
  TITLE_ATTRIBUTE_ID,
  VariantCreate,
  VariantUpdate,
  VariantWithSiblings,
  type Variant,
} from '@qm/contracts';
import { queryOne, type Db } from '../../db/connect.js';
import { actorOf } from '../../http/auth.js';
import type { UniqueRule } from '../../http/crud.js';
import { notFound, ruleViolated, stale } from '../../http/errors.js';
import { runList, sendCsv } from '../../http/list.js';
import { audit, type Actor } from '../audit/service.js';
import { createCanonicalValue, deleteCanonicalValue, refreshProductCache, updateCanonicalValue } from './attributes.js';
import { assertIdsExist, assertUnique, inTx, intArray, lockRow, plural } from './common.js';
import { loadProductDetail, loadVariants, productList, resolveProductListQuery } from './queries.js';

export const VARIANT_UNIQUE: UniqueRule[] = [{ constraint: 'variants_sku_key', field: 'sku', message: 'Another variant already has this SKU' }];

interface ProductRowForAudit {
  id: number;
  type: string;
  variation_type: string;
  brand_id: number | null;
  notes: string | null;
  title: string | null;
  category_ids: number[];
  version: number;
}

const productRow = (t: Db, id: number) =>
  queryOne<ProductRowForAudit>(
    t,
    sql`select p.id, p.type, p.variation_type, p.brand_id, p.notes, p.title,
               array(select category_id from product_categories where product_id = p.id order by 1) as category_ids, p.version
          from products p where p.id = ${id}`,
  );

async function checkBrandAndCategories(t: Db, brandId: number | null, categoryIds: number[]) {
  if (brandId !== null) await assertIdsExist(t, 'brands', [brandId], 'brand_id', 'brand');
  assertUnique(categoryIds, 'category_ids');
  await assertIdsExist(t, 'categories', categoryIds, 'category_ids', 'category');
}

async function setCategories(t: Db, table: 'product_categories' | 'product_family_categories', ownerCol: string, id: number, ids: number[]) {
  await t.execute(sql`delete from ${sql.identifier(table)} where ${sql.identifier(ownerCol)} = ${id}`);
  if (ids.length)
    await t.execute(
      sql`insert into ${sql.identifier(table)} (${sql.identifier(ownerCol)}, category_id) select ${id}, unnest(${intArray(ids)})`,
    );
}
export { setCategories, checkBrandAndCategories };

// ───────────────────────────── variants ─────────────────────────────

const variantOf = async (t: Db, productId: number, variantId: number) => {
  const [v] = await loadVariants(t, sql`v.id = ${variantId} and v.product_id = ${productId}`);
  if (!v) throw notFound('The variant');
  return v;
};

/** Adds a variant; the first variant of a product becomes its default, and a new default clears the old one. */
export async function createVariant(t: Db, actor: Actor, productId: number, body: z.infer<typeof VariantCreate>): Promise<Variant> {
  await lockRow(t, 'products', productId, 'product');
  const n = (await queryOne<{ n: number }>(t, sql`select count(*)::int as n from variants where product_id = ${productId}`))!.n;
  const isDefault = n === 0 || body.is_default;
  if (isDefault && n > 0)
    await t.execute(sql`update variants set is_default = false, version = version + 1, updated_at = now() where product_id = ${productId} and is_default`);
  const row = await queryOne<{ id: number }>(
    t,
    sql`insert into variants (product_id, sku, upc, units_per_package, cost_cents, weight_oz, is_default)
        values (${productId}, ${body.sku}, ${body.upc ?? null}, ${body.units_per_package}, ${body.cost_cents ?? null}, ${body.weight_oz ?? null}, ${isDefault})
        returning id`,
  );
  await refreshProductCache(t, [productId]);
  const created = await variantOf(t, productId, row!.id);
  await audit(t, actor, { action: 'create', entity: 'variant', entityId: created.id, after: created });
  return created;
}

export async function updateVariant(t: Db, actor: Actor, productId: number, variantId: number, body: z.infer<typeof VariantUpdate>) {
  await lockRow(t, 'products', productId, 'product');
  const before = await variantOf(t, productId, variantId);
  if (before.version !== body.version) throw stale('variant');
  if (before.is_default && !body.is_default)
    throw ruleViolated('A product always has one default variant. Make another variant the default instead.', {
      is_default: 'Make another variant the default instead',
    });
  if (body.is_default && !before.is_default)
    await t.execute(sql`update variants set is_default = false, version = version + 1, updated_at = now() where product_id = ${productId} and is_default`);
  await t.execute(
    sql`update variants set sku = ${body.sku}, upc = ${body.upc ?? null}, units_per_package = ${body.units_per_package},
               cost_cents = ${body.cost_cents ?? null}, weight_oz = ${body.weight_oz ?? null}, is_default = ${body.is_default},
               version = version + 1, updated_at = now()
         where id = ${variantId}`,
  );
  await refreshProductCache(t, [productId]);
  const after = await variantOf(t, productId, variantId);
  await audit(t, actor, { action: 'update', entity: 'variant', entityId: variantId, before, after });
  return after;
}

/** Deletes a variant that no store sells; if it was the default, the next variant becomes default. */
export async function deleteVariant(t: Db, actor: Actor, productId: number, variantId: number) {
  await lockRow(t, 'products', productId, 'product');
  const before = await variantOf(t, productId, variantId);
  const sold = (await queryOne<{ n: number }>(t, sql`select count(*)::int as n from store_variants where variant_id = ${variantId}`))!.n;
  if (sold) throw ruleViolated(`SKU ${before.sku} has ${plural(sold, 'store variant')}. Disable them instead of deleting the variant.`);
  await t.execute(sql`delete from variants where id = ${variantId}`);
  if (before.is_default)
    await t.execute(sql`update variants set is_default = true, version = version + 1, updated_at = now()
                         where id = (select id from variants where product_id = ${productId} order by units_per_package, id limit 1)`);
  await refreshProductCache(t, [productId]);
  await audit(t, actor, { action: 'delete', entity: 'variant', entityId: variantId, before });
}

// ───────────────────────────── products ─────────────────────────────

export async function createProduct(db: Db, actor: Actor, body: z.infer<typeof ProductCreate>): Promise<ProductDetail> {
  const id = await inTx(
    db,
    async (t) => {
      await checkBrandAndCategories(t, body.brand_id, body.category_ids);
      const row = await queryOne<{ id: number }>(
        t,
        sql`insert into products (type, variation_type, brand_id, notes) values (${body.type}, ${body.variation_type}, ${body.brand_id}, ${body.notes ?? null}) returning id`,
      );
      const id = row!.id;
      await setCategories(t, 'product_categories', 'product_id', id, body.category_ids);
      await audit(t, actor, { action: 'create', entity: 'product', entityId: id, after: await productRow(t, id) });
      const owner = { type: 'product' as const, id };
      if (body.title) await createCanonicalValue(t, actor, owner, TITLE_ATTRIBUTE_ID, body.title);
      if (body.image) await createCanonicalValue(t, actor, owner, IMAGE_ATTRIBUTE_ID, body.image);
      if (body.variants) {
        assertSkusDistinct(body.variants.map((v) => v.sku));
        const defaults = body.variants.filter((v) => v.is_default).length;
        if (defaults > 1) throw ruleViolated('Only one variant can be the default.', { variants: 'Only one default' });
        // The default goes first so that it is the one left standing.
        const ordered = [...body.variants].sort((a, b) => Number(b.is_default) - Number(a.is_default));
        for (const v of ordered) await createVariant(t, actor, id, v);
      }
      await refreshProductCache(t, [id]);
      return id;
    },
    VARIANT_UNIQUE,
  );
  return loadProductDetail(db, id);
}

function assertSkusDistinct(skus: string[]) {
  const seen = new Set<string>();
  skus.forEach((s, i) => {
    if (seen.has(s)) throw ruleViolated(`SKU ${s} is listed twice.`, { [`variants.${i}.sku`]: 'Listed twice' });
    seen.add(s);
  });
}

export async function updateProduct(db: Db, actor: Actor, id: number, body: z.infer<typeof ProductUpdate>): Promise<ProductDetail> {
  await inTx(db, async (t) => {
    await lockRow(t, 'products', id, 'product');
    const before = await productRow(t, id);
    if (before!.version !== body.version) throw stale('product');
    await checkBrandAndCategories(t, body.brand_id, body.category_ids);
    await t.execute(
      sql`update products set type = ${body.type}, variation_type = ${body.variation_type}, brand_id = ${body.brand_id},
                 notes = ${body.notes ?? null}, version = version + 1, updated_at = now() where id = ${id}`,
    );
    await setCategories(t, 'product_categories', 'product_id', id, body.category_ids);
    await audit(t, actor, { action: 'update', entity: 'product', entityId: id, before, after: await productRow(t, id) });
  });
  return loadProductDetail(db, id);
}

// ───────────────────────────── routes ─────────────────────────────

export function productRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['catalog'];

  r.get('/api/product', {
    config: { permission: 'catalog.read' },
    schema: {
      tags,
      summary: 'Products, paged: q searches title words, SKU and UPC; filter by brand, category (with subcategories), type, variation type, store (published on)',
      querystring: ListQuery,
      response: { 200: ProductListResponse },
    },
    handler: async (req, reply) => {
      const q = await resolveProductListQuery(db, req.query);
      return q.format === 'csv' ? sendCsv(reply, db, productList, q, 'products') : runList(db, productList, q);
    },
  });

  r.get('/api/product/:id', {
    config: { permission: 'catalog.read' },
    schema: { tags, summary: 'The product editor payload', params: IdParams, response: { 200: dataResponse(ProductDetail) } },
    handler: async (req) => ({ data: await loadProductDetail(db, req.params.id) }),
  });

  r.post('/api/product', {
    config: { permission: 'catalog.write' },
    schema: { tags, summary: 'Create a product (title, image and variants optional)', body: ProductCreate, response: { 201: dataResponse(ProductDetail) } },
    handler: async (req, reply) => reply.status(201).send({ data: await createProduct(db, actorOf(req), req.body) }),
  });

  r.put('/api/product/:id', {
    config: { permission: 'catalog.write' },
    schema: { tags, summary: 'Update type, variation type, brand, categories and notes', params: IdParams, body: ProductUpdate, response: { 200: dataResponse(ProductDetail) } },
    handler: async (req) => ({ data: await updateProduct(db, actorOf(req), req.params.id, req.body) }),
  });

  r.post('/api/product/:id/attribute', {
    config: { permission: 'catalog.write' },
    schema: { tags, summary: 'Set the canonical (no source) value of an attribute', params: IdParams, body: AttributeValueCreate, response: { 201: dataResponse(AttributeData) } },
    handler: async (req, reply) => {
      const row = await inTx(db, async (t) => {
        await lockRow(t, 'products', req.params.id, 'product');
        return createCanonicalValue(t, actorOf(req), { type: 'product', id: req.params.id }, req.body.attribute_id, req.body.value);
      });
      return reply.status(201).send({ data: row });
    },
  });

  r.put('/api/product/:id/attribute/:attributeId', {
    config: { permission: 'catalog.write' },
    schema: { tags, summary: 'Change the canonical value of an attribute', params: ProductAttributeParams, body: AttributeValueUpdate, response: { 200: dataResponse(AttributeData) } },
    handler: async (req) => ({
      data: await inTx(db, async (t) => {
        await lockRow(t, 'products', req.params.id, 'product');
        return updateCanonicalValue(t, actorOf(req), { type: 'product', id: req.params.id }, req.params.attributeId, req.body.value, req.body.version);
      }),
    }),
  });

  r.delete('/api/product/:id/attribute/:attributeId', {
    config: { permission: 'catalog.write' },
    schema: { tags, summary: 'Remove the canonical value of an attribute', params: ProductAttributeParams, response: { 204: z.null() } },
    handler: async (req, reply) => {
      await inTx(db, async (t) => {
        await lockRow(t, 'products', req.params.id, 'product');
        await deleteCanonicalValue(t, actorOf(req), { type: 'product', id: req.params.id }, req.params.attributeId);
      });
      return reply.status(204).send(null);
    },
  });

  r.post('/api/product/:id/variant', {
    config: { permission: 'catalog.write' },
    schema: {
      tags,
      summary: 'Add a variant (the first becomes the default); `variants` = all of the product’s variants after the change',
      params: IdParams,
      body: VariantCreate,
      response: { 201: VariantWithSiblings },
    },
    handler: async (req, reply) => {
      const out = await inTx(
        db,
        async (t) => {
          const data = await createVariant(t, actorOf(req), req.params.id, req.body);
          return { data, variants: await loadVariants(t, sql`v.product_id = ${req.params.id}`) };
        },
        VARIANT_UNIQUE,
      );
      return reply.status(201).send(out);
    },
  });

  r.put('/api/product/:id/variant/:variantId', {
    config: { permission: 'catalog.write' },
    schema: {
      tags,
      summary: 'Update a variant; is_default true clears the other variants’ default in the same transaction',
      params: ProductVariantParams,
      body: VariantUpdate,
      response: { 200: VariantWithSiblings },
    },
    handler: async (req) =>
      inTx(
        db,
        async (t) => {
          const data = await updateVariant(t, actorOf(req), req.params.id, req.params.variantId, req.body);
          return { data, variants: await loadVariants(t, sql`v.product_id = ${req.params.id}`) };
        },
        VARIANT_UNIQUE,
      ),
  });

  r.delete('/api/product/:id/variant/:variantId', {
    config: { permission: 'catalog.write' },
    schema: { tags, summary: 'Delete a variant no store sells', params: ProductVariantParams, response: { 200: z.object({ variants: z.array(VariantWithSiblings.shape.data) }) } },
    handler: async (req) =>
      inTx(db, async (t) => {
        await deleteVariant(t, actorOf(req), req.params.id, req.params.variantId);
        return { variants: await loadVariants(t, sql`v.product_id = ${req.params.id}`) };
      }),
  });

}

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  IdParams,
  IMAGE_ATTRIBUTE_ID,
  ProductCreate,
  ProductDetail,
  ProductListResponse,
  ProductUpdate,
  ProductVariantParams,
  TITLE_ATTRIBUTE_ID,
  VariantCreate,
  VariantUpdate,
  VariantWithSiblings,
  type Variant, PRODUCT_LIST } from '@qm/contracts';
import { queryOne, type Db } from '../../db/connect.js';
import { actorOf } from '../../http/auth.js';
import { auditedCreate, auditedDelete, auditedUpdate, inTx, lockRow, registerList, registerResource, type UniqueRule } from '../../http/crud.js';
import { insertRow, updateRow } from '../../db/write.js';
import { notFound, ruleViolated } from '../../http/errors.js';
import type { Actor } from '../../db/audit.js';
import { createCanonicalValue, registerCanonicalValueRoutes } from './attributes.js';
import { CATALOG, clearDefault, plural, promoteDefault } from './common.js';
import { createCategorised, PRODUCT, updateCategorised } from './owners.js';
import { loadProductDetail, loadVariants, productDetailJson, productList } from './queries.js';
import { action } from '../../http/kit.js';

export const VARIANT_UNIQUE: UniqueRule[] = [
  {
    constraint: 'variants_sku_key',
    field: 'sku',
    message: 'Another variant already has this SKU',
    holder: async (db, [sku]) => {
      const v = await queryOne<{ product_id: number; sku: string; title: string | null }>(
        db,
        sql`select v.product_id, v.sku, p.title from variants v join products p on p.id = v.product_id where v.sku = ${sku}`,
      );
      return v ? { id: v.product_id, label: v.title ? `${v.title} (${v.sku})` : `product ${v.product_id} (${v.sku})`, path: `/product/${v.product_id}?tab=variants` } : undefined;
    },
  },
];

// ───────────────────────────── variants ─────────────────────────────

/** The columns of a variant as sent (create and update). */
const variantRow = (b: z.infer<typeof VariantCreate>) => ({
  sku: b.sku,
  upc: b.upc ?? null,
  units_per_package: b.units_per_package,
  cost_cents: b.cost_cents ?? null,
  weight_oz: b.weight_oz ?? null,
});

/** Every variant of a product (the `variants` of the variant endpoints' answers). */
const variantsOf = (t: Db, productId: number) => loadVariants(t, sql`v.product_id = ${productId}`);

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
  if (isDefault && n > 0) await clearDefault(t, 'variants', 'product_id', productId);
  const id = await insertRow(t, 'variants', { product_id: productId, ...variantRow(body), is_default: isDefault });
  return auditedCreate(t, actor, 'variant', id, () => variantOf(t, productId, id));
}

export async function updateVariant(t: Db, actor: Actor, productId: number, variantId: number, body: z.infer<typeof VariantUpdate>) {
  return auditedUpdate(t, actor, {
    entity: 'variant',
    id: variantId,
    noun: 'variant',
    version: body.version,
    lock: () => lockRow(t, 'products', productId, 'product'),
    load: () => variantOf(t, productId, variantId),
    write: async (before) => {
      if (before.is_default && !body.is_default)
        throw ruleViolated('A product always has one default variant. Make another variant the default instead.', {
          is_default: 'Make another variant the default instead',
        });
      if (body.is_default && !before.is_default) await clearDefault(t, 'variants', 'product_id', productId);
      await updateRow(t, 'variants', variantId, body.version, { ...variantRow(body), is_default: body.is_default });
    },
  });
}

/** Deletes a variant that no store sells; if it was the default, the next variant becomes default. */
export async function deleteVariant(t: Db, actor: Actor, productId: number, variantId: number) {
  await auditedDelete(t, actor, {
    entity: 'variant',
    id: variantId,
    lock: () => lockRow(t, 'products', productId, 'product'),
    load: () => variantOf(t, productId, variantId),
    remove: async (before) => {
      const sold = (await queryOne<{ n: number }>(t, sql`select count(*)::int as n from store_variants where variant_id = ${variantId}`))!.n;
      if (sold) throw ruleViolated(`SKU ${before.sku} has ${plural(sold, 'store variant')}. Disable them instead of deleting the variant.`);
      await t.execute(sql`delete from variants where id = ${variantId}`);
      if (before.is_default) await promoteDefault(t, 'variants', 'product_id', productId, sql`units_per_package, id`);
    },
  });
}

// ───────────────────────────── products ─────────────────────────────

export async function createProduct(db: Db, actor: Actor, body: z.infer<typeof ProductCreate>): Promise<ProductDetail> {
  const id = await inTx(
    db,
    async (t) => {
      const id = await createCategorised(t, actor, PRODUCT, productRow(body), body.category_ids);
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
  await inTx(db, (t) => updateCategorised(t, actor, PRODUCT, id, body.version, productRow(body), body.category_ids));
  return loadProductDetail(db, id);
}

/**
 * Deletes a product that no store publishes, with everything that belongs to it: variants (which leave
 * their families and modifier options), modifiers, categories, values, store products and store
 * variants with their feed links. The audit entry keeps the whole editor payload as it was.
 */
export async function deleteProduct(db: Db, actor: Actor, id: number): Promise<void> {
  await inTx(db, (t) =>
    auditedDelete(t, actor, {
      entity: 'product',
      id,
      lock: () => lockRow(t, 'products', id, 'product'),
      load: () => loadProductDetail(t, id),
      remove: async (before) => {
        const live = before.store_products.filter((sp) => sp.is_published).map((sp) => sp.store_name);
        if (live.length)
          throw ruleViolated(`The product is published on ${live.join(', ')}. Unpublish it there before deleting it.`);
        await t.execute(sql`delete from attribute_data d
                             where (d.sourceable_type = 'product' and d.sourceable_id = ${id})
                                or (d.sourceable_type = 'store_product' and d.sourceable_id in (select sp.id from store_products sp where sp.product_id = ${id}))
                                or (d.sourceable_type = 'store_variant' and d.sourceable_id in (select sv.id from store_variants sv
                                      join store_products sp on sp.id = sv.store_product_id where sp.product_id = ${id}))`);
        await t.execute(sql`delete from products where id = ${id}`);
      },
    }),
  );
}

/** The columns of a product as sent (create and update). */
const productRow = (b: z.infer<typeof ProductUpdate | typeof ProductCreate>) => ({
  type: b.type,
  variation_type: b.variation_type,
  brand_id: b.brand_id,
  notes: b.notes ?? null,
});

// ───────────────────────────── routes ─────────────────────────────

export function productRoutes(app: FastifyInstance, db: Db) {
  const { tags } = CATALOG;

  registerList(app, db, {
    url: '/api/product',
    permission: 'catalog.read',
    tags,
    summary: 'Products, paged: q searches title words, SKU and UPC; filter by brand, category (with subcategories), type, variation type, store (published on)',
    response: ProductListResponse,
    fields: PRODUCT_LIST,
    spec: productList,
    filename: 'products',
  });

  registerResource(app, {
    resource: 'product',
    ...CATALOG,
    item: ProductDetail,
    get: { summary: 'The product editor payload', json: (id) => productDetailJson(db, id) },
    create: { summary: 'Create a product (title, image and variants optional)', body: ProductCreate, run: (actor, body) => createProduct(db, actor, body) },
    update: { summary: 'Update type, variation type, brand, categories and notes', body: ProductUpdate, run: (actor, id, body) => updateProduct(db, actor, id, body) },
    remove: {
      summary: 'Delete a product no store publishes, with its variants, modifiers, values, store products and store variants (422 while published)',
      run: (actor, id) => deleteProduct(db, actor, id),
    },
  });

  registerCanonicalValueRoutes(app, db, {
    base: '/api/product',
    table: 'products',
    noun: 'product',
    type: 'product',
    tags,
    summaries: {
      create: 'Set the canonical (no source) value of an attribute',
      update: 'Change the canonical value of an attribute',
      remove: 'Remove the canonical value of an attribute',
    },
  });

  action(app, {
    method: 'POST',
    url: '/api/product/:id/variant',
    access: 'catalog.write',
    tags,
    summary: 'Add a variant (the first becomes the default); `variants` = all of the product’s variants after the change',
    params: IdParams,
    body: VariantCreate,
    response: { 201: VariantWithSiblings },
    handler: async (req, reply) => {
      const out = await inTx(
        db,
        async (t) => {
          const data = await createVariant(t, actorOf(req), req.params.id, req.body);
          return { data, variants: await variantsOf(t, req.params.id) };
        },
        VARIANT_UNIQUE,
      );
      return reply.status(201).send(out);
    },
  });

  action(app, {
    method: 'PUT',
    url: '/api/product/:id/variant/:variantId',
    access: 'catalog.write',
    tags,
    summary: 'Update a variant; is_default true clears the other variants’ default in the same transaction',
    params: ProductVariantParams,
    body: VariantUpdate,
    response: { 200: VariantWithSiblings },
    handler: async (req) =>
      inTx(
        db,
        async (t) => {
          const data = await updateVariant(t, actorOf(req), req.params.id, req.params.variantId, req.body);
          return { data, variants: await variantsOf(t, req.params.id) };
        },
        VARIANT_UNIQUE,
      ),
  });

  action(app, {
    method: 'DELETE',
    url: '/api/product/:id/variant/:variantId',
    access: 'catalog.write',
    tags,
    summary: 'Delete a variant no store sells',
    params: ProductVariantParams,
    response: { 200: z.object({ variants: z.array(VariantWithSiblings.shape.data) }) },
    handler: async (req) =>
      inTx(db, async (t) => {
        await deleteVariant(t, actorOf(req), req.params.id, req.params.variantId);
        return { variants: await variantsOf(t, req.params.id) };
      }),
  });

}

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  dataResponse,
  FeedAssign,
  FeedAssignment,
  IdParams,
  PublishBody,
  PublishResult,
  StoreProductUpdate,
  StoreProductUpdated,
  StoreVariant,
  StoreVariantCreate,
  StoreVariantCreated,
  StoreVariantUpdate,
  type PublishBlocker,
  type StoreProduct,
} from '@qm/contracts';
import { query, queryOne, type Db } from '../../db/connect.js';
import { actorOf } from '../../http/auth.js';
import { publishWarning } from '../compliance/service.js';
import { auditedUpdate, inTx, lockRow, type AuditedUpdate } from '../../http/crud.js';
import { updateRow } from '../../db/write.js';
import { storeVariants } from '../../db/schema/index.js';
import { badRequest, notFound, ruleViolated } from '../../http/errors.js';
import { audit, type Actor } from '../../db/audit.js';
import { attributeDataColumns, attributeDataOf, missingRequiredAttributes, upsertCanonicalValues } from './attributes.js';
import { CATALOG, intArray } from './common.js';
import { loadStoreProducts, loadStoreVariants } from './queries.js';
import { action } from '../../http/kit.js';

const SV_UNIQUE = [
  { constraint: 'store_variants_store_product_variant_key', field: 'variants', message: 'A variant is already on this store' },
  { constraint: 'store_products_product_key', field: 'store_product_id', message: 'The product is already on this store' },
];

async function loadStoreProduct(t: Db, id: number): Promise<StoreProduct> {
  const [sp] = await loadStoreProducts(t, sql`sp.id = ${id}`);
  if (!sp) throw notFound('The store product');
  return sp;
}

async function loadStoreVariant(t: Db, id: number) {
  const [sv] = await loadStoreVariants(t, sql`sv.id = ${id}`);
  if (!sv) throw notFound('The store variant');
  return sv;
}

/** Updates one store variant with its row locked, and audits it. */
const updateStoreVariant = (t: Db, actor: Actor, id: number, u: Pick<AuditedUpdate<StoreVariant>, 'version' | 'unchanged' | 'write'>) =>
  auditedUpdate(t, actor, {
    entity: 'store_variant',
    id,
    noun: 'store variant',
    lock: () => lockRow(t, 'store_variants', id, 'store variant'),
    load: () => loadStoreVariant(t, id),
    ...u,
  });

/** Sets a store variant's price, MAP price and MAP gate (the pricing screens), in the caller's transaction, audited on the store variant. */
export const setStoreVariantPrice = (
  t: Db,
  actor: Actor,
  id: number,
  price: Pick<StoreVariant, 'price_cents' | 'map_price_cents' | 'map_gate'>,
  version: number,
) => updateStoreVariant(t, actor, id, { version, write: () => updateRow(t, storeVariants, id, version, price) });

/**
 * Creates store variants of a product on a store from the variants marked `include` (SPEC §5); the
 * store product is created when `store_product_id` is null (or reused when the product is already there).
 */
export async function createStoreVariants(db: Db, actor: Actor, body: z.infer<typeof StoreVariantCreate>) {
  return inTx(
    db,
    async (t) => {
      await lockRow(t, 'products', body.product_id, 'product');
      const store = await queryOne<{ id: number }>(t, sql`select id from stores where id = ${body.store_id}`);
      if (!store) throw ruleViolated(`Unknown store ${body.store_id}`, { store_id: 'Unknown store' });
      const included = body.variants.map((v, i) => ({ ...v, i })).filter((v) => v.include);
      if (!included.length) throw ruleViolated('No variant is marked include: mark at least one variant to create on the store.', { variants: 'Mark at least one variant' });
      const seen = new Set<number>();
      for (const v of included) {
        if (seen.has(v.variant_id)) throw badRequest('A variant is listed twice', { [`variants.${v.i}.variant_id`]: 'Listed twice' });
        seen.add(v.variant_id);
      }
      const own = new Set(
        (await query<{ id: number }>(t, sql`select id from variants where product_id = ${body.product_id}`)).map((r) => r.id),
      );
      const fields: Record<string, string> = {};
      for (const v of included) if (!own.has(v.variant_id)) fields[`variants.${v.i}.variant_id`] = `Variant ${v.variant_id} is not a variant of this product`;
      if (Object.keys(fields).length) throw ruleViolated('Some variants are not variants of this product.', fields);

      let storeProductId = body.store_product_id;
      let createdStoreProduct = false;
      if (storeProductId !== null) {
        const sp = await queryOne<{ store_id: number; product_id: number | null }>(
          t,
          sql`select store_id, product_id from store_products where id = ${storeProductId} for update`,
        );
        if (!sp) throw ruleViolated(`Unknown store product ${storeProductId}`, { store_product_id: 'Unknown store product' });
        if (sp.store_id !== body.store_id || sp.product_id !== body.product_id)
          throw ruleViolated('The store product belongs to another store or product.', { store_product_id: 'Belongs to another store or product' });
      } else {
        const inserted = await queryOne<{ id: number }>(
          t,
          sql`insert into store_products (store_id, product_id) values (${body.store_id}, ${body.product_id})
              on conflict (product_id, store_id) where product_id is not null do nothing returning id`,
        );
        createdStoreProduct = Boolean(inserted);
        storeProductId =
          inserted?.id ??
          (await queryOne<{ id: number }>(t, sql`select id from store_products where store_id = ${body.store_id} and product_id = ${body.product_id}`))!.id;
      }
      const already = await query<{ variant_id: number; sku: string }>(
        t,
        sql`select sv.variant_id, v.sku from store_variants sv join variants v on v.id = sv.variant_id
             where sv.store_product_id = ${storeProductId} and sv.variant_id = any(${intArray(included.map((v) => v.variant_id))})`,
      );
      if (already.length) {
        const f: Record<string, string> = {};
        for (const a of already) f[`variants.${included.find((v) => v.variant_id === a.variant_id)!.i}.variant_id`] = `SKU ${a.sku} is already on this store`;
        throw ruleViolated(`Already on this store: ${already.map((a) => a.sku).join(', ')}.`, f);
      }
      const values = sql.join(
        included.map(
          (v) =>
            sql`(${storeProductId}::int, ${v.variant_id}::int, ${v.price_cents ?? null}::int, ${v.map_price_cents ?? null}::int,
                 ${v.map_gate ?? null}::text, ${v.shipping_setting}::text)`,
        ),
        sql`, `,
      );
      const ids = (
        await query<{ id: number }>(
          t,
          sql`insert into store_variants (store_product_id, variant_id, price_cents, map_price_cents, map_gate, shipping_setting)
              values ${values} returning id`,
        )
      ).map((r) => r.id);
      const storeProduct = await loadStoreProduct(t, storeProductId);
      if (createdStoreProduct) await audit(t, actor, { action: 'create', entity: 'store_product', entityId: storeProductId, after: storeProduct });
      const variants = await loadStoreVariants(t, sql`sv.id = any(${intArray(ids)})`);
      await audit(t, actor, variants.map((v) => ({ action: 'create', entity: 'store_variant', entityId: v.id, after: v })));
      return { success: true, variants, data: storeProduct };
    },
    SV_UNIQUE,
  );
}

/** What stops a product from being published on a store; empty when nothing does. */
async function publishBlockers(t: Db, productId: number, storeId: number, storeProductId: number | null): Promise<PublishBlocker[]> {
  const blockers: PublishBlocker[] = [];
  const store = (await queryOne<{ name: string; is_enabled: boolean }>(t, sql`select name, is_enabled from stores where id = ${storeId}`))!;
  if (!store.is_enabled) blockers.push({ code: 'store_disabled', message: `${store.name} is disabled. Enable the store first.` });
  for (const a of await missingRequiredAttributes(t, productId, storeProductId))
    blockers.push({ code: 'missing_attribute', message: `${a.name} is required for publishing and has no value.`, attribute_id: a.id });
  if (storeProductId === null) {
    blockers.push({ code: 'no_store_product', message: `The product has no variants on ${store.name} yet. Create its store variants first.` });
    return blockers;
  }
  const svs = await query<{ id: number; sku: string; is_enabled: boolean; price_cents: number | null; map_price_cents: number | null; map_gate: string | null }>(
    t,
    sql`select sv.id, v.sku, sv.is_enabled, sv.price_cents, sv.map_price_cents, sv.map_gate
          from store_variants sv join variants v on v.id = sv.variant_id where sv.store_product_id = ${storeProductId} order by v.id`,
  );
  const enabled = svs.filter((s) => s.is_enabled);
  if (!enabled.length) blockers.push({ code: 'no_enabled_variant', message: `No store variant is enabled on ${store.name}.` });
  for (const s of enabled) {
    if (s.price_cents === null || s.price_cents <= 0)
      blockers.push({ code: 'no_price', message: `SKU ${s.sku} has no price on ${store.name}.`, store_variant_id: s.id });
    else if (s.map_price_cents !== null && s.price_cents < s.map_price_cents && s.map_gate === null)
      blockers.push({
        code: 'below_map',
        message: `SKU ${s.sku} is priced below its MAP without a MAP gate: choose a MAP gate or raise the price.`,
        store_variant_id: s.id,
      });
  }
  return blockers;
}

/** `POST product/{id}/publish`: publishes when nothing blocks it; otherwise reports every blocker and changes nothing. */
export async function publishProduct(db: Db, actor: Actor, productId: number, storeId: number): Promise<z.infer<typeof PublishResult>> {
  const result = await publishInTx(db, actor, productId, storeId);
  // Not an error: where compliance rules restrict the product, said once it is published.
  const warning = result.success ? await publishWarning(db, productId) : null;
  if (warning) result.data.warnings.push({ ...warning, code: 'compliance_restricted' });
  return result;
}

function publishInTx(db: Db, actor: Actor, productId: number, storeId: number): Promise<z.infer<typeof PublishResult>> {
  return inTx(db, async (t) => {
    await lockRow(t, 'products', productId, 'product');
    const store = await queryOne<{ name: string }>(t, sql`select name from stores where id = ${storeId}`);
    if (!store) throw notFound('The store');
    const sp = await queryOne<{ id: number }>(t, sql`select id from store_products where product_id = ${productId} and store_id = ${storeId} for update`);
    const blockers = await publishBlockers(t, productId, storeId, sp?.id ?? null);
    if (!blockers.length)
      await auditedUpdate(t, actor, {
        entity: 'store_product',
        id: sp!.id,
        noun: 'store product',
        load: () => loadStoreProduct(t, sp!.id),
        write: async () => {
          await t.execute(sql`update store_products set is_published = true, published_at = coalesce(published_at, now()),
                                     version = version + 1, updated_at = now() where id = ${sp!.id}`);
        },
      });
    const storeProduct = sp ? await loadStoreProduct(t, sp.id) : null;
    const attributeData = await query<z.infer<typeof PublishResult>['attribute_data'][number]>(
      t,
      sql`select ${attributeDataColumns} from attribute_data d
           where (d.sourceable_type = 'product' and d.sourceable_id = ${productId})
              or (d.sourceable_type = 'store_product' and d.sourceable_id = ${sp?.id ?? 0})
           order by d.sourceable_type, d.attribute_id, d.source_type nulls first, d.source_id`,
    );
    return {
      success: blockers.length === 0,
      data: {
        message: blockers.length
          ? `Cannot publish on ${store.name}: ${blockers.map((b) => b.message).join(' ')}`
          : `Published on ${store.name}.`,
        blockers,
        warnings: [],
      },
      store_product: storeProduct,
      store_variants: sp ? await loadStoreVariants(t, sql`sv.store_product_id = ${sp.id}`) : [],
      attribute_data: attributeData,
    };
  });
}

async function feedAssignments(t: Db, ids: number[]): Promise<z.infer<typeof FeedAssignment>[]> {
  const svs = await loadStoreVariants(t, sql`sv.id = any(${intArray(ids)})`);
  const byId = new Map(svs.map((s) => [s.id, s]));
  return ids.map((id) => {
    const s = byId.get(id)!;
    return { id, feeds: s.feeds, feed_title: s.feed_title, feed_url: s.feed_url };
  });
}

/** `POST feed/store-variant`: which feeds carry which store variants (a feed only carries its own store's variants). */
export async function assignFeeds(db: Db, actor: Actor, body: z.infer<typeof FeedAssign>) {
  return inTx(db, async (t) => {
    const items = body.assignments
      ? body.assignments.map((a) => ({ id: a.store_variant_id, feeds: a.feed_ids, a }))
      : body.store_variant_ids!.map((id) => ({ id, feeds: body.feed_ids!, a: undefined }));
    const ids = items.map((i) => i.id);
    if (new Set(ids).size !== ids.length) throw badRequest('A store variant is listed twice', { store_variant_ids: 'A store variant is listed twice' });
    const svs = await query<{ id: number; store_id: number; feed_title: string | null; feed_url: string | null; feed_ids: number[] }>(
      t,
      sql`select sv.id, sp.store_id, sv.feed_title, sv.feed_url,
                 array(select feed_id from feed_store_variants where store_variant_id = sv.id order by 1) as feed_ids
            from store_variants sv join store_products sp on sp.id = sv.store_product_id
           where sv.id = any(${intArray(ids)}) for update of sv`,
    );
    const svById = new Map(svs.map((s) => [s.id, s]));
    const missing = ids.filter((i) => !svById.has(i));
    if (missing.length) throw ruleViolated(`Unknown store variant ${missing.join(', ')}`, { store_variant_ids: `Unknown store variant ${missing.join(', ')}` });
    const feedIds = [...new Set(items.flatMap((i) => i.feeds))];
    const feeds = await query<{ id: number; store_id: number; name: string }>(t, sql`select id, store_id, name from feeds where id = any(${intArray(feedIds)})`);
    const feedById = new Map(feeds.map((f) => [f.id, f]));
    const unknown = feedIds.filter((f) => !feedById.has(f));
    if (unknown.length) throw ruleViolated(`Unknown feed ${unknown.join(', ')}`, { feed_ids: `Unknown feed ${unknown.join(', ')}` });
    for (const item of items) {
      const sv = svById.get(item.id)!;
      const wrong = item.feeds.filter((f) => feedById.get(f)!.store_id !== sv.store_id);
      if (wrong.length)
        throw ruleViolated(`Feed ${wrong.map((f) => feedById.get(f)!.name).join(', ')} belongs to another store than store variant ${sv.id}.`, {
          feed_ids: 'A feed only carries its own store’s variants',
        });
    }
    // What changes, worked out first; then one statement for each kind of write, whatever the number of variants.
    const changes = items.flatMap((item) => {
      const sv = svById.get(item.id)!;
      let next: number[];
      if (body.assignments || body.mode === 'replace') next = [...new Set(item.feeds)];
      else if (body.mode === 'add') next = [...new Set([...sv.feed_ids, ...item.feeds])];
      else next = sv.feed_ids.filter((f) => !item.feeds.includes(f));
      next.sort((a, b) => a - b);
      const feedTitle = item.a?.feed_title !== undefined ? item.a.feed_title : sv.feed_title;
      const feedUrl = item.a?.feed_url !== undefined ? item.a.feed_url : sv.feed_url;
      const feedsChange = next.join() !== sv.feed_ids.join();
      const textChange = feedTitle !== sv.feed_title || feedUrl !== sv.feed_url;
      return feedsChange || textChange ? [{ sv, next, feedTitle, feedUrl, feedsChange, textChange }] : [];
    });
    const relinked = changes.filter((c) => c.feedsChange);
    if (relinked.length) {
      await t.execute(sql`delete from feed_store_variants where store_variant_id = any(${intArray(relinked.map((c) => c.sv.id))})`);
      const links = relinked.flatMap((c) => c.next.map((feed_id) => ({ feed_id, store_variant_id: c.sv.id })));
      if (links.length)
        await t.execute(sql`insert into feed_store_variants (feed_id, store_variant_id)
                            select feed_id, store_variant_id from jsonb_to_recordset(${JSON.stringify(links)}::jsonb) as x(feed_id int, store_variant_id int)`);
    }
    const retitled = changes.filter((c) => c.textChange).map((c) => ({ id: c.sv.id, feed_title: c.feedTitle, feed_url: c.feedUrl }));
    if (retitled.length)
      await t.execute(sql`update store_variants sv set feed_title = x.feed_title, feed_url = x.feed_url, version = sv.version + 1, updated_at = now()
                            from jsonb_to_recordset(${JSON.stringify(retitled)}::jsonb) as x(id int, feed_title text, feed_url text)
                           where sv.id = x.id`);
    await audit(
      t,
      actor,
      changes.map((c) => ({
        action: 'update',
        entity: 'store_variant',
        entityId: c.sv.id,
        before: { feed_ids: c.sv.feed_ids, feed_title: c.sv.feed_title, feed_url: c.sv.feed_url },
        after: { feed_ids: c.next, feed_title: c.feedTitle, feed_url: c.feedUrl },
      })),
    );
    return feedAssignments(t, ids);
  });
}

/** A family's store product can be published once its store is enabled and the family has variants. */
async function assertFamilyPublishable(t: Db, sp: StoreProduct) {
  if (!sp.store_enabled) throw ruleViolated(`${sp.store_name} is disabled. Enable the store first.`, { is_published: `${sp.store_name} is disabled` });
  const n = (await queryOne<{ n: number }>(t, sql`select count(*)::int as n from product_family_variants where product_family_id = ${sp.product_family_id}`))!.n;
  if (!n) throw ruleViolated('The family has no variants. Add variants before publishing it.', { is_published: 'The family has no variants' });
}

export function storeVariantRoutes(app: FastifyInstance, db: Db) {
  const { tags } = CATALOG;

  action(app, {
    method: 'POST',
    url: '/api/store-variant',
    access: 'catalog.write',
    tags,
    summary: 'Create store variants from the variants marked include (store product created when store_product_id is null)',
    body: StoreVariantCreate,
    response: { 201: StoreVariantCreated },
    handler: async (req, reply) => reply.status(201).send(await createStoreVariants(db, actorOf(req), req.body)),
  });

  action(app, {
    method: 'PUT',
    url: '/api/store-variant/:id',
    access: 'catalog.write',
    tags,
    summary: 'Update price, MAP price, MAP gate, shipping setting, enabled, feed title and URL',
    params: IdParams,
    body: StoreVariantUpdate,
    response: { 200: dataResponse(StoreVariant) },
    handler: async (req) => {
      const b = req.body;
      const row = {
        price_cents: b.price_cents,
        map_price_cents: b.map_price_cents,
        map_gate: b.map_gate,
        shipping_setting: b.shipping_setting,
        is_enabled: b.is_enabled,
        feed_title: b.feed_title ?? null,
        feed_url: b.feed_url ?? null,
      };
      return { data: await inTx(db, (t) => updateStoreVariant(t, actorOf(req), req.params.id, { version: b.version, write: () => updateRow(t, 'store_variants', req.params.id, b.version, row) })) };
    },
  });

  action(app, {
    method: 'PATCH',
    url: '/api/store-variant/:id/disable',
    access: 'catalog.write',
    tags,
    summary: 'Disable a store variant (idempotent, no version needed)',
    params: IdParams,
    response: { 200: dataResponse(StoreVariant) },
    handler: async (req) => ({
      data: await inTx(db, (t) =>
        updateStoreVariant(t, actorOf(req), req.params.id, {
          unchanged: (before) => !before.is_enabled,
          write: (before) => updateRow(t, 'store_variants', req.params.id, before.version, { is_enabled: false }),
        }),
      ),
    }),
  });

  action(app, {
    method: 'PUT',
    url: '/api/store-product/:id',
    access: 'catalog.write',
    tags,
    summary: 'Set store-level attribute values (null removes one); is_published false unpublishes, true publishes a family’s store product',
    params: IdParams,
    body: StoreProductUpdate,
    response: { 200: StoreProductUpdated },
    handler: async (req) =>
      inTx(db, async (t) => {
        const id = req.params.id;
        const after = await auditedUpdate(t, actorOf(req), {
          entity: 'store_product',
          id,
          noun: 'store product',
          version: req.body.version,
          lock: async () => {
            await lockRow(t, 'store_products', id, 'store product');
            // A product is published through POST product/{id}/publish, which checks what blocks it.
            if (req.body.is_published === true && (await loadStoreProduct(t, id)).product_id !== null)
              throw badRequest('Publish a product through POST product/{id}/publish', { is_published: 'Publish a product through its Publish button' });
          },
          load: () => loadStoreProduct(t, id),
          write: async (before) => {
            const publish = req.body.is_published === true && !before.is_published;
            if (publish) await assertFamilyPublishable(t, before);
            await upsertCanonicalValues(t, actorOf(req), { type: 'store_product', id }, req.body.attribute_data);
            const unpublish = req.body.is_published === false && before.is_published;
            await t.execute(sql`update store_products set version = version + 1, updated_at = now()
                                 ${unpublish ? sql`, is_published = false, published_at = null` : sql``}
                                 ${publish ? sql`, is_published = true, published_at = now()` : sql``} where id = ${id}`);
          },
        });
        return { store_product: after, attribute_data: await attributeDataOf(t, 'store_product', [id]) };
      }),
  });

  action(app, {
    method: 'POST',
    url: '/api/product/:id/publish',
    access: 'catalog.write',
    tags,
    summary: 'Publish a product on a store. HTTP 200 either way: success false lists in data.blockers what stops it (nothing changed)',
    params: IdParams,
    body: PublishBody,
    response: { 200: PublishResult },
    handler: async (req) => publishProduct(db, actorOf(req), req.params.id, req.body.store_id),
  });

  action(app, {
    method: 'POST',
    url: '/api/feed/store-variant',
    access: 'feeds.write',
    tags: ['feeds'],
    summary: 'Assign store variants to feeds; the response is a list of each store variant’s {id, feeds, feed_title, feed_url} (SPEC §7)',
    body: FeedAssign,
    response: { 200: z.array(FeedAssignment) },
    handler: async (req) => assignFeeds(db, actorOf(req), req.body),
  });
}

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataResponse,
  Feed,
  IdParams,
  Store,
  STORE_BRAND_LIST,
  STORE_CATEGORY_LIST,
  StoreBrand,
  StoreBrandCreate,
  StoreBrandUpdate,
  StoreCategory,
  StoreCategoryCreate,
  StoreCategoryUpdate,
  StoreCreate,
  StoreUpdate,
} from '@qm/contracts';
import { query, queryOne, type Db } from '../../db/connect.js';
import { actorOf } from '../../http/auth.js';
import { insertRow, registerCrud, updateRow } from '../../http/crud.js';
import { notFound, stale } from '../../http/errors.js';
import { filters, type ListSpec } from '../../http/list.js';
import { audit } from '../audit/service.js';
import { assertIdsExist, inTx } from './common.js';

const STORE_UNIQUE = [
  { constraint: 'stores_code_key', field: 'code', message: 'Another store already has this code' },
  { constraint: 'stores_name_key', field: 'name', message: 'Another store already has this name' },
];
const storeColumns = sql`s.id, s.name, s.code, s.domain, s.is_enabled, s.created_at, s.updated_at, s.version`;
const loadStore = (db: Db, id: number) => queryOne<Store>(db, sql`select ${storeColumns} from stores s where s.id = ${id}`);

export const storeBrandList: ListSpec<StoreBrand> = {
  from: sql`store_brands sb join stores s on s.id = sb.store_id join brands b on b.id = sb.brand_id`,
  select: sql`sb.id, sb.store_id, s.name as store_name, sb.brand_id, b.name as brand_name, sb.visible, sb.title, sb.slug,
              sb.description, sb.sort_order, sb.created_at, sb.updated_at, sb.version`,
  sort: {
    id: sql`sb.id`,
    sort_order: sql`sb.sort_order`,
    title: sql`lower(sb.title)`,
    brand_name: sql`lower(b.name)`,
    store_name: sql`lower(s.name)`,
  } satisfies Record<(typeof STORE_BRAND_LIST.sort)[number], unknown>,
  defaultSort: 'sort_order',
  key: sql`sb.id`,
  filters: {
    store_id: filters.int(sql`sb.store_id`, 'store_id'),
    brand_id: filters.int(sql`sb.brand_id`, 'brand_id'),
    visible: filters.bool(sql`sb.visible`, 'visible'),
  } satisfies Record<(typeof STORE_BRAND_LIST.filter)[number], unknown>,
  search: filters.ilike(sql`sb.title`, sql`b.name`, sql`sb.slug`),
};

export const storeCategoryList: ListSpec<StoreCategory> = {
  from: sql`store_categories sc join stores s on s.id = sc.store_id join categories c on c.id = sc.category_id`,
  select: sql`sc.id, sc.store_id, s.name as store_name, sc.category_id, c.name as category_name, sc.visible, sc.title, sc.slug,
              sc.description, sc.sort_order, sc.created_at, sc.updated_at, sc.version`,
  sort: {
    id: sql`sc.id`,
    sort_order: sql`sc.sort_order`,
    title: sql`lower(sc.title)`,
    category_name: sql`lower(c.name)`,
    store_name: sql`lower(s.name)`,
  } satisfies Record<(typeof STORE_CATEGORY_LIST.sort)[number], unknown>,
  defaultSort: 'sort_order',
  key: sql`sc.id`,
  filters: {
    store_id: filters.int(sql`sc.store_id`, 'store_id'),
    category_id: filters.int(sql`sc.category_id`, 'category_id'),
    visible: filters.bool(sql`sc.visible`, 'visible'),
  } satisfies Record<(typeof STORE_CATEGORY_LIST.filter)[number], unknown>,
  search: filters.ilike(sql`sc.title`, sql`c.name`, sql`sc.slug`),
};

const presentationRow = (b: { visible: boolean; title?: string | null; slug?: string | null; description?: string | null; sort_order: number }) => ({
  visible: b.visible,
  title: b.title ?? null,
  slug: b.slug ?? null,
  description: b.description ?? null,
  sort_order: b.sort_order,
});

export function storeRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['stores'];

  r.get('/api/store', {
    config: { permission: 'stores.read' },
    schema: { tags, summary: 'Every store (the whole list in data)', response: { 200: z.object({ data: z.array(Store) }) } },
    handler: async () => ({ data: await query<Store>(db, sql`select ${storeColumns} from stores s order by lower(s.name), s.id`) }),
  });

  r.get('/api/store/:id', {
    config: { permission: 'stores.read' },
    schema: { tags, summary: 'One store', params: IdParams, response: { 200: dataResponse(Store) } },
    handler: async (req) => {
      const store = await loadStore(db, req.params.id);
      if (!store) throw notFound('The store');
      return { data: store };
    },
  });

  r.post('/api/store', {
    config: { permission: 'stores.write' },
    schema: { tags, summary: 'Create a store', body: StoreCreate, response: { 201: dataResponse(Store) } },
    handler: async (req, reply) => {
      const store = await inTx(
        db,
        async (t) => {
          const b = req.body;
          const id = await insertRow(t, 'stores', { name: b.name, code: b.code, domain: b.domain ?? null, is_enabled: b.is_enabled });
          const created = (await loadStore(t, id))!;
          await audit(t, actorOf(req), { action: 'create', entity: 'store', entityId: id, after: created });
          return created;
        },
        STORE_UNIQUE,
      );
      return reply.status(201).send({ data: store });
    },
  });

  r.put('/api/store/:id', {
    config: { permission: 'stores.write' },
    schema: { tags, summary: 'Update a store; is_enabled false disables it', params: IdParams, body: StoreUpdate, response: { 200: dataResponse(Store) } },
    handler: async (req) => {
      const store = await inTx(
        db,
        async (t) => {
          const b = req.body;
          const before = await queryOne<Store>(t, sql`select ${storeColumns} from stores s where s.id = ${req.params.id} for update`);
          if (!before) throw notFound('The store');
          const ok = await updateRow(t, 'stores', req.params.id, b.version, { name: b.name, code: b.code, domain: b.domain ?? null, is_enabled: b.is_enabled });
          if (!ok) throw stale('store');
          const after = (await loadStore(t, req.params.id))!;
          await audit(t, actorOf(req), { action: 'update', entity: 'store', entityId: req.params.id, before, after });
          return after;
        },
        STORE_UNIQUE,
      );
      return { data: store };
    },
  });

  registerCrud(app, db, {
    resource: 'store-brand',
    entity: 'store_brand',
    noun: 'store brand',
    table: 'store_brands',
    read: 'stores.read',
    write: 'stores.write',
    item: StoreBrand,
    create: StoreBrandCreate,
    update: StoreBrandUpdate,
    list: storeBrandList,
    tags,
    unique: [
      { constraint: 'store_brands_store_brand_key', field: 'brand_id', message: 'This brand already has a presentation on this store' },
      { constraint: 'store_brands_slug_key', field: 'slug', message: 'Another brand on this store already has this slug' },
    ],
    beforeWrite: async (t, b) => {
      const body = b as z.infer<typeof StoreBrandCreate>;
      await assertIdsExist(t, 'stores', [body.store_id], 'store_id', 'store');
      await assertIdsExist(t, 'brands', [body.brand_id], 'brand_id', 'brand');
    },
    toRow: (b) => {
      const body = b as z.infer<typeof StoreBrandCreate>;
      return { store_id: body.store_id, brand_id: body.brand_id, ...presentationRow(body) };
    },
  });

  registerCrud(app, db, {
    resource: 'store-category',
    entity: 'store_category',
    noun: 'store category',
    table: 'store_categories',
    read: 'stores.read',
    write: 'stores.write',
    item: StoreCategory,
    create: StoreCategoryCreate,
    update: StoreCategoryUpdate,
    list: storeCategoryList,
    tags,
    unique: [
      { constraint: 'store_categories_store_category_key', field: 'category_id', message: 'This category already has a presentation on this store' },
      { constraint: 'store_categories_slug_key', field: 'slug', message: 'Another category on this store already has this slug' },
    ],
    beforeWrite: async (t, b) => {
      const body = b as z.infer<typeof StoreCategoryCreate>;
      await assertIdsExist(t, 'stores', [body.store_id], 'store_id', 'store');
      await assertIdsExist(t, 'categories', [body.category_id], 'category_id', 'category');
    },
    toRow: (b) => {
      const body = b as z.infer<typeof StoreCategoryCreate>;
      return { store_id: body.store_id, category_id: body.category_id, ...presentationRow(body) };
    },
  });

  r.get('/api/feed', {
    config: { permission: 'feeds.read' },
    schema: { tags: ['feeds'], summary: 'Every feed with its store and target destination (the whole list in data)', response: { 200: z.object({ data: z.array(Feed) }) } },
    handler: async () => ({
      data: await query<Feed>(
        db,
        sql`select f.id, f.store_id, s.name as store_name, f.name, f.target_destination, f.frequency_hours, f.is_enabled, f.version,
                   (select count(*)::int from feed_store_variants fsv where fsv.feed_id = f.id) as store_variant_count
              from feeds f join stores s on s.id = f.store_id
             order by lower(s.name), f.target_destination, f.id`,
      ),
    }),
  });
}

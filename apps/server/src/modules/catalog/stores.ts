import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
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
import { query, type Db } from '../../db/connect.js';
import { registerCrud } from '../../http/crud.js';
import { columns, filters, lowered, type ListSpec } from '../../http/list.js';
import { assertIdsExist } from './common.js';
import { storeBrands, storeCategories, stores } from '../../db/schema/index.js';
import { action } from '../../http/kit.js';

const storeList: ListSpec<Store> = {
  from: sql`stores s`,
  select: sql`s.id, s.name, s.code, s.domain, s.is_enabled, s.created_at, s.updated_at, s.version`,
  sort: lowered('s', 'name'),
  defaultSort: 'name',
  key: sql`s.id`,
};

/** What a store says about one brand or category of the catalogue: the same table shape, list and rules. */
interface PresentationDef<N extends 'brand' | 'category', Item extends { id: number }> {
  /** The presented thing: `brand` (table brands, column brand_id) or `category`. */
  noun: N;
  table: 'brands' | 'categories';
  /** The store's own table of presentations of it. */
  own: typeof storeBrands | typeof storeCategories;
  item: z.ZodType<Item>;
  create: z.ZodType;
  update: z.ZodType;
  /** The contract's sortable and filterable fields, all of which the list serves. */
  fields: { sort: readonly ('id' | 'sort_order' | 'title' | `${N}_name` | 'store_name')[]; filter: readonly ('store_id' | `${N}_id` | 'visible')[] };
}

function presentationList<N extends 'brand' | 'category', Item extends { id: number }>(def: PresentationDef<N, Item>): ListSpec<Item> {
  const own = `store_${def.table}`;
  const fk = `${def.noun}_id`;
  return {
    from: sql.raw(`${own} x join stores s on s.id = x.store_id join ${def.table} t on t.id = x.${fk}`),
    select: sql.raw(`x.id, x.store_id, s.name as store_name, x.${fk}, t.name as ${def.noun}_name, x.visible, x.title, x.slug,
                     x.description, x.sort_order, x.created_at, x.updated_at, x.version`),
    sort: { ...columns('x', 'id', 'sort_order'), ...lowered('x', 'title'), [`${def.noun}_name`]: sql`lower(t.name)`, store_name: sql`lower(s.name)` },
    defaultSort: 'sort_order',
    key: sql`x.id`,
    filters: { ...filters.ints('x', 'store_id', fk), visible: filters.bool(sql`x.visible`, 'visible') },
    search: filters.ilike(sql`x.title`, sql`t.name`, sql`x.slug`),
  };
}

function registerPresentation<N extends 'brand' | 'category', Item extends { id: number }>(app: FastifyInstance, db: Db, def: PresentationDef<N, Item>) {
  const own = `store_${def.table}`;
  const fk = `${def.noun}_id`;
  const noun = `store ${def.noun}`;
  registerCrud(app, db, {
    resource: `store-${def.noun}`,
    entity: `store_${def.noun}`,
    noun,
    table: def.own,
    read: 'stores.read',
    write: 'stores.write',
    item: def.item,
    create: def.create,
    update: def.update,
    list: presentationList(def),
    fields: def.fields,
    tags: ['stores'],
    unique: [
      { constraint: `${own}_store_${def.noun}_key`, field: fk, message: `This ${def.noun} already has a presentation on this store` },
      { constraint: `${own}_slug_key`, field: 'slug', message: `Another ${def.noun} on this store already has this slug` },
    ],
    beforeWrite: async (t, b) => {
      const body = b as Record<string, number>;
      await assertIdsExist(t, 'stores', [body.store_id!], 'store_id', 'store');
      await assertIdsExist(t, def.table, [body[fk]!], fk, def.noun);
    },
    toRow: (b) => {
      const body = b as z.infer<typeof StoreBrandCreate> & Record<string, unknown>;
      // brand_id or category_id, as the presentation's table has one or the other.
      return {
        store_id: body.store_id,
        [fk]: body[fk] as number,
        visible: body.visible,
        title: body.title ?? null,
        slug: body.slug ?? null,
        description: body.description ?? null,
        sort_order: body.sort_order,
      } as Partial<typeof def.own.$inferInsert>;
    },
  });
}

export function storeRoutes(app: FastifyInstance, db: Db) {
  const tags = ['stores'];

  action(app, {
    method: 'GET',
    url: '/api/store',
    access: 'stores.read',
    tags,
    summary: 'Every store (the whole list in data)',
    response: { 200: z.object({ data: z.array(Store) }) },
    handler: async () => ({ data: await query<Store>(db, sql`select ${storeList.select} from ${storeList.from} order by lower(s.name), s.id`) }),
  });

  registerCrud(app, db, {
    resource: 'store',
    entity: 'store',
    noun: 'store',
    table: stores,
    read: 'stores.read',
    write: 'stores.write',
    item: Store,
    create: StoreCreate,
    update: StoreUpdate,
    list: storeList,
    tags,
    listRoute: false,
    deletable: false,
    summaries: { get: 'One store', update: 'Update a store; is_enabled false disables it' },
    unique: [
      { constraint: 'stores_code_key', field: 'code', message: 'Another store already has this code' },
      { constraint: 'stores_name_key', field: 'name', message: 'Another store already has this name' },
    ],
    toRow: (body) => ({ name: body.name, code: body.code, domain: body.domain ?? null, is_enabled: body.is_enabled }),
  });

  registerPresentation(app, db, { noun: 'brand', table: 'brands', own: storeBrands, item: StoreBrand, create: StoreBrandCreate, update: StoreBrandUpdate, fields: STORE_BRAND_LIST });
  registerPresentation(app, db, {
    noun: 'category',
    table: 'categories',
    own: storeCategories,
    item: StoreCategory,
    create: StoreCategoryCreate,
    update: StoreCategoryUpdate,
    fields: STORE_CATEGORY_LIST,
  });
}

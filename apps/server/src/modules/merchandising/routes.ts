/**
 * Merchandising use cases (contracts' merchandising.ts): a resource of the CRUD kit whose body carries
 * the products it features, in order; they are written with the use case in its transaction, and the
 * audit entry holds them before and after.
 */
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { MERCHANDISING_USE_CASE_LIST, MerchandisingUseCase, MerchandisingUseCaseCreate, MerchandisingUseCaseUpdate, type Permission } from '@qm/contracts';
import { query, queryOne, type Db } from '../../db/connect.js';
import { merchandisingUseCases } from '../../db/schema/index.js';
import { registerCrud } from '../../http/crud.js';
import { ruleViolated } from '../../http/errors.js';
import type { Kit } from '../../http/kit.js';
import { columns, filters, lowered, type ListSpec } from '../../http/list.js';
import { assertStoreExists, intArray } from '../catalog/common.js';
import { productInStock, productOnHand } from './stock.js';

type Body = z.infer<typeof MerchandisingUseCaseCreate>;

const tags = ['merchandising'];
const access = { read: 'merchandising.read' as Permission, write: 'merchandising.write' as Permission, tags };

// per use case: its products, and how many of them are in stock (a lateral: the list, its sorts and filters read them)
const counts = sql`cross join lateral (
    select count(*)::int as product_count, count(*) filter (where ${productInStock(sql`mp.product_id`)})::int as in_stock_count
      from merchandising_use_case_products mp where mp.use_case_id = u.id) k`;
const isLow = sql`(u.is_active and k.in_stock_count < u.min_in_stock)`;

const useCaseList: ListSpec<MerchandisingUseCase> = {
  from: sql`merchandising_use_cases u ${counts}`,
  select: sql`u.id, u.name, u.use_case, (select st.name from statuses st where st.kind = 'usecase' and st.code = u.use_case) as use_case_name,
              u.store_id, (select s.name from stores s where s.id = u.store_id) as store_name,
              u.category_id, (select c.name from categories c where c.id = u.category_id) as category_name,
              u.min_in_stock, u.is_active, u.description, k.product_count, k.in_stock_count, ${isLow} as is_low,
              coalesce((select json_agg(json_build_object('product_id', p.id, 'title', p.title, 'brand_name', b.name, 'sku', p.default_sku,
                                                          'on_hand', ${productOnHand(sql`p.id`)}, 'in_stock', ${productInStock(sql`p.id`)}) order by mp.position)
                          from merchandising_use_case_products mp join products p on p.id = mp.product_id left join brands b on b.id = p.brand_id
                         where mp.use_case_id = u.id), '[]'::json) as products,
              u.created_at, u.updated_at, u.version`,
  sort: {
    ...columns('u', 'id', 'use_case', 'min_in_stock', 'created_at', 'updated_at'),
    ...lowered('u', 'name'),
    product_count: sql`k.product_count`,
    in_stock_count: sql`k.in_stock_count`,
  } satisfies Record<(typeof MERCHANDISING_USE_CASE_LIST.sort)[number], unknown>,
  defaultSort: 'name',
  key: sql`u.id`,
  filters: {
    ...filters.ints('u', 'id', 'store_id', 'category_id'),
    use_case: filters.eq(sql`u.use_case`),
    is_active: filters.bool(sql`u.is_active`, 'is_active'),
    is_low: filters.bool(isLow, 'is_low'),
    product_id: (vs: string[]) => sql`u.id in (select mp.use_case_id from merchandising_use_case_products mp where ${filters.int(sql`mp.product_id`, 'product_id')(vs)})`,
  } satisfies Record<(typeof MERCHANDISING_USE_CASE_LIST.filter)[number], unknown>,
  search: filters.ilike(sql`u.name`, sql`u.description`),
};

/** The active use cases with fewer products in stock than their target (the list's `is_low`): the dashboard's figure. */
export const lowUseCases = { from: useCaseList.from, where: sql`where ${isLow}` };

/** The use case's kind, store, category and products exist; else 422 naming the field. */
async function checkUseCase(t: Db, b: Body) {
  if (!(await queryOne(t, sql`select 1 as x from statuses where kind = 'usecase' and code = ${b.use_case}`)))
    throw ruleViolated(`${b.use_case} is not a use case`, { use_case: 'Unknown use case' });
  await assertStoreExists(t, b.store_id);
  if (b.category_id !== null && !(await queryOne(t, sql`select 1 as x from categories where id = ${b.category_id}`)))
    throw ruleViolated(`Category ${b.category_id} does not exist`, { category_id: 'No such category' });
  if (b.product_ids.length) {
    const found = new Set((await query<{ id: number }>(t, sql`select id from products where id = any(${intArray(b.product_ids)})`)).map((r) => r.id));
    const missing = b.product_ids.filter((id) => !found.has(id));
    if (missing.length) throw ruleViolated(`No product has id ${missing.join(', ')}`, { product_ids: `Unknown product ${missing.join(', ')}` });
  }
}

/** The featured products, in the body's order, replace the use case's. */
async function writeProducts(t: Db, id: number, b: Body) {
  await t.execute(sql`delete from merchandising_use_case_products where use_case_id = ${id}`);
  if (b.product_ids.length)
    await t.execute(sql`insert into merchandising_use_case_products (use_case_id, product_id, position)
                        select ${id}, p, n::int from unnest(${intArray(b.product_ids)}) with ordinality as x(p, n)`);
}

export function merchandisingRoutes({ app, db }: Kit) {
  registerCrud(app, db, {
    resource: 'merchandising-use-case',
    entity: 'merchandising_use_case',
    noun: 'merchandising use case',
    table: merchandisingUseCases,
    ...access,
    item: MerchandisingUseCase,
    create: MerchandisingUseCaseCreate,
    update: MerchandisingUseCaseUpdate,
    list: useCaseList,
    fields: MERCHANDISING_USE_CASE_LIST,
    unique: [{ constraint: 'merchandising_use_cases_name_key', field: 'name', message: 'A use case with this name already exists' }],
    beforeWrite: (t, body) => checkUseCase(t, body as Body),
    toRow: (body) => {
      const b = body as Body;
      return { name: b.name, use_case: b.use_case, store_id: b.store_id, category_id: b.category_id, min_in_stock: b.min_in_stock, is_active: b.is_active, description: b.description };
    },
    children: (t, id, body) => writeProducts(t, id, body as Body),
  });
}

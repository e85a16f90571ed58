import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Brand, BRAND_LIST, BrandCreate, BrandUpdate } from '@qm/contracts';
import { queryOne, type Db } from '../../db/connect.js';
import { registerCrud } from '../../http/crud.js';
import { ruleViolated } from '../../http/errors.js';
import { columns, filters, lowered, type ListSpec } from '../../http/list.js';
import { CATALOG, plural } from './common.js';
import { brands } from '../../db/schema/index.js';

export const brandList: ListSpec<Brand> = {
  from: sql`brands b`,
  select: sql`b.id, b.name,
              (select count(*)::int from products p where p.brand_id = b.id) as product_count,
              b.created_at, b.updated_at, b.version`,
  sort: { ...columns('b', 'id', 'created_at'), ...lowered('b', 'name') } satisfies Record<(typeof BRAND_LIST.sort)[number], unknown>,
  defaultSort: 'name',
  key: sql`b.id`,
  filters: filters.ints('b', 'id'),
  search: filters.ilike(sql`b.name`),
};

export function brandRoutes(app: FastifyInstance, db: Db) {
  registerCrud(app, db, {
    resource: 'brand',
    entity: 'brand',
    noun: 'brand',
    table: brands,
    ...CATALOG,
    item: Brand,
    create: BrandCreate,
    update: BrandUpdate,
    list: brandList,
    fields: BRAND_LIST,
    unique: [
      {
        constraint: 'brands_name_key',
        field: 'name',
        message: 'A brand with this name already exists',
        holder: async (db, [lowered]) => {
          const b = await queryOne<{ id: number; name: string }>(db, sql`select id, name from brands where lower(name) = ${lowered}`);
          return b ? { id: b.id, label: b.name, path: `/brand?edit=${b.id}` } : undefined;
        },
      },
    ],
    toRow: (b) => ({ name: b.name }),
    beforeDelete: async (t, existing) => {
      const n = await queryOne<{ p: number; f: number }>(
        t,
        sql`select (select count(*)::int from products where brand_id = ${existing.id}) as p,
                   (select count(*)::int from product_families where brand_id = ${existing.id}) as f`,
      );
      if (n!.p || n!.f)
        throw ruleViolated(
          `${existing.name} is the brand of ${plural(n!.p, 'product')} and ${plural(n!.f, 'family', 'families')}. Give them another brand first.`,
        );
    },
  });
}

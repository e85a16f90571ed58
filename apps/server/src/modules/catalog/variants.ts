import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PRODUCT_LIST_COUNT_CAP, VARIANT_LIST, VariantListResponse, type ListQuery, type VariantListItem } from '@qm/contracts';
import { query, type Db } from '../../db/connect.js';
import { BoundedMap } from '../../http/bounded.js';
import { registerList } from '../../http/crud.js';
import { columns, filters, hasFilters, type ListSpec } from '../../http/list.js';
import { CATALOG } from './common.js';
import { likePrefix, toPrefixQuery } from './queries.js';

/**
 * `GET variant`: variants with their product's title, for pickers. `q` finds variants whose SKU or UPC
 * starts with it (indexes variants_sku_prefix_idx / variants_upc_prefix_idx) and every variant of the
 * products whose title words, SKUs or UPCs start with its words (products_search_idx), as `GET product`.
 * Both halves are index lookups, so the search stays fast on hundreds of thousands of variants.
 */

/**
 * What `resolveVariantQuery` turns `q` into before the list runs: a LIKE prefix, a prefix tsquery,
 * whether more than the count cap match (`many`) and, for a broad search listed by product title, the
 * products its page can come from (`products`).
 */
interface VariantSearch {
  prefix: string;
  tsquery: string | null;
  many: boolean;
  products?: number[];
}

export async function resolveVariantQuery(db: Db, q: ListQuery): Promise<VariantSearch | null> {
  const text = q.q?.trim();
  if (!text) return null;
  const prefix = likePrefix(text.slice(0, 64));
  const tsquery = (await toPrefixQuery(db, text))?.tsquery ?? null;
  const search: VariantSearch = { prefix, tsquery, many: await matchesMany(db, prefix, tsquery) };
  const first = (q.sort ?? '').split(',')[0]?.trim();
  // Narrowed only without filters: the narrowing is worked out for the search alone.
  if (search.many && !hasFilters(q) && (first === 'product_title' || first === '-product_title'))
    search.products = await pageProducts(db, search, q.page * q.per_page, first.startsWith('-'));
  return search;
}

/**
 * Whether more than PRODUCT_LIST_COUNT_CAP SKUs/UPCs or products match (each side counted only up to
 * one past the cap, through its index). Remembered per search for a minute. Planned for its values
 * each time (prepare: false): a LIKE prefix or a tsquery uses its index only as a known value.
 */
async function matchesMany(db: Db, prefix: string, tsquery: string | null): Promise<boolean> {
  const key = `${prefix}\u0000${tsquery ?? ''}`;
  const known = manyCache.get(key);
  if (known && Date.now() - known.at < 60_000) return known.many;
  const cap = sql.raw(String(PRODUCT_LIST_COUNT_CAP + 1));
  const byWords = tsquery ? sql`(select count(*) from (select 1 from products where search_vector @@ ${tsquery}::tsquery limit ${cap}) w)` : sql`0`;
  const [row] = await query<{ many: boolean }>(
    db,
    sql`select greatest((select count(*) from (select 1 from variants where upper(sku) like ${prefix} or upc like ${prefix} limit ${cap}) s),
                        ${byWords}) >= ${cap} as many`,
    { prepare: false },
  );
  manyCache.set(key, { many: row!.many, at: Date.now() });
  return row!.many;
}
const manyCache = new BoundedMap<string, { many: boolean; at: number }>(5_000);

/** Products with a variant matching the search: SKU/UPC prefix, or the product's words. */
const matchingProducts = (prefix: SQL, words: SQL | null) =>
  sql`array(select product_id from variants where upper(sku) like ${prefix} or upc like ${prefix}
            ${words ? sql`union select id from products where search_vector @@ ${words}::tsquery` : sql``})`;

/**
 * A broad search listed by product title: the products the first `count` variants can come from.
 * Every matching product with variants has at least one matching variant, so they are the first
 * `count` matching products in title order, with any sharing the last one's title (ties are ordered
 * by variant). Found through the indexes and sorted as products, in one statement.
 */
async function pageProducts(db: Db, s: VariantSearch, count: number, descending: boolean): Promise<number[]> {
  const words = s.tsquery ? sql`${s.tsquery}` : null;
  const order = sql.raw(descending ? 't desc nulls first' : 't asc nulls last');
  const within = descending ? sql`t is null or t >= (select t from k)` : sql`(select t from k) is null or t <= (select t from k)`;
  // Planned for its values (see matchesMany).
  const [row] = await query<{ ids: number[] | null }>(
    db,
    sql`with m as (select c.id, lower(c.title) as t from products c
                    where c.id = any(${matchingProducts(sql`${s.prefix}`, words)}) and c.variant_count > 0),
             k as (select t from m order by ${order}, id desc limit 1 offset ${sql.raw(String(Math.max(count - 1, 0)))})
        select array_agg(id) as ids from m where ${within}`,
    { prepare: false },
  );
  return row?.ids ?? [];
}

/**
 * Variants whose SKU or UPC starts with the search, and every variant of the products whose words
 * start with its words. A broad search listed by product title (two or three letters typed into the
 * family's picker match tens of thousands of variants) has its page narrowed to the products it can
 * come from (pageProducts, then the list's narrowPage), so PostgreSQL no longer joins and sorts every matching variant
 * (250–700 ms for "fed", "pmc" or "TUL" on 300,000 variants; 25–60 ms now, 150 ms for "30").
 */
function variantSearch(_q: string, s: VariantSearch | null): SQL | undefined {
  if (!s) return undefined;
  const prefix = s.prefix;
  const words = s.tsquery;
  // Narrowed to a few products (narrowPage): test each of their variants rather than gather every match.
  if (s.products) return sql`(upper(v.sku) like ${prefix} or v.upc like ${prefix}${words ? sql` or p.search_vector @@ ${words}::tsquery` : sql``})`;
  const byWords = words
    ? sql` union all select v2.id from variants v2 join products p2 on p2.id = v2.product_id where p2.search_vector @@ ${words}::tsquery`
    : sql``;
  return sql`v.id in (select id from variants where upper(sku) like ${prefix} or upc like ${prefix}${byWords})`;
}

export const variantList: ListSpec<VariantListItem, VariantSearch | null> = {
  from: sql`variants v join products p on p.id = v.product_id`,
  select: sql`v.id, v.product_id, p.title as product_title, v.sku, v.upc, v.units_per_package, v.is_default`,
  sort: {
    ...columns('v', 'id', 'units_per_package'),
    // upper(sku) is what variants_sku_key indexes (SKUs are stored upper-case anyway).
    sku: sql`upper(v.sku)`,
    product_title: sql`lower(p.title)`,
  } satisfies Record<(typeof VARIANT_LIST.sort)[number], unknown>,
  defaultSort: 'sku',
  key: sql`v.id`,
  filters: { ...filters.ints('v', 'id', 'product_id') } satisfies Record<(typeof VARIANT_LIST.filter)[number], unknown>,
  search: variantSearch,
  resolve: resolveVariantQuery,
  tuning: {
    countCap: PRODUCT_LIST_COUNT_CAP,
    narrowPage: (_q, _rows, s) => (s?.products ? filters.inInts(sql`v.product_id`, s.products) : undefined),
    // A broad search is known to pass the cap while resolving: "1,000+" without counting again.
    knownTotal: (q, s) => (s?.many && !hasFilters(q) ? PRODUCT_LIST_COUNT_CAP + 1 : undefined),
  },
  csv: [
    { key: 'id', header: 'ID' },
    { key: 'sku', header: 'SKU' },
    { key: 'upc', header: 'UPC' },
    { key: 'units_per_package', header: 'Units per package' },
    { key: 'product_id', header: 'Product ID' },
    { key: 'product_title', header: 'Product' },
  ],
};

export function variantRoutes(app: FastifyInstance, db: Db) {
  registerList(app, db, {
    url: '/api/variant',
    permission: 'catalog.read',
    tags: CATALOG.tags,
    summary: 'Variants with their product title, paged: q matches SKU/UPC prefixes and product title words; filter by product',
    response: VariantListResponse,
    fields: VARIANT_LIST,
    spec: variantList,
    filename: 'variants',
  });
}

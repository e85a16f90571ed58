import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PRODUCT_LIST_COUNT_CAP, VARIANT_LIST, VariantListResponse, type ListQuery, type VariantListItem } from '@qm/contracts';
import type { Db } from '../../db/connect.js';
import { registerList } from '../../http/crud.js';
import { columns, filters, literal, type ListSpec } from '../../http/list.js';
import { CATALOG } from './common.js';
import { likePrefix, toPrefixQuery } from './queries.js';

/**
 * `GET variant`: variants with their product's title, for pickers. `q` finds variants whose SKU or UPC
 * starts with it (indexes variants_sku_prefix_idx / variants_upc_prefix_idx) and every variant of the
 * products whose title words, SKUs or UPCs start with its words (products_search_idx), as `GET product`.
 * Both halves are index lookups, so the search stays fast on hundreds of thousands of variants.
 */

/** What `resolveVariantQuery` turns `q` into before the list runs: a LIKE prefix and a prefix tsquery. */
interface VariantSearch {
  prefix: string;
  tsquery: string | null;
}

export async function resolveVariantQuery(db: Db, q: ListQuery): Promise<ListQuery> {
  const text = q.q?.trim();
  if (!text) return { ...q, q: undefined };
  const search: VariantSearch = { prefix: likePrefix(text.slice(0, 64)), tsquery: await toPrefixQuery(db, text) };
  return { ...q, q: JSON.stringify(search) };
}

function variantSearch(resolved: string) {
  const s = JSON.parse(resolved) as VariantSearch;
  const byWords = s.tsquery
    ? sql` union all select v2.id from variants v2 join products p2 on p2.id = v2.product_id where p2.search_vector @@ ${literal(s.tsquery)}::tsquery`
    : sql``;
  const prefix = literal(s.prefix);
  return sql`v.id in (select id from variants where upper(sku) like ${prefix} or upc like ${prefix}${byWords})`;
}

export const variantList: ListSpec<VariantListItem> = {
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
  countCap: PRODUCT_LIST_COUNT_CAP,
  filters: { ...filters.ints('v', 'id', 'product_id') } satisfies Record<(typeof VARIANT_LIST.filter)[number], unknown>,
  search: variantSearch,
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
    spec: variantList,
    filename: 'variants',
    resolve: (q) => resolveVariantQuery(db, q),
  });
}

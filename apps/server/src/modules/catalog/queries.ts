import { sql, type SQL } from 'drizzle-orm';
import {
  DEFAULT_PRODUCT_IMAGE,
  PRODUCT_LIST_COUNT_CAP,
  PRODUCT_FAMILY_LIST,
  PRODUCT_LIST,
  type ListQuery,
  type Modifier,
  ProductDetail,
  ProductFamilyDetail,
  type ProductFamilyListItem,
  type ProductListItem,
  type StoreProduct,
  type StoreVariant,
  type Variant,
} from '@qm/contracts';
import type { z } from 'zod';
import { driverClientOf, query, queryOne, type Db } from '../../db/connect.js';
import { contractDocument, type ContractJson } from '../../http/contract-json.js';
import { BoundedMap } from '../../http/bounded.js';
import { badRequest, notFound } from '../../http/errors.js';
import { columns, filters, intOf, jsonRows, lowered, type ListSpec } from '../../http/list.js';
import { attributeDataColumns } from './attributes.js';
import { intArray } from './common.js';

/**
 * Read side of the catalogue: the product and family lists and the editors' payloads. Every loader
 * runs a fixed number of queries whatever the size of the product (no N+1): relations come back
 * aggregated per row (json_agg / array subqueries) or in one query per relation.
 */

// ───────────────────────────── filters shared by lists ─────────────────────────────

const ints = (field: string, values: string[]) =>
  values.map((v) => {
    const n = intOf(v);
    if (n === null || n === 0) throw badRequest(`filter[${field}] must be a whole number`, { [`filter.${field}`]: 'Must be a whole number' });
    return n;
  });

/** A category and all its descendants. */
const categoryAndDescendants = (ids: number[]) =>
  sql`(with recursive d as (select id from categories where id = any(${intArray(ids)})
                            union all select c.id from categories c join d on c.parent_id = d.id)
       select id from d)`;

/**
 * Prefix full-text match over `products.search_vector` (words of the title, SKUs, UPCs): every word of the search,
 * as PostgreSQL's parser splits it (hyphenated parts left out: "FED-9" is one word), must start a word
 * of the product. `toPrefixQuery` turns the search into that tsquery first, so the planner sees a
 * constant and uses the GIN index products_search_idx. The translation depends on the text alone, so
 * it is remembered: paging through a search, or a search typed again, costs no extra round trip.
 */
export async function toPrefixQuery(db: Db, q: string): Promise<PrefixQuery | null> {
  const text = q.slice(0, 200);
  const known = prefixQueries.get(text);
  if (known !== undefined) return known;
  const row = await queryOne<{ q: string | null; heads: string[] | null }>(
    db,
    sql`select string_agg(quote_literal(lower(token)) || ':*', ' & ') as q,
               array_agg(left(lower(token), 3) order by length(token) desc) filter (where length(token) >= 3) as heads
          from ts_parse('default', ${text}) where tokid not in (9, 10, 11, 12, 13, 14)`,
  );
  const found = row?.q ? { tsquery: row.q, heads: [...new Set(row.heads ?? [])].slice(0, MAX_HEADS) } : null;
  prefixQueries.set(text, found);
  return found;
}
const prefixQueries = new BoundedMap<string, PrefixQuery | null>(5_000);

/** A prefix tsquery and the heads of its words. */
export interface PrefixQuery {
  tsquery: string;
  /**
   * The heads (first three characters) of its words of three characters or more, longest words
   * first: a product can match only if product_search_heads holds each of them for it (migration 0007).
   */
  heads: string[];
}
/** The heads a word search is narrowed by: those of its longest words, enough to drive and merge. */
const MAX_HEADS = 3;

/**
 * Rows of `alias` (products) matching a prefix query. With heads (see resolveProductListQuery), the
 * products holding every head of its words (product_search_heads, keyed by head then product id) are
 * read newest first — one head's products looked up one by one, or two heads' merged — and the words
 * tested on those alone, where the words alone had PostgreSQL walk every product newest first to find
 * the few that match (a word held by 2 % of the products: 680 walked for a page, 25 looked up with the
 * heads). The words are then tested through the operator's function, which PostgreSQL neither counts
 * as a second restriction next to the heads it merely repeats nor reads through the GIN index: with
 * the operator it took most such searches for rare ones and chose the GIN index and a sort (2 ms for
 * "federal 9mm" against 0.3 ms). Without heads, the operator, which PostgreSQL may serve from the GIN
 * index (products_search_idx) or test on a walk in the list's order.
 */
export const matchesWords = (alias: string, s: PrefixQuery): SQL => {
  const words = s.tsquery;
  if (!s.heads.length) return sql`${sql.raw(alias)}.search_vector @@ ${words}::tsquery`;
  const heads = s.heads.map((h) => sql`${sql.raw(alias)}.id in (select h.product_id from product_search_heads h where h.head = ${h})`);
  return sql.join([...heads, sql`ts_match_vq(${sql.raw(alias)}.search_vector, ${words}::tsquery)`], sql` and `);
};

/**
 * A search that looks like a SKU (one word mixing digits with letters or hyphens, e.g. "TUL099999-2")
 * first looks for variants whose SKU starts with it (variants_sku_prefix_idx). Through the word index
 * its parts ("-2") would match most of the catalogue and cost a hundred times more.
 */
const SKU_LIKE = /^(?=.*\d)(?=.*[A-Za-z-])[A-Za-z0-9][A-Za-z0-9._/-]*$/;
export const likePrefix = (q: string) => `${q.trim().toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

async function productsWithSkuPrefix(db: Db, q: string): Promise<number[]> {
  const row = await queryOne<{ ids: number[] | null }>(
    db,
    sql`select array_agg(distinct product_id) as ids
          from (select v.product_id from variants v where upper(v.sku) like ${likePrefix(q.slice(0, 64))} limit ${PRODUCT_LIST_COUNT_CAP + 1}) x`,
  );
  return row?.ids ?? [];
}

/** What the product list's `q` becomes before the list runs: product ids by SKU, or a tsquery. */
type ProductSearch = { ids: number[] } | PrefixQuery;

/** What the product list looks up before it runs (productList.resolve). */
export interface ProductListResolved {
  /** The search; null: nothing to search for (no `q`, or no word in it). */
  search: ProductSearch | null;
  /** `filter[category_id]` with every descendant; null without that filter. */
  categories: number[] | null;
}

/** Ids of categories and all their descendants. */
export async function withDescendants(db: Db, ids: number[]): Promise<number[]> {
  const rows = await query<{ id: number }>(db, sql`select id from ${categoryAndDescendants(ids)} c(id)`);
  return [...new Set(rows.map((r) => r.id))];
}

/**
 * Turns `q` into product ids (a SKU) or a prefix tsquery and `filter[category_id]` into the
 * categories with their descendants, so the list query is planned with constants.
 */
export async function resolveProductListQuery(db: Db, q: ListQuery): Promise<ProductListResolved> {
  const out: ProductListResolved = { search: null, categories: null };
  const text = q.q?.trim();
  if (text) {
    const ids = SKU_LIKE.test(text) ? await productsWithSkuPrefix(db, text) : [];
    const words = ids.length ? null : await toPrefixQuery(db, text);
    // Heads drive a search newest first (matchesWords); sorted otherwise, PostgreSQL plans it on the words alone.
    const newestFirst = (q.sort || PRODUCT_DEFAULT_SORT) === PRODUCT_DEFAULT_SORT;
    out.search = ids.length ? { ids } : words && !newestFirst ? { ...words, heads: [] } : words;
  }
  const cat = q.filter?.category_id;
  if (cat !== undefined) {
    const values = (Array.isArray(cat) ? cat : [cat]).filter((v) => v !== '');
    if (values.length) {
      const ids = await withDescendants(db, ints('category_id', values));
      out.categories = ids.length ? ids : [-1];
    }
  }
  return out;
}

/** The product list's search condition, from what resolveProductListQuery found. */
function productSearch(_q: string, r: ProductListResolved): SQL | undefined {
  const s = r.search;
  if (!s) return undefined;
  return 'ids' in s ? filters.inInts(sql`p.id`, s.ids) : matchesWords('p', s);
}

const PRODUCT_DEFAULT_SORT = '-id';

// ───────────────────────────── product list ─────────────────────────────

export const productList: ListSpec<ProductListItem, ProductListResolved> = {
  // Every column is on the row (the catalogue keeps title, image, counts and default SKU cached on
  // products), so the page is read in one pass. No join in FROM, not even one the planner would
  // remove: with one, PostgreSQL 15 no longer reads the word-search walk index alone.
  from: sql`products p`,
  select: sql`p.id, p.title, coalesce(p.image, ${DEFAULT_PRODUCT_IMAGE}) as image, p.type, p.variation_type, p.brand_id,
              (select b.name from brands b where b.id = p.brand_id) as brand_name,
              p.variant_count, p.default_variant_id, p.default_sku, p.published_store_ids,
              p.created_at, p.updated_at, p.version`,
  sort: {
    ...columns('p', 'id', 'type', 'variation_type', 'created_at', 'updated_at'),
    ...lowered('p', 'title'),
  } satisfies Record<(typeof PRODUCT_LIST.sort)[number], unknown>,
  defaultSort: PRODUCT_DEFAULT_SORT,
  key: sql`p.id`,
  filters: {
    ...filters.ints('p', 'id', 'brand_id'),
    ...filters.eqs('p', 'type', 'variation_type'),
    // Expanded to the categories' descendants beforehand (resolveProductListQuery): a constant list plans well.
    category_id: (values: string[], r: ProductListResolved) =>
      sql`exists (select 1 from product_categories pc where pc.product_id = p.id and ${filters.inInts(sql`pc.category_id`, r.categories ?? ints('category_id', values))})`,
    store_id: (values: string[]) =>
      sql`exists (select 1 from store_products sp where sp.product_id = p.id and sp.is_published and ${filters.inInts(sql`sp.store_id`, ints('store_id', values))})`,
  } satisfies Record<(typeof PRODUCT_LIST.filter)[number], unknown>,
  search: productSearch,
  resolve: resolveProductListQuery,
  tuning: {
    countCap: PRODUCT_LIST_COUNT_CAP,
    // The same row, kept by a trigger (migration 0006): a page is its rows' texts joined.
    rowJson: sql`p.list_json`,
  },
  csv: [
    { key: 'id', header: 'ID' },
    { key: 'title', header: 'Title' },
    { key: 'brand_name', header: 'Brand' },
    { key: 'type', header: 'Type' },
    { key: 'variation_type', header: 'Variation type' },
    { key: 'default_sku', header: 'Default SKU' },
    { key: 'variant_count', header: 'Variants' },
    { key: 'image', header: 'Image' },
    { key: 'updated_at', header: 'Updated' },
  ],
};

// ───────────────────────────── shared relation loaders ─────────────────────────────

/**
 * Variants (alias `v`, filtered by `where`) with their product and the modifier options each belongs
 * to (SPEC §3's `product` and `modifier_options`, beside their ids); the options of all of them are
 * gathered in one grouped pass rather than one lookup per variant.
 */
const variantsSql = (where: SQL) =>
  sql`select v.id, v.product_id, json_build_object('id', vp.id, 'title', vp.title) as product, v.sku, v.upc, v.units_per_package, v.cost_cents,
             v.weight_oz, v.is_default, coalesce(mo.ids, '{}'::int[]) as modifier_option_ids, coalesce(mo.options, '[]'::json) as modifier_options,
             v.created_at, v.updated_at, v.version
        from variants v
        -- not \`p\`: a caller's \`where\` may name its own product so (\`v.product_id = p.id\`)
        join products vp on vp.id = v.product_id
        left join (select mov.variant_id, array_agg(mov.modifier_option_id order by mov.modifier_option_id) as ids,
                          json_agg(json_build_object('id', o.id, 'modifier_id', o.modifier_id)
                                   order by mov.modifier_option_id) as options
                     from modifier_option_variants mov join modifier_options o on o.id = mov.modifier_option_id
                    where mov.variant_id in (select v.id from variants v where ${where})
                    group by mov.variant_id) mo on mo.variant_id = v.id
       where ${where} order by v.units_per_package, v.id`;

export async function loadVariants(db: Db, where: SQL): Promise<Variant[]> {
  return query<Variant>(db, variantsSql(where));
}

/** Modifiers with their options and each option's variant ids, in one query. */
export async function loadModifiers(db: Db, where: SQL): Promise<Modifier[]> {
  return query<Modifier>(db, modifiersSql(where));
}

const modifiersSql = (where: SQL) =>
    sql`select m.id, m.product_id, m.product_family_id, m.name, m.display_type, m.sort_order, m.version,
               coalesce((select json_agg(json_build_object(
                          'id', o.id, 'modifier_id', o.modifier_id, 'label', o.label, 'is_default', o.is_default,
                          'sort_order', o.sort_order, 'version', o.version,
                          'variant_ids', array(select mov.variant_id from modifier_option_variants mov
                                                where mov.modifier_option_id = o.id order by mov.variant_id),
                          'variants', coalesce((select json_agg(json_build_object('id', ov.id, 'sku', ov.sku) order by ov.id)
                                                  from modifier_option_variants mov join variants ov on ov.id = mov.variant_id
                                                 where mov.modifier_option_id = o.id), '[]'::json))
                          order by o.sort_order, o.id)
                          from modifier_options o where o.modifier_id = m.id), '[]'::json) as options
          from modifiers m where ${where} order by m.sort_order, m.id`;

export const storeProductColumns = sql`sp.id, sp.store_id, s.name as store_name, s.is_enabled as store_enabled, sp.product_id,
  sp.product_family_id, sp.is_published, sp.published_at, sp.created_at, sp.updated_at, sp.version`;

const storeProductsSql = (where: SQL) =>
  sql`select ${storeProductColumns} from store_products sp join stores s on s.id = sp.store_id where ${where} order by lower(s.name), sp.id`;

export async function loadStoreProducts(db: Db, where: SQL): Promise<StoreProduct[]> {
  return query<StoreProduct>(db, storeProductsSql(where));
}

/** Store variants with their feeds and their store-variant-level attribute values, in one query. */
export async function loadStoreVariants(db: Db, where: SQL): Promise<StoreVariant[]> {
  return query<StoreVariant>(db, storeVariantsSql(where));
}

const storeVariantsSql = (where: SQL) =>
  sql`select sv.id, sv.store_product_id, sp.store_id, sv.variant_id, v.sku, sv.price_cents, sv.map_price_cents, sv.map_gate,
             sv.shipping_setting, sv.is_enabled, sv.feed_title, sv.feed_url,
             coalesce((select json_agg(json_build_object('id', f.id, 'name', f.name, 'target_destination', f.target_destination,
                                                         'frequency_hours', f.frequency_hours) order by f.id)
                         from feed_store_variants fsv join feeds f on f.id = fsv.feed_id
                        where fsv.store_variant_id = sv.id), '[]'::json) as feeds,
             ${jsonRows(attributeDataSql(sql`d.sourceable_type = 'store_variant' and d.sourceable_id = sv.id`))} as attribute_data,
             sv.created_at, sv.updated_at, sv.version
        from store_variants sv
        join store_products sp on sp.id = sv.store_product_id
        join variants v on v.id = sv.variant_id
       where ${where}
       order by sp.store_id, v.units_per_package, v.id`;

const attributeDataSql = (where: SQL) =>
  sql`select ${attributeDataColumns} from attribute_data d where ${where}
       order by d.sourceable_type, d.sourceable_id, d.attribute_id, d.source_type nulls first, d.source_id`;

/** `{id, name, path}` of categories, paths built up the tree; `ids`: an int[] expression. */
const categoryRefsSql = (ids: SQL) =>
    sql`with recursive up as (
          select c.id as leaf, c.id, c.parent_id, c.name, 0 as lvl from categories c where c.id = any(${ids})
          union all
          select up.leaf, c.id, c.parent_id, c.name, up.lvl + 1 from categories c join up on c.id = up.parent_id where up.lvl < 50)
        select leaf as id, max(case when lvl = 0 then name end) as name, string_agg(name, ' › ' order by lvl desc) as path
          from up group by leaf order by path`;

// ───────────────────────────── product editor ─────────────────────────────

/**
 * An editor payload as one JSON document built by PostgreSQL in one statement, whatever the number of
 * variants, modifiers and stores: `fields` are the json_build_object pairs over `from` (one row, with
 * the brand as `b`), `revision` (optional) an expression read in the same snapshot. The GET endpoints
 * send it as it comes; writes answer it parsed.
 */
/** An editor payload: `fields` as one document with the keys of its contract (`schema`) alone, and its revision. */
async function editorDocument(db: Db, schema: z.ZodType, from: SQL, fields: SQL, noun: string, revision: SQL = sql`''`): Promise<{ doc: ContractJson; revision: string }> {
  const row = await contractDocument(db, schema, sql`json_build_object(${fields})`, from, revision);
  if (!row) throw notFound(noun);
  return { doc: row.doc, revision: row.also };
}

/** The fields both editors share; `owner` is the product or family alias, `categoryIds` its category ids. */
const editorHeadFields = (owner: string, categoryIds: SQL) => {
  const o = sql.raw(owner);
  return sql`'id', ${o}.id, 'brand_id', ${o}.brand_id,
             'brand', case when b.id is null then null else json_build_object('id', b.id, 'name', b.name) end,
             'category_ids', ${categoryIds}, 'categories', ${jsonRows(categoryRefsSql(categoryIds))}, 'notes', ${o}.notes,
             'created_at', ${o}.created_at, 'updated_at', ${o}.updated_at, 'version', ${o}.version`;
};

/** What a product editor payload depends on, as one text: the product's revision and the catalogue's names' (migration 0004). */
const productRevision = sql`p.revision || ':' || (select r.revision from catalog_revision r where r.id = 1)`;

function productDocument(db: Db, id: number) {
  const categoryIds = sql`array(select pc.category_id from product_categories pc where pc.product_id = p.id order by 1)`;
  return editorDocument(
    db,
    ProductDetail,
    sql`from products p left join brands b on b.id = p.brand_id where p.id = ${id}`,
    sql`${editorHeadFields('p', categoryIds)},
        'title', p.title, 'image', coalesce(p.image, ${DEFAULT_PRODUCT_IMAGE}), 'type', p.type, 'variation_type', p.variation_type,
        'attribute_data', ${jsonRows(attributeDataSql(sql`d.sourceable_type = 'product' and d.sourceable_id = p.id`))},
        'variants', ${jsonRows(variantsSql(sql`v.product_id = p.id`))},
        'modifiers', ${jsonRows(modifiersSql(sql`m.product_id = p.id`))},
        'store_products', ${jsonRows(
          sql`select ${storeProductColumns},
                     ${jsonRows(attributeDataSql(sql`d.sourceable_type = 'store_product' and d.sourceable_id = sp.id`))} as attribute_data
                from store_products sp join stores s on s.id = sp.store_id where sp.product_id = p.id order by lower(s.name), sp.id`,
        )},
        'store_variants', ${jsonRows(storeVariantsSql(sql`sp.product_id = p.id`))},
        'families', ${jsonRows(
          sql`select distinct pf.id, pf.name from product_family_variants pfv
                join variants v on v.id = pfv.variant_id join product_families pf on pf.id = pfv.product_family_id
               where v.product_id = p.id order by pf.name, pf.id`,
        )}`,
    'The product',
    productRevision,
  );
}

/**
 * Editor payloads already built, per database and product, with the revision they were built at. A
 * request checks the revision (one primary-key read) and sends the payload it has when nothing
 * changed since; the database moves the revision on every write the payload reflects, whichever
 * process made it, so many API processes can each keep their own. Only GET fills it: a payload read
 * inside a transaction could carry a revision that is rolled back and later reached with other data.
 * Least recently used payloads leave first past EDITOR_CACHE_BYTES.
 */
const EDITOR_CACHE_BYTES = 32 * 1024 * 1024;
interface CachedDocument {
  revision: string;
  doc: ContractJson;
}
const editorCaches = new WeakMap<object, { docs: Map<number, CachedDocument>; bytes: number }>();

function editorCacheOf(db: Db) {
  const client = driverClientOf(db);
  let cache = editorCaches.get(client);
  if (!cache) editorCaches.set(client, (cache = { docs: new Map(), bytes: 0 }));
  return cache;
}

/** The product editor payload (GET product/{id}), from the cache when the product has not changed. */
export async function productDetailJson(db: Db, id: number): Promise<ContractJson> {
  const cache = editorCacheOf(db);
  const known = cache.docs.get(id);
  if (known) {
    const row = await queryOne<{ revision: string }>(db, sql`select ${productRevision} as revision from products p where p.id = ${id}`);
    if (!row) throw notFound('The product');
    if (row.revision === known.revision) {
      // Most recently used last; a request that refreshed the entry meanwhile keeps its own.
      if (cache.docs.get(id) === known) {
        cache.docs.delete(id);
        cache.docs.set(id, known);
      }
      return known.doc;
    }
  }
  const fresh = await productDocument(db, id);
  const replaced = cache.docs.get(id);
  if (replaced) {
    cache.docs.delete(id);
    cache.bytes -= replaced.doc.length;
  }
  cache.docs.set(id, fresh);
  cache.bytes += fresh.doc.length;
  for (const [key, old] of cache.docs) {
    if (cache.bytes <= EDITOR_CACHE_BYTES) break;
    cache.docs.delete(key);
    cache.bytes -= old.doc.length;
  }
  return fresh.doc;
}

/** The product editor payload as an object, read afresh (answers of the product's writes, inside their transaction). */
export async function loadProductDetail(db: Db, id: number): Promise<ProductDetail> {
  return JSON.parse((await productDocument(db, id)).doc) as ProductDetail;
}

// ───────────────────────────── product families ─────────────────────────────

export const familyList: ListSpec<ProductFamilyListItem> = {
  from: sql`product_families pf`,
  select: sql`pf.id, pf.name, pf.brand_id, (select b.name from brands b where b.id = pf.brand_id) as brand_name,
              (select count(*)::int from product_family_variants pfv where pfv.product_family_id = pf.id) as variant_count,
              (select count(*)::int from modifiers m where m.product_family_id = pf.id) as modifier_count,
              pf.created_at, pf.updated_at, pf.version`,
  sort: { ...columns('pf', 'id', 'created_at', 'updated_at'), ...lowered('pf', 'name') } satisfies Record<(typeof PRODUCT_FAMILY_LIST.sort)[number], unknown>,
  defaultSort: 'name',
  key: sql`pf.id`,
  filters: {
    ...filters.ints('pf', 'id', 'brand_id'),
    category_id: (values: string[]) =>
      sql`pf.id in (select fc.product_family_id from product_family_categories fc where fc.category_id in ${categoryAndDescendants(ints('category_id', values))})`,
  } satisfies Record<(typeof PRODUCT_FAMILY_LIST.filter)[number], unknown>,
  search: filters.ilike(sql`pf.name`),
};

export async function familyDetailJson(db: Db, id: number): Promise<ContractJson> {
  const categoryIds = sql`array(select fc.category_id from product_family_categories fc where fc.product_family_id = pf.id order by 1)`;
  const { doc } = await editorDocument(
    db,
    ProductFamilyDetail,
    sql`from product_families pf left join brands b on b.id = pf.brand_id where pf.id = ${id}`,
    sql`${editorHeadFields('pf', categoryIds)}, 'name', pf.name,
        'variants', ${jsonRows(
          sql`select v.id, v.product_id, p.title as product_title, json_build_object('id', p.id, 'title', p.title) as product,
                     v.sku, v.upc, v.units_per_package, v.is_default, pfv.sort_order,
                     coalesce(fo.ids, '{}'::int[]) as modifier_option_ids, coalesce(fo.options, '[]'::json) as modifier_options
                from product_family_variants pfv join variants v on v.id = pfv.variant_id join products p on p.id = v.product_id
                -- the family's options the variant is in (SPEC §3 Variant's modifier_options), with their ids
                left join lateral (select array_agg(o.id order by o.id) as ids,
                                          json_agg(json_build_object('id', o.id, 'modifier_id', o.modifier_id) order by o.id) as options
                                     from modifier_option_variants mov
                                     join modifier_options o on o.id = mov.modifier_option_id
                                     join modifiers m on m.id = o.modifier_id
                                    where mov.variant_id = v.id and m.product_family_id = pf.id) fo on true
               where pfv.product_family_id = pf.id
               order by pfv.sort_order, v.id`,
        )},
        'modifiers', ${jsonRows(modifiersSql(sql`m.product_family_id = pf.id`))},
        'store_products', ${jsonRows(storeProductsSql(sql`sp.product_family_id = pf.id`))},
        'attribute_data', ${jsonRows(attributeDataSql(sql`d.sourceable_type = 'product_family' and d.sourceable_id = pf.id`))}`,
    'The product family',
  );
  return doc;
}

/** The family editor payload as an object (answers of the family's writes). */
export async function loadFamilyDetail(db: Db, id: number): Promise<ProductFamilyDetail> {
  return JSON.parse(await familyDetailJson(db, id)) as ProductFamilyDetail;
}

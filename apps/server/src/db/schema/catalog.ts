import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { namedTable, stamps, textList, ts } from './core.js';
import type { FeedFileLayout } from '@qm/contracts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Catalogue (SPEC §3): attributes and their values, brands, categories, stores, products, variants,
 * modifiers, product families, store products/variants and feeds. Rules the database can hold are
 * held here: one default variant per product and one default option per modifier (partial unique
 * indexes), one canonical value per owner and attribute, enumerations as checks.
 */

const inList = (col: string, values: readonly (string | number)[]) =>
  sql.raw(`${col} in (${values.map((v) => (typeof v === 'number' ? String(v) : `'${v}'`)).join(', ')})`);

export const attributes = pgTable(
  'attributes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    options: textList('options'),
    unit: text('unit'),
    required_for_publish: boolean('required_for_publish').notNull().default(false),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('attributes_code_key').on(t.code),
    check('attributes_type_check', inList('type', ['text', 'number', 'boolean', 'select', 'url', 'image', 'money', 'measurement'])),
  ],
);

/** A value of an attribute for one owner; `source_type` null = the canonical value. */
export const attributeData = pgTable(
  'attribute_data',
  {
    id: serial('id').primaryKey(),
    attribute_id: integer('attribute_id')
      .notNull()
      .references(() => attributes.id),
    sourceable_type: text('sourceable_type').notNull(),
    sourceable_id: integer('sourceable_id').notNull(),
    source_type: text('source_type'),
    source_id: integer('source_id'),
    source_label: text('source_label'),
    value: jsonb('value').notNull(),
    ...stamps(),
  },
  (t) => [
    index('attribute_data_owner_idx').on(t.sourceable_type, t.sourceable_id, t.attribute_id),
    index('attribute_data_attribute_idx').on(t.attribute_id),
    uniqueIndex('attribute_data_canonical_key')
      .on(t.sourceable_type, t.sourceable_id, t.attribute_id)
      .where(sql`source_type is null`),
    uniqueIndex('attribute_data_sourced_key')
      .on(t.sourceable_type, t.sourceable_id, t.attribute_id, t.source_type, t.source_id)
      .where(sql`source_type is not null`),
    check('attribute_data_sourceable_type_check', inList('sourceable_type', ['product', 'product_family', 'store_product', 'store_variant'])),
    check(
      'attribute_data_source_check',
      sql`(source_type is null and source_id is null) or (source_type in ('vendor', 'store') and source_id is not null)`,
    ),
  ],
);

export const brands = namedTable('brands');

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    parent_id: integer('parent_id').references((): any => categories.id),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    sort_order: integer('sort_order').notNull().default(0),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('categories_slug_key').on(t.slug),
    index('categories_parent_idx').on(t.parent_id, t.sort_order),
    check('categories_not_own_parent', sql`parent_id is null or parent_id <> id`),
  ],
);

export const stores = pgTable(
  'stores',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    domain: text('domain'),
    is_enabled: boolean('is_enabled').notNull().default(true),
    ...stamps(),
  },
  (t) => [uniqueIndex('stores_code_key').on(t.code), uniqueIndex('stores_name_key').on(sql`lower(${t.name})`)],
);

const presentedRef = <K extends string>(key: K, target: () => AnyPgColumn) => integer(key).notNull().references(target, { onDelete: 'cascade' });

/**
 * How a store presents one brand or one category (`store_brands`, `store_categories`): the same columns,
 * one row per store and presented row, slugs unique per store.
 */
function presentationTable<K extends 'brand_id' | 'category_id'>(table: string, key: K, target: () => AnyPgColumn) {
  const noun = key.slice(0, -3);
  return pgTable(
    table,
    {
      id: serial('id').primaryKey(),
      store_id: integer('store_id')
        .notNull()
        .references(() => stores.id),
      ...({ [key]: presentedRef(key, target) } as Record<K, ReturnType<typeof presentedRef<K>>>),
      visible: boolean('visible').notNull().default(true),
      title: text('title'),
      slug: text('slug'),
      description: text('description'),
      sort_order: integer('sort_order').notNull().default(0),
      ...stamps(),
    },
    (t) => {
      const presented = (t as unknown as Record<K, AnyPgColumn>)[key];
      return [
        uniqueIndex(`${table}_store_${noun}_key`).on(t.store_id, presented),
        uniqueIndex(`${table}_slug_key`).on(t.store_id, t.slug),
        index(`${table}_${noun}_idx`).on(presented),
      ];
    },
  );
}

export const storeBrands = presentationTable('store_brands', 'brand_id', () => brands.id);
export const storeCategories = presentationTable('store_categories', 'category_id', () => categories.id);

/**
 * List cache, kept by statement triggers on the rows it copies (migration 0016,
 * `qm_refresh_product_cache`), so the product list is one indexed scan at any size: `title` and `image`
 * mirror the canonical values of attributes 11 and 13, `caliber` that of the built-in `caliber`
 * attribute (0046: the price lists' market key), `search_vector` holds the words of the title, SKUs
 * and UPCs, and the default variant, the variant count and the stores it is published on are copied too.
 */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    variation_type: text('variation_type').notNull(),
    brand_id: integer('brand_id').references(() => brands.id),
    notes: text('notes'),
    title: text('title'),
    image: text('image'),
    caliber: text('caliber'),
    search_vector: tsvector('search_vector').notNull().default(sql`''::tsvector`),
    variant_count: integer('variant_count').notNull().default(0),
    default_variant_id: integer('default_variant_id'),
    default_sku: text('default_sku'),
    published_store_ids: integer('published_store_ids').array().notNull().default(sql`'{}'::int[]`),
    /**
     * Goes up whenever anything the product editor shows changes: the row itself (a BEFORE UPDATE
     * trigger) and its variants, values, modifiers, store products and variants, feed links and
     * family memberships (statement triggers of migration 0004). Keys the editor payload cache.
     */
    revision: bigint('revision', { mode: 'number' }).notNull().default(0),
    /**
     * The product's row of the product list as JSON text (with its brand's name and the image or the
     * default one): kept by a BEFORE INSERT OR UPDATE trigger and a trigger on brand renames
     * (migration 0006), so a page of the list is its rows' texts joined, not 25 objects built anew.
     */
    list_json: text('list_json').notNull().default('{}'),
    ...stamps(),
  },
  (t) => [
    index('products_brand_idx').on(t.brand_id, t.id),
    // `sort=title` / `sort=-title` order by lower(title) asc|desc, then id desc (http/list.ts).
    index('products_title_asc_idx').on(sql`lower(${t.title}) asc`, sql`${t.id} desc`),
    index('products_title_desc_idx').on(sql`lower(${t.title}) desc`, sql`${t.id} desc`),
    index('products_search_idx').using('gin', t.search_vector),
    index('products_updated_idx').on(t.updated_at),
    check('products_type_check', inList('type', ['physical', 'virtual'])),
    check('products_variation_type_check', inList('variation_type', ['rounds', 'pieces', 'shells'])),
  ],
);

/**
 * The heads of each product's words: the first three characters of every word of its
 * `search_vector` (the whole word when shorter), once per product. Kept by triggers on products
 * (migration 0007), so whatever writes `search_vector` keeps them. A word search reads the products
 * whose words start as its own do through (head, product_id), newest first, instead of walking every
 * product (catalog/queries.ts matchesWords).
 */
export const productSearchHeads = pgTable(
  'product_search_heads',
  {
    head: text('head').notNull(),
    product_id: integer('product_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.head, t.product_id] })],
);

export const productCategories = pgTable(
  'product_categories',
  {
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    category_id: integer('category_id')
      .notNull()
      .references(() => categories.id),
  },
  (t) => [primaryKey({ columns: [t.product_id, t.category_id] }), index('product_categories_category_idx').on(t.category_id, t.product_id)],
);

export const variants = pgTable(
  'variants',
  {
    id: serial('id').primaryKey(),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sku: text('sku').notNull(),
    upc: text('upc'),
    units_per_package: integer('units_per_package').notNull().default(1),
    cost_cents: integer('cost_cents'),
    weight_oz: doublePrecision('weight_oz'),
    is_default: boolean('is_default').notNull().default(false),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('variants_sku_key').on(sql`upper(${t.sku})`),
    index('variants_upc_idx').on(t.upc),
    // `GET variant?q=`: SKU and UPC prefixes (LIKE 'X%') whatever the database's collation.
    index('variants_sku_prefix_idx').on(sql`upper(${t.sku}) text_pattern_ops`),
    index('variants_upc_prefix_idx').on(t.upc.op('text_pattern_ops')),
    index('variants_product_idx').on(t.product_id, t.id),
    uniqueIndex('variants_one_default_key').on(t.product_id).where(sql`is_default`),
    check('variants_units_check', sql`units_per_package > 0`),
    check('variants_cost_check', sql`cost_cents is null or cost_cents >= 0`),
  ],
);

export const productFamilies = pgTable(
  'product_families',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    brand_id: integer('brand_id').references(() => brands.id),
    notes: text('notes'),
    ...stamps(),
  },
  (t) => [index('product_families_brand_idx').on(t.brand_id), index('product_families_name_idx').on(sql`lower(${t.name})`)],
);

export const productFamilyCategories = pgTable(
  'product_family_categories',
  {
    product_family_id: integer('product_family_id')
      .notNull()
      .references(() => productFamilies.id, { onDelete: 'cascade' }),
    category_id: integer('category_id')
      .notNull()
      .references(() => categories.id),
  },
  (t) => [
    primaryKey({ columns: [t.product_family_id, t.category_id] }),
    index('product_family_categories_category_idx').on(t.category_id),
  ],
);

export const productFamilyVariants = pgTable(
  'product_family_variants',
  {
    product_family_id: integer('product_family_id')
      .notNull()
      .references(() => productFamilies.id, { onDelete: 'cascade' }),
    variant_id: integer('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    sort_order: integer('sort_order').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.product_family_id, t.variant_id] }), index('product_family_variants_variant_idx').on(t.variant_id)],
);

/** A modifier belongs to a product or to a family, never both. */
export const modifiers = pgTable(
  'modifiers',
  {
    id: serial('id').primaryKey(),
    product_id: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    product_family_id: integer('product_family_id').references(() => productFamilies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    display_type: text('display_type').notNull(),
    sort_order: integer('sort_order').notNull().default(0),
    ...stamps(),
  },
  (t) => [
    index('modifiers_product_idx').on(t.product_id),
    index('modifiers_family_idx').on(t.product_family_id),
    check('modifiers_owner_check', sql`(product_id is null) <> (product_family_id is null)`),
    check(
      'modifiers_display_type_check',
      inList('display_type', ['radio_buttons', 'rectangles', 'dropdown', 'product_list', 'product_list_with_images']),
    ),
  ],
);

export const modifierOptions = pgTable(
  'modifier_options',
  {
    id: serial('id').primaryKey(),
    modifier_id: integer('modifier_id')
      .notNull()
      .references(() => modifiers.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    is_default: boolean('is_default').notNull().default(false),
    sort_order: integer('sort_order').notNull().default(0),
    ...stamps(),
  },
  (t) => [
    index('modifier_options_modifier_idx').on(t.modifier_id, t.sort_order),
    uniqueIndex('modifier_options_one_default_key').on(t.modifier_id).where(sql`is_default`),
  ],
);

export const modifierOptionVariants = pgTable(
  'modifier_option_variants',
  {
    modifier_option_id: integer('modifier_option_id')
      .notNull()
      .references(() => modifierOptions.id, { onDelete: 'cascade' }),
    variant_id: integer('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.modifier_option_id, t.variant_id] }), index('modifier_option_variants_variant_idx').on(t.variant_id)],
);

/** A product (or a family) offered on one store. */
export const storeProducts = pgTable(
  'store_products',
  {
    id: serial('id').primaryKey(),
    store_id: integer('store_id')
      .notNull()
      .references(() => stores.id),
    product_id: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
    product_family_id: integer('product_family_id').references(() => productFamilies.id, { onDelete: 'cascade' }),
    is_published: boolean('is_published').notNull().default(false),
    published_at: ts('published_at'),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('store_products_product_key').on(t.product_id, t.store_id).where(sql`product_id is not null`),
    uniqueIndex('store_products_family_key').on(t.product_family_id, t.store_id).where(sql`product_family_id is not null`),
    index('store_products_published_idx').on(t.store_id, t.product_id).where(sql`is_published`),
    check('store_products_owner_check', sql`(product_id is null) <> (product_family_id is null)`),
  ],
);

export const storeVariants = pgTable(
  'store_variants',
  {
    id: serial('id').primaryKey(),
    store_product_id: integer('store_product_id')
      .notNull()
      .references(() => storeProducts.id, { onDelete: 'cascade' }),
    variant_id: integer('variant_id')
      .notNull()
      .references(() => variants.id),
    price_cents: integer('price_cents'),
    map_price_cents: integer('map_price_cents'),
    map_gate: text('map_gate'),
    shipping_setting: text('shipping_setting').notNull().default('variable'),
    is_enabled: boolean('is_enabled').notNull().default(true),
    feed_title: text('feed_title'),
    feed_url: text('feed_url'),
    /**
     * The variant's cost, kept by triggers (migration 0047; the API never writes it): the price flags
     * "below cost" and "under the margin floor" compare it with the price in one row, so each has a
     * partial index of the few rows it matches (a page walked every store variant to find them).
     */
    variant_cost_cents: integer('variant_cost_cents'),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('store_variants_store_product_variant_key').on(t.store_product_id, t.variant_id),
    index('store_variants_variant_idx').on(t.variant_id),
    index('store_variants_below_cost_idx').on(t.id).where(sql`(price_cents < variant_cost_cents) is true`),
    // REPRICE_MARGIN_FLOOR_PCT (8 %): another floor needs a migration recreating this index (pricing-prices.test.ts checks the flag uses it)
    index('store_variants_under_floor_idx').on(t.id).where(sql`(price_cents < ceil(variant_cost_cents * 100::numeric / 92)) is true`),
    // the flag "advertised under MAP": a handful of rows (pricing/prices.ts writes it as this condition, then the MAP holiday's)
    index('store_variants_map_violation_idx').on(t.id).where(sql`map_gate is null and (price_cents < map_price_cents) is true`),
    check('store_variants_price_check', sql`(price_cents is null or price_cents >= 0) and (map_price_cents is null or map_price_cents >= 0)`),
    check('store_variants_map_gate_check', sql`map_gate is null or map_gate in ('map_gated', 'map_checkout_gated', 'map_email_gated')`),
    check('store_variants_shipping_check', inList('shipping_setting', ['variable', 'per_unit', 'free', 'b2b'])),
  ],
);

export const feeds = pgTable(
  'feeds',
  {
    id: serial('id').primaryKey(),
    store_id: integer('store_id')
      .notNull()
      .references(() => stores.id),
    name: text('name').notNull(),
    target_destination: text('target_destination').notNull(),
    frequency_hours: integer('frequency_hours').notNull(),
    is_enabled: boolean('is_enabled').notNull().default(true),
    /** The feed's rule "leave out restricted items" (compliance): restricted anywhere → not in the feed. */
    leave_out_restricted: boolean('leave_out_restricted').notNull().default(false),
    /** Keep items without a numeric UPC / priced below cost (left out by default). */
    keep_without_upc: boolean('keep_without_upc').notNull().default(false),
    keep_below_cost: boolean('keep_below_cost').notNull().default(false),
    /** The feed file's address key: its first characters and its SHA-256 (the key itself is shown once). */
    key_prefix: text('key_prefix'),
    key_hash: text('key_hash'),
    /** The last build of the feed file (feed_items), and when a build was last queued (the schedule's claim). */
    built_at: ts('built_at'),
    built_items: integer('built_items'),
    built_left_out: integer('built_left_out'),
    build_queued_at: ts('build_queued_at'),
    /** The file's layout for its destination (`FeedFileLayout`); null: the destination's standard one. */
    file_layout: jsonb('file_layout').$type<FeedFileLayout>(),
    ...stamps(),
  },
  (t) => [
    index('feeds_store_idx').on(t.store_id),
    uniqueIndex('feeds_key_hash_key').on(t.key_hash),
    check('feeds_destination_check', inList('target_destination', ['ammoseek', 'bulkcheapammo'])),
    check('feeds_frequency_check', inList('frequency_hours', [24, 168])),
    check('feeds_file_layout_check', sql`file_layout is null or jsonb_typeof(file_layout) = 'object'`),
  ],
);

export const feedStoreVariants = pgTable(
  'feed_store_variants',
  {
    feed_id: integer('feed_id')
      .notNull()
      .references(() => feeds.id, { onDelete: 'cascade' }),
    store_variant_id: integer('store_variant_id')
      .notNull()
      .references(() => storeVariants.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.feed_id, t.store_variant_id] }), index('feed_store_variants_variant_idx').on(t.store_variant_id)],
);

/**
 * The feed file's items as its last build left them: what changes slowly (title, address, caliber,
 * maker, count, UPC, casing, grains, condition), for the items the build kept. Price and stock are
 * read live when the file is fetched, and an item disabled, unpriced or below cost since is left out then.
 */
export const feedItems = pgTable(
  'feed_items',
  {
    feed_id: integer('feed_id')
      .notNull()
      .references(() => feeds.id, { onDelete: 'cascade' }),
    store_variant_id: integer('store_variant_id')
      .notNull()
      .references(() => storeVariants.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    url: text('url'),
    caliber: text('caliber'),
    manufacturer: text('manufacturer'),
    count: integer('count'),
    upc: text('upc'),
    mpn: text('mpn'),
    casing: text('casing'),
    grains: text('grains'),
    condition: text('condition'),
    /** Packages of it one order may hold (the catalogue's purchase limit attribute); null: no limit. */
    purchase_limit: integer('purchase_limit'),
  },
  (t) => [primaryKey({ columns: [t.feed_id, t.store_variant_id] }), index('feed_items_store_variant_idx').on(t.store_variant_id)],
);

/**
 * One row: goes up on any write to the tables every product editor payload refers to by name (brands,
 * categories, stores, feeds, product families). With `products.revision` it keys the payload cache.
 */
export const catalogRevision = pgTable('catalog_revision', {
  id: integer('id').primaryKey(),
  revision: bigint('revision', { mode: 'number' }).notNull().default(0),
});

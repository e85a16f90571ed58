import { z } from 'zod';
import { IdParam, listResponse, Name, stampFields, Versioned, wholeNumberText } from './common.js';
import {
  FEED_FREQUENCY_HOURS,
  MAP_GATES,
  MODIFIER_DISPLAY_TYPES,
  PRODUCT_TYPES,
  SHIPPING_SETTINGS,
  TARGET_DESTINATIONS,
  VARIATION_TYPES,
} from './enums.js';

/**
 * Catalogue (SPEC §3, §4, §5, §7 "Catalogue", "Feeds and stores"): attributes and their values,
 * brands, categories, stores and their brand/category presentation, products, variants, modifiers,
 * product families, store products and variants, feeds. One source for server and browser.
 */

// ───────────────────────────── constants ─────────────────────────────

/** Attribute ids the spec relies on (SPEC §3): the product title and image are these attributes' values with no source. */
export const TITLE_ATTRIBUTE_ID = 11;
export const IMAGE_ATTRIBUTE_ID = 13;
/** Shown when a product has no canonical image (attribute 13). Served by the web app. */
export const DEFAULT_PRODUCT_IMAGE = '/images/default-product.svg';
/** The longest product title (attribute 11), in characters; other text values at most TEXT_VALUE_MAX. */
export const TITLE_MAX = 200;
export const TEXT_VALUE_MAX = 2000;

export const ATTRIBUTE_TYPES = ['text', 'number', 'boolean', 'select', 'url', 'image', 'money', 'measurement'] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

/** Who owns an attribute value. */
export const SOURCEABLE_TYPES = ['product', 'product_family', 'store_product', 'store_variant'] as const;
export type SourceableType = (typeof SOURCEABLE_TYPES)[number];
/** Where a non-canonical value comes from (null source = the canonical value staff maintain). */
export const SOURCE_TYPES = ['vendor', 'store'] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

// ───────────────────────────── building blocks ─────────────────────────────

const Id = z.number().int().positive();
const Ids = (max = 1000) => z.array(Id).max(max);
const SortOrder = z.number().int().min(0).max(1_000_000);
const Cents = z.number().int('Whole cents').min(0, 'Cannot be negative').max(100_000_000, 'Too large');
const OptText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));
const Slug = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Required')
  .max(120, 'At most 120 characters')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Lowercase letters, digits and single dashes');
export const Sku = z
  .string()
  .trim()
  .toUpperCase()
  .min(1, 'Required')
  .max(64, 'At most 64 characters')
  .regex(/^[A-Z0-9][A-Z0-9._\-/]*$/, 'Letters, digits, dot, dash, underscore or slash');
export const Upc = z
  .string()
  .trim()
  .regex(/^\d{8,14}$/, 'A UPC/EAN/GTIN: 8 to 14 digits');

/** An attribute value as sent: its shape is checked against the attribute's type by the server. */
export const AttributeValue = z.union([z.string().max(10000, 'At most 10000 characters'), z.number(), z.boolean()]);
export type AttributeValue = z.infer<typeof AttributeValue>;

/** Checks a value against an attribute; returns the message when it does not fit, else null. */
export function attributeValueProblem(
  attr: { id?: number; type: AttributeType; options: string[]; name: string },
  value: unknown,
): string | null {
  switch (attr.type) {
    case 'text': {
      if (typeof value !== 'string' || value.trim() === '') return `${attr.name} must be non-empty text`;
      const max = attr.id === TITLE_ATTRIBUTE_ID ? TITLE_MAX : TEXT_VALUE_MAX;
      return value.length > max ? `${attr.name}: at most ${max} characters` : null;
    }
    case 'number':
    case 'measurement':
      return typeof value === 'number' && Number.isFinite(value) ? null : `${attr.name} must be a number`;
    case 'money':
      if (typeof value !== 'number' || !Number.isInteger(value)) return `${attr.name} must be whole cents`;
      return value < 0 ? `${attr.name} cannot be negative` : value > 100_000_000 ? `${attr.name}: at most $1,000,000.00` : null;
    case 'boolean':
      return typeof value === 'boolean' ? null : `${attr.name} must be true or false`;
    case 'select':
      return typeof value === 'string' && attr.options.includes(value) ? null : `${attr.name} must be one of: ${attr.options.join(', ')}`;
    case 'url':
    case 'image':
      if (typeof value === 'string' && value.length > TEXT_VALUE_MAX) return `${attr.name}: at most ${TEXT_VALUE_MAX} characters`;
      return typeof value === 'string' && /^(https?:\/\/[^\s]+|\/[^\s]*)$/.test(value)
        ? null
        : `${attr.name} must be a URL (https://… or a path starting with /)`;
  }
}

// ───────────────────────────── attributes ─────────────────────────────

export const Attribute = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  type: z.enum(ATTRIBUTE_TYPES),
  options: z.array(z.string()),
  unit: z.string().nullable(),
  required_for_publish: z.boolean(),
  /** Ids 11 (title) and 13 (image): cannot be deleted, code and type cannot change. */
  is_system: z.boolean(),
  ...stampFields,
});
export type Attribute = z.infer<typeof Attribute>;

const attributeFields = {
  code: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, 'Required')
    .max(60, 'At most 60 characters')
    .regex(/^[a-z][a-z0-9_]*$/, 'Lowercase letters, digits and underscores, starting with a letter'),
  name: Name,
  type: z.enum(ATTRIBUTE_TYPES, 'Choose a type'),
  options: z.array(z.string().trim().min(1, 'Required').max(120)).max(500).default([]),
  unit: OptText(20),
  required_for_publish: z.boolean().default(false),
};
const attributeRefine = (a: { type: AttributeType; options: string[]; unit?: string | null }, ctx: z.RefinementCtx) => {
  if (a.type === 'select' && a.options.length === 0) ctx.addIssue({ code: 'custom', path: ['options'], message: 'A select attribute needs at least one option' });
  if (a.type !== 'select' && a.options.length > 0) ctx.addIssue({ code: 'custom', path: ['options'], message: 'Only select attributes have options' });
  if (new Set(a.options).size !== a.options.length) ctx.addIssue({ code: 'custom', path: ['options'], message: 'Options must be unique' });
  if (a.type === 'measurement' && !a.unit) ctx.addIssue({ code: 'custom', path: ['unit'], message: 'A measurement needs a unit (e.g. gr, fps)' });
  if (a.type !== 'measurement' && a.unit) ctx.addIssue({ code: 'custom', path: ['unit'], message: 'Only measurements have a unit' });
};
export const AttributeCreate = z.object(attributeFields).strict().superRefine(attributeRefine);
export type AttributeCreate = z.infer<typeof AttributeCreate>;
export const AttributeUpdate = AttributeCreate.extend(Versioned.shape);
export type AttributeUpdate = z.infer<typeof AttributeUpdate>;
/** `q` searches code and name; `filter[id]` repeatable. */
export const ATTRIBUTE_LIST = {
  sort: ['id', 'code', 'name', 'type'],
  filter: ['id', 'type', 'code', 'required_for_publish'],
} as const;

/** One attribute value: canonical when `source_type` is null, else from a vendor's catalogue or a store. */
export const AttributeData = z.object({
  id: z.number(),
  attribute_id: z.number(),
  sourceable_type: z.enum(SOURCEABLE_TYPES),
  sourceable_id: z.number(),
  source_type: z.enum(SOURCE_TYPES).nullable(),
  source_id: z.number().nullable(),
  source_label: z.string().nullable(),
  value: z.unknown(),
  updated_at: z.string(),
  version: z.number(),
});
export type AttributeData = z.infer<typeof AttributeData>;

/** `POST product/{id}/attribute` (and product-family): sets the canonical value (no source). */
export const AttributeValueCreate = z.object({ attribute_id: Id, value: AttributeValue }).strict();
export type AttributeValueCreate = z.infer<typeof AttributeValueCreate>;
/** `PUT product/{id}/attribute/{attributeId}`: `version` is the value's own version. */
export const AttributeValueUpdate = z.object({ value: AttributeValue, ...Versioned.shape }).strict();
export type AttributeValueUpdate = z.infer<typeof AttributeValueUpdate>;

// ───────────────────────────── brands ─────────────────────────────

export const Brand = z.object({
  id: z.number(),
  name: z.string(),
  product_count: z.number(),
  ...stampFields,
});
export type Brand = z.infer<typeof Brand>;
export const BrandCreate = z.object({ name: Name }).strict();
export const BrandUpdate = BrandCreate.extend(Versioned.shape);
export const BRAND_LIST = { sort: ['id', 'name', 'created_at'], filter: ['id'] } as const;

// ───────────────────────────── categories ─────────────────────────────

export interface CategoryNode {
  id: number;
  parent_id: number | null;
  name: string;
  slug: string;
  sort_order: number;
  /** Products and families filed directly under this category. */
  product_count: number;
  version: number;
  children: CategoryNode[];
}
export const CategoryNode: z.ZodType<CategoryNode> = z.object({
  id: z.number(),
  parent_id: z.number().nullable(),
  name: z.string(),
  slug: z.string(),
  sort_order: z.number(),
  product_count: z.number(),
  version: z.number(),
  get children() {
    return z.array(CategoryNode);
  },
});
/** A category in a flat list (`GET category?flat=true`, `GET category/{id}`): depth and the path of names. */
export const Category = z.object({
  id: z.number(),
  parent_id: z.number().nullable(),
  name: z.string(),
  slug: z.string(),
  sort_order: z.number(),
  product_count: z.number(),
  child_count: z.number(),
  depth: z.number(),
  /** e.g. "Ammunition › Handgun › 9mm Luger". */
  path: z.string(),
  version: z.number(),
});
export type Category = z.infer<typeof Category>;
export const CategoryListQuery = z.object({ flat: z.enum(['true', 'false']).optional() }).strict();
export const CategoryCreate = z.object({ name: Name, slug: Slug.optional(), parent_id: Id.nullable().default(null), sort_order: SortOrder.optional() }).strict();
export type CategoryCreate = z.infer<typeof CategoryCreate>;
/** Slug, parent and sort order are all sent (they are derived on create only). */
export const CategoryUpdate = CategoryCreate.extend({ slug: Slug, parent_id: Id.nullable(), sort_order: SortOrder, ...Versioned.shape });
export type CategoryUpdate = z.infer<typeof CategoryUpdate>;
/** `DELETE category/{id}?move_to=<id>`: children and products move under `move_to` first. */
export const CategoryDeleteQuery = z.object({ move_to: IdParam.optional() }).strict();
/** `POST category/sort`: the flattened tree after a drag and drop; applied atomically. */
export const CategorySort = z
  .object({
    data: z
      .array(z.object({ id: Id, parent_id: Id.nullable(), sort_order: SortOrder }).strict())
      .min(1, 'Send at least one category')
      .max(10000),
  })
  .strict()
  .superRefine((b, ctx) => {
    const seen = new Set<number>();
    b.data.forEach((x, i) => {
      if (seen.has(x.id)) ctx.addIssue({ code: 'custom', path: ['data', i, 'id'], message: 'Listed twice' });
      seen.add(x.id);
      if (x.parent_id === x.id) ctx.addIssue({ code: 'custom', path: ['data', i, 'parent_id'], message: 'A category cannot be its own parent' });
    });
  });
export type CategorySort = z.infer<typeof CategorySort>;

// ───────────────────────────── stores ─────────────────────────────

/** The store list is answered whole (`GET /api/store`) and sorted in the browser, by these fields. */
export const STORE_LIST = { sort: ['id', 'name', 'code', 'domain', 'is_enabled', 'updated_at'], filter: ['is_enabled'] } as const;

export const Store = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  domain: z.string().nullable(),
  is_enabled: z.boolean(),
  ...stampFields,
});
export type Store = z.infer<typeof Store>;
const storeFields = {
  name: Name,
  code: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, 'Required')
    .max(40, 'At most 40 characters')
    .regex(/^[a-z0-9][a-z0-9_-]*$/, 'Lowercase letters, digits, dash or underscore'),
  domain: OptText(200).refine((v) => v == null || /^[a-z0-9.-]+\.[a-z]{2,}$/i.test(v), 'A domain such as ammodepot.com'),
  is_enabled: z.boolean().default(true),
};
export const StoreCreate = z.object(storeFields).strict();
export type StoreCreate = z.infer<typeof StoreCreate>;
export const StoreUpdate = StoreCreate.extend({ is_enabled: z.boolean(), ...Versioned.shape });
export type StoreUpdate = z.infer<typeof StoreUpdate>;

/** How a store presents one brand or category of the catalogue (what it says after the store and the presented thing). */
const presentationItemFields = {
  visible: z.boolean(),
  title: z.string().nullable(),
  slug: z.string().nullable(),
  description: z.string().nullable(),
  sort_order: z.number(),
  ...stampFields,
};
const storeRefFields = { id: z.number(), store_id: z.number(), store_name: z.string() };

/** How one brand is presented on one store. */
export const StoreBrand = z.object({ ...storeRefFields, brand_id: z.number(), brand_name: z.string(), ...presentationItemFields });
export type StoreBrand = z.infer<typeof StoreBrand>;
const presentationFields = {
  visible: z.boolean().default(true),
  title: OptText(200),
  slug: Slug.nullable().optional(),
  description: OptText(5000),
  sort_order: SortOrder.default(0),
};
export const StoreBrandCreate = z.object({ store_id: Id, brand_id: Id, ...presentationFields }).strict();
export const StoreBrandUpdate = StoreBrandCreate.extend(Versioned.shape);
export const STORE_BRAND_LIST = { sort: ['id', 'sort_order', 'title', 'brand_name', 'store_name'], filter: ['store_id', 'brand_id', 'visible'] } as const;

/** How one category is presented on one store. */
export const StoreCategory = z.object({ ...storeRefFields, category_id: z.number(), category_name: z.string(), ...presentationItemFields });
export type StoreCategory = z.infer<typeof StoreCategory>;
export const StoreCategoryCreate = z.object({ store_id: Id, category_id: Id, ...presentationFields }).strict();
export const StoreCategoryUpdate = StoreCategoryCreate.extend(Versioned.shape);
export const STORE_CATEGORY_LIST = { sort: ['id', 'sort_order', 'title', 'category_name', 'store_name'], filter: ['store_id', 'category_id', 'visible'] } as const;

// ───────────────────────────── feeds ─────────────────────────────

/** What a feed file can say of each item; a layout names and orders the ones its destination takes. */
export const FEED_FILE_FIELDS = ['type', 'title', 'url', 'price', 'caliber', 'manufacturer', 'numrounds', 'count', 'upc', 'mpn', 'casing', 'grains', 'condition', 'availability', 'quantity', 'purchase_limit', 'map_note'] as const;
export type FeedFileField = (typeof FEED_FILE_FIELDS)[number];
export const FEED_FILE_FIELD_LABELS: Record<FeedFileField, string> = {
  type: 'Type',
  title: 'Title',
  url: 'Product address',
  price: 'Price',
  caliber: 'Caliber',
  manufacturer: 'Manufacturer',
  numrounds: 'Rounds (ammunition)',
  count: 'Count (other items)',
  upc: 'UPC',
  mpn: 'MPN',
  casing: 'Casing',
  grains: 'Grains',
  condition: 'Condition',
  availability: 'Availability',
  quantity: 'Quantity available',
  purchase_limit: 'Purchase limit',
  map_note: 'MAP note',
};
export const FEED_FILE_FORMATS = ['xml', 'csv'] as const;
export const FEED_FILE_FORMAT_LABELS: Record<(typeof FEED_FILE_FORMATS)[number], string> = { xml: 'XML', csv: 'CSV' };
/** Most fields a layout may list (each field may be listed more than once, under different names). */
export const FEED_LAYOUT_MAX_FIELDS = 40;
/** An XML element's name as a layout may give it: a letter or _ first, then letters, digits, _, - or . (names starting "xml" are reserved). */
export const XML_NAME = /^(?![Xx][Mm][Ll])[A-Za-z_][A-Za-z0-9_.-]{0,59}$/;
const XML_NAME_MESSAGE = 'An XML name: a letter or _ first, then letters, digits, _, - or . (not starting with "xml")';
const layoutName = z.string().trim().min(1, 'Give it a name').max(60, 'At most 60 characters').regex(/^[^\u0000-\u001F\u007F]*$/, 'No control characters');

/**
 * How a feed file is laid out for its destination (DOMAIN.md: BulkCheapAmmo's fields are negotiated
 * per destination): XML or CSV; for XML the list's and each item's element names; the fields in
 * order, each under the destination's name for it (a CSV column's header, an XML element's name).
 */
export const FeedFileLayout = z
  .object({
    format: z.enum(FEED_FILE_FORMATS, { message: 'XML or CSV' }),
    root: layoutName,
    item: layoutName,
    fields: z
      .array(z.object({ field: z.enum(FEED_FILE_FIELDS, { message: 'One of the feed file’s fields' }), name: layoutName }).strict())
      .min(1, 'List at least one field')
      .max(FEED_LAYOUT_MAX_FIELDS, `At most ${FEED_LAYOUT_MAX_FIELDS} fields`),
  })
  .strict()
  .superRefine((l, ctx) => {
    if (l.format === 'xml') {
      for (const k of ['root', 'item'] as const) if (!XML_NAME.test(l[k])) ctx.addIssue({ code: 'custom', path: [k], message: XML_NAME_MESSAGE });
      if (l.root === l.item) ctx.addIssue({ code: 'custom', path: ['item'], message: 'The item’s element needs a name of its own' });
    }
    const seen = new Set<string>();
    l.fields.forEach((f, i) => {
      if (l.format === 'xml' && !XML_NAME.test(f.name)) ctx.addIssue({ code: 'custom', path: ['fields', i, 'name'], message: XML_NAME_MESSAGE });
      if (seen.has(f.name)) ctx.addIssue({ code: 'custom', path: ['fields', i, 'name'], message: 'Another field has this name' });
      seen.add(f.name);
    });
  });
export type FeedFileLayout = z.infer<typeof FeedFileLayout>;

/** The layout a feed's file has unless the feed gives its own: AmmoSeek's XML, and for BulkCheapAmmo the same fields as CSV columns. */
export function standardFeedLayout(destination: (typeof TARGET_DESTINATIONS)[number]): FeedFileLayout {
  return {
    format: destination === 'ammoseek' ? 'xml' : 'csv',
    root: 'productlist',
    item: 'product',
    fields: FEED_FILE_FIELDS.map((field) => ({ field, name: field })),
  };
}

/** A feed's file layout: its own, or its destination's standard one. */
export function feedFileLayoutOf(feed: { target_destination: (typeof TARGET_DESTINATIONS)[number]; file_layout: FeedFileLayout | null }): FeedFileLayout {
  return feed.file_layout ?? standardFeedLayout(feed.target_destination);
}


export const Feed = z.object({
  id: z.number(),
  store_id: z.number(),
  store_name: z.string(),
  name: z.string(),
  target_destination: z.enum(TARGET_DESTINATIONS),
  frequency_hours: z.number(),
  is_enabled: z.boolean(),
  /** The feed's rule "leave out restricted items": items restricted anywhere stay out of it (items blocked in every state always do). */
  leave_out_restricted: z.boolean(),
  /** Keep items without a numeric UPC (8, 12, 13 or 14 digits); by default they are left out. */
  keep_without_upc: z.boolean(),
  /** Keep items priced below their cost; by default they are left out. */
  keep_below_cost: z.boolean(),
  store_variant_count: z.number(),
  /** The start of the feed's address key (the whole key is shown once, when made); null: no address yet. */
  key_prefix: z.string().nullable(),
  /** When the feed file was last built, and how many items it carried and left out then. */
  built_at: z.string().nullable(),
  built_items: z.number().nullable(),
  built_left_out: z.number().nullable(),
  /** The file's layout for its destination; null: the destination's standard layout (`standardFeedLayout`). */
  file_layout: FeedFileLayout.nullable(),
  version: z.number(),
});
export type Feed = z.infer<typeof Feed>;
const feedFields = {
  store_id: z.number().int('Choose a store').min(1, 'Choose a store'),
  name: Name,
  target_destination: z.enum(TARGET_DESTINATIONS, { message: 'AmmoSeek or BulkCheapAmmo' }),
  frequency_hours: z.number().int().refine((h) => (FEED_FREQUENCY_HOURS as readonly number[]).includes(h), 'Every 24 hours (Daily) or 168 hours (Weekly)'),
  is_enabled: z.boolean().default(true),
  leave_out_restricted: z.boolean().default(false),
  keep_without_upc: z.boolean().default(false),
  keep_below_cost: z.boolean().default(false),
  /** null: the destination's standard layout; left out of an update: unchanged. */
  file_layout: FeedFileLayout.nullable().optional(),
};
export const FeedCreate = z.object(feedFields).strict();
export type FeedCreate = z.infer<typeof FeedCreate>;
export const FeedUpdate = FeedCreate.extend({ is_enabled: z.boolean(), leave_out_restricted: z.boolean(), keep_without_upc: z.boolean(), keep_below_cost: z.boolean(), ...Versioned.shape });
export type FeedUpdate = z.infer<typeof FeedUpdate>;
/** Fields the Feeds screen sorts and filters by (the whole list is paged in the browser). */
export const FEED_LIST = { sort: ['id', 'name', 'store_name', 'target_destination', 'frequency_hours', 'is_enabled', 'leave_out_restricted', 'built_at'], filter: ['store_id', 'target_destination', 'is_enabled', 'leave_out_restricted'] } as const;

/**
 * Why a feed leaves an item out, checked in this order: the store variant is disabled, it has no price,
 * a compliance rule blocks it in every state (always) or restricts it somewhere (the feed's rule "leave
 * out restricted items"), it has no numeric UPC, it is priced below cost (each of the last two unless
 * the feed keeps such items).
 */
export const FEED_LEFT_OUT_CAUSES = ['disabled', 'no_price', 'blocked_everywhere', 'restricted', 'no_upc', 'below_cost'] as const;
export type FeedLeftOutCause = (typeof FEED_LEFT_OUT_CAUSES)[number];
export const FEED_LEFT_OUT_CAUSE_LABELS: Record<FeedLeftOutCause, string> = {
  disabled: 'Disabled',
  no_price: 'No price',
  blocked_everywhere: 'Blocked everywhere',
  restricted: 'Restricted',
  no_upc: 'No UPC',
  below_cost: 'Below cost',
};
/** One item a feed carries and leaves out, and why in words. */
export const FeedLeftOutItem = z.object({
  store_variant_id: z.number(),
  variant_id: z.number(),
  product_id: z.number(),
  sku: z.string().nullable(),
  title: z.string().nullable(),
  /** Why, as a code (`FEED_LEFT_OUT_CAUSES`); `reason` says it in words. */
  cause: z.enum(FEED_LEFT_OUT_CAUSES),
  reason: z.string(),
});
export type FeedLeftOutItem = z.infer<typeof FeedLeftOutItem>;
export const FeedLeftOutQuery = z
  .object({
    page: wholeNumberText(100_000).default(1),
    per_page: wholeNumberText(500).default(25),
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD').optional(),
  })
  .strict();
/** `GET feed/{id}/left-out`: the feed's report of left-out items — N items carried, M left out, a page of them. */
export const FeedLeftOutReport = z.object({
  feed: z.object({ id: z.number(), name: z.string(), store_name: z.string(), leave_out_restricted: z.boolean() }),
  date: z.string(),
  item_count: z.number(),
  left_out_count: z.number(),
  data: z.array(FeedLeftOutItem),
  meta: z.object({ total: z.number(), page: z.number(), per_page: z.number() }),
});
export type FeedLeftOutReport = z.infer<typeof FeedLeftOutReport>;
/** `POST feed/{id}/key`: a new address for the feed file — the key is shown this once (only its hash is kept). */
export const FeedKey = z.object({ key: z.string(), key_prefix: z.string(), path: z.string() });
export type FeedKey = z.infer<typeof FeedKey>;
/** A feed as shown on a store variant. */
export const FeedRef = z.object({
  id: z.number(),
  name: z.string(),
  target_destination: z.enum(TARGET_DESTINATIONS),
  frequency_hours: z.number(),
});
export type FeedRef = z.infer<typeof FeedRef>;
export const FeedFrequency = z
  .number()
  .refine((h) => (FEED_FREQUENCY_HOURS as readonly number[]).includes(h), 'Every 24 hours (Daily) or 168 hours (Weekly)');

/**
 * `POST feed/store-variant`. Either `store_variant_ids` + `feed_ids` (each listed store variant ends up in
 * exactly these feeds; `mode` add/remove changes only the listed feeds), or per-variant `assignments`.
 */
export const FeedAssign = z
  .object({
    store_variant_ids: Ids(5000).min(1, 'Choose at least one store variant').optional(),
    feed_ids: Ids(100).optional(),
    mode: z.enum(['replace', 'add', 'remove']).default('replace'),
    assignments: z
      .array(
        z
          .object({
            store_variant_id: Id,
            feed_ids: Ids(100),
            feed_title: OptText(300),
            feed_url: OptText(2000),
          })
          .strict(),
      )
      .min(1)
      .max(5000)
      .optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    const bulk = b.store_variant_ids !== undefined || b.feed_ids !== undefined;
    if (bulk && b.assignments) ctx.addIssue({ code: 'custom', path: ['assignments'], message: 'Send either store_variant_ids with feed_ids, or assignments' });
    if (!bulk && !b.assignments) ctx.addIssue({ code: 'custom', path: ['store_variant_ids'], message: 'Send store_variant_ids with feed_ids, or assignments' });
    if (bulk && !b.store_variant_ids) ctx.addIssue({ code: 'custom', path: ['store_variant_ids'], message: 'Required with feed_ids' });
    if (bulk && !b.feed_ids) ctx.addIssue({ code: 'custom', path: ['feed_ids'], message: 'Required with store_variant_ids' });
  });
export type FeedAssign = z.infer<typeof FeedAssign>;
export const FeedAssignment = z.object({ id: z.number(), feeds: z.array(FeedRef), feed_title: z.string().nullable(), feed_url: z.string().nullable() });
export type FeedAssignment = z.infer<typeof FeedAssignment>;

// ───────────────────────────── variants, modifiers ─────────────────────────────

/**
 * A modifier option as a variant names it (SPEC §3 Variant's `modifier_options`): the option and its
 * modifier, which never change for a link (an editor payload kept by revision stays true; the option's
 * label and default are the modifier's to show).
 */
export const VariantOptionRef = z.object({ id: z.number(), modifier_id: z.number() });
export const Variant = z.object({
  id: z.number(),
  product_id: z.number(),
  /** Its product (SPEC §3 Variant's `product`): id and title. */
  product: z.object({ id: z.number(), title: z.string().nullable() }),
  sku: z.string(),
  upc: z.string().nullable(),
  /** Rounds, pieces or shells per package (the product's variation type). */
  units_per_package: z.number(),
  cost_cents: z.number().nullable(),
  weight_oz: z.number().nullable(),
  is_default: z.boolean(),
  /** Options (of any modifier) that apply to this variant. */
  modifier_option_ids: z.array(z.number()),
  /** The same options with their modifier (SPEC §3 Variant's `modifier_options`). */
  modifier_options: z.array(VariantOptionRef),
  ...stampFields,
});
export type Variant = z.infer<typeof Variant>;
const variantFields = {
  sku: Sku,
  upc: Upc.nullable().optional().or(z.literal('').transform(() => null)),
  units_per_package: z.number().int('Whole units').min(1, 'At least 1').max(100_000, 'At most 100000'),
  cost_cents: Cents.nullable().optional(),
  weight_oz: z.number().min(0, 'Cannot be negative').max(100_000).nullable().optional(),
};
/** The first variant of a product becomes its default whatever is sent. */
export const VariantCreate = z.object({ ...variantFields, is_default: z.boolean().default(false) }).strict();
export type VariantCreate = z.infer<typeof VariantCreate>;
/** Setting `is_default` clears the default of the product's other variants, in one transaction. */
export const VariantUpdate = VariantCreate.extend({ is_default: z.boolean(), ...Versioned.shape });
export type VariantUpdate = z.infer<typeof VariantUpdate>;
export const VariantWithSiblings = z.object({ data: Variant, variants: z.array(Variant) });

export const ModifierOption = z.object({
  id: z.number(),
  modifier_id: z.number(),
  label: z.string(),
  is_default: z.boolean(),
  sort_order: z.number(),
  variant_ids: z.array(z.number()),
  /** The variants it applies to, by id and SKU (SPEC §3 Option's `variants`). */
  variants: z.array(z.object({ id: z.number(), sku: z.string() })),
  version: z.number(),
});
export type ModifierOption = z.infer<typeof ModifierOption>;
export const Modifier = z.object({
  id: z.number(),
  product_id: z.number().nullable(),
  product_family_id: z.number().nullable(),
  name: z.string(),
  display_type: z.enum(MODIFIER_DISPLAY_TYPES),
  sort_order: z.number(),
  options: z.array(ModifierOption),
  version: z.number(),
});
export type Modifier = z.infer<typeof Modifier>;

const optionFields = {
  label: z.string().trim().min(1, 'Required').max(120, 'At most 120 characters'),
  variant_ids: Ids(500).default([]),
  sort_order: z.number().int().min(0).max(100_000).optional(),
};
const oneDefault = (opts: { is_default?: boolean }[] | undefined, ctx: z.RefinementCtx) => {
  if (opts && opts.filter((o) => o.is_default).length > 1) ctx.addIssue({ code: 'custom', path: ['options'], message: 'Only one option can be the default' });
};
export const ModifierOptionInput = z.object({ ...optionFields, is_default: z.boolean().default(false) }).strict();
/** In `PUT modifier/{id}` options: with `id` updates that option, without creates one; options left out are removed. */
export const ModifierOptionSync = z.object({ id: Id.optional(), ...ModifierOptionInput.shape }).strict();
const modifierFields = {
  name: Name,
  display_type: z.enum(MODIFIER_DISPLAY_TYPES, 'Choose a display type'),
  sort_order: z.number().int().min(0).max(100_000).optional(),
};
export const ModifierCreate = z
  .object({
    product_id: Id.optional(),
    product_family_id: Id.optional(),
    ...modifierFields,
    options: z.array(ModifierOptionInput).max(100).optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    if ((b.product_id === undefined) === (b.product_family_id === undefined))
      ctx.addIssue({ code: 'custom', path: ['product_id'], message: 'Give either product_id or product_family_id' });
    oneDefault(b.options, ctx);
  });
export type ModifierCreate = z.infer<typeof ModifierCreate>;
export const ModifierUpdate = z
  .object({ ...modifierFields, options: z.array(ModifierOptionSync).max(100).optional(), ...Versioned.shape })
  .strict()
  .superRefine((b, ctx) => oneDefault(b.options, ctx));
export type ModifierUpdate = z.infer<typeof ModifierUpdate>;
/** The first option of a modifier becomes its default whatever is sent. */
export const ModifierOptionCreate = ModifierOptionInput;
export type ModifierOptionCreate = z.infer<typeof ModifierOptionCreate>;
export const ModifierOptionUpdate = ModifierOptionInput.extend({ is_default: z.boolean(), ...Versioned.shape });
export type ModifierOptionUpdate = z.infer<typeof ModifierOptionUpdate>;
export const ModifierParams = z.object({ modifierId: IdParam });
export const ModifierOptionParams = ModifierParams.extend({ id: IdParam });

// ───────────────────────────── store products and variants ─────────────────────────────

export const StoreVariant = z.object({
  id: z.number(),
  store_product_id: z.number(),
  store_id: z.number(),
  variant_id: z.number(),
  sku: z.string(),
  price_cents: z.number().nullable(),
  map_price_cents: z.number().nullable(),
  map_gate: z.enum(MAP_GATES).nullable(),
  shipping_setting: z.enum(SHIPPING_SETTINGS),
  is_enabled: z.boolean(),
  feed_title: z.string().nullable(),
  feed_url: z.string().nullable(),
  feeds: z.array(FeedRef),
  attribute_data: z.array(AttributeData),
  ...stampFields,
});
export type StoreVariant = z.infer<typeof StoreVariant>;
export const StoreProduct = z.object({
  id: z.number(),
  store_id: z.number(),
  store_name: z.string(),
  store_enabled: z.boolean(),
  product_id: z.number().nullable(),
  product_family_id: z.number().nullable(),
  is_published: z.boolean(),
  published_at: z.string().nullable(),
  ...stampFields,
});
export type StoreProduct = z.infer<typeof StoreProduct>;

/** A MAP gate hides a MAP price: without one it is refused on `map_price_cents`. */
export const mapRefine = (v: { map_gate?: string | null; map_price_cents?: number | null }, ctx: z.RefinementCtx) => {
  if (v.map_gate && (v.map_price_cents === null || v.map_price_cents === undefined))
    ctx.addIssue({ code: 'custom', path: ['map_price_cents'], message: 'A MAP gate needs a MAP price' });
};
export const StoreVariantCreateItem = z
  .object({
    variant_id: Id,
    price_cents: Cents.nullable().optional(),
    map_price_cents: Cents.nullable().optional(),
    map_gate: z.enum(MAP_GATES).nullable().optional(),
    shipping_setting: z.enum(SHIPPING_SETTINGS, 'Choose a shipping setting').default('variable'),
    /** Only variants with include true are created (SPEC §5). */
    include: z.boolean(),
  })
  .strict()
  .superRefine(mapRefine);
/** `POST store-variant`: `store_product_id` null → the product's store product on that store is created (or reused). */
export const StoreVariantCreate = z
  .object({
    store_id: Id,
    product_id: Id,
    store_product_id: Id.nullable(),
    variants: z.array(StoreVariantCreateItem).min(1, 'List the variants').max(500),
  })
  .strict();
export type StoreVariantCreate = z.infer<typeof StoreVariantCreate>;
export const StoreVariantCreated = z.object({ success: z.boolean(), variants: z.array(StoreVariant), data: StoreProduct });
export const StoreVariantUpdate = z
  .object({
    price_cents: Cents.nullable(),
    map_price_cents: Cents.nullable(),
    map_gate: z.enum(MAP_GATES).nullable(),
    shipping_setting: z.enum(SHIPPING_SETTINGS, 'Choose a shipping setting'),
    is_enabled: z.boolean(),
    feed_title: OptText(300),
    feed_url: OptText(2000).refine((v) => v == null || /^https?:\/\/\S+$/.test(v), 'A URL starting with http:// or https://'),
    ...Versioned.shape,
  })
  .strict()
  .superRefine(mapRefine);
export type StoreVariantUpdate = z.infer<typeof StoreVariantUpdate>;
/**
 * `PUT store-product/{id}`: store-level attribute values (owner = the store product, no source);
 * a null value removes it. `is_published: false` unpublishes; `true` publishes a family's store product (a
 * product's goes through `POST product/{id}/publish`, 400 here).
 */
export const StoreProductUpdate = z
  .object({
    /** false unpublishes; true publishes a family's store product (a product publishes through `POST product/{id}/publish`). */
    is_published: z.boolean().optional(),
    attribute_data: z.array(z.object({ attribute_id: Id, value: AttributeValue.nullable() }).strict()).max(200).default([]),
    ...Versioned.shape,
  })
  .strict();
export type StoreProductUpdate = z.infer<typeof StoreProductUpdate>;
export const StoreProductUpdated = z.object({ store_product: StoreProduct, attribute_data: z.array(AttributeData) });

// ───────────────────────────── products ─────────────────────────────

export const ProductListItem = z.object({
  id: z.number(),
  title: z.string().nullable(),
  /** Attribute 13 with no source, else DEFAULT_PRODUCT_IMAGE. */
  image: z.string(),
  type: z.enum(PRODUCT_TYPES),
  variation_type: z.enum(VARIATION_TYPES),
  brand_id: z.number().nullable(),
  brand_name: z.string().nullable(),
  variant_count: z.number(),
  default_variant_id: z.number().nullable(),
  default_sku: z.string().nullable(),
  /** Stores the product is published on. */
  published_store_ids: z.array(z.number()),
  ...stampFields,
});
export type ProductListItem = z.infer<typeof ProductListItem>;
/**
 * `GET product` counts matching rows exactly up to this many; beyond it `meta.total` is this number and
 * `meta.total_exact` is false (show "1,000+"). Keeps the list fast on very large catalogues.
 */
export const PRODUCT_LIST_COUNT_CAP = 1000;
export const ProductListResponse = listResponse(ProductListItem);
/**
 * `GET product`: `q` matches words of the title (prefixes: "fed 9mm"), SKUs and UPCs.
 * `filter[category_id]` includes the category's descendants; `filter[store_id]` = published on that store.
 */
export const PRODUCT_LIST = {
  sort: ['id', 'title', 'type', 'variation_type', 'created_at', 'updated_at'],
  filter: ['id', 'brand_id', 'category_id', 'type', 'variation_type', 'store_id'],
} as const;

export const CategoryRef = z.object({ id: z.number(), name: z.string(), path: z.string() });
export const BrandRef = z.object({ id: z.number(), name: z.string() });

/** `GET product/{id}`: the whole editor payload. */
export const ProductDetail = z.object({
  id: z.number(),
  title: z.string().nullable(),
  image: z.string(),
  type: z.enum(PRODUCT_TYPES),
  variation_type: z.enum(VARIATION_TYPES),
  brand_id: z.number().nullable(),
  brand: BrandRef.nullable(),
  category_ids: z.array(z.number()),
  categories: z.array(CategoryRef),
  notes: z.string().nullable(),
  attribute_data: z.array(AttributeData),
  variants: z.array(Variant),
  modifiers: z.array(Modifier),
  store_products: z.array(StoreProduct.extend({ attribute_data: z.array(AttributeData) })),
  store_variants: z.array(StoreVariant),
  families: z.array(z.object({ id: z.number(), name: z.string() })),
  ...stampFields,
});
export type ProductDetail = z.infer<typeof ProductDetail>;

const productFields = {
  type: z.enum(PRODUCT_TYPES, 'Choose physical or virtual'),
  variation_type: z.enum(VARIATION_TYPES, 'Choose rounds, pieces or shells'),
  brand_id: Id.nullable(),
  category_ids: Ids(50).default([]),
  notes: OptText(20000),
};
/** `POST product`: `title` (and `image`) set attributes 11 and 13; `variants` are created with it. */
export const ProductCreate = z
  .object({
    ...productFields,
    brand_id: Id.nullable().default(null),
    title: z.string().trim().min(1, 'Required').max(TITLE_MAX, `At most ${TITLE_MAX} characters`).optional(),
    image: z.string().trim().max(2000).optional(),
    variants: z.array(VariantCreate).max(50).optional(),
  })
  .strict();
export type ProductCreate = z.infer<typeof ProductCreate>;
export const ProductUpdate = z.object({ ...productFields, ...Versioned.shape }).strict();
export type ProductUpdate = z.infer<typeof ProductUpdate>;

export const ProductVariantParams = z.object({ id: IdParam, variantId: IdParam });
export const ProductAttributeParams = z.object({ id: IdParam, attributeId: IdParam });

/** `POST product/{id}/publish`. */
export const PublishBody = z.object({ store_id: Id }).strict();
export const PublishBlocker = z.object({
  code: z.enum(['store_disabled', 'missing_attribute', 'no_store_product', 'no_enabled_variant', 'no_price', 'below_map']),
  message: z.string(),
  attribute_id: z.number().optional(),
  store_variant_id: z.number().optional(),
});
export type PublishBlocker = z.infer<typeof PublishBlocker>;
/**
 * Always HTTP 200 once the product and store exist: `success` says whether it was published.
 * When false, `data.blockers` lists everything that stops it and nothing changed.
 */
/** Said of a published product without stopping it: the states where compliance rules restrict it. */
export const PublishWarning = z.object({ code: z.literal('compliance_restricted'), message: z.string(), states: z.array(z.string()) });
export type PublishWarning = z.infer<typeof PublishWarning>;
export const PublishResult = z.object({
  success: z.boolean(),
  data: z.object({ message: z.string(), blockers: z.array(PublishBlocker), warnings: z.array(PublishWarning) }),
  store_product: StoreProduct.nullable(),
  store_variants: z.array(StoreVariant),
  attribute_data: z.array(AttributeData),
});
export type PublishResult = z.infer<typeof PublishResult>;

// ───────────────────────────── product families ─────────────────────────────

export const ProductFamilyListItem = z.object({
  id: z.number(),
  name: z.string(),
  brand_id: z.number().nullable(),
  brand_name: z.string().nullable(),
  variant_count: z.number(),
  modifier_count: z.number(),
  ...stampFields,
});
export type ProductFamilyListItem = z.infer<typeof ProductFamilyListItem>;
export const PRODUCT_FAMILY_LIST = { sort: ['id', 'name', 'created_at', 'updated_at'], filter: ['id', 'brand_id', 'category_id'] } as const;

/** A variant with its product's title (the family editor's picker and a family's variants). */
export const VariantListItem = z.object({
  id: z.number(),
  product_id: z.number(),
  product_title: z.string().nullable(),
  sku: z.string(),
  upc: z.string().nullable(),
  units_per_package: z.number(),
  is_default: z.boolean(),
});
export const FamilyVariant = VariantListItem.extend({
  sort_order: z.number(),
  /** Its product and the family's options it is in (SPEC §3 Variant's `product`, `modifier_options`). */
  product: Variant.shape.product,
  modifier_option_ids: z.array(z.number()),
  modifier_options: z.array(VariantOptionRef),
});
export const ProductFamilyDetail = z.object({
  id: z.number(),
  name: z.string(),
  brand_id: z.number().nullable(),
  brand: BrandRef.nullable(),
  category_ids: z.array(z.number()),
  categories: z.array(CategoryRef),
  notes: z.string().nullable(),
  variants: z.array(FamilyVariant),
  modifiers: z.array(Modifier),
  store_products: z.array(StoreProduct),
  attribute_data: z.array(AttributeData),
  ...stampFields,
});
export type ProductFamilyDetail = z.infer<typeof ProductFamilyDetail>;
const familyFields = { name: Name, brand_id: Id.nullable(), category_ids: Ids(50).default([]), notes: OptText(20000) };
export const ProductFamilyCreate = z.object({ ...familyFields, brand_id: Id.nullable().default(null) }).strict();
export type ProductFamilyCreate = z.infer<typeof ProductFamilyCreate>;
export const ProductFamilyUpdate = z.object({ ...familyFields, ...Versioned.shape }).strict();
export type ProductFamilyUpdate = z.infer<typeof ProductFamilyUpdate>;
export const FamilyVariantAdd = z.object({ variant_id: Id }).strict();
/** `POST product-family/{id}/variant/sort`: every variant of the family, in the order shoppers see them. */
export const FamilyVariantSort = z
  .object({ variant_ids: z.array(Id).min(1).max(2000) })
  .strict()
  .superRefine((b, ctx) => {
    const seen = new Set<number>();
    b.variant_ids.forEach((id, i) => {
      if (seen.has(id)) ctx.addIssue({ code: 'custom', path: ['variant_ids', i], message: 'Listed twice' });
      seen.add(id);
    });
  });
export type FamilyVariantSort = z.infer<typeof FamilyVariantSort>;
/** `POST product-family/{id}/store-product`: puts the family on a store (its store product). */
export const FamilyStoreProductCreate = z.object({ store_id: Id }).strict();
export type FamilyStoreProductCreate = z.infer<typeof FamilyStoreProductCreate>;

// ───────────────────────────── variant search ─────────────────────────────

export type VariantListItem = z.infer<typeof VariantListItem>;
export const VariantListResponse = listResponse(VariantListItem);
/**
 * `GET variant`: `q` matches words of the product title (prefixes), SKUs and UPCs (exact or prefix), like
 * `GET product`; counted exactly up to PRODUCT_LIST_COUNT_CAP.
 */
export const VARIANT_LIST = { sort: ['id', 'sku', 'product_title', 'units_per_package'], filter: ['id', 'product_id'] } as const;

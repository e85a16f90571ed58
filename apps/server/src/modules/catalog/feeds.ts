/**
 * Feeds (SPEC §7 "Feeds and stores", `GET feed`): the comparison-shopping feeds of each store, their
 * target destination, frequency and the rule "leave out restricted items", and the feed's report of
 * the items it carries (`feed_store_variants`) but leaves out, with the reason in words. What is left
 * out is decided by the compliance engine (`feedExclusionsOf`: `excludedFromFeed` over `whereRestricted`): an item blocked
 * in every state always, and with the feed's rule every item restricted somewhere.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Feed, FeedCreate, FeedLeftOutQuery, FeedLeftOutReport, FeedUpdate, IdParams, type FeedLeftOutItem } from '@qm/contracts';
import { query, queryOne, type Db } from '../../db/connect.js';
import { feeds } from '../../db/schema/index.js';
import { registerCrud } from '../../http/crud.js';
import { notFound } from '../../http/errors.js';
import { action } from '../../http/kit.js';
import { cachedByRevision, columns, filters, lowered, type ListSpec } from '../../http/list.js';
import { feedExclusionsOf, today } from '../compliance/service.js';
import { assertIdsExist } from './common.js';
import { feedLeftOutReason, type FeedSwitches } from './feed-rules.js';

const tags = ['feeds'];

const feedList: ListSpec<Feed> = {
  from: sql`feeds f join stores s on s.id = f.store_id`,
  select: sql`f.id, f.store_id, s.name as store_name, f.name, f.target_destination, f.frequency_hours, f.is_enabled, f.leave_out_restricted,
              f.keep_without_upc, f.keep_below_cost, f.key_prefix, f.built_at, f.built_items, f.built_left_out, f.file_layout, f.version,
              (select count(*)::int from feed_store_variants fsv where fsv.feed_id = f.id) as store_variant_count`,
  sort: { ...columns('f', 'id', 'built_at'), ...lowered('f', 'name') },
  defaultSort: 'name',
  key: sql`f.id`,
  filters: filters.ints('f', 'id', 'store_id'),
};

/** Items checked per call of the engine (one statement of facts each). */
const CHUNK = 500;

/** A feed's switches, as the rules read them. */
export interface FeedRules extends FeedSwitches {
  leave_out_restricted: boolean;
}

/** One item a feed carries, with the facts its rules read (the left-out report reads no more). */
export interface FeedItem {
  store_variant_id: number;
  variant_id: number;
  product_id: number;
  sku: string;
  is_enabled: boolean;
  price_cents: number | null;
  cost_cents: number | null;
  upc: string | null;
  title: string;
}

/** The same item with what the build writes of it (feed_items). */
export interface FeedItemRow extends FeedItem {
  url: string | null;
  variation_type: string;
  caliber: string | null;
  manufacturer: string | null;
  count: number;
  mpn: string | null;
  casing: string | null;
  grains: string | null;
  condition: string | null;
  has_capacity: boolean;
  category_names: string[];
  /** The product's purchase limit (packages per order), a whole number ≥ 1, or null. */
  purchase_limit: number | null;
}

/** A product's canonical value of a reference attribute (by its code: its id is looked up once per statement), as text. */
const attr = (code: string) => sql`(select a.value #>> '{}' from attribute_data a
   where a.sourceable_type = 'product' and a.sourceable_id = v.product_id and a.source_type is null
     and a.attribute_id = (select at.id from attributes at where at.code = ${code}))`;
/** The same as a whole number of at least 1, else null. */
const wholeAttr = (code: string) => sql`(select case when x ~ '^[0-9]{1,6}$' and x::int > 0 then x::int end from (select ${attr(code)} as x) w)`;

/** Which of the feed's items a read takes: at most `limit` of those after a store variant id. */
export interface FeedItemWindow {
  after: number;
  limit: number;
}

/**
 * A window of the items the feed carries (its store variants), in id order, with the facts the rules
 * read and (`forFile`) what a feed file says of one: the store variant's feed title and address, else
 * the product's title and the store's address by SKU; the maker, count and the product's attributes.
 */
export function feedItemRows(db: Db, feedId: number, forFile: true, window: FeedItemWindow): Promise<FeedItemRow[]>;
export function feedItemRows(db: Db, feedId: number, forFile: false, window: FeedItemWindow): Promise<FeedItem[]>;
export function feedItemRows(db: Db, feedId: number, forFile: boolean, window: FeedItemWindow): Promise<FeedItem[]> {
  const fileFields = sql`,
          coalesce(nullif(btrim(sv.feed_url), ''), case when s.domain is not null then 'https://' || s.domain || '/p/' || lower(v.sku) end) as url,
          p.variation_type, p.caliber, b.name as manufacturer, v.units_per_package as count,
          ${attr('mpn')} as mpn, ${attr('casing')} as casing, ${attr('grain_weight')} as grains, lower(${attr('condition')}) as condition,
          ${attr('capacity')} is not null as has_capacity, ${wholeAttr('purchase_limit')} as purchase_limit,
          array(select c.name from product_categories pc join categories c on c.id = pc.category_id where pc.product_id = v.product_id order by c.id) as category_names`;
  return query<FeedItem>(
    db,
    sql`select sv.id as store_variant_id, sv.variant_id, v.product_id, v.sku, sv.is_enabled, sv.price_cents, v.cost_cents, v.upc,
               coalesce(nullif(btrim(sv.feed_title), ''), p.title, v.sku) as title
               ${forFile ? fileFields : sql``}
          from feed_store_variants fsv
          join store_variants sv on sv.id = fsv.store_variant_id
          join variants v on v.id = sv.variant_id
          join products p on p.id = v.product_id
          ${forFile ? sql`join store_products sp on sp.id = sv.store_product_id join stores s on s.id = sp.store_id left join brands b on b.id = p.brand_id` : sql``}
         where fsv.feed_id = ${feedId} and fsv.store_variant_id > ${window.after}
         order by fsv.store_variant_id
         limit ${window.limit}`,
  );
}

/** Why an item is left out of a feed (null: it is kept). */
export type LeftOutWhy = { cause: FeedLeftOutItem['cause']; reason: string } | null;

/** Items a check of a feed reads at a time (what it holds, besides what its caller keeps). */
export const CHECK_WINDOW = 5_000;

/**
 * The feed's rules over every item it carries on `date`, in id order, `window` items read at a time and
 * compliance checked `chunk` (500) at a time: `each` is told every item with why it is left out; `progress` how
 * many are checked (of `total`, when the caller counted them). Answers how many items there were.
 * The next window and the next 500 items' facts are asked for before the current ones are checked, so
 * the database reads them while this process checks (at most two windows held).
 */
export async function checkFeed(
  db: Db,
  feedId: number,
  feed: FeedRules,
  date: string,
  each: (item: FeedItem, why: LeftOutWhy) => void,
  opts: { window?: number; chunk?: number; progress?: (done: number) => Promise<void> } = {},
): Promise<number> {
  const size = opts.chunk ?? CHUNK;
  const read = (after: number) => feedItemRows(db, feedId, false, { after, limit: opts.window ?? CHECK_WINDOW });
  const check = (chunk: FeedItem[]) =>
    feedExclusionsOf(db, chunk.map((it) => ({ variant_id: it.variant_id })), { leave_out_restricted: feed.leave_out_restricted }, date).then((compliance) => ({ chunk, compliance }));
  let done = 0;
  let nextWindow = read(0);
  for (;;) {
    const items = await nextWindow;
    if (!items.length) return done;
    nextWindow = read(items[items.length - 1]!.store_variant_id);
    // a failure of the read ahead is met when it is awaited, not as an unhandled rejection meanwhile
    nextWindow.catch(() => undefined);
    let nextChunk = check(items.slice(0, size));
    for (let i = 0; i < items.length; i += size) {
      const current = nextChunk;
      if (i + size < items.length) {
        nextChunk = check(items.slice(i + size, i + 2 * size));
        nextChunk.catch(() => undefined);
      }
      const { chunk, compliance } = await current;
      chunk.forEach((item, k) => each(item, feedLeftOutReason({ ...item, compliance: compliance[k]! }, feed)));
      await opts.progress?.(done + Math.min(i + size, items.length));
    }
    done += items.length;
  }
}

/**
 * What the report's checking reads — the items' statement (feedItemRows), the compliance engine's facts
 * (product_categories, attribute_data, brands) and its rules (compliance_revision moves with any of
 * them): the checked items are kept while none of these tables has changed (cachedByRevision).
 */
const leftOutReads = (feedId: number) =>
  sql`feeds f join feed_store_variants fsv on fsv.feed_id = f.id join store_variants sv on sv.id = fsv.store_variant_id
      join variants v on v.id = sv.variant_id join products p on p.id = v.product_id
      left join product_categories pc on pc.product_id = p.id left join attribute_data a on a.sourceable_id = p.id
      left join brands b on b.id = p.brand_id cross join compliance_revision cr where f.id = ${feedId}`;

/**
 * The feed's report of left-out items: every item it carries checked on `date`, those left out paged.
 * The check (seconds on a feed of 200,000 items) is kept per process while the tables it reads are
 * unchanged, so the report's next pages, and the next person to open it, read what it found.
 */
export async function feedLeftOut(db: Db, feedId: number, opts: { page: number; per_page: number; date?: string }): Promise<FeedLeftOutReport> {
  const date = opts.date ?? today();
  const feed = await queryOne<FeedLeftOutReport['feed'] & FeedSwitches>(
    db,
    sql`select f.id, f.name, s.name as store_name, f.leave_out_restricted, f.keep_without_upc, f.keep_below_cost from feeds f join stores s on s.id = f.store_id where f.id = ${feedId}`,
  );
  if (!feed) throw notFound('The feed');
  const { itemCount, leftOut } = await cachedByRevision(db, `feed left-out ${feedId} ${date}`, leftOutReads(feedId), async () => {
    // the rules as they are now: the feed's row read again inside the kept computation (its revision was read before)
    const rules = (await queryOne<FeedRules>(db, sql`select leave_out_restricted, keep_without_upc, keep_below_cost from feeds where id = ${feedId}`)) ?? feed;
    const leftOut: FeedLeftOutItem[] = [];
    const itemCount = await checkFeed(db, feedId, rules, date, (it, why) => {
      if (why) leftOut.push({ store_variant_id: it.store_variant_id, variant_id: it.variant_id, product_id: it.product_id, sku: it.sku, title: it.title, ...why });
    });
    return { itemCount, leftOut };
  });
  const start = (opts.page - 1) * opts.per_page;
  return {
    feed: { id: feed.id, name: feed.name, store_name: feed.store_name, leave_out_restricted: feed.leave_out_restricted },
    date,
    item_count: itemCount,
    left_out_count: leftOut.length,
    data: leftOut.slice(start, start + opts.per_page),
    meta: { total: leftOut.length, page: opts.page, per_page: opts.per_page },
  };
}

export function feedRoutes(app: FastifyInstance, db: Db) {
  action(app, {
    method: 'GET',
    url: '/api/feed',
    access: 'feeds.read',
    tags,
    summary: 'Every feed with its store, target destination and rule on restricted items (the whole list in data)',
    response: { 200: z.object({ data: z.array(Feed) }) },
    handler: async () => ({ data: await query<Feed>(db, sql`select ${feedList.select} from ${feedList.from} order by lower(s.name), f.target_destination, f.id`) }),
  });

  registerCrud(app, db, {
    resource: 'feed',
    entity: 'feed',
    noun: 'feed',
    table: feeds,
    read: 'feeds.read',
    write: 'feeds.write',
    item: Feed,
    create: FeedCreate,
    update: FeedUpdate,
    list: feedList,
    tags,
    listRoute: false,
    summaries: { get: 'One feed', create: 'Create a feed of a store', update: 'Update a feed (its rule "leave out restricted items" too)', remove: 'Delete a feed (its item links go with it)' },
    beforeWrite: async (t, b) => {
      await assertIdsExist(t, 'stores', [(b as FeedCreate).store_id], 'store_id', 'store');
    },
    toRow: (b) => ({
      store_id: b.store_id,
      name: b.name,
      target_destination: b.target_destination,
      frequency_hours: b.frequency_hours,
      is_enabled: b.is_enabled,
      leave_out_restricted: b.leave_out_restricted,
      keep_without_upc: b.keep_without_upc,
      keep_below_cost: b.keep_below_cost,
      // left out of an update: unchanged
      ...(b.file_layout !== undefined && { file_layout: b.file_layout }),
    }),
  });

  action(app, {
    method: 'GET',
    url: '/api/feed/:id/left-out',
    access: 'feeds.read',
    tags,
    summary: 'The feed’s report of left-out items: how many items it carries, how many it leaves out, and a page of them with the reason',
    params: IdParams,
    query: FeedLeftOutQuery,
    response: { 200: FeedLeftOutReport },
    handler: async (req) => feedLeftOut(db, req.params.id, req.query),
  });
}

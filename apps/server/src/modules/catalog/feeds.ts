/**
 * Feeds (SPEC §7 "Feeds and stores", `GET feed`): the comparison-shopping feeds of each store, their
 * target destination, frequency and the rule "leave out restricted items", and the feed's report of
 * the items it carries (`feed_store_variants`) but leaves out, with the reason in words. What is left
 * out is decided by the compliance engine (`excludedFromFeed` over `whereRestricted`): an item blocked
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
import { columns, filters, lowered, type ListSpec } from '../../http/list.js';
import { excludedFromFeed } from '../compliance/engine.js';
import { today, whereItemsRestricted } from '../compliance/service.js';
import { assertIdsExist } from './common.js';

const tags = ['feeds'];

const feedList: ListSpec<Feed> = {
  from: sql`feeds f join stores s on s.id = f.store_id`,
  select: sql`f.id, f.store_id, s.name as store_name, f.name, f.target_destination, f.frequency_hours, f.is_enabled, f.leave_out_restricted, f.version,
              (select count(*)::int from feed_store_variants fsv where fsv.feed_id = f.id) as store_variant_count`,
  sort: { ...columns('f', 'id'), ...lowered('f', 'name') },
  defaultSort: 'name',
  key: sql`f.id`,
  filters: filters.ints('f', 'id', 'store_id'),
};

/** Items checked per call of the engine (one statement of facts each). */
const CHUNK = 500;

/** The feed's report of left-out items: every item it carries checked on `date`, those left out paged. */
export async function feedLeftOut(db: Db, feedId: number, opts: { page: number; per_page: number; date?: string }): Promise<FeedLeftOutReport> {
  const date = opts.date ?? today();
  const feed = await queryOne<FeedLeftOutReport['feed']>(
    db,
    sql`select f.id, f.name, s.name as store_name, f.leave_out_restricted from feeds f join stores s on s.id = f.store_id where f.id = ${feedId}`,
  );
  if (!feed) throw notFound('The feed');
  const items = await query<{ store_variant_id: number; variant_id: number; product_id: number }>(
    db,
    sql`select sv.id as store_variant_id, sv.variant_id, v.product_id
          from feed_store_variants fsv join store_variants sv on sv.id = fsv.store_variant_id join variants v on v.id = sv.variant_id
         where fsv.feed_id = ${feedId} order by sv.id`,
  );
  const leftOut: FeedLeftOutItem[] = [];
  for (let i = 0; i < items.length; i += CHUNK) {
    const chunk = items.slice(i, i + CHUNK);
    const where = await whereItemsRestricted(db, chunk.map((it) => ({ variant_id: it.variant_id, quantity: 1 })), date);
    where.items.forEach((w, k) => {
      const reason = excludedFromFeed(w, { leave_out_restricted: feed.leave_out_restricted });
      if (reason === null) return;
      const always = feed.leave_out_restricted ? excludedFromFeed(w, { leave_out_restricted: false }) !== null : true;
      const it = chunk[k]!;
      leftOut.push({ store_variant_id: it.store_variant_id, variant_id: it.variant_id, product_id: it.product_id, sku: w.sku, title: w.title, cause: always ? 'blocked_everywhere' : 'restricted', reason });
    });
  }
  const start = (opts.page - 1) * opts.per_page;
  return {
    feed,
    date,
    item_count: items.length,
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

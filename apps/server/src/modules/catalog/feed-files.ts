/**
 * Feed files: what a comparison site fetches from the feed's address (DOMAIN.md "Feeds to comparison
 * sites").
 *
 * - **Build** (a job: `POST feed/{id}/build`, and on the feed's schedule — every 24 or 168 hours — in
 *   processes that run jobs): every item the feed carries is checked by the feed's rules (feed-rules.ts,
 *   compliance included), and the items it keeps are written to `feed_items` with what changes slowly
 *   (title, address, caliber, maker, count, UPC, casing, grains, condition), in one transaction, audited.
 * - **Fetch** (`GET feed-file/{key}`, public: a site cannot sign in): the built items with their price
 *   and stock read live — the store's price (raised to the MAP, with a note, where it is gated),
 *   warehouse units on hand plus drop-ship vendors' units available — leaving out what has since been
 *   disabled, unpriced or priced below cost. The file's layout is the feed's (`file_layout`: XML or CSV,
 *   the fields in order under the destination's names for them) or its destination's standard one —
 *   AmmoSeek's XML, and the same fields as CSV columns for BulkCheapAmmo.
 * - **Address**: `POST feed/{id}/key` makes a new key (the old address stops answering); the key is
 *   shown once, only its SHA-256 and first characters are kept. Staff download the same file signed
 *   in (`GET feed/{id}/file`), logged in the download log.
 */
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { dataResponse, FeedKey, feedFileLayoutOf, IdParams, Job, type FeedFileField, type FeedFileLayout } from '@qm/contracts';
import { query, queryOne, type Db } from '../../db/connect.js';
import { audit, SYSTEM_ACTOR, type Actor } from '../../db/audit.js';
import { actorOf, hashToken } from '../../http/auth.js';
import { inTx } from '../../http/crud.js';
import { notFound, ruleViolated } from '../../http/errors.js';
import { action, type Kit } from '../../http/kit.js';
import { batches, fileName } from '../../files/exports.js';
import { writeTable, type TableColumn } from '../../files/tables.js';
import { everyFewMinutes } from '../../jobs/periodic.js';
import { JobFailed, type JobKind } from '../../jobs/runner.js';
import { today } from '../compliance/service.js';
import { variantAvailable, variantsAvailable } from '../merchandising/stock.js';
import { advertisedPrice, feedItemType, feedManufacturer } from './feed-rules.js';
import { mapLiftedSql } from './map-holidays.js';
import { CHECK_WINDOW, checkFeed, feedItemRows, type FeedRules, type LeftOutWhy } from './feeds.js';

const tags = ['feeds'];

/** Feed keys start with this, so one found in a log is recognisable. */
export const FEED_KEY_PREFIX = 'qmf_';
const PREFIX_LENGTH = FEED_KEY_PREFIX.length + 6;
export const newFeedKey = () => FEED_KEY_PREFIX + crypto.randomBytes(24).toString('base64url');
/** The path a comparison site fetches (under the console's own address). */
export const feedFilePath = (key: string) => `/api/feed-file/${key}`;

/** How often a process that runs jobs looks for feeds due to be built. */
export const FEED_SCHEDULE_MINUTES = 5;
/** A queued build not finished after this long is queued again. */
const REQUEUE_MINUTES = 60;
/** Rows written per statement by a build. */
const WRITE_BATCH = 2_000;

export interface FeedBuildResult {
  items: number;
  kept: number;
  left_out: number;
}

/**
 * Builds the feed's file (see the file's comment); `progress` is told how many items are checked. In
 * two passes, each holding at most `chunkSize` items (`CHECK_WINDOW`): the rules over the items in id
 * order (`checkFeed`: compliance, the long part, outside any transaction), keeping the kept items' ids;
 * then, in one transaction, the items' file rows read a batch at a time and those kept written.
 */
export async function buildFeed(db: Db, actor: Actor, feedId: number, progress?: (done: number, total: number) => Promise<void>, chunkSize = CHECK_WINDOW): Promise<FeedBuildResult> {
  const feed = await queryOne<FeedRules & { built_at: string | null; built_items: number | null; built_left_out: number | null }>(
    db,
    sql`select leave_out_restricted, keep_without_upc, keep_below_cost, built_at, built_items, built_left_out from feeds where id = ${feedId}`,
  );
  if (!feed) throw new JobFailed('The feed no longer exists.');
  const total = (await queryOne<{ n: number }>(db, sql`select count(*)::int as n from feed_store_variants where feed_id = ${feedId}`))?.n ?? 0;
  await progress?.(0, total);
  const kept: number[] = [];
  const keep = (item: { store_variant_id: number }, why: LeftOutWhy) => {
    if (why === null) kept.push(item.store_variant_id);
  };
  const items = await checkFeed(db, feedId, feed, today(), keep, {
    window: chunkSize,
    progress: (done) => progress?.(Math.min(total, done), total) ?? Promise.resolve(),
  });
  const result: FeedBuildResult = { items, kept: kept.length, left_out: items - kept.length };
  await inTx(db, async (t) => {
    // the feed's row first: two builds of one feed write one after the other
    await t.execute(sql`select 1 from feeds where id = ${feedId} for update`);
    await t.execute(sql`delete from feed_items where feed_id = ${feedId}`);
    // the file rows of the items in id order, a batch at a time (a range of the feed's index), those kept
    // written: `kept` is in the same order, so one pointer walks it beside them
    let k = 0;
    for (let after = 0; k < kept.length; ) {
      const batch = await feedItemRows(t, feedId, true, { after, limit: WRITE_BATCH });
      if (!batch.length) break;
      after = batch[batch.length - 1]!.store_variant_id;
      const rows = batch.filter((r) => {
        while (k < kept.length && kept[k]! < r.store_variant_id) k++;
        return kept[k] === r.store_variant_id;
      });
      if (!rows.length) continue;
      const col = <T>(f: (r: (typeof rows)[number]) => T) => JSON.stringify(rows.map(f));
      await t.execute(sql`
        insert into feed_items (feed_id, store_variant_id, type, title, url, caliber, manufacturer, count, upc, mpn, casing, grains, condition, purchase_limit)
        select ${feedId}, r.*
          from json_to_recordset(${col((r) => ({
            store_variant_id: r.store_variant_id,
            type: feedItemType(r),
            title: r.title,
            url: r.url,
            caliber: r.caliber,
            manufacturer: feedManufacturer(r),
            count: r.count,
            upc: r.upc,
            mpn: r.mpn,
            casing: r.casing,
            grains: r.grains,
            condition: r.condition,
            purchase_limit: r.purchase_limit,
          }))}::json)
            as r(store_variant_id int, type text, title text, url text, caliber text, manufacturer text, count int, upc text, mpn text, casing text, grains text, condition text, purchase_limit int)`);
    }
    const [after] = await query<{ built_at: string; built_items: number; built_left_out: number }>(
      t,
      sql`update feeds set built_at = now(), built_items = ${result.kept}, built_left_out = ${result.left_out}, build_queued_at = null
           where id = ${feedId} returning built_at, built_items, built_left_out`,
    );
    await audit(t, actor, {
      action: 'build',
      entity: 'feed',
      entityId: feedId,
      before: { built_at: feed.built_at, built_items: feed.built_items, built_left_out: feed.built_left_out },
      after,
    });
  });
  // a build rewrites a feed's rows at once: statistics now, not at autovacuum's next pass, so the
  // file's statement is planned for the rows there are
  if (kept.length >= STOCK_IN_ONE_PASS_FROM) await db.execute(sql`analyze feed_items`);
  return result;
}

export const buildFeedJob: JobKind<{ feed_id: number }, FeedBuildResult> = {
  kind: 'feed-build',
  params: z.object({ feed_id: z.number().int().positive() }),
  expireInSeconds: 3600,
  run: (ctx) => buildFeed(ctx.db, ctx.actor, ctx.params.feed_id, (done, total) => ctx.progress(done, total, 'Checking items')),
};

/** One item of the file: every field a layout can take (`FEED_FILE_FIELDS`). */
export type FileItem = { [F in FeedFileField]: string | number | null } & { type: string; title: string; price: string; quantity: number; availability: 'in stock' | 'out of stock' };

interface LiveRow {
  type: string;
  title: string;
  url: string | null;
  caliber: string | null;
  manufacturer: string | null;
  count: number | null;
  upc: string | null;
  mpn: string | null;
  casing: string | null;
  grains: string | null;
  condition: string | null;
  purchase_limit: number | null;
  price_cents: number;
  map_price_cents: number | null;
  map_gate: string | null;
  /** A MAP holiday of the brand is on today on the feed's store (read only where a gate would raise the price). */
  map_lifted: boolean;
  quantity: number;
}

/** Whether a MAP holiday lifts the item's MAP today: asked only of a price a MAP gate would raise (advertisedPrice). */
const liftedWhereGated = sql`(sv.map_gate is not null and sv.price_cents < sv.map_price_cents and ${mapLiftedSql(
  sql`(select p.brand_id from variants v join products p on p.id = v.product_id where v.id = sv.variant_id)`,
  sql`f.store_id`,
)})`;

/** A feed of more items than this reads its stock in one pass over the stock rows, not a lookup per item. */
export const STOCK_IN_ONE_PASS_FROM = 10_000;

/**
 * The built items with their live price and stock, still for sale at a price not below cost (unless
 * the feed keeps those). `many`: stock from `variantsAvailable` (one pass), else a lookup per item.
 */
export function liveItems(feedId: number, many: boolean) {
  return sql`select fi.type, fi.title, fi.url, fi.caliber, fi.manufacturer, fi.count, fi.upc, fi.mpn, fi.casing, fi.grains, fi.condition, fi.purchase_limit,
                    sv.price_cents, sv.map_price_cents, sv.map_gate, ${liftedWhereGated} as map_lifted,
                    ${many ? sql`coalesce(st.available, 0)` : variantAvailable(sql`sv.variant_id`)} as quantity
               from feed_items fi
               join feeds f on f.id = fi.feed_id
               join store_variants sv on sv.id = fi.store_variant_id
               ${many ? sql`left join ${variantsAvailable} st on st.variant_id = sv.variant_id` : sql``}
              where fi.feed_id = ${feedId} and sv.is_enabled and sv.price_cents is not null
                and (f.keep_below_cost or sv.variant_cost_cents is null or sv.price_cents >= sv.variant_cost_cents)
              order by fi.store_variant_id`;
}

export function fileItemOf(r: LiveRow): FileItem {
  const price = advertisedPrice(r);
  const ammo = r.type === 'ammunition';
  return {
    type: r.type,
    title: r.title,
    url: r.url,
    price: (price.cents / 100).toFixed(2),
    caliber: r.caliber,
    manufacturer: r.manufacturer,
    numrounds: ammo ? r.count : null,
    count: ammo ? null : r.count,
    upc: r.upc,
    mpn: r.mpn,
    casing: r.casing,
    grains: r.grains,
    condition: r.condition,
    availability: r.quantity > 0 ? 'in stock' : 'out of stock',
    quantity: Math.max(0, r.quantity),
    purchase_limit: r.purchase_limit,
    map_note: price.map_note,
  };
}

/** Markup characters, and any character XML 1.0 may not carry (surrogates: checked by the slow path). */
const NEEDS_XML_WORK = /[&<>"'\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

/** Text as XML 1.0 character data: characters XML cannot carry dropped, markup characters escaped. */
export function xmlText(value: string): string {
  // most text needs nothing done: one test instead of two replacements (a 200,000-item file writes 3 million fields)
  if (!NEEDS_XML_WORK.test(value)) return value;
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

export interface FeedHead {
  id: number;
  name: string;
  store_name: string;
  target_destination: 'ammoseek' | 'bulkcheapammo';
  file_layout: FeedFileLayout | null;
  built_at: string | null;
  built_items: number | null;
}

/** The built items with live price and stock, as the file's items (`onItem` told of each). */
async function* fileItems(db: Db, feed: FeedHead, onItem?: () => void): AsyncGenerator<FileItem> {
  for await (const row of batches<LiveRow>(db, liveItems(feed.id, (feed.built_items ?? 0) > STOCK_IN_ONE_PASS_FROM))) {
    onItem?.();
    yield fileItemOf(row);
  }
}

/** The feed's items as XML, as text chunks: the layout's list element, an element per item, an element per field (empty fields left out). */
async function* xmlChunks(feed: Pick<FeedHead, 'store_name' | 'built_at'>, layout: FeedFileLayout, items: AsyncIterable<FileItem>): AsyncGenerator<string> {
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<${layout.root} retailer="${xmlText(feed.store_name)}" generated="${new Date().toISOString()}" built="${feed.built_at ?? ''}">\n`;
  const open = `  <${layout.item}>\n`;
  const close = `  </${layout.item}>\n`;
  let chunk = '';
  for await (const item of items) {
    chunk += open;
    for (const { field, name } of layout.fields) {
      const v = item[field];
      if (v !== null && v !== '') chunk += `    <${name}>${typeof v === 'number' ? v : xmlText(v)}</${name}>\n`;
    }
    chunk += close;
    if (chunk.length > 64_000) {
      yield chunk;
      chunk = '';
    }
  }
  yield `${chunk}</${layout.root}>\n`;
}

/** Items written in a layout: XML, or CSV by the kit's CSV writer (quoting, no live formulas, no BOM: a program reads it). */
export function layoutBytes(feed: Pick<FeedHead, 'store_name' | 'built_at'>, layout: FeedFileLayout, items: AsyncIterable<FileItem>): Readable {
  if (layout.format === 'xml') return Readable.from(xmlChunks(feed, layout, items));
  const columns: TableColumn<FileItem>[] = layout.fields.map(({ field, name }) => ({ header: name, value: (item) => item[field] }));
  return writeTable('csv', columns, items, undefined, undefined, { bom: false });
}

/** The feed file: its built items with live price and stock, in its layout. */
export const fileBytes = (db: Db, feed: FeedHead, onItem?: () => void): Readable => layoutBytes(feed, feedFileLayoutOf(feed), fileItems(db, feed, onItem));

const FEED_HEAD = sql`select f.id, f.name, s.name as store_name, f.target_destination, f.file_layout, f.built_at, f.built_items from feeds f join stores s on s.id = f.store_id`;

const formatOf = (feed: FeedHead) => feedFileLayoutOf(feed).format;
const contentTypeOf = (feed: FeedHead) => (formatOf(feed) === 'xml' ? 'application/xml; charset=utf-8' : 'text/csv; charset=utf-8');

/** The file as the site fetches it: streamed, nothing kept. */
function sendFile(reply: FastifyReply, db: Db, feed: FeedHead) {
  return reply
    .header('content-type', contentTypeOf(feed))
    .header('cache-control', 'no-store')
    .header('x-feed-built-at', feed.built_at ?? '')
    .send(fileBytes(db, feed));
}

/** Claims the enabled feeds due for a build (never built, or built longer ago than their frequency) and queues their builds. */
export async function queueDueFeedBuilds(kit: Pick<Kit, 'db' | 'jobs'>): Promise<number> {
  const queued = await inTx(kit.db, async (t) => {
    const due = await query<{ id: number; name: string }>(
      t,
      sql`update feeds set build_queued_at = now()
           where is_enabled and (built_at is null or built_at < now() - make_interval(hours => frequency_hours))
             and (build_queued_at is null or build_queued_at < now() - make_interval(mins => ${REQUEUE_MINUTES}))
          returning id, name`,
    );
    for (const f of due) await kit.jobs.enqueue(t, SYSTEM_ACTOR, buildFeedJob, { feed_id: f.id }, `Build feed ${f.name}`);
    return due.length;
  });
  if (queued) kit.jobs.wake();
  return queued;
}

export function feedFileRoutes(kit: Kit) {
  const { app, db, jobs, exports } = kit;
  jobs.define(buildFeedJob);

  action(app, {
    method: 'POST',
    url: '/api/feed/:id/build',
    access: 'feeds.write',
    tags,
    summary: 'Build the feed file now (a job): its items checked by the feed’s rules, those kept written for the file',
    params: IdParams,
    body: z.object({}).strict(),
    response: { 202: dataResponse(Job) },
    handler: async (req, reply) => {
      const job = await inTx(db, async (t) => {
        const feed = await queryOne<{ name: string }>(t, sql`update feeds set build_queued_at = now() where id = ${req.params.id} returning name`);
        if (!feed) throw notFound('The feed');
        return jobs.enqueue(t, actorOf(req), buildFeedJob, { feed_id: req.params.id }, `Build feed ${feed.name}`);
      });
      jobs.wake();
      return reply.status(202).send({ data: job });
    },
  });

  action(app, {
    method: 'POST',
    url: '/api/feed/:id/key',
    access: 'feeds.write',
    tags,
    summary: 'Give the feed file a new address (its key, shown this once); the old address stops answering',
    params: IdParams,
    body: z.object({}).strict(),
    response: { 201: dataResponse(FeedKey) },
    handler: async (req, reply) => {
      const key = newFeedKey();
      const prefix = key.slice(0, PREFIX_LENGTH);
      await inTx(db, async (t) => {
        const before = await queryOne<{ key_prefix: string | null }>(t, sql`select key_prefix from feeds where id = ${req.params.id} for update`);
        if (!before) throw notFound('The feed');
        await t.execute(sql`update feeds set key_prefix = ${prefix}, key_hash = ${hashToken(key)} where id = ${req.params.id}`);
        await audit(t, actorOf(req), { action: 'new_key', entity: 'feed', entityId: req.params.id, before, after: { key_prefix: prefix } });
      });
      return reply.status(201).send({ data: { key, key_prefix: prefix, path: feedFilePath(key) } });
    },
  });

  action(app, {
    method: 'GET',
    url: '/api/feed/:id/file',
    access: 'feeds.read',
    tags,
    summary: 'Download the feed file as the destination fetches it (in the feed’s layout: XML or CSV), live price and stock',
    params: IdParams,
    response: { 200: z.unknown().describe('The feed file (XML or CSV)') },
    handler: async (req, reply) => {
      const feed = await queryOne<FeedHead>(db, sql`${FEED_HEAD} where f.id = ${req.params.id}`);
      if (!feed) throw notFound('The feed');
      if (!feed.built_at) throw ruleViolated('The feed has not been built yet: build it first');
      // kept and logged as every download is (Download Logs: downloaded again while kept)
      const format = formatOf(feed);
      const name = fileName(feed.name, format);
      let items = 0;
      const bytes = fileBytes(db, feed, () => void items++);
      reply.header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'no-store');
      const meta = { kind: 'feed' as const, source: `feed.${feed.id}`, title: feed.name, format, contentType: contentTypeOf(feed), name, permission: 'feeds.read' as const, filters: { feed_id: feed.id } };
      return exports.sendKept(reply, db, actorOf(req), meta, bytes, () => items);
    },
  });

  action(app, {
    method: 'GET',
    url: '/api/feed-file/:key',
    access: 'public',
    tags,
    summary: 'The feed file at its address, for the comparison site (no sign-in: the key in the address is the credential)',
    params: z.object({ key: z.string().max(100) }).strict(),
    response: { 200: z.unknown().describe('The feed file (XML or CSV)') },
    options: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    handler: async (req, reply) => {
      const key = req.params.key;
      const feed = key.startsWith(FEED_KEY_PREFIX)
        ? await queryOne<FeedHead>(db, sql`${FEED_HEAD} where f.key_hash = ${hashToken(key)} and f.is_enabled and f.built_at is not null`)
        : null;
      if (!feed) throw notFound('The feed');
      return sendFile(reply, db, feed);
    },
  });

  everyFewMinutes(kit, 'feed schedule', FEED_SCHEDULE_MINUTES, () => queueDueFeedBuilds(kit));
}

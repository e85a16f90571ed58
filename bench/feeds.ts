/**
 * Feed files at scale, timed in-process (no HTTP): run after `bench/generate.ts` filled the database
 * (DATABASE_URL for PostgreSQL, else DATA_DIR for PGlite). Makes (once) a bench feed carrying every
 * store variant of the first store, then times:
 *
 * - its build (`buildFeed`: every item's facts, compliance 500 at a time, the kept items written in one
 *   transaction) — a job, so no budget: reported;
 * - the file as a site fetches it (every kept item with its live price and stock, written as XML),
 *   against the live statement alone (its rows read, nothing written);
 * - the feed's report of left-out items (`feedLeftOut`): its first page after a write to a table it
 *   reads (every item checked), then its next page (the check kept).
 *
 * `node --import tsx bench/feeds.ts [--runs=3] [--file-only]` (`--file-only`: no build; the file and the report)
 */
import { sql } from 'drizzle-orm';
import { connect, query, queryOne } from '../apps/server/src/db/connect.js';
import { SYSTEM_ACTOR } from '../apps/server/src/db/audit.js';
import { batches } from '../apps/server/src/files/exports.js';
import { buildFeed, fileBytes, liveItems, type FeedHead } from '../apps/server/src/modules/catalog/feed-files.js';
import { feedLeftOut } from '../apps/server/src/modules/catalog/feeds.js';

const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 3);
const NAME = 'Bench feed (every store variant of the first store)';
const ms = (x: number) => Math.round(x);

const database = await connect({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR ?? 'data' });
const { db } = database;
try {
  let feed = await queryOne<{ id: number }>(db, sql`select id from feeds where name = ${NAME}`);
  if (!feed) {
    feed = (await queryOne<{ id: number }>(
      db,
      sql`insert into feeds (store_id, name, target_destination, frequency_hours, keep_without_upc) select min(id), ${NAME}, 'ammoseek', 24, true from stores returning id`,
    ))!;
    await db.execute(sql`insert into feed_store_variants (feed_id, store_variant_id)
                         select ${feed.id}, sv.id from store_variants sv join store_products sp on sp.id = sv.store_product_id
                          where sp.store_id = (select store_id from feeds where id = ${feed.id})`);
  }
  const items = (await queryOne<{ n: number }>(db, sql`select count(*)::int as n from feed_store_variants where feed_id = ${feed.id}`))!.n;
  console.log(JSON.stringify({ backend: process.env.DATABASE_URL ? 'postgres' : 'pglite', feed_id: feed.id, items }));
  for (let i = 0; i < (process.argv.includes('--file-only') ? 0 : RUNS); i++) {
    const t0 = performance.now();
    const result = await buildFeed(db, SYSTEM_ACTOR, feed.id);
    console.log(JSON.stringify({ label: 'build', ms: ms(performance.now() - t0), ...result }));
  }
  const head = (await query<FeedHead>(
    db,
    sql`select f.id, f.name, s.name as store_name, f.target_destination, f.file_layout, f.built_at, f.built_items from feeds f join stores s on s.id = f.store_id where f.id = ${feed.id}`,
  ))[0]!;
  for (let i = 0; i < RUNS; i++) {
    let t0 = performance.now();
    let rows = 0;
    for await (const _ of batches(db, liveItems(feed.id, true))) rows++;
    const statement = performance.now() - t0;
    t0 = performance.now();
    let text = '';
    for await (const chunk of fileBytes(db, head)) text += String(chunk);
    const file = performance.now() - t0;
    console.log(JSON.stringify({ label: 'file (XML)', ms: ms(file), statement_ms: ms(statement), ratio: Math.round((file / statement) * 100) / 100, rows, bytes: text.length }));
  }
  for (let i = 0; i < RUNS; i++) {
    // a write to a table the check reads (one price, set to itself): the first page checks every item again
    await db.execute(sql`update store_variants set price_cents = price_cents where id = (select min(store_variant_id) from feed_store_variants where feed_id = ${feed.id})`);
    for (const [label, page] of [['left-out report, checked', 1], ['its next page, kept', 2]] as const) {
      const t0 = performance.now();
      const report = await feedLeftOut(db, feed.id, { page, per_page: 25 });
      console.log(JSON.stringify({ label, ms: ms(performance.now() - t0), items: report.item_count, left_out: report.left_out_count }));
    }
  }
} finally {
  await database.close();
}

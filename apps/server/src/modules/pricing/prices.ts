/**
 * Prices against the market: every store variant with its cost, margin, MAP and the lowest comparable
 * competitor offer (Store Variant Pricing, Product Pricing), repricing's suggestion for each
 * (reprice.ts, the pure rule), applying it, and the Pricing Dashboard's figures.
 *
 * The market is one rule (market.ts), kept in `competitor_market`; every read first makes sure it is
 * fresh (`freshMarket`). A row's caliber is its product's (kept there, migration 0046); its store and
 * exclusion are looked up by key in scalar subqueries, its market joined for the page's own rows
 * (`withMarket`): with four or five tables in FROM, PostgreSQL plans a page in a few milliseconds
 * (with eight it spent 45 ms planning a page it ran in 1.5).
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  dataResponse,
  IdParams,
  listResponse,
  ListQuery,
  PRICE_FLAG_LABELS,
  PRICE_FLAGS,
  PricingSummary,
  REPRICE_ABOVE_MARKET_PCT,
  REPRICE_MARGIN_FLOOR_PCT,
  REPRICE_OFFER_MAX_AGE_HOURS,
  Job,
  RepriceAllRequest,
  RepriceAllResult,
  RepriceRequest,
  RepriceResult,
  REPRICE_MAX_IDS,
  STORE_VARIANT_PRICE_LIST,
  StoreVariantPrice,
  StoreVariantPriceBase,
  StoreVariantPriceUpdate,
  type ListQuery as ListQueryType,
  type PriceFlag,
  type Permission,
} from '@qm/contracts';
import type { z } from 'zod';
import { query, queryOne, type Db } from '../../db/connect.js';
import { actorOf } from '../../http/auth.js';
import { inTx } from '../../http/crud.js';
import { notFound } from '../../http/errors.js';
import { action, type Kit } from '../../http/kit.js';
import type { JobContext, JobKind } from '../../jobs/runner.js';
import { cachedByRevision, columns, filters, orderOf, runListJson, sendCsv, whereOf, type ListSpec } from '../../http/list.js';
import { mapLiftedSql } from '../catalog/map-holidays.js';
import { setStoreVariantPrice } from '../catalog/store-variants.js';
import { holidaysOnToday } from './map-holidays.js';
import { freshMarket, roundGroupSql } from './market.js';
import { suggestPrice } from './reprice.js';
import { ruleTermsSql } from './repricing-rules.js';

type Base = z.infer<typeof StoreVariantPriceBase>;
type Price = z.infer<typeof StoreVariantPrice>;

const rounds = sql`(case when p.variation_type <> 'pieces' then v.units_per_package end)`;
const cpr = sql`round(sv.price_cents::numeric / ${rounds}, 2)`;
const margin = sql`round((sv.price_cents - v.cost_cents) * 100.0 / nullif(sv.price_cents, 0), 1)`;
/** The lowest price keeping the margin floor, over the variant's cost as kept on the store variant (migration 0047). */
const floorPrice = sql`ceil(sv.variant_cost_cents * 100::numeric / ${sql.raw(String(100 - REPRICE_MARGIN_FLOOR_PCT))})`;
/** The product's caliber (its canonical value of the `caliber` attribute, kept on the product: migration 0046). */
const caliber = sql`p.caliber`;
/** The kept market's row for the row's caliber and round group, as `m` (none for a product sold by the piece). */
const marketRow = sql`competitor_market m where m.caliber = lower(${caliber}) and m.round_group = ${roundGroupSql(rounds)}`;
const onSale = sql`(sv.is_enabled and exists (select 1 from stores s where s.id = sp.store_id and s.is_enabled))`;
/** The exclusion that applies (its store's, else every store's). */
const exclusion = sql`(select x.reason from exclude_skus x where x.variant_id = v.id and (x.store_id is null or x.store_id = sp.store_id) order by x.store_id nulls last limit 1)`;
const excluded = sql`exists (select 1 from exclude_skus x where x.variant_id = v.id and (x.store_id is null or x.store_id = sp.store_id))`;

/**
 * Each flag's condition (contracts' PRICE_FLAGS), given how the row's market is read — `cpr`: its
 * cost per round (null: none); `none`: the row has none. The filter `flag` reads it by key on a page:
 * the value in a scalar subquery, its absence as NOT EXISTS (PostgreSQL estimates "the subquery's
 * value is null" at half a percent of the rows and then reads and sorts every store variant for a
 * page: 1.1 s; as an anti-join it walks the newest: 3 ms). A page's columns, the filter's count and
 * the dashboard's pass read the joined row. The flags a row shows, the filter, its count and the
 * dashboard's counts are the same rule.
 */
/** A MAP holiday of the row's brand is on today on its store: its MAP does not bind. */
const mapLifted = mapLiftedSql(sql`p.brand_id`, sql`sp.store_id`);

const flagSqlOf = (market: { cpr: SQL; none: SQL }): Record<PriceFlag, SQL> => ({
  no_price: sql`sv.price_cents is null`,
  // the variant's cost as kept on the store variant, each written as its partial index's condition
  // and its statistics' expression (migration 0047)
  below_cost: sql`(sv.price_cents < sv.variant_cost_cents) is true`,
  under_floor: sql`(sv.price_cents < ${floorPrice}) is true`,
  map_violation: sql`sv.map_gate is null and (sv.price_cents < sv.map_price_cents) is true and not ${mapLifted}`,
  above_market: sql`${cpr} > ${market.cpr} * ${sql.raw(String(1 + REPRICE_ABOVE_MARKET_PCT / 100))}`,
  below_market: sql`${cpr} <= ${market.cpr}`,
  no_market: sql`${rounds} is not null and ${market.none}`,
  excluded,
});
export const FLAG_SQL = flagSqlOf({ cpr: sql`(select m.cpr from ${marketRow})`, none: sql`not exists (select 1 from ${marketRow})` });
/** The flags a row carries, as a text array. */
const flagsOf = (flags: Record<PriceFlag, SQL>) =>
  sql`array_remove(array[${sql.join(
    PRICE_FLAGS.map((f) => sql`case when ${flags[f]} then ${sql.raw(`'${f}'`)} end`),
    sql`, `,
  )}]::text[], null)`;

const from = sql`store_variants sv
  join store_products sp on sp.id = sv.store_product_id
  join variants v on v.id = sv.variant_id
  join products p on p.id = v.product_id`;

/**
 * The row's market (`m`) joined, read once per row: a page's columns (the list's `columnsFrom`: read
 * for the page's rows only), a flag's count (`tuning.count`) and the dashboard's pass. A page's
 * filter reads it by key (FLAG_SQL): a condition on this join lets PostgreSQL make it inner and hash
 * every store variant for a page, which a count does anyway.
 */
const withMarket = sql`${from}
  left join competitor_market m on m.caliber = lower(${caliber}) and m.round_group = ${roundGroupSql(rounds)}`;
const JOINED_FLAG_SQL = flagSqlOf({ cpr: sql`m.cpr`, none: sql`m.cpr is null` });

/** The filter `flag` (any of the flags named), over the market read as `flags` reads it. */
function flagFilter(flags: Record<PriceFlag, SQL>) {
  return (vs: string[]) => sql.join(filters.oneOf('flag', PRICE_FLAGS, vs).map((f) => sql`(${flags[f]})`), sql` or `);
}

export const priceList: ListSpec<Base> = {
  from,
  select: sql`sv.id, sp.store_id, (select s.name from stores s where s.id = sp.store_id) as store_name, p.id as product_id, p.title as product_title,
              v.id as variant_id, v.sku, ${caliber} as caliber, ${rounds} as rounds, case when ${rounds} is not null then ${roundGroupSql(rounds)} end as round_group,
              v.cost_cents, sv.price_cents, sv.map_price_cents, sv.map_gate, ${mapLifted} as map_lifted, ${ruleTermsSql(sql`sp.store_id`)}, sv.is_enabled,
              ${cpr}::float8 as cpr_cents, ${margin}::float8 as margin_pct,
              m.cpr::float8 as market_cpr_cents, m.competitor as market_competitor, coalesce(m.n, 0) as market_offers,
              ${excluded} as excluded, ${exclusion} as exclude_reason, ${flagsOf(JOINED_FLAG_SQL)} as flags, sv.updated_at, sv.version`,
  sort: {
    ...columns('sv', 'id', 'price_cents', 'updated_at'),
    sku: sql`upper(v.sku)`,
    product_title: sql`lower(p.title)`,
    store_name: sql`(select lower(s.name) from stores s where s.id = sp.store_id)`,
    cost_cents: sql`v.cost_cents`,
    cpr_cents: cpr,
    margin_pct: margin,
  } satisfies Record<(typeof STORE_VARIANT_PRICE_LIST.sort)[number], unknown>,
  // newest first: the primary key's walk (a SKU order sorts every row)
  defaultSort: '-id',
  key: sql`sv.id`,
  filters: {
    ...filters.ints('sv', 'id', 'variant_id'),
    ...filters.ints('sp', 'store_id'),
    ...filters.ints('v', 'product_id'),
    // a brand's prices (its MAP holiday: repriced under MAP while it lasts)
    ...filters.ints('p', 'brand_id'),
    flag: flagFilter(FLAG_SQL),
    caliber: filters.eqAnyCase(caliber),
    map_gate: (vs) => (vs.includes('none') ? sql`sv.map_gate is null` : filters.eq(sql`sv.map_gate`)(vs)),
    // enabled, on an enabled store: what the dashboard counts
    on_sale: filters.bool(onSale, 'on_sale'),
  },
  // a SKU from its start (its index); a product by its title is found on Product Pricing
  search: (q) => sql`upper(v.sku) like ${`${q.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
  tuning: {
    // a page's market looked up once per row, not once per column and flag (2.2 → 0.7 ms a page)
    columnsFrom: withMarket,
    // a flag's total counted over the market joined (hashed once), where looking it up by key for
    // each of 240,000 store variants took 2.9–4.2 s for "above market"
    count: { from: withMarket, filters: { flag: flagFilter(JOINED_FLAG_SQL) } },
  },
};

/** A row with repricing's suggestion. */
export const withSuggestion = (r: Base): Price => ({
  ...r,
  suggestion: suggestPrice({
    price_cents: r.price_cents,
    cost_cents: r.cost_cents,
    rounds: r.rounds,
    map_price_cents: r.map_price_cents,
    map_gate: r.map_gate,
    map_lifted: r.map_lifted,
    excluded: r.excluded,
    exclude_reason: r.exclude_reason,
    market: r.market_cpr_cents !== null && r.market_competitor !== null ? { cpr_cents: r.market_cpr_cents, competitor: r.market_competitor } : null,
    undercut_cpr_cents: r.undercut_cpr_cents,
    max_step_pct: r.max_step_pct,
  }),
});

/** Store variants by id, with their suggestions, in one statement (the caller has made the market fresh). */
async function loadPrices(db: Db, ids: readonly number[]): Promise<Price[]> {
  if (!ids.length) return [];
  const rows = await query<Base>(db, sql`select ${priceList.select} from ${withMarket} where sv.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) order by sv.id`);
  return rows.map((r) => withSuggestion({ ...r, updated_at: new Date(r.updated_at).toISOString() }));
}

async function loadPrice(db: Db, id: number): Promise<Price> {
  // a missing one is refused before the kept market may be computed again
  if (!(await queryOne(db, sql`select 1 as x from store_variants where id = ${id}`))) throw notFound('The store variant');
  await freshMarket(db);
  const [row] = await loadPrices(db, [id]);
  if (!row) throw notFound('The store variant');
  return row;
}

/**
 * Sets the suggested price of each store variant named, in one transaction; each change audited on its
 * store variant. One that no longer exists refuses them all (404), or is passed over with `skipMissing`
 * (a job's batch: removed since the filter listed it).
 */
export async function reprice(db: Db, actor: Parameters<typeof setStoreVariantPrice>[1], ids: readonly number[], opts: { skipMissing?: boolean } = {}): Promise<RepriceResult> {
  return inTx(db, async (t) => {
    const unique = [...new Set(ids)].sort((a, b) => a - b);
    // locked in id order, so two repricings of overlapping selections wait for each other instead of deadlocking
    const locked = await query<{ id: number }>(t, sql`select id from store_variants where id in (${sql.join(unique.map((id) => sql`${id}`), sql`, `)}) order by id for update`);
    const missing = unique.filter((id) => !locked.some((r) => r.id === id));
    if (missing.length && !opts.skipMissing) throw notFound(`Store variant ${missing.join(', ')}`);
    await freshMarket(t);
    const result: RepriceResult = { changed: [], unchanged: [] };
    for (const row of await loadPrices(t, unique)) {
      const s = row.suggestion;
      if (s.price_cents === null) result.unchanged.push({ id: row.id, sku: row.sku, reason: s.reason });
      else if (s.price_cents === row.price_cents) result.unchanged.push({ id: row.id, sku: row.sku, reason: 'Already at the suggested price' });
      else {
        await setStoreVariantPrice(t, actor, row.id, { price_cents: s.price_cents, map_price_cents: row.map_price_cents, map_gate: row.map_gate }, row.version);
        result.changed.push({ id: row.id, sku: row.sku, store_name: row.store_name, before_cents: row.price_cents, after_cents: s.price_cents });
      }
    }
    return result;
  });
}

/** A Store Variant Pricing query's search and filters as a list query (its first page: only its WHERE is used). */
const listQueryOf = (r: RepriceAllRequest): ListQueryType => ({ page: 1, per_page: 1, q: r.q, filter: r.filter });

/**
 * What a reprice-all job's query lists, in words for its title: "Above market; on sale; brand Barnes;
 * on Ammo Depot; SKU FED…" (the filters checked already: stores and brands are ids).
 */
async function whatIsListed(db: Db, r: RepriceAllRequest): Promise<string> {
  const names = async (table: 'stores' | 'brands', ids: string[]) =>
    (await query<{ name: string }>(db, sql`select name from ${sql.raw(table)} where id in (${sql.join(ids.map((id) => sql`${Number(id)}::int`), sql`, `)}) order by name`)).map((x) => x.name).join(' or ');
  const parts: string[] = [];
  for (const [k, raw] of Object.entries(r.filter ?? {})) {
    const v = [raw].flat().filter((x) => x !== '');
    if (!v.length) continue;
    if (k === 'flag') parts.push(v.map((f) => PRICE_FLAG_LABELS[f as PriceFlag] ?? f).join(' or '));
    else if (k === 'on_sale') parts.push(v[0] === 'true' ? 'on sale' : 'not on sale');
    else if (k === 'store_id') parts.push(`on ${await names('stores', v)}`);
    else if (k === 'brand_id') parts.push(`brand ${await names('brands', v)}`);
    else parts.push(`${k} ${v.join(' or ')}`);
  }
  if (r.q?.trim()) parts.push(`SKU ${r.q.trim()}…`);
  return (parts.join('; ') || 'every store variant').slice(0, 200);
}

/**
 * Repricing every store variant a Store Variant Pricing search and filters list: the ids as they stand
 * when the job starts, then `reprice` on each batch of `REPRICE_MAX_IDS` in its own transaction (each
 * change audited, as from the list). Cancelled or failed part-way, the batches done stay done and the
 * rest is left as it was; the job's progress says how far it got.
 */
export const repriceAllJob: JobKind<RepriceAllRequest, RepriceAllResult> = {
  kind: 'pricing-reprice-all',
  params: RepriceAllRequest,
  expireInSeconds: 3600,
  async run(ctx: JobContext<RepriceAllRequest>) {
    await freshMarket(ctx.db);
    const where = whereOf(priceList, listQueryOf(ctx.params), undefined);
    const ids = (await query<{ id: number }>(ctx.db, sql`select sv.id from ${priceList.from} ${where} order by sv.id`)).map((r) => r.id);
    const result: RepriceAllResult = { store_variants: ids.length, changed: 0, unchanged: 0 };
    await ctx.progress(0, ids.length, 'Repricing');
    for (let i = 0; i < ids.length; i += REPRICE_MAX_IDS) {
      const batch = await reprice(ctx.db, ctx.actor, ids.slice(i, i + REPRICE_MAX_IDS), { skipMissing: true });
      result.changed += batch.changed.length;
      result.unchanged += batch.unchanged.length;
      await ctx.progress(Math.min(i + REPRICE_MAX_IDS, ids.length), ids.length, `${result.changed} changed, ${result.unchanged} left as they were`);
    }
    return result;
  },
};

/** The Pricing Dashboard's figures (contracts' PricingSummary). */
export async function pricingSummary(db: Db): Promise<PricingSummary> {
  await freshMarket(db);
  // one pass over every store variant on sale, the market joined by hash (~0.8 s at 240,000): kept until one of its tables changes
  const joined = sql`${withMarket} join stores s on s.id = sp.store_id and s.is_enabled`;
  // kept while the tables its flags read (MAP holidays too) are unchanged, and for the day
  const reads = sql`${joined} where ${sql.join(PRICE_FLAGS.map((f) => JOINED_FLAG_SQL[f]), sql` or `)}`;
  const { row, calibers } = await cachedByRevision(db, 'pricing summary', reads, async () => {
    // one pass, by caliber: the flags of every caliber (none included) add up to the dashboard's, and
    // the calibers with a cost per round (rounds and a price) rank for its chart
    const priced = sql`${caliber} is not null and ${rounds} is not null and sv.price_cents is not null`;
    const groups = await query<{ caliber: string | null; n: number; flags: Record<PriceFlag, number>; priced: number; our: number | null; market: number | null; above: number }>(
      db,
      sql`select ${caliber} as caliber, count(*)::int as n, json_build_object(${sql.join(
        PRICE_FLAGS.map((f) => sql`${sql.raw(`'${f}'`)}, count(*) filter (where ${JOINED_FLAG_SQL[f]})`),
        sql`, `,
      )}) as flags,
                 (count(*) filter (where ${priced}))::int as priced, (min(${cpr}) filter (where ${priced}))::float8 as our,
                 (min(m.cpr) filter (where ${priced}))::float8 as market, (count(*) filter (where ${priced} and ${JOINED_FLAG_SQL.above_market}))::int as above
            from ${joined} where sv.is_enabled
           group by 1
           order by above desc, priced desc, caliber`,
    );
    const flags = Object.fromEntries(PRICE_FLAGS.map((f) => [f, groups.reduce((sum, g) => sum + Number(g.flags[f]), 0)])) as Record<PriceFlag, number>;
    const calibers: PricingSummary['calibers'] = groups
      .filter((g) => g.caliber !== null && g.priced > 0)
      .slice(0, 12)
      .map((g) => ({ caliber: g.caliber!, store_variants: g.priced, our_cpr_cents: g.our, market_cpr_cents: g.market, above_market: g.above }));
    return { row: { n: groups.reduce((sum, g) => sum + g.n, 0), flags }, calibers };
  });
  const window = sql`o.seen_at > now() - make_interval(hours => ${sql.raw(String(REPRICE_OFFER_MAX_AGE_HOURS))})`;
  const offers = (await queryOne<{ recent: number; ignored: number; active: number }>(
    db,
    sql`select (select count(*)::int from competitor_offers o where ${window}) as recent,
               (select count(*)::int from competitor_offers o where ${window} and exists (select 1 from competitor_blacklist b where lower(b.competitor) = lower(o.competitor))) as ignored,
               (select count(*)::int from target_urls where is_active) as active`,
  ))!;
  const stale = await query<{ id: number; name: string; last_seen_at: string | null }>(
    db,
    sql`select t.id, t.name, (select max(o.seen_at) from competitor_offers o where o.target_url_id = t.id) as last_seen_at
          from target_urls t
         where t.is_active and not exists (select 1 from competitor_offers o where o.target_url_id = t.id and ${window})
         order by t.name`,
  );
  const holidays = await holidaysOnToday(db);
  return {
    store_variants: row.n,
    flags: Object.fromEntries(PRICE_FLAGS.map((f) => [f, Number(row.flags[f])])) as PricingSummary['flags'],
    offers_recent: offers.recent,
    offers_ignored: offers.ignored,
    searches_active: offers.active,
    searches_stale: stale.map((s) => ({ ...s, last_seen_at: s.last_seen_at === null ? null : new Date(s.last_seen_at).toISOString() })),
    map_holidays_on: holidays.map(({ id, brand_id, brand_name, store_id, store_name, ends_on }) => ({ id, brand_id, brand_name, store_id, store_name, ends_on })),
    calibers,
  };
}

export function priceRoutes({ app, db, jobs }: Kit) {
  jobs.define(repriceAllJob);
  const tags = ['pricing'];
  const read = 'pricing.read' as Permission;
  const write = 'pricing.write' as Permission;
  const listUrl = '/api/pricing/store-variant';

  action(app, {
    method: 'GET',
    url: listUrl,
    access: read,
    tags,
    summary: 'List store variant prices with cost, margin, MAP, the market and repricing’s suggestion',
    query: ListQuery,
    response: { 200: listResponse(StoreVariantPrice) },
    handler: async (req, reply) => {
      // the query's sort and filters checked (400) before the kept market may be computed again: a refused request changes nothing
      whereOf(priceList, req.query, undefined);
      orderOf(priceList, req.query.sort);
      await freshMarket(db);
      if (req.query.format === 'csv') return sendCsv(reply, db, priceList, req.query, 'store-variant-prices');
      const page = JSON.parse(await runListJson(db, priceList, req.query, StoreVariantPriceBase)) as { data: Base[]; meta: unknown };
      return { ...page, data: page.data.map(withSuggestion) };
    },
  });

  action(app, {
    method: 'GET',
    url: `${listUrl}/:id`,
    access: read,
    tags,
    summary: 'One store variant’s price, the market and repricing’s suggestion',
    params: IdParams,
    response: { 200: dataResponse(StoreVariantPrice) },
    handler: async (req) => ({ data: await loadPrice(db, req.params.id) }),
  });

  action(app, {
    method: 'PUT',
    url: `${listUrl}/:id`,
    access: write,
    tags,
    summary: 'Set a store variant’s price, MAP price and MAP gate',
    params: IdParams,
    body: StoreVariantPriceUpdate,
    response: { 200: dataResponse(StoreVariantPrice) },
    handler: async (req) => {
      const { version, ...price } = req.body;
      await inTx(db, (t) => setStoreVariantPrice(t, actorOf(req), req.params.id, price, version));
      return { data: await loadPrice(db, req.params.id) };
    },
  });

  action(app, {
    method: 'POST',
    url: '/api/pricing/reprice',
    access: write,
    tags,
    summary: 'Set repricing’s suggested price on each store variant named',
    body: RepriceRequest,
    response: { 200: RepriceResult },
    handler: async (req) => reprice(db, actorOf(req), req.body.ids),
  });

  action(app, {
    method: 'POST',
    url: '/api/pricing/reprice-all',
    access: write,
    tags,
    summary: 'Set repricing’s suggested price on every store variant a Store Variant Pricing search and filters list (a job)',
    body: RepriceAllRequest,
    response: { 202: dataResponse(Job) },
    handler: async (req, reply) => {
      // the filters checked (400) before anything is queued
      whereOf(priceList, listQueryOf(req.body), undefined);
      const title = `Apply suggested prices: ${await whatIsListed(db, req.body)}`;
      const job = await inTx(db, (t) => jobs.enqueue(t, actorOf(req), repriceAllJob, req.body, title));
      jobs.wake();
      return reply.status(202).send({ data: job });
    },
  });

  action(app, {
    method: 'GET',
    url: '/api/pricing/summary',
    access: read,
    tags,
    summary: 'The Pricing Dashboard: flags over the enabled store variants, offers seen, stale searches, calibers against the market',
    response: { 200: dataResponse(PricingSummary) },
    handler: async () => ({ data: await pricingSummary(db) }),
  });
}

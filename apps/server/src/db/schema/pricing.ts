import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { stamps, ts } from './core.js';
import { brands, stores, variants } from './catalog.js';

/**
 * Pricing against competitors: the comparison-site searches we watch (target URLs), the competitors'
 * offers seen there, the competitors we ignore when pricing (the blacklist), and our SKUs that
 * repricing leaves alone (exclude SKUs).
 */

export const targetUrls = pgTable(
  'target_urls',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    destination: text('destination').notNull(),
    category: text('category').notNull(),
    caliber: text('caliber'),
    ship_rating: text('ship_rating'),
    round_group: text('round_group'),
    url: text('url').notNull(),
    is_active: boolean('is_active').notNull().default(true),
    notes: text('notes'),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('target_urls_url_key').on(t.url),
    uniqueIndex('target_urls_name_key').on(sql`lower(${t.name})`),
    check('target_urls_destination_check', sql`destination in ('ammoseek', 'bulkcheapammo')`),
    check('target_urls_category_check', sql`category in ('handgun', 'rifle', 'rimfire', 'shotgun')`),
    check('target_urls_ship_rating_check', sql`ship_rating is null or ship_rating in ('>4', 'CF/Free')`),
    check('target_urls_round_group_check', sql`round_group is null or round_group in ('1', '2-50', '51-100', '101-250', '251-500', '501-1000', '>1K')`),
  ],
);

export const competitorOffers = pgTable(
  'competitor_offers',
  {
    id: serial('id').primaryKey(),
    target_url_id: integer('target_url_id').references(() => targetUrls.id, { onDelete: 'set null' }),
    competitor: text('competitor').notNull(),
    title: text('title').notNull(),
    url: text('url'),
    category: text('category').notNull(),
    caliber: text('caliber'),
    /** AmmoSeek's shipping rating: F (free), CF (conditionally free) or a score 1–10 (10 cheapest). */
    ship_rating: text('ship_rating'),
    rounds: integer('rounds').notNull(),
    price_cents: integer('price_cents').notNull(),
    in_stock: boolean('in_stock').notNull().default(true),
    seen_at: ts('seen_at').notNull().defaultNow(),
    ...stamps(),
  },
  (t) => [
    index('competitor_offers_seen_idx').on(t.seen_at, t.id),
    // INCLUDE (competitor) in migration 0035: the blacklist counts a competitor's offers from the index alone
    index('competitor_offers_competitor_idx').on(sql`lower(${t.competitor})`),
    // the list's default order (cost per round, cheapest first; id newest first among equals), alone and within a category
    index('competitor_offers_cpr_idx').on(sql`round(${t.price_cents}::numeric / ${t.rounds}, 2)`, t.id.desc().nullsFirst()),
    index('competitor_offers_category_cpr_idx').on(t.category, sql`round(${t.price_cents}::numeric / ${t.rounds}, 2)`, t.id.desc().nullsFirst()),
    // a search's offers newest first; its count and last offer read from the index alone
    index('competitor_offers_target_idx').on(t.target_url_id, t.seen_at, t.id),
    // the list's text search (competitor or offer title)
    index('competitor_offers_competitor_trgm_idx').using('gin', sql`${t.competitor} gin_trgm_ops`),
    index('competitor_offers_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    check('competitor_offers_category_check', sql`category in ('handgun', 'rifle', 'rimfire', 'shotgun')`),
    check('competitor_offers_ship_rating_check', sql`ship_rating is null or ship_rating in ('F', 'CF', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10')`),
    check('competitor_offers_rounds_check', sql`rounds between 1 and 100000`),
    check('competitor_offers_price_check', sql`price_cents between 1 and 100000000`),
  ],
);

export const competitorBlacklist = pgTable(
  'competitor_blacklist',
  {
    id: serial('id').primaryKey(),
    competitor: text('competitor').notNull(),
    reason: text('reason'),
    ...stamps(),
  },
  (t) => [uniqueIndex('competitor_blacklist_competitor_key').on(sql`lower(${t.competitor})`)],
);

export const excludeSkus = pgTable(
  'exclude_skus',
  {
    id: serial('id').primaryKey(),
    variant_id: integer('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    /** Null: every store. */
    store_id: integer('store_id').references(() => stores.id, { onDelete: 'cascade' }),
    reason: text('reason'),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('exclude_skus_variant_store_key').on(t.variant_id, sql`coalesce(${t.store_id}, 0)`),
    index('exclude_skus_store_idx').on(t.store_id),
  ],
);

/**
 * MAP holidays (contracts' MapHoliday): the days a brand's MAP is lifted, on one store or every store
 * (null). Read by the store variant's brand and store on the day (`mapLiftedSql`, catalog/map.ts).
 */
export const mapHolidays = pgTable(
  'map_holidays',
  {
    id: serial('id').primaryKey(),
    brand_id: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    /** Null: every store. */
    store_id: integer('store_id').references(() => stores.id, { onDelete: 'cascade' }),
    starts_on: date('starts_on', { mode: 'string' }).notNull(),
    ends_on: date('ends_on', { mode: 'string' }).notNull(),
    note: text('note'),
    ...stamps(),
  },
  (t) => [
    // a store variant's brand on the day: the brand's holidays by their last day
    index('map_holidays_brand_idx').on(t.brand_id, t.ends_on),
    index('map_holidays_store_idx').on(t.store_id),
    check('map_holidays_dates_check', sql`ends_on >= starts_on`),
  ],
);

/**
 * A store's repricing rule (contracts' RepricingRule): the undercut per round and the largest step of
 * its suggestions, in place of the defaults. One per store.
 */
export const repricingRules = pgTable(
  'repricing_rules',
  {
    id: serial('id').primaryKey(),
    store_id: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    undercut_cpr_cents: numeric('undercut_cpr_cents', { precision: 4, scale: 2 }).notNull(),
    max_step_pct: integer('max_step_pct').notNull(),
    note: text('note'),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('repricing_rules_store_key').on(t.store_id),
    check('repricing_rules_undercut_check', sql`undercut_cpr_cents between 0 and 10`),
    check('repricing_rules_step_check', sql`max_step_pct between 1 and 50`),
  ],
);

/**
 * The market, kept: per caliber (lower case) and round group, the cheapest comparable offer's cost per
 * round, its competitor and how many offers compare (modules/pricing/market.ts `marketSql`). Rebuilt
 * whole when the offers or the blacklist changed or `MARKET_MAX_AGE_MS` passed (the window moves with
 * time): the price lists join a few hundred rows by hash instead of aggregating the recent offers in
 * each statement. `competitor_market_state` holds when and at which revision it was built.
 */
export const competitorMarket = pgTable(
  'competitor_market',
  {
    caliber: text('caliber').notNull(),
    round_group: text('round_group').notNull(),
    cpr: numeric('cpr').notNull(),
    competitor: text('competitor').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.caliber, t.round_group] })],
);

export const competitorMarketState = pgTable(
  'competitor_market_state',
  {
    id: integer('id').primaryKey().default(1),
    revision: text('revision').notNull(),
    built_at: ts('built_at').notNull(),
  },
  (t) => [check('competitor_market_state_one_check', sql`${t.id} = 1`)],
);

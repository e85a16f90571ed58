/**
 * Pricing against competitors: the comparison-site searches we watch (target URLs), the offers seen
 * there (competitor offers: price, rounds, cost per round, shipping rating), the competitors ignored
 * when pricing (the blacklist) and our SKUs that repricing leaves alone (exclude SKUs).
 */
import { z } from 'zod';
import { mapRefine } from './catalog.js';
import { IsoDate, ListQuery, Name, OptId, OptText, OptUrl, stampFields, Versioned } from './common.js';
import { COMPETITOR_OFFER_CATEGORIES, MAP_GATES, ROUND_GROUPS, TARGET_DESTINATIONS, TARGET_SHIP_RATINGS } from './enums.js';

export type CompetitorOfferCategory = (typeof COMPETITOR_OFFER_CATEGORIES)[number];
export type RoundGroup = (typeof ROUND_GROUPS)[number];
export type TargetShipRating = (typeof TARGET_SHIP_RATINGS)[number];

export const TARGET_DESTINATION_LABELS: Record<(typeof TARGET_DESTINATIONS)[number], string> = { ammoseek: 'AmmoSeek', bulkcheapammo: 'BulkCheapAmmo' };
export const COMPETITOR_OFFER_CATEGORY_LABELS: Record<CompetitorOfferCategory, string> = { handgun: 'Handgun', rifle: 'Rifle', rimfire: 'Rimfire', shotgun: 'Shotgun' };
export const TARGET_SHIP_RATING_LABELS: Record<TargetShipRating, string> = { '>4': 'Shipping score above 4', 'CF/Free': 'Free or conditionally free' };

/** AmmoSeek's shipping rating of an offer: F free, CF conditionally free (over a threshold), or a score 10 (cheapest) … 1. */
export const OFFER_SHIP_RATINGS = ['F', 'CF', '10', '9', '8', '7', '6', '5', '4', '3', '2', '1'] as const;
export type OfferShipRating = (typeof OFFER_SHIP_RATINGS)[number];
export const OFFER_SHIP_RATING_LABELS: Record<OfferShipRating, string> = {
  F: 'Free',
  CF: 'Conditionally free',
  ...(Object.fromEntries(['10', '9', '8', '7', '6', '5', '4', '3', '2', '1'].map((s) => [s, `Score ${s}`])) as Record<Exclude<OfferShipRating, 'F' | 'CF'>, string>),
};

const oneOf = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: `One of: ${values.join(', ')}` });
const optionalOneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  oneOf(values)
    .nullable()
    .optional()
    .transform((v) => v ?? null);
const Caliber = OptText(100);

// ───────────────────────────── target URLs ─────────────────────────────

export const TargetUrl = z.object({
  id: z.number(),
  name: z.string(),
  destination: z.enum(TARGET_DESTINATIONS),
  category: z.enum(COMPETITOR_OFFER_CATEGORIES),
  caliber: z.string().nullable(),
  ship_rating: z.enum(TARGET_SHIP_RATINGS).nullable(),
  round_group: z.enum(ROUND_GROUPS).nullable(),
  url: z.string(),
  is_active: z.boolean(),
  notes: z.string().nullable(),
  /** Offers seen from this search, and when the last one was. */
  offer_count: z.number(),
  last_seen_at: z.string().nullable(),
  ...stampFields,
});
export type TargetUrl = z.infer<typeof TargetUrl>;
const targetUrlShape = {
  name: Name,
  destination: oneOf(TARGET_DESTINATIONS),
  category: oneOf(COMPETITOR_OFFER_CATEGORIES),
  caliber: Caliber,
  ship_rating: optionalOneOf(TARGET_SHIP_RATINGS),
  round_group: optionalOneOf(ROUND_GROUPS),
  url: OptUrl.refine((v) => v !== null, 'Required'),
  is_active: z.boolean().default(true),
  notes: OptText(2000),
};
export const TargetUrlCreate = z.object(targetUrlShape).strict();
export const TargetUrlUpdate = z.object({ ...targetUrlShape, ...Versioned.shape }).strict();
export const TARGET_URL_LIST = { sort: ['id', 'name', 'destination', 'category', 'caliber', 'offer_count', 'created_at'], filter: ['id', 'destination', 'category', 'is_active'] } as const;

// ───────────────────────────── competitor offers ─────────────────────────────

export const CompetitorOffer = z.object({
  id: z.number(),
  target_url_id: z.number().nullable(),
  target_url_name: z.string().nullable(),
  competitor: z.string(),
  /** The competitor is on the blacklist: pricing ignores this offer. */
  blacklisted: z.boolean(),
  title: z.string(),
  url: z.string().nullable(),
  category: z.enum(COMPETITOR_OFFER_CATEGORIES),
  caliber: z.string().nullable(),
  ship_rating: z.enum(OFFER_SHIP_RATINGS).nullable(),
  rounds: z.number(),
  price_cents: z.number(),
  /** Price ÷ rounds, in cents (two decimals): what shoppers compare. */
  cpr_cents: z.number(),
  round_group: z.enum(ROUND_GROUPS),
  in_stock: z.boolean(),
  seen_at: z.string(),
  ...stampFields,
});
export type CompetitorOffer = z.infer<typeof CompetitorOffer>;
/** When an offer was seen: an ISO date-time, not in the future. */
const SeenAt = z
  .string()
  .max(40)
  .refine((v) => !Number.isNaN(Date.parse(v)) && /^\d{4}-\d{2}-\d{2}T/.test(v), 'A date and time (ISO 8601)')
  .refine((v) => Date.parse(v) <= Date.now() + 5 * 60_000, 'Not in the future')
  .optional();
const competitorOfferShape = {
  target_url_id: OptId,
  competitor: Name,
  title: z.string().trim().min(1, 'Required').max(300, 'At most 300 characters'),
  url: OptUrl,
  category: oneOf(COMPETITOR_OFFER_CATEGORIES),
  caliber: Caliber,
  ship_rating: optionalOneOf(OFFER_SHIP_RATINGS),
  rounds: z.number({ error: 'A number of rounds' }).int('A whole number of rounds').min(1, 'At least 1 round').max(100_000, 'At most 100,000 rounds'),
  price_cents: z.number({ error: 'A price' }).int('A price in whole cents').min(1, 'A price above $0.00').max(100_000_000, 'At most $1,000,000.00'),
  in_stock: z.boolean().default(true),
  seen_at: SeenAt,
};
export const CompetitorOfferCreate = z.object(competitorOfferShape).strict();
export const CompetitorOfferUpdate = z.object({ ...competitorOfferShape, ...Versioned.shape }).strict();
export const COMPETITOR_OFFER_LIST = {
  sort: ['id', 'competitor', 'title', 'price_cents', 'cpr_cents', 'rounds', 'seen_at'],
  filter: ['id', 'category', 'round_group', 'ship_rating', 'competitor', 'target_url_id', 'blacklisted', 'in_stock', 'caliber'],
} as const;

// ───────────────────────────── competitor blacklist ─────────────────────────────

export const CompetitorBlacklistEntry = z.object({
  id: z.number(),
  competitor: z.string(),
  reason: z.string().nullable(),
  /** Offers seen from this competitor (ignored while it is listed). */
  offer_count: z.number(),
  ...stampFields,
});
export type CompetitorBlacklistEntry = z.infer<typeof CompetitorBlacklistEntry>;
const blacklistShape = { competitor: Name, reason: OptText(500) };
export const CompetitorBlacklistCreate = z.object(blacklistShape).strict();
export const CompetitorBlacklistUpdate = z.object({ ...blacklistShape, ...Versioned.shape }).strict();
export const COMPETITOR_BLACKLIST_LIST = { sort: ['id', 'competitor', 'offer_count', 'created_at'], filter: ['id'] } as const;

// ───────────────────────────── exclude SKUs ─────────────────────────────

export const ExcludeSku = z.object({
  id: z.number(),
  variant_id: z.number(),
  sku: z.string(),
  product_id: z.number(),
  product_title: z.string().nullable(),
  /** Null: every store. */
  store_id: z.number().nullable(),
  store_name: z.string().nullable(),
  reason: z.string().nullable(),
  ...stampFields,
});
export type ExcludeSku = z.infer<typeof ExcludeSku>;
const excludeSkuShape = {
  /** Our variant's SKU (any case). */
  sku: z.string().trim().min(1, 'Required').max(100, 'At most 100 characters'),
  store_id: OptId,
  reason: OptText(500),
};
export const ExcludeSkuCreate = z.object(excludeSkuShape).strict();
export const ExcludeSkuUpdate = z.object({ ...excludeSkuShape, ...Versioned.shape }).strict();
export const EXCLUDE_SKU_LIST = { sort: ['id', 'sku', 'store_name', 'created_at'], filter: ['id', 'store_id', 'variant_id'] } as const;

// ───────────────────────────── MAP holidays ─────────────────────────────

/**
 * A MAP holiday: the days a manufacturer lifts its minimum advertised price (Black Friday to Cyber
 * Monday, a spring sale), on every store or one. From its first to its last day (inclusive, the
 * database's calendar day) the brand's store variants advertise their own price: not flagged "Advertised
 * under MAP", repricing not held at MAP, and feeds carry the price without the MAP note.
 */
export const MAP_HOLIDAY_STATUSES = ['on', 'upcoming', 'over'] as const;
export type MapHolidayStatus = (typeof MAP_HOLIDAY_STATUSES)[number];
export const MAP_HOLIDAY_STATUS_LABELS: Record<MapHolidayStatus, string> = { on: 'On now', upcoming: 'Upcoming', over: 'Over' };
/** The longest MAP holiday, in days: manufacturers lift MAP for a sale, not a season. */
export const MAP_HOLIDAY_MAX_DAYS = 92;

export const MapHoliday = z.object({
  id: z.number(),
  brand_id: z.number(),
  brand_name: z.string(),
  /** Null: every store. */
  store_id: z.number().nullable(),
  store_name: z.string().nullable(),
  /** First and last day MAP is lifted (YYYY-MM-DD, both included). */
  starts_on: z.string(),
  ends_on: z.string(),
  note: z.string().nullable(),
  status: z.enum(MAP_HOLIDAY_STATUSES),
  ...stampFields,
});
export type MapHoliday = z.infer<typeof MapHoliday>;
const mapHolidayShape = {
  brand_id: z.number({ error: 'Choose the brand' }).int('Choose the brand').min(1, 'Choose the brand').max(2_147_483_647, 'Choose the brand'),
  store_id: OptId,
  starts_on: IsoDate,
  ends_on: IsoDate,
  note: OptText(500),
};
/** Days from one YYYY-MM-DD to another (both real dates). */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
function mapHolidayCheck(h: { starts_on: string; ends_on: string }, ctx: z.RefinementCtx) {
  if (h.ends_on < h.starts_on) ctx.addIssue({ code: 'custom', path: ['ends_on'], message: 'Ends before it starts' });
  else if (daysBetween(h.starts_on, h.ends_on) + 1 > MAP_HOLIDAY_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['ends_on'], message: `At most ${MAP_HOLIDAY_MAX_DAYS} days: a MAP holiday lifts MAP for a sale` });
}
export const MapHolidayCreate = z.object(mapHolidayShape).strict().superRefine(mapHolidayCheck);
export const MapHolidayUpdate = z
  .object({ ...mapHolidayShape, ...Versioned.shape })
  .strict()
  .superRefine(mapHolidayCheck);
export const MAP_HOLIDAY_LIST = { sort: ['id', 'starts_on', 'ends_on', 'brand_name', 'store_name', 'created_at'], filter: ['id', 'brand_id', 'store_id', 'status'] } as const;

// ───────────────────────────── prices and repricing ─────────────────────────────

/**
 * Repricing's rule (server `modules/pricing/reprice.ts`), per store variant: aim a tenth of a cent per
 * round under the lowest comparable competitor offer (same caliber and round group, in stock, seen in
 * the last three days, competitor not blacklisted), move at most 15 % from the current price in one
 * step, and never under the margin floor on cost nor, where MAP is advertised (no MAP gate), under MAP.
 */
export const REPRICE_UNDERCUT_CPR_CENTS = 0.1;
export const REPRICE_MAX_STEP_PCT = 15;
/** The least margin a suggested price keeps: (price − cost) ÷ price. */
export const REPRICE_MARGIN_FLOOR_PCT = 8;
export const REPRICE_OFFER_MAX_AGE_HOURS = 72;
/** "Above market": our cost per round more than this over the lowest comparable offer's. */
export const REPRICE_ABOVE_MARKET_PCT = 5;
/** A store's repricing rule may undercut by at most this many cents per round. */
export const REPRICE_UNDERCUT_MAX_CPR_CENTS = 10;
/** A store's repricing rule moves a price at least 1 % and at most this much in one step. */
export const REPRICE_STEP_MAX_PCT = 50;

/**
 * A store's repricing rule (`/repricing-rule`): how far under the cheapest comparable offer its
 * suggestions aim and how far one step may move a price, in place of the defaults above
 * (REPRICE_UNDERCUT_CPR_CENTS, REPRICE_MAX_STEP_PCT). One per store; the margin floor and MAP hold
 * for every store alike.
 */
export const RepricingRule = z.object({
  id: z.number(),
  store_id: z.number(),
  store_name: z.string(),
  /** Cents per round under the cheapest comparable offer (two decimals). */
  undercut_cpr_cents: z.number(),
  max_step_pct: z.number(),
  note: z.string().nullable(),
  ...stampFields,
});
export type RepricingRule = z.infer<typeof RepricingRule>;
const UNDERCUT_MESSAGE = `Cents per round, 0 to ${REPRICE_UNDERCUT_MAX_CPR_CENTS}, at most two decimals`;
const repricingRuleShape = {
  store_id: z.number({ error: 'Choose the store' }).int('Choose the store').min(1, 'Choose the store').max(2_147_483_647, 'Choose the store'),
  undercut_cpr_cents: z
    .number({ error: UNDERCUT_MESSAGE })
    .min(0, UNDERCUT_MESSAGE)
    .max(REPRICE_UNDERCUT_MAX_CPR_CENTS, UNDERCUT_MESSAGE)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, UNDERCUT_MESSAGE),
  max_step_pct: z
    .number({ error: `A whole percent, 1 to ${REPRICE_STEP_MAX_PCT}` })
    .int(`A whole percent, 1 to ${REPRICE_STEP_MAX_PCT}`)
    .min(1, `A whole percent, 1 to ${REPRICE_STEP_MAX_PCT}`)
    .max(REPRICE_STEP_MAX_PCT, `A whole percent, 1 to ${REPRICE_STEP_MAX_PCT}`),
  note: OptText(500),
};
export const RepricingRuleCreate = z.object(repricingRuleShape).strict();
export type RepricingRuleCreate = z.input<typeof RepricingRuleCreate>;
export const RepricingRuleUpdate = z.object({ ...repricingRuleShape, ...Versioned.shape }).strict();
export const REPRICING_RULE_LIST = { sort: ['id', 'store_name', 'undercut_cpr_cents', 'max_step_pct', 'updated_at'], filter: ['id', 'store_id'] } as const;

/** Store variants repriced in one request. */
export const REPRICE_MAX_IDS = 100;

/** What a store variant's price is flagged for (each a filter of Store Variant Pricing and a figure of the dashboard). */
export const PRICE_FLAGS = ['no_price', 'below_cost', 'under_floor', 'map_violation', 'above_market', 'below_market', 'no_market', 'excluded'] as const;
export type PriceFlag = (typeof PRICE_FLAGS)[number];
export const PRICE_FLAG_LABELS: Record<PriceFlag, string> = {
  no_price: 'No price',
  below_cost: 'Below cost',
  under_floor: 'Under the margin floor',
  map_violation: 'Advertised under MAP',
  above_market: 'Above market',
  below_market: 'Cheapest per round',
  no_market: 'No comparable offers',
  excluded: 'Excluded from repricing',
};

/** Which limit set a suggested price. */
export const SUGGESTION_BASES = ['market', 'step_cap', 'margin_floor', 'map', 'hold', 'excluded', 'no_cost'] as const;
export type SuggestionBasis = (typeof SUGGESTION_BASES)[number];

export const PriceSuggestion = z.object({
  /** Null: repricing leaves this price alone (excluded, no cost). */
  price_cents: z.number().nullable(),
  basis: z.enum(SUGGESTION_BASES),
  /** Why, in words. */
  reason: z.string(),
});
export type PriceSuggestion = z.infer<typeof PriceSuggestion>;

/** One store variant's price as the pricing team sees it: cost, margin, MAP and the market for its caliber. */
export const StoreVariantPriceBase = z.object({
  id: z.number(),
  store_id: z.number(),
  store_name: z.string(),
  product_id: z.number(),
  product_title: z.string().nullable(),
  variant_id: z.number(),
  sku: z.string(),
  caliber: z.string().nullable(),
  /** Rounds (or shells) per package; null for products sold by the piece. */
  rounds: z.number().nullable(),
  round_group: z.enum(ROUND_GROUPS).nullable(),
  cost_cents: z.number().nullable(),
  price_cents: z.number().nullable(),
  map_price_cents: z.number().nullable(),
  map_gate: z.enum(MAP_GATES).nullable(),
  /** A MAP holiday of the product's brand is on today (on its store or every store): MAP does not bind. */
  map_lifted: z.boolean(),
  /** The store's repricing rule (RepricingRule), else the defaults: the undercut and the largest step its suggestion used. */
  undercut_cpr_cents: z.number(),
  max_step_pct: z.number(),
  is_enabled: z.boolean(),
  /** Price ÷ rounds (cents, two decimals). */
  cpr_cents: z.number().nullable(),
  /** (price − cost) ÷ price, in percent (one decimal). */
  margin_pct: z.number().nullable(),
  /** The lowest comparable offer's cost per round, its competitor, and how many offers compare. */
  market_cpr_cents: z.number().nullable(),
  market_competitor: z.string().nullable(),
  market_offers: z.number(),
  excluded: z.boolean(),
  exclude_reason: z.string().nullable(),
  flags: z.array(z.enum(PRICE_FLAGS)),
  updated_at: z.string(),
  version: z.number(),
});
export const StoreVariantPrice = StoreVariantPriceBase.extend({ suggestion: PriceSuggestion });
export type StoreVariantPrice = z.infer<typeof StoreVariantPrice>;
export const STORE_VARIANT_PRICE_LIST = {
  sort: ['id', 'sku', 'product_title', 'store_name', 'cost_cents', 'price_cents', 'cpr_cents', 'margin_pct', 'updated_at'],
  filter: ['id', 'store_id', 'product_id', 'variant_id', 'brand_id', 'flag', 'caliber', 'map_gate', 'on_sale'],
} as const;

const PriceCents = z.number({ error: 'A price' }).int('Whole cents').min(0, 'Cannot be negative').max(100_000_000, 'At most $1,000,000.00');
export const StoreVariantPriceUpdate = z
  .object({ price_cents: PriceCents.nullable(), map_price_cents: PriceCents.nullable(), map_gate: oneOf(MAP_GATES).nullable(), ...Versioned.shape })
  .strict()
  .superRefine(mapRefine);

/** `POST pricing/reprice`: set the suggested price of each store variant named (computed afresh by the server). */
export const RepriceRequest = z.object({ ids: z.array(z.number().int().min(1).max(2_147_483_647)).min(1, 'Choose at least one store variant').max(REPRICE_MAX_IDS, `At most ${REPRICE_MAX_IDS} at once`) }).strict();
export const RepriceResult = z.object({
  /** Prices changed, each before → after. */
  changed: z.array(z.object({ id: z.number(), sku: z.string(), store_name: z.string(), before_cents: z.number().nullable(), after_cents: z.number() })),
  /** Left as they were, and why (already at the suggestion, excluded, no cost). */
  unchanged: z.array(z.object({ id: z.number(), sku: z.string(), reason: z.string() })),
});
export type RepriceResult = z.infer<typeof RepriceResult>;

/**
 * `POST pricing/reprice-all`: set the suggested price of every store variant a Store Variant Pricing
 * search and filters list (as `GET pricing/store-variant` takes them) — a job, answered 202 with it.
 */
export const RepriceAllRequest = ListQuery.pick({ q: true, filter: true }).strict();
export type RepriceAllRequest = z.infer<typeof RepriceAllRequest>;
/** The result of a reprice-all job: the store variants the filter listed, how many changed and how many were left as they were. */
export const RepriceAllResult = z.object({ store_variants: z.number().int(), changed: z.number().int(), unchanged: z.number().int() });
export type RepriceAllResult = z.infer<typeof RepriceAllResult>;

/** `GET pricing/summary`: the Pricing Dashboard's figures. */
export const PricingSummary = z.object({
  /** Store variants on sale (enabled, on an enabled store), and how many carry each flag. */
  store_variants: z.number(),
  flags: z.record(z.enum(PRICE_FLAGS), z.number()),
  /** Competitor offers seen within the repricing window, those of blacklisted competitors, and the watched searches with none. */
  offers_recent: z.number(),
  offers_ignored: z.number(),
  searches_active: z.number(),
  searches_stale: z.array(z.object({ id: z.number(), name: z.string(), last_seen_at: z.string().nullable() })),
  /** The MAP holidays on today: whose MAP does not bind, where, until when. */
  map_holidays_on: z.array(MapHoliday.pick({ id: true, brand_id: true, brand_name: true, store_id: true, store_name: true, ends_on: true })),
  /** Per caliber: our cheapest cost per round against the market's. */
  calibers: z.array(
    z.object({ caliber: z.string(), store_variants: z.number(), our_cpr_cents: z.number().nullable(), market_cpr_cents: z.number().nullable(), above_market: z.number() }),
  ),
});
export type PricingSummary = z.infer<typeof PricingSummary>;

/**
 * The rules of a feed file, pure: which items a feed leaves out and why (DOMAIN.md "Feeds to comparison
 * sites": items without a numeric UPC or priced below cost are left out unless the feed keeps them;
 * compliance decides the rest), what kind of item each is for the destination, and the MAP note of a
 * gated price. The build (feed-files.ts) applies them to every item; the left-out report (feeds.ts) and
 * the file as fetched (live price and stock) to the items they read.
 */
import { centsText, type FeedLeftOutCause } from '@qm/contracts';

/** What the rules read of one item. */
export interface FeedItemFacts {
  is_enabled: boolean;
  price_cents: number | null;
  cost_cents: number | null;
  upc: string | null;
  /** The compliance engine's reason for leaving it out (`excludedFromFeed`), and whether it holds in every state. */
  compliance: { reason: string; everywhere: boolean } | null;
}

export interface FeedSwitches {
  keep_without_upc: boolean;
  keep_below_cost: boolean;
}

/** A UPC the comparison sites match on: 8 (UPC-E), 12 (UPC-A), 13 (EAN) or 14 (GTIN) digits and nothing else. */
export function isNumericUpc(upc: string | null): boolean {
  return upc !== null && /^(?:\d{8}|\d{12,14})$/.test(upc);
}

const money = centsText;

/** Why the feed leaves the item out (the first cause that holds, in `FEED_LEFT_OUT_CAUSES` order), or null: it goes in. */
export function feedLeftOutReason(item: FeedItemFacts, feed: FeedSwitches): { cause: FeedLeftOutCause; reason: string } | null {
  if (!item.is_enabled) return { cause: 'disabled', reason: 'The store variant is disabled' };
  if (item.price_cents === null) return { cause: 'no_price', reason: 'No price in this store' };
  if (item.compliance) return { cause: item.compliance.everywhere ? 'blocked_everywhere' : 'restricted', reason: item.compliance.reason };
  if (!feed.keep_without_upc && !isNumericUpc(item.upc)) {
    return { cause: 'no_upc', reason: item.upc ? `The UPC ${item.upc} is not 8, 12, 13 or 14 digits` : 'No UPC: comparison sites match items by it' };
  }
  if (!feed.keep_below_cost && item.cost_cents !== null && item.price_cents < item.cost_cents) {
    return { cause: 'below_cost', reason: `Priced at ${money(item.price_cents)}, below its cost of ${money(item.cost_cents)}` };
  }
  return null;
}

/** AmmoSeek's item types this catalogue sells. */
export type FeedItemType = 'ammunition' | 'magazines' | 'bullets' | 'brass' | 'primers' | 'powder' | 'reloading_misc';

/**
 * The destination's type of an item: rounds and shells are ammunition; pieces are magazines when they
 * have a capacity or sit in a magazines category, a reloading component when their category names one,
 * else reloading and other gear.
 */
export function feedItemType(item: { variation_type: string; has_capacity: boolean; category_names: readonly string[] }): FeedItemType {
  if (item.variation_type === 'rounds' || item.variation_type === 'shells') return 'ammunition';
  const names = item.category_names.map((n) => n.toLowerCase());
  if (item.has_capacity || names.some((n) => n.includes('magazine'))) return 'magazines';
  for (const t of ['bullets', 'brass', 'primers', 'powder'] as const) if (names.some((n) => n.includes(t))) return t;
  return 'reloading_misc';
}

/** Conditions of ammunition loaded again from fired cases (the catalogue's condition attribute, lower case). */
const RELOADED = new Set(['remanufactured', 'reloaded', 'reload']);

/** Who loaded it, as a feed says: the brand, or "factory reload" for reloaded ammunition (DOMAIN.md). */
export function feedManufacturer(item: { manufacturer: string | null; condition: string | null }): string | null {
  return item.condition !== null && RELOADED.has(item.condition.trim().toLowerCase()) ? 'factory reload' : item.manufacturer;
}

/** The note a MAP-gated price carries in a feed (the advertised price is then at least the MAP). */
export const MAP_NOTES: Record<string, string> = {
  map_gated: 'See price in cart',
  map_checkout_gated: 'See price at checkout',
  map_email_gated: 'Price by email',
};

/**
 * The price a feed shows: the store's price, raised to the MAP with the gate's note when the price is
 * gated below it — unless a MAP holiday of the brand lifts MAP today (the store's price, no note).
 */
export function advertisedPrice(item: { price_cents: number; map_price_cents: number | null; map_gate: string | null; map_lifted: boolean }): { cents: number; map_note: string | null } {
  if (item.map_gate && !item.map_lifted && item.map_price_cents !== null && item.price_cents < item.map_price_cents) {
    return { cents: item.map_price_cents, map_note: MAP_NOTES[item.map_gate] ?? null };
  }
  return { cents: item.price_cents, map_note: null };
}

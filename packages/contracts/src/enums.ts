/** Static enumerations of the specification (SPEC §3). One source for server and browser. */
export const VARIATION_TYPES = ['rounds', 'pieces', 'shells'] as const;
export const PRODUCT_TYPES = ['physical', 'virtual'] as const;
export const SHIPPING_SETTINGS = ['variable', 'per_unit', 'free', 'b2b'] as const;
export const TARGET_DESTINATIONS = ['ammoseek', 'bulkcheapammo'] as const;
export const FEED_FREQUENCIES = [
  { value: 24, label: 'Daily' },
  { value: 168, label: 'Weekly' },
] as const;
export const FEED_FREQUENCY_HOURS = [24, 168] as const;
export const COMPETITOR_OFFER_CATEGORIES = ['handgun', 'rifle', 'rimfire', 'shotgun'] as const;
export const TARGET_SHIP_RATINGS = ['>4', 'CF/Free'] as const;
export const ROUND_GROUPS = ['1', '2-50', '51-100', '101-250', '251-500', '501-1000', '>1K'] as const;
export const MODIFIER_DISPLAY_TYPES = [
  'radio_buttons',
  'rectangles',
  'dropdown',
  'product_list',
  'product_list_with_images',
] as const;
export const FEE_APPLICATIONS = ['fixed', 'per_unit'] as const;
export const PURCHASING_ENTITIES = ['SD', 'LOS'] as const;
export const MAP_GATES = ['map_gated', 'map_checkout_gated', 'map_email_gated'] as const;
export const US_STATES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY',
  'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND',
  'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY',
] as const;

export type VariationType = (typeof VARIATION_TYPES)[number];
export type ProductType = (typeof PRODUCT_TYPES)[number];
export type ShippingSetting = (typeof SHIPPING_SETTINGS)[number];
export type TargetDestination = (typeof TARGET_DESTINATIONS)[number];
export type ModifierDisplayType = (typeof MODIFIER_DISPLAY_TYPES)[number];
export type MapGate = (typeof MAP_GATES)[number];
/** How a MAP-gated price is shown to shoppers: in the cart, at checkout, or by email on request. */
export const MAP_GATE_LABELS: Record<MapGate, string> = { map_gated: 'In cart', map_checkout_gated: 'At checkout', map_email_gated: 'By email' };
export type UsState = (typeof US_STATES)[number];

/** The most rounds of each round group but the last (`ROUND_GROUPS`, in order): the server's SQL reads them too. */
export const ROUND_GROUP_MAX_ROUNDS = [1, 50, 100, 250, 500, 1000] as const;

/** Round group bucket for a number of rounds in one package (SPEC §3, §9). */
export function roundGroupOf(rounds: number): (typeof ROUND_GROUPS)[number] {
  const i = ROUND_GROUP_MAX_ROUNDS.findIndex((max) => rounds <= max);
  return ROUND_GROUPS[i === -1 ? ROUND_GROUPS.length - 1 : i]!;
}

/** Lookup-status kinds served read-only by the API (SPEC §7 "Statuses"). */
export const STATUS_KINDS = [
  'vendor-order-status',
  'order-status',
  'purchase-order-status',
  'invoice-status',
  'customer-service-status',
  'order-route-status',
  'usecase',
] as const;
export type StatusKind = (typeof STATUS_KINDS)[number];

/** Business constants of SPEC §9. */
export const CONSTANTS = {
  storeSelectionDelayMs: 50,
  tokenLifetimeDays: 14,
  tokenStorageKey: 'quartermaster_token',
  /** `POST auth/refresh` every 30 minutes — disabled (SPEC §4, §9): a token lives until it expires, idles out or is revoked. */
  tokenRefresh: { intervalMinutes: 30, enabled: false },
  toast: { durationMs: 3000, animationMs: 300, width: 300 },
  errorReporter: {
    itemsPerMinute: 60,
    maxTelemetryEvents: 100,
    maxPayloadBytes: 524288,
    maxStackFrames: 30,
    maskedText: '********',
  },
  maxPerPage: 500,
  defaultPerPage: 25,
  /** The last page a list serves (past it, narrow the list with filters or a search). */
  maxPage: 100_000,
  /** Ids are PostgreSQL `integer`s. */
  maxId: 2_147_483_647,
} as const;

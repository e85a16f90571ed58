/**
 * Order resolution: the orders that need a person, grouped by why (`GET /api/order-resolution`), the
 * same reasons over time (`GET /api/order-resolution-summary`), and the orders part of the dashboard.
 */
import { z } from 'zod';
import { IsoDate, wholeNumberText } from './common.js';
import { CONSTANTS } from './enums.js';

export const RESOLUTION_REASON_CODES = ['unroutable', 'compliance_hold', 'vendor_backorder', 'address_problem', 'payment_problem', 'vendor_late', 'cs_open'] as const;
export type ResolutionReasonCode = (typeof RESOLUTION_REASON_CODES)[number];

/** Each reason in words, in the order the dashboard shows them. */
export const RESOLUTION_REASON_LABELS: Record<ResolutionReasonCode, string> = {
  unroutable: 'Cannot be routed',
  compliance_hold: 'Compliance hold',
  vendor_backorder: 'Vendor backorder',
  address_problem: 'Address problem',
  payment_problem: 'Payment problem',
  vendor_late: 'Vendor order late',
  cs_open: 'Customer service open',
};

/** What resolves each reason (shown next to its group). */
export const RESOLUTION_REASON_HINTS: Record<ResolutionReasonCode, string> = {
  unroutable: 'No source has the stock, or a vendor minimum is not met: reroute, or cancel the items that cannot ship.',
  compliance_hold: 'An item may not ship to the address: cancel the item, change the address (e.g. to a dealer) or reroute.',
  vendor_backorder: 'A vendor backordered: reroute to another source or cancel the items.',
  address_problem: 'The shipping address is not valid: change the address.',
  payment_problem: 'The payment does not cover the order: settle with the customer, then set the customer-service status.',
  vendor_late: 'A vendor order is past its expected ship date: chase the vendor, reroute or cancel.',
  cs_open: 'Customer service is working on it: resolve and set the customer-service status.',
};


export const ResolutionQuery = z
  .object({
    store_id: wholeNumberText(CONSTANTS.maxId, 'Must be an id').optional(),
    reason: z.enum(RESOLUTION_REASON_CODES).optional(),
    page: wholeNumberText(CONSTANTS.maxPage).default(1),
    per_page: wholeNumberText(CONSTANTS.maxPerPage).default(CONSTANTS.defaultPerPage),
  })
  .strict();

export const ResolutionGroup = z.object({
  reason: z.enum(RESOLUTION_REASON_CODES),
  label: z.string(),
  hint: z.string(),
  count: z.number(),
  oldest_opened_at: z.string().nullable(),
});
export type ResolutionGroup = z.infer<typeof ResolutionGroup>;

/** An open case with the facts of its order. */
export const ResolutionCase = z.object({
  id: z.number(),
  reason: z.enum(RESOLUTION_REASON_CODES),
  detail: z.string(),
  opened_at: z.string(),
  order_id: z.number(),
  order_number: z.string(),
  store_id: z.number(),
  store: z.string().nullable(),
  customer_name: z.string(),
  customer_email: z.string(),
  total_cents: z.number(),
  status: z.string(),
  cs_status: z.string(),
  internal_status_id: z.number().nullable(),
  internal_status: z.string().nullable(),
  /** The order's latest route, if any (a reroute makes a new one). */
  route_id: z.number().nullable(),
  /** The order's other open reasons. */
  other_reasons: z.array(z.enum(RESOLUTION_REASON_CODES)),
});
export type ResolutionCase = z.infer<typeof ResolutionCase>;

export const ResolutionAnswer = z.object({
  groups: z.array(ResolutionGroup),
  /** Open cases and orders needing a person under the store filter (all reasons). */
  open_cases: z.number(),
  open_orders: z.number(),
  oldest_opened_at: z.string().nullable(),
  now: z.string(),
  cases: z.array(ResolutionCase),
  meta: z.object({ total: z.number(), page: z.number(), per_page: z.number() }),
});
export type ResolutionAnswer = z.infer<typeof ResolutionAnswer>;

export const ResolutionSummaryQuery = z
  .object({
    from: IsoDate.optional(),
    to: IsoDate.optional(),
    store_id: wholeNumberText(CONSTANTS.maxId, 'Must be an id').optional(),
    reason: z.enum(RESOLUTION_REASON_CODES).optional(),
  })
  .strict();

const TimeToResolve = {
  opened: z.number(),
  resolved: z.number(),
  /** Of the cases resolved in the range: hours from opened to resolved. */
  median_hours: z.number().nullable(),
  avg_hours: z.number().nullable(),
};

export const ResolutionSummary = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(z.object({ day: z.string(), opened: z.number(), resolved: z.number() })),
  reasons: z.array(z.object({ reason: z.enum(RESOLUTION_REASON_CODES), label: z.string(), ...TimeToResolve, open_now: z.number() })),
  by_store: z.array(z.object({ store_id: z.number(), store: z.string().nullable(), reason: z.enum(RESOLUTION_REASON_CODES), label: z.string(), ...TimeToResolve })),
  totals: z.object({ ...TimeToResolve, open_now: z.number() }),
});
export type ResolutionSummary = z.infer<typeof ResolutionSummary>;

/**
 * Orders placed in a span, not cancelled or refunded: revenue (goods and shipping charged), margin (of
 * the routed ones: a margin needs a route's cost), how many, how many routed, and the routed ones'
 * revenue (what the margin is a share of).
 */
const PeriodFigures = z.object({ revenue: z.number(), margin: z.number(), orders: z.number(), routed: z.number(), routed_revenue: z.number() });

/** The orders part of the dashboard (for those who read orders). */
export const DashboardOrders = z.object({
  pending: z.number(),
  route_needs_review: z.number(),
  needs_person: z.number(),
  by_reason: z.array(z.object({ reason: z.enum(RESOLUTION_REASON_CODES), label: z.string(), count: z.number() })),
  vendor_orders_late: z.number(),
  today: PeriodFigures,
  yesterday: PeriodFigures,
  month: PeriodFigures,
  last_month: PeriodFigures,
  days: z.array(z.object({ day: z.string(), revenue: z.number(), margin: z.number() })),
});
export type DashboardOrders = z.infer<typeof DashboardOrders>;

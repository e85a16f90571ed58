import { z } from 'zod';
import { IdParam, listResponse, Name, stampFields } from './common.js';
import { US_STATES } from './enums.js';

/**
 * Orders (issue 15): what a store's website sends (`POST /api/order`, authenticated by the store's
 * API key), the Orders list and detail, the order actions (status by the state machine, internal and
 * customer-service status, notes, cancelling items, the shipping address) and the store settings
 * that belong to orders (API keys, routing). Money in integer cents.
 */

// ───────────────────────────── enumerations ─────────────────────────────

/** Codes of the order-status lookup (`GET order-status`). */
export const ORDER_STATUSES = [
  'pending',
  'processing',
  'awaiting_compliance',
  'awaiting_fulfillment',
  'partially_shipped',
  'shipped',
  'delivered',
  'on_hold',
  'cancelled',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  awaiting_compliance: 'Awaiting Compliance Review',
  awaiting_fulfillment: 'Awaiting Fulfillment',
  partially_shipped: 'Partially Shipped',
  shipped: 'Shipped',
  delivered: 'Delivered',
  on_hold: 'On Hold',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/** Codes of the customer-service-status lookup; `none` and `resolved` leave nothing open. */
export const CS_STATUSES = ['none', 'awaiting_customer', 'awaiting_documents', 'address_verification', 'escalated', 'resolved'] as const;
export type CsStatus = (typeof CS_STATUSES)[number];
export const CS_STATUS_LABELS: Record<CsStatus, string> = {
  none: 'No Action Needed',
  awaiting_customer: 'Awaiting Customer Reply',
  awaiting_documents: 'Awaiting Documents (FFL / FOID / ID)',
  address_verification: 'Address Verification',
  escalated: 'Escalated',
  resolved: 'Resolved',
};
/** A customer-service status that leaves a case open (`cs_open`). */
export const csStatusIsOpen = (s: CsStatus) => s !== 'none' && s !== 'resolved';

/** How a store's orders are routed (SPEC: cheapest total | fewest shipments | single source only). */
export const ROUTING_STRATEGY_CODES = ['cheapest', 'fewest_shipments', 'single_source'] as const;
export type RoutingStrategyCode = (typeof ROUTING_STRATEGY_CODES)[number];
export const ROUTING_STRATEGY_LABELS: Record<RoutingStrategyCode, string> = {
  cheapest: 'Cheapest total',
  fewest_shipments: 'Fewest shipments',
  single_source: 'Single source only',
};

/** Ways a customer paid, as the stores send them. */
export const PAYMENT_METHODS = ['card', 'paypal', 'ach', 'check', 'gift_card', 'store_credit', 'other'] as const;

// ───────────────────────────── building blocks ─────────────────────────────

/**
 * True when a text holds what looks like a payment card number: 13 to 19 digits (spaces or dashes
 * between them allowed) that pass the Luhn check. Card data is never accepted or kept.
 */
export function looksLikeCardNumber(text: string): boolean {
  // Runs of digits with single spaces or dashes between them, not part of a longer number.
  for (const m of text.matchAll(/(?<![\d])\d(?:[ -]?\d)*(?![\d])/g)) {
    const digits = m[0].replace(/\D/g, '');
    if (digits.length >= 13 && digits.length <= 19 && luhn(digits)) return true;
  }
  return false;
}
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
const CARD_MESSAGE = 'Looks like a card number: card data is never accepted';

/** Text of an order: trimmed, bounded, never a card number. */
const Text = (max: number, min = 1) =>
  z
    .string()
    .trim()
    .min(min, 'Required')
    .max(max, `At most ${max} characters`)
    .refine((v) => !looksLikeCardNumber(v), CARD_MESSAGE);
const OptText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .refine((v) => !looksLikeCardNumber(v), CARD_MESSAGE)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : (v ?? null)));
const Cents = z.number().int('Whole cents').min(0, 'Cannot be negative').max(100_000_000, 'At most $1,000,000');
const Id = z.number().int().min(1).max(2_147_483_647);
const UsState = z.enum(US_STATES, { error: 'A US state code (e.g. TX)' });
/** 5 digits, or 5+4 (`75001-1234`). */
const UsZip = z.string().trim().regex(/^\d{5}(-\d{4})?$/, 'A zip code: 5 digits or 5+4 (e.g. 75001 or 75001-1234)');
const Phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ().-]{7,25}$/, 'A phone number (digits, spaces, + - ( ) .)')
  .nullable()
  .optional()
  .transform((v) => v ?? null);
/** An instant with its offset (`2026-03-14T15:09:26Z`). */
const Instant = z
  .string()
  .datetime({ offset: true, message: 'A date and time with its offset (e.g. 2026-03-14T15:09:26Z)' })
  .refine((v) => v >= '2000-01-01' && Date.parse(v) <= Date.now() + 86_400_000, 'Not before 2000 and not in the future');

export const OrderAddress = z
  .object({
    name: Text(200),
    line1: Text(200),
    line2: OptText(200),
    city: Text(100),
    state: UsState,
    zip: UsZip,
  })
  .strict();
export const OrderShipAddress = OrderAddress.extend({
  company: OptText(200),
  /** Ships to a licensed dealer (FFL) — what "dealer only" items need. */
  to_dealer: z.boolean().default(false),
  dealer_license: OptText(40),
}).strict();
export type OrderShipAddress = z.input<typeof OrderShipAddress>;

// ───────────────────────────── intake ─────────────────────────────

export const OrderIntakeItem = z
  .object({
    sku: z.string().trim().min(1, 'Required').max(64, 'At most 64 characters'),
    quantity: z.number().int('Whole units').min(1, 'At least 1').max(9999, 'At most 9,999'),
    unit_price_cents: Cents,
    /** Off the whole line (not per unit). */
    discount_cents: Cents.default(0),
    title: OptText(300),
  })
  .strict()
  .refine((i) => i.discount_cents <= i.quantity * i.unit_price_cents, { message: 'The discount is more than the line', path: ['discount_cents'] });

/**
 * An order as a store sends it. The store is the API key's; the store's own `number` makes the
 * intake idempotent. Payment is a summary (method, amount captured) — never card data: no field may
 * hold a card number, and unknown fields are refused.
 */
export const OrderIntake = z
  .object({
    number: z
      .string()
      .trim()
      .min(1, 'Required')
      .max(40, 'At most 40 characters')
      .regex(/^[A-Za-z0-9][A-Za-z0-9._\-/#]*$/, 'Letters, digits and . _ - / #'),
    placed_at: Instant,
    customer: z.object({ name: Text(200), email: z.string().trim().toLowerCase().email('Enter a valid email address').max(200), phone: Phone }).strict(),
    shipping_address: OrderShipAddress,
    billing_address: OrderAddress,
    items: z.array(OrderIntakeItem).min(1, 'An order needs at least one item').max(200, 'At most 200 items'),
    shipping_charged_cents: Cents.default(0),
    tax_cents: Cents.default(0),
    payment: z
      .object({
        method: z.enum(PAYMENT_METHODS),
        captured_cents: Cents,
        /** The payment processor's reference (never a card number). */
        reference: OptText(100),
      })
      .strict(),
    customer_notes: OptText(2000),
  })
  .strict();
export type OrderIntake = z.input<typeof OrderIntake>;

export const OrderIntakeAnswer = z.object({
  id: z.number(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** False when the store had sent this order before (the answer is the existing order). */
  created: z.boolean(),
  total_cents: z.number(),
  /** Resolution cases the order opened (`address_problem`, `payment_problem`). */
  cases: z.array(z.string()),
});
export type OrderIntakeAnswer = z.infer<typeof OrderIntakeAnswer>;

// ───────────────────────────── list ─────────────────────────────

export const OrderListItem = z.object({
  id: z.number(),
  number: z.string(),
  placed_at: z.string(),
  store_id: z.number(),
  store_name: z.string(),
  status: z.enum(ORDER_STATUSES),
  internal_status_id: z.number().nullable(),
  internal_status_name: z.string().nullable(),
  cs_status: z.enum(CS_STATUSES),
  customer_name: z.string(),
  customer_email: z.string(),
  item_count: z.number(),
  units: z.number(),
  total_cents: z.number(),
  /** Goods and shipping charged, without tax: what the margin is a share of (as in the order reports). */
  revenue_cents: z.number(),
  /** What routing pays (items, fees, shipping); null until routed. */
  cost_cents: z.number().nullable(),
  margin_cents: z.number().nullable(),
  compliance_hold: z.boolean(),
  is_split: z.boolean(),
  is_late: z.boolean(),
  open_cases: z.number(),
  ...stampFields,
});
export type OrderListItem = z.infer<typeof OrderListItem>;
export const ORDER_LIST = {
  sort: ['id', 'number', 'placed_at', 'status', 'total_cents', 'margin_cents'],
  /** `from`/`to`: days the order was placed (inclusive); flags: `compliance_hold`, `is_split`, `is_late`, `has_cases` (true/false). */
  filter: ['id', 'store_id', 'status', 'internal_status_id', 'cs_status', 'compliance_hold', 'is_split', 'is_late', 'has_cases', 'from', 'to'],
} as const;
export const OrderListResponse = listResponse(OrderListItem);

// ───────────────────────────── detail ─────────────────────────────

export const OrderItemRow = z.object({
  id: z.number(),
  line_no: z.number(),
  variant_id: z.number(),
  product_id: z.number().nullable(),
  sku: z.string(),
  title: z.string().nullable(),
  quantity: z.number(),
  cancelled_quantity: z.number(),
  unit_price_cents: z.number(),
  discount_cents: z.number(),
  /** What is not cancelled, at its price, less its share of the discount. */
  amount_cents: z.number(),
  cost_cents: z.number().nullable(),
  margin_cents: z.number().nullable(),
});
export type OrderItemRow = z.infer<typeof OrderItemRow>;

export const OrderAddressView = z.object({
  name: z.string(),
  company: z.string().nullable(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
});

export const OrderDetail = OrderListItem.extend({
  customer_phone: z.string().nullable(),
  shipping_address: OrderAddressView.extend({ to_dealer: z.boolean(), dealer_license: z.string().nullable() }),
  billing_address: OrderAddressView,
  subtotal_cents: z.number(),
  shipping_charged_cents: z.number(),
  tax_cents: z.number(),
  payment_method: z.string(),
  payment_captured_cents: z.number(),
  customer_notes: z.string().nullable(),
  items: z.array(OrderItemRow),
  routes: z.array(
    z.object({ id: z.number(), /** a code of the order-route-status lookup */ status: z.string(), strategy: z.enum(ROUTING_STRATEGY_CODES), is_stale: z.boolean(), created_at: z.string(), chosen_at: z.string().nullable(), failure_reason: z.string().nullable() }),
  ),
  vendor_orders: z.array(
    z.object({
      id: z.number(),
      number: z.string(),
      status: z.string(),
      source_name: z.string(),
      total_cents: z.number(),
      created_at: z.string(),
    }),
  ),
  history: z.array(
    z.object({ id: z.number(), at: z.string(), field: z.string(), from_value: z.string().nullable(), to_value: z.string().nullable(), user_name: z.string().nullable(), note: z.string().nullable() }),
  ),
  notes: z.array(z.object({ id: z.number(), at: z.string(), user_name: z.string().nullable(), body: z.string() })),
  cases: z.array(
    z.object({ id: z.number(), reason: z.string(), detail: z.string(), opened_at: z.string(), resolved_at: z.string().nullable(), resolution: z.string().nullable() }),
  ),
  /** Statuses the state machine allows next. */
  allowed_statuses: z.array(z.enum(ORDER_STATUSES)),
});
export type OrderDetail = z.infer<typeof OrderDetail>;

// ───────────────────────────── actions ─────────────────────────────

export const OrderStatusChange = z.object({ status: z.enum(ORDER_STATUSES), note: z.string().trim().max(500, 'At most 500 characters').optional() }).strict();
export const OrderInternalStatusChange = z.object({ internal_status_id: Id.nullable() }).strict();
export const OrderCsStatusChange = z.object({ cs_status: z.enum(CS_STATUSES), note: z.string().trim().max(500, 'At most 500 characters').optional() }).strict();
export const OrderNoteCreate = z.object({ body: z.string().trim().min(1, 'Write the note').max(4000, 'At most 4,000 characters') }).strict();
export const OrderCancelItems = z
  .object({
    items: z
      .array(z.object({ order_item_id: Id, quantity: z.number().int('Whole units').min(1, 'At least 1').max(9999, 'At most 9,999') }).strict())
      .min(1, 'Choose at least one item')
      .max(200)
      .refine((xs) => new Set(xs.map((x) => x.order_item_id)).size === xs.length, 'Each item once'),
    reason: z.string().trim().min(1, 'Say why').max(500, 'At most 500 characters'),
  })
  .strict();
export type OrderCancelItems = z.input<typeof OrderCancelItems>;
export const OrderAddressChange = z
  .object({
    ship_name: Name,
    ship_company: OptText(200),
    ship_line1: Text(200),
    ship_line2: OptText(200),
    ship_city: Text(100),
    ship_state: UsState,
    ship_zip: UsZip,
    ship_to_dealer: z.boolean().default(false),
    ship_dealer_license: OptText(40),
  })
  .strict();
export type OrderAddressChange = z.input<typeof OrderAddressChange>;

// ───────────────────────────── store settings ─────────────────────────────

export const StoreApiKey = z.object({
  id: z.number(),
  store_id: z.number(),
  name: z.string(),
  /** The key's first characters, to tell keys apart. */
  prefix: z.string(),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type StoreApiKey = z.infer<typeof StoreApiKey>;
export const StoreApiKeyCreate = z.object({ name: Name }).strict();
/** The new key, shown once: only its hash is kept. */
export const StoreApiKeyCreated = StoreApiKey.extend({ key: z.string() });
export type StoreApiKeyCreated = z.infer<typeof StoreApiKeyCreated>;
export const StoreKeyParams = z.object({ id: IdParam, keyId: IdParam });

export const StoreRouting = z.object({
  store_id: z.number(),
  strategy: z.enum(ROUTING_STRATEGY_CODES),
  auto_route: z.boolean(),
  updated_at: z.string().nullable(),
});
export type StoreRouting = z.infer<typeof StoreRouting>;
export const StoreRoutingUpdate = z.object({ strategy: z.enum(ROUTING_STRATEGY_CODES), auto_route: z.boolean() }).strict();
export type StoreRoutingUpdate = z.input<typeof StoreRoutingUpdate>;

import { z } from 'zod';
import { listResponse, stampFields, Versioned } from './common.js';
import { ROUTING_STRATEGY_CODES } from './orders.js';

/**
 * Order routing (issue "Routing"): an order route is one routing of an order; its items are the
 * order's lines with their compliance outcome at the ship-to address; its options are candidate
 * placements over our warehouses and drop-ship vendors, ranked, each with per-source totals.
 * Choosing an option creates the vendor orders (one per source) that are then followed through
 * their own state machine. Money in integer cents.
 */

// ───────────────────────────── enumerations ─────────────────────────────

/** Codes of the order-route-status lookup. */
export const ROUTE_STATUSES = ['pending', 'computed', 'needs_review', 'selected', 'submitted', 'failed'] as const;
export type RouteStatus = (typeof ROUTE_STATUSES)[number];
export const SOURCE_KIND_CODES = ['vendor', 'warehouse'] as const;
export type SourceKind = (typeof SOURCE_KIND_CODES)[number];
/** Where a share of an order ships from: a drop-ship vendor or one of our warehouses, and its name. */
const sourceFields = {
  source_kind: z.enum(SOURCE_KIND_CODES),
  vendor_id: z.number().nullable(),
  location_id: z.number().nullable(),
  source_name: z.string(),
};

/** Codes of the vendor-order-status lookup. */
export const VENDOR_ORDER_STATUSES = ['draft', 'submitted', 'acknowledged', 'backordered', 'partially_shipped', 'shipped', 'delivered', 'rejected', 'cancelled'] as const;
export type VendorOrderStatus = (typeof VENDOR_ORDER_STATUSES)[number];
/** What can be done to a vendor order (each moves its status; the server's table says from where). */
export const VENDOR_ORDER_ACTIONS = ['send', 'confirm', 'backorder', 'ship', 'deliver', 'reject', 'cancel'] as const;
export type VendorOrderAction = (typeof VENDOR_ORDER_ACTIONS)[number];
export const VENDOR_ORDER_ACTION_LABELS: Record<VendorOrderAction, string> = {
  send: 'Send',
  confirm: 'Confirm',
  backorder: 'Mark backordered',
  ship: 'Mark shipped',
  deliver: 'Mark delivered',
  reject: 'Rejected by vendor',
  cancel: 'Cancel',
};
/** How a vendor takes drop-ship orders (`vendors.order_channel`). */
export const ORDER_CHANNEL_CODES = ['email', 'edi', 'api', 'portal'] as const;
export const ORDER_CHANNEL_LABELS: Record<(typeof ORDER_CHANNEL_CODES)[number], string> = { email: 'Email', edi: 'EDI', api: 'API', portal: 'Vendor portal' };

// ───────────────────────────── routes ─────────────────────────────

export const OrderRouteListItem = z.object({
  id: z.number(),
  order_id: z.number(),
  order_number: z.string(),
  store_id: z.number(),
  store_name: z.string(),
  status: z.enum(ROUTE_STATUSES),
  strategy: z.enum(ROUTING_STRATEGY_CODES),
  /** Null: the automatic run. */
  created_by_name: z.string().nullable(),
  computed_at: z.string().nullable(),
  chosen_option_id: z.number().nullable(),
  chosen_at: z.string().nullable(),
  is_stale: z.boolean(),
  failure_reason: z.string().nullable(),
  item_count: z.number(),
  option_count: z.number(),
  /** The best feasible option's total. */
  best_total_cents: z.number().nullable(),
  ...stampFields,
});
export type OrderRouteListItem = z.infer<typeof OrderRouteListItem>;
export const ORDER_ROUTE_LIST = {
  sort: ['id', 'status', 'computed_at', 'created_at', 'best_total_cents'],
  filter: ['id', 'order_id', 'store_id', 'vendor_id', 'status', 'strategy', 'is_stale', 'from', 'to'],
} as const;
export const OrderRouteListResponse = listResponse(OrderRouteListItem);

export const OrderRouteItemListItem = z.object({
  id: z.number(),
  route_id: z.number(),
  route_status: z.enum(ROUTE_STATUSES),
  order_id: z.number(),
  order_number: z.string(),
  order_item_id: z.number(),
  variant_id: z.number(),
  sku: z.string(),
  title: z.string().nullable(),
  quantity: z.number(),
  /** The strictest compliance effect at the address; null: allowed. */
  compliance_outcome: z.string().nullable(),
  compliance_reason: z.string().nullable(),
});
export type OrderRouteItemListItem = z.infer<typeof OrderRouteItemListItem>;
export const ORDER_ROUTE_ITEM_LIST = {
  sort: ['id', 'sku', 'quantity', 'compliance_outcome'],
  filter: ['id', 'route_id', 'order_id', 'variant_id', 'compliance_outcome'],
} as const;
export const OrderRouteItemListResponse = listResponse(OrderRouteItemListItem);

/** One source's line in an option. */
export const RouteLine = z.object({
  order_item_id: z.number(),
  variant_id: z.number(),
  sku: z.string(),
  quantity: z.number(),
  unit_cost_cents: z.number(),
  reason: z.string(),
});
export type RouteLine = z.infer<typeof RouteLine>;
/** One fee of a source's share, as the fee function worked it out. */
export const RouteFeeLine = z.object({
  fee_id: z.number(),
  name: z.string(),
  application: z.string(),
  unit_basis: z.string().nullable(),
  amount_cents: z.number(),
  status: z.string(),
  reason: z.string(),
  units: z.number(),
  total_cents: z.number(),
});
export type RouteFeeLine = z.infer<typeof RouteFeeLine>;

export const OrderRouteOptionVendorTotalListItem = z.object({
  id: z.number(),
  option_id: z.number(),
  option_rank: z.number(),
  route_id: z.number(),
  order_id: z.number(),
  order_number: z.string(),
  ...sourceFields,
  items_cents: z.number(),
  fixed_fees_cents: z.number(),
  per_unit_fees_cents: z.number(),
  shipping_cents: z.number(),
  total_cents: z.number(),
  min_order_cents: z.number().nullable(),
  min_order_met: z.boolean(),
  units: z.number(),
  lines: z.array(RouteLine),
  fee_lines: z.array(RouteFeeLine),
});
export type OrderRouteOptionVendorTotalListItem = z.infer<typeof OrderRouteOptionVendorTotalListItem>;
export const ORDER_ROUTE_OPTION_VENDOR_TOTAL_LIST = {
  sort: ['id', 'source_name', 'total_cents', 'items_cents', 'shipping_cents'],
  filter: ['id', 'option_id', 'route_id', 'order_id', 'vendor_id', 'location_id', 'source_kind', 'min_order_met'],
} as const;
export const OrderRouteOptionVendorTotalListResponse = listResponse(OrderRouteOptionVendorTotalListItem);

export const OrderRouteOptionListItem = z.object({
  id: z.number(),
  route_id: z.number(),
  route_status: z.enum(ROUTE_STATUSES),
  order_id: z.number(),
  order_number: z.string(),
  rank: z.number(),
  is_feasible: z.boolean(),
  /** "Dallas Warehouse + Ammo Direct" — the sources it uses. */
  description: z.string(),
  infeasible_reason: z.string().nullable(),
  total_cents: z.number(),
  shipments: z.number(),
  /** How much more the next option costs (null: the last). */
  delta_to_next_cents: z.number().nullable(),
  /** How much more than option 1 (0 for the best; null when infeasible). */
  delta_to_best_cents: z.number().nullable(),
  is_chosen: z.boolean(),
  /** Why each item went where, in words. */
  explanation: z.array(z.string()),
  ...stampFields,
});
export type OrderRouteOptionListItem = z.infer<typeof OrderRouteOptionListItem>;
export const ORDER_ROUTE_OPTION_LIST = {
  sort: ['id', 'rank', 'total_cents', 'shipments'],
  filter: ['id', 'route_id', 'order_id', 'is_feasible', 'is_chosen'],
} as const;
export const OrderRouteOptionListResponse = listResponse(OrderRouteOptionListItem);

/** A route as a person works it: the order's facts, its items, its options side by side, and the vendor orders once chosen. */
export const OrderRouteDetail = OrderRouteListItem.extend({
  order_status: z.string(),
  ship_to: z.string(),
  ship_to_dealer: z.boolean(),
  items: z.array(OrderRouteItemListItem),
  options: z.array(OrderRouteOptionListItem.extend({ vendor_totals: z.array(OrderRouteOptionVendorTotalListItem) })),
  vendor_orders: z.array(z.object({ id: z.number(), number: z.string(), source_name: z.string(), status: z.enum(VENDOR_ORDER_STATUSES), total_cents: z.number() })),
  /** Why the route cannot be chosen now (stale, already chosen, failed), or null. */
  choose_blocked: z.string().nullable(),
});
export type OrderRouteDetail = z.infer<typeof OrderRouteDetail>;

/** Computing or recomputing a route: the store's strategy unless another is asked for this once. */
export const RouteRequestBody = z.object({ strategy: z.enum(ROUTING_STRATEGY_CODES, { message: 'Cheapest, fewest shipments or single source' }).optional() }).strict();
export type RouteRequestBody = z.infer<typeof RouteRequestBody>;
export const ChooseOptionBody = z.object({ option_id: z.number().int().min(1).max(2_147_483_647) }).strict();
export type ChooseOptionBody = z.infer<typeof ChooseOptionBody>;
export const RouteComputed = z.object({ route_id: z.number(), status: z.enum(ROUTE_STATUSES) });
export type RouteComputed = z.infer<typeof RouteComputed>;

// ───────────────────────────── vendor orders ─────────────────────────────

export const VendorOrderListItem = z.object({
  id: z.number(),
  number: z.string(),
  order_id: z.number(),
  order_number: z.string(),
  ...sourceFields,
  status: z.enum(VENDOR_ORDER_STATUSES),
  item_count: z.number(),
  units: z.number(),
  items_cents: z.number(),
  fees_cents: z.number(),
  shipping_cents: z.number(),
  total_cents: z.number(),
  tracking_numbers: z.array(z.string()),
  sent_at: z.string().nullable(),
  expected_ship_date: z.string().nullable(),
  /** Not shipped and past its expected ship date. */
  is_late: z.boolean(),
  ...stampFields,
});
export type VendorOrderListItem = z.infer<typeof VendorOrderListItem>;
export const VENDOR_ORDER_LIST = {
  sort: ['id', 'number', 'source_name', 'status', 'total_cents', 'sent_at', 'expected_ship_date', 'created_at'],
  filter: ['id', 'order_id', 'vendor_id', 'location_id', 'source_kind', 'status', 'is_late', 'from', 'to'],
} as const;
export const VendorOrderListResponse = listResponse(VendorOrderListItem);

export const VendorOrderItem = z.object({
  id: z.number(),
  order_item_id: z.number(),
  variant_id: z.number(),
  sku: z.string(),
  title: z.string().nullable(),
  vendor_sku: z.string().nullable(),
  quantity: z.number(),
  unit_cost_cents: z.number(),
  line_cents: z.number(),
});
export type VendorOrderItem = z.infer<typeof VendorOrderItem>;

export const VendorOrderDetail = VendorOrderListItem.extend({
  route_id: z.number().nullable(),
  option_id: z.number().nullable(),
  order_channel: z.enum(ORDER_CHANNEL_CODES).nullable(),
  instructions: z.string().nullable(),
  confirmed_at: z.string().nullable(),
  shipped_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  created_by_name: z.string().nullable(),
  items: z.array(VendorOrderItem),
  outbox: z.array(z.object({ id: z.number(), channel: z.string(), kind: z.string(), created_at: z.string() })),
  allowed_actions: z.array(z.enum(VENDOR_ORDER_ACTIONS)),
});
export type VendorOrderDetail = z.infer<typeof VendorOrderDetail>;

const Note = z
  .string()
  .trim()
  .max(500, 'At most 500 characters')
  .nullable()
  .optional()
  .transform((v) => (v === '' ? null : (v ?? null)));
const Reason = z.string().trim().min(1, 'Say why').max(500, 'At most 500 characters');
export const TrackingNumber = z.string().trim().min(4, 'At least 4 characters').max(60, 'At most 60 characters').regex(/^[A-Za-z0-9 -]+$/, 'Letters, digits, spaces and dashes');

/** send, confirm, deliver: the version read, and an optional note. */
export const VendorOrderActionBody = z.object({ ...Versioned.shape, note: Note }).strict();
export type VendorOrderActionBody = z.input<typeof VendorOrderActionBody>;
/** ship: tracking numbers (at least one); `partial` when some items are still to come. */
export const VendorOrderShipBody = z
  .object({ ...Versioned.shape, tracking_numbers: z.array(TrackingNumber).min(1, 'Enter at least one tracking number').max(20, 'At most 20'), partial: z.boolean().default(false) })
  .strict();
export type VendorOrderShipBody = z.input<typeof VendorOrderShipBody>;
/** backorder, reject, cancel: why. */
export const VendorOrderReasonBody = z.object({ ...Versioned.shape, reason: Reason }).strict();
export type VendorOrderReasonBody = z.input<typeof VendorOrderReasonBody>;

/**
 * Customer orders from the stores, their routing to sources (our warehouses and drop-ship vendors),
 * the vendor orders that routing creates, and the cases that need a person (order resolution).
 * Money is in integer cents. Status columns hold codes of the lookups (SPEC §7: order-status,
 * vendor-order-status, customer-service-status, order-route-status); the state machines live in the
 * services, in the same transactions as the writes.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, date, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { stores, variants } from './catalog.js';
import { internalStatuses, stamps, ts, users } from './core.js';
import { locations, vendors } from './purchasing.js';

const inList = (col: string, values: readonly string[]) => sql.raw(`${col} in (${values.map((v) => `'${v}'`).join(', ')})`);

/**
 * An order's revenue, of an order read as `o`: what the customer pays for goods and shipping (tax is not
 * ours) — what `margin_cents` is taken from, and what a margin's share is of.
 */
export const ORDER_REVENUE = sql`(o.subtotal_cents + o.shipping_charged_cents)`;

export const ROUTING_STRATEGIES = ['cheapest', 'fewest_shipments', 'single_source'] as const;
export const ORDER_CHANNELS = ['email', 'edi', 'api', 'portal'] as const;
export const SOURCE_KINDS = ['vendor', 'warehouse'] as const;
/** Why an order needs a person (the resolution dashboard's groups). */
export const RESOLUTION_REASONS = ['unroutable', 'compliance_hold', 'vendor_backorder', 'address_problem', 'payment_problem', 'vendor_late', 'cs_open'] as const;

/** How a store's orders are routed (store settings). */
export const storeRoutingSettings = pgTable(
  'store_routing_settings',
  {
    store_id: integer('store_id')
      .primaryKey()
      .references(() => stores.id, { onDelete: 'cascade' }),
    strategy: text('strategy').notNull().default('cheapest'),
    /** Choose the best option without a person when the order has one feasible option. */
    auto_route: boolean('auto_route').notNull().default(false),
    ...stamps(),
  },
  () => [check('store_routing_settings_strategy_check', inList('strategy', ROUTING_STRATEGIES))],
);

/**
 * The keys a store's website sends orders with (`POST /api/order`). Only a SHA-256 hash of the key is
 * kept; `prefix` (the key's first characters) lets staff tell keys apart.
 */
export const storeApiKeys = pgTable(
  'store_api_keys',
  {
    id: serial('id').primaryKey(),
    store_id: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    key_hash: text('key_hash').notNull(),
    created_by: integer('created_by').references(() => users.id),
    last_used_at: ts('last_used_at'),
    revoked_at: ts('revoked_at'),
    revoked_by: integer('revoked_by').references(() => users.id),
    ...stamps(),
  },
  (t) => [uniqueIndex('store_api_keys_hash_key').on(t.key_hash), index('store_api_keys_store_idx').on(t.store_id)],
);

/** A customer's order as a store sent it, with what routing and people made of it. */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    store_id: integer('store_id')
      .notNull()
      .references(() => stores.id),
    /** The store's own order number (unique per store: intake is idempotent by it). */
    number: text('number').notNull(),
    placed_at: ts('placed_at').notNull(),
    /** A code of the order-status lookup. */
    status: text('status').notNull().default('pending'),
    internal_status_id: integer('internal_status_id').references(() => internalStatuses.id),
    /** A code of the customer-service-status lookup. */
    cs_status: text('cs_status').notNull().default('none'),
    customer_name: text('customer_name').notNull(),
    customer_email: text('customer_email').notNull(),
    customer_phone: text('customer_phone'),
    ship_name: text('ship_name').notNull(),
    ship_company: text('ship_company'),
    ship_line1: text('ship_line1').notNull(),
    ship_line2: text('ship_line2'),
    ship_city: text('ship_city').notNull(),
    ship_state: text('ship_state').notNull(),
    ship_zip: text('ship_zip').notNull(),
    /** Ships to a licensed dealer (FFL / licensed ammunition vendor) — what "dealer only" items need. */
    ship_to_dealer: boolean('ship_to_dealer').notNull().default(false),
    ship_dealer_license: text('ship_dealer_license'),
    bill_name: text('bill_name').notNull(),
    bill_line1: text('bill_line1').notNull(),
    bill_line2: text('bill_line2'),
    bill_city: text('bill_city').notNull(),
    bill_state: text('bill_state').notNull(),
    bill_zip: text('bill_zip').notNull(),
    shipping_charged_cents: integer('shipping_charged_cents').notNull().default(0),
    tax_cents: integer('tax_cents').notNull().default(0),
    payment_method: text('payment_method').notNull(),
    payment_captured_cents: integer('payment_captured_cents').notNull().default(0),
    customer_notes: text('customer_notes'),
    /**
     * Kept by triggers on `order_items` (migration orders_triggers), never written by the API: items =
     * lines, units = Σ (quantity − cancelled), subtotal = Σ of each line's amount (what is not
     * cancelled at its unit price, less its share of the line's discount). Generated: total = subtotal +
     * shipping charged + tax; margin = subtotal + shipping charged − cost. `cost` is the chosen
     * option's total (items, fees, shipping) of what is not cancelled, null while not routed.
     */
    item_count: integer('item_count').notNull().default(0),
    units: integer('units').notNull().default(0),
    subtotal_cents: bigint('subtotal_cents', { mode: 'number' }).notNull().default(0),
    total_cents: bigint('total_cents', { mode: 'number' }).generatedAlwaysAs(sql`subtotal_cents + shipping_charged_cents + tax_cents`),
    cost_cents: bigint('cost_cents', { mode: 'number' }),
    margin_cents: bigint('margin_cents', { mode: 'number' }).generatedAlwaysAs(sql`subtotal_cents + shipping_charged_cents - cost_cents`),
    /** Flags the list shows: an open compliance hold, shipped from more than one source, a late vendor order. */
    compliance_hold: boolean('compliance_hold').notNull().default(false),
    is_split: boolean('is_split').notNull().default(false),
    is_late: boolean('is_late').notNull().default(false),
    /** Open resolution cases and whether one is a compliance hold: kept by triggers on `order_resolution_cases`. */
    open_cases: integer('open_cases').notNull().default(0),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('orders_store_number_key').on(t.store_id, t.number),
    // INCLUDE (number, customer_email, customer_name): migration 0033 (the list's broad searches read the index alone)
    index('orders_placed_idx').on(t.placed_at, t.id),
    index('orders_store_placed_idx').on(t.store_id, t.placed_at),
    index('orders_status_placed_idx').on(t.status, t.placed_at),
    // one store's orders in one status, newest first (the list's commonest pair of filters): its page read in order
    index('orders_store_status_placed_idx').on(t.store_id, t.status, t.placed_at, t.id),
    index('orders_number_prefix_idx').on(sql`upper(${t.number}) text_pattern_ops`),
    index('orders_email_prefix_idx').on(sql`lower(${t.customer_email}) text_pattern_ops`),
    index('orders_open_cases_idx').on(t.placed_at).where(sql`open_cases > 0`),
    // The Orders list's filters, each in the list's order (placed at, newest first) — migration orders_list_indexes.
    index('orders_cs_status_placed_idx').on(t.cs_status, t.placed_at).where(sql`cs_status <> 'none'`),
    index('orders_internal_status_placed_idx').on(t.internal_status_id, t.placed_at).where(sql`internal_status_id is not null`),
    index('orders_hold_placed_idx').on(t.placed_at).where(sql`compliance_hold`),
    index('orders_late_placed_idx').on(t.placed_at).where(sql`is_late`),
    index('orders_split_placed_idx').on(t.placed_at).where(sql`is_split`),
    // A full name typed from its start (the list's search with a space in it).
    // INCLUDE (customer_name, placed_at, id): migration 0041 (a full name's page from the index alone)
    index('orders_customer_name_prefix_idx').on(sql`lower(${t.customer_name}) text_pattern_ops`),
    check('orders_money_check', sql`shipping_charged_cents >= 0 and tax_cents >= 0 and payment_captured_cents >= 0`),
  ],
);

/** A line of an order: a variant, bought at a price. `cancelled_quantity` of it will not ship. */
export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    line_no: integer('line_no').notNull(),
    variant_id: integer('variant_id')
      .notNull()
      .references(() => variants.id),
    /** The SKU as the store sent it (the variant's at the time). */
    sku: text('sku').notNull(),
    title: text('title'),
    quantity: integer('quantity').notNull(),
    unit_price_cents: integer('unit_price_cents').notNull(),
    discount_cents: integer('discount_cents').notNull().default(0),
    cancelled_quantity: integer('cancelled_quantity').notNull().default(0),
    /** What the chosen route pays for this line (items only), null while not routed. */
    cost_cents: bigint('cost_cents', { mode: 'number' }),
    /** The order's placed_at, kept by triggers (migration 0040): a SKU's orders newest first from its index alone. */
    placed_at: ts('placed_at').notNull(),
    /** On a vendor order of a drop-ship vendor that is not cancelled; kept by triggers (migration 0044), the API never writes it. */
    drop_shipped: boolean('drop_shipped').notNull().default(false),
  },
  (t) => [
    uniqueIndex('order_items_order_line_key').on(t.order_id, t.line_no),
    index('order_items_variant_idx').on(t.variant_id),
    // INCLUDE (sku): migration 0040 (the orders of a SKU, newest first, read from the index alone)
    index('order_items_sku_idx').on(sql`upper(${t.sku})`, t.placed_at.desc().nullsFirst(), t.order_id.desc().nullsFirst()),
    check('order_items_numbers_check', sql`quantity > 0 and unit_price_cents >= 0 and discount_cents >= 0 and cancelled_quantity >= 0 and cancelled_quantity <= quantity`),
  ],
);

/** Every change of an order's status, internal status or customer-service status. */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    at: ts('at').notNull().defaultNow(),
    /** `status` | `internal_status` | `cs_status`. */
    field: text('field').notNull(),
    from_value: text('from_value'),
    to_value: text('to_value'),
    user_id: integer('user_id').references(() => users.id),
    note: text('note'),
  },
  (t) => [index('order_status_history_order_idx').on(t.order_id, t.at), check('order_status_history_field_check', inList('field', ['status', 'internal_status', 'cs_status']))],
);

/** Staff notes on an order (internal; the customer never sees them). */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    at: ts('at').notNull().defaultNow(),
    user_id: integer('user_id').references(() => users.id),
    body: text('body').notNull(),
  },
  (t) => [index('order_notes_order_idx').on(t.order_id, t.at)],
);

/**
 * Something about an order that needs a person, from when it was found until its reason is gone.
 * At most one open case per order and reason; `orders.open_cases` counts the open ones.
 */
export const orderResolutionCases = pgTable(
  'order_resolution_cases',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    store_id: integer('store_id').notNull(),
    reason: text('reason').notNull(),
    /** The reason in words ("no vendor stocks SKU X", "minimum order $250.00 not met at Y"). */
    detail: text('detail').notNull(),
    opened_at: ts('opened_at').notNull().defaultNow(),
    resolved_at: ts('resolved_at'),
    resolved_by: integer('resolved_by').references(() => users.id),
    /** How it ended ("rerouted", "items cancelled", "reason gone"). */
    resolution: text('resolution'),
  },
  (t) => [
    uniqueIndex('order_resolution_cases_open_key').on(t.order_id, t.reason).where(sql`resolved_at is null`),
    index('order_resolution_cases_open_idx').on(t.reason, t.opened_at).where(sql`resolved_at is null`),
    index('order_resolution_cases_opened_idx').on(t.opened_at),
    index('order_resolution_cases_resolved_idx').on(t.resolved_at),
    check('order_resolution_cases_reason_check', inList('reason', RESOLUTION_REASONS)),
  ],
);

/** One routing of an order: what was asked (its items), the ranked options, the one chosen. */
export const orderRoutes = pgTable(
  'order_routes',
  {
    id: serial('id').primaryKey(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** A code of the order-route-status lookup. */
    status: text('status').notNull().default('pending'),
    strategy: text('strategy').notNull(),
    /** Null: the automatic run. */
    created_by: integer('created_by').references(() => users.id),
    computed_at: ts('computed_at'),
    chosen_option_id: integer('chosen_option_id'),
    chosen_at: ts('chosen_at'),
    chosen_by: integer('chosen_by').references(() => users.id),
    /** Stock, cost or rules changed since the options were computed (recomputing is a job). */
    is_stale: boolean('is_stale').notNull().default(false),
    /** Why no option is feasible, in words (status `failed`). */
    failure_reason: text('failure_reason'),
    ...stamps(),
  },
  (t) => [
    index('order_routes_order_idx').on(t.order_id, t.id),
    index('order_routes_status_idx').on(t.status, t.id),
    check('order_routes_strategy_check', inList('strategy', ROUTING_STRATEGIES)),
  ],
);

/** An order's line as the route places it, with the compliance outcome for the ship-to address. */
export const orderRouteItems = pgTable(
  'order_route_items',
  {
    id: serial('id').primaryKey(),
    route_id: integer('route_id')
      .notNull()
      .references(() => orderRoutes.id, { onDelete: 'cascade' }),
    order_item_id: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    variant_id: integer('variant_id').notNull(),
    sku: text('sku').notNull(),
    quantity: integer('quantity').notNull(),
    /** The strictest compliance effect for the address, or null when nothing applies. */
    compliance_outcome: text('compliance_outcome'),
    compliance_reason: text('compliance_reason'),
  },
  (t) => [index('order_route_items_route_idx').on(t.route_id), index('order_route_items_item_idx').on(t.order_item_id)],
);

/** A candidate placement of a route's items, ranked (1 = best); infeasible candidates say why. */
export const orderRouteOptions = pgTable(
  'order_route_options',
  {
    id: serial('id').primaryKey(),
    route_id: integer('route_id')
      .notNull()
      .references(() => orderRoutes.id, { onDelete: 'cascade' }),
    rank: integer('rank').notNull(),
    is_feasible: boolean('is_feasible').notNull().default(true),
    description: text('description').notNull(),
    infeasible_reason: text('infeasible_reason'),
    total_cents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
    shipments: integer('shipments').notNull().default(0),
    delta_to_next_cents: bigint('delta_to_next_cents', { mode: 'number' }),
    /** Why each item went where, in words. */
    explanation: jsonb('explanation').notNull().default(sql`'[]'::jsonb`),
    ...stamps(),
  },
  (t) => [index('order_route_options_route_idx').on(t.route_id, t.rank)],
);

/**
 * One source's share of an option: its lines (`lines`: route item, variant, quantity, unit cost,
 * reason), items, fees (the fee function's lines in `fee_lines`), shipping, total, and whether the
 * vendor's minimum order is met. Our warehouses are sources too (`source_kind` `warehouse`).
 */
export const orderRouteOptionVendorTotals = pgTable(
  'order_route_option_vendor_totals',
  {
    id: serial('id').primaryKey(),
    option_id: integer('option_id')
      .notNull()
      .references(() => orderRouteOptions.id, { onDelete: 'cascade' }),
    source_kind: text('source_kind').notNull(),
    vendor_id: integer('vendor_id').references(() => vendors.id),
    location_id: integer('location_id').references(() => locations.id),
    items_cents: bigint('items_cents', { mode: 'number' }).notNull().default(0),
    fixed_fees_cents: bigint('fixed_fees_cents', { mode: 'number' }).notNull().default(0),
    per_unit_fees_cents: bigint('per_unit_fees_cents', { mode: 'number' }).notNull().default(0),
    shipping_cents: bigint('shipping_cents', { mode: 'number' }).notNull().default(0),
    total_cents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
    min_order_cents: integer('min_order_cents'),
    min_order_met: boolean('min_order_met').notNull().default(true),
    lines: jsonb('lines').notNull().default(sql`'[]'::jsonb`),
    fee_lines: jsonb('fee_lines').notNull().default(sql`'[]'::jsonb`),
  },
  (t) => [
    index('order_route_option_vendor_totals_option_idx').on(t.option_id),
    check('order_route_option_vendor_totals_source_check', sql`(source_kind = 'vendor' and vendor_id is not null and location_id is null) or (source_kind = 'warehouse' and location_id is not null and vendor_id is null)`),
  ],
);

/**
 * What one source is asked to ship for one order: a drop-ship vendor's order, or our warehouse's
 * fulfilment (`source_kind` `warehouse`, stock taken by sale transactions of the ledger).
 */
export const vendorOrders = pgTable(
  'vendor_orders',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id),
    route_id: integer('route_id').references(() => orderRoutes.id),
    option_id: integer('option_id').references(() => orderRouteOptions.id),
    source_kind: text('source_kind').notNull(),
    vendor_id: integer('vendor_id').references(() => vendors.id),
    location_id: integer('location_id').references(() => locations.id),
    /** A code of the vendor-order-status lookup. */
    status: text('status').notNull().default('draft'),
    items_cents: bigint('items_cents', { mode: 'number' }).notNull().default(0),
    fees_cents: bigint('fees_cents', { mode: 'number' }).notNull().default(0),
    shipping_cents: bigint('shipping_cents', { mode: 'number' }).notNull().default(0),
    total_cents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
    units: integer('units').notNull().default(0),
    tracking_numbers: text('tracking_numbers').array().notNull().default(sql`'{}'::text[]`),
    /** Document, age and signature requirements the vendor must follow (from compliance). */
    instructions: text('instructions'),
    sent_at: ts('sent_at'),
    confirmed_at: ts('confirmed_at'),
    shipped_at: ts('shipped_at'),
    expected_ship_date: date('expected_ship_date'),
    cancelled_at: ts('cancelled_at'),
    cancel_reason: text('cancel_reason'),
    created_by: integer('created_by').references(() => users.id),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('vendor_orders_number_key').on(t.number),
    index('vendor_orders_order_idx').on(t.order_id),
    index('vendor_orders_vendor_idx').on(t.vendor_id, t.created_at),
    index('vendor_orders_status_idx').on(t.status, t.created_at),
    index('vendor_orders_created_idx').on(t.created_at),
    check('vendor_orders_source_check', sql`(source_kind = 'vendor' and vendor_id is not null and location_id is null) or (source_kind = 'warehouse' and location_id is not null and vendor_id is null)`),
  ],
);

/** A line of a vendor order: part or all of an order item. */
export const vendorOrderItems = pgTable(
  'vendor_order_items',
  {
    id: serial('id').primaryKey(),
    vendor_order_id: integer('vendor_order_id')
      .notNull()
      .references(() => vendorOrders.id, { onDelete: 'cascade' }),
    order_item_id: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    variant_id: integer('variant_id').notNull(),
    vendor_sku: text('vendor_sku'),
    quantity: integer('quantity').notNull(),
    unit_cost_cents: integer('unit_cost_cents').notNull(),
  },
  (t) => [
    index('vendor_order_items_vo_idx').on(t.vendor_order_id),
    index('vendor_order_items_item_idx').on(t.order_item_id),
    check('vendor_order_items_numbers_check', sql`quantity > 0 and unit_cost_cents >= 0`),
  ],
);

/**
 * What would be sent to a vendor, on the channel it takes orders by (`vendors.order_channel`). Nothing
 * leaves the machine: the outbox is the record of what was sent, and when.
 */
export const vendorOrderOutbox = pgTable(
  'vendor_order_outbox',
  {
    id: serial('id').primaryKey(),
    vendor_order_id: integer('vendor_order_id')
      .notNull()
      .references(() => vendorOrders.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    /** `send` | `cancel`. */
    kind: text('kind').notNull().default('send'),
    payload: jsonb('payload').notNull(),
    created_at: ts('created_at').notNull().defaultNow(),
    created_by: integer('created_by').references(() => users.id),
  },
  (t) => [index('vendor_order_outbox_vo_idx').on(t.vendor_order_id), check('vendor_order_outbox_channel_check', inList('channel', ORDER_CHANNELS))],
);

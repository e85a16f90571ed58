/**
 * Vendors, their fee schemas, catalogues and credentials; purchase orders; our warehouses and the
 * inventory ledger. Money is in integer cents. Rules the database can hold are held here (one line
 * per variant and location, quantities that cannot go negative, enumerations as checks); the state
 * machines and the ledger arithmetic live in the services, in the same transactions.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, customType, date, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { brands, categories, variants } from './catalog.js';
import { stamps, ts, users } from './core.js';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });
const inList = (col: string, values: readonly string[]) => sql.raw(`${col} in (${values.map((v) => `'${v}'`).join(', ')})`);

export const SHIPPING_MODELS = ['flat', 'per_unit', 'tiers'] as const;
export const FEE_APPLICATIONS = ['fixed', 'per_unit'] as const;
export const FEE_UNIT_BASES = ['rounds', 'pieces', 'shells', 'item'] as const;
export const CREDENTIAL_KINDS = ['portal', 'api_key', 'sftp', 'edi'] as const;
export const PURCHASING_ENTITIES = ['SD', 'LOS'] as const;
export const PO_STATUSES = ['draft', 'submitted', 'confirmed', 'partially_received', 'received', 'closed', 'cancelled'] as const;
export const INVOICE_STATUSES = ['not_invoiced', 'invoiced', 'partially_paid', 'paid', 'disputed', 'void'] as const;
export const INVENTORY_TRANSACTION_KINDS = ['receipt', 'sale', 'adjustment', 'return', 'transfer_out', 'transfer_in', 'count'] as const;

/** Named sets of fees a vendor charges (drop-ship fee per order, hazmat per unit, …). */
export const vendorFeeSchemas = pgTable(
  'vendor_fee_schemas',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    ...stamps(),
  },
  (t) => [uniqueIndex('vendor_fee_schemas_name_key').on(sql`lower(${t.name})`)],
);

/**
 * One fee of a schema (SPEC §3 fee applications): `fixed` once per vendor order, or `per_unit` per
 * unit of `unit_basis` (rounds, pieces, shells, or items = packages). Optionally only for one brand
 * or category (with its subcategories), waived when the vendor order's items reach
 * `waived_above_cents`, and in force between `effective_from` and `effective_to` (inclusive days).
 */
export const vendorFees = pgTable(
  'vendor_fees',
  {
    id: serial('id').primaryKey(),
    fee_schema_id: integer('fee_schema_id')
      .notNull()
      .references(() => vendorFeeSchemas.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    application: text('application').notNull(),
    amount_cents: integer('amount_cents').notNull(),
    unit_basis: text('unit_basis'),
    brand_id: integer('brand_id').references(() => brands.id),
    category_id: integer('category_id').references(() => categories.id),
    waived_above_cents: integer('waived_above_cents'),
    effective_from: date('effective_from'),
    effective_to: date('effective_to'),
    sort_order: integer('sort_order').notNull().default(0),
    ...stamps(),
  },
  (t) => [
    index('vendor_fees_schema_idx').on(t.fee_schema_id, t.sort_order),
    check('vendor_fees_application_check', inList('application', FEE_APPLICATIONS)),
    check('vendor_fees_unit_basis_check', sql`(application = 'fixed' and unit_basis is null) or (application = 'per_unit' and unit_basis in ('rounds', 'pieces', 'shells', 'item'))`),
    check('vendor_fees_amount_check', sql`amount_cents >= 0 and (waived_above_cents is null or waived_above_cents >= 0)`),
    check('vendor_fees_dates_check', sql`effective_from is null or effective_to is null or effective_from <= effective_to`),
  ],
);

/**
 * A distributor or drop-shipper. Shipping: `flat` (`shipping_cents` per order), `per_unit`
 * (`shipping_cents` per package) or `tiers` (`shipping_tiers`: `[{ from_cents, cost_cents }]`, the
 * last tier whose `from_cents` the items' total reaches); free whatever the model once the items'
 * total reaches `free_shipping_above_cents`.
 */
export const vendors = pgTable(
  'vendors',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    is_active: boolean('is_active').notNull().default(true),
    can_drop_ship: boolean('can_drop_ship').notNull().default(false),
    min_order_cents: integer('min_order_cents'),
    shipping_model: text('shipping_model').notNull().default('flat'),
    shipping_cents: integer('shipping_cents').notNull().default(0),
    free_shipping_above_cents: integer('free_shipping_above_cents'),
    shipping_tiers: jsonb('shipping_tiers').notNull().default(sql`'[]'::jsonb`),
    handling_days: integer('handling_days').notNull().default(1),
    /** How the vendor takes drop-ship orders: `email`, `edi`, `api` or `portal` (vendor orders' outbox). */
    order_channel: text('order_channel').notNull().default('email'),
    fee_schema_id: integer('fee_schema_id').references(() => vendorFeeSchemas.id),
    website: text('website'),
    notes: text('notes'),
    /** How this vendor's price/stock files map to our fields (remembered from the last import). */
    import_mapping: jsonb('import_mapping'),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('vendors_name_key').on(sql`lower(${t.name})`),
    uniqueIndex('vendors_code_key').on(sql`upper(${t.code})`),
    index('vendors_fee_schema_idx').on(t.fee_schema_id),
    check('vendors_shipping_model_check', inList('shipping_model', SHIPPING_MODELS)),
    check('vendors_money_check', sql`shipping_cents >= 0 and (min_order_cents is null or min_order_cents >= 0) and (free_shipping_above_cents is null or free_shipping_above_cents >= 0)`),
    check('vendors_handling_days_check', sql`handling_days between 0 and 60`),
    check('vendors_order_channel_check', sql`order_channel in ('email', 'edi', 'api', 'portal')`),
  ],
);

export const vendorContacts = pgTable(
  'vendor_contacts',
  {
    id: serial('id').primaryKey(),
    vendor_id: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    role: text('role'),
    sort_order: integer('sort_order').notNull().default(0),
  },
  (t) => [index('vendor_contacts_vendor_idx').on(t.vendor_id, t.sort_order)],
);

/**
 * A way into a vendor's systems. `secret` is AES-256-GCM ciphertext (nonce, tag and ciphertext
 * together) under the key named `key_id`; the plain secret is never stored, listed or logged.
 */
export const vendorCredentials = pgTable(
  'vendor_credentials',
  {
    id: serial('id').primaryKey(),
    vendor_id: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    label: text('label'),
    username: text('username'),
    secret: bytea('secret'),
    key_id: text('key_id'),
    endpoint_url: text('endpoint_url'),
    notes: text('notes'),
    last_verified_at: ts('last_verified_at'),
    ...stamps(),
  },
  (t) => [index('vendor_credentials_vendor_idx').on(t.vendor_id), check('vendor_credentials_kind_check', inList('kind', CREDENTIAL_KINDS))],
);

/**
 * A vendor's catalogue line: their SKU, matched to one of our variants (by UPC, then SKU, or by a
 * person), with their cost, stock, drop-ship flag and the MAP they impose. Unmatched lines have no
 * `variant_id` and wait for a person.
 */
export const vendorProducts = pgTable(
  'vendor_products',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    vendor_id: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    vendor_sku: text('vendor_sku').notNull(),
    name: text('name'),
    upc: text('upc'),
    variant_id: integer('variant_id').references(() => variants.id, { onDelete: 'set null' }),
    match_method: text('match_method'),
    cost_cents: integer('cost_cents'),
    quantity_available: integer('quantity_available').notNull().default(0),
    can_drop_ship: boolean('can_drop_ship').notNull().default(false),
    map_cents: integer('map_cents'),
    last_synced_at: ts('last_synced_at'),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('vendor_products_vendor_sku_key').on(t.vendor_id, sql`upper(${t.vendor_sku})`),
    index('vendor_products_variant_idx').on(t.variant_id, t.vendor_id),
    index('vendor_products_unmatched_idx').on(t.vendor_id, t.id).where(sql`variant_id is null`),
    // the variants some vendor drop-ships from stock (merchandising's "in stock", for many products at once)
    index('vendor_products_drop_ship_idx').on(t.variant_id).where(sql`can_drop_ship and quantity_available > 0`),
    index('vendor_products_upc_idx').on(t.upc),
    // every vendor's lines by vendor SKU (the list's default order, its key descending as the list kit appends it)
    index('vendor_products_sku_order_idx').on(sql`upper(${t.vendor_sku})`, t.id.desc().nullsFirst()),
    // the list's search: a part of the vendor's SKU or of the line's name (trigrams)
    index('vendor_products_search_trgm_idx').using('gin', sql`lower(${t.vendor_sku} || ' ' || coalesce(${t.name}, '')) gin_trgm_ops`),
    check('vendor_products_match_check', sql`match_method is null or match_method in ('upc', 'sku', 'manual')`),
    check('vendor_products_numbers_check', sql`quantity_available >= 0 and (cost_cents is null or cost_cents >= 0) and (map_cents is null or map_cents >= 0)`),
  ],
);

/** Our own warehouses: where purchase orders are received and, as routing sources, what they ship. */
export const locations = pgTable(
  'locations',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    is_active: boolean('is_active').notNull().default(true),
    /** Ships customer orders (a routing source), with its own shipping cost and handling time. */
    ships_orders: boolean('ships_orders').notNull().default(true),
    shipping_cents: integer('shipping_cents').notNull().default(0),
    handling_days: integer('handling_days').notNull().default(1),
    ...stamps(),
  },
  (t) => [uniqueIndex('locations_code_key').on(sql`upper(${t.code})`), check('locations_shipping_check', sql`shipping_cents >= 0 and handling_days between 0 and 60`)],
);

/** Stock bought for our own warehouses from one vendor, under one purchasing entity (SPEC §3). */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull(),
    vendor_id: integer('vendor_id')
      .notNull()
      .references(() => vendors.id),
    entity: text('entity').notNull(),
    /** A code of the purchase-order-status lookup. */
    status: text('status').notNull().default('draft'),
    /** A code of the invoice-status lookup. */
    invoice_status: text('invoice_status').notNull().default('not_invoiced'),
    location_id: integer('location_id')
      .notNull()
      .references(() => locations.id),
    expected_date: date('expected_date'),
    submitted_at: ts('submitted_at'),
    closed_at: ts('closed_at'),
    shipping_cents: integer('shipping_cents').notNull().default(0),
    invoice_number: text('invoice_number'),
    invoice_date: date('invoice_date'),
    invoice_amount_cents: integer('invoice_amount_cents'),
    notes: text('notes'),
    created_by: integer('created_by').references(() => users.id),
    /**
     * Totals of the lines, kept by a trigger on `purchase_order_lines` (migration purchasing_triggers):
     * ordered = Σ quantity × unit cost, received = Σ received × unit cost, open = Σ (quantity −
     * received − cancelled) × unit cost, net = Σ (quantity − cancelled) × unit cost; units, units
     * received and units open likewise (migration po_units). Never written by the API.
     */
    line_count: integer('line_count').notNull().default(0),
    ordered_cents: bigint('ordered_cents', { mode: 'number' }).notNull().default(0),
    received_cents: bigint('received_cents', { mode: 'number' }).notNull().default(0),
    open_cents: bigint('open_cents', { mode: 'number' }).notNull().default(0),
    net_cents: bigint('net_cents', { mode: 'number' }).notNull().default(0),
    units: bigint('units', { mode: 'number' }).notNull().default(0),
    units_received: bigint('units_received', { mode: 'number' }).notNull().default(0),
    units_open: bigint('units_open', { mode: 'number' }).notNull().default(0),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('purchase_orders_number_key').on(t.number),
    index('purchase_orders_location_idx').on(t.location_id),
    index('purchase_orders_vendor_idx').on(t.vendor_id, t.id),
    index('purchase_orders_status_idx').on(t.status, t.id),
    index('purchase_orders_created_idx').on(t.created_at),
    check('purchase_orders_entity_check', inList('entity', PURCHASING_ENTITIES)),
    check('purchase_orders_status_check', inList('status', PO_STATUSES)),
    check('purchase_orders_invoice_status_check', inList('invoice_status', INVOICE_STATUSES)),
    check('purchase_orders_money_check', sql`shipping_cents >= 0 and (invoice_amount_cents is null or invoice_amount_cents >= 0)`),
  ],
);

/** A line of a purchase order. Received and cancelled quantities never exceed what was ordered. */
export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    id: serial('id').primaryKey(),
    purchase_order_id: integer('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    variant_id: integer('variant_id')
      .notNull()
      .references(() => variants.id),
    quantity: integer('quantity').notNull(),
    unit_cost_cents: integer('unit_cost_cents').notNull(),
    quantity_received: integer('quantity_received').notNull().default(0),
    quantity_cancelled: integer('quantity_cancelled').notNull().default(0),
    sort_order: integer('sort_order').notNull().default(0),
    ...stamps(),
  },
  (t) => [
    index('purchase_order_lines_po_idx').on(t.purchase_order_id, t.sort_order),
    index('purchase_order_lines_variant_idx').on(t.variant_id),
    check('purchase_order_lines_quantity_check', sql`quantity > 0 and unit_cost_cents >= 0 and quantity_received >= 0 and quantity_cancelled >= 0 and quantity_received + quantity_cancelled <= quantity`),
  ],
);

/**
 * What one location holds of one variant. `on_hand` is the sum of the item's ledger rows, kept in step
 * in the same transaction as each row (never edited in place); `avg_cost_cents` is the weighted
 * average cost of what was received.
 */
export const inventoryItems = pgTable(
  'inventory_items',
  {
    id: serial('id').primaryKey(),
    variant_id: integer('variant_id')
      .notNull()
      .references(() => variants.id),
    location_id: integer('location_id')
      .notNull()
      .references(() => locations.id),
    on_hand: integer('on_hand').notNull().default(0),
    avg_cost_cents: integer('avg_cost_cents'),
    bin: text('bin'),
    reorder_point: integer('reorder_point'),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('inventory_items_variant_location_key').on(t.variant_id, t.location_id),
    index('inventory_items_location_idx').on(t.location_id, t.variant_id),
    check('inventory_items_on_hand_check', sql`on_hand >= 0`),
  ],
);

/**
 * The inventory ledger: every movement of stock, one row each, never changed afterwards. `quantity`
 * is signed (receipts and returns add, sales remove); `balance_after` is the item's on-hand right
 * after it. A transfer is two rows (out of one location, into another) sharing `transfer_id`.
 */
export const inventoryTransactions = pgTable(
  'inventory_transactions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull().defaultNow(),
    inventory_item_id: integer('inventory_item_id')
      .notNull()
      .references(() => inventoryItems.id),
    variant_id: integer('variant_id').notNull(),
    location_id: integer('location_id').notNull(),
    kind: text('kind').notNull(),
    quantity: integer('quantity').notNull(),
    balance_after: integer('balance_after').notNull(),
    unit_cost_cents: integer('unit_cost_cents'),
    reason: text('reason'),
    purchase_order_line_id: integer('purchase_order_line_id').references(() => purchaseOrderLines.id),
    /** The customer order (or vendor order) a sale or return belongs to, once orders exist. */
    reference: text('reference'),
    transfer_id: bigint('transfer_id', { mode: 'number' }),
    user_id: integer('user_id').references(() => users.id),
  },
  (t) => [
    index('inventory_transactions_item_idx').on(t.inventory_item_id, t.id),
    index('inventory_transactions_variant_idx').on(t.variant_id, t.at),
    index('inventory_transactions_location_idx').on(t.location_id, t.at),
    index('inventory_transactions_at_idx').on(t.at),
    index('inventory_transactions_kind_idx').on(t.kind, t.at),
    index('inventory_transactions_po_line_idx').on(t.purchase_order_line_id),
    check('inventory_transactions_kind_check', inList('kind', INVENTORY_TRANSACTION_KINDS)),
    check('inventory_transactions_quantity_check', sql`quantity <> 0 and balance_after >= 0`),
  ],
);

import { z } from 'zod';
import { IdParam, IsoDate, listResponse, Name, OptText, stampFields, Versioned } from './common.js';
import { PURCHASING_ENTITIES } from './enums.js';

/**
 * Purchasing and inventory: purchase orders (bought for our own warehouses from one vendor under one
 * purchasing entity, SPEC §3), their state machine, receiving into a location, invoices; our
 * locations and the inventory ledger (every movement one row; on hand derived from it).
 */

// ───────────────────────────── enumerations ─────────────────────────────

/** Codes of the purchase-order-status lookup (`GET purchase-order-status`). */
export const PO_STATUSES = ['draft', 'submitted', 'confirmed', 'partially_received', 'received', 'closed', 'cancelled'] as const;
export type PoStatus = (typeof PO_STATUSES)[number];
/** Purchase orders whose open quantities are still coming: "on order" and "open" in the reports, open on the dashboard. */
export const OPEN_PO_STATUSES = ['submitted', 'confirmed', 'partially_received'] as const satisfies readonly PoStatus[];
/** Codes of the invoice-status lookup (`GET invoice-status`). */
export const INVOICE_STATUSES = ['not_invoiced', 'invoiced', 'partially_paid', 'paid', 'disputed', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** What can be done to a purchase order (each moves its status, see PO_TRANSITIONS on the server). */
export const PO_ACTIONS = ['submit', 'confirm', 'receive', 'cancel', 'close'] as const;
export type PoAction = (typeof PO_ACTIONS)[number];
export const PO_ACTION_LABELS: Record<PoAction, string> = {
  submit: 'Submit',
  confirm: 'Confirm',
  receive: 'Receive',
  cancel: 'Cancel',
  close: 'Close',
};

export const INVENTORY_TRANSACTION_KINDS = ['receipt', 'sale', 'adjustment', 'return', 'transfer_out', 'transfer_in', 'count'] as const;
export type InventoryTransactionKind = (typeof INVENTORY_TRANSACTION_KINDS)[number];

/** Why stock is adjusted by hand (with a free-text note). `count_correction` is recorded as a `count` movement. */
export const ADJUSTMENT_REASONS = [
  { value: 'damaged', label: 'Damaged' },
  { value: 'count_correction', label: 'Count correction' },
  { value: 'lost', label: 'Lost or stolen' },
  { value: 'found', label: 'Found' },
  { value: 'vendor_short', label: 'Vendor short-shipped' },
  { value: 'recalled', label: 'Recalled by manufacturer' },
  { value: 'sample', label: 'Sample or testing' },
  { value: 'other', label: 'Other' },
] as const;
export const ADJUSTMENT_REASON_CODES = ADJUSTMENT_REASONS.map((r) => r.value) as [
  (typeof ADJUSTMENT_REASONS)[number]['value'],
  ...(typeof ADJUSTMENT_REASONS)[number]['value'][],
];
export type AdjustmentReason = (typeof ADJUSTMENT_REASON_CODES)[number];

// ───────────────────────────── building blocks ─────────────────────────────

const Id = z.number().int().min(1).max(2_147_483_647);
/** Units of one line or movement. */
const Quantity = z.number().int('Whole units').min(1, 'At least 1').max(1_000_000, 'At most 1,000,000');
const UnitCostCents = z.number().int('Whole cents').min(0, 'Cannot be negative').max(10_000_000, 'At most $100,000');
const Cents = z.number().int('Whole cents').min(0, 'Cannot be negative').max(1_000_000_000, 'Too large');
/** A purchasing day: a real one, between 2000 and 2100. */
const PurchaseDate = IsoDate.refine((v) => v >= '2000-01-01' && v <= '2100-12-31', 'Between 2000 and 2100');

// ───────────────────────────── locations ─────────────────────────────

export const Location = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  is_active: z.boolean(),
  ships_orders: z.boolean(),
  shipping_cents: z.number(),
  handling_days: z.number(),
  ...stampFields,
});
export type Location = z.infer<typeof Location>;
export const LocationCreate = z
  .object({
    code: z
      .string()
      .trim()
      .toUpperCase()
      .min(2, 'At least 2 characters')
      .max(10, 'At most 10 characters')
      .regex(/^[A-Z0-9-]+$/, 'Letters, digits and dashes'),
    name: Name,
    city: OptText(100),
    state: z.string().trim().regex(/^[A-Z]{2}$/, 'A two-letter state code').nullable().optional(),
    zip: z.string().trim().regex(/^\d{5}(-\d{4})?$/, 'A ZIP code').nullable().optional(),
    is_active: z.boolean().default(true),
    ships_orders: z.boolean().default(true),
    shipping_cents: z.number().int().min(0).max(100_000).default(0),
    handling_days: z.number().int().min(0).max(60).default(1),
  })
  .strict();
export const LocationUpdate = LocationCreate.extend(Versioned.shape);
export const LOCATION_LIST = { sort: ['id', 'code', 'name', 'created_at'], filter: ['id', 'is_active'] } as const;

// ───────────────────────────── purchase orders ─────────────────────────────

export const PurchaseOrderListItem = z.object({
  id: z.number(),
  number: z.string(),
  vendor_id: z.number(),
  vendor_name: z.string(),
  entity: z.enum(PURCHASING_ENTITIES),
  status: z.enum(PO_STATUSES),
  invoice_status: z.enum(INVOICE_STATUSES),
  location_id: z.number(),
  location_code: z.string(),
  expected_date: z.string().nullable(),
  line_count: z.number(),
  ordered_cents: z.number(),
  received_cents: z.number(),
  open_cents: z.number(),
  invoice_number: z.string().nullable(),
  ...stampFields,
});
export type PurchaseOrderListItem = z.infer<typeof PurchaseOrderListItem>;
export const PURCHASE_ORDER_LIST = {
  sort: ['id', 'number', 'vendor_name', 'status', 'invoice_status', 'expected_date', 'ordered_cents', 'open_cents', 'created_at'],
  /** `from`/`to`: days of the order's creation (inclusive). */
  filter: ['id', 'vendor_id', 'entity', 'status', 'invoice_status', 'location_id', 'from', 'to'],
} as const;
export const PurchaseOrderListResponse = listResponse(PurchaseOrderListItem);

export const PurchaseOrderLine = z.object({
  id: z.number(),
  variant_id: z.number(),
  sku: z.string(),
  product_title: z.string().nullable(),
  units_per_package: z.number(),
  quantity: z.number(),
  unit_cost_cents: z.number(),
  quantity_received: z.number(),
  quantity_cancelled: z.number(),
  quantity_open: z.number(),
  line_cents: z.number(),
  sort_order: z.number(),
});
export type PurchaseOrderLine = z.infer<typeof PurchaseOrderLine>;

export const PurchaseOrderDetail = PurchaseOrderListItem.extend({
  location_name: z.string(),
  shipping_cents: z.number(),
  notes: z.string().nullable(),
  invoice_date: z.string().nullable(),
  invoice_amount_cents: z.number().nullable(),
  submitted_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  created_by_name: z.string().nullable(),
  lines: z.array(PurchaseOrderLine),
  /** What may be done now (the state machine's allowed actions from this status). */
  allowed_actions: z.array(z.enum(PO_ACTIONS)),
});
export type PurchaseOrderDetail = z.infer<typeof PurchaseOrderDetail>;

/** A line as sent: without `unit_cost_cents` the vendor's catalogue cost for the variant is used (else the variant's cost). */
export const PurchaseOrderLineInput = z
  .object({
    variant_id: Id,
    quantity: Quantity,
    unit_cost_cents: UnitCostCents.nullable().optional(),
  })
  .strict();
export type PurchaseOrderLineInput = z.infer<typeof PurchaseOrderLineInput>;

const poHeader = {
  vendor_id: Id,
  entity: z.enum(PURCHASING_ENTITIES, 'SD or LOS'),
  location_id: Id,
  expected_date: PurchaseDate.nullable().optional(),
  shipping_cents: Cents.default(0),
  notes: OptText(2000),
};
export const PurchaseOrderCreate = z
  .object({ ...poHeader, lines: z.array(PurchaseOrderLineInput).max(200, 'At most 200 lines').default([]) })
  .strict();
export type PurchaseOrderCreate = z.input<typeof PurchaseOrderCreate>;
/** Lines (when sent) replace the order's lines: only while it is a draft. Vendor and entity too. */
export const PurchaseOrderUpdate = z
  .object({ ...poHeader, lines: z.array(PurchaseOrderLineInput).max(200, 'At most 200 lines').optional(), ...Versioned.shape })
  .strict();
export type PurchaseOrderUpdate = z.input<typeof PurchaseOrderUpdate>;

/** Submit, confirm, cancel, close: the version the order was read at. */
export const PurchaseOrderActionBody = z.object({ ...Versioned.shape, note: OptText(500) }).strict();
export type PurchaseOrderActionBody = z.input<typeof PurchaseOrderActionBody>;

export const PurchaseOrderReceive = z
  .object({
    ...Versioned.shape,
    /** Where the goods went; default the order's receiving location. */
    location_id: Id.optional(),
    lines: z
      .array(z.object({ line_id: Id, quantity: Quantity }).strict())
      .min(1, 'Receive at least one line')
      .max(200)
      .refine((ls) => new Set(ls.map((l) => l.line_id)).size === ls.length, 'Each line once'),
  })
  .strict();
export type PurchaseOrderReceive = z.input<typeof PurchaseOrderReceive>;

export const PurchaseOrderInvoice = z
  .object({
    ...Versioned.shape,
    invoice_number: z.string().trim().min(1, 'Required').max(64, 'At most 64 characters'),
    invoice_date: PurchaseDate,
    invoice_amount_cents: Cents,
    invoice_status: z.enum(INVOICE_STATUSES).exclude(['not_invoiced']).default('invoiced'),
  })
  .strict();
export type PurchaseOrderInvoice = z.input<typeof PurchaseOrderInvoice>;

export const UnitCostQuery = z.object({ vendor_id: IdParam, variant_id: IdParam }).strict();
export const UnitCostAnswer = z.object({
  variant_id: z.number(),
  unit_cost_cents: z.number().nullable(),
  /** `vendor`: the vendor's catalogue; `variant`: the variant's own cost; null: none known. */
  source: z.enum(['vendor', 'variant']).nullable(),
  vendor_sku: z.string().nullable(),
});
export type UnitCostAnswer = z.infer<typeof UnitCostAnswer>;

/** `GET purchase-order/options`: what the purchase order form chooses from (vendors, receiving locations). */
export const PurchaseOrderOptions = z.object({
  vendors: z.array(z.object({ id: z.number(), name: z.string(), code: z.string(), is_active: z.boolean() })),
  locations: z.array(z.object({ id: z.number(), code: z.string(), name: z.string(), is_active: z.boolean() })),
});
export type PurchaseOrderOptions = z.infer<typeof PurchaseOrderOptions>;

// ───────────────────────────── inventory ─────────────────────────────

export const InventoryItem = z.object({
  id: z.number(),
  variant_id: z.number(),
  sku: z.string(),
  product_title: z.string().nullable(),
  location_id: z.number(),
  location_code: z.string(),
  on_hand: z.number(),
  avg_cost_cents: z.number().nullable(),
  /** on hand × average cost. */
  value_cents: z.number().nullable(),
  updated_at: z.string(),
});
export type InventoryItem = z.infer<typeof InventoryItem>;
export const INVENTORY_ITEM_LIST = {
  sort: ['id', 'sku', 'location_code', 'on_hand', 'value_cents', 'updated_at'],
  filter: ['id', 'variant_id', 'location_id', 'in_stock'],
} as const;
export const InventoryItemListResponse = listResponse(InventoryItem);

export const InventoryTransaction = z.object({
  id: z.number(),
  at: z.string(),
  inventory_item_id: z.number(),
  variant_id: z.number(),
  location_id: z.number(),
  kind: z.enum(INVENTORY_TRANSACTION_KINDS),
  quantity: z.number(),
  balance_after: z.number(),
  unit_cost_cents: z.number().nullable(),
  reason: z.string().nullable(),
  purchase_order_line_id: z.number().nullable(),
  reference: z.string().nullable(),
  transfer_id: z.number().nullable(),
  user_id: z.number().nullable(),
});
export type InventoryTransaction = z.infer<typeof InventoryTransaction>;
/** What a movement answers: its ledger rows (two for a transfer). */
export const InventoryMovementResult = z.object({ data: z.object({ transactions: z.array(InventoryTransaction) }) });

/**
 * `POST inventory/adjust`: by a signed delta, or to a counted quantity (the delta is what the count
 * differs by; a count equal to on hand records nothing). On hand may not go below zero.
 */
export const InventoryAdjust = z
  .object({
    variant_id: Id,
    location_id: Id,
    quantity_delta: z.number().int('Whole units').min(-1_000_000).max(1_000_000).refine((v) => v !== 0, 'Cannot be zero').optional(),
    counted_quantity: z.number().int('Whole units').min(0, 'Cannot be negative').max(10_000_000).optional(),
    reason: z.enum(ADJUSTMENT_REASON_CODES, 'Choose a reason'),
    note: OptText(500),
  })
  .strict()
  .superRefine((v, ctx) => {
    if ((v.quantity_delta === undefined) === (v.counted_quantity === undefined))
      ctx.addIssue({ code: 'custom', path: ['quantity_delta'], message: 'Give either a quantity change or a counted quantity' });
    if (v.reason === 'other' && !v.note) ctx.addIssue({ code: 'custom', path: ['note'], message: 'Say what happened' });
  });
export type InventoryAdjust = z.input<typeof InventoryAdjust>;

export const InventoryTransfer = z
  .object({
    variant_id: Id,
    from_location_id: Id,
    to_location_id: Id,
    quantity: Quantity,
    note: OptText(500),
  })
  .strict()
  .refine((v) => v.from_location_id !== v.to_location_id, { path: ['to_location_id'], message: 'Choose another location than the one stock leaves' });
export type InventoryTransfer = z.input<typeof InventoryTransfer>;

/** `POST inventory/movement`: a sale out of a location or a customer's return into it (until orders record them). */
export const InventoryMovement = z
  .object({
    kind: z.enum(['sale', 'return']),
    variant_id: Id,
    location_id: Id,
    quantity: Quantity,
    reference: OptText(64),
  })
  .strict();
export type InventoryMovement = z.input<typeof InventoryMovement>;

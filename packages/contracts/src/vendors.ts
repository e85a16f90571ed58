import { z } from 'zod';
import { ORDER_CHANNEL_CODES } from './routing.js';
import { IsoDate, Name, OptDate, OptText, OptUrl, Versioned, stampFields } from './common.js';
import { FEE_APPLICATIONS } from './enums.js';

/**
 * Vendors (distributors and drop-shippers), their fee schemas and the credentials into their
 * systems (SPEC §2 "Vendors", "Vendor Fee Schemas", "Vendor Credentials"; §3 fee applications).
 * Money is integer cents.
 */

export const SHIPPING_MODELS = ['flat', 'per_unit', 'tiers'] as const;
export const SHIPPING_MODEL_LABELS: Record<(typeof SHIPPING_MODELS)[number], string> = {
  flat: 'Flat per order',
  per_unit: 'Per package',
  tiers: 'Tiers by order amount',
};
export const FEE_UNIT_BASES = ['rounds', 'pieces', 'shells', 'item'] as const;
export const CREDENTIAL_KINDS = ['portal', 'api_key', 'sftp', 'edi'] as const;
export const CREDENTIAL_KIND_LABELS: Record<(typeof CREDENTIAL_KINDS)[number], string> = {
  portal: 'Portal login',
  api_key: 'API key',
  sftp: 'SFTP',
  edi: 'EDI',
};
/** How long the console shows a revealed secret. */
export const REVEAL_SECONDS = 30;

const Id = z.number().int().positive().max(2_147_483_647);
const Cents = z.number().int('Whole cents').min(0, 'Cannot be negative').max(100_000_000, 'Too large');

// ───────────────────────────── fee schemas ─────────────────────────────

export const VendorFee = z.object({
  id: z.number(),
  name: z.string(),
  application: z.enum(FEE_APPLICATIONS),
  amount_cents: z.number(),
  unit_basis: z.enum(FEE_UNIT_BASES).nullable(),
  brand_id: z.number().nullable(),
  brand_name: z.string().nullable(),
  category_id: z.number().nullable(),
  category_name: z.string().nullable(),
  waived_above_cents: z.number().nullable(),
  effective_from: z.string().nullable(),
  effective_to: z.string().nullable(),
  sort_order: z.number(),
});
export type VendorFee = z.infer<typeof VendorFee>;

/** A fee as written (the schema's fees are replaced as a whole, in the order given). */
export const VendorFeeInput = z
  .object({
    name: Name,
    application: z.enum(FEE_APPLICATIONS, { message: 'Fixed or per unit' }),
    amount_cents: Cents,
    unit_basis: z.enum(FEE_UNIT_BASES, { message: 'Rounds, pieces, shells or item' }).nullable().optional().transform((v) => v ?? null),
    brand_id: Id.nullable().optional().transform((v) => v ?? null),
    category_id: Id.nullable().optional().transform((v) => v ?? null),
    waived_above_cents: Cents.nullable().optional().transform((v) => v ?? null),
    effective_from: OptDate,
    effective_to: OptDate,
  })
  .strict()
  .superRefine((f, ctx) => {
    if (f.application === 'per_unit' && !f.unit_basis) ctx.addIssue({ code: 'custom', path: ['unit_basis'], message: 'A per-unit fee needs its unit: rounds, pieces, shells or item' });
    if (f.application === 'fixed' && f.unit_basis) ctx.addIssue({ code: 'custom', path: ['unit_basis'], message: 'A fixed fee has no unit' });
    if (f.effective_from && f.effective_to && f.effective_from > f.effective_to) ctx.addIssue({ code: 'custom', path: ['effective_to'], message: 'Ends before it starts' });
  });
export type VendorFeeInput = z.input<typeof VendorFeeInput>;

export const VendorFeeSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  fees: z.array(VendorFee),
  /** Vendors charging by this schema. */
  vendor_count: z.number(),
  ...stampFields,
});
export type VendorFeeSchema = z.infer<typeof VendorFeeSchema>;

export const VendorFeeSchemaCreate = z
  .object({
    name: Name,
    description: OptText(2000),
    fees: z.array(VendorFeeInput).max(50, 'At most 50 fees'),
  })
  .strict();
export const VendorFeeSchemaUpdate = VendorFeeSchemaCreate.extend(Versioned.shape).strict();
export type VendorFeeSchemaCreate = z.output<typeof VendorFeeSchemaCreate>;
export type VendorFeeSchemaUpdate = z.output<typeof VendorFeeSchemaUpdate>;
export const VENDOR_FEE_SCHEMA_LIST = { sort: ['id', 'name', 'vendor_count', 'created_at', 'updated_at'], filter: ['id'] } as const;

/** `POST vendor-fee-schema/{id}/preview`: a basket priced by the schema (or by the vendor's costs). */
export const FeePreviewRequest = z
  .object({
    /** Costs from this vendor's catalogue, and its shipping. */
    vendor_id: Id.nullable().optional(),
    /** Default: today. */
    date: IsoDate.optional(),
    lines: z
      .array(
        z
          .object({
            variant_id: Id,
            quantity: z.number().int('Whole packages').min(1, 'At least 1').max(1_000_000, 'At most 1,000,000'),
            /** Default: the vendor's cost, else the variant's cost, else 0. */
            unit_cost_cents: Cents.nullable().optional(),
          })
          .strict(),
      )
      .min(1, 'Add at least one variant')
      .max(100, 'At most 100 lines'),
  })
  .strict();
export type FeePreviewRequest = z.input<typeof FeePreviewRequest>;

export const FEE_STATUSES = ['charged', 'waived', 'not_effective', 'no_matching_lines'] as const;
export const FeePreviewLine = z.object({
  fee_id: z.number(),
  name: z.string(),
  application: z.enum(FEE_APPLICATIONS),
  unit_basis: z.enum(FEE_UNIT_BASES).nullable(),
  amount_cents: z.number(),
  status: z.enum(FEE_STATUSES),
  reason: z.string(),
  units: z.number(),
  total_cents: z.number(),
  lines: z.array(z.object({ variant_id: z.number(), units: z.number(), cents: z.number() })),
});
export const FeePreviewBasketLine = z.object({
  variant_id: z.number(),
  sku: z.string(),
  product_title: z.string().nullable(),
  quantity: z.number(),
  unit_kind: z.enum(['rounds', 'pieces', 'shells']),
  units_per_package: z.number(),
  unit_cost_cents: z.number(),
  line_cents: z.number(),
});
export const FeePreview = z.object({
  date: z.string(),
  vendor: z.object({ id: z.number(), name: z.string() }).nullable(),
  basket: z.array(FeePreviewBasketLine),
  order_amount_cents: z.number(),
  fees: z.array(FeePreviewLine),
  fees_cents: z.number(),
  /** The vendor's shipping for this order (null without a vendor). */
  shipping_cents: z.number().nullable(),
});
export type FeePreview = z.infer<typeof FeePreview>;

// ───────────────────────────── vendors ─────────────────────────────

export const VendorContact = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.string().nullable(),
});
export type VendorContact = z.infer<typeof VendorContact>;
export const VendorContactInput = z
  .object({
    /** Absent: a new contact. */
    id: Id.optional(),
    name: Name,
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(200, 'At most 200 characters')
      .nullable()
      .optional()
      .transform((v) => (v === '' || v === undefined ? null : v))
      .refine((v) => v === null || z.string().email().safeParse(v).success, 'Enter a valid email address'),
    phone: OptText(40).refine((v) => v === null || /^[0-9()+\-.\s x]{7,40}$/.test(v), 'A phone number: digits, spaces, ( ) + - .'),
    role: OptText(100),
  })
  .strict();
export type VendorContactInput = z.input<typeof VendorContactInput>;

export const ShippingTier = z.object({ from_cents: Cents, cost_cents: Cents }).strict();

export const Vendor = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  is_active: z.boolean(),
  can_drop_ship: z.boolean(),
  min_order_cents: z.number().nullable(),
  shipping_model: z.enum(SHIPPING_MODELS),
  shipping_cents: z.number(),
  free_shipping_above_cents: z.number().nullable(),
  shipping_tiers: z.array(z.object({ from_cents: z.number(), cost_cents: z.number() })),
  handling_days: z.number(),
  order_channel: z.enum(ORDER_CHANNEL_CODES),
  fee_schema_id: z.number().nullable(),
  fee_schema_name: z.string().nullable(),
  website: z.string().nullable(),
  notes: z.string().nullable(),
  contacts: z.array(VendorContact),
  credential_count: z.number(),
  ...stampFields,
});
export type Vendor = z.infer<typeof Vendor>;

const vendorFields = {
  name: Name,
  code: z
    .string()
    .trim()
    .toUpperCase()
    .min(1, 'Required')
    .max(12, 'At most 12 characters')
    .regex(/^[A-Z0-9][A-Z0-9_-]*$/, 'Letters, digits, dash or underscore'),
  is_active: z.boolean().default(true),
  can_drop_ship: z.boolean().default(false),
  min_order_cents: Cents.nullable().optional().transform((v) => v ?? null),
  shipping_model: z.enum(SHIPPING_MODELS, { message: 'Flat, per package or tiers' }).default('flat'),
  shipping_cents: Cents.default(0),
  free_shipping_above_cents: Cents.nullable().optional().transform((v) => v ?? null),
  shipping_tiers: z.array(ShippingTier).max(20, 'At most 20 tiers').default([]),
  handling_days: z.number().int('Whole days').min(0, 'Cannot be negative').max(60, 'At most 60 days').default(1),
  /** How the vendor takes drop-ship orders (vendor orders' outbox). */
  order_channel: z.enum(ORDER_CHANNEL_CODES, { message: 'Email, EDI, API or portal' }).default('email'),
  fee_schema_id: Id.nullable().optional().transform((v) => v ?? null),
  website: OptUrl,
  notes: OptText(4000),
  contacts: z.array(VendorContactInput).max(20, 'At most 20 contacts').default([]),
};
const tiersRule = (v: { shipping_model: string; shipping_tiers: { from_cents: number }[] }, ctx: z.RefinementCtx) => {
  if (v.shipping_model === 'tiers' && v.shipping_tiers.length === 0) ctx.addIssue({ code: 'custom', path: ['shipping_tiers'], message: 'Tiered shipping needs at least one tier' });
  const froms = v.shipping_tiers.map((t) => t.from_cents);
  if (new Set(froms).size !== froms.length) ctx.addIssue({ code: 'custom', path: ['shipping_tiers'], message: 'Two tiers start at the same amount' });
};
export const VendorCreate = z.object(vendorFields).strict().superRefine(tiersRule);
export const VendorUpdate = z.object({ ...vendorFields, ...Versioned.shape }).strict().superRefine(tiersRule);
export type VendorCreate = z.output<typeof VendorCreate>;
export type VendorUpdate = z.output<typeof VendorUpdate>;
/** `filter[is_active]`, `filter[can_drop_ship]` (true|false), `filter[fee_schema_id]`; `q` searches name and code. */
export const VENDOR_LIST = {
  sort: ['id', 'name', 'code', 'handling_days', 'min_order_cents', 'created_at', 'updated_at'],
  filter: ['id', 'is_active', 'can_drop_ship', 'fee_schema_id'],
} as const;

// ───────────────────────────── credentials ─────────────────────────────

/** A credential as listed and read: the secret never leaves the server except through Reveal. */
export const VendorCredential = z.object({
  id: z.number(),
  vendor_id: z.number(),
  vendor_name: z.string(),
  kind: z.enum(CREDENTIAL_KINDS),
  label: z.string().nullable(),
  username: z.string().nullable(),
  has_secret: z.boolean(),
  endpoint_url: z.string().nullable(),
  notes: z.string().nullable(),
  last_verified_at: z.string().nullable(),
  ...stampFields,
});
export type VendorCredential = z.infer<typeof VendorCredential>;

const credentialFields = {
  vendor_id: Id,
  kind: z.enum(CREDENTIAL_KINDS, { message: 'Portal login, API key, SFTP or EDI' }),
  label: OptText(200),
  username: OptText(200),
  endpoint_url: z
    .string()
    .trim()
    .max(500, 'At most 500 characters')
    .nullable()
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v))
    .refine((v) => v === null || /^(https?|sftp|ftps?|as2):\/\/[^\s]+$/i.test(v) || /^[a-z0-9.-]+(:\d+)?$/i.test(v), 'A URL (https://, sftp://…) or a host name'),
  notes: OptText(4000),
  last_verified_at: z.string().datetime({ offset: true, message: 'A date and time' }).nullable().optional().transform((v) => v ?? null),
};
/** `secret`: the new secret; absent leaves it as it is (updates), `null` clears it. */
const Secret = z.string().min(1, 'Required').max(4000, 'At most 4000 characters').nullable().optional();
export const VendorCredentialCreate = z.object({ ...credentialFields, secret: Secret }).strict();
export const VendorCredentialUpdate = z.object({ ...credentialFields, secret: Secret, ...Versioned.shape }).strict();
export type VendorCredentialCreate = z.output<typeof VendorCredentialCreate>;
export type VendorCredentialUpdate = z.output<typeof VendorCredentialUpdate>;
export const VENDOR_CREDENTIAL_LIST = { sort: ['id', 'vendor_name', 'kind', 'label', 'last_verified_at', 'updated_at'], filter: ['id', 'vendor_id', 'kind'] } as const;
export const CredentialReveal = z.object({ secret: z.string().nullable() });

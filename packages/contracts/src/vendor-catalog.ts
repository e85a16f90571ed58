/**
 * Vendors' catalogues: what each vendor sells us (their SKU matched to one of our variants, their
 * cost, stock, drop-ship and MAP), and imports of their price/stock files (column mapping, preview,
 * apply as a job).
 */
import { z } from 'zod';
import { stampFields, Versioned } from './common.js';
import { Job } from './jobs.js';

const Id = z.number().int().positive().max(2_147_483_647);
const Cents = z.number().int('Whole cents').min(0, 'Cannot be negative').max(100_000_000, 'Too large');
const Quantity = z.number({ error: 'Required' }).int('A whole number').min(0, 'Cannot be negative').max(100_000_000, 'Too large');

export const MATCH_METHODS = ['upc', 'sku', 'manual'] as const;
export type MatchMethod = (typeof MATCH_METHODS)[number];

/** One line of a vendor's catalogue, with our variant when matched. */
export const VendorProduct = z.object({
  id: z.number(),
  vendor_id: z.number(),
  vendor_name: z.string(),
  vendor_sku: z.string(),
  name: z.string().nullable(),
  upc: z.string().nullable(),
  variant_id: z.number().nullable(),
  variant_sku: z.string().nullable(),
  product_id: z.number().nullable(),
  product_title: z.string().nullable(),
  /** upc / sku: matched automatically; manual: by a person (with no variant: a person said it is none of ours). */
  match_method: z.enum(MATCH_METHODS).nullable(),
  cost_cents: z.number().nullable(),
  quantity_available: z.number(),
  can_drop_ship: z.boolean(),
  map_cents: z.number().nullable(),
  last_synced_at: z.string().nullable(),
  ...stampFields,
});
export type VendorProduct = z.infer<typeof VendorProduct>;

/** `PUT vendor-product/{id}`: what a person may correct by hand; `variant_id` changes the match (manual). */
export const VendorProductUpdate = z
  .object({
    cost_cents: Cents.nullable(),
    quantity_available: Quantity,
    can_drop_ship: z.boolean(),
    map_cents: Cents.nullable(),
    variant_id: Id.nullable().optional(),
  })
  .extend(Versioned.shape)
  .strict();
export type VendorProductUpdate = z.infer<typeof VendorProductUpdate>;

/** `PUT vendor-product/{id}/match`: matched by a person to this variant. */
export const VendorProductMatch = z.object({ variant_id: Id, version: z.number().int().min(1).optional() }).strict();

/**
 * `filter[vendor_id]`, `filter[matched]=true|false`, `filter[variant_id]`, `filter[match_method]`,
 * `filter[can_drop_ship]`, `filter[in_stock]`; `q`: a part of the vendor SKU or name, the UPC exactly, or the start of our SKU.
 */
export const VENDOR_PRODUCT_LIST = {
  sort: ['id', 'vendor_sku', 'name', 'upc', 'variant_sku', 'cost_cents', 'quantity_available', 'map_cents', 'last_synced_at', 'updated_at'],
  filter: ['id', 'vendor_id', 'variant_id', 'matched', 'match_method', 'can_drop_ship', 'in_stock'],
} as const;

/** `POST vendor/{id}/match`: rows matched again. */
export const VendorMatchResult = z.object({ matched_by_upc: z.number(), matched_by_sku: z.number(), still_unmatched: z.number() });
export type VendorMatchResult = z.infer<typeof VendorMatchResult>;

// ───────────────────────────── imports ─────────────────────────────

/** Our fields a vendor's file can fill, in the order the mapping shows them. */
export const IMPORT_FIELDS = ['vendor_sku', 'upc', 'name', 'cost', 'quantity', 'can_drop_ship', 'map'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  vendor_sku: 'Vendor SKU',
  upc: 'UPC',
  name: 'Name',
  cost: 'Cost',
  quantity: 'Quantity available',
  can_drop_ship: 'Can drop-ship',
  map: 'MAP',
};

const Header = z.string().trim().min(1).max(200);
/** Our field → the file's column (by its header); absent or null: not in the file. The vendor SKU is required. */
export const ImportMapping = z
  .object({
    vendor_sku: Header,
    upc: Header.nullable().optional(),
    name: Header.nullable().optional(),
    cost: Header.nullable().optional(),
    quantity: Header.nullable().optional(),
    can_drop_ship: Header.nullable().optional(),
    map: Header.nullable().optional(),
  })
  .strict();
export type ImportMapping = z.infer<typeof ImportMapping>;

/** Items of the vendor's catalogue that the file does not list: stock set to 0 (a full stock file), or left as they are. */
export const IMPORT_MISSING = ['zero', 'keep'] as const;

export const ImportFileBody = z.object({ file_id: Id }).strict();

/** `POST vendor/{id}/import/columns`: the file's columns, its first rows and the mapping proposed. */
export const ImportColumns = z.object({
  file_name: z.string(),
  headers: z.array(z.string()),
  sample: z.array(z.array(z.string())),
  /** Remembered from the vendor's last import when its columns are all in this file, else guessed from the headers. */
  mapping: z.record(z.string(), z.string().nullable()),
  mapping_source: z.enum(['remembered', 'guessed']),
});
export type ImportColumns = z.infer<typeof ImportColumns>;

export const ImportPreviewBody = z
  .object({ file_id: Id, mapping: ImportMapping, missing: z.enum(IMPORT_MISSING).default('zero') })
  .strict();
export type ImportPreviewBody = z.input<typeof ImportPreviewBody>;

export const ImportApplyBody = z.object({ import_id: Id }).strict();

/** A row of the preview: what the file says and what the catalogue holds now. */
export const ImportSampleRow = z.object({
  line: z.number().nullable(),
  vendor_sku: z.string().nullable(),
  name: z.string().nullable(),
  upc: z.string().nullable(),
  cost_cents: z.number().nullable(),
  old_cost_cents: z.number().nullable(),
  quantity: z.number().nullable(),
  old_quantity: z.number().nullable(),
  error: z.string().nullable(),
});
export type ImportSampleRow = z.infer<typeof ImportSampleRow>;

export const IMPORT_SAMPLE_KINDS = ['invalid', 'new', 'cost_changed', 'stock_changed', 'unmatched', 'missing', 'unchanged'] as const;
export type ImportSampleKind = (typeof IMPORT_SAMPLE_KINDS)[number];

export const ImportCounts = z.object({
  /** Data rows in the file. */
  rows: z.number(),
  invalid: z.number(),
  new: z.number(),
  /** Existing lines whose cost, stock, drop-ship, MAP, name or UPC change. */
  changed: z.number(),
  cost_changed: z.number(),
  stock_changed: z.number(),
  unchanged: z.number(),
  /** Lines of the file that will have no variant of ours (new or already unmatched). */
  unmatched: z.number(),
  /** Lines of the catalogue the file does not list. */
  missing: z.number(),
  /** Of those, in stock now: set to 0 when `missing` is `zero`. */
  missing_in_stock: z.number(),
});
export type ImportCounts = z.infer<typeof ImportCounts>;

export const ImportSummary = z.object({
  counts: ImportCounts,
  samples: z.record(z.string(), z.array(ImportSampleRow)),
});
export type ImportSummary = z.infer<typeof ImportSummary>;

export const VENDOR_IMPORT_STATUSES = ['previewing', 'previewed', 'applying', 'applied', 'failed', 'cancelled', 'superseded'] as const;

/** One import of a vendor's file, as the preview and the history show it. */
export const VendorImport = z.object({
  id: z.number(),
  vendor_id: z.number(),
  file_name: z.string(),
  mapping: z.record(z.string(), z.string().nullable()),
  missing: z.enum(IMPORT_MISSING),
  status: z.enum(VENDOR_IMPORT_STATUSES),
  summary: ImportSummary.nullable(),
  error: z.string().nullable(),
  /** Previewed without invalid rows, not applied yet, and no apply running. */
  can_apply: z.boolean(),
  preview_job_id: z.number().nullable(),
  apply_job_id: z.number().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  previewed_at: z.string().nullable(),
  applied_at: z.string().nullable(),
});
export type VendorImport = z.infer<typeof VendorImport>;
export const VENDOR_IMPORT_LIST = { sort: ['id', 'created_at'], filter: ['vendor_id', 'status'] } as const;

/** `POST vendor/{id}/import/preview` and `…/apply` answer the import and the job that works on it (202). */
export const ImportStarted = z.object({ import_id: z.number(), job: Job });
export type ImportStarted = z.infer<typeof ImportStarted>;

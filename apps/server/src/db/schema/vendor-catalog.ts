/**
 * Imports of vendors' price and stock files. An import is previewed first: its rows are read from the
 * uploaded file in batches into `vendor_import_rows` (checked, each with the reason it is invalid),
 * compared with the vendor's catalogue and counted; it is applied later, all at once, in one
 * transaction. The staged rows go when the import is applied or replaced.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { ts, users } from './core.js';
import { storedFiles } from './jobs.js';
import { vendors } from './purchasing.js';

export const vendorImports = pgTable(
  'vendor_imports',
  {
    id: serial('id').primaryKey(),
    vendor_id: integer('vendor_id')
      .notNull()
      .references(() => vendors.id, { onDelete: 'cascade' }),
    file_id: bigint('file_id', { mode: 'number' }).references(() => storedFiles.id, { onDelete: 'set null' }),
    file_name: text('file_name').notNull(),
    /** Our field → the file's column header (null: not in the file). */
    mapping: jsonb('mapping').notNull(),
    /** Catalogue lines of the vendor absent from the file: `zero` sets their stock to 0, `keep` leaves them. */
    missing: text('missing').notNull().default('zero'),
    status: text('status').notNull().default('previewing'),
    /** Counts and sample rows of the preview; after applying, what was applied. */
    summary: jsonb('summary'),
    error: text('error'),
    preview_job_id: bigint('preview_job_id', { mode: 'number' }),
    apply_job_id: bigint('apply_job_id', { mode: 'number' }),
    created_by: integer('created_by').references(() => users.id),
    created_at: ts('created_at').notNull().defaultNow(),
    previewed_at: ts('previewed_at'),
    applied_at: ts('applied_at'),
  },
  (t) => [
    index('vendor_imports_vendor_idx').on(t.vendor_id, t.id),
    check('vendor_imports_missing_check', sql`missing in ('zero', 'keep')`),
    check('vendor_imports_status_check', sql`status in ('previewing', 'previewed', 'applied', 'failed', 'superseded')`),
  ],
);

/**
 * One data row of an import's file (`line`: its row number in the file, the header being 1), as read:
 * values parsed, `error` saying why it cannot be imported. Written once and never updated: the
 * comparison with the catalogue is one SELECT over them (preview) or the writes themselves (apply).
 */
export const vendorImportRows = pgTable(
  'vendor_import_rows',
  {
    import_id: integer('import_id')
      .notNull()
      .references(() => vendorImports.id, { onDelete: 'cascade' }),
    line: integer('line').notNull(),
    vendor_sku: text('vendor_sku'),
    name: text('name'),
    upc: text('upc'),
    cost_cents: integer('cost_cents'),
    quantity: integer('quantity'),
    can_drop_ship: boolean('can_drop_ship'),
    map_cents: integer('map_cents'),
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.import_id, t.line] })],
);

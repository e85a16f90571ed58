/** Background jobs as their users see them, stored files (uploads and exports) and the download log. */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, customType, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts, users } from './core.js';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * One job (an import, a large export, later feed generation or repricing): who started it, how far it
 * got and how it ended. The queue that hands jobs to a process is pg-boss's (schema `pgboss`); this
 * row is what the console shows and what a cancel request marks.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    status: text('status').notNull().default('queued'),
    params: jsonb('params').notNull().default(sql`'{}'::jsonb`),
    progress: integer('progress').notNull().default(0),
    total: integer('total'),
    message: text('message'),
    result: jsonb('result'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    created_by: integer('created_by').references(() => users.id),
    created_at: ts('created_at').notNull().defaultNow(),
    started_at: ts('started_at'),
    finished_at: ts('finished_at'),
    cancel_requested_at: ts('cancel_requested_at'),
  },
  (t) => [
    check('jobs_status_check', sql`${t.status} in ('queued', 'running', 'succeeded', 'failed', 'cancelled')`),
    index('jobs_created_by_idx').on(t.created_by, t.id),
    index('jobs_active_idx').on(t.id).where(sql`${t.status} in ('queued', 'running')`),
  ],
);

/**
 * A file kept in the database, so every API process can serve it: an upload waiting to be imported,
 * or an export ready to download. Its bytes are in `stored_file_chunks`; it is deleted after
 * `expires_at`.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    content_type: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    sha256: text('sha256'),
    purpose: text('purpose').notNull(),
    /** Besides its creator, who may download it: holders of this permission (that of what it was exported from). */
    permission: text('permission'),
    created_by: integer('created_by').references(() => users.id),
    created_at: ts('created_at').notNull().defaultNow(),
    expires_at: ts('expires_at').notNull(),
  },
  (t) => [
    check('stored_files_purpose_check', sql`${t.purpose} in ('upload', 'export')`),
    index('stored_files_expires_idx').on(t.expires_at),
  ],
);

export const storedFileChunks = pgTable(
  'stored_file_chunks',
  {
    file_id: bigint('file_id', { mode: 'number' })
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.file_id, t.seq] })],
);

/** Every report export and feed file handed to a person: who, what, with which filters, how big. */
export const downloadLogs = pgTable(
  'download_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: ts('at').notNull().defaultNow(),
    user_id: integer('user_id').references(() => users.id),
    kind: text('kind').notNull(),
    source: text('source').notNull(),
    title: text('title').notNull(),
    format: text('format').notNull(),
    filters: jsonb('filters').notNull().default(sql`'{}'::jsonb`),
    rows: integer('rows'),
    bytes: bigint('bytes', { mode: 'number' }),
    file_id: bigint('file_id', { mode: 'number' }).references(() => storedFiles.id, { onDelete: 'set null' }),
    job_id: bigint('job_id', { mode: 'number' }).references(() => jobs.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('download_logs_kind_check', sql`${t.kind} in ('report', 'list', 'feed')`),
    index('download_logs_at_idx').on(t.at),
    index('download_logs_user_idx').on(t.user_id, t.id),
    index('download_logs_source_idx').on(t.source, t.id),
  ],
);

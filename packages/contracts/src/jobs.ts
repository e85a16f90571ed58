/** Background jobs, uploaded and exported files, and the download log (the kit every area uses). */
import { z } from 'zod';

export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const ACTIVE_JOB_STATUSES: readonly JobStatus[] = ['queued', 'running'];

/**
 * A job as its owner sees it. `result` is what the job reported when it succeeded (for exports,
 * `{ file_id, download_log_id, rows, bytes }`); `error` says why it failed, in words.
 */
export const Job = z.object({
  id: z.number(),
  kind: z.string(),
  title: z.string(),
  status: z.enum(JOB_STATUSES),
  progress: z.number(),
  total: z.number().nullable(),
  message: z.string().nullable(),
  result: z.unknown().nullable(),
  error: z.string().nullable(),
  created_by: z.number().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  cancel_requested_at: z.string().nullable(),
});
export type Job = z.infer<typeof Job>;

/**
 * `filter[status]` (one or more), `filter[kind]`, `filter[active]=true`; `filter[everyone]=true`
 * (with `filter[created_by]` for one person's) needs audit.read.
 */
export const JOB_LIST = { sort: ['id', 'created_at', 'status'], filter: ['status', 'kind', 'active', 'everyone', 'created_by'] } as const;

/** What an export job returns, and what an export's download log entry points at. */
export const ExportResult = z.object({
  file_id: z.number(),
  download_log_id: z.number(),
  rows: z.number(),
  bytes: z.number(),
  name: z.string(),
});
export type ExportResult = z.infer<typeof ExportResult>;

export const StoredFileInfo = z.object({
  id: z.number(),
  name: z.string(),
  content_type: z.string(),
  size: z.number(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type StoredFileInfo = z.infer<typeof StoredFileInfo>;

export const DOWNLOAD_KINDS = ['report', 'list', 'feed'] as const;
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** One file handed to a person (Download Logs): `file_available` when it can still be downloaded again. */
export const DownloadLog = z.object({
  id: z.number(),
  at: z.string(),
  user_id: z.number().nullable(),
  user_name: z.string().nullable(),
  kind: z.enum(DOWNLOAD_KINDS),
  source: z.string(),
  title: z.string(),
  format: z.string(),
  filters: z.unknown(),
  rows: z.number().nullable(),
  bytes: z.number().nullable(),
  file_id: z.number().nullable(),
  file_available: z.boolean(),
  job_id: z.number().nullable(),
});
export type DownloadLog = z.infer<typeof DownloadLog>;

export const DOWNLOAD_LOG_LIST = {
  sort: ['id', 'at', 'rows', 'bytes', 'source'],
  filter: ['user_id', 'kind', 'source', 'format', 'from', 'to'],
} as const;

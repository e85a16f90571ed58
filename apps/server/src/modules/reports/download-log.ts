/**
 * Download Logs: who downloaded which report, list or feed file, with which filters, rows and size,
 * and when; a file still kept can be downloaded again (`GET /api/download-log/:id/file`), an expired
 * one says so (410).
 */
import { sql } from 'drizzle-orm';
import { DOWNLOAD_KINDS, EXPORT_FORMATS, IdParams } from '@qm/contracts';
import { z } from 'zod';
import { queryOne } from '../../db/connect.js';
import { can, requireAuth } from '../../http/auth.js';
import { AppError, notFound } from '../../http/errors.js';
import { action, type Kit } from '../../http/kit.js';
import { readFile } from '../../files/store.js';
import { col, contains, defineReport, filter, where } from '../../reports/kit.js';
import { userOptions } from './lookups.js';

export const downloadLog = defineReport({
  name: 'download-log',
  title: 'Download Logs',
  permissions: ['reports.read', 'feeds.read'],
  filters: {
    from: filter.date('From'),
    to: filter.date('To'),
    user_id: filter.id('User', userOptions),
    kind: filter.oneOf('Kind', DOWNLOAD_KINDS, { report: 'Report', list: 'List', feed: 'Feed file' }),
    format: filter.oneOf('Format', EXPORT_FORMATS, { csv: 'CSV', xlsx: 'XLSX' }),
    title: filter.text('Report or file'),
  },
  columns: [
    col.datetime('at', 'When'),
    col.text('user_name', 'Who'),
    col.text('title', 'Report or file'),
    col.text('kind', 'Kind'),
    col.text('format', 'Format'),
    col.text('filters', 'Filters', undefined, { sortable: false }),
    col.int('rows', 'Rows', 'sum'),
    col.int('bytes', 'Size (bytes)', 'sum'),
    col.text('file_status', 'File'),
  ],
  rows: (f) => sql`
    select d.id, d.at, u.name as user_name, d.title, d.kind, d.format, d.filters, d.rows, d.bytes, d.source, d.job_id,
           case when sf.id is not null and sf.expires_at > now() then 'Kept until ' || to_char(sf.expires_at at time zone 'UTC', 'YYYY-MM-DD') else 'Expired' end as file_status,
           (sf.id is not null and sf.expires_at > now()) as file_available
      from download_logs d
      left join users u on u.id = d.user_id
      left join stored_files sf on sf.id = d.file_id
      ${where(
        f.from && sql`d.at >= ${f.from}::timestamptz`,
        f.to && sql`d.at < (${f.to}::date + 1)::timestamptz`,
        f.user_id && sql`d.user_id = ${f.user_id}`,
        f.kind && sql`d.kind = ${f.kind}`,
        f.format && sql`d.format = ${f.format}`,
        f.title && sql`(${contains(sql`d.title`, f.title)} or ${contains(sql`d.source`, f.title)})`,
      )}`,
  key: () => ['id'],
  defaultSort: '-at',
  // Without reports.read (feeds only): feed files only.
  resolve: (f, req) => (can(req, 'reports.read') ? f : { ...f, kind: 'feed' }),
});

/** Downloading the file of a download log entry again. */
export function downloadAgainRoute({ app, db }: Kit) {
  action(app, {
    method: 'GET',
    url: '/api/download-log/:id/file',
    access: ['reports.read', 'feeds.read'],
    tags: ['reports'],
    summary: 'Download the file of a download log entry again, while it is kept (410 once it has expired)',
    params: IdParams,
    response: { 200: z.unknown(), 404: z.unknown(), 410: z.unknown() },
    handler: async (req, reply) => {
      const me = requireAuth(req);
      const entry = await queryOne<{ id: number; user_id: number | null; kind: string; title: string; at: string; file_id: number | null; expires_at: string | null; name: string | null; content_type: string | null; size: number | null; permission: string | null }>(
        db,
        sql`select d.id, d.user_id, d.kind, d.title, d.at, d.file_id, sf.expires_at, sf.name, sf.content_type, sf.size, sf.permission
              from download_logs d left join stored_files sf on sf.id = d.file_id where d.id = ${req.params.id}`,
      );
      const mayRead =
        entry &&
        (entry.user_id === me.userId || (entry.kind === 'feed' ? can(req, 'feeds.read') : can(req, 'reports.read') && (!entry.permission || me.permissions.includes(entry.permission as never))));
      if (!entry || !mayRead) throw notFound('The download');
      if (!entry.file_id || !entry.expires_at || Date.parse(entry.expires_at) <= Date.now())
        throw new AppError(410, 'file_expired', `The file of “${entry.title}” downloaded on ${entry.at.slice(0, 10)} is no longer kept: it has expired. Export the report again.`);
      return reply
        .header('content-type', entry.content_type!)
        .header('content-length', String(entry.size))
        .header('content-disposition', `attachment; filename="${entry.name!.replace(/["\\\r\n]/g, '_')}"`)
        .send(readFile(db, entry.file_id));
    },
  });
}

/** Uploading a file (to import), downloading a kept export again, and the download log. */
import { sql } from 'drizzle-orm';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataResponse, DownloadLog, IdParams, isAllowed, listResponse, StoredFileInfo, DOWNLOAD_LOG_LIST } from '@qm/contracts';
import { action, type Kit } from '../http/kit.js';
import { requireAuth } from '../http/auth.js';
import { registerList } from '../http/crud.js';
import { AppError, badRequest, notFound } from '../http/errors.js';
import { columns, filters, type ListSpec } from '../http/list.js';
import { fileById, FileTooLarge, readFile, storeFile } from './store.js';
import { formatOf } from './tables.js';

/** Uploads wait this long to be imported, then go. */
const UPLOAD_KEEP_MS = 24 * 3600_000;

export const downloadLogList: ListSpec<DownloadLog> = {
  from: sql`download_logs d`,
  select: sql`d.id, d.at, d.user_id, (select u.name from users u where u.id = d.user_id) as user_name, d.kind, d.source, d.title,
              d.format, d.filters, d.rows, d.bytes, d.file_id,
              exists (select 1 from stored_files f where f.id = d.file_id and f.expires_at > now()) as file_available, d.job_id`,
  sort: { ...columns('d', 'id', 'at', 'rows', 'bytes', 'source') },
  defaultSort: '-id',
  key: sql`d.id`,
  filters: {
    ...filters.ints('d', 'user_id'),
    ...filters.eqs('d', 'kind', 'source', 'format'),
    ...filters.dateRange(sql`d.at`),
  },
  search: filters.ilike(sql`d.title`, sql`d.source`),
};

export function fileRoutes({ app, db, config }: Kit) {
  const opts = { uploadMaxBytes: config.uploadMaxBytes };
  const tags = ['files'];

  // The body of an upload is the file itself, streamed into storage (never held whole in memory).
  app.register(async (scope) => {
    for (const type of ['text/csv', 'text/plain', 'application/octet-stream', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'])
      scope.addContentTypeParser(type, (_req, payload, done) => done(null, payload));
    scope.withTypeProvider<ZodTypeProvider>().post('/api/file', {
      bodyLimit: opts.uploadMaxBytes,
      schema: {
        tags,
        summary: 'Upload a CSV or XLSX file (the request body; its name in X-File-Name) to import; kept 24 hours',
        headers: z.object({ 'x-file-name': z.string().min(1).max(255) }).loose(),
        response: { 201: dataResponse(StoredFileInfo) },
      },
      handler: async (req, reply) => {
        const me = requireAuth(req);
        const name = decodeURIComponent(String(req.headers['x-file-name']));
        const contentType = String(req.headers['content-type'] ?? 'application/octet-stream').split(';')[0]!;
        if (!formatOf(name, contentType)) throw badRequest('Upload a CSV or XLSX file', { file: 'Only .csv and .xlsx files can be imported' });
        try {
          const file = await storeFile(
            db,
            { name, contentType, purpose: 'upload', createdBy: me.userId, keepMs: UPLOAD_KEEP_MS },
            req.body as AsyncIterable<Buffer>,
            opts.uploadMaxBytes,
          );
          return reply.status(201).send({ data: file });
        } catch (err) {
          if (err instanceof FileTooLarge) throw new AppError(413, 'payload_too_large', err.message, { file: err.message });
          throw err;
        }
      },
    });
  });

  action(app, {
    method: 'GET',
    url: '/api/file/:id',
    access: 'signed-in',
    tags,
    summary: 'Download a kept file: yours, or an export whose source you may read',
    params: IdParams,
    response: { 200: z.unknown().describe('The file, as it was stored') },
    handler: async (req, reply) => {
      const me = requireAuth(req);
      const file = await fileById(db, req.params.id);
      const mayRead = file && (file.created_by === me.userId || (file.purpose === 'export' && file.permission !== null && isAllowed([file.permission], me.permissions)));
      if (!file || !mayRead) throw notFound('The file');
      return reply
        .header('content-type', file.content_type)
        .header('content-length', String(file.size))
        .header('content-disposition', `attachment; filename="${file.name.replace(/["\\\r\n]/g, '_')}"`)
        .send(readFile(db, file.id));
    },
  });

  registerList(app, db, {
    url: '/api/download-log',
    permission: 'reports.read',
    tags,
    summary: 'Download log: who downloaded which report, list or feed file, with which filters, rows and size',
    response: listResponse(DownloadLog),
    fields: DOWNLOAD_LOG_LIST,
    spec: downloadLogList,
    filename: 'download-log',
  });
}

/**
 * Exports of any size, one way for every list, report and feed file:
 *
 * - an export is a named source (`defineExport`): its columns and its rows for a set of filters;
 * - up to SYNC_EXPORT_ROWS rows it streams straight to the browser, and the same bytes are kept as a
 *   stored file; past that it runs as a job (progress, cancel) and the person downloads the file when
 *   it is done;
 * - either way one download log entry records who exported what, with which filters, rows and size,
 *   and the file stays downloadable until it expires (EXPORT_KEEP_DAYS).
 *
 * Rows come from PostgreSQL in batches: a cursor in a read-only transaction on a PostgreSQL server,
 * pages on PGlite (where a long transaction would hold every other request).
 */
import { PassThrough, type Readable } from 'node:stream';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import pg from 'pg';
import { z } from 'zod';
import type { ExportFormat, ExportResult, Permission } from '@qm/contracts';
import { compile, driverClientOf, query, queryOnClient, queryOne, type Db } from '../db/connect.js';
import type { Actor } from '../db/audit.js';
import { JobFailed, type JobKind, type JobRunner } from '../jobs/runner.js';
import { CONTENT_TYPES, writeTable, type TableColumn } from './tables.js';
import { storeFile } from './store.js';

/** Exports of at most this many rows are streamed at once; larger ones run as a job. */
export const SYNC_EXPORT_ROWS = 20_000;
const BATCH = 2_000;

export interface ExportSource<F, Row> {
  /** Unique name, e.g. `report.po-summary`, `list.brand`. */
  source: string;
  kind: 'report' | 'list' | 'feed';
  /** What people read in the download log and the file name, e.g. `PO Summary Report`. */
  title: string;
  /** Needed to export, and to download the file again later. */
  permission: Permission;
  /** The filters as sent (validated when an export job reads them back). */
  filters: z.ZodType<F>;
  columns: (filters: F) => TableColumn<Row>[];
  /** The rows' query, ordered (a unique key last), for these filters. */
  query: (filters: F) => SQL;
  /** Rows it will have (or an upper bound), to choose between streaming and a job. */
  count: (db: Db, filters: F) => Promise<number>;
}

/** What a kept download is: its download log entry's fields and the stored file's name and type. */
export interface KeptMeta {
  kind: ExportSource<unknown, unknown>['kind'];
  source: string;
  title: string;
  /** csv, xlsx, xml */
  format: string;
  contentType: string;
  name: string;
  permission: Permission;
  filters: unknown;
}

export class Exports {
  private readonly sources = new Map<string, ExportSource<any, any>>();
  readonly job: JobKind<{ source: string; filters: unknown; format: ExportFormat }, ExportResult>;

  constructor(
    private readonly runner: JobRunner,
    private readonly keepDays: number,
  ) {
    this.job = runner.define({
      kind: 'export',
      params: z.object({ source: z.string(), filters: z.unknown(), format: z.enum(['csv', 'xlsx']) }),
      expireInSeconds: 3600,
      run: async (ctx) => {
        const src = this.sources.get(ctx.params.source);
        if (!src) throw new JobFailed(`This server has no export named ${ctx.params.source}.`);
        const filters = src.filters.parse(ctx.params.filters);
        const total = await src.count(ctx.db, filters);
        let rows = 0;
        await ctx.progress(0, total, 'Writing the file');
        const rowsIn = batches(ctx.db, src.query(filters), async (n) => {
          rows = n;
          await ctx.progress(n, total);
        });
        const format = ctx.params.format;
        const meta = { kind: src.kind, source: src.source, title: src.title, format, contentType: CONTENT_TYPES[format], name: fileName(src.title, format), permission: src.permission, filters };
        return this.keep(ctx.db, ctx.actor, meta, writeTable(format, src.columns(filters), rowsIn, undefined, src.title), () => rows, ctx.id);
      },
    });
  }

  define<F, Row>(src: ExportSource<F, Row>): ExportSource<F, Row> {
    if (this.sources.has(src.source)) throw new Error(`Export ${src.source} is defined twice`);
    this.sources.set(src.source, src);
    return src;
  }

  /**
   * Answers an export request: the file itself (200, streamed) when it is small, else 202 with the
   * job that writes it. `db` is the request's handle; `t` none: the job is queued in its own transaction.
   */
  async send<F, Row>(reply: FastifyReply, db: Db, actor: Actor, src: ExportSource<F, Row>, filters: F, format: ExportFormat) {
    const total = await src.count(db, filters);
    if (total > SYNC_EXPORT_ROWS) {
      const job = await db.transaction(async (t) =>
        this.runner.enqueue(t as unknown as Db, actor, this.job, { source: src.source, filters, format }, `Export ${src.title} (${format.toUpperCase()})`),
      );
      this.runner.wake();
      return reply.status(202).send({ data: job });
    }
    let rows = 0;
    const bytes = writeTable(format, src.columns(filters), batches(db, src.query(filters)), () => void rows++, src.title);
    const name = fileName(src.title, format);
    reply.header('content-disposition', `attachment; filename="${name}"`).header('x-download-rows', String(total));
    return this.sendKept(reply, db, actor, { kind: src.kind, source: src.source, title: src.title, format, contentType: CONTENT_TYPES[format], name, permission: src.permission, filters }, bytes, () => rows);
  }

  /**
   * Sends a file to the browser while keeping the same bytes as a stored file with its download log
   * entry (every export, and files such as a feed's that are written otherwise). The file is kept and
   * logged before the browser sees its end: once a download has finished, its entry is there (and
   * nothing is written after the request has ended).
   */
  sendKept(reply: FastifyReply, db: Db, actor: Actor, meta: KeptMeta, bytes: Readable, rows: () => number) {
    const toClient = new PassThrough();
    const toStore = new PassThrough();
    bytes.on('data', (chunk: Buffer) => {
      toClient.write(chunk);
      toStore.write(chunk);
    });
    const kept = this.keep(db, actor, meta, toStore, rows).catch((err) => reply.log.warn({ err }, 'download not kept'));
    bytes.on('end', () => {
      toStore.end();
      void kept.then(() => toClient.end());
    });
    bytes.on('error', (err) => {
      toClient.destroy(err);
      toStore.destroy(err);
    });
    return reply.header('content-type', meta.contentType).send(toClient);
  }

  /** Stores the file and writes the download log entry. */
  private async keep(db: Db, actor: Actor, meta: KeptMeta, bytes: Readable, rows: () => number, jobId?: number): Promise<ExportResult> {
    const file = await storeFile(
      db,
      { name: meta.name, contentType: meta.contentType, purpose: 'export', createdBy: actor.userId, permission: meta.permission, keepMs: this.keepDays * 86_400_000 },
      bytes,
    );
    const log = await queryOne<{ id: number }>(
      db,
      sql`insert into download_logs (user_id, kind, source, title, format, filters, rows, bytes, file_id, job_id)
          values (${actor.userId}, ${meta.kind}, ${meta.source}, ${meta.title}, ${meta.format}, ${JSON.stringify(meta.filters ?? {})}::jsonb, ${rows()}, ${file.size}, ${file.id}, ${jobId ?? null})
          returning id`,
    );
    return { file_id: file.id, download_log_id: log!.id, rows: rows(), bytes: file.size, name: meta.name };
  }
}

export function fileName(title: string, format: string): string {
  const slug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'export';
  return `${slug}-${new Date().toISOString().slice(0, 10)}.${format}`;
}

/**
 * The rows of an ordered query, BATCH at a time. On a PostgreSQL server: a cursor in a read-only
 * transaction on a connection of its own (one consistent snapshot, no re-sorting per batch). On
 * PGlite: LIMIT/OFFSET pages, so other requests are answered between batches.
 */
export async function* batches<Row = Record<string, unknown>>(db: Db, rows: SQL, onBatch?: (done: number) => Promise<void>): AsyncGenerator<Row> {
  const client = driverClientOf(db);
  let done = 0;
  if (client instanceof pg.Pool) {
    const { sql: text, params } = compile(rows);
    const conn = await client.connect();
    let ok = false;
    try {
      await conn.query('begin transaction isolation level repeatable read read only');
      // every row is read: plan for the whole result, not for its first rows (a cursor's default is a
      // tenth), or a join may be planned as loops that rescan a set for each row
      await conn.query('set local cursor_tuple_fraction = 1');
      await conn.query({ text: `declare qm_export no scroll cursor for ${text}`, values: params });
      for (;;) {
        const batch = await queryOnClient<Row>(conn, sql.raw(`fetch ${BATCH} from qm_export`));
        for (const row of batch) yield row;
        done += batch.length;
        await onBatch?.(done);
        if (batch.length < BATCH) break;
      }
      await conn.query('commit');
      ok = true;
    } finally {
      if (!ok) await conn.query('rollback').catch(() => {});
      conn.release();
    }
    return;
  }
  for (let offset = 0; ; offset += BATCH) {
    const batch = await query<Row>(db, sql`select * from (${rows}) x limit ${sql.raw(String(BATCH))} offset ${sql.raw(String(offset))}`, { prepare: false });
    for (const row of batch) yield row;
    done += batch.length;
    await onBatch?.(done);
    if (batch.length < BATCH) return;
    // PGlite answers in the same thread: let the requests waiting meanwhile be answered between batches.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

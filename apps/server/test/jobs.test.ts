import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Job } from '@qm/contracts';
import { readFile, storeFile } from '../src/files/store.js';
import { readTable, safeCell, writeTable } from '../src/files/tables.js';
import { SYSTEM_ACTOR } from '../src/db/audit.js';
import { BACKENDS, useTestApp, type TestApp, expectRefused, finishedJob } from './harness.js';

async function text(stream: Readable): Promise<string> {
  const parts: Buffer[] = [];
  for await (const p of stream) parts.push(Buffer.from(p));
  return Buffer.concat(parts).toString('utf8');
}

async function rowsOf(stream: Readable, format: 'csv' | 'xlsx') {
  const rows: string[][] = [];
  for await (const r of readTable(stream, format)) rows.push(r);
  return rows;
}

const finished = (t: TestApp, token: string, id: number, timeoutMs = 20_000) => finishedJob(t, token, id, timeoutMs);

describe('tables in files', () => {
  it('neutralises every cell a spreadsheet would evaluate, and keeps numbers', () => {
    for (const bad of ['=1+1', '+1', "-1+1+cmd|' /C calc'!A0", '@SUM(A1)', '\tx', '\rx', '-5']) expect(safeCell(bad)).toBe(`'${bad}`);
    expect(safeCell(-5)).toBe(-5);
    expect(safeCell('Federal 9mm')).toBe('Federal 9mm');
    expect(safeCell(null)).toBeNull();
  });

  it('writes and reads CSV and XLSX the same way, formulas neutralised', async () => {
    const cols = [
      { header: 'SKU', value: (r: { sku: string; n: number }) => r.sku },
      { header: 'Qty', value: (r: { sku: string; n: number }) => r.n },
    ];
    async function* rows() {
      yield { sku: 'FED-9-115', n: 50 };
      yield { sku: '=HYPERLINK("x")', n: -3 };
    }
    const csv = await text(writeTable('csv', cols, rows()));
    expect(csv).toBe('\ufeffSKU,Qty\r\nFED-9-115,50\r\n"\'=HYPERLINK(""x"")",-3\r\n');
    expect(await rowsOf(Readable.from([Buffer.from(csv)]), 'csv')).toEqual([['SKU', 'Qty'], ['FED-9-115', '50'], ['\'=HYPERLINK("x")', '-3']]);
    const xlsx = writeTable('xlsx', cols, rows());
    expect(await rowsOf(xlsx, 'xlsx')).toEqual([['SKU', 'Qty'], ['FED-9-115', '50'], ['\'=HYPERLINK("x")', '-3']]);
  });

  it('reads semicolon and tab separated files, skips blank rows and refuses NUL bytes', async () => {
    expect(await rowsOf(Readable.from([Buffer.from('a;b\n1;2\n\n;\n3;4\n')]), 'csv')).toEqual([['a', 'b'], ['1', '2'], ['3', '4']]);
    expect(await rowsOf(Readable.from([Buffer.from('a\tb\n1\t2\n')]), 'csv')).toEqual([['a', 'b'], ['1', '2']]);
    await expect(rowsOf(Readable.from([Buffer.from('a,b\n1,\u00002\n')]), 'csv')).rejects.toThrow(/NUL/);
  });

  it('reads an XLSX file written by a spreadsheet (numbers, dates, formulas with results)', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Prices');
    sheet.addRow(['UPC', 'Cost', 'Updated', 'Total']);
    sheet.addRow(['029465064525', 12.5, new Date(Date.UTC(2026, 10, 1)), { formula: 'B2*2', result: 25 }]);
    const buf = Buffer.from(await book.xlsx.writeBuffer());
    expect(await rowsOf(Readable.from([buf]), 'xlsx')).toEqual([['UPC', 'Cost', 'Updated', 'Total'], ['029465064525', '12.5', '2026-11-01', '25']]);
  });
});

describe.each(BACKENDS)('jobs and files on %s', (kind) => {
  const t = useTestApp(kind);

  /** A test export: `n` numbered rows, slowly when asked (to cancel it half-way). */
  const numbers = () =>
    t.exports.define({
      source: `test.numbers`,
      kind: 'report',
      title: 'Numbers Report',
      permission: 'reports.read',
      filters: z.object({ n: z.number().int() }),
      columns: () => [
        { header: 'N', value: (r: { n: number; label: string }) => r.n },
        { header: 'Label', value: (r: { n: number; label: string }) => r.label },
      ],
      query: (f) => sql`select g as n, case when g = 2 then '=2+2' else 'row ' || g end as label from generate_series(1, ${f.n}::int) g order by g`,
      count: async (_db, f) => f.n,
    });
  let source: ReturnType<typeof numbers> | undefined;
  const src = () => (source ??= numbers());

  it('keeps an uploaded file in chunks and gives it back byte for byte', async () => {
    const token = await t.login('purchasing@example.com');
    const body = 'vendor_sku,upc,cost\n' + Array.from({ length: 40_000 }, (_, i) => `SS-${i},0${String(i).padStart(11, '0')},${(i % 97) + 0.5}`).join('\n');
    const res = await t.req('POST', '/api/file', { token, body, headers: { 'content-type': 'text/csv', 'x-file-name': 'sports-south.csv' } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: 'sports-south.csv', size: Buffer.byteLength(body) });
    const [chunks] = await t.sql<{ n: number }>(sql`select count(*)::int as n from stored_file_chunks where file_id = ${res.body.data.id}`);
    expect(chunks!.n).toBe(Math.ceil(Buffer.byteLength(body) / (1024 * 1024)));
    expect(await text(readFile(t.db, res.body.data.id))).toBe(body);
    // The owner downloads it; someone else cannot even see it.
    const mine = await t.req('GET', `/api/file/${res.body.data.id}`, { token });
    expect(mine.status).toBe(200);
    expect(mine.text).toBe(body);
    const other = await t.req('GET', `/api/file/${res.body.data.id}`, { token: await t.login('catalog@example.com') });
    expect(other.status).toBe(404);
  });

  it('refuses an upload that is not CSV or XLSX, or has no name', async () => {
    const token = await t.login('purchasing@example.com');
    const exe = await t.req('POST', '/api/file', { token, body: 'MZ...', headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'setup.exe' } });
    expect(exe.status).toBe(400);
    expect(exe.body.error.fields).toEqual({ file: 'Only .csv and .xlsx files can be imported' });
    const anonymous = await t.req('POST', '/api/file', { token, body: 'a,b', headers: { 'content-type': 'text/csv' } });
    expect(anonymous.status).toBe(400);
  });

  it('runs an export job once, with progress, keeps the file and logs the download', async () => {
    const token = await t.login('analyst@example.com');
    const me = (await t.req('GET', '/api/auth/user', { token })).body.data;
    const job = await t.db.transaction((tx) =>
      t.jobs.enqueue(tx as never, { ...SYSTEM_ACTOR, userId: me.id }, t.exports.job, { source: src().source, filters: { n: 5000 }, format: 'csv' }, 'Export Numbers Report (CSV)'),
    );
    t.jobs.wake();
    const done = await finished(t, token, job.id);
    expect(done).toMatchObject({ status: 'succeeded', progress: 5000, total: 5000, error: null, created_by_name: me.name });
    const result = done.result as { file_id: number; rows: number; download_log_id: number; bytes: number };
    expect(result.rows).toBe(5000);
    const file = await t.req('GET', `/api/file/${result.file_id}`, { token });
    expect(file.status).toBe(200);
    const lines = file.raw.toString('utf8').replace(/\r\n$/, '').split('\r\n');
    expect(lines).toHaveLength(5001);
    expect(lines.slice(0, 3)).toEqual(['\ufeffN,Label', '1,row 1', "2,'=2+2"]);
    expect(file.raw.length).toBe(result.bytes);
    // The download log names who, what, the filters and the size; anyone who may read reports may download it again.
    const log = await t.req('GET', `/api/download-log?filter[source]=test.numbers`, { token });
    expect(log.body.data[0]).toMatchObject({ id: result.download_log_id, user_name: me.name, title: 'Numbers Report', format: 'csv', filters: { n: 5000 }, rows: 5000, bytes: result.bytes, file_available: true, job_id: job.id });
    const again = await t.req('GET', `/api/file/${result.file_id}`, { token: await t.login('purchasing@example.com') });
    expect(again.status).toBe(200);
    // A role without the export's permission cannot.
    expect((await t.req('GET', `/api/file/${result.file_id}`, { token: await t.login('catalog@example.com') })).status).toBe(404);
  });

  it('cancels a running export: no file, no download log entry', async () => {
    const token = await t.login('analyst@example.com');
    const me = (await t.req('GET', '/api/auth/user', { token })).body.data;
    const [before] = await t.sql<{ files: number; logs: number }>(sql`select (select count(*)::int from stored_files) as files, (select count(*)::int from download_logs) as logs`);
    const job = await t.db.transaction((tx) =>
      t.jobs.enqueue(tx as never, { ...SYSTEM_ACTOR, userId: me.id }, t.exports.job, { source: src().source, filters: { n: 400_000 }, format: 'csv' }, 'Export Numbers Report (CSV)'),
    );
    t.jobs.wake();
    // Wait until it runs, then cancel it.
    for (let i = 0; i < 200; i++) {
      const j = (await t.req('GET', `/api/job/${job.id}`, { token })).body.data as Job;
      if (j.status === 'running' && j.progress > 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const cancel = await t.req('POST', `/api/job/${job.id}/cancel`, { token });
    expect(cancel.status).toBe(200);
    const done = await finished(t, token, job.id);
    expect(done.status).toBe('cancelled');
    expect(done.progress).toBeLessThan(400_000);
    const [after] = await t.sql<{ files: number; logs: number }>(sql`select (select count(*)::int from stored_files) as files, (select count(*)::int from download_logs) as logs`);
    expect(after).toEqual(before);
    // An ended job cannot be cancelled again.
    const again = await t.req('POST', `/api/job/${job.id}/cancel`, { token });
    expect(again.status).toBe(422);
  });

  it('shows people their own jobs; everyone’s only to those who may read the audit', async () => {
    const analyst = await t.login('analyst@example.com');
    const purchasing = await t.login('purchasing@example.com');
    const admin = await t.login('admin@example.com');
    const mine = await t.req('GET', '/api/job', { token: analyst });
    expect(mine.status).toBe(200);
    expect(mine.body.data.length).toBeGreaterThanOrEqual(2);
    expect((await t.req('GET', '/api/job', { token: purchasing })).body.data).toEqual([]);
    const someoneElses = mine.body.data[0].id;
    expect((await t.req('GET', `/api/job/${someoneElses}`, { token: purchasing })).status).toBe(404);
    expect((await t.req('POST', `/api/job/${someoneElses}/cancel`, { token: purchasing })).status).toBe(404);
    // filter[everyone] is ignored without audit.read, honoured with it.
    expect((await t.req('GET', '/api/job?filter[everyone]=true', { token: purchasing })).body.data).toEqual([]);
    expect((await t.req('GET', '/api/job?filter[everyone]=true', { token: admin })).body.meta.total).toBe(mine.body.meta.total);
    expect((await t.req('GET', '/api/job?filter[status]=cancelled', { token: analyst })).body.data).toHaveLength(1);
    expectRefused(await t.req('GET', '/api/job?filter[status]=nope', { token: analyst }), 400, 'filter.status');
  });

  it('stores a file that fails half-way not at all', async () => {
    async function* broken() {
      yield Buffer.alloc(1024 * 1024 + 10, 97);
      throw new Error('connection reset');
    }
    const [before] = await t.sql<{ n: number }>(sql`select count(*)::int as n from stored_files`);
    await expect(storeFile(t.db, { name: 'x.csv', contentType: 'text/csv', purpose: 'upload', createdBy: null, keepMs: 1000 }, broken())).rejects.toThrow('connection reset');
    const [after] = await t.sql<{ n: number; c: number }>(sql`select count(*)::int as n, (select count(*)::int from stored_file_chunks) as c from stored_files`);
    expect(after!.n).toBe(before!.n);
  });
});

describe.runIf(BACKENDS.includes('postgres'))('jobs with several API processes (postgres)', () => {
  // One process only queues (JOB_CONCURRENCY=0), as a web-only process would; two others run jobs.
  const front = useTestApp('postgres', { JOB_CONCURRENCY: '0' });
  let workers: TestApp[] = [];
  const sources = (t: Pick<TestApp, 'exports'>) =>
    t.exports.define({
      source: 'test.small',
      kind: 'report',
      title: 'Small Report',
      permission: 'reports.read',
      filters: z.object({ n: z.number().int() }),
      columns: () => [{ header: 'N', value: (r: { n: number }) => r.n }],
      query: (f) => sql`select g as n from generate_series(1, ${f.n}::int) g order by g`,
      count: async (_db, f) => f.n,
    });

  it('runs each job exactly once, in whichever process takes it, also when queued while none was running', async () => {
    const { startApp } = await import('./harness.js');
    const src = sources(front);
    const token = await front.login('analyst@example.com');
    const me = (await front.req('GET', '/api/auth/user', { token })).body.data;
    const ids: number[] = [];
    for (let i = 1; i <= 8; i++) {
      const job = await front.db.transaction((tx) =>
        front.jobs.enqueue(tx as never, { ...SYSTEM_ACTOR, userId: me.id }, front.exports.job, { source: src.source, filters: { n: i * 10 }, format: 'csv' }, `Export ${i}`),
      );
      ids.push(job.id);
    }
    // Nothing runs them yet: the only process is a front one.
    await new Promise((r) => setTimeout(r, 1200));
    const [queued] = await front.sql<{ n: number }>(sql`select count(*)::int as n from jobs where status = 'queued'`);
    expect(queued!.n).toBe(8);
    // Two worker processes start (as after a restart) and share the queue.
    workers = await Promise.all([0, 1].map(() => startApp('postgres', { JOB_CONCURRENCY: '2' }, { sameDatabaseAs: front, setup: sources })));
    for (const id of ids) expect((await finished(front, token, id)).status).toBe('succeeded');
    const runs = await front.sql<{ id: number; attempts: number; rows: number }>(
      sql`select j.id, j.attempts, (j.result->>'rows')::int as rows from jobs j where j.id = any(${`{${ids.join(',')}}`}::int[]) order by j.id`,
    );
    expect(runs.map((r) => r.attempts)).toEqual(ids.map(() => 1));
    expect(runs.map((r) => r.rows)).toEqual(ids.map((_, i) => (i + 1) * 10));
    const [logs] = await front.sql<{ n: number }>(sql`select count(*)::int as n from download_logs where job_id = any(${`{${ids.join(',')}}`}::int[])`);
    expect(logs!.n).toBe(8);
    await Promise.all(workers.map((w) => w.app.close()));
  });
});

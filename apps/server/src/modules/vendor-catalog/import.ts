/**
 * Imports of a vendor's price/stock file: the file's columns and a proposed mapping; the preview (a
 * job: the file read in batches into `vendor_import_rows`, each row checked, then compared with the
 * catalogue set-based and counted); the apply (a job: one transaction that updates and adds the lines,
 * sets the stock of lines the file leaves out to 0 when asked, matches the new lines, records when
 * they were synced and audits the import). Memory stays bounded whatever the file's size: rows are
 * streamed and staged BATCH rows at a time, and everything after is SQL over the staged rows.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  IMPORT_FIELDS,
  IMPORT_SAMPLE_KINDS,
  ImportMapping,
  ImportPreviewBody,
  type ImportColumns,
  type ImportCounts,
  type ImportField,
  type ImportSampleRow,
  type ImportSummary,
  type VendorImport,
} from '@qm/contracts';
import { queryOne, type Db } from '../../db/connect.js';
import { readFile, fileById, type StoredFile } from '../../files/store.js';
import { formatOf, readTable, UnreadableTable } from '../../files/tables.js';
import { inTx } from '../../http/crud.js';
import { AppError, badRequest, notFound, ruleViolated } from '../../http/errors.js';
import { JobCancelled, JobFailed, type JobContext, type JobRunner } from '../../jobs/runner.js';
import { audit, type Actor } from '../../db/audit.js';
import { matchJoins, matchVendor, upcKeys } from './matching.js';
import { columnIndexes, guessMapping, readRow, type ImportRow } from './values.js';

/**
 * Lets the process answer requests between batches: parsing and the embedded database's queries can
 * run on promises alone for the whole file, and timers and network events would wait until the end.
 */
const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Rows staged per statement while reading, and applied per statement while applying. */
export const BATCH = 5_000;
export const APPLY_BATCH = 10_000;
/** A price file past this is refused: no vendor's catalogue is this long. */
export const MAX_ROWS = 1_000_000;
const SAMPLES = 10;

// ───────────────────────────── the file ─────────────────────────────

/** The caller's own upload, or 404. */
export async function ownUpload(db: Db, userId: number | null, fileId: number): Promise<StoredFile> {
  const file = await fileById(db, fileId);
  if (!file || file.purpose !== 'upload' || file.created_by !== userId) throw notFound('The file');
  return file;
}

/** Headers as the mapping names them: a blank header is "Column N". */
export const headerNames = (row: string[]) => row.map((h, i) => (h.trim() === '' ? `Column ${i + 1}` : h.trim()));

const unreadable = (err: unknown): never => {
  if (err instanceof UnreadableTable) throw new AppError(422, 'rule_violated', err.message, { file: err.message });
  throw err;
};

function rowsOf(db: Db, file: StoredFile): AsyncGenerator<string[]> {
  const format = formatOf(file.name, file.content_type);
  if (!format) throw ruleViolated('Only .csv and .xlsx files can be imported', { file: 'Only .csv and .xlsx files can be imported' });
  return readTable(readFile(db, file.id), format);
}

/** The first `n` rows of the file (header first); 422 when it cannot be read. */
async function firstRows(db: Db, file: StoredFile, n: number): Promise<string[][]> {
  const rows: string[][] = [];
  const it = rowsOf(db, file);
  try {
    for await (const row of it) {
      rows.push(row);
      if (rows.length >= n) break;
    }
  } catch (err) {
    unreadable(err);
  }
  if (!rows.length) throw ruleViolated('The file is empty.', { file: 'The file is empty' });
  return rows;
}

export async function vendorOr404(db: Db, vendorId: number) {
  const v = await queryOne<{ id: number; name: string; can_drop_ship: boolean; import_mapping: unknown }>(
    db,
    sql`select id, name, can_drop_ship, import_mapping from vendors where id = ${vendorId}`,
  );
  if (!v) throw notFound('The vendor');
  return v;
}

/** The file's columns, its first rows and the mapping proposed: the vendor's last one when it still fits, else a guess. */
export async function importColumns(db: Db, userId: number | null, vendorId: number, fileId: number): Promise<ImportColumns> {
  const vendor = await vendorOr404(db, vendorId);
  const file = await ownUpload(db, userId, fileId);
  const [head, ...rows] = await firstRows(db, file, 6);
  const headers = headerNames(head!);
  // A spreadsheet leaves trailing empty cells out: the sample shows every column.
  const sample = rows.map((r) => headers.map((_, i) => r[i] ?? ''));
  const remembered = ImportMapping.safeParse(vendor.import_mapping);
  if (remembered.success && 'indexes' in columnIndexes(headers, remembered.data)) {
    const mapping = Object.fromEntries(IMPORT_FIELDS.map((f) => [f, remembered.data[f] ?? null]));
    return { file_name: file.name, headers, sample, mapping, mapping_source: 'remembered' };
  }
  return { file_name: file.name, headers, sample, mapping: guessMapping(headers), mapping_source: 'guessed' };
}

// ───────────────────────────── preview ─────────────────────────────

export const PreviewParams = z.object({ import_id: z.number().int() });
export const ApplyParams = z.object({ import_id: z.number().int() });

/**
 * Starts a preview: checks the vendor, the file and that every mapped column is in it, replaces the
 * vendor's earlier preview not applied, remembers the mapping for the vendor and queues the job.
 */
export async function startPreview(db: Db, runner: JobRunner, actor: Actor, vendorId: number, body: z.output<typeof ImportPreviewBody>) {
  await vendorOr404(db, vendorId);
  const file = await ownUpload(db, actor.userId, body.file_id);
  const [head] = await firstRows(db, file, 1);
  const headers = headerNames(head!);
  const found = columnIndexes(headers, body.mapping);
  if ('missing' in found) {
    const fields: Record<string, string> = {};
    for (const f of IMPORT_FIELDS) if (body.mapping[f] && found.missing.includes(body.mapping[f]!)) fields[`mapping.${f}`] = `The file has no column “${body.mapping[f]}”`;
    throw badRequest(`The file has no column ${found.missing.map((m) => `“${m}”`).join(', ')}`, fields);
  }
  const used = new Map<number, ImportField>();
  for (const f of IMPORT_FIELDS) {
    const i = found.indexes[f];
    if (i === undefined) continue;
    if (used.has(i)) throw badRequest(`Two fields read the column “${headers[i]}”`, { [`mapping.${f}`]: `“${headers[i]}” is already read as another field` });
    used.set(i, f);
  }
  const mapping = Object.fromEntries(IMPORT_FIELDS.map((f) => [f, body.mapping[f] ?? null]));
  const started = await inTx(db, async (t) => {
    await t.execute(sql`select id from vendors where id = ${vendorId} for update`);
    // One preview waits per vendor: an earlier one not applied is replaced, its staged rows dropped.
    await t.execute(sql`delete from vendor_import_rows where import_id in
                          (select id from vendor_imports where vendor_id = ${vendorId} and status in ('previewing', 'previewed'))`);
    await t.execute(sql`update vendor_imports set status = 'superseded' where vendor_id = ${vendorId} and status in ('previewing', 'previewed')`);
    // Staged rows of imports that ended badly go with the next import of anyone.
    await t.execute(sql`delete from vendor_import_rows where import_id in (select id from vendor_imports where status in ('failed', 'superseded', 'applied'))`);
    const imp = await queryOne<{ id: number }>(
      t,
      sql`insert into vendor_imports (vendor_id, file_id, file_name, mapping, missing, created_by)
          values (${vendorId}, ${file.id}, ${file.name}, ${JSON.stringify(mapping)}::jsonb, ${body.missing}, ${actor.userId}) returning id`,
    );
    await t.execute(sql`update vendors set import_mapping = ${JSON.stringify(mapping)}::jsonb where id = ${vendorId}`);
    const job = await runner.enqueue(t, actor, previewJob, { import_id: imp!.id }, `Preview import of ${file.name}`);
    await t.execute(sql`update vendor_imports set preview_job_id = ${job.id} where id = ${imp!.id}`);
    return { import_id: imp!.id, job };
  });
  runner.wake();
  return started;
}

interface ImportRecord {
  id: number;
  vendor_id: number;
  file_id: number | null;
  file_name: string;
  mapping: Record<ImportField, string | null>;
  missing: 'zero' | 'keep';
  status: string;
  summary: ImportSummary | null;
  vendor_default_drop_ship: boolean;
}

const importRecord = (db: Db, id: number, lock = false) =>
  queryOne<ImportRecord>(
    db,
    sql`select i.id, i.vendor_id, i.file_id, i.file_name, i.mapping, i.missing, i.status, i.summary, v.can_drop_ship as vendor_default_drop_ship
          from vendor_imports i join vendors v on v.id = i.vendor_id where i.id = ${id} ${lock ? sql`for update of i` : sql``}`,
  );

/** Stages one batch of read rows. */
async function stage(db: Db, importId: number, rows: ImportRow[]) {
  await db.execute(sql`
    insert into vendor_import_rows (import_id, line, vendor_sku, name, upc, cost_cents, quantity, can_drop_ship, map_cents, error)
    select ${importId}::int, r.line, r.vendor_sku, r.name, r.upc, r.cost_cents, r.quantity, r.can_drop_ship, r.map_cents, r.error
      from json_to_recordset(${JSON.stringify(rows)}::json)
        as r(line int, vendor_sku text, name text, upc text, cost_cents int, quantity int, can_drop_ship boolean, map_cents int, error text)`);
}

/** Reads the file into the staging table, BATCH rows at a time; answers how many data rows it had. */
async function readIntoStaging(ctx: Pick<JobContext<unknown>, 'db' | 'progress'>, imp: ImportRecord): Promise<number> {
  const db = ctx.db;
  if (imp.file_id === null) throw new JobFailed('The uploaded file is no longer kept (uploads are kept 24 hours). Upload it again.');
  const file = await fileById(db, imp.file_id);
  if (!file) throw new JobFailed('The uploaded file is no longer kept (uploads are kept 24 hours). Upload it again.');
  const format = formatOf(file.name, file.content_type);
  if (!format) throw new JobFailed('Only .csv and .xlsx files can be imported.');
  let at: Partial<Record<ImportField, number>> | undefined;
  let line = 0;
  let batch: ImportRow[] = [];
  await ctx.progress(0, null, 'Reading the file');
  try {
    for await (const cells of readTable(readFile(db, file.id), format)) {
      line++;
      if (!at) {
        const found = columnIndexes(headerNames(cells), ImportMapping.parse(Object.fromEntries(Object.entries(imp.mapping).filter(([, v]) => v))));
        if ('missing' in found) throw new JobFailed(`The file has no column ${found.missing.map((m) => `“${m}”`).join(', ')}.`);
        at = found.indexes;
        continue;
      }
      if (line - 1 > MAX_ROWS) throw new JobFailed(`The file has more than ${MAX_ROWS.toLocaleString('en-US')} rows.`);
      batch.push(readRow(cells, line, at));
      if (batch.length >= BATCH) {
        await stage(db, imp.id, batch);
        batch = [];
        await ctx.progress(line - 1, null, 'Reading the file');
        await yieldToOthers();
      }
    }
  } catch (err) {
    if (err instanceof UnreadableTable) throw new JobFailed(err.message);
    throw err;
  }
  if (batch.length) await stage(db, imp.id, batch);
  if (!at) throw new JobFailed('The file is empty.');
  if (line <= 1) throw new JobFailed('The file has no rows under its header.');
  // Fresh statistics, so the comparison and the apply join the staged rows by plan, not by guess.
  await db.execute(sql`analyze vendor_import_rows`);
  return line - 1;
}

/**
 * The values a line will have after the import, as SQL over the staged row `s`, the line `vp` (null
 * when new) and the vendor's default drop-ship: a column the mapping leaves out keeps what the line
 * has; a blank cost, name or UPC keeps it too; a blank MAP means none; a blank quantity is 0.
 */
function nextValues(mapping: Record<ImportField, string | null>, defaultDropShip: SQL) {
  const m = (f: ImportField) => Boolean(mapping[f]);
  return {
    name: m('name') ? sql`coalesce(s.name, vp.name)` : sql`vp.name`,
    upc: m('upc') ? sql`coalesce(s.upc, vp.upc)` : sql`vp.upc`,
    cost_cents: m('cost') ? sql`coalesce(s.cost_cents, vp.cost_cents)` : sql`vp.cost_cents`,
    quantity_available: m('quantity') ? sql`coalesce(s.quantity, 0)` : sql`coalesce(vp.quantity_available, 0)`,
    can_drop_ship: m('can_drop_ship') ? sql`coalesce(s.can_drop_ship, false)` : sql`coalesce(vp.can_drop_ship, ${defaultDropShip})`,
    map_cents: m('map') ? sql`s.map_cents` : sql`vp.map_cents`,
  };
}
const COLUMNS = ['name', 'upc', 'cost_cents', 'quantity_available', 'can_drop_ship', 'map_cents'] as const;

/**
 * Compares the staged rows with the vendor's catalogue in one SELECT: a later row repeating a vendor
 * SKU is invalid, each valid row is new, an update (and whether its cost or stock change) or
 * unchanged, and whether it will be left without a variant of ours; lines of the catalogue the file
 * does not list are counted. Answers the counts and the first rows of each kind. Writes nothing.
 */
export async function classify(db: Db, imp: ImportRecord): Promise<ImportSummary> {
  const id = imp.id;
  const next = nextValues(imp.mapping, sql`${imp.vendor_default_drop_ship}::boolean`);
  const changed = sql.join(
    COLUMNS.map((c) => sql`${next[c]} is distinct from vp.${sql.identifier(c)}`),
    sql` or `,
  );
  const sample = (cond: SQL) =>
    sql`(select coalesce(json_agg(x order by x.line), '[]'::json) from
          (select line, vendor_sku, name, upc, new_cost as cost_cents, old_cost as old_cost_cents, new_qty as quantity, old_qty as old_quantity, error
             from j where ${cond} order by line limit ${SAMPLES}) x)`;
  const row = await queryOne<{ counts: ImportCounts } & Record<string, ImportSampleRow[]>>(
    db,
    sql`with u as (${upcKeys}),
        s as (select r.*, case when r.error is null and r.vendor_sku is not null and r.line > min(r.line) over w
                               then 'Duplicate vendor SKU in the file (also on row ' || min(r.line) over w || ')' else r.error end as problem
                from vendor_import_rows r where r.import_id = ${id} window w as (partition by upper(r.vendor_sku))),
        j as (select s.line, s.vendor_sku, s.name, s.upc, s.problem as error, vp.id as vp_id,
                     vp.cost_cents as old_cost, vp.quantity_available as old_qty, ${next.cost_cents} as new_cost, ${next.quantity_available} as new_qty,
                     case when s.problem is not null then 'invalid' when vp.id is null then 'new' when (${changed}) then 'update' else 'unchanged' end as outcome,
                     case when vp.variant_id is not null then false when vp.match_method = 'manual' then true
                          else mu.variant_id is null and mv.id is null end as unmatched
                from s
                left join vendor_products vp on vp.vendor_id = ${imp.vendor_id} and upper(vp.vendor_sku) = upper(s.vendor_sku)
                ${matchJoins(sql`coalesce(s.upc, vp.upc)`, sql`s.vendor_sku`)}),
        m as (select vp.vendor_sku, vp.name, vp.upc, vp.cost_cents, vp.quantity_available from vendor_products vp
               where vp.vendor_id = ${imp.vendor_id}
                 and not exists (select 1 from vendor_import_rows x where x.import_id = ${id} and upper(x.vendor_sku) = upper(vp.vendor_sku)))
        select (select json_build_object(
                  'rows', count(*), 'invalid', count(*) filter (where outcome = 'invalid'), 'new', count(*) filter (where outcome = 'new'),
                  'changed', count(*) filter (where outcome = 'update'),
                  'cost_changed', count(*) filter (where outcome = 'update' and new_cost is distinct from old_cost),
                  'stock_changed', count(*) filter (where outcome = 'update' and new_qty is distinct from old_qty),
                  'unchanged', count(*) filter (where outcome = 'unchanged'),
                  'unmatched', count(*) filter (where unmatched and outcome <> 'invalid'),
                  'missing', (select count(*) from m), 'missing_in_stock', (select count(*) from m where quantity_available > 0)) from j) as counts,
               ${sample(sql`outcome = 'invalid'`)} as invalid,
               ${sample(sql`outcome = 'new'`)} as new,
               ${sample(sql`outcome = 'update' and new_cost is distinct from old_cost`)} as cost_changed,
               ${sample(sql`outcome = 'update' and new_qty is distinct from old_qty`)} as stock_changed,
               ${sample(sql`unmatched and outcome <> 'invalid'`)} as unmatched,
               ${sample(sql`outcome = 'unchanged'`)} as unchanged,
               (select coalesce(json_agg(x), '[]'::json) from
                 (select null::int as line, vendor_sku, name, upc, cost_cents, cost_cents as old_cost_cents,
                         case when ${imp.missing} = 'zero' then 0 else quantity_available end as quantity, quantity_available as old_quantity, null as error
                    from m order by quantity_available desc, upper(vendor_sku) limit ${SAMPLES}) x) as missing`,
  );
  const { counts, ...rest } = row!;
  const samples: Record<string, ImportSampleRow[]> = {};
  for (const kind of IMPORT_SAMPLE_KINDS) samples[kind] = rest[kind] ?? [];
  return { counts, samples };
}

export const previewJob = {
  kind: 'vendor-import-preview',
  params: PreviewParams,
  expireInSeconds: 3600,
  async run(ctx: JobContext<z.infer<typeof PreviewParams>>) {
    const imp = await importRecord(ctx.db, ctx.params.import_id);
    if (!imp || imp.status !== 'previewing') throw new JobFailed('This preview was replaced by a newer one.');
    try {
      const rows = await readIntoStaging(ctx, imp);
      await ctx.progress(rows, rows, 'Comparing with the catalogue');
      const summary = await classify(ctx.db, imp);
      await ctx.checkCancelled();
      await ctx.db.execute(sql`update vendor_imports set status = 'previewed', summary = ${JSON.stringify(summary)}::jsonb, previewed_at = now()
                                where id = ${imp.id} and status = 'previewing'`);
      return { import_id: imp.id, counts: summary.counts };
    } catch (err) {
      await ctx.db.execute(sql`delete from vendor_import_rows where import_id = ${imp.id}`);
      if (!(err instanceof JobCancelled))
        await ctx.db.execute(sql`update vendor_imports set status = 'failed', error = ${err instanceof JobFailed ? err.message : 'The preview failed on the server.'}
                                  where id = ${imp.id} and status = 'previewing'`);
      throw err;
    }
  },
};

// ───────────────────────────── apply ─────────────────────────────

/** Why an import cannot be applied (null: it can). */
function refusal(imp: Pick<ImportRecord, 'status' | 'summary'>): string | null {
  if (imp.status === 'applied') return 'This import has already been applied.';
  if (imp.status === 'superseded') return 'A newer preview of this vendor replaced this one. Apply that one.';
  if (imp.status !== 'previewed' || !imp.summary) return 'This import has no finished preview.';
  const invalid = imp.summary.counts.invalid;
  if (invalid > 0)
    return `The file has ${invalid.toLocaleString('en-US')} invalid ${invalid === 1 ? 'row' : 'rows'}: nothing can be applied. Fix the file and upload it again.`;
  return null;
}

export async function startApply(db: Db, runner: JobRunner, actor: Actor, vendorId: number, importId: number) {
  const started = await inTx(db, async (t) => {
    const imp = await importRecord(t, importId, true);
    if (!imp || imp.vendor_id !== vendorId) throw notFound('The import');
    const no = refusal(imp);
    if (no) throw ruleViolated(no);
    const running = await queryOne<{ id: number }>(
      t,
      sql`select j.id from vendor_imports i join jobs j on j.id = i.apply_job_id where i.id = ${importId} and j.status in ('queued', 'running')`,
    );
    if (running) throw ruleViolated('This import is being applied already.');
    const job = await runner.enqueue(t, actor, applyJob, { import_id: importId }, `Import ${imp.file_name}`);
    await t.execute(sql`update vendor_imports set apply_job_id = ${job.id} where id = ${importId}`);
    return { import_id: importId, job };
  });
  runner.wake();
  return started;
}

/** Whether the job's cancel was asked for, read in the caller's transaction. */
async function cancelRequested(t: Db, jobId: number): Promise<boolean> {
  const row = await queryOne<{ c: boolean }>(t, sql`select cancel_requested_at is not null as c from jobs where id = ${jobId}`);
  return Boolean(row?.c);
}

/**
 * Applies a previewed import in one transaction: compared again with the catalogue as it is now,
 * then lines updated and added APPLY_BATCH rows at a time (a cancel is honoured between batches and
 * rolls everything back), lines missing from the file set to 0 when asked, unmatched lines matched,
 * the import audited. Any failure leaves the catalogue as it was.
 */
export async function applyImport(db: Db, actor: Actor, importId: number, checkCancelled: (t: Db) => Promise<void>): Promise<ImportCounts> {
  return inTx(db, async (t) => {
    const first = await importRecord(t, importId);
    if (!first) throw new JobFailed('The import was not found.');
    await t.execute(sql`select id from vendors where id = ${first.vendor_id} for update`);
    const imp = (await importRecord(t, importId, true))!;
    const no = refusal(imp);
    if (no) throw new JobFailed(no);
    const { counts } = await classify(t, imp);
    if (counts.invalid > 0) throw new JobFailed(refusal({ status: 'previewed', summary: { counts, samples: {} } })!);
    const next = nextValues(imp.mapping, sql`${imp.vendor_default_drop_ship}::boolean`);
    const vendorId = imp.vendor_id;
    const upcMoved = sql`vp.match_method = 'upc' and ltrim(coalesce(${next.upc}, ''), '0') <> ltrim(coalesce(vp.upc, ''), '0')`;
    const last = (await queryOne<{ n: number }>(t, sql`select coalesce(max(line), 0)::int as n from vendor_import_rows where import_id = ${importId}`))!.n;
    for (let from = 0; from <= last; from += APPLY_BATCH) {
      await checkCancelled(t);
      await yieldToOthers();
      const range = sql`s.import_id = ${importId} and s.line >= ${from} and s.line < ${from + APPLY_BATCH}`;
      await t.execute(sql`
        update vendor_products vp
           set name = ${next.name}, upc = ${next.upc}, cost_cents = ${next.cost_cents}, quantity_available = ${next.quantity_available},
               can_drop_ship = ${next.can_drop_ship}, map_cents = ${next.map_cents},
               variant_id = case when ${upcMoved} then null else vp.variant_id end,
               match_method = case when ${upcMoved} then null else vp.match_method end,
               last_synced_at = now(), updated_at = now(), version = vp.version + 1
          from vendor_import_rows s
         where ${range} and vp.vendor_id = ${vendorId} and upper(vp.vendor_sku) = upper(s.vendor_sku)`);
      await t.execute(sql`
        insert into vendor_products (vendor_id, vendor_sku, name, upc, cost_cents, quantity_available, can_drop_ship, map_cents, last_synced_at)
        select ${vendorId}::int, s.vendor_sku, s.name, s.upc, s.cost_cents, coalesce(s.quantity, 0),
               coalesce(s.can_drop_ship, ${imp.vendor_default_drop_ship}::boolean), s.map_cents, now()
          from vendor_import_rows s
         where ${range} and not exists (select 1 from vendor_products vp where vp.vendor_id = ${vendorId} and upper(vp.vendor_sku) = upper(s.vendor_sku))`);
    }
    await checkCancelled(t);
    if (imp.missing === 'zero')
      await t.execute(sql`
        update vendor_products vp set quantity_available = 0, last_synced_at = now(), updated_at = now(), version = vp.version + 1
         where vp.vendor_id = ${vendorId} and vp.quantity_available > 0
           and not exists (select 1 from vendor_import_rows s where s.import_id = ${importId} and upper(s.vendor_sku) = upper(vp.vendor_sku))`);
    const matched = await matchVendor(t, vendorId);
    await checkCancelled(t);
    const applied = { ...counts, matched_by_upc: matched.matched_by_upc, matched_by_sku: matched.matched_by_sku };
    await audit(t, actor, {
      action: 'import',
      entity: 'vendor',
      entityId: vendorId,
      after: { import_id: importId, file_name: imp.file_name, mapping: imp.mapping, missing: imp.missing, counts: applied },
    });
    await t.execute(sql`update vendor_imports set status = 'applied', applied_at = now(),
                          summary = jsonb_set(summary, '{counts}', ${JSON.stringify(counts)}::jsonb) where id = ${importId}`);
    await t.execute(sql`delete from vendor_import_rows where import_id = ${importId}`);
    return counts;
  });
}

export const applyJob = {
  kind: 'vendor-import-apply',
  params: ApplyParams,
  expireInSeconds: 3600,
  async run(ctx: JobContext<z.infer<typeof ApplyParams>>) {
    await ctx.progress(0, null, 'Applying the changes');
    const counts = await applyImport(ctx.db, ctx.actor, ctx.params.import_id, async (t) => {
      if (await cancelRequested(t, ctx.id)) throw new JobCancelled();
    });
    await ctx.progress(counts.rows, counts.rows, 'Applied');
    return { import_id: ctx.params.import_id, counts };
  },
};

// ───────────────────────────── reading imports ─────────────────────────────

/** An import as people see it: its status follows its jobs (a preview cancelled, an apply running). */
export const IMPORT_SELECT = sql`i.id, i.vendor_id, i.file_name, i.mapping, i.missing,
  case when i.status = 'previewing' and pj.status in ('failed', 'cancelled') then pj.status
       when i.status = 'previewed' and aj.status in ('queued', 'running') then 'applying'
       else i.status end as status,
  i.summary, coalesce(i.error, case when i.status = 'previewing' and pj.status = 'failed' then pj.error end) as error,
  (i.status = 'previewed' and coalesce((i.summary->'counts'->>'invalid')::int, 1) = 0 and coalesce(aj.status, '') not in ('queued', 'running')) as can_apply,
  i.preview_job_id, i.apply_job_id, u.name as created_by_name, i.created_at, i.previewed_at, i.applied_at`;
export const IMPORT_FROM = sql`vendor_imports i left join jobs pj on pj.id = i.preview_job_id left join jobs aj on aj.id = i.apply_job_id
  left join users u on u.id = i.created_by`;

export async function importById(db: Db, id: number): Promise<VendorImport> {
  const row = await queryOne<VendorImport>(db, sql`select ${IMPORT_SELECT} from ${IMPORT_FROM} where i.id = ${id}`);
  if (!row) throw notFound('The import');
  return row;
}

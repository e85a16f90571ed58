/**
 * The report kit: a report is a configuration (`defineReport`) — its filters (typed, from the URL
 * query), its groupings, its columns with their totals, one SQL builder for its rows, an optional chart
 * and a default sort — and the kit answers it:
 *
 * - `GET /api/report/<name>`: one page of rows, the totals of every matching row and the chart's
 *   points, in one statement whose JSON PostgreSQL builds (the API neither parses nor serialises rows);
 * - `GET /api/report/<name>/export?format=csv|xlsx`: the same rows, every one, through `Exports`
 *   (streamed when small, else a job; either way a download log entry and a kept file);
 * - `GET /api/report/<name>/definition`: columns per grouping, filters with their choices, the chart,
 *   so the console draws any report with one screen kit.
 *
 * Aggregation is SQL over the report's row query (`rows`), wrapped as a subquery: PostgreSQL flattens
 * it, so indexes on the underlying tables serve the filters, the page's order and the totals.
 * The kit imports no area.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CONSTANTS,
  EXPORT_FORMATS,
  REPORT_COLUMN_TYPES,
  ReportAnswer,
  ReportDefinition,
  wholeNumberText,
  type Permission,
  type ReportColumnType,
  type ReportFilter,
} from '@qm/contracts';
import { isoTimestampsInJson, query, type Db } from '../db/connect.js';
import { actorOf, requireAuth } from '../http/auth.js';
import { badRequest } from '../http/errors.js';
import { action, type Kit, type Module } from '../http/kit.js';
import { SYNC_EXPORT_ROWS, type ExportSource } from '../files/exports.js';
import type { TableColumn } from '../files/tables.js';

// ---------------------------------------------------------------------------------------------
// Filters

/** One filter: its zod schema (of the URL's text), label and kind for the console, choices, default. */
export interface FilterDef<T> {
  kind: ReportFilter['kind'];
  label: string;
  schema: z.ZodType<T | undefined>;
  /** Choices: fixed (enums) or a query answering `value, label` (short lists: vendors, locations). */
  options?: readonly { value: string; label: string }[] | SQL;
  /** The value used when the URL has none (e.g. the start of a date range). */
  default?: () => string;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A lookup's codes by their names (`statuses.kind`), in the lookup's order: a filter's choices (only `values` when given). */
export const statusOptions = (kind: string, values?: readonly string[]) =>
  sql`select code as value, name as label from statuses where kind = ${kind} ${values ? sql`and code in ${[...values]}` : sql``} order by sort_order, name`;

/** Filter constructors: what the URL may carry, typed. */
export const filter = {
  /** A day, `YYYY-MM-DD`. */
  date: (label: string, opts: { default?: () => string } = {}): FilterDef<string> => ({
    kind: 'date',
    label,
    schema: z
      .string()
      .regex(ISO_DATE, 'Must be a date (YYYY-MM-DD)')
      .refine((v) => !Number.isNaN(Date.parse(v)) && new Date(v).toISOString().startsWith(v), 'Must be a real date')
      .optional(),
    ...opts,
  }),
  /** An id (a vendor, a location, a user), with the list to choose from when it is short. */
  id: (label: string, options?: SQL): FilterDef<number> => ({ kind: 'id', label, schema: wholeNumberText(CONSTANTS.maxId, 'Must be an id').optional(), options }),
  /** One of fixed values. */
  oneOf: <const V extends string>(label: string, values: readonly V[], labels?: Partial<Record<V, string>>): FilterDef<V> => ({
    kind: 'enum',
    label,
    schema: z.enum(values as unknown as [V, ...V[]]).optional(),
    options: values.map((v) => ({ value: v, label: labels?.[v] ?? v })),
  }),
  /** One of a lookup's codes (`statuses.kind`, e.g. `order-status`), by their names as the lookup shows them; only `values` are accepted. */
  status: <const V extends string>(label: string, kind: string, values: readonly V[]): FilterDef<V> => ({
    kind: 'enum',
    label,
    schema: z.enum(values as unknown as [V, ...V[]]).optional(),
    options: statusOptions(kind, values),
  }),
  /** One of the codes a query lists (`value, label`: a lookup's codes, e.g. the use-case kinds). */
  code: (label: string, options: SQL): FilterDef<string> => ({
    kind: 'enum',
    label,
    schema: z.string().regex(/^[a-z0-9_-]{1,60}$/, 'Must be a code: lower-case letters, digits, _ or -').optional(),
    options,
  }),
  /** Text matched as "contains" (a SKU, a number). */
  text: (label: string): FilterDef<string> => ({ kind: 'text', label, schema: z.string().trim().max(100).optional() }),
};

type FilterDefs = Record<string, FilterDef<any>>;
export type FiltersOf<D extends FilterDefs> = { [K in keyof D]: D[K] extends FilterDef<infer T> ? T | undefined : never };

/** `a ilike '%text%'` with the text's wildcards escaped (report statements are planned for their values: prepare false). */
export const contains = (expr: SQL, text: string) => sql`${expr} ilike ${`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`;

/** Conditions joined with `and` as a WHERE clause (empty when none); undefined and false are left out. */
export function where(...conds: (SQL | undefined | false | null | '' | 0)[]): SQL {
  const all = conds.filter((c): c is SQL => Boolean(c));
  return all.length ? sql`where ${sql.join(all.map((c) => sql`(${c})`), sql` and `)}` : sql``;
}

/** Whole days before today (UTC), as `YYYY-MM-DD`: a default for a "from" filter. */
export const daysAgo = (n: number) => () => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

// ---------------------------------------------------------------------------------------------
// Columns

export type Aggregate =
  | 'sum'
  | 'avg'
  | 'min'
  | 'max'
  | 'count'
  /** sum(a) / sum(b) (× times): a percentage or a rate over the totals, not an average of the rows' ratios. */
  | { ratio: readonly [string, string]; times?: number }
  /** Any aggregate over the rows' columns, e.g. sql`sum(sold_30) / 30.0`. */
  | { sql: SQL };

export interface ColumnDef {
  key: string;
  label: string;
  type: ReportColumnType;
  aggregate?: Aggregate;
  /** Only under these groupings (a grouping's own key columns). */
  groups?: readonly string[];
  sortable?: boolean;
  /**
   * The column holds codes of a lookup (`statuses.kind`, e.g. `order-status`): the page and the exports
   * show each code's name ("Awaiting Fulfillment" for `awaiting_fulfillment`), a code without one as it
   * is; sorting and filters stay on the codes.
   */
  codes?: string;
}

/** Column constructors: `col.money('cost', 'Cost', 'sum')`. */
export const col = Object.fromEntries(
  REPORT_COLUMN_TYPES.map((type) => [
    type,
    (key: string, label: string, aggregate?: Aggregate, more: Partial<ColumnDef> = {}): ColumnDef => ({ key, label, type, ...(aggregate && { aggregate }), ...more }),
  ]),
) as Record<ReportColumnType, (key: string, label: string, aggregate?: Aggregate, more?: Partial<ColumnDef>) => ColumnDef>;

// ---------------------------------------------------------------------------------------------
// Reports

export interface RowsContext<G extends string> {
  group: G;
}

export interface ChartDef<F> {
  kind: 'trend' | 'share';
  title: string;
  /** The key of the points' x value (a month `YYYY-MM`, or a name). */
  x: string;
  series: { key: string; label: string; type: ReportColumnType }[];
  /** The points' query for these filters (ordered by the kit on `x`; at most 120 points). */
  rows: (f: F) => SQL;
}

export interface ReportDef<D extends FilterDefs, G extends string> {
  /** URL name: `po-summary` → `/api/report/po-summary`. */
  name: string;
  title: string;
  /** Any one of these reads the report; the first also lets people download its kept exports again. */
  permissions: readonly [Permission, ...Permission[]];
  filters: D;
  /** Groupings to choose from (value → label); the first is the default. Absent: rows as they are. */
  groups?: Record<G, string>;
  columns: readonly ColumnDef[];
  /** The rows for these filters and this grouping, each with every column's key (unordered). */
  rows: (f: FiltersOf<D>, ctx: RowsContext<G>) => SQL;
  /** Columns that make a row unique (under each grouping), the last tie-breaker of every sort. */
  key: (group: G) => readonly string[];
  /** Sort of the first page, e.g. `-cost`; a grouping may have its own. */
  defaultSort: string | ((group: G) => string);
  chart?: ChartDef<FiltersOf<D>>;
  /**
   * Rows both `rows` and the chart read (`from report_base`), computed once per statement: e.g. one
   * row per purchase order with its lines summed, grouped by vendor for the table and by month for the chart.
   */
  base?: (f: FiltersOf<D>) => SQL;
  /**
   * Rows that are groups (aggregated): computed once for the page and the totals (a materialised
   * CTE) rather than once each. Row-level reports leave it off, so an index serves the page's order.
   */
  aggregated?: boolean;
  /**
   * Columns read after the page is cut (names of a row's variant, product, location…): `rows` gives the
   * keys and figures only, and `join(rows)` adds these columns to any set of them, one row for one.
   * The page's 25 rows are then looked up instead of every row (the totals never need them). Sorting
   * by a looked-up column looks up every row first; filters on them belong in `rows` (a semi-join).
   */
  lookup?: { columns: readonly string[]; join: (rows: SQL, ctx: RowsContext<G>) => SQL };
  /** Rewrites the filters for the caller before anything runs (e.g. scopes what they may see). */
  resolve?: (f: FiltersOf<D>, req: FastifyRequest) => FiltersOf<D>;
}

/** A report as the kit runs it (for tests and the bench too). */
export interface Report<F = Record<string, unknown>> {
  def: ReportDef<FilterDefs, string>;
  /** Parses the URL query's `filter`, `group`, `sort`; 400 with the field for anything else. */
  request: (q: ReportQueryInput) => ReportRequest<F>;
  /** The whole answer (page, totals, chart) as JSON text, from one statement. */
  answer: (db: Db, r: ReportRequest<F>) => Promise<string>;
  /** The statement alone (the bench compares the API with it). */
  statement: (r: ReportRequest<F>) => SQL;
  exportSource: ExportSource<ExportFilters, Record<string, unknown>>;
}

interface ReportQueryInput {
  filter?: Record<string, unknown>;
  group?: string;
  sort?: string;
  page?: number;
  per_page?: number;
}

export interface ReportRequest<F> {
  filters: F;
  group: string;
  sort: string;
  page: number;
  perPage: number;
}

/** What an export keeps of its request (validated again when a job reads it back). */
const ExportFilters = z.object({ filter: z.record(z.string(), z.unknown()), group: z.string().max(40), sort: z.string().max(200) });
type ExportFilters = z.infer<typeof ExportFilters>;

/** Largest page of a report (rows on screen); exports have no such limit. */
export const REPORT_MAX_PER_PAGE = CONSTANTS.maxPerPage;
const CHART_MAX_POINTS = 120;

const money = (v: unknown) => (typeof v === 'number' ? v / 100 : v);
const NUM_FMT: Partial<Record<ReportColumnType, string>> = { money: '"$"#,##0.00', int: '#,##0', percent: '0.0%', number: '#,##0.00' };

export function defineReport<const D extends FilterDefs, G extends string = ''>(def: ReportDef<D, G>): Report<FiltersOf<D>> {
  const groups = def.groups ? (Object.keys(def.groups) as G[]) : ([''] as G[]);
  const columnsOf = (group: string) => def.columns.filter((c) => !c.groups || c.groups.includes(group));
  const sortOf = (group: string) => (typeof def.defaultSort === 'function' ? def.defaultSort(group as G) : def.defaultSort);
  for (const g of groups) {
    const keys = new Set(columnsOf(g).map((c) => c.key));
    for (const c of columnsOf(g)) {
      const agg = c.aggregate;
      if (agg && typeof agg === 'object' && 'ratio' in agg) for (const k of agg.ratio) if (!keys.has(k)) throw new Error(`Report ${def.name}: ${c.key} totals over ${k}, no column`);
    }
  }
  const filterSchema = z.object(Object.fromEntries(Object.entries(def.filters).map(([k, f]) => [k, f.schema]))).strict();

  const parseFilters = (raw: Record<string, unknown> | undefined): FiltersOf<D> => {
    const given = { ...(raw ?? {}) };
    for (const [k, f] of Object.entries(def.filters)) if (f.default && (given[k] === undefined || given[k] === '')) given[k] = f.default();
    for (const [k, v] of Object.entries(given)) {
      if (v === '') delete given[k];
      else if (typeof v === 'number') given[k] = String(v); // read back from an export job
    }
    const parsed = filterSchema.safeParse(given);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        if (issue.code === 'unrecognized_keys') {
          // Named as lists name them: one field per unknown filter.
          for (const k of (issue as { keys: string[] }).keys) fields[`filter.${k}`] = 'Unknown filter';
          continue;
        }
        fields[issue.path.length ? `filter.${issue.path.join('.')}` : 'filter'] = issue.message;
      }
      throw badRequest('Check the filters', fields);
    }
    return parsed.data as FiltersOf<D>;
  };

  const orderBy = (group: string, sort: string): SQL => {
    const cols = new Map(columnsOf(group).map((c) => [c.key, c]));
    const parts: SQL[] = [];
    const used = new Set<string>();
    for (const token of sort.split(',').map((s) => s.trim()).filter(Boolean)) {
      const desc = token.startsWith('-');
      const key = desc ? token.slice(1) : token;
      const c = cols.has(key) ? cols.get(key) : undefined;
      if (!c || c.sortable === false) throw badRequest(`Cannot sort by "${key}"`, { sort: `Cannot sort by "${key}"` });
      if (used.has(key)) continue;
      used.add(key);
      parts.push(sql`${sql.identifier(key)} ${sql.raw(desc ? 'desc nulls last' : 'asc nulls first')}`);
    }
    for (const k of def.key(group as G)) if (!used.has(k)) parts.push(sql`${sql.identifier(k)} desc`);
    return sql`order by ${sql.join(parts, sql`, `)}`;
  };

  const totalsSql = (group: string): SQL => {
    const parts: SQL[] = [sql`'_rows', count(*)`];
    for (const c of columnsOf(group)) {
      const a = c.aggregate;
      if (!a) continue;
      const k = sql.identifier(c.key);
      const expr =
        typeof a === 'object' && 'sql' in a
          ? sql`(${a.sql})::float8`
          : typeof a === 'object'
          ? sql`sum(${sql.identifier(a.ratio[0])})::float8 * ${sql.raw(String(a.times ?? 1))} / nullif(sum(${sql.identifier(a.ratio[1])}), 0)`
          : a === 'count'
            ? sql`count(${k})`
            : a === 'avg'
              ? sql`avg(${k})::float8`
              : a === 'sum'
                ? c.type === 'int' || c.type === 'money'
                  ? sql`sum(${k})::int8`
                  : sql`sum(${k})::float8`
                : sql`${sql.raw(a)}(${k})`;
      parts.push(sql`${c.key}::text, ${expr}`);
    }
    return sql`json_build_object(${sql.join(parts, sql`, `)})`;
  };

  /** A column's value in a row `alias`: the code's name for a column of codes. */
  const shown = (c: ColumnDef, alias: string): SQL => {
    const v = sql`${sql.identifier(alias)}.${sql.identifier(c.key)}`;
    return c.codes ? sql`coalesce((select st.name from statuses st where st.kind = ${c.codes} and st.code = ${v}::text), ${v}::text)` : v;
  };
  /** The page's rows as JSON objects, with the names of their codes. */
  const pageJson = (group: string): SQL => {
    const coded = columnsOf(group).filter((c) => c.codes);
    if (!coded.length) return sql`x`;
    return sql`to_jsonb(x) || jsonb_build_object(${sql.join(coded.map((c) => sql`${c.key}::text, ${shown(c, 'x')}`), sql`, `)})`;
  };

  const sortKeys = (sort: string) => sort.split(',').map((t) => t.trim().replace(/^-/, '')).filter(Boolean);
  /** The rows with their looked-up columns (`lookup`), as a relation. */
  const lookedUp = (rows: SQL, group: string): SQL => (def.lookup ? sql`(${def.lookup.join(rows, { group: group as G })})` : rows);

  const statement = (r: ReportRequest<FiltersOf<D>>): SQL => {
    const rows = def.rows(r.filters, { group: r.group as G });
    const limit = sql.raw(`limit ${r.perPage} offset ${(r.page - 1) * r.perPage}`);
    const source = def.aggregated ? sql`report_rows` : sql`(${rows})`;
    const order = orderBy(r.group, r.sort);
    const paged = (from: SQL) => sql`(select * from ${from} r ${order} ${limit})`;
    // looked up after the page is cut, unless the sort needs the looked-up columns
    const pageRows =
      def.lookup && !sortKeys(r.sort).some((k) => def.lookup!.columns.includes(k))
        ? sql`(select * from ${lookedUp(paged(source), r.group)} r ${order})`
        : paged(lookedUp(source, r.group));
    const page = sql`(select coalesce(json_agg(${pageJson(r.group)}), '[]'::json) from ${pageRows} x)`;
    const totals = sql`(select ${totalsSql(r.group)} from ${source} r)`;
    const chart = def.chart
      ? sql`(select coalesce(json_agg(c order by c.${sql.identifier(def.chart.x)}), '[]'::json) from (select * from (${def.chart.rows(r.filters)}) c0 order by ${sql.identifier(def.chart.x)} limit ${sql.raw(String(CHART_MAX_POINTS))}) c)`
      : sql`null::json`;
    const select = sql`select ${page}::text as data, ${totals}::text as totals, ${chart}::text as chart`;
    const ctes: SQL[] = [];
    if (def.base) ctes.push(sql`report_base as materialized (${def.base(r.filters)})`);
    if (def.aggregated) ctes.push(sql`report_rows as materialized (${rows})`);
    return ctes.length ? sql`with ${sql.join(ctes, sql`, `)} ${select}` : select;
  };

  const request = (q: ReportQueryInput): ReportRequest<FiltersOf<D>> => {
    const filters = parseFilters(q.filter);
    const group = q.group ?? groups[0]!;
    if (!groups.includes(group as G)) throw badRequest(`Unknown grouping "${group}"`, { group: `Choose one of: ${groups.join(', ')}` });
    const sort = q.sort?.trim() || sortOf(group);
    orderBy(group, sort); // refuses an unknown sort before anything runs
    return { filters, group, sort, page: q.page ?? 1, perPage: q.per_page ?? CONSTANTS.defaultPerPage };
  };

  const answer = async (db: Db, r: ReportRequest<FiltersOf<D>>): Promise<string> => {
    const row = (await query<{ data: string; totals: string; chart: string | null }>(db, statement(r), { prepare: false }))[0]!;
    const totals = JSON.parse(row.totals) as Record<string, unknown>;
    const total = Number(totals._rows);
    delete totals._rows;
    const meta = { total, page: r.page, per_page: r.perPage, total_exact: true, group: r.group || null, sort: r.sort };
    return `{"data":${isoTimestampsInJson(row.data)},"meta":${JSON.stringify(meta)},"totals":${JSON.stringify(totals)},"chart":${row.chart ?? 'null'}}`;
  };

  const exportSource: ExportSource<ExportFilters, Record<string, unknown>> = {
    source: `report.${def.name}`,
    kind: 'report',
    title: def.title,
    permission: def.permissions[0],
    filters: ExportFilters,
    columns: (e) =>
      columnsOf(e.group).map(
        (c): TableColumn<Record<string, unknown>> => ({
          header: c.label,
          value: c.type === 'money' ? (r) => money(r[c.key]) : (r) => r[c.key],
          ...(NUM_FMT[c.type] && { numFmt: NUM_FMT[c.type] }),
          ...(c.type === 'text' && { width: 28 }),
        }),
      ),
    query: (e) => {
      const filters = parseFilters(e.filter);
      const cols = columnsOf(e.group).map((c) => (c.codes ? sql`${shown(c, 'r')} as ${sql.identifier(c.key)}` : sql.identifier(c.key)));
      const withBase = def.base ? sql`with report_base as materialized (${def.base(filters)}) ` : sql``;
      return sql`${withBase}select ${sql.join(cols, sql`, `)} from ${lookedUp(sql`(${def.rows(filters, { group: e.group as G })})`, e.group)} r ${orderBy(e.group, e.sort)}`;
    },
    count: async (db, e) => {
      const filters = parseFilters(e.filter);
      const withBase = def.base ? sql`with report_base as materialized (${def.base(filters)}) ` : sql``;
      const [row] = await query<{ n: number }>(db, sql`${withBase}select count(*)::int as n from (${def.rows(filters, { group: e.group as G })}) r`, { prepare: false });
      return row!.n;
    },
  };

  // `resolve` is applied by the routes (it needs the request).
  return { def: def as unknown as ReportDef<FilterDefs, string>, request, answer, statement, exportSource };
}

// ---------------------------------------------------------------------------------------------
// Routes

const ReportQuery = (groups: readonly string[]) =>
  z
    .object({
      page: wholeNumberText(CONSTANTS.maxPage).default(1),
      per_page: wholeNumberText(REPORT_MAX_PER_PAGE).default(CONSTANTS.defaultPerPage),
      sort: z.string().max(200).optional(),
      group: groups.length > 1 || groups[0] !== '' ? z.enum(groups as [string, ...string[]]).optional() : z.undefined().optional(),
      filter: z.record(z.string().max(40), z.union([z.string().max(200), z.array(z.string().max(200)).max(10)])).optional(),
    })
    .strict();

const ExportQuery = (groups: readonly string[]) => ReportQuery(groups).omit({ page: true, per_page: true }).extend({ format: z.enum(EXPORT_FORMATS) }).strict();

/** A filter sent twice (`filter[x]=a&filter[x]=b`) is one value too many for a report. */
function single(filterIn: Record<string, string | string[]> | undefined): Record<string, unknown> | undefined {
  if (!filterIn) return undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(filterIn)) {
    if (Array.isArray(v)) throw badRequest(`filter[${k}] takes one value`, { [`filter.${k}`]: 'Takes one value' });
    out[k] = v;
  }
  return out;
}

async function optionsOf(db: Db, options: FilterDef<unknown>['options']): Promise<{ value: string; label: string }[] | null> {
  if (!options) return null;
  if (Array.isArray(options)) return [...options];
  const rows = await query<{ value: unknown; label: unknown }>(db, sql`select * from (${options as SQL}) o limit 500`, { prepare: false });
  return rows.map((r) => ({ value: String(r.value), label: String(r.label) }));
}

/** Registers the reports' endpoints and exports: a module for `modules/index.ts`. */
export function reportModule(reports: readonly Report<any>[]): Module {
  return ({ app, db, exports }: Kit) => {
    for (const report of reports) {
      const { def } = report;
      const groups = def.groups ? Object.keys(def.groups) : [''];
      const source = exports.define(report.exportSource);
      const tags = ['reports'];
      const resolved = (req: FastifyRequest, q: ReportQueryInput & { filter?: Record<string, string | string[]> }) => {
        const r = report.request({ ...q, filter: single(q.filter) });
        if (def.resolve) r.filters = def.resolve(r.filters as never, req) as never;
        return r;
      };

      action(app, {
        method: 'GET',
        url: `/api/report/${def.name}`,
        access: def.permissions,
        tags,
        summary: `${def.title}: a page of rows, the totals of every matching row and the chart`,
        query: ReportQuery(groups),
        response: { 200: ReportAnswer },
        handler: async (req, reply) => {
          const r = resolved(req, req.query as never);
          return reply.type('application/json; charset=utf-8').send(await report.answer(db, r));
        },
      });

      action(app, {
        method: 'GET',
        url: `/api/report/${def.name}/export`,
        access: def.permissions,
        tags,
        summary: `${def.title} as CSV or XLSX: the file at once when small, else 202 with the job that writes it`,
        query: ExportQuery(groups),
        response: { 200: z.unknown(), 202: z.object({ data: z.unknown() }) },
        handler: async (req, reply) => {
          const q = req.query as z.infer<ReturnType<typeof ExportQuery>>;
          const r = resolved(req, q as never);
          requireAuth(req);
          return exports.send(reply, db, actorOf(req), source, { filter: r.filters as Record<string, unknown>, group: r.group, sort: r.sort }, q.format);
        },
      });

      action(app, {
        method: 'GET',
        url: `/api/report/${def.name}/definition`,
        access: def.permissions,
        tags,
        summary: `${def.title}: its columns per grouping, filters with their choices, chart`,
        response: { 200: z.object({ data: ReportDefinition }) },
        handler: async () => {
          const filters = await Promise.all(
            Object.entries(def.filters).map(async ([key, f]) => ({ key, label: f.label, kind: f.kind, options: await optionsOf(db, f.options), default: f.default?.() ?? null })),
          );
          const columns: Record<string, z.infer<typeof ReportDefinition>['columns'][string]> = {};
          for (const g of groups)
            columns[g] = def.columns
              .filter((c) => !c.groups || c.groups.includes(g))
              .map((c) => ({ key: c.key, label: c.label, type: c.type, sortable: c.sortable !== false, total: Boolean(c.aggregate) }));
          const data: ReportDefinition = {
            name: def.name,
            title: def.title,
            filters,
            groups: def.groups ? Object.entries(def.groups).map(([value, label]) => ({ value, label: String(label) })) : [],
            default_group: def.groups ? groups[0]! : null,
            columns,
            default_sort: typeof def.defaultSort === 'function' ? def.defaultSort(groups[0]!) : def.defaultSort,
            chart: def.chart ? { kind: def.chart.kind, title: def.chart.title, x: def.chart.x, series: def.chart.series } : null,
            sync_export_rows: SYNC_EXPORT_ROWS,
          };
          return { data };
        },
      });
    }
  };
}

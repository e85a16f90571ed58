/**
 * Reports (SPEC §2 "Reports"): every report is one configuration of the report kit, answered at
 * `GET /api/report/<name>` (a page of rows, the totals of every matching row and the chart's series
 * in one answer) and exported at `GET /api/report/<name>/export`. Its definition — columns per
 * grouping, filters, chart — is at `GET /api/report/<name>/definition`, so the console draws any
 * report from the same screen kit.
 */
import { z } from 'zod';
import { ListMeta } from './common.js';

/** `month`: a calendar month as `YYYY-MM` (sorted and exported so; shown as `Jul 2026`). */
export const REPORT_COLUMN_TYPES = ['money', 'int', 'number', 'percent', 'date', 'month', 'datetime', 'text'] as const;
export type ReportColumnType = (typeof REPORT_COLUMN_TYPES)[number];

export const REPORT_FILTER_KINDS = ['date', 'id', 'enum', 'text'] as const;

export const ReportColumn = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(REPORT_COLUMN_TYPES),
  sortable: z.boolean(),
  /** Whether the totals row has a value for it. */
  total: z.boolean(),
});
export type ReportColumn = z.infer<typeof ReportColumn>;

export const ReportFilter = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(REPORT_FILTER_KINDS),
  /** Choices of an `enum` filter, or of an `id` filter over a short list (vendors, locations, users). */
  options: z.array(z.object({ value: z.string(), label: z.string() })).nullable(),
  /** Applied when the filter is not given (e.g. a date range of the last 30 days). */
  default: z.string().nullable(),
});
export type ReportFilter = z.infer<typeof ReportFilter>;

export const ReportChartSpec = z.object({
  /** `trend`: series over months; `share`: one value per name. */
  kind: z.enum(['trend', 'share']),
  title: z.string(),
  x: z.string(),
  series: z.array(z.object({ key: z.string(), label: z.string(), type: z.enum(REPORT_COLUMN_TYPES) })),
});
export type ReportChartSpec = z.infer<typeof ReportChartSpec>;

export const ReportDefinition = z.object({
  name: z.string(),
  title: z.string(),
  filters: z.array(ReportFilter),
  groups: z.array(z.object({ value: z.string(), label: z.string() })),
  default_group: z.string().nullable(),
  /** Columns under each grouping (one key, `''`, when the report has no groupings). */
  columns: z.record(z.string(), z.array(ReportColumn)),
  default_sort: z.string(),
  chart: ReportChartSpec.nullable(),
  /** Rows exported at once; past this an export runs as a job. */
  sync_export_rows: z.number(),
});
export type ReportDefinition = z.infer<typeof ReportDefinition>;

export type ReportRow = Record<string, string | number | boolean | null>;

export const ReportAnswer = z.object({
  data: z.array(z.record(z.string(), z.unknown())),
  meta: ListMeta.extend({ group: z.string().nullable(), sort: z.string() }),
  /** One value per column whose `total` is true, over every matching row (not only the page). */
  totals: z.record(z.string(), z.unknown()),
  /** The chart's points in order (null when the report has no chart). */
  chart: z.array(z.record(z.string(), z.unknown())).nullable(),
});
export type ReportAnswer = Omit<z.infer<typeof ReportAnswer>, 'data' | 'totals' | 'chart'> & {
  data: ReportRow[];
  totals: ReportRow;
  chart: ReportRow[] | null;
};

/**
 * The screen of any report (`GET /api/report/<name>`): filters bar and grouping bound to the URL (each
 * change is a history entry, so a view can be bookmarked, shared and gone back to), a dense sortable
 * table with the totals of every matching row, paging, the report's chart (lazy-loaded) and Export
 * CSV / XLSX — a small export downloads at once, a large one runs as a job followed here and in the
 * header's jobs indicator until its file can be downloaded.
 *
 * A report screen is a configuration: `<ReportView name="po-summary" />`, plus cells or row actions
 * of its own where it needs them.
 */
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Pagination,
  Paper,
  Progress,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import '@mantine/core/styles/Progress.css';
import './report.css';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import type { ExportResult, ReportColumn, ReportDefinition, ReportFilter, ReportRow } from '@qm/contracts';
import { errorMessage } from '../../lib/api';
import { formatInteger, formatRange } from '../../lib/format';
import { fileDownloadPath, isActive, useJob } from '../../lib/jobs';
import { IconDownload, IconSortAsc, IconSortDesc, IconSortNone } from '../icons';
import { ColumnChooser, useColumnChoice } from '../list/ColumnChooser';
import { longText } from '../list/cells';
import { TableWrap } from '../list/TableWrap';
import { DateInput, DateRangeInput } from '../inputs';
import { PER_PAGE_OPTIONS, TABLE_DENSITY, filterParam, nextSort, sortDirection, tableCell } from '../listParams';
import { PageHeader } from '../PageHeader';
import { EmptyState, ErrorState, SkeletonRows, Spinner } from '../states';
import { downloadFile, exportReport, useReport, useReportDefinition } from './api';
import { formatCell, isNumeric } from './format';

const ReportChart = lazy(() => import('./ReportChart'));

export interface ReportViewProps {
  /** The report's name in the API: `po-summary` → `/api/report/po-summary`. */
  name: string;
  description?: ReactNode;
  /** Cells drawn by the screen instead of as text, by column key. */
  cells?: Record<string, (row: ReportRow) => ReactNode>;
  /** A last column of actions on each row (e.g. "Adjust stock"). */
  rowActions?: (row: ReportRow) => ReactNode;
  /** URL values this screen starts from when the URL has none (`{ 'filter[view]': 'hv-ds' }`): a view of the report. */
  preset?: Record<string, string>;
}

/** The URL keys a report reads: everything else in the URL is left alone. */
const REPORT_KEYS = /^(page|per_page|sort|group|filter\[[\w.-]+\])$/;

export function ReportView({ name, description, cells, rowActions, preset }: ReportViewProps) {
  const definition = useReportDefinition(name);
  const [urlParams, setParams] = useSearchParams();
  const params = useMemo(() => {
    if (!preset) return urlParams;
    const p = new URLSearchParams(urlParams);
    for (const [k, v] of Object.entries(preset)) if (!p.has(k)) p.set(k, v);
    return p;
  }, [urlParams, preset]);
  const query = useMemo(() => {
    const q = new URLSearchParams();
    params.forEach((v, k) => {
      if (REPORT_KEYS.test(k) && v !== '') q.append(k, v);
    });
    return q;
  }, [params]);
  const report = useReport(name, query);

  /** A change of view: a new history entry; back to page 1 unless paging. */
  const update = (change: (p: URLSearchParams) => void, keepPage = false) => {
    const next = new URLSearchParams(params);
    change(next);
    if (!keepPage) next.delete('page');
    setParams(next);
  };

  const def = definition.data;
  const group = report.data?.meta.group ?? params.get('group') ?? def?.default_group ?? '';
  const columns = useMemo(() => (def ? (def.columns[group] ?? def.columns[def.default_group ?? ''] ?? []) : []), [def, group]);
  // The columns shown, chosen per report and grouping and remembered for the user (as a list's)
  const choosable = useMemo(() => columns.map((c) => ({ key: c.key, header: c.label })), [columns]);
  const choice = useColumnChoice(choosable, `columns.report.${name}.${group || 'rows'}`);
  const shown = useMemo(() => columns.filter((c) => choice.visibleKeys.has(c.key)), [columns, choice.visibleKeys]);

  if (definition.isError) return <ErrorState error={definition.error} onRetry={() => void definition.refetch()} title="Could not load this report" />;
  if (!def) return <Spinner />;
  const sort = report.data?.meta.sort ?? params.get('sort') ?? def.default_sort;

  return (
    <>
      <PageHeader description={description} actions={<ExportButtons name={name} query={query} />} />
      <Stack gap="sm">
        <Paper withBorder radius="sm" p={0} className="qm-list">
          <Group justify="space-between" align="flex-end" gap="xs" p="xs" wrap="wrap" className="qm-list-toolbar">
            <Group gap="xs" align="flex-end" wrap="wrap">
              <ReportFilters def={def} params={params} update={update} />
              {def.groups.length > 0 ? (
                <Select
                  size="xs"
                  label="Group by"
                  data={def.groups}
                  value={group}
                  onChange={(v) => update((p) => {
                    if (v && v !== def.default_group) p.set('group', v);
                    else p.delete('group');
                    p.delete('sort'); // each grouping sorts by its own columns
                  })}
                  allowDeselect={false}
                  w={180}
                  comboboxProps={{ withinPortal: true }}
                />
              ) : null}
              {[...params.keys()].some((k) => k.startsWith('filter[') || k === 'group') ? (
                <Button size="xs" variant="subtle" onClick={() => update((p) => [...p.keys()].filter((k) => k.startsWith('filter[') || k === 'group' || k === 'sort').forEach((k) => p.delete(k)))}>
                  Reset
                </Button>
              ) : null}
            </Group>
            <Group gap="xs" align="center">
              {report.isFetching && !report.isPending ? <Loader size={14} role="status" aria-label="Refreshing" /> : null}
              {columns.length > 1 ? <ColumnChooser columns={choosable} choice={choice} /> : null}
            </Group>
          </Group>
        </Paper>

        {def.chart && report.data?.chart ? (
          <Suspense fallback={<Skeleton h={260} radius="sm" />}>
            <ReportChart spec={def.chart} points={report.data.chart} />
          </Suspense>
        ) : null}

        <Paper withBorder radius="sm" p={0} className="qm-list">
          {report.isError && !report.data ? (
            <div className="qm-list-state">
              <ErrorState error={report.error} onRetry={() => void report.refetch()} title="Could not run this report" />
            </div>
          ) : (
            <ReportTable
              title={def.title}
              columns={shown}
              rows={report.data?.data ?? null}
              totals={report.data?.totals ?? null}
              total={report.data?.meta.total ?? 0}
              busy={report.isFetching}
              sort={sort}
              onSort={(key) => update((p) => p.set('sort', nextSort(sort, key) ?? ''), true)}
              cells={cells}
              rowActions={rowActions}
            />
          )}
          <Footer
            page={report.data?.meta.page ?? 1}
            perPage={report.data?.meta.per_page ?? Number(params.get('per_page') ?? 25)}
            total={report.data?.meta.total ?? 0}
            loaded={Boolean(report.data)}
            update={update}
          />
        </Paper>
      </Stack>
    </>
  );
}

/** The report's filter bar (exported for its test). */
export function ReportFilters({ def, params, update }: { def: ReportDefinition; params: URLSearchParams; update: (c: (p: URLSearchParams) => void) => void }) {
  const value = (f: ReportFilter) => params.get(filterParam(f.key)) ?? '';
  const set = (key: string, v: string | null) => update((p) => (v ? p.set(filterParam(key), v) : p.delete(filterParam(key))));
  const byKey = new Map(def.filters.map((f) => [f.key, f]));
  const out: ReactNode[] = [];
  for (const f of def.filters) {
    if (f.kind === 'date') {
      if (f.key === 'to' && byKey.has('from')) continue; // drawn with "from"
      const to = f.key === 'from' ? byKey.get('to') : undefined;
      if (!to) {
        // a day alone (no "to" beside it): one field
        out.push(<DateInput key={f.key} quiet size="xs" label={f.label} value={value(f) || f.default || null} onChange={(d) => d !== (value(f) || null) && set(f.key, d)} />);
        continue;
      }
      out.push(
        <DateRangeInput
          key={f.key}
          label="Dates"
          value={[value(f) || f.default, value(to) || to.default]}
          onChange={([from, until]) =>
            update((p) => {
              if (from) p.set(filterParam(f.key), from);
              else p.delete(filterParam(f.key));
              if (until) p.set(filterParam(to.key), until);
              else p.delete(filterParam(to.key));
            })
          }
        />,
      );
    } else if (f.options) {
      out.push(
        <Select
          key={f.key}
          size="xs"
          label={f.label}
          placeholder="Any"
          data={f.options}
          value={value(f) || null}
          onChange={(v) => set(f.key, v)}
          clearable
          searchable={f.options.length > 8}
          // wide enough for its longest choice ("High-velocity drop-ship"), within reason
          w={Math.min(260, Math.max(170, 60 + 7 * Math.max(...f.options.map((o) => o.label.length))))}
          comboboxProps={{ withinPortal: true }}
        />,
      );
    } else if (f.kind === 'text') {
      out.push(<TextFilter key={f.key} label={f.label} value={value(f)} onChange={(v) => set(f.key, v)} />);
    } else if (value(f)) {
      // An id without a list to choose from (e.g. a variant opened from elsewhere): shown, removable.
      out.push(
        <Button key={f.key} size="xs" variant="light" onClick={() => set(f.key, null)} aria-label={`Remove filter ${f.label} ${value(f)}`}>
          {f.label} #{value(f)} ✕
        </Button>,
      );
    }
  }
  return <>{out}</>;
}

function TextFilter({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const [text, setText] = useState(value);
  const [debounced] = useDebouncedValue(text, 350);
  useEffect(() => {
    if (debounced.trim() !== value) onChange(debounced.trim());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  useEffect(() => {
    if (value !== text.trim()) setText(value);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  return <TextInput size="xs" label={label} value={text} onChange={(e) => setText(e.currentTarget.value)} w={150} type="search" />;
}

/**
 * A figure's heading as it may wrap (report.css): a unit or a sign stays with the word before it —
 * "Margin %", "Sold / 30 d", "Per day / (30 d)". The text itself is unchanged.
 */
function heading(label: string): ReactNode {
  const m = /^((?:.* )?)(\S+ \S{1,2})$/.exec(label);
  // one element: the sort button lays out its label and its icon side by side
  return (
    <span>
      {m ? (
        <>
          {m[1]}
          <span className="qm-nowrap">{m[2]}</span>
        </>
      ) : (
        label
      )}
    </span>
  );
}

function ReportTable(props: {
  title: string;
  columns: ReportColumn[];
  rows: ReportRow[] | null;
  totals: ReportRow | null;
  total: number;
  busy: boolean;
  sort: string;
  onSort: (key: string) => void;
  cells?: ReportViewProps['cells'];
  rowActions?: ReportViewProps['rowActions'];
}) {
  const { columns, rows, totals, sort, onSort, cells, rowActions } = props;
  const colCount = columns.length + (rowActions ? 1 : 0);
  const firstTotal = columns.findIndex((c) => c.total);
  // the first column (the order, product or period a row is about) stays in view on a wide report
  const cell = (i: number, numeric = false) => tableCell({ left: i === 0 ? 0 : undefined, edge: true, numeric });
  return (
    <TableWrap>
      <Table className="qm-report-table" striped highlightOnHover stickyHeader verticalSpacing={4} horizontalSpacing={TABLE_DENSITY.x} fz={TABLE_DENSITY.fz} aria-label={props.title} aria-busy={props.busy} aria-rowcount={props.total}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c, i) => {
              const dir = sortDirection(sort, c.key);
              const ta = isNumeric(c.type) ? 'right' : undefined;
              return (
                <Table.Th key={c.key} ta={ta} aria-sort={c.sortable ? dir : undefined} {...cell(i, isNumeric(c.type))}>
                  {c.sortable ? (
                    <UnstyledButton className="qm-sort" data-active={dir !== 'none' || undefined} onClick={() => onSort(c.key)} title={`Sort by ${c.label.toLowerCase()}`}>
                      {heading(c.label)}
                      {dir === 'ascending' ? <IconSortAsc size={13} /> : dir === 'descending' ? <IconSortDesc size={13} /> : <IconSortNone size={13} className="qm-sort-idle" />}
                    </UnstyledButton>
                  ) : (
                    heading(c.label)
                  )}
                </Table.Th>
              );
            })}
            {rowActions ? (
              <Table.Th className="qm-stick qm-stick-right">
                <span className="qm-sr-only">Actions</span>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows === null ? <SkeletonRows columns={colCount} /> : null}
          {rows && rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={colCount}>
                <EmptyState title="No rows match these filters" />
              </Table.Td>
            </Table.Tr>
          ) : null}
          {rows?.map((row, i) => (
            <Table.Tr key={i}>
              {columns.map((c, j) => (
                <Table.Td key={c.key} ta={isNumeric(c.type) ? 'right' : undefined} {...cell(j, isNumeric(c.type))}>
                  {cells?.[c.key] ? cells[c.key]!(row) : c.type === 'text' && typeof row[c.key] === 'string' ? longText(row[c.key] as string) : formatCell(c.type, row[c.key])}
                </Table.Td>
              ))}
              {rowActions ? <Table.Td className="qm-stick qm-stick-right" style={{ whiteSpace: 'nowrap' }}>{rowActions(row)}</Table.Td> : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {totals && rows && rows.length > 0 && firstTotal >= 0 ? (
          <Table.Tfoot className="qm-report-totals">
            <Table.Tr>
              {columns.map((c, i) => (
                <Table.Th key={c.key} scope={i === 0 ? 'row' : undefined} ta={isNumeric(c.type) ? 'right' : undefined} {...cell(i, isNumeric(c.type))}>
                  {i === 0 && !c.total ? `Total (${formatInteger(props.total)} ${props.total === 1 ? 'row' : 'rows'})` : c.total ? formatCell(c.type, totals[c.key]) : ''}
                </Table.Th>
              ))}
              {rowActions ? <Table.Th className="qm-stick qm-stick-right" /> : null}
            </Table.Tr>
          </Table.Tfoot>
        ) : null}
      </Table>
    </TableWrap>
  );
}

function Footer({ page, perPage, total, loaded, update }: { page: number; perPage: number; total: number; loaded: boolean; update: (c: (p: URLSearchParams) => void, keepPage?: boolean) => void }) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  return (
    <Group justify="space-between" gap="xs" px="xs" py={6} className="qm-list-footer">
      <Text size="xs" c="dimmed" aria-live="polite">
        {loaded ? formatRange(page, perPage, total) : ' '}
      </Text>
      <Group gap="xs">
        <Select
          size="xs"
          aria-label="Rows per page"
          data={PER_PAGE_OPTIONS.map((n) => ({ value: String(n), label: `${n} / page` }))}
          value={String(perPage)}
          onChange={(v) => update((p) => (v ? p.set('per_page', v) : p.delete('per_page')))}
          allowDeselect={false}
          w={110}
          comboboxProps={{ withinPortal: true }}
        />
        <Pagination size="sm" total={pages} value={Math.min(page, pages)} onChange={(n) => update((p) => p.set('page', String(n)), true)} withEdges siblings={1} aria-label="Pages" />
      </Group>
    </Group>
  );
}

/** Export CSV / XLSX: a file now, or a job followed here until its file can be downloaded. */
function ExportButtons({ name, query }: { name: string; query: URLSearchParams }) {
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const run = async (format: 'csv' | 'xlsx') => {
    setBusy(format);
    try {
      const { job } = await exportReport(name, query, format);
      if (job) setJobId(job.id);
    } catch (e) {
      notifications.show({ color: 'red', title: 'Could not export', message: errorMessage(e) });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      {jobId !== null ? <ExportJob id={jobId} onClose={() => setJobId(null)} /> : null}
      <Button size="xs" variant="default" leftSection={<IconDownload size={14} />} loading={busy === 'csv'} onClick={() => void run('csv')}>
        Export CSV
      </Button>
      <Button size="xs" variant="default" leftSection={<IconDownload size={14} />} loading={busy === 'xlsx'} onClick={() => void run('xlsx')}>
        Export XLSX
      </Button>
    </Group>
  );
}

function ExportJob({ id, onClose }: { id: number; onClose: () => void }) {
  const { data: job } = useJob(id);
  if (!job) return <Loader size={14} role="status" aria-label="Starting the export" />;
  const result = job.result as ExportResult | null;
  if (isActive(job)) {
    const pct = job.total ? Math.round((job.progress / job.total) * 100) : 0;
    return (
      <Group gap={6} wrap="nowrap" role="status">
        <Text size="xs">Exporting… {job.total ? `${pct}%` : ''}</Text>
        <Progress value={pct} w={90} size="sm" aria-label="Export progress" />
      </Group>
    );
  }
  if (job.status === 'succeeded' && result)
    return (
      <Alert p={4} px={8} color="teal" variant="light" withCloseButton onClose={onClose} closeButtonLabel="Dismiss" role="status">
        <Anchor component="button" size="xs" onClick={() => void downloadFile(fileDownloadPath(result.file_id), result.name)}>
          Download {result.name} ({formatInteger(result.rows)} rows)
        </Anchor>
      </Alert>
    );
  return (
    <Alert p={4} px={8} color="red" variant="light" withCloseButton onClose={onClose} closeButtonLabel="Dismiss" role="status">
      <Text size="xs">{job.status === 'cancelled' ? 'Export cancelled' : `Export failed: ${job.error ?? 'unknown error'}`}</Text>
    </Alert>
  );
}

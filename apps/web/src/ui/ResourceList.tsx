/**
 * The list screen of any resource: server paging, sorting, filtering and search with the state in
 * the URL; column chooser remembered per user; bulk delete; CSV export; loading, empty and error
 * states. A screen configures it with columns, filters and actions; a screen that needs another
 * arrangement composes the same parts (`ui/list/`).
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button, Loader, Paper } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isAllowed, type Permission } from '@qm/contracts';
import { download, errorMessage, type ListResult } from '../lib/api';
import { invalidate, useResourceList, useResourceMutations, type Resource } from '../lib/resource';
import { usePermissions } from '../lib/session';
import { useLookupFailure, useLookupRows, type LookupNoun } from '../lib/lookups';
import { EmptyState, ErrorState } from './states';
import { IconDownload, IconTrash } from './icons';
import { apiQuery, readListState } from './listParams';
import {
  BulkBar,
  bulkDelete,
  ColumnChooser,
  ExtraFilterChips,
  ListFilters,
  ListPagination,
  ListSearch,
  ListTable,
  ListToolbar,
  pageInBrowser,
  useColumnChoice,
  useListState,
  sortingOf,
  useSelection,
  type Column,
  type ListFields,
  type ShownColumn,
  type FilterDef,
  type Noun,
  type BulkAction,
  type BulkDeleteRun,
  type ListShown,
  type RowKey,
  type Selection,
} from './list';

export type { BulkAction, BulkDeleteRun, Column, FilterDef, FilterOption, ListFields, ListShown, Noun, Refusal, Selection } from './list';

export interface ResourceListProps<T> {
  /** The area's resource (`api.ts`): `GET /api/<path>` lists it. */
  resource: Resource<T, unknown, unknown, unknown>;
  noun: Noun;
  /** The list's contract (`BRAND_LIST`): a column sorts iff its field is one it sorts by (sortingOf). */
  fields: ListFields;
  columns: Column<T>[];
  filters?: FilterDef[];
  /** Placeholder of the search box; `false` hides it. */
  searchPlaceholder?: string | false;
  defaultSort?: string;
  rowKey?: (row: T) => string | number;
  /** Opening a row navigates here. */
  rowHref?: (row: T) => string;
  onRowClick?: (row: T) => void;
  /** Buttons or a menu at the end of each row. */
  rowActions?: (row: T) => ReactNode;
  /** Extra buttons in the toolbar. */
  actions?: ReactNode;
  /** Permission for writes (bulk delete). */
  writePermission?: Permission;
  /**
   * Rows can be selected and deleted together (to users with `writePermission`): one DELETE after
   * another, or the resource's bulk endpoint when a function is given (it answers what it refused).
   */
  bulkDelete?: boolean | BulkDeleteRun;
  exportCsv?: boolean;
  /**
   * The list filter that takes row ids (`filter[id]=1&filter[id]=2`, see the server's `filters.ints`):
   * given (with `exportCsv`), the selected rows can be exported on their own.
   */
  idFilter?: string;
  /** Actions of the screen on the selected rows (the bulk bar shows them while rows are selected). */
  bulkActions?: BulkAction<T>[];
  /** How checkboxes, confirmations and reports name a row. Default: its `name`, `title`, else its key. */
  rowLabel?: (row: T) => string;
  /** Why a row cannot be deleted (e.g. "Published on 2 stores: unpublish it first"), or null. */
  deleteBlockedReason?: (row: T) => string | null;
  /** Detail shown under a row when expanded. */
  expandRow?: (row: T) => ReactNode;
  /** Preference key of the chosen columns (default `columns.<resource>`). */
  preferenceKey?: string;
  /** Accessible name of the table (default: the plural noun). */
  label?: string;
  /**
   * The endpoint answers every row in `data` without `meta` (e.g. `GET store`): search, sort and
   * paging happen in the browser, over the rows' text.
   */
  wholeList?: boolean;
  /**
   * The list is one of the console's lookup lists (statuses, feeds, stores: SPEC §7, §8): a failed
   * load also shows the `Error` dialog naming it, and a whole list is read through the lookup's cache
   * (loaded once and kept; a write of the resource refreshes it).
   */
  lookup?: LookupNoun;
  /**
   * Filters always sent to the API and never shown or cleared (a list embedded in another item's page,
   * e.g. one vendor's purchase orders): `{ vendor_id: '12' }`.
   */
  fixedFilters?: Record<string, string>;
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function defaultKey(row: unknown): RowKey {
  return (row as { id: RowKey }).id;
}

function defaultLabel(row: unknown, key: RowKey): string {
  const r = row as { name?: unknown; title?: unknown };
  const text = typeof r.name === 'string' && r.name ? r.name : typeof r.title === 'string' && r.title ? r.title : null;
  return text ?? `#${key}`;
}

export function ResourceList<T>(props: ResourceListProps<T>) {
  const {
    resource,
    noun,
    fields,
    columns: declared,
    filters = [],
    searchPlaceholder,
    defaultSort,
    rowKey = defaultKey,
    rowHref,
    onRowClick,
    rowActions,
    actions,
    writePermission,
    bulkDelete: bulkDeleteProp = false,
    exportCsv = false,
    idFilter,
    bulkActions = [],
    rowLabel,
    deleteBlockedReason,
    expandRow,
    preferenceKey = `columns.${resource.path}`,
    label,
    wholeList = false,
    lookup,
    fixedFilters,
  } = props;

  const navigate = useNavigate();
  const listState = useListState(defaultSort ?? null, fixedFilters);
  const { state, query, withFixed } = listState;
  const permissions = usePermissions();
  const canWrite = writePermission ? isAllowed([writePermission], permissions) : false;
  const allowedActions = bulkActions.filter((a) => !a.permission || isAllowed([a.permission as Permission], permissions));
  const canBulkDelete = Boolean(bulkDelete) && canWrite;
  const canExportSelection = exportCsv && Boolean(idFilter) && !wholeList;
  const selectable = canBulkDelete || allowedActions.length > 0 || canExportSelection;
  const labelOf = rowLabel ?? ((row: T) => defaultLabel(row, rowKey(row)));

  const cached = Boolean(wholeList && lookup);
  const fetched = useResourceList<T>(resource, wholeList ? 'all' : query, wholeList ? (res: ListResult<T>) => pageInBrowser(res.data, state) : undefined, !cached);
  const kept = useLookupRows<T, ListResult<T>>(resource.path, (rows) => pageInBrowser(rows, state), cached);
  const list = cached ? kept : fetched;
  useLookupFailure(lookup, list);
  const { remove } = useResourceMutations(resource);
  const columns = useMemo(() => sortingOf(declared, fields), [declared, fields]);
  const choice = useColumnChoice<T, ShownColumn<T>>(columns, preferenceKey);

  const rows = list.data?.data ?? [];
  const pageKeys = useMemo(() => rows.map(rowKey), [rows, rowKey]);
  const selection = useSelection(pageKeys, query.toString());
  const [expanded, setExpanded] = useState<Set<RowKey>>(new Set());
  useEffect(() => setExpanded(new Set()), [query.toString()]); // eslint-disable-line react-hooks/exhaustive-deps

  const [exporting, setExporting] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const exportCsvFile = async () => {
    setExporting(true);
    try {
      await download(resource.path, withFixed(apiQuery(state, { csv: true })), `${resource.path.replace(/\//g, '-')}.csv`);
    } catch (e) {
      notifications.show({ color: 'red', title: 'Export failed', message: errorMessage(e) });
    } finally {
      setExporting(false);
    }
  };

  const selectedRows = rows.filter((r) => selection.isSelected(rowKey(r)));
  const chosen: Selection<T> = { ids: selectedRows.map(rowKey), rows: selectedRows, clear: selection.clear };
  // every row the list matches selected (the bulk bar's "Select all N"): until the query or the page's selection changes
  const [allMatching, setAllMatching] = useState(false);
  useEffect(() => setAllMatching(false), [query.toString(), selectedRows.length]); // eslint-disable-line react-hooks/exhaustive-deps

  const deleteSelected = async () => {
    setDeleting(true);
    try {
      const left = await bulkDelete<T>({
        rows: selectedRows,
        rowKey,
        rowLabel: labelOf,
        noun,
        blockedReason: deleteBlockedReason,
        removeOne: (id) => remove.mutateAsync(id),
        bulk: typeof bulkDeleteProp === 'function' ? bulkDeleteProp : undefined,
      });
      selection.set(left);
      if (typeof bulkDeleteProp === 'function') await invalidate(resource);
    } finally {
      setDeleting(false);
    }
  };

  const exportSelected = async () => {
    setExporting(true);
    try {
      const q = apiQuery({ ...state, q: '', page: 1, filters: { [idFilter!]: chosen.ids.map(String) } }, { csv: true });
      await download(resource.path, q, `${resource.path.replace(/\//g, '-')}-selected.csv`);
    } catch (e) {
      notifications.show({ color: 'red', title: 'Export failed', message: errorMessage(e) });
    } finally {
      setExporting(false);
    }
  };

  const anyFilter = Object.keys(state.filters).length > 0 || state.q !== '';
  const openRow = onRowClick ?? (rowHref ? (row: T) => navigate(rowHref(row)) : undefined);
  const total = list.data?.meta.total ?? 0;
  // Large lists may count only up to a cap (`total_exact: false`): "1–25 of 1,000+".
  const totalExact = (list.data?.meta as { total_exact?: boolean } | undefined)?.total_exact !== false;
  // what the list shows past its page (the API query's search and filters, fixed ones included), for actions on every match: only with an exact total
  const asked = readListState(query, null);
  const shown: ListShown | undefined = list.data && totalExact && !wholeList ? { q: asked.q, filter: asked.filters, total } : undefined;

  return (
    <Paper withBorder radius="sm" className="qm-list" p={0}>
      <ListToolbar
        actions={
          <>
            {list.isFetching && !list.isPending ? <Loader size={14} role="status" aria-label="Refreshing" /> : null}
            {exportCsv ? (
              <Button size="xs" variant="default" leftSection={<IconDownload size={14} />} loading={exporting} onClick={exportCsvFile}>
                Export CSV
              </Button>
            ) : null}
            <ColumnChooser columns={columns} choice={choice} />
            {actions}
          </>
        }
      >
        {searchPlaceholder !== false ? <ListSearch value={state.q} onSearch={listState.setSearch} placeholder={searchPlaceholder ?? `Search ${noun.many}`} /> : null}
        <ListFilters filters={filters} list={listState} />
        {anyFilter ? (
          <Button size="xs" variant="subtle" onClick={listState.clearAll}>
            Clear filters
          </Button>
        ) : null}
      </ListToolbar>

      <ExtraFilterChips filters={filters} state={state} setFilter={listState.setFilter} />

      {selectable ? (
        <BulkBar<T>
          noun={noun}
          selection={chosen}
          pageCount={rows.length}
          onSelectPage={selection.selectPage}
          actions={allowedActions}
          shown={shown}
          allMatching={allMatching}
          onSelectAllMatching={setAllMatching}
        >
          {canExportSelection ? (
            <Button size="xs" variant="default" leftSection={<IconDownload size={14} />} loading={exporting} onClick={exportSelected}>
              Export selected
            </Button>
          ) : null}
          {canBulkDelete ? (
            <Button size="xs" color="red" variant="light" leftSection={<IconTrash size={14} />} loading={deleting} onClick={() => void deleteSelected()}>
              Delete…
            </Button>
          ) : null}
        </BulkBar>
      ) : null}

      {list.isError && !list.data ? (
        <div className="qm-list-state">
          <ErrorState error={list.error} onRetry={() => void list.refetch()} title={`Could not load ${noun.many}`} />
        </div>
      ) : (
        <ListTable<T>
          columns={choice.visibleColumns}
          rows={rows}
          rowKey={rowKey}
          label={label ?? capitalize(noun.many)}
          sort={state.sort}
          onSort={listState.setSort}
          pending={list.isPending}
          busy={list.isFetching}
          total={total}
          empty={
            <EmptyState title={`No ${noun.many} match`}>
              {anyFilter ? (
                <Button size="xs" variant="subtle" onClick={listState.clearAll}>
                  Clear filters
                </Button>
              ) : null}
            </EmptyState>
          }
          selection={selectable ? selection : undefined}
          rowName={labelOf}
          onRowClick={openRow}
          rowActions={rowActions}
          expandRow={expandRow}
          expanded={expanded}
          onExpandedChange={setExpanded}
        />
      )}

      <ListPagination
        page={list.data?.meta.page ?? state.page}
        perPage={list.data?.meta.per_page ?? state.perPage}
        total={total}
        totalExact={totalExact}
        loaded={Boolean(list.data)}
        onPage={listState.setPage}
        onPerPage={listState.setPerPage}
      />
    </Paper>
  );
}

/**
 * The list screen of any resource: server paging, sorting, filtering and search with the state in
 * the URL; column chooser remembered per user; bulk delete; CSV export; loading, empty and error
 * states. A screen configures it with columns, filters and actions.
 */
import { Fragment, useEffect, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  CloseButton,
  Group,
  Loader,
  Menu,
  MultiSelect,
  Pagination,
  Paper,
  Select,
  Skeleton,
  Table,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { isAllowed, type Permission } from '@qm/contracts';
import { download, errorMessage, type ListResult } from '../lib/api';
import { formatRange, plural } from '../lib/format';
import { usePreference } from '../lib/preferences';
import { useResourceList, useResourceMutations, type Resource } from '../lib/resource';
import { usePermissions } from '../lib/session';
import { confirmDialog } from './ConfirmDialog';
import { DateRangeInput } from './inputs';
import { EmptyState, ErrorState } from './states';
import {
  IconChevronDown,
  IconChevronRight,
  IconColumns,
  IconDownload,
  IconSearch,
  IconSortAsc,
  IconSortDesc,
  IconSortNone,
  IconTrash,
} from './icons';
import { PER_PAGE_OPTIONS, apiQuery, filterParam, nextSort, readListState, sortDirection } from './listParams';

export interface Column<T> {
  /** Field name; also the API sort key unless `sortKey` is given. */
  key: string;
  header: string;
  render?: (row: T) => ReactNode;
  sortable?: boolean;
  sortKey?: string;
  /** Shown until the user chooses otherwise. Default true. */
  defaultVisible?: boolean;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
}

export interface FilterOption {
  value: string;
  label: string;
}

export type FilterDef =
  | { kind: 'select' | 'multiselect'; key: string; label: string; options: FilterOption[]; loading?: boolean; width?: number }
  | { kind: 'boolean'; key: string; label: string; trueLabel?: string; falseLabel?: string }
  | { kind: 'dateRange'; key: string; label: string; fromKey: string; toKey: string }
  | { kind: 'text'; key: string; label: string; placeholder?: string };

export interface Noun {
  one: string;
  many: string;
}

export interface ResourceListProps<T> {
  /** The area's resource (`api.ts`): `GET /api/<path>` lists it. */
  resource: Resource<T, unknown, unknown, unknown>;
  noun: Noun;
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
  bulkDelete?: boolean;
  exportCsv?: boolean;
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
   * Filters always sent to the API and never shown or cleared (a list embedded in another item's page,
   * e.g. one vendor's purchase orders): `{ vendor_id: '12' }`.
   */
  fixedFilters?: Record<string, string>;
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function defaultKey(row: unknown): string | number {
  return (row as { id: string | number }).id;
}

function cellValue(row: unknown, key: string): ReactNode {
  const v = (row as Record<string, unknown>)[key];
  if (v === null || v === undefined || v === '') return <Text span c="dimmed" size="inherit">—</Text>;
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (typeof v === 'number') return String(v);
  const text = Array.isArray(v) ? v.join(', ') : typeof v === 'object' ? JSON.stringify(v) : String(v);
  // Short values stay on one line (dense rows); a long one wraps instead of widening the table.
  return text.length > 40 ? <span className="qm-cell-text">{text}</span> : text;
}

export function ResourceList<T>(props: ResourceListProps<T>) {
  const {
    resource,
    noun,
    columns,
    filters = [],
    searchPlaceholder,
    defaultSort,
    rowKey = defaultKey,
    rowHref,
    onRowClick,
    rowActions,
    actions,
    writePermission,
    bulkDelete = false,
    exportCsv = false,
    expandRow,
    preferenceKey = `columns.${resource.path}`,
    label,
    wholeList = false,
    fixedFilters,
  } = props;

  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const state = useMemo(() => readListState(params, defaultSort ?? null), [params, defaultSort]);
  const fixedKey = JSON.stringify(fixedFilters ?? {});
  const withFixed = (q: URLSearchParams) => {
    for (const [k, v] of Object.entries(fixedFilters ?? {})) q.set(filterParam(k), v);
    return q;
  };
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const query = useMemo(() => withFixed(apiQuery(state)), [state, fixedKey]);
  const permissions = usePermissions();
  const canWrite = writePermission ? isAllowed([writePermission], permissions) : false;
  const selectable = bulkDelete && canWrite;

  const list = useResourceList<T>(resource, wholeList ? 'all' : query, wholeList ? (res: ListResult<T>) => pageInBrowser(res.data, state) : undefined);
  const { remove } = useResourceMutations(resource);

  // ---- URL updates -------------------------------------------------------------------------
  const update = (fn: (p: URLSearchParams) => void, resetPage = true) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        fn(next);
        if (resetPage) next.delete('page');
        return next;
      },
      { replace: true },
    );
  };
  const setFilter = (key: string, values: string[]) =>
    update((p) => {
      p.delete(filterParam(key));
      values.filter((v) => v !== '').forEach((v) => p.append(filterParam(key), v));
    });

  // ---- search (debounced into the URL) ----------------------------------------------------
  const [search, setSearch] = useState(state.q);
  const [debouncedSearch] = useDebouncedValue(search, 300);
  useEffect(() => {
    if (debouncedSearch.trim() !== state.q.trim()) update((p) => (debouncedSearch.trim() ? p.set('q', debouncedSearch.trim()) : p.delete('q')));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedSearch]);
  useEffect(() => {
    // Back/forward or "Clear filters" changed q from outside.
    if (state.q.trim() !== search.trim()) setSearch(state.q);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.q]);

  // ---- columns --------------------------------------------------------------------------------
  const [chosen, saveChosen] = usePreference<string[]>(preferenceKey);
  const visibleKeys = useMemo(() => {
    const valid = chosen?.filter((k) => columns.some((c) => c.key === k));
    return new Set(valid && valid.length > 0 ? valid : columns.filter((c) => c.defaultVisible !== false).map((c) => c.key));
  }, [chosen, columns]);
  const visibleColumns = columns.filter((c) => visibleKeys.has(c.key));
  const toggleColumn = (key: string) => {
    const next = new Set(visibleKeys);
    if (next.has(key)) {
      if (next.size === 1) return; // keep at least one column
      next.delete(key);
    } else next.add(key);
    saveChosen(columns.filter((c) => next.has(c.key)).map((c) => c.key));
  };

  // ---- selection and expansion ----------------------------------------------------------------
  const rows = list.data?.data ?? [];
  const [selected, setSelected] = useState<Set<string | number>>(new Set());
  const [expanded, setExpanded] = useState<Set<string | number>>(new Set());
  useEffect(() => {
    setSelected(new Set());
    setExpanded(new Set());
  }, [query.toString()]); // eslint-disable-line react-hooks/exhaustive-deps
  const pageKeys = rows.map(rowKey);
  const allSelected = pageKeys.length > 0 && pageKeys.every((k) => selected.has(k));
  const someSelected = pageKeys.some((k) => selected.has(k));

  // ---- actions ------------------------------------------------------------------------------
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

  const deleteSelected = async () => {
    const ids = Array.from(selected);
    const ok = await confirmDialog({
      title: `Delete ${plural(ids.length, noun.one, noun.many)}?`,
      message: `The selected ${ids.length === 1 ? noun.one : noun.many} will be deleted. This cannot be undone.`,
      confirmLabel: 'Delete',
    });
    if (!ok) return;
    setDeleting(true);
    const results = await Promise.allSettled(ids.map((id) => remove.mutateAsync(id)));
    setDeleting(false);
    const failed = results.flatMap((r, i) => (r.status === 'rejected' ? [{ id: ids[i], reason: r.reason as unknown }] : []));
    const done = ids.length - failed.length;
    if (done > 0) notifications.show({ color: 'teal', message: `Deleted ${plural(done, noun.one, noun.many)}` });
    if (failed.length > 0) {
      notifications.show({
        color: 'red',
        title: `${plural(failed.length, noun.one, noun.many)} not deleted`,
        message: failed
          .slice(0, 3)
          .map((f) => `#${f.id}: ${errorMessage(f.reason)}`)
          .join(' · '),
        autoClose: false,
      });
    }
    setSelected(new Set(failed.map((f) => f.id)));
  };

  // ---- active filters not configured here (e.g. from a link): shown as removable chips --------
  const configuredKeys = new Set(filters.flatMap((f) => (f.kind === 'dateRange' ? [f.fromKey, f.toKey] : [f.key])));
  const extraFilters = Object.entries(state.filters).filter(([k]) => !configuredKeys.has(k));
  const anyFilter = Object.keys(state.filters).length > 0 || state.q !== '';

  const clearAll = () => {
    setSearch('');
    update((p) => {
      for (const k of Array.from(p.keys())) if (k.startsWith('filter[') || k === 'q') p.delete(k);
    });
  };

  // ---- rendering ----------------------------------------------------------------------------
  const openRow = (row: T) => {
    if (onRowClick) onRowClick(row);
    else if (rowHref) navigate(rowHref(row));
  };
  const rowOpens = Boolean(onRowClick || rowHref);
  const onRowKey = (e: KeyboardEvent<HTMLTableRowElement>, row: T) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      openRow(row);
    }
  };

  const colCount = visibleColumns.length + (selectable ? 1 : 0) + (expandRow ? 1 : 0) + (rowActions ? 1 : 0);
  const total = list.data?.meta.total ?? 0;
  // Large lists may count only up to a cap (`total_exact: false`): "1–25 of 1,000+".
  const totalExact = (list.data?.meta as { total_exact?: boolean } | undefined)?.total_exact !== false;
  const perPage = list.data?.meta.per_page ?? state.perPage;
  const page = list.data?.meta.page ?? state.page;
  const pages = Math.max(1, Math.ceil(total / perPage));

  const filterControls = filters.map((f) => {
    const values = state.filters[f.kind === 'dateRange' ? f.fromKey : f.key] ?? [];
    const setOne = (v: string | null) => setFilter(f.key, v ? [v] : []);
    // What the list's select filters have in common.
    const select = { size: 'xs', label: f.label, comboboxProps: { withinPortal: true } } as const;
    switch (f.kind) {
      case 'select':
        return (
          <Select
            key={f.key}
            {...select}
            placeholder="Any"
            data={f.options}
            value={values[0] ?? null}
            onChange={setOne}
            clearable
            searchable={f.options.length > 8}
            rightSection={f.loading ? <Loader size={12} /> : undefined}
            w={f.width ?? 180}
          />
        );
      case 'multiselect':
        return (
          <MultiSelect
            key={f.key}
            {...select}
            placeholder={values.length ? undefined : 'Any'}
            data={f.options}
            value={values}
            onChange={(v) => setFilter(f.key, v)}
            clearable
            searchable
            miw={180}
            maw={320}
          />
        );
      case 'boolean':
        return (
          <Select
            key={f.key}
            {...select}
            data={[
              { value: '', label: 'Any' },
              { value: 'true', label: f.trueLabel ?? 'Yes' },
              { value: 'false', label: f.falseLabel ?? 'No' },
            ]}
            value={values[0] ?? ''}
            onChange={setOne}
            allowDeselect={false}
            w={120}
          />
        );
      case 'dateRange':
        return (
          <DateRangeInput
            key={f.key}
            label={f.label}
            value={[state.filters[f.fromKey]?.[0] ?? null, state.filters[f.toKey]?.[0] ?? null]}
            onChange={([from, to]) =>
              update((p) => {
                p.delete(filterParam(f.fromKey));
                p.delete(filterParam(f.toKey));
                if (from) p.set(filterParam(f.fromKey), from);
                if (to) p.set(filterParam(f.toKey), to);
              })
            }
          />
        );
      case 'text':
        return <TextFilter key={f.key} label={f.label} placeholder={f.placeholder} value={values[0] ?? ''} onChange={setOne} />;
    }
  });

  return (
    <Paper withBorder radius="sm" className="qm-list" p={0}>
      <Group justify="space-between" align="flex-end" gap="xs" p="xs" wrap="wrap" className="qm-list-toolbar">
        <Group gap="xs" align="flex-end" wrap="wrap">
          {searchPlaceholder !== false ? (
            <TextInput
              size="xs"
              label="Search"
              placeholder={searchPlaceholder ?? `Search ${noun.many}`}
              leftSection={<IconSearch size={14} />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              rightSection={search ? <CloseButton size="xs" aria-label="Clear search" onClick={() => setSearch('')} /> : null}
              w={240}
              type="search"
            />
          ) : null}
          {filterControls}
          {anyFilter ? (
            <Button size="xs" variant="subtle" onClick={clearAll}>
              Clear filters
            </Button>
          ) : null}
        </Group>
        <Group gap="xs" wrap="nowrap">
          {list.isFetching && !list.isPending ? <Loader size={14} aria-label="Refreshing" /> : null}
          {selectable && selected.size > 0 ? (
            <Button size="xs" color="red" variant="light" leftSection={<IconTrash size={14} />} loading={deleting} onClick={deleteSelected}>
              Delete selected
            </Button>
          ) : null}
          {exportCsv ? (
            <Button size="xs" variant="default" leftSection={<IconDownload size={14} />} loading={exporting} onClick={exportCsvFile}>
              Export CSV
            </Button>
          ) : null}
          <Menu closeOnItemClick={false} position="bottom-end" withinPortal>
            <Menu.Target>
              <Tooltip label="Choose columns" withinPortal>
                <ActionIcon variant="default" size={30} aria-label="Choose columns">
                  <IconColumns />
                </ActionIcon>
              </Tooltip>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>Columns</Menu.Label>
              {columns.map((c) => (
                <Menu.Item
                  key={c.key}
                  role="menuitemcheckbox"
                  aria-checked={visibleKeys.has(c.key)}
                  onClick={() => toggleColumn(c.key)}
                  leftSection={<Checkbox size="xs" readOnly checked={visibleKeys.has(c.key)} tabIndex={-1} aria-hidden />}
                >
                  {c.header}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
          {actions}
        </Group>
      </Group>

      {extraFilters.length > 0 ? (
        <Group gap={6} px="xs" pb="xs">
          {extraFilters.map(([k, vs]) => (
            <Badge
              key={k}
              variant="light"
              radius="sm"
              rightSection={<CloseButton size="xs" aria-label={`Remove filter ${k}`} onClick={() => setFilter(k, [])} />}
            >
              {k.replace(/_/g, ' ')}: {vs.join(', ')}
            </Badge>
          ))}
        </Group>
      ) : null}

      {list.isError && !list.data ? (
        <div className="qm-list-state">
          <ErrorState error={list.error} onRetry={() => void list.refetch()} title={`Could not load ${noun.many}`} />
        </div>
      ) : (
        <div className="qm-table-wrap">
          <Table striped highlightOnHover stickyHeader verticalSpacing={5} horizontalSpacing="sm" fz="sm" aria-label={label ?? capitalize(noun.many)} aria-busy={list.isFetching} aria-rowcount={total}>
            <Table.Thead>
              <Table.Tr>
                {expandRow ? <Table.Th w={32}><span className="qm-sr-only">Details</span></Table.Th> : null}
                {selectable ? (
                  <Table.Th w={36}>
                    <Checkbox
                      size="xs"
                      aria-label="Select all rows on this page"
                      checked={allSelected}
                      indeterminate={!allSelected && someSelected}
                      onChange={() => setSelected(allSelected ? new Set() : new Set(pageKeys))}
                    />
                  </Table.Th>
                ) : null}
                {visibleColumns.map((c) => {
                  const sortKey = c.sortKey ?? c.key;
                  const dir = c.sortable ? sortDirection(state.sort, sortKey) : 'none';
                  return (
                    <Table.Th key={c.key} w={c.width} ta={c.align} aria-sort={c.sortable ? dir : undefined}>
                      {c.sortable ? (
                        <UnstyledButton
                          className="qm-sort"
                          data-active={dir !== 'none' || undefined}
                          onClick={() => update((p) => p.set('sort', nextSort(state.sort, sortKey) ?? ''), true)}
                          title={`Sort by ${c.header.toLowerCase()}${dir === 'ascending' ? ', descending' : ''}`}
                        >
                          {c.header}
                          {dir === 'ascending' ? <IconSortAsc size={13} /> : dir === 'descending' ? <IconSortDesc size={13} /> : <IconSortNone size={13} className="qm-sort-idle" />}
                        </UnstyledButton>
                      ) : (
                        c.header
                      )}
                    </Table.Th>
                  );
                })}
                {rowActions ? <Table.Th w={48}><span className="qm-sr-only">Actions</span></Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.isPending
                ? Array.from({ length: 8 }, (_, i) => (
                    <Table.Tr key={`sk${i}`} aria-hidden>
                      {Array.from({ length: colCount }, (_, j) => (
                        <Table.Td key={j}>
                          <Skeleton height={12} radius="sm" />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))
                : null}
              {!list.isPending && rows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={colCount}>
                    <EmptyState title={`No ${noun.many} match`}>
                      {anyFilter ? (
                        <Button size="xs" variant="subtle" onClick={clearAll}>
                          Clear filters
                        </Button>
                      ) : null}
                    </EmptyState>
                  </Table.Td>
                </Table.Tr>
              ) : null}
              {rows.map((row) => {
                const key = rowKey(row);
                const isOpen = expanded.has(key);
                return (
                  <Fragment key={key}>
                    <Table.Tr
                      data-selected={selected.has(key) || undefined}
                      className={rowOpens ? 'qm-row-link' : undefined}
                      onClick={rowOpens ? () => openRow(row) : undefined}
                      onKeyDown={rowOpens ? (e) => onRowKey(e, row) : undefined}
                      tabIndex={rowOpens ? 0 : undefined}
                    >
                      {expandRow ? (
                        <Table.Td onClick={(e) => e.stopPropagation()}>
                          <ActionIcon
                            variant="subtle"
                            size="sm"
                            aria-expanded={isOpen}
                            aria-label={isOpen ? 'Hide details' : 'Show details'}
                            onClick={() => {
                              const next = new Set(expanded);
                              if (isOpen) next.delete(key);
                              else next.add(key);
                              setExpanded(next);
                            }}
                          >
                            {isOpen ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
                          </ActionIcon>
                        </Table.Td>
                      ) : null}
                      {selectable ? (
                        <Table.Td onClick={(e) => e.stopPropagation()}>
                          <Checkbox
                            size="xs"
                            aria-label={`Select ${noun.one} ${key}`}
                            checked={selected.has(key)}
                            onChange={() => {
                              const next = new Set(selected);
                              if (next.has(key)) next.delete(key);
                              else next.add(key);
                              setSelected(next);
                            }}
                          />
                        </Table.Td>
                      ) : null}
                      {visibleColumns.map((c) => (
                        <Table.Td key={c.key} ta={c.align} className={c.align === 'right' ? 'qm-num' : undefined}>
                          {c.render ? c.render(row) : cellValue(row, c.key)}
                        </Table.Td>
                      ))}
                      {rowActions ? (
                        <Table.Td onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()} ta="right">
                          {rowActions(row)}
                        </Table.Td>
                      ) : null}
                    </Table.Tr>
                    {expandRow && isOpen ? (
                      <Table.Tr className="qm-row-detail">
                        <Table.Td colSpan={colCount}>{expandRow(row)}</Table.Td>
                      </Table.Tr>
                    ) : null}
                  </Fragment>
                );
              })}
            </Table.Tbody>
          </Table>
        </div>
      )}

      <Group justify="space-between" gap="xs" px="xs" py={6} className="qm-list-footer">
        <Group gap="xs">
          <Text size="xs" c="dimmed" aria-live="polite">
            {list.data ? `${formatRange(page, perPage, total)}${totalExact ? '' : '+'}` : ' '}
          </Text>
          {selectable && selected.size > 0 ? (
            <Text size="xs" c="dimmed">
              · {plural(selected.size, 'selected', 'selected')}
            </Text>
          ) : null}
        </Group>
        <Group gap="xs">
          <Select
            size="xs"
            aria-label="Rows per page"
            data={PER_PAGE_OPTIONS.map((n) => ({ value: String(n), label: `${n} / page` }))}
            value={String(state.perPage)}
            onChange={(v) => update((p) => (v ? p.set('per_page', v) : p.delete('per_page')))}
            allowDeselect={false}
            w={110}
            comboboxProps={{ withinPortal: true }}
          />
          <Pagination
            size="sm"
            total={pages}
            value={Math.min(page, pages)}
            onChange={(n) => update((p) => p.set('page', String(n)), false)}
            withEdges
            siblings={1}
            aria-label="Pages"
          />
        </Group>
      </Group>
    </Paper>
  );
}

/** Search, sort and page a whole list in the browser (`wholeList`), the way the API would. */
function pageInBrowser<T>(rows: T[], state: ReturnType<typeof readListState>): ListResult<T> {
  const q = state.q.trim().toLowerCase();
  let out = rows;
  if (q) out = out.filter((r) => Object.values(r as Record<string, unknown>).some((v) => (typeof v === 'string' || typeof v === 'number') && String(v).toLowerCase().includes(q)));
  for (const [key, values] of Object.entries(state.filters)) {
    out = out.filter((r) => values.includes(String((r as Record<string, unknown>)[key])));
  }
  if (state.sort) {
    const first = state.sort.split(',')[0]!;
    const desc = first.startsWith('-');
    const key = desc ? first.slice(1) : first;
    const cmp = (a: unknown, b: unknown) =>
      typeof a === 'number' && typeof b === 'number' ? a - b : String(a ?? '').localeCompare(String(b ?? ''), 'en-US', { sensitivity: 'base', numeric: true });
    out = [...out].sort((a, b) => (desc ? -1 : 1) * cmp((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
  }
  const start = (state.page - 1) * state.perPage;
  return { data: out.slice(start, start + state.perPage), meta: { total: out.length, page: state.page, per_page: state.perPage, total_exact: true } };
}

function TextFilter({ label, placeholder, value, onChange }: { label: string; placeholder?: string; value: string; onChange: (v: string) => void }) {
  const [text, setText] = useState(value);
  const [debounced] = useDebouncedValue(text, 300);
  useEffect(() => {
    if (debounced !== value) onChange(debounced.trim());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  useEffect(() => {
    if (value !== text.trim()) setText(value);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  return <TextInput size="xs" label={label} placeholder={placeholder} value={text} onChange={(e) => setText(e.currentTarget.value)} w={160} />;
}

/**
 * The list's table: sortable headers (the sort is the URL's), rows that open, a checkbox column when
 * rows can be selected, expandable details, row actions, placeholders while loading and the empty state.
 */
import { Fragment, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { ActionIcon, Checkbox, Table, UnstyledButton } from '@mantine/core';
import { SkeletonRows } from '../states';
import { IconChevronDown, IconChevronRight, IconSortAsc, IconSortDesc, IconSortNone } from '../icons';
import { TABLE_DENSITY, sortDirection, tableCell } from '../listParams';
import { cellValue } from './cells';
import type { RowKey, ShownColumn } from './types';
import type { SelectionState } from './useSelection';
import { TableWrap } from './TableWrap';

/**
 * How many leading data columns stay in view on a wide list: the first column (what the row is about),
 * after any short ones of a set width before it (an image, an ID) — at most three.
 */
function stuckColumns(columns: readonly { width?: number | string }[]): number {
  let n = 0;
  while (n < columns.length && n < 3) {
    n++;
    if (typeof columns[n - 1]!.width !== 'number') break;
  }
  return n;
}

/**
 * Where each of the first `count` cells of the header row starts, kept as the table's CSS variables
 * `--qm-stick-<i>` while their widths change (a column shown, a font loaded, the window resized).
 */
function useStickOffsets(count: number, columnsKey: string) {
  const table = useRef<HTMLTableElement>(null);
  // again when the cells change (columns shown, the checkbox column), not on every render
  useLayoutEffect(() => {
    const t = table.current;
    const row = t?.tHead?.rows[0];
    if (!t || !row) return;
    const cells = Array.from(row.cells).slice(0, count);
    const measure = () => {
      let x = 0;
      cells.forEach((c, i) => {
        t.style.setProperty(`--qm-stick-${i}`, `${x}px`);
        x += c.getBoundingClientRect().width;
      });
    };
    measure();
    const watch = new ResizeObserver(measure);
    cells.forEach((c) => watch.observe(c));
    return () => watch.disconnect();
  }, [count, columnsKey]);
  return table;
}

export interface ListTableProps<T> {
  /** The columns shown (see useColumnChoice), with the sorting their contract allows (sortingOf). */
  columns: ShownColumn<T>[];
  rows: T[];
  rowKey: (row: T) => RowKey;
  /** Accessible name of the table. */
  label: string;
  /** The sort in force (`name`, `-created_at`); a sortable header's click calls `onSort` with its key. */
  sort: string | null;
  onSort: (key: string) => void;
  /** Loading the first page: placeholder rows. */
  pending?: boolean;
  busy?: boolean;
  total?: number;
  /** Shown in a row of its own when there are no rows. */
  empty?: ReactNode;
  /** Given: a checkbox column. `rowName` names a row to screen readers ("Select brand Federal"). */
  selection?: SelectionState;
  rowName?: (row: T) => string;
  onRowClick?: (row: T) => void;
  rowActions?: (row: T) => ReactNode;
  expandRow?: (row: T) => ReactNode;
  expanded?: Set<RowKey>;
  onExpandedChange?: (next: Set<RowKey>) => void;
}

export function ListTable<T>(props: ListTableProps<T>) {
  const { columns, rows, rowKey, label, sort, onSort, pending = false, busy = false, total, empty, selection, rowName, onRowClick, rowActions, expandRow, expanded = new Set(), onExpandedChange } = props;
  const colCount = columns.length + (selection ? 1 : 0) + (expandRow ? 1 : 0) + (rowActions ? 1 : 0);
  // the controls and the first column (what a row is about) stay in view on a wide list
  const controls = (expandRow ? 1 : 0) + (selection ? 1 : 0);
  const stuck = stuckColumns(columns);
  const tableRef = useStickOffsets(controls + stuck, `${controls}:${columns.map((c) => c.key).join(',')}`);
  const at = (i: number) => ({ left: `var(--qm-stick-${i}, 0px)`, edge: i === controls + stuck - 1 });
  const expandCell = tableCell(at(0));
  const selectCell = tableCell(at(expandRow ? 1 : 0));
  const dataCell = (i: number, numeric = false) => tableCell({ ...(i < stuck ? at(controls + i) : {}), numeric });
  const onRowKey = (e: KeyboardEvent<HTMLTableRowElement>, row: T) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onRowClick?.(row);
    }
  };
  return (
    <TableWrap>
      <Table ref={tableRef} striped highlightOnHover stickyHeader verticalSpacing={5} horizontalSpacing={TABLE_DENSITY.x} fz={TABLE_DENSITY.fz} aria-label={label} aria-busy={busy} aria-rowcount={total}>
        <Table.Thead>
          <Table.Tr>
            {expandRow ? (
              <Table.Th w={32} {...expandCell}>
                <span className="qm-sr-only">Details</span>
              </Table.Th>
            ) : null}
            {selection ? (
              <Table.Th w={36} {...selectCell}>
                <Checkbox
                  size="xs"
                  aria-label="Select all rows on this page"
                  checked={selection.allOnPage}
                  indeterminate={!selection.allOnPage && selection.someOnPage}
                  onChange={selection.togglePage}
                  disabled={rows.length === 0}
                />
              </Table.Th>
            ) : null}
            {columns.map((c, i) => {
              const sortKey = c.sortField;
              const dir = sortKey ? sortDirection(sort, sortKey) : 'none';
              return (
                <Table.Th key={c.key} w={c.width} ta={c.align} aria-sort={sortKey ? dir : undefined} {...dataCell(i)}>
                  {sortKey ? (
                    <UnstyledButton
                      className="qm-sort"
                      data-active={dir !== 'none' || undefined}
                      onClick={() => onSort(sortKey)}
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
            {rowActions ? (
              // the row's actions stay in view at the right while the table scrolls sideways (app.css .qm-stick-right)
              <Table.Th w={48} className="qm-stick qm-stick-right">
                <span className="qm-sr-only">Actions</span>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {pending ? <SkeletonRows columns={colCount} /> : null}
          {!pending && rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={colCount}>{empty}</Table.Td>
            </Table.Tr>
          ) : null}
          {rows.map((row) => {
            const key = rowKey(row);
            const isOpen = expanded.has(key);
            const checked = selection?.isSelected(key) ?? false;
            return (
              <Fragment key={key}>
                <Table.Tr
                  data-selected={checked || undefined}
                  className={onRowClick ? 'qm-row-link' : undefined}
                  onClick={onRowClick ? () => onRowClick(row) : undefined}
                  onKeyDown={onRowClick ? (e) => onRowKey(e, row) : undefined}
                  tabIndex={onRowClick ? 0 : undefined}
                >
                  {expandRow ? (
                    <Table.Td {...expandCell} onClick={(e) => e.stopPropagation()}>
                      <ActionIcon
                        variant="subtle"
                        size="sm"
                        aria-expanded={isOpen}
                        aria-label={isOpen ? 'Hide details' : 'Show details'}
                        onClick={() => {
                          const next = new Set(expanded);
                          if (isOpen) next.delete(key);
                          else next.add(key);
                          onExpandedChange?.(next);
                        }}
                      >
                        {isOpen ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
                      </ActionIcon>
                    </Table.Td>
                  ) : null}
                  {selection ? (
                    <Table.Td {...selectCell} onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
                      <Checkbox size="xs" aria-label={`Select ${rowName ? rowName(row) : key}`} checked={checked} onChange={() => selection.toggle(key)} />
                    </Table.Td>
                  ) : null}
                  {columns.map((c, i) => (
                    <Table.Td key={c.key} ta={c.align} {...dataCell(i, c.align === 'right')}>
                      {c.render ? c.render(row) : cellValue(row, c.key)}
                    </Table.Td>
                  ))}
                  {rowActions ? (
                    <Table.Td className="qm-stick qm-stick-right" onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()} ta="right">
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
    </TableWrap>
  );
}

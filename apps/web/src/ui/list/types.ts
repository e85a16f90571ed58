/** What a list screen is configured with: its columns, filters, the noun of its rows, bulk actions. */
import type { ReactNode } from 'react';
import type { ListFields } from '@qm/contracts';

export type { ListFields };

/**
 * A column of a list. Whether it sorts is not the screen's to say: a column sorts when its field
 * (`sortKey`, else `key`) is one its list's contract sorts by (`X_LIST.sort`, given to the list as
 * `fields`); see sortingOf.
 */
export interface Column<T> {
  /** Field name; also the sort field unless `sortKey` is given. */
  key: string;
  header: string;
  render?: (row: T) => ReactNode;
  /** The contract's sort field of a column whose key is another (`brand_name` sorted as `brand`); it must be in `fields.sort`. */
  sortKey?: string;
  /** false: no sorting from this column although the contract sorts by its field. */
  sortable?: false;
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
  | { kind: 'date'; key: string; label: string }
  | { kind: 'text'; key: string; label: string; placeholder?: string };

export interface Noun {
  one: string;
  many: string;
}

export type RowKey = string | number;

/** The rows chosen with the list's checkboxes (those of the page on screen). */
export interface Selection<T> {
  ids: RowKey[];
  rows: T[];
  /** Unticks them all. */
  clear: () => void;
}

/** What a list shows now, past its page: its search and filters (the screen's fixed ones too) and how many rows match. */
export interface ListShown {
  q: string;
  filter: Record<string, string[]>;
  total: number;
}

/** A button of the bulk bar (shown while rows are selected), given by the screen. */
export interface BulkAction<T> {
  label: string;
  icon?: ReactNode;
  color?: string;
  /** Only to users who hold this (default: everyone who sees the list). */
  permission?: string;
  /** Why it cannot run on this selection (the button is disabled and says so), or null. */
  disabledReason?: (selection: Selection<T>) => string | null;
  run: (selection: Selection<T>) => unknown;
  /**
   * Runs on every row the list's search and filters match, past the page (the server's own work, e.g.
   * a job). Given, the bulk bar offers "Select all N" once the whole page is selected; actions without
   * it act on a page's rows only.
   */
  runAll?: (list: ListShown) => unknown;
}

/** A column as the table shows it: `sortField` is the contract's sort field it sorts by, or null. */
export type ShownColumn<T> = Column<T> & { sortField: string | null };

/**
 * The columns with the sorting their list's contract allows: a column sorts iff its field is in
 * `fields.sort` (and it does not opt out with `sortable: false`). A `sortKey` the contract does not
 * sort by is a mistake of the screen, and throws (the screen's tests and every browser test meet it).
 */
export function sortingOf<T>(columns: Column<T>[], fields: ListFields): ShownColumn<T>[] {
  return columns.map((c) => {
    if (c.sortKey !== undefined && !fields.sort.includes(c.sortKey))
      throw new Error(`Column "${c.key}" sorts by "${c.sortKey}", which its list's contract does not sort by (${fields.sort.join(', ')})`);
    const field = c.sortKey ?? c.key;
    return { ...c, sortField: c.sortable !== false && fields.sort.includes(field) ? field : null };
  });
}

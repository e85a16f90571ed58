/** What a list screen is configured with: its columns, filters, the noun of its rows, bulk actions. */
import type { ReactNode } from 'react';

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

export type RowKey = string | number;

/** The rows chosen with the list's checkboxes (those of the page on screen). */
export interface Selection<T> {
  ids: RowKey[];
  rows: T[];
  /** Unticks them all. */
  clear: () => void;
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
}

/**
 * List state in the URL (DESIGN §6): `page`, `per_page`, `sort`, `q` and `filter[field]` live in the
 * search params, so every list view can be bookmarked and shared. The same names go to the API.
 * Every change of page, sort or filters is a new history entry (ui/list/useListState), so Back
 * walks back through them.
 */
import { CONSTANTS } from '@qm/contracts';

export const PER_PAGE_OPTIONS = [10, 25, 50, 100] as const;

export interface ListState {
  page: number;
  perPage: number;
  sort: string | null;
  q: string;
  /** `filter[field]` → values (repeated params mean "any of"). */
  filters: Record<string, string[]>;
}

const FILTER_RE = /^filter\[([^\]]+)\]$/;

export function filterParam(key: string): string {
  return `filter[${key}]`;
}

export function readListState(params: URLSearchParams, defaultSort: string | null): ListState {
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const rawPer = Number.parseInt(params.get('per_page') ?? '', 10);
  const perPage = Number.isFinite(rawPer) && rawPer >= 1 ? Math.min(rawPer, CONSTANTS.maxPerPage) : CONSTANTS.defaultPerPage;
  const filters: Record<string, string[]> = {};
  params.forEach((value, name) => {
    const m = FILTER_RE.exec(name);
    if (m && value !== '') (filters[m[1]] ??= []).push(value);
  });
  return { page, perPage, sort: params.get('sort') ?? defaultSort, q: params.get('q') ?? '', filters };
}

/** The API query for a list state (`format=csv` for exports, without paging). */
export function apiQuery(state: ListState, opts: { csv?: boolean } = {}): URLSearchParams {
  const out = new URLSearchParams();
  if (!opts.csv) {
    out.set('page', String(state.page));
    out.set('per_page', String(state.perPage));
  }
  if (state.sort) out.set('sort', state.sort);
  if (state.q.trim()) out.set('q', state.q.trim());
  for (const key of Object.keys(state.filters).sort()) {
    for (const v of state.filters[key]) out.append(filterParam(key), v);
  }
  if (opts.csv) out.set('format', 'csv');
  return out;
}

/** Sort cycle of one column: none → ascending → descending → none. */
export function nextSort(current: string | null, key: string): string | null {
  if (current === key) return `-${key}`;
  if (current === `-${key}`) return null;
  return key;
}

export function sortDirection(current: string | null, key: string): 'ascending' | 'descending' | 'none' {
  if (!current) return 'none';
  const first = current.split(',')[0];
  if (first === key) return 'ascending';
  if (first === `-${key}`) return 'descending';
  return 'none';
}

/** The list and report tables' density: 13 px text and 10 px beside each cell, so a laptop screen (1366 px) holds a dozen columns. */
export const TABLE_DENSITY = { fz: 13, x: 'xs' } as const;

/** A read-only table inside a record's page (its lines, its fees, its history): 14 px, rows 4 px apart, 10 px beside each cell. */
export const DETAIL_TABLE = { fz: 'sm', verticalSpacing: 4, horizontalSpacing: 'xs' } as const;

/**
 * Class and style of a list's or report's cell: a figure right-aligned in tabular digits (`numeric`:
 * app.css `.qm-num`), and a leading cell that stays in view when the table scrolls sideways (`left`:
 * where it stands, px or a CSS length such as a variable the table measures; `edge`: the last of them,
 * with the divider — app.css `.qm-stick`).
 */
export function tableCell(o: { left?: number | string; edge?: boolean; numeric?: boolean }): { className?: string; style?: { left: number | string } } {
  const names = [o.left !== undefined && 'qm-stick', o.left !== undefined && o.edge && 'qm-stick-edge', o.numeric && 'qm-num'].filter(Boolean);
  return { className: names.length ? names.join(' ') : undefined, style: o.left === undefined ? undefined : { left: o.left } };
}

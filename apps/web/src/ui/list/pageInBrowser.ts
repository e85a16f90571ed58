import type { ListResult } from '../../lib/api';
import type { ListState } from '../listParams';

/** Search, sort and page a whole list in the browser (`wholeList`), the way the API would. */
export function pageInBrowser<T>(rows: T[], state: ListState): ListResult<T> {
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

/** The list's state (page, sort, search, filters) read from and written to the URL. */
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { apiQuery, filterParam, nextSort, readListState, type ListState } from '../listParams';

export interface ListStateApi {
  state: ListState;
  /** The API query of the page on screen. */
  query: URLSearchParams;
  /** Adds the screen's fixed filters to a query (the list's export uses it too). */
  withFixed: (q: URLSearchParams) => URLSearchParams;
  /**
   * Changes the URL's list params; the page goes back to 1 unless `resetPage` is false. Each change is
   * a new history entry (Back returns to the previous page, sort or filters) unless `replace`.
   */
  update: (fn: (p: URLSearchParams) => void, opts?: { resetPage?: boolean; replace?: boolean }) => void;
  setFilter: (key: string, values: string[]) => void;
  setSort: (key: string) => void;
  setPage: (page: number) => void;
  setPerPage: (perPage: number | null) => void;
  setSearch: (q: string) => void;
  /** Removes the search and every filter. */
  clearAll: () => void;
}

export function useListState(defaultSort: string | null, fixedFilters?: Record<string, string>): ListStateApi {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readListState(params, defaultSort), [params, defaultSort]);
  const fixedKey = JSON.stringify(fixedFilters ?? {});
  // Filters the screen sets for an embedded list (a vendor's purchase orders): added to every query, never shown.
  const withFixed = (q: URLSearchParams) => {
    for (const [k, v] of Object.entries(fixedFilters ?? {})) q.set(filterParam(k), v);
    return q;
  };
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const query = useMemo(() => withFixed(apiQuery(state)), [state, fixedKey]);
  const update: ListStateApi['update'] = (fn, opts = {}) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        fn(next);
        if (opts.resetPage !== false) next.delete('page');
        return next;
      },
      { replace: opts.replace ?? false },
    );
  };
  return {
    state,
    query,
    withFixed,
    update,
    setFilter: (key, values) =>
      update((p) => {
        p.delete(filterParam(key));
        values.filter((v) => v !== '').forEach((v) => p.append(filterParam(key), v));
      }),
    setSort: (key) =>
      update((p) => {
        const s = nextSort(state.sort, key);
        p.set('sort', s ?? '');
      }),
    setPage: (page) => update((p) => p.set('page', String(page)), { resetPage: false }),
    setPerPage: (n) => update((p) => (n ? p.set('per_page', String(n)) : p.delete('per_page'))),
    // Typing on in a search already made refines it in place: Back skips the words typed on the way.
    setSearch: (q) => update((p) => (q.trim() ? p.set('q', q.trim()) : p.delete('q')), { replace: state.q.trim() !== '' && q.trim() !== '' }),
    clearAll: () =>
      update((p) => {
        for (const k of Array.from(p.keys())) if (k.startsWith('filter[') || k === 'q') p.delete(k);
      }),
  };
}

/**
 * API resources as the screens use them (DESIGN §6): an area's `api.ts` defines each resource once
 * (`defineResource`) with its query keys, and reads and writes it through hooks. Writes go through
 * mutations that make stale what they change — the resource itself and what shows it elsewhere
 * (`related`) —, so a screen never calls `api.*` nor invalidates by hand.
 *
 * Simple CRUD resources need nothing more than `useResourceMutations(resource)` (create, update,
 * remove): the kit's CrudScreen uses it.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api, type ListResult, type QueryInput } from './api';
import { queryClient } from './queryClient';
import { resourceKeys, type ResourceKeys } from './queryKeys';

export interface Resource<T = unknown, C = unknown, U = unknown, I = T> {
  /** API path: `GET /api/<path>`, `GET|PUT|DELETE /api/<path>/{id}`, `POST /api/<path>`. */
  path: string;
  keys: ResourceKeys;
  /** Paths of other resources that show this one (a brand's name in the product list). */
  related: readonly string[];
  /** `POST /api/<create>` makes a new item where that is not `POST <path>` (users: `auth/register`, SPEC §7). */
  create?: string;
  /** Types only: a row of the list, the create body, the update body, the item (`GET <path>/{id}`). */
  readonly types?: { row: T; create: C; update: U; item: I };
}

export function defineResource<T, C = never, U = never, I = T>(path: string, opts: { related?: readonly string[]; create?: string } = {}): Resource<T, C, U, I> {
  return { path, keys: resourceKeys(path), related: opts.related ?? [], ...(opts.create && { create: opts.create }) };
}

const itemPath = (r: Resource, id: number | string) => `${r.path}/${encodeURIComponent(String(id))}`;

type ResourceRef = Resource<unknown, unknown, unknown, unknown> | string;

/**
 * Makes stale every query of these resources and of what they are related to (the ones on screen are
 * read again, and the promise waits for them), but `keep`: an item the write has just answered.
 */
export function invalidate(resources: ResourceRef | ResourceRef[], opts: { keep?: QueryKey } = {}): Promise<void> {
  const paths = new Set<string>();
  for (const r of Array.isArray(resources) ? resources : [resources]) {
    if (typeof r === 'string') paths.add(r);
    else [r.path, ...r.related].forEach((p) => paths.add(p));
  }
  const keep = opts.keep ? JSON.stringify(opts.keep) : null;
  return queryClient.invalidateQueries({ predicate: (q) => paths.has(String(q.queryKey[0])) && JSON.stringify(q.queryKey) !== keep });
}

/** Reads `GET <path>/{id}` (`{ data }` unwrapped). */
export function fetchItem<I>(r: Resource<unknown, unknown, unknown, I>, id: number | string, signal?: AbortSignal): Promise<I> {
  return api.data<I>(itemPath(r, id), undefined, signal);
}

/** One item, read fresh (`staleTime` 0 unless given); `id` null: nothing is read. */
export function useResourceItem<I>(r: Resource<unknown, unknown, unknown, I>, id: number | null, opts: { enabled?: boolean; staleTime?: number } = {}) {
  return useQuery({
    queryKey: r.keys.item(id ?? 0),
    queryFn: ({ signal }) => fetchItem<I>(r, id!, signal),
    enabled: id !== null && (opts.enabled ?? true),
    staleTime: opts.staleTime ?? 0,
  });
}

/** Reads an item again now (e.g. to reload a form after a 409), keeping the cache up to date. */
export function useFetchItem<I>(r: Resource<unknown, unknown, unknown, I>) {
  const client = useQueryClient();
  return (id: number) => client.fetchQuery({ queryKey: r.keys.item(id), queryFn: ({ signal }) => fetchItem<I>(r, id, signal), staleTime: 0 });
}

/**
 * A page of the list (`query`: page, sort, search, filters), or the whole list (`'all'`, for
 * endpoints that answer every row at once). The previous page stays on screen while the next loads.
 */
export function useResourceList<T, R = ListResult<T>>(r: Resource<T, unknown, unknown, unknown>, query: URLSearchParams | 'all', select?: (res: ListResult<T>) => R, enabled = true) {
  return useQuery({
    queryKey: r.keys.list(query === 'all' ? 'all' : query.toString()),
    queryFn: ({ signal }) => api.list<T>(r.path, query === 'all' ? undefined : query, signal),
    placeholderData: keepPreviousData,
    select,
    enabled,
  });
}

/** Rows of a list for a picker or a search (`GET <path>?…`), under its own key. */
export function useResourceSearch<T>(r: Resource<T, unknown, unknown, unknown>, name: string, query: QueryInput & Record<string, unknown>, opts: { enabled?: boolean; staleTime?: number } = {}) {
  return useQuery({
    queryKey: r.keys.part(name, JSON.stringify(query)),
    queryFn: ({ signal }) => api.list<T>(r.path, query, signal),
    enabled: opts.enabled ?? true,
    staleTime: opts.staleTime,
  });
}

/**
 * Create, update and delete of a simple resource (`POST <path>` or its `create`, `PUT <path>/{id}`,
 * `DELETE <path>/{id}`). Each makes the resource stale when done; an update also keeps the item
 * it answered, and a delete forgets it.
 */
export function useResourceMutations<C, U, I>(r: Resource<unknown, C, U, I>) {
  const client = useQueryClient();
  const create = useMutation({
    mutationFn: (values: C) => api.post<{ data: I }>(r.create ?? r.path, values).then((res) => res.data),
    onSuccess: () => invalidate(r),
  });
  const update = useMutation({
    mutationFn: ({ id, values }: { id: number; values: U }) => api.put<{ data: I }>(itemPath(r, id), values).then((res) => res.data),
    onSuccess: (data, { id }) => {
      client.setQueryData(r.keys.item(id), data);
      return invalidate(r, { keep: r.keys.item(id) });
    },
  });
  const remove = useMutation({
    mutationFn: (id: number | string) => api.delete<unknown>(itemPath(r, id)),
    onSuccess: (_data, id) => {
      client.removeQueries({ queryKey: r.keys.item(id) });
      return invalidate(r);
    },
  });
  return { create, update, remove };
}

/** Sets the cached item of `key` to what `fn` makes of it (nothing when it is not cached). */
export function changeCached<T>(key: QueryKey, fn: (old: T) => T): void {
  queryClient.setQueryData<T>(key, (old) => (old === undefined ? old : fn(old)));
}

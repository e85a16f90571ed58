/**
 * Small lists every screen needs (SPEC §7 "Statuses", "Feeds and stores"): loaded once, then cached
 * for the session (staleTime Infinity). A failed load shows an `Error` dialog naming the list
 * (SPEC §8) and leaves the loading flag off so the screen can go on.
 */
import { useEffect } from 'react';
import { useQuery, type QueryKey, type UseQueryResult } from '@tanstack/react-query';
import { modals } from '@mantine/modals';
import { CONSTANTS, MAP_GATE_LABELS, MAP_GATES, STATUS_KINDS, type Permission, type Status, type StatusKind } from '@qm/contracts';
import { usePermissions } from './session';
import { api } from './api';
import { codeInWords } from './format';
import { resourceKeys } from './queryKeys';

/** The key of a lookup list: under its resource, so a write of the resource refreshes it. */
const lookupKey = (path: string) => resourceKeys(path).lookup();

export interface Lookup {
  id: number;
  name: string;
  code?: string;
  [key: string]: unknown;
}

export interface Store {
  id: number;
  name: string;
  is_enabled: boolean;
  [key: string]: unknown;
}

export interface Category {
  id: number;
  parent_id: number | null;
  sort_order: number;
  name?: string;
  children?: Category[];
  [key: string]: unknown;
}

export interface Feed {
  id: number;
  name?: string;
  [key: string]: unknown;
}

export interface Role {
  code: string;
  name: string;
  description: string;
  permissions: string[];
}

/** Noun used in the failure dialog for each list (SPEC §8). */
export type LookupNoun = 'statuses' | 'categories' | 'feeds' | 'stores' | 'use cases' | 'roles' | 'users';

export function lookupErrorText(noun: LookupNoun): string {
  return `An error occurred while fetching ${noun}. Please try again later`;
}

const shownFailures = new Set<string>();

function showLookupError(noun: LookupNoun): void {
  if (shownFailures.has(noun)) return; // one dialog per list, not one per component using it
  shownFailures.add(noun);
  modals.open({
    title: 'Error',
    centered: true,
    onClose: () => shownFailures.delete(noun),
    children: lookupErrorText(noun),
  });
}

/**
 * A lookup list is loaded only for a user holding the permission its endpoint needs: a screen that
 * shows it to others (e.g. a read-only product's feeds) gets an empty list, not an Error dialog.
 */
function useLookup<T>(
  key: QueryKey,
  noun: LookupNoun,
  permission: Permission,
  load: (signal: AbortSignal) => Promise<T>,
  enabled = true,
): UseQueryResult<T> {
  const permitted = usePermissions().includes(permission);
  const query = useQuery({ queryKey: key, queryFn: ({ signal }) => load(signal), ...KEPT, enabled: enabled && permitted });
  useLookupFailure(noun, query);
  return query;
}

/** A lookup is loaded once and kept for the session (a write of its resource refreshes it). */
const KEPT = { staleTime: Infinity, gcTime: Infinity, retry: 1 } as const;

/** The `Error` dialog naming the list (SPEC §8) once a load of it has failed (retries done); `noun` undefined: none. */
export function useLookupFailure(noun: LookupNoun | undefined, query: Pick<UseQueryResult<unknown>, 'isError' | 'fetchStatus'>): void {
  const failed = query.isError && query.fetchStatus === 'idle';
  useEffect(() => {
    if (noun && failed) showLookupError(noun);
  }, [failed, noun]);
}

/**
 * The rows of a whole lookup list (`GET <path>`) for the screen that manages them (Stores, Feeds):
 * the lookup's own cache — the same key and load as `useStores`, `useFeeds` — with `select` over its
 * rows (search, sort and paging in the browser).
 */
export function useLookupRows<T, R>(path: string, select: (rows: T[]) => R, enabled: boolean): UseQueryResult<R> {
  return useQuery({ queryKey: lookupKey(path), queryFn: ({ signal }) => all<T>(path, signal), ...KEPT, enabled, select });
}

/** Lists may come as a bare `data` array or as a page with `meta`; both unwrap to the array. */
async function all<T>(path: string, signal: AbortSignal, query?: Record<string, string | number>): Promise<T[]> {
  const body = await api.get<{ data: T[] }>(path, query, signal);
  return body.data;
}

/** Read-only status lists: `GET <kind>` for each of STATUS_KINDS. */
export function useStatuses(kind: StatusKind): UseQueryResult<Status[]> {
  return useLookup(lookupKey(kind), kind === 'usecase' ? 'use cases' : 'statuses', 'statuses.read', (s) => all<Status>(kind, s));
}

/** Names of a status list's codes: the lookup's name, else (while it loads) `fallback`'s label, else the code in words. */
export function useStatusName(kind: StatusKind, fallback: Readonly<Record<string, string>> = {}): (code: string) => string {
  const list = useStatuses(kind);
  return (code: string) => list.data?.find((s) => s.code === code)?.name ?? fallback[code] ?? codeInWords(code);
}

/** A status list as a select's options, named by the lookup. */
export function useStatusOptions(kind: StatusKind): { options: { value: string; label: string }[]; loading: boolean } {
  const list = useStatuses(kind);
  return { options: (list.data ?? []).map((s) => ({ value: s.code, label: s.name })), loading: list.isPending };
}

export function useUseCases(): UseQueryResult<Status[]> {
  return useStatuses('usecase');
}

export function useInternalStatuses(): UseQueryResult<Lookup[]> {
  return useLookup(lookupKey('internal-status'), 'statuses', 'statuses.read', (s) => all<Lookup>('internal-status', s, { per_page: CONSTANTS.maxPerPage }));
}

export function useCategories(): UseQueryResult<Category[]> {
  return useLookup(lookupKey('category'), 'categories', 'catalog.read', (s) => all<Category>('category', s));
}

export function useFeeds(): UseQueryResult<Feed[]> {
  return useLookup(lookupKey('feed'), 'feeds', 'feeds.read', (s) => all<Feed>('feed', s));
}

export function useStores(): UseQueryResult<Store[]> {
  return useLookup(lookupKey('store'), 'stores', 'stores.read', (s) => all<Store>('store', s));
}

/** The stores for selects and filters (`{ value, label }` by name), with the lookup's state. */
export function useStoreOptions() {
  const q = useStores();
  return { ...q, options: (q.data ?? []).map((s) => ({ value: String(s.id), label: s.name })) };
}

export function useRoles(): UseQueryResult<Role[]> {
  return useLookup(lookupKey('role'), 'roles', 'users.read', (s) => all<Role>('role', s));
}

export interface UserOption {
  id: number;
  name: string;
  email: string;
}

/** Staff for the logs' "User" filters (`GET audit-log/actors`). */
export function useUserOptions(enabled = true): UseQueryResult<UserOption[]> {
  // Served to audit readers, who need not be allowed to manage users.
  return useLookup(resourceKeys('user').part('audit-actors'), 'users', 'audit.read', (s) => all<UserOption>('audit-log/actors', s), enabled);
}

export { STATUS_KINDS };

/** The MAP gates a store variant's price can have (none: the price is advertised). */
export const mapGateOptions = MAP_GATES.map((g) => ({ value: g, label: MAP_GATE_LABELS[g] }));

/**
 * The one query-key factory of the console. Every key read from an API resource starts with the
 * resource's path (`['brand', 'list', '?page=2']`, `['product', 'item', '12']`), so a write makes
 * everything that shows the resource stale with one prefix (`resourceKeys('brand').all`). An area's
 * `api.ts` builds its keys here; nothing else writes a query key by hand.
 */
export function resourceKeys(path: string) {
  return {
    /** Every query of the resource: what a write invalidates. */
    all: [path] as const,
    lists: () => [path, 'list'] as const,
    /** One page of the list (`params`: the list's query string; `all` for a whole list). */
    list: (params: string) => [path, 'list', params] as const,
    items: () => [path, 'item'] as const,
    item: (id: string | number) => [path, 'item', String(id)] as const,
    /** The whole list kept for the session (lib/lookups: stores, statuses, categories…). */
    lookup: () => [path, 'lookup'] as const,
    /** Anything else read from the resource (`part('search', q)`). */
    part: (...parts: (string | number)[]) => [path, ...parts.map(String)] as const,
  };
}

export type ResourceKeys = ReturnType<typeof resourceKeys>;

export const qk = {
  resource: resourceKeys,
  currentUser: () => ['auth', 'user'] as const,
  preference: (key: string) => ['preference', key] as const,
};

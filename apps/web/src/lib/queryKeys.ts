/** One query-key factory for the whole console: mutations invalidate by these prefixes. */
export const qk = {
  currentUser: () => ['auth', 'user'] as const,
  dashboard: () => ['dashboard'] as const,
  lists: (resource: string) => ['list', resource] as const,
  list: (resource: string, params: string) => ['list', resource, params] as const,
  items: (resource: string) => ['item', resource] as const,
  item: (resource: string, id: string | number) => ['item', resource, String(id)] as const,
  lookup: (name: string) => ['lookup', name] as const,
  preference: (key: string) => ['preference', key] as const,
};

/**
 * Permission names. `<area>.read` opens an area's screens and GET endpoints; `<area>.write`
 * its writes. A few special permissions guard sensitive actions.
 */
export const AREAS = [
  'catalog',
  'stores',
  'vendors',
  'orders',
  'purchasing',
  'inventory',
  'pricing',
  'compliance',
  'merchandising',
  'feeds',
  'reports',
  'statuses',
  'users',
  'audit',
] as const;
export type Area = (typeof AREAS)[number];

export const SPECIAL_PERMISSIONS = [
  'users.impersonate',
  'orders.route',
  /** Show a vendor credential's secret (audited). */
  'vendors.reveal',
] as const;

export const PERMISSIONS = [
  ...AREAS.flatMap((a) => [`${a}.read`, `${a}.write`] as const),
  ...SPECIAL_PERMISSIONS,
] as const;
export type Permission = `${Area}.read` | `${Area}.write` | (typeof SPECIAL_PERMISSIONS)[number];

export const ALL_PERMISSIONS: readonly Permission[] = PERMISSIONS as readonly Permission[];

const rw = (...areas: Area[]): Permission[] => areas.flatMap((a) => [`${a}.read`, `${a}.write`] as Permission[]);
const r = (...areas: Area[]): Permission[] => areas.map((a) => `${a}.read` as Permission);

export interface RoleDefinition {
  code: string;
  name: string;
  description: string;
  permissions: readonly Permission[];
}

/** The built-in roles: one per real job in the back office. */
export const ROLES: readonly RoleDefinition[] = [
  {
    code: 'admin',
    name: 'Administrator',
    description: 'Every permission, including users and impersonation.',
    permissions: ALL_PERMISSIONS,
  },
  {
    code: 'catalog',
    name: 'Catalogue manager',
    description: 'Products, families, attributes, brands, categories, stores and feeds.',
    permissions: [...rw('catalog', 'stores', 'feeds'), ...r('statuses')],
  },
  {
    code: 'orders',
    name: 'Order manager',
    description: 'Orders, routing to drop-ship vendors, vendor orders and order resolution.',
    permissions: [...rw('orders'), 'orders.route', ...r('catalog', 'stores', 'vendors', 'statuses', 'compliance', 'inventory')],
  },
  {
    code: 'purchasing',
    name: 'Purchasing',
    description: 'Vendors, fee schemas, purchase orders and inventory.',
    permissions: [...rw('purchasing', 'vendors', 'inventory'), 'vendors.reveal', ...r('catalog', 'stores', 'statuses', 'reports')],
  },
  {
    code: 'pricing',
    name: 'Pricing manager',
    description: 'Prices, competitor offers, blacklist, excluded SKUs and target URLs.',
    permissions: [...rw('pricing'), ...r('catalog', 'stores', 'statuses', 'reports')],
  },
  {
    code: 'compliance',
    name: 'Compliance officer',
    description: 'Compliance restrictions, restriction types and zip code groups.',
    permissions: [...rw('compliance'), ...r('catalog', 'stores', 'statuses')],
  },
  {
    code: 'merchandising',
    name: 'Merchandiser',
    description: 'Merchandising use cases and merchandising reports.',
    permissions: [...rw('merchandising'), ...r('catalog', 'stores', 'statuses', 'reports')],
  },
  {
    code: 'analyst',
    name: 'Analyst',
    description: 'Reports and logs, read only.',
    permissions: [...r('reports', 'audit', 'catalog', 'stores', 'statuses', 'orders', 'purchasing', 'inventory', 'pricing', 'vendors', 'merchandising')],
  },
];

export const ROLE_CODES = ROLES.map((x) => x.code);

export function permissionsOfRoles(roleCodes: readonly string[]): Permission[] {
  const set = new Set<Permission>();
  for (const code of roleCodes) {
    const role = ROLES.find((x) => x.code === code);
    role?.permissions.forEach((p) => set.add(p));
  }
  return ALL_PERMISSIONS.filter((p) => set.has(p));
}

/** Route and endpoint access: allowed when any required permission is held (SPEC §6). */
export function isAllowed(required: readonly string[] | undefined, held: readonly string[]): boolean {
  if (!required || required.length === 0) return true;
  return required.some((p) => held.includes(p));
}

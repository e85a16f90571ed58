/** Navigation groups built from the route table, filtered to what the user may open. */
import { ROUTES, isAllowed, type NavGroup, type RouteDef } from '@qm/contracts';

export const GROUP_ORDER: NavGroup[] = [
  'Overview',
  'Catalogue',
  'Stores & Feeds',
  'Vendors',
  'Orders',
  'Purchasing',
  'Pricing',
  'Compliance',
  'Merchandising',
  'Reports',
  'Administration',
];

export function navGroups(permissions: readonly string[]): { group: NavGroup; routes: RouteDef[] }[] {
  return GROUP_ORDER.map((group) => ({
    group,
    routes: ROUTES.filter((r) => r.nav?.group === group && isAllowed(r.permissions, permissions)),
  })).filter((g) => g.routes.length > 0);
}

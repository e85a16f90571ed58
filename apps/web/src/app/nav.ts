/** Navigation groups built from the route table, filtered to what the user may open. */
import { ROUTES, isAllowed, type NavGroup, type RouteDef } from '@qm/contracts';
import { listedRouteOf } from '../ui/Breadcrumbs';

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

/** The user preference that keeps the names of the collapsed groups (lib/preferences). */
export const NAV_COLLAPSED_PREFERENCE = 'nav.collapsed';

/** The navigation group of a route (ui/Breadcrumbs' listedRouteOf: `product.view` is under Products). */
export function groupOfRoute(name: string): NavGroup | undefined {
  return listedRouteOf(name)?.nav?.group;
}

/**
 * Which groups are open: every group but those the user collapsed, and the group of the screen shown
 * (`current`) even when collapsed — arriving on a screen shows where it sits.
 */
export function isGroupOpen(group: NavGroup, collapsed: readonly string[], current: NavGroup | undefined): boolean {
  return group === current || !collapsed.includes(group);
}

/** The collapsed groups after the user toggles one (a collapsed group is opened, an open one collapsed). */
export function toggleGroup(group: NavGroup, collapsed: readonly string[], open: boolean): string[] {
  const rest = collapsed.filter((g) => g !== group);
  return open ? [...rest, group] : rest;
}

/**
 * What the command palette (Ctrl/⌘-K) can find besides screens: one entry per API list searched with
 * `?q=`. A new area makes its records findable by adding an entry here (orders by number, vendors by
 * name, purchase orders…); an entry is searched only when the user may open its route and the route's
 * screen is built.
 */
import { ROUTES, isAllowed, type OrderListItem, type ProductListItem, type RouteDef, type User, type Vendor, type VendorOrderListItem } from '@qm/contracts';

export interface SearchSource<Row = never> {
  /** The API list (`product` → `GET /api/product?q=…&per_page=…`). */
  endpoint: string;
  /** The heading of its results in the palette. */
  group: string;
  /** The route its results open: its permissions decide whether the source is searched. */
  route: string;
  /** What a result shows, and the line under it. */
  label: (row: Row) => string;
  description?: (row: Row) => string | undefined;
  /** Where choosing a result goes. */
  href: (row: Row) => string;
}

/** Erases a source's row type for the list below (each entry is checked against its own row type). */
const source = <Row>(s: SearchSource<Row>) => s as unknown as SearchSource<unknown>;

export const SEARCH_SOURCES: readonly SearchSource<unknown>[] = [
  source<ProductListItem>({
    endpoint: 'product',
    group: 'Products',
    route: 'product.view',
    label: (p) => p.title ?? `Untitled product #${p.id}`,
    description: (p) => [p.default_sku, p.brand_name].filter(Boolean).join(' · ') || undefined,
    href: (p) => `/product/${p.id}`,
  }),
  source<Vendor>({
    endpoint: 'vendor',
    group: 'Vendors',
    route: 'vendor.view',
    label: (v) => v.name,
    description: (v) => (v.is_active ? v.code : `${v.code} · inactive`),
    href: (v) => `/vendor/${v.id}`,
  }),
  source<OrderListItem>({
    endpoint: 'order',
    group: 'Orders',
    route: 'order.view',
    label: (o) => `${o.number} · ${o.customer_name}`,
    description: (o) => `${o.store_name} · ${o.customer_email}`,
    href: (o) => `/order/${o.id}`,
  }),
  source<User>({
    endpoint: 'user',
    group: 'Users',
    route: 'user',
    label: (u) => u.name,
    description: (u) => u.email,
    href: (u) => `/user?q=${encodeURIComponent(u.email)}`,
  }),
  source<VendorOrderListItem>({
    endpoint: 'vendor-order',
    group: 'Vendor orders',
    route: 'vendor-order.view',
    label: (v) => v.number,
    description: (v) => `${v.source_name} · order ${v.order_number}`,
    href: (v) => `/vendor-order/${v.id}`,
  }),
];

/** Results per source. */
export const SEARCH_LIMIT = 5;
/** Searches start at this many characters. */
export const SEARCH_MIN_LENGTH = 2;

/** The sources a user with these permissions may search. */
export function searchSources(permissions: readonly string[], sources: readonly SearchSource<unknown>[] = SEARCH_SOURCES): SearchSource<unknown>[] {
  return sources.filter((s) => {
    const def = ROUTES.find((r) => r.name === s.route);
    return def?.screen !== undefined && isAllowed(def.permissions, permissions);
  });
}

/** The screens a user may open from the palette: every listed route they may open. */
export function paletteScreens(permissions: readonly string[]): RouteDef[] {
  return ROUTES.filter((r) => r.nav && isAllowed(r.permissions, permissions));
}

/**
 * Screens matching what was typed: every word in the label, title or group (any case); labels that
 * start with the text first. Nothing typed: all of them.
 */
export function matchScreens(screens: readonly RouteDef[], text: string): RouteDef[] {
  const q = text.trim().toLowerCase();
  if (!q) return [...screens];
  const words = q.split(/\s+/);
  const hay = (r: RouteDef) => `${r.nav?.label ?? ''} ${r.title} ${r.nav?.group ?? ''}`.toLowerCase();
  const found = screens.filter((r) => words.every((w) => hay(r).includes(w)));
  const rank = (r: RouteDef) => {
    const label = (r.nav?.label ?? r.title).toLowerCase();
    return label === q ? 0 : label.startsWith(q) ? 1 : r.title.toLowerCase().startsWith(q) ? 2 : 3;
  };
  return found.map((r, i) => ({ r, i })).sort((a, b) => rank(a.r) - rank(b.r) || a.i - b.i).map((x) => x.r);
}

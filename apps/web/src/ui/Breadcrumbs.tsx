/**
 * Where a page sits: navigation group › list › item (`Catalogue › Products › Federal 9mm 115 gr`); a
 * group named as its list is shown once (`Orders › AM-100453`).
 * Built from the route table: a detail route (`product.view`, any `X.view`) hangs under the listed
 * route of its name (`product`), whose group and title it shows, with a link back to the list. A
 * detail page passes only its item's label (ui/Editor's EditorShell does); new detail routes get the
 * trail by being named `<list>.view`.
 */
import './Breadcrumbs.css';
import type { ReactNode } from 'react';
import { Link, useMatches } from 'react-router';
import { Anchor } from '@mantine/core';
import { ROUTES, type RouteDef } from '@qm/contracts';

/** A route by its name (the router's route id). */
export function routeByName(name: string): RouteDef | undefined {
  return ROUTES.find((r) => r.name === name);
}

/**
 * The route in the navigation that a route belongs to: itself when it is listed, else the listed
 * route it hangs under by name (`product.view` → `product`, `report.merchandising.hv-ds` →
 * `report.merchandising`).
 */
export function listedRouteOf(name: string): RouteDef | undefined {
  for (let n = name; n; n = n.includes('.') ? n.slice(0, n.lastIndexOf('.')) : '') {
    const r = routeByName(n);
    if (r?.nav) return r;
  }
  return undefined;
}

/** The name of the route-table route shown now (the router's ids are the route names). */
export function useCurrentRouteName(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const id = matches[i]!.id;
    if (routeByName(id)) return id;
  }
  return undefined;
}

export interface Crumb {
  label: ReactNode;
  /** Absent on the last crumb (the page itself) and on groups (they have no page). */
  to?: string;
}

/** The trail of a route: its group (unless named as its list), its list (linked when the route is not the list itself), the item. */
export function crumbsOf(name: string, item?: ReactNode): Crumb[] {
  const listed = listedRouteOf(name);
  if (!listed?.nav) return item === undefined ? [] : [{ label: item }];
  const own = listed.name === name;
  // the group is left out where it is the list's own name (Orders › AM-100453, not Orders › Orders › AM-100453)
  const crumbs: Crumb[] = listed.nav.group === listed.title ? [] : [{ label: listed.nav.group }];
  crumbs.push(own && item === undefined ? { label: listed.title } : { label: listed.title, to: `/${listed.path}` });
  if (item !== undefined) crumbs.push({ label: item });
  return crumbs;
}

/** The breadcrumb trail of the page shown; `item` is the label of the item a detail page shows. */
export function Breadcrumbs({ item }: { item?: ReactNode }) {
  const name = useCurrentRouteName();
  const crumbs = name ? crumbsOf(name, item) : [];
  if (crumbs.length === 0) return null;
  return (
    <nav aria-label="Breadcrumb" className="qm-breadcrumbs">
      <ol>
        {crumbs.map((c, i) => {
          const last = i === crumbs.length - 1;
          return (
            <li key={i}>
              {c.to ? (
                <Anchor component={Link} to={c.to} size="xs">
                  {c.label}
                </Anchor>
              ) : (
                <span aria-current={last ? 'page' : undefined} className={last ? 'qm-breadcrumbs-current' : undefined}>
                  {c.label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

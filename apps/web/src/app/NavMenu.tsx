/**
 * The navigation of the layout: the route table's screens the user may open, in groups that collapse.
 * Which groups are collapsed is a preference of the user (kept by the server, else in this browser);
 * the group of the screen shown opens when the user arrives on it. Screens not built yet are listed
 * like the others (their route says so when opened).
 */
import { useEffect, useMemo, useState } from 'react';
import { NavLink as RouterNavLink, useLocation } from 'react-router';
import { NavLink, UnstyledButton } from '@mantine/core';
import type { NavGroup } from '@qm/contracts';
import { usePreference } from '../lib/preferences';
import { IconChevronDown, IconChevronRight } from '../ui/icons';
import { useCurrentRouteName } from '../ui/Breadcrumbs';
import { NAV_COLLAPSED_PREFERENCE, groupOfRoute, isGroupOpen, navGroups, toggleGroup } from './nav';

/** Exact path, or one item of it (`/user/5`). */
function isActive(path: string, pathname: string): boolean {
  if (path === '') return pathname === '/';
  const base = `/${path}`;
  return pathname === base || (pathname.startsWith(`${base}/`) && /^\d+$/.test(pathname.slice(base.length + 1)));
}

const idOf = (group: string) => `nav-${group.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

export function NavMenu({ permissions }: { permissions: readonly string[] }) {
  const location = useLocation();
  const groups = useMemo(() => navGroups(permissions), [permissions]);
  const [saved, save] = usePreference<string[]>(NAV_COLLAPSED_PREFERENCE);
  const collapsed = Array.isArray(saved) ? saved : [];
  const routeName = useCurrentRouteName();
  const current = routeName ? groupOfRoute(routeName) : undefined;
  // The current screen's group is shown open on arrival, until the user collapses it.
  const [revealed, setRevealed] = useState<NavGroup | undefined>(current);
  useEffect(() => setRevealed(current), [current, location.pathname]);

  const toggle = (group: NavGroup, open: boolean) => {
    if (open && group === revealed) setRevealed(undefined);
    save(toggleGroup(group, collapsed, open));
  };

  return (
    <nav className="qm-nav" aria-label="Screens">
      {groups.map(({ group, routes }) => {
        const id = idOf(group);
        const open = isGroupOpen(group, collapsed, revealed);
        return (
          <div key={group} role="group" aria-labelledby={`${id}-label`}>
            <UnstyledButton
              className="qm-nav-group"
              aria-expanded={open}
              aria-controls={id}
              onClick={() => toggle(group, open)}
              data-current={group === current || undefined}
            >
              <span id={`${id}-label`}>{group}</span>
              {open ? <IconChevronDown size={12} /> : <IconChevronRight size={12} />}
            </UnstyledButton>
            <div id={id} hidden={!open} style={{ padding: '0 6px' }}>
              {open
                ? routes.map((r) => (
                    <NavLink
                      key={r.name}
                      component={RouterNavLink}
                      to={`/${r.path}`}
                      // exact: `pricing` is not current on `pricing/product` (an item's page is, by isActive)
                      end
                      label={r.nav!.label}
                      active={isActive(r.path, location.pathname)}
                      fz="sm"
                    />
                  ))
                : null}
            </div>
          </div>
        );
      })}
    </nav>
  );
}

import { useEffect } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import type { RouteHandle } from './navigation';

/** Sets the page title from the active route and resets the scroll position on every navigation. */
export function Root() {
  const location = useLocation();
  const matches = useMatches();
  const handle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as RouteHandle | undefined;
  const title = handle?.title;

  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.key]);

  return <Outlet />;
}

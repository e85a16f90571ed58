import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useRouteTitle } from '../ui/routeTitle';

/** Sets the page title from the active route and resets the scroll position on every navigation. */
export function Root() {
  const location = useLocation();
  const title = useRouteTitle();

  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.key]);

  return <Outlet />;
}

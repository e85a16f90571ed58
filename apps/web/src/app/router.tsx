/**
 * The data router (SPEC §2): every route of contracts' ROUTES under `/` in the common layout, each
 * screen loaded on demand; the public login (guest only) and 403 pages; unknown paths go to `/`.
 * Guards run as loaders, before a screen's code is fetched.
 */
import { Navigate, createBrowserRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { PUBLIC_ROUTES, ROUTES, isAllowed, type RouteDef } from '@qm/contracts';
import { setUnauthorizedHandler } from '../lib/api';
import { getSession } from '../lib/session';
import { FORBIDDEN_PATH, goToLogin, loginUrl, registerNavigator, type RouteHandle } from './navigation';
import { Root } from './Root';
import { RouteError } from './RouteError';
import { Spinner } from '../ui/states';
import { screenLoader } from './screens';

function pathOf(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** Signed in, else to the login route with a way back. */
function requireAuth({ request }: LoaderFunctionArgs) {
  if (getSession().status !== 'authenticated') throw redirect(loginUrl(pathOf(request)));
  return null;
}

/** Signed in and holding one of the route's permissions, else login or /403. */
function guard(def: RouteDef) {
  return (args: LoaderFunctionArgs) => {
    requireAuth(args);
    const held = getSession().user?.security.permissions ?? [];
    if (!isAllowed(def.permissions, held)) {
      throw redirect(`${FORBIDDEN_PATH}?from=${encodeURIComponent(new URL(args.request.url).pathname)}`);
    }
    return null;
  };
}

function guestOnly() {
  if (getSession().status === 'authenticated') throw redirect('/');
  return null;
}

function screenRoute(def: RouteDef): RouteObject {
  const handle: RouteHandle = { title: def.title };
  const load = def.screen ? screenLoader(def.screen) : undefined;
  const base = {
    id: def.name,
    loader: guard(def),
    handle,
    lazy: load
      ? async () => ({ Component: (await load()).default })
      : async () => ({ Component: (await import('./NotAvailable')).NotAvailable }),
  };
  return def.path === '' ? { ...base, index: true } : { ...base, path: def.path };
}

export function buildRoutes(): RouteObject[] {
  return [
    {
      id: 'root',
      Component: Root,
      errorElement: <RouteError />,
      hydrateFallbackElement: <Spinner label="Loading…" minHeight={320} />,
      children: [
        {
          id: PUBLIC_ROUTES.login.name,
          path: PUBLIC_ROUTES.login.path,
          loader: guestOnly,
          handle: { title: PUBLIC_ROUTES.login.title } satisfies RouteHandle,
          lazy: async () => ({ Component: (await screenLoader(PUBLIC_ROUTES.login.screen)!()).default }),
        },
        {
          id: PUBLIC_ROUTES.forbidden.name,
          path: PUBLIC_ROUTES.forbidden.path,
          handle: { title: PUBLIC_ROUTES.forbidden.title } satisfies RouteHandle,
          lazy: async () => ({ Component: (await import('./Forbidden')).Forbidden }),
        },
        {
          id: 'layout',
          path: '/',
          loader: requireAuth,
          lazy: async () => ({ Component: (await import('./Layout')).Layout }),
          children: [
            {
              errorElement: <RouteError inLayout />,
              children: ROUTES.map(screenRoute),
            },
          ],
        },
        { path: '*', loader: () => redirect('/'), element: <Navigate to="/" replace /> },
      ],
    },
  ];
}

export function createAppRouter() {
  const router = createBrowserRouter(buildRoutes());
  registerNavigator(
    (to, opts) => void router.navigate(to, opts),
    () => {
      const matches = router.state.matches;
      return matches[matches.length - 1]?.route.handle as RouteHandle | undefined;
    },
  );
  setUnauthorizedHandler(() => goToLogin(true));
  return router;
}

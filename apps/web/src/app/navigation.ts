/**
 * Navigation outside React (the API client's 401, sign-out). The router registers itself here so the
 * lib layer does not import the router module.
 */
import { PUBLIC_ROUTES } from '@qm/contracts';

export const LOGIN_PATH = `/${PUBLIC_ROUTES.login.path}`;
export const LOGIN_TITLE = PUBLIC_ROUTES.login.title;
export const FORBIDDEN_PATH = `/${PUBLIC_ROUTES.forbidden.path}`;

export interface RouteHandle {
  title: string;
  /** Where an expired session sends the user from this route (default: the login route). */
  unauthRedirect?: string;
}

type Navigate = (to: string, opts?: { replace?: boolean }) => void;
let navigateFn: Navigate | null = null;
let currentHandle: () => RouteHandle | undefined = () => undefined;

export function registerNavigator(fn: Navigate, handle: () => RouteHandle | undefined): void {
  navigateFn = fn;
  currentHandle = handle;
}

export function loginUrl(back?: string | null): string {
  if (!back || back === '/' || back.startsWith(LOGIN_PATH)) return LOGIN_PATH;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(back)}`;
}

/** Only same-origin paths are followed after sign-in. */
export function safeRedirect(target: string | null): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith(LOGIN_PATH)) return '/';
  return target;
}

/** To the login route (or the current route's own redirect), with a way back to where the user was. */
export function goToLogin(withRedirect: boolean): void {
  const here = `${window.location.pathname}${window.location.search}`;
  const own = currentHandle()?.unauthRedirect;
  const to = own ?? loginUrl(withRedirect ? here : null);
  if (navigateFn) navigateFn(to, { replace: true });
  else window.location.assign(to);
}

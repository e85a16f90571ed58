/**
 * Sign in, sign out, impersonation and the start-up session check (SPEC §4, §7).
 * Automatic token refresh is disabled (SPEC §4): a token lives until it expires or is revoked.
 */
import type { AuthUser } from '@qm/contracts';
import { ApiError, send } from './api';
import { setErrorReportingUser } from './errors';
import { queryClient } from './queryClient';
import { clearToken, getToken, setUnauthenticated } from './session';
import { adoptToken as adoptTokenLight, fetchCurrentUser, signInWithPassword, signedIn } from './signin';

export { fetchCurrentUser };

/** Takes the token from the `Authorization` response header (the old session's cached data dropped), then loads the user. */
function adoptToken(res: Response): Promise<AuthUser> {
  return adoptTokenLight(res, () => queryClient.clear());
}

export function login(email: string, password: string): Promise<AuthUser> {
  return signInWithPassword(email, password, () => queryClient.clear());
}

/** Clears the local session at once; tells the server without waiting for it. */
export function logout(): void {
  const token = getToken();
  clearToken();
  setUnauthenticated();
  setErrorReportingUser(null);
  queryClient.clear();
  if (token) {
    send('auth/logout', { method: 'POST', body: {}, token, keepalive: true, skipUnauthorizedRedirect: true }).catch(() => {
      // The local session is gone either way; the token expires on its own.
    });
  }
}

export async function impersonate(userId: number): Promise<AuthUser> {
  const res = await send('auth/impersonate', { method: 'POST', body: { user_id: userId } });
  return adoptToken(res);
}

export async function stopImpersonating(): Promise<AuthUser> {
  const res = await send('auth/impersonate/stop', { method: 'POST', body: {} });
  return adoptToken(res);
}

/** At start-up: a stored token is checked with `GET auth/user`; no token means signed out. */
export async function restoreSession(): Promise<void> {
  if (!getToken()) {
    setUnauthenticated();
    return;
  }
  try {
    signedIn(await fetchCurrentUser());
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return; // already cleared by the client
    // Server unreachable: keep the token, but the user must sign in to continue.
    setUnauthenticated();
  }
}

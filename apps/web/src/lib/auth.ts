/**
 * Sign in, sign out, impersonation and the start-up session check (SPEC §4, §7).
 * Automatic token refresh is disabled (SPEC §4, §9: `CONSTANTS.tokenRefresh`): a token lives until it
 * expires, idles out or is revoked.
 */
import { CONSTANTS, type AuthUser } from '@qm/contracts';
import { ApiError, send, tokenFromResponse } from './api';
import { setErrorReportingUser } from './errors';
import { queryClient } from './queryClient';
import { clearToken, getToken, setToken, setUnauthenticated } from './session';
import { adoptToken as adoptTokenLight, fetchCurrentUser, signInWithPassword, signedIn } from './signin';

export { fetchCurrentUser };

/** Takes the token from the `Authorization` response header (the old session's cached data dropped), then loads the user. */
function adoptToken(res: Response): Promise<AuthUser> {
  return adoptTokenLight(res, () => queryClient.clear());
}

export function login(email: string, password: string): Promise<AuthUser> {
  return signInWithPassword(email, password, () => queryClient.clear());
}

/**
 * Signs out: by default only the local session is cleared and no request is made (SPEC §7); the
 * server's session then idles out (`SESSION_IDLE_MINUTES`) or expires. `revoke`: also ends it on the
 * server (`POST auth/logout`), without waiting for the answer.
 */
export function logout(opts: { revoke?: boolean } = {}): void {
  const token = getToken();
  clearToken();
  setUnauthenticated();
  setErrorReportingUser(null);
  queryClient.clear();
  if (opts.revoke && token) {
    send('auth/logout', { method: 'POST', body: {}, token, keepalive: true, skipUnauthorizedRedirect: true }).catch(() => {
      // The local session is gone either way; the token expires on its own.
    });
  }
}

/** `POST auth/refresh`: the session's token exchanged for a new one (the session keeps its lifetime). */
export async function refreshToken(): Promise<void> {
  const res = await send('auth/refresh', { method: 'POST', body: {} });
  const token = tokenFromResponse(res);
  if (token) setToken(token);
}

/**
 * Refreshes the token every `CONSTANTS.tokenRefresh.intervalMinutes` while signed in — when refresh is
 * enabled, which it is not (SPEC §4): nothing is scheduled. Answers the way to stop it.
 */
export function scheduleTokenRefresh(refresh: { intervalMinutes: number; enabled: boolean } = CONSTANTS.tokenRefresh): () => void {
  if (!refresh.enabled) return () => {};
  const timer = setInterval(() => {
    if (getToken()) void refreshToken().catch(() => {});
  }, refresh.intervalMinutes * 60_000);
  return () => clearInterval(timer);
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

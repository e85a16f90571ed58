/**
 * Sign in, sign out, impersonation and the start-up session check (SPEC §4, §7).
 * Automatic token refresh is disabled (SPEC §4): a token lives until it expires or is revoked.
 */
import type { AuthUser } from '@qm/contracts';
import { ApiError, request, send, tokenFromResponse } from './api';
import { setErrorReportingUser } from './errors';
import { queryClient } from './queryClient';
import { clearToken, getToken, setAuthenticated, setToken, setUnauthenticated } from './session';

export async function fetchCurrentUser(): Promise<AuthUser> {
  const body = await request<{ data: AuthUser }>('auth/user');
  return body.data;
}

function signedIn(user: AuthUser): AuthUser {
  setAuthenticated(user);
  setErrorReportingUser(user);
  return user;
}

/** Takes the token from the `Authorization` response header, then loads the user (SPEC §4). */
async function adoptToken(res: Response): Promise<AuthUser> {
  const token = tokenFromResponse(res);
  if (!token) throw new ApiError(res.status, 'no_token', 'The server did not return a session token.');
  setToken(token);
  queryClient.clear();
  return signedIn(await fetchCurrentUser());
}

export async function login(email: string, password: string): Promise<AuthUser> {
  const res = await send('auth/login', {
    method: 'POST',
    body: { email, password },
    token: null,
    skipUnauthorizedRedirect: true,
  });
  return adoptToken(res);
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

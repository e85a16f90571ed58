/**
 * Signing in with a password, without the console's query cache: the login screen's part of
 * lib/auth, kept apart so that the login route's first load stays small (see main.tsx).
 */
import type { AuthUser } from '@qm/contracts';
import { ApiError, request, send, tokenFromResponse } from './api';
import { setErrorReportingUser } from './errors';
import { setAuthenticated, setToken } from './session';

export async function fetchCurrentUser(): Promise<AuthUser> {
  const body = await request<{ data: AuthUser }>('auth/user');
  return body.data;
}

export function signedIn(user: AuthUser): AuthUser {
  setAuthenticated(user);
  setErrorReportingUser(user);
  return user;
}

/** Takes the token from the `Authorization` response header, then loads the user (SPEC §4). */
export async function adoptToken(res: Response, beforeUser?: () => void): Promise<AuthUser> {
  const token = tokenFromResponse(res);
  if (!token) throw new ApiError(res.status, 'no_token', 'The server did not return a session token.');
  setToken(token);
  beforeUser?.();
  return signedIn(await fetchCurrentUser());
}

/** `POST auth/login`; a wrong password is an answer (401 with the server's message), not an expired session. */
export async function signInWithPassword(email: string, password: string, beforeUser?: () => void): Promise<AuthUser> {
  const res = await send('auth/login', {
    method: 'POST',
    body: { email, password },
    token: null,
    skipUnauthorizedRedirect: true,
  });
  return adoptToken(res, beforeUser);
}

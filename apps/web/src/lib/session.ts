/**
 * Token storage and session state (SPEC §4, §9).
 *
 * The bearer token lives in localStorage under `CONSTANTS.tokenStorageKey`. When localStorage is not
 * usable (private mode, disabled storage: any access throws), it falls back to a cookie of the same
 * name that lives 14 days, `Secure; SameSite=None; path=/`.
 *
 * Session state is a tiny external store so that the API client (outside React) and components
 * (through `useSession`) share one truth: unknown → authenticated | unauthenticated.
 */
import { useSyncExternalStore } from 'react';
import { CONSTANTS, type AuthUser } from '@qm/contracts';

const KEY = CONSTANTS.tokenStorageKey;

function storage(): Storage | null {
  try {
    const s = window.localStorage;
    // Touch it: some browsers expose localStorage but throw on use.
    const probe = `${KEY}__probe`;
    s.setItem(probe, '1');
    s.removeItem(probe);
    return s;
  } catch {
    return null;
  }
}

function readCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie ? document.cookie.split('; ') : []) {
    if (part.startsWith(prefix)) return decodeURIComponent(part.slice(prefix.length));
  }
  return null;
}

function writeCookie(name: string, value: string | null): void {
  const maxAge = value === null ? 0 : CONSTANTS.tokenLifetimeDays * 24 * 60 * 60;
  const expires = new Date(Date.now() + maxAge * 1000).toUTCString();
  document.cookie =
    `${encodeURIComponent(name)}=${value === null ? '' : encodeURIComponent(value)}` +
    `; expires=${expires}; max-age=${maxAge}; path=/; Secure; SameSite=None`;
}

export function getToken(): string | null {
  const s = storage();
  if (s) return s.getItem(KEY);
  return readCookie(KEY);
}

export function setToken(token: string): void {
  const s = storage();
  if (s) s.setItem(KEY, token);
  else writeCookie(KEY, token);
}

export function clearToken(): void {
  const s = storage();
  if (s) s.removeItem(KEY);
  // Clear a cookie left over from a time localStorage was unavailable, too.
  if (typeof document !== 'undefined' && readCookie(KEY) !== null) writeCookie(KEY, null);
}

export type SessionStatus = 'unknown' | 'authenticated' | 'unauthenticated';
export interface SessionState {
  status: SessionStatus;
  user: AuthUser | null;
}

let state: SessionState = { status: 'unknown', user: null };
const listeners = new Set<() => void>();

export function getSession(): SessionState {
  return state;
}

function set(next: SessionState): void {
  state = next;
  listeners.forEach((l) => l());
}

export function setAuthenticated(user: AuthUser): void {
  set({ status: 'authenticated', user });
}

export function setUnauthenticated(): void {
  if (state.status === 'unauthenticated' && state.user === null) return;
  set({ status: 'unauthenticated', user: null });
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** The signed-in user; only call below the authentication guard. */
export function useCurrentUser(): AuthUser {
  const { user } = useSession();
  if (!user) throw new Error('useCurrentUser() used outside an authenticated route');
  return user;
}

export function usePermissions(): readonly string[] {
  return useSession().user?.security.permissions ?? [];
}

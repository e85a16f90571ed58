// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONSTANTS } from '@qm/contracts';
import { logout, scheduleTokenRefresh } from './auth';
import { getSession, getToken, setAuthenticated, setToken } from './session';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const user = { id: 1, name: 'A', email: 'a@example.com', roles: [], security: { permissions: [] }, impersonator: null } as never;

describe('signing out', () => {
  it('clears the local session and makes no request (SPEC §7)', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    setToken('tok');
    setAuthenticated(user);
    logout();
    expect(getToken()).toBeNull();
    expect(getSession().status).toBe('unauthenticated');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('with revoke, also tells the server to end the session', () => {
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    setToken('tok');
    logout({ revoke: true });
    expect(getToken()).toBeNull();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/logout');
    expect((init.headers as Headers).get('Authorization')).toBe('Bearer tok');
  });
});

describe('token refresh', () => {
  it('is disabled: every 30 minutes by default, but nothing is scheduled (SPEC §4, §9)', () => {
    expect(CONSTANTS.tokenRefresh).toEqual({ intervalMinutes: 30, enabled: false });
    vi.useFakeTimers();
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    setToken('tok');
    const timers = vi.getTimerCount();
    scheduleTokenRefresh();
    expect(vi.getTimerCount()).toBe(timers);
    vi.advanceTimersByTime(2 * 3600_000);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('when enabled, exchanges the token every interval for the one the server answers', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: user }), { status: 200, headers: { Authorization: 'Bearer tok-2', 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    setToken('tok-1');
    const stop = scheduleTokenRefresh({ intervalMinutes: 30, enabled: true });
    await vi.advanceTimersByTimeAsync(29 * 60_000);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe('/api/auth/refresh');
    expect(getToken()).toBe('tok-2');
    stop();
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

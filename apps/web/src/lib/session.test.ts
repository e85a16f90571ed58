// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONSTANTS } from '@qm/contracts';
import { clearToken, getSession, getToken, setAuthenticated, setToken, setUnauthenticated } from './session';

const KEY = CONSTANTS.tokenStorageKey;

function clearCookies() {
  for (const c of document.cookie.split('; ').filter(Boolean)) {
    document.cookie = `${c.split('=')[0]}=; max-age=0; path=/`;
  }
}

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
  clearCookies();
});

describe('token storage', () => {
  it('uses a product-specific key ending in _token', () => {
    expect(KEY).toBe('quartermaster_token');
    expect(KEY.endsWith('_token')).toBe(true);
  });

  it('keeps the token in localStorage', () => {
    setToken('abc123');
    expect(window.localStorage.getItem(KEY)).toBe('abc123');
    expect(getToken()).toBe('abc123');
    clearToken();
    expect(getToken()).toBeNull();
  });

  it('falls back to a 14-day Secure SameSite=None cookie when localStorage throws', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const writes: string[] = [];
    let jar = '';
    vi.spyOn(document, 'cookie', 'set').mockImplementation((v: string) => {
      writes.push(v);
      // jsdom refuses Secure cookies on http: keep a simple jar for the read side.
      const [pair] = v.split('; ');
      const [name, value] = pair.split('=');
      jar = /max-age=0/.test(v) ? '' : `${name}=${value}`;
    });
    vi.spyOn(document, 'cookie', 'get').mockImplementation(() => jar);

    setToken('tok/with=chars');
    expect(writes).toHaveLength(1);
    const cookie = writes[0];
    expect(cookie.startsWith(`${KEY}=`)).toBe(true);
    expect(cookie).toContain(`max-age=${14 * 24 * 60 * 60}`);
    expect(cookie).toContain('Secure');
    expect(cookie).toContain('SameSite=None');
    expect(cookie).toContain('path=/');
    expect(getToken()).toBe('tok/with=chars');

    clearToken();
    expect(getToken()).toBeNull();
  });
});

describe('session state', () => {
  it('goes from unknown to authenticated and back to not authenticated', () => {
    expect(getSession().status).toBe('unknown');
    const user = { id: 1, name: 'Ada', email: 'ada@example.com', roles: ['admin'], security: { permissions: ['users.read'] }, impersonator: null };
    setAuthenticated(user);
    expect(getSession()).toEqual({ status: 'authenticated', user });
    setUnauthenticated();
    expect(getSession()).toEqual({ status: 'unauthenticated', user: null });
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, request, setUnauthorizedHandler } from './api';
import { getSession, getToken, setAuthenticated, setToken } from './session';

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(null);
  window.localStorage.clear();
});

const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('requests with a raw body (a file upload)', () => {
  it('sends the bytes as they are with their type, the token and the further headers', async () => {
    setToken('tok-1');
    const fetchMock = vi.fn(async () => answer(201, { data: { id: 7 } }));
    vi.stubGlobal('fetch', fetchMock);
    const file = new Blob(['sku,cost\nA,1\n'], { type: 'text/csv' });
    const body = await request<{ data: { id: number } }>('file', { method: 'POST', raw: { body: file, contentType: 'text/csv', headers: { 'X-File-Name': 'lines.csv' } } });
    expect(body.data.id).toBe(7);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/file');
    expect(init.body).toBe(file);
    const headers = init.headers as Headers;
    expect(headers.get('Content-Type')).toBe('text/csv');
    expect(headers.get('X-File-Name')).toBe('lines.csv');
    expect(headers.get('Authorization')).toBe('Bearer tok-1');
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
  });

  it('a 401 clears the session and calls the handler, as for any request', async () => {
    setToken('tok-2');
    setAuthenticated({ id: 1, name: 'A', email: 'a@example.com', security: { permissions: [] } } as never);
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    vi.stubGlobal('fetch', vi.fn(async () => answer(401, { error: { code: 'unauthenticated', message: 'Sign in again' } })));
    await expect(request('file', { method: 'POST', raw: { body: new Blob(['x']), contentType: 'text/csv' } })).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBeNull();
    expect(getSession().status).toBe('unauthenticated');
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('a 401 where it is an answer (a wrong password) clears the stored token too, without leaving the page', async () => {
    setToken('tok-3');
    const handler = vi.fn();
    setUnauthorizedHandler(handler);
    vi.stubGlobal('fetch', vi.fn(async () => answer(401, { error: { code: 'unauthenticated', message: 'Email or password is incorrect' } })));
    await expect(request('auth/login', { method: 'POST', body: {}, token: null, skipUnauthorizedRedirect: true })).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBeNull();
    expect(getSession().status).toBe('unauthenticated');
    expect(handler).not.toHaveBeenCalled();
  });

  it('a late 401 for a session signed out before leaves the new session alone', async () => {
    setToken('old');
    let answerNow: (r: Response) => void = () => {};
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((r) => (answerNow = r))));
    const pending = request('auth/user');
    // signed in again while the old session's request was on its way
    setToken('new');
    setAuthenticated({ id: 1, name: 'A', email: 'a@example.com', security: { permissions: [] } } as never);
    answerNow(answer(401, { error: { code: 'unauthenticated', message: 'Sign in again' } }));
    await expect(pending).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBe('new');
    expect(getSession().status).toBe('authenticated');
  });
});

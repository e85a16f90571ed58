// @vitest-environment jsdom
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SocialSignIn } from '@qm/contracts';
import { finishSocialSignIn, keptRedirect, providerAnswer, startedHere, startSocialSignIn } from './social';

const offer: SocialSignIn = { enabled: true, provider: 'Example', authorize_url: 'https://idp.example/authorize?tenant=1', client_id: 'qm', redirect_uri: 'https://console.example/auth/login', scopes: 'openid email' };

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

/** Starts a sign-in and answers the address it sent the browser to. */
async function start(redirect: string | null = '/pricing') {
  let to = '';
  await startSocialSignIn(offer, redirect, (u) => (to = u));
  return new URL(to);
}

describe('signing in through the identity provider, in the browser', () => {
  it('sends the browser to the provider with the client, the redirect address, a state and an S256 challenge of a kept verifier', async () => {
    const url = await start();
    expect(url.origin + url.pathname).toBe('https://idp.example/authorize');
    const q = url.searchParams;
    expect(q.get('tenant')).toBe('1');
    expect(Object.fromEntries(['response_type', 'client_id', 'redirect_uri', 'scope', 'code_challenge_method'].map((k) => [k, q.get(k)]))).toEqual({
      response_type: 'code',
      client_id: 'qm',
      redirect_uri: 'https://console.example/auth/login',
      scope: 'openid email',
      code_challenge_method: 'S256',
    });
    const kept = JSON.parse(sessionStorage.getItem('quartermaster_social_sign_in')!) as { state: string; verifier: string; redirect: string };
    expect(kept.state).toBe(q.get('state'));
    expect(kept.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('code_challenge')).toBe(createHash('sha256').update(kept.verifier).digest('base64url'));
    expect(keptRedirect()).toBe('/pricing');
    // another start: another state and verifier
    const again = await start();
    expect(again.searchParams.get('state')).not.toBe(q.get('state'));
  });

  it('reads the answer in the address; only the state sent from this tab counts', async () => {
    expect(providerAnswer('?redirect=/x')).toBeNull();
    expect(providerAnswer('?code=abc&state=s1')).toEqual({ code: 'abc', state: 's1' });
    expect(providerAnswer(`?error=access_denied&error_description=${'x'.repeat(500)}&state=s1`)).toEqual({ error: 'x'.repeat(200), state: 's1' });
    const state = (await start()).searchParams.get('state');
    expect(startedHere(state)).toBe(true);
    expect(startedHere('another')).toBe(false);
    expect(startedHere(null)).toBe(false);
  });

  it('posts the code with the kept verifier, once; a state not sent from here is refused without asking the server', async () => {
    const url = await start();
    const kept = JSON.parse(sessionStorage.getItem('quartermaster_social_sign_in')!) as { verifier: string };
    const fetchMock = vi.fn(async (input: string) =>
      input.endsWith('/auth/social')
        ? new Response('{"data":{}}', { status: 200, headers: { Authorization: 'Bearer tok', 'Content-Type': 'application/json' } })
        : new Response(JSON.stringify({ data: { id: 1, name: 'A', email: 'a@example.com', roles: [], security: { permissions: [] }, impersonator: null } }), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const answer = { code: 'code-1', state: url.searchParams.get('state')! };
    const [a, b] = await Promise.all([finishSocialSignIn(answer), finishSocialSignIn(answer)]);
    expect(a).toBe(b);
    expect(a.redirect).toBe('/pricing');
    const posts = fetchMock.mock.calls.filter(([u]) => String(u).endsWith('/auth/social'));
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String((posts[0] as unknown as [string, RequestInit])[1].body))).toEqual({ code: 'code-1', code_verifier: kept.verifier });
    expect(sessionStorage.getItem('quartermaster_social_sign_in')).toBeNull();

    fetchMock.mockClear();
    await expect(finishSocialSignIn({ code: 'code-2', state: 'forged' })).rejects.toThrow(/not started from this page/);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

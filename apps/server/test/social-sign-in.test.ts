import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import { startIdentityProvider } from './fake-identity-provider.js';
import { BACKENDS, expectRefused, useTestApp } from './harness.js';

const CLIENT = { id: 'quartermaster', secret: 'provider-secret' };
const REDIRECT = 'http://console.test/auth/login';
const idp = await startIdentityProvider({ clientId: CLIENT.id, clientSecret: CLIENT.secret, redirectUri: REDIRECT });
const { base, seen } = idp;
afterAll(() => idp.close());
const b64url = (b: Buffer) => b.toString('base64url');

const OAUTH_ENV = {
  OAUTH_PROVIDER_NAME: 'Example Workspace',
  OAUTH_AUTHORIZE_URL: `${base}/authorize`,
  OAUTH_TOKEN_URL: `${base}/token`,
  OAUTH_USERINFO_URL: `${base}/userinfo`,
  OAUTH_CLIENT_ID: CLIENT.id,
  OAUTH_CLIENT_SECRET: CLIENT.secret,
  OAUTH_REDIRECT_URI: REDIRECT,
};

const issue = idp.issue;

describe('the provider settings', () => {
  it('are all or none, each address an http(s) URL', () => {
    expect(loadConfig({ NODE_ENV: 'test', CREDENTIALS_KEY: 'a'.repeat(64) }).oauth).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'test', CREDENTIALS_KEY: 'a'.repeat(64), ...OAUTH_ENV }).oauth).toMatchObject({ name: 'Example Workspace', scopes: 'openid email profile' });
    expect(() => loadConfig({ NODE_ENV: 'test', CREDENTIALS_KEY: 'a'.repeat(64), OAUTH_CLIENT_ID: 'x' })).toThrow(/OAUTH_AUTHORIZE_URL/);
    expect(() => loadConfig({ NODE_ENV: 'test', CREDENTIALS_KEY: 'a'.repeat(64), ...OAUTH_ENV, OAUTH_TOKEN_URL: 'file:///etc/passwd' })).toThrow(/OAUTH_TOKEN_URL must be an http\(s\) address/);
  });
});

describe.each(BACKENDS)('signing in through the identity provider on %s', (kind) => {
  const t = useTestApp(kind, OAUTH_ENV);
  const social = (body: object) => t.req('POST', '/api/auth/social', { body });

  it('tells the login page where to send the person, never the client secret', async () => {
    const res = await t.req('GET', '/api/auth/social');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ enabled: true, provider: 'Example Workspace', authorize_url: `${base}/authorize`, client_id: CLIENT.id, redirect_uri: REDIRECT, scopes: 'openid email profile' });
    expect(res.text).not.toContain(CLIENT.secret);
  });

  it('signs an active account in by the email the provider vouches for: token in the header, audited', async () => {
    const res = await social(issue('Catalog@Example.com'));
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ email: 'catalog@example.com' });
    const token = String(res.headers.authorization).replace(/^Bearer /, '');
    const me = await t.req('GET', '/api/auth/user', { token });
    expect(me.status).toBe(200);
    expect(me.body.data.email).toBe('catalog@example.com');
    const [entry] = await t.sql<{ after: { method: string; provider: string } }>(
      sql`select a.after from audit_logs a join users u on u.id = a.actor_id where u.email = 'catalog@example.com' and a.action = 'login' order by a.id desc limit 1`,
    );
    expect(entry!.after).toEqual({ method: 'social', provider: 'Example Workspace' });
  });

  it('refuses a code used twice, a wrong verifier, an unverified email, an unknown or deactivated account — no session opened', async () => {
    const sessions = async () => (await t.sql<{ n: number }>(sql`select count(*)::int as n from sessions`))[0]!.n;
    const before = await sessions();
    const once = issue('analyst@example.com');
    expect((await social(once)).status).toBe(200);
    const opened = await sessions();
    expect(opened).toBe(before + 1);
    const again = await social(once);
    expect(again.status).toBe(401);
    expect(again.body.error.message).toMatch(/did not accept this sign-in/);
    const wrong = issue('analyst@example.com');
    expect((await social({ ...wrong, code_verifier: b64url(crypto.randomBytes(32)) })).status).toBe(401);
    const unverified = await social(issue('analyst@example.com', false));
    expect(unverified.status).toBe(401);
    expect(unverified.body.error.message).toMatch(/not verified/);
    const stranger = await social(issue('stranger@elsewhere.example'));
    expect(stranger.status).toBe(401);
    expect(stranger.body.error.message).toBe('No active account here has the email stranger@elsewhere.example: ask an administrator');
    const [{ id }] = (await t.sql<{ id: number }>(sql`select id from users where is_active and not ('admin' = any(roles)) and email <> 'analyst@example.com' and email <> 'catalog@example.com' order by id limit 1`)) as [{ id: number }];
    await t.sql(sql`update users set is_active = false where id = ${id}`);
    const email = (await t.sql<{ email: string }>(sql`select email from users where id = ${id}`))[0]!.email;
    try {
      expect((await social(issue(email))).status).toBe(401);
    } finally {
      await t.sql(sql`update users set is_active = true where id = ${id}`);
    }
    expect(await sessions()).toBe(opened);
    const failed = await t.sql<{ after: { reason: string; method: string } }>(sql`select after from audit_logs where action = 'login_failed' and after->>'method' = 'social' order by id`);
    expect(failed.map((f) => f.after.reason)).toEqual(['unknown_email', 'deactivated']);
  });

  it('a provider that fails is a 502 to try again; bad bodies are 400s on the field, before the provider is asked', async () => {
    const down = await social({ code: 'provider-fails', code_verifier: b64url(crypto.randomBytes(32)) });
    expect(down.status).toBe(502);
    expect(down.body.error.message).toMatch(/sign-in provider failed/);
    const asked = { ...seen };
    expectRefused(await social({ code: '', code_verifier: b64url(crypto.randomBytes(32)) }), 400, 'code');
    expectRefused(await social({ code: 'abc', code_verifier: 'short' }), 400, 'code_verifier');
    expectRefused(await social({ code: 'a b', code_verifier: b64url(crypto.randomBytes(32)) }), 400, 'code');
    expectRefused(await social({ code: 'abc', code_verifier: b64url(crypto.randomBytes(32)), __proto__x: 1 }), 400, '__proto__x');
    expect(seen).toEqual(asked);
  });
});

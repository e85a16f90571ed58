import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BACKENDS, useTestApp } from './harness.js';

describe.each(BACKENDS)('auth on %s', (kind) => {
  const t = useTestApp(kind, { LOGIN_MAX_FAILURES: '3', LOGIN_LOCK_MINUTES: '15' });

  it('signs in with the token in the Authorization header and the user in data', async () => {
    const res = await t.req('POST', '/api/auth/login', { body: { email: 'Admin@Example.com', password: 'admin' } });
    expect(res.status).toBe(200);
    expect(String(res.headers.authorization)).toMatch(/^Bearer [\w-]{40,}$/);
    expect(res.body.data).toMatchObject({ email: 'admin@example.com', roles: ['admin'], impersonator: null });
    expect(res.body.data.security.permissions).toContain('users.impersonate');
    const stored = await t.sql<{ token_hash: string }>(sql`select token_hash from sessions order by id desc limit 1`);
    const token = String(res.headers.authorization).slice(7);
    expect(stored[0]!.token_hash).not.toBe(token);
    expect(stored[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers an unknown email and a wrong password alike, with no token', async () => {
    const a = await t.req('POST', '/api/auth/login', { body: { email: 'nobody@example.com', password: 'x' } });
    const b = await t.req('POST', '/api/auth/login', { body: { email: 'analyst@example.com', password: 'wrong' } });
    expect(a.status).toBe(401);
    expect(b.status).toBe(401);
    expect(a.body.error.message).toBe(b.body.error.message);
    expect(a.headers.authorization).toBeUndefined();
    expect(b.headers.authorization).toBeUndefined();
  });

  it('refuses bad login input with field messages', async () => {
    const res = await t.req('POST', '/api/auth/login', { body: { email: '', password: 5, extra: true } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields)).toEqual(expect.arrayContaining(['email', 'password', 'extra']));
  });

  it('locks the account after repeated failures, even for the right password', async () => {
    for (let i = 0; i < 2; i++) expect((await t.req('POST', '/api/auth/login', { body: { email: 'merchandising@example.com', password: 'nope' } })).status).toBe(401);
    const locked = await t.req('POST', '/api/auth/login', { body: { email: 'merchandising@example.com', password: 'nope' } });
    expect(locked.status).toBe(429);
    expect(locked.body.error.message).toMatch(/Try again in 15 minutes/);
    const right = await t.req('POST', '/api/auth/login', { body: { email: 'merchandising@example.com', password: 'merchandising' } });
    expect(right.status).toBe(429);
    const audit = await t.sql<{ action: string }>(sql`select action from audit_logs where action in ('login_failed', 'lock') and after->>'email' = 'merchandising@example.com' order by id`);
    expect(audit.map((a) => a.action)).toEqual(['login_failed', 'login_failed', 'lock']);
  });

  it('returns the signed-in user, and 401 without or with a revoked token', async () => {
    const token = await t.login('catalog@example.com');
    const me = await t.req('GET', '/api/auth/user', { token });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ email: 'catalog@example.com', roles: ['catalog'] });
    expect(me.body.data.security.permissions).toContain('catalog.write');
    expect(me.body.data.security.permissions).not.toContain('users.read');
    expect(me.body.data.security.permissions).not.toContain('orders.read');
    expect((await t.req('GET', '/api/auth/user')).status).toBe(401);
    expect((await t.req('POST', '/api/auth/logout', { token })).status).toBe(204);
    const after = await t.req('GET', '/api/auth/user', { token });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('unauthenticated');
  });

  it('offers no token refresh', async () => {
    const token = await t.login('admin@example.com');
    expect((await t.req('POST', '/api/auth/refresh', { token })).status).toBe(404);
  });

  it('registers staff accounts only for users.write', async () => {
    const admin = await t.login('admin@example.com');
    const analyst = await t.login('analyst@example.com');
    const body = { name: 'Pat Newhire', email: 'pat@example.com', password: 'long-enough-1', roles: ['analyst'] };
    expect((await t.req('POST', '/api/auth/register', { body })).status).toBe(401);
    expect((await t.req('POST', '/api/auth/register', { token: analyst, body })).status).toBe(403);
    const ok = await t.req('POST', '/api/auth/register', { token: admin, body });
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({ email: 'pat@example.com', is_active: true });
    expect(ok.body.data.password_hash).toBeUndefined();
    expect((await t.req('POST', '/api/auth/register', { token: admin, body })).status).toBe(409);
    await t.login('pat@example.com', 'long-enough-1');
  });

  describe('impersonation', () => {
    it('acts as another user, remembers the impersonator, audits both, and stops', async () => {
      const admin = await t.login('admin@example.com');
      const [target] = await t.sql<{ id: number }>(sql`select id from users where email = 'orders@example.com'`);
      const res = await t.req('POST', '/api/auth/impersonate', { token: admin, body: { user_id: target!.id } });
      expect(res.status).toBe(200);
      const imp = String(res.headers.authorization).slice(7);
      expect(res.body.data).toMatchObject({ email: 'orders@example.com', impersonator: { email: 'admin@example.com' } });
      const me = await t.req('GET', '/api/auth/user', { token: imp });
      expect(me.body.data.impersonator.email).toBe('admin@example.com');
      expect(me.body.data.security.permissions).not.toContain('users.read');
      // A write while impersonating records both.
      const created = await t.req('POST', '/api/internal-status', { token: imp, body: { name: 'Impersonated write' } });
      expect(created.status).toBe(403); // orders role has statuses.read only
      const entry = await t.sql<{ actor_id: number; impersonator_id: number | null }>(
        sql`select actor_id, impersonator_id from audit_logs where action = 'impersonate' order by id desc limit 1`,
      );
      expect(entry[0]!.impersonator_id).toBeNull();
      const stop = await t.req('POST', '/api/auth/impersonate/stop', { token: imp });
      expect(stop.status).toBe(200);
      expect(stop.body.data).toMatchObject({ email: 'admin@example.com', impersonator: null });
      const back = String(stop.headers.authorization).slice(7);
      expect((await t.req('GET', '/api/auth/user', { token: back })).body.data.email).toBe('admin@example.com');
      expect((await t.req('GET', '/api/auth/user', { token: imp })).status).toBe(401);
      const stopEntry = await t.sql<{ actor_id: number; impersonator_id: number }>(
        sql`select actor_id, impersonator_id from audit_logs where action = 'impersonate_stop' order by id desc limit 1`,
      );
      expect(stopEntry[0]).toMatchObject({ actor_id: target!.id });
      expect(stopEntry[0]!.impersonator_id).toBeGreaterThan(0);
    });

    it('records the impersonator on writes made while impersonating', async () => {
      const admin = await t.login('admin@example.com');
      const [target] = await t.sql<{ id: number }>(sql`select id from users where email = 'catalog@example.com'`);
      const imp = String((await t.req('POST', '/api/auth/impersonate', { token: admin, body: { user_id: target!.id } })).headers.authorization).slice(7);
      const [adminRow] = await t.sql<{ id: number }>(sql`select id from users where email = 'admin@example.com'`);
      await t.req('PUT', '/api/me/preferences/test', { token: imp, body: { value: 1 } });
      const logout = await t.req('POST', '/api/auth/logout', { token: imp });
      expect(logout.status).toBe(204);
      const [entry] = await t.sql<{ actor_id: number; impersonator_id: number }>(
        sql`select actor_id, impersonator_id from audit_logs where action = 'logout' order by id desc limit 1`,
      );
      expect(entry).toMatchObject({ actor_id: target!.id, impersonator_id: adminRow!.id });
    });

    it('refuses impersonating yourself, an admin, without the permission, or twice', async () => {
      const admin = await t.login('admin@example.com');
      const [me] = await t.sql<{ id: number }>(sql`select id from users where email = 'admin@example.com'`);
      expect((await t.req('POST', '/api/auth/impersonate', { token: admin, body: { user_id: me!.id } })).status).toBe(422);
      await t.req('POST', '/api/user', {
        token: admin,
        body: { name: 'Second Admin', email: 'admin2@example.com', password: 'password-2', roles: ['admin'] },
      });
      const [admin2] = await t.sql<{ id: number }>(sql`select id from users where email = 'admin2@example.com'`);
      const refused = await t.req('POST', '/api/auth/impersonate', { token: admin, body: { user_id: admin2!.id } });
      expect(refused.status).toBe(422);
      expect(refused.body.error.message).toMatch(/administrator cannot be impersonated/);
      const [analyst] = await t.sql<{ id: number }>(sql`select id from users where email = 'analyst@example.com'`);
      const catalog = await t.login('catalog@example.com');
      expect((await t.req('POST', '/api/auth/impersonate', { token: catalog, body: { user_id: analyst!.id } })).status).toBe(403);
      const imp = String((await t.req('POST', '/api/auth/impersonate', { token: admin, body: { user_id: analyst!.id } })).headers.authorization).slice(7);
      expect((await t.req('POST', '/api/auth/impersonate', { token: imp, body: { user_id: analyst!.id } })).status).toBe(403);
      expect((await t.req('POST', '/api/auth/impersonate', { token: admin, body: { user_id: 999999 } })).status).toBe(404);
    });
  });
});

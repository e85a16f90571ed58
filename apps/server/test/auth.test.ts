import { describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { BACKENDS, useTestApp, expectRefused } from './harness.js';
import { forgetSessions, hashToken } from '../src/http/auth.js';

/** Every argon2 verification the server makes (the real one runs). */
const argon = vi.hoisted(() => ({ verified: [] as string[] }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...real,
    verify: (hashed: string, ...rest: Parameters<typeof real.verify> extends [unknown, ...infer R] ? R : never) => {
      argon.verified.push(hashed);
      return real.verify(hashed, ...rest);
    },
  };
});

describe.each(BACKENDS)('auth on %s', (kind) => {
  const t = useTestApp(kind, { LOGIN_MAX_FAILURES: '3', LOGIN_LOCK_MINUTES: '15', LOGIN_RATE_LIMIT: '1000' });

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

  describe('lockout', () => {
    const attempt = (email: string, password: string, remoteAddress = '127.0.0.1') =>
      t.req('POST', '/api/auth/login', { body: { email, password }, remoteAddress });

    it('holds under parallel guesses: after the allowed failures every attempt is refused, the right password too', async () => {
      const guesses = await Promise.all(Array.from({ length: 20 }, () => attempt('compliance@example.com', 'wrong', '10.1.0.1')));
      const statuses = guesses.map((g) => g.status);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(2);
      expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(18);
      const right = await attempt('compliance@example.com', 'compliance', '10.1.0.1');
      expect(right.status).toBe(429);
      expect(right.headers.authorization).toBeUndefined();
      const rows = await t.sql<{ attempts: number }>(sql`select attempts from login_attempts where email = 'compliance@example.com' and ip = '10.1.0.1'`);
      expect(rows[0]!.attempts).toBeLessThanOrEqual(4); // refused attempts are not counted further
    });

    it('locks unknown emails exactly like real ones, with the same answers', async () => {
      const real: number[] = [];
      const unknown: string[] = [];
      for (let i = 0; i < 4; i++) {
        const a = await attempt('pricing@example.com', 'wrong', '10.2.0.1');
        const b = await attempt('nobody-here@example.com', 'wrong', '10.2.0.1');
        real.push(a.status);
        expect(b.status).toBe(a.status);
        expect(b.body.error.message).toBe(a.body.error.message);
        expect(b.headers['retry-after']).toBe(a.headers['retry-after']);
        unknown.push(b.body.error.code);
      }
      expect(real).toEqual([401, 401, 429, 429]);
      expect(unknown).toEqual(['unauthenticated', 'unauthenticated', 'rate_limited', 'rate_limited']);
    });

    it('answers the right password of a deactivated account like a wrong one', async () => {
      const right = await attempt('drew.collins@example.com', 'orders', '10.3.0.1');
      const wrong = await attempt('drew.collins@example.com', 'nope', '10.3.0.2');
      expect(right.status).toBe(401);
      expect(right.body).toEqual(wrong.body);
    });

    it('locks the email from one address only: its owner still signs in from another', async () => {
      for (let i = 0; i < 3; i++) await attempt('admin@example.com', 'guess', '203.0.113.9');
      expect((await attempt('admin@example.com', 'admin', '203.0.113.9')).status).toBe(429);
      const owner = await attempt('admin@example.com', 'admin', '198.51.100.7');
      expect(owner.status).toBe(200);
      expect(String(owner.headers.authorization)).toMatch(/^Bearer /);
      // A success forgets only its own pair.
      expect((await attempt('admin@example.com', 'admin', '203.0.113.9')).status).toBe(429);
    });

    it('ends the lock when it expires, and a password reset ends it at once', async () => {
      for (let i = 0; i < 3; i++) await attempt('purchasing@example.com', 'guess', '10.4.0.1');
      expect((await attempt('purchasing@example.com', 'purchasing', '10.4.0.1')).status).toBe(429);
      await t.sql(sql`update login_attempts set locked_until = now() - interval '1 second' where email = 'purchasing@example.com'`);
      expect((await attempt('purchasing@example.com', 'purchasing', '10.4.0.1')).status).toBe(200);
      for (let i = 0; i < 3; i++) await attempt('purchasing@example.com', 'guess', '10.4.0.1');
      expect((await attempt('purchasing@example.com', 'purchasing', '10.4.0.1')).status).toBe(429);
      const admin = await t.login('admin@example.com');
      const [row] = await t.sql<{ id: number }>(sql`select id from users where email = 'purchasing@example.com'`);
      expect((await t.req('POST', `/api/user/${row!.id}/password`, { token: admin, body: { password: 'a-new-password-1' } })).status).toBe(204);
      expect((await attempt('purchasing@example.com', 'a-new-password-1', '10.4.0.1')).status).toBe(200);
    });

    it('forgets failures after a quiet spell as long as the lock', async () => {
      for (let i = 0; i < 2; i++) expect((await attempt('orders@example.com', 'guess', '10.5.0.1')).status).toBe(401);
      await t.sql(sql`update login_attempts set last_at = now() - interval '16 minutes' where email = 'orders@example.com'`);
      for (let i = 0; i < 2; i++) expect((await attempt('orders@example.com', 'guess', '10.5.0.1')).status).toBe(401);
      expect((await attempt('orders@example.com', 'orders', '10.5.0.1')).status).toBe(200);
    });

    it('does the same work for every failure: one argon2 check at the same cost, the same records', async () => {
      const fail = async (email: string, password: string, ip: string) => {
        argon.verified.length = 0;
        const res = await attempt(email, password, ip);
        expect(res.status, email).toBe(401);
        expect(res.body.error.message).toBe('Email or password is incorrect');
        expect(argon.verified, email).toHaveLength(1);
        return argon.verified[0]!.replace(/\$[^$]+\$[^$]+$/, ''); // the hash's algorithm and cost, without salt and digest
      };
      const costs = [
        await fail('analyst@example.com', 'not-the-password', '10.6.0.1'),
        await fail('unknown-one@example.com', 'not-the-password', '10.6.0.2'),
        await fail('drew.collins@example.com', 'orders', '10.6.0.3'),
      ];
      expect(costs[0]).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=4$/);
      expect(new Set(costs).size).toBe(1);
      const traces = await t.sql<{ email: string; attempts: string; reason: string; rows: number }>(
        sql`select a.after->>'email' as email, a.after->>'attempts' as attempts, a.after->>'reason' as reason,
                   (select count(*)::int from login_attempts l where l.email = a.after->>'email' and l.ip = a.after->>'ip') as rows
              from audit_logs a where a.action = 'login_failed' and a.after->>'ip' in ('10.6.0.1', '10.6.0.2', '10.6.0.3') order by a.id`,
      );
      expect(traces).toEqual([
        { email: 'analyst@example.com', attempts: '1', reason: 'wrong_password', rows: 1 },
        { email: 'unknown-one@example.com', attempts: '1', reason: 'unknown_email', rows: 1 },
        { email: 'drew.collins@example.com', attempts: '1', reason: 'deactivated', rows: 1 },
      ]);
    });
    // Wall-clock timing is not asserted: on a shared 2-core machine its noise is larger than the gap
    // an attacker would measure over many samples. The same work, checked above, is what closes it.
  });

  describe('session lifetime', () => {
    const me = (token: string) => t.req('GET', '/api/auth/user', { token });
    const sessionOf = async (token: string) =>
      (await t.sql<{ id: number; last_seen_at: string; expires_at: string; revoked_at: string | null }>(
        sql`select id, last_seen_at, expires_at, revoked_at from sessions where token_hash = ${hashToken(token)}`,
      ))[0]!;
    const impersonate = async (admin: string, email: string) => {
      const [target] = await t.sql<{ id: number }>(sql`select id from users where email = ${email}`);
      const res = await t.req('POST', '/api/auth/impersonate', { token: admin, body: { user_id: target!.id } });
      expect(res.status).toBe(200);
      return String(res.headers.authorization).slice(7);
    };

    it('refreshes a token: a new one for the same session, the old one refused, the lifetime kept, audited', async () => {
      const old = await t.login('analyst@example.com');
      const before = await sessionOf(old);
      const res = await t.req('POST', '/api/auth/refresh', { token: old });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ email: 'analyst@example.com', impersonator: null });
      const fresh = String(res.headers.authorization).slice(7);
      expect(fresh).toMatch(/^[\w-]{40,}$/);
      expect(fresh).not.toBe(old);
      expect((await me(old)).status).toBe(401);
      expect((await me(fresh)).status).toBe(200);
      const after = await sessionOf(fresh);
      expect(after.id).toBe(before.id);
      expect(after.expires_at).toBe(before.expires_at);
      const [entry] = await t.sql<{ action: string }>(sql`select action from audit_logs where entity = 'user' order by id desc limit 1`);
      expect(entry!.action).toBe('token_refresh');
      // signed out: nothing to refresh
      expect((await t.req('POST', '/api/auth/refresh', {})).status).toBe(401);
    });

    it('ends an impersonation when the impersonator signs out', async () => {
      const admin = await t.login('admin@example.com');
      const imp = await impersonate(admin, 'orders@example.com');
      expect((await me(imp)).status).toBe(200); // resolved, and kept a few seconds in this process
      expect((await t.req('POST', '/api/auth/logout', { token: admin })).status).toBe(204);
      expect((await me(admin)).status).toBe(401);
      expect((await me(imp)).status).toBe(401);
      expect((await sessionOf(imp)).revoked_at).not.toBeNull();
    });

    it('ends an impersonation when the impersonator session ends another way (revoked elsewhere, expired)', async () => {
      const admin = await t.login('admin@example.com');
      const imp = await impersonate(admin, 'orders@example.com');
      // Revoked by another process: only the database knows.
      await t.sql(sql`update sessions set revoked_at = now() where id = ${(await sessionOf(admin)).id}`);
      forgetSessions({ sessionId: (await sessionOf(imp)).id });
      expect((await me(imp)).status).toBe(401);
      const admin2 = await t.login('admin@example.com');
      const imp2 = await impersonate(admin2, 'orders@example.com');
      await t.sql(sql`update sessions set expires_at = now() - interval '1 second' where id = ${(await sessionOf(admin2)).id}`);
      expect((await me(imp2)).status).toBe(401);
    });

    it('returns from an impersonation to the impersonator session itself, with its own lifetime', async () => {
      const admin = await t.login('admin@example.com');
      const before = await sessionOf(admin);
      const imp = await impersonate(admin, 'catalog@example.com');
      const stop = await t.req('POST', '/api/auth/impersonate/stop', { token: imp });
      expect(stop.status).toBe(200);
      const back = String(stop.headers.authorization).slice(7);
      const after = await sessionOf(back);
      expect(after.id).toBe(before.id);
      expect(after.expires_at).toBe(before.expires_at);
      expect((await me(back)).body.data.email).toBe('admin@example.com');
      expect((await me(admin)).status).toBe(401); // the token the browser let go works no more
      expect((await me(imp)).status).toBe(401);
    });

    it('ends a session idle for longer than SESSION_IDLE_MINUTES, and keeps one in use', async () => {
      const idle = await t.login('analyst@example.com');
      await t.sql(sql`update sessions set last_seen_at = now() - interval '121 minutes' where token_hash = ${hashToken(idle)}`);
      expect((await me(idle)).status).toBe(401);
      const used = await t.login('analyst@example.com');
      await t.sql(sql`update sessions set last_seen_at = now() - interval '119 minutes' where token_hash = ${hashToken(used)}`);
      expect((await me(used)).status).toBe(200);
      const seen = Date.parse((await sessionOf(used)).last_seen_at);
      expect(Date.now() - seen).toBeLessThan(10_000);
    });

    it('moves last_seen_at at most once a minute, and an impersonation keeps its impersonator session alive', async () => {
      const token = await t.login('analyst@example.com');
      const { id } = await sessionOf(token);
      await t.sql(sql`update sessions set last_seen_at = now() - interval '30 seconds' where id = ${id}`);
      const thirty = (await sessionOf(token)).last_seen_at;
      forgetSessions({ sessionId: id });
      expect((await me(token)).status).toBe(200);
      expect((await sessionOf(token)).last_seen_at).toBe(thirty);
      await t.sql(sql`update sessions set last_seen_at = now() - interval '61 seconds' where id = ${id}`);
      forgetSessions({ sessionId: id });
      expect((await me(token)).status).toBe(200);
      expect(Date.now() - Date.parse((await sessionOf(token)).last_seen_at)).toBeLessThan(10_000);

      const admin = await t.login('admin@example.com');
      const imp = await impersonate(admin, 'orders@example.com');
      const adminId = (await sessionOf(admin)).id;
      await t.sql(sql`update sessions set last_seen_at = now() - interval '100 minutes' where id in (${adminId}, ${(await sessionOf(imp)).id})`);
      forgetSessions({ sessionId: adminId });
      expect((await me(imp)).status).toBe(200);
      expect(Date.now() - Date.parse((await sessionOf(admin)).last_seen_at)).toBeLessThan(10_000);
    });
  });

  it('without an identity provider set up, signing in through one is not offered (404, no button)', async () => {
    const offer = await t.req('GET', '/api/auth/social');
    expect(offer.status).toBe(200);
    expect(offer.body.data).toMatchObject({ enabled: false, provider: null, authorize_url: null });
    const res = await t.req('POST', '/api/auth/social', { body: { code: 'abc', code_verifier: 'a'.repeat(43) } });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_configured');
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
    const taken = await t.req('POST', '/api/auth/register', { token: admin, body });
    expectRefused(taken, 409);
    expect(taken.body.error.fields).toEqual({ email: 'A user with this email already exists' });
    await t.login('pat@example.com', 'long-enough-1');
    // as POST user: an account may be made inactive from the start (it cannot sign in)
    const inactive = await t.req('POST', '/api/auth/register', { token: admin, body: { ...body, email: 'sam@example.com', is_active: false } });
    expect(inactive.status).toBe(201);
    expect(inactive.body.data).toMatchObject({ email: 'sam@example.com', is_active: false });
    expect((await t.req('POST', '/api/auth/login', { body: { email: 'sam@example.com', password: 'long-enough-1' } })).status).toBe(401);
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
      expectRefused(await t.req('POST', '/api/auth/impersonate', { token: admin, body: { user_id: me!.id } }), 422);
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

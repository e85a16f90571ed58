import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BACKENDS, useTestApp, expectRefused } from './harness.js';

describe.each(BACKENDS)('users on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: string;
  beforeAll(async () => void (admin = await t.login('admin@example.com')));

  const countUsers = async () => (await t.sql<{ n: number }>(sql`select count(*)::int as n from users`))[0]!.n;

  it('lists with paging, sorting, search and filters on the server', async () => {
    const page = await t.req('GET', '/api/user?per_page=3&page=2&sort=email', { token: admin });
    expect(page.status).toBe(200);
    expect(page.body.meta).toEqual({ total: 9, page: 2, per_page: 3, total_exact: true });
    const all = await t.req('GET', '/api/user?per_page=100&sort=email', { token: admin });
    expect(page.body.data.map((u: { email: string }) => u.email)).toEqual(all.body.data.slice(3, 6).map((u: { email: string }) => u.email));
    const desc = await t.req('GET', '/api/user?per_page=100&sort=-email', { token: admin });
    expect(desc.body.data[0].email).toBe(all.body.data.at(-1).email);
    const search = await t.req('GET', '/api/user?q=reyes', { token: admin });
    expect(search.body.data.map((u: { email: string }) => u.email)).toEqual(['orders@example.com']);
    const role = await t.req('GET', '/api/user?filter[role]=orders&sort=id', { token: admin });
    expect(role.body.meta.total).toBe(2);
    const inactive = await t.req('GET', '/api/user?filter[is_active]=false', { token: admin });
    expect(inactive.body.data.map((u: { email: string }) => u.email)).toEqual(['drew.collins@example.com']);
    const both = await t.req('GET', '/api/user?filter[role]=orders&filter[is_active]=true', { token: admin });
    expect(both.body.meta.total).toBe(1);
  });

  it('pages a search in the requested order (searches matching few rows are read search-first)', async () => {
    const all = (await t.req('GET', '/api/user?per_page=100&sort=-email', { token: admin })).body.data.map((u: { email: string }) => u.email);
    const found = await t.req('GET', '/api/user?q=example.com&sort=-email&per_page=4&page=2', { token: admin });
    expect(found.body.meta).toEqual({ total: all.length, page: 2, per_page: 4, total_exact: true });
    expect(found.body.data.map((u: { email: string }) => u.email)).toEqual(all.slice(4, 8));
  });

  it('searches and filters with quotes, backslashes and wildcards taken literally', async () => {
    for (const q of ["o'reyes", "x'; drop table users; --", 'a\\b', '100%', '_']) {
      const res = await t.req('GET', `/api/user?q=${encodeURIComponent(q)}`, { token: admin });
      expect(res.status).toBe(200);
      expect(res.body.meta.total).toBe(0);
    }
    const role = await t.req('GET', `/api/user?filter[role]=${encodeURIComponent("orders' or 'x'='x")}`, { token: admin });
    expect(role.status).toBe(200);
    expect(role.body.meta.total).toBe(0);
    expect((await t.req('GET', '/api/user?per_page=100', { token: admin })).body.meta.total).toBe(9);
  });

  it('refuses unknown sort and filter fields and out-of-range paging', async () => {
    for (const url of ['/api/user?sort=password_hash', '/api/user?filter[password_hash]=x', '/api/user?per_page=501', '/api/user?page=0', '/api/user?filter[is_active]=maybe', '/api/user?bogus=1']) {
      const res = await t.req('GET', url, { token: admin });
      expect(res.status, url).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
  });

  it('exports the filtered list as CSV', async () => {
    const res = await t.req('GET', '/api/user?format=csv&filter[role]=orders&sort=email', { token: admin });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="user-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.text.trim().split('\r\n');
    expect(lines[0]).toBe('ID,Name,Email,Roles,Active,Last sign-in,Created');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('drew.collins@example.com');
  });

  it('creates a user with validation, a unique email and an audit entry without secrets', async () => {
    const before = await countUsers();
    const bad = await t.req('POST', '/api/user', { token: admin, body: { name: '', email: 'nope', password: 'short', roles: ['wizard'] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({ name: expect.any(String), email: expect.any(String), password: expect.any(String), 'roles.0': 'Unknown role' });
    const dup = await t.req('POST', '/api/user', { token: admin, body: { name: 'Dup', email: 'CATALOG@example.com', password: 'password-1', roles: ['catalog'] } });
    expect(dup.status).toBe(409);
    expect(dup.body.error.fields.email).toMatch(/already exists/);
    expect(await countUsers()).toBe(before);
    const ok = await t.req('POST', '/api/user', { token: admin, body: { name: 'Lee Warren', email: 'lee@example.com', password: 'password-1', roles: ['pricing', 'analyst'] } });
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({ name: 'Lee Warren', roles: ['pricing', 'analyst'], is_active: true, version: 1 });
    const [entry] = await t.sql<{ action: string; after: Record<string, unknown>; actor_id: number }>(
      sql`select action, after, actor_id from audit_logs where entity = 'user' and entity_id = ${String(ok.body.data.id)} order by id desc limit 1`,
    );
    expect(entry!.action).toBe('create');
    expect(JSON.stringify(entry!.after)).not.toMatch(/argon2|password_hash/);
  });

  it('updates with optimistic concurrency: a stale version gets 409 and changes nothing', async () => {
    const created = (await t.req('POST', '/api/user', { token: admin, body: { name: 'Robin Hart', email: 'robin@example.com', password: 'password-1', roles: ['analyst'] } })).body.data;
    const body = { name: 'Robin Hart-Lee', email: 'robin@example.com', roles: ['analyst'], is_active: true, version: created.version };
    const first = await t.req('PUT', `/api/user/${created.id}`, { token: admin, body });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ name: 'Robin Hart-Lee', version: 2 });
    const second = await t.req('PUT', `/api/user/${created.id}`, { token: admin, body: { ...body, name: 'Overwritten' } });
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('stale_version');
    expect((await t.req('GET', `/api/user/${created.id}`, { token: admin })).body.data.name).toBe('Robin Hart-Lee');
    const [entry] = await t.sql<{ before: { name: string }; after: { name: string } }>(
      sql`select before, after from audit_logs where entity = 'user' and entity_id = ${String(created.id)} and action = 'update'`,
    );
    expect(entry).toMatchObject({ before: { name: 'Robin Hart' }, after: { name: 'Robin Hart-Lee' } });
    expect((await t.req('PUT', '/api/user/999999', { token: admin, body })).status).toBe(404);
    expectRefused(await t.req('PUT', '/api/user/abc', { token: admin, body }), 400);
  });

  it('keeps the last active administrator', async () => {
    const [me] = await t.sql<{ id: number; version: number }>(sql`select id, version from users where email = 'admin@example.com'`);
    const demote = await t.req('PUT', `/api/user/${me!.id}`, {
      token: admin,
      body: { name: 'Morgan Hale', email: 'admin@example.com', roles: ['analyst'], is_active: true, version: me!.version },
    });
    expect(demote.status).toBe(422);
    expect(demote.body.error.message).toMatch(/last active administrator/);
    expectRefused(await t.req('DELETE', `/api/user/${me!.id}`, { token: admin }), 422);
    expect((await t.sql<{ roles: string[] }>(sql`select roles from users where id = ${me!.id}`))[0]!.roles).toEqual(['admin']);
  });

  it('deactivates a user, which revokes their sessions', async () => {
    const victim = await t.login('pricing@example.com');
    const [row] = await t.sql<{ id: number }>(sql`select id from users where email = 'pricing@example.com'`);
    const catalog = await t.login('catalog@example.com');
    expect((await t.req('DELETE', `/api/user/${row!.id}`, { token: catalog })).status).toBe(403);
    expect((await t.req('DELETE', `/api/user/${row!.id}`, { token: admin })).status).toBe(204);
    expect((await t.req('GET', '/api/auth/user', { token: victim })).status).toBe(401);
    const login = await t.req('POST', '/api/auth/login', { body: { email: 'pricing@example.com', password: 'pricing' } });
    expect(login.status).toBe(401);
    // The same answer as a wrong password: the right password of a deactivated account is no clue.
    expect(login.body.error.message).toBe('Email or password is incorrect');
    const entries = await t.sql<{ action: string; reason: string | null }>(
      sql`select action, after->>'reason' as reason from audit_logs where entity = 'user' and entity_id = ${String(row!.id)} order by id desc limit 2`,
    );
    expect(entries).toEqual([
      { action: 'login_failed', reason: 'deactivated' },
      { action: 'deactivate', reason: null },
    ]);
  });

  it('resets a password and signs the user out everywhere', async () => {
    const old = await t.login('compliance@example.com');
    const [row] = await t.sql<{ id: number }>(sql`select id from users where email = 'compliance@example.com'`);
    expectRefused(await t.req('POST', `/api/user/${row!.id}/password`, { token: admin, body: { password: 'x' } }), 400, 'password');
    expect((await t.req('POST', `/api/user/${row!.id}/password`, { token: admin, body: { password: 'new-password-9' } })).status).toBe(204);
    expect((await t.req('GET', '/api/auth/user', { token: old })).status).toBe(401);
    await t.login('compliance@example.com', 'new-password-9');
  });

  it('lists roles with their permissions', async () => {
    const res = await t.req('GET', '/api/role', { token: admin });
    expect(res.body.data.map((r: { code: string }) => r.code)).toEqual(['admin', 'catalog', 'orders', 'purchasing', 'pricing', 'compliance', 'merchandising', 'analyst']);
  });

  it('stores per-user preferences', async () => {
    const token = await t.login('analyst@example.com');
    expect((await t.req('GET', '/api/me/preferences/list.user.columns', { token })).body.data).toBeNull();
    expect((await t.req('PUT', '/api/me/preferences/list.user.columns', { token, body: { value: ['name', 'email'] } })).status).toBe(200);
    expect((await t.req('GET', '/api/me/preferences/list.user.columns', { token })).body.data).toEqual(['name', 'email']);
    expect((await t.req('GET', '/api/me/preferences/list.user.columns', { token: admin })).body.data).toBeNull();
    expectRefused(await t.req('PUT', '/api/me/preferences/bad key!', { token, body: { value: 1 } }), 400);
    expectRefused(await t.req('PUT', '/api/me/preferences/big', { token, body: { value: 'x'.repeat(20000) } }), 400, 'value');
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ROUTES } from '@qm/contracts';
import { BACKENDS, useTestApp } from './harness.js';
import { insertRow } from '../src/db/write.js';
import { users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/modules/auth/service.js';

/** Walks every API route: guests get 401, a user without the route's permission 403, and nothing changes. */
describe.each(BACKENDS)('access control on %s', (kind) => {
  const t = useTestApp(kind);
  let nobody: string;
  beforeAll(async () => {
    await insertRow(t.db, users, { name: 'No Roles', email: 'noroles@example.com', password_hash: await hashPassword('noroles-1'), roles: [] });
    nobody = await t.login('noroles@example.com', 'noroles-1');
  });

  const urlOf = (u: string) => u.replace(/:(\w+)/g, (_m, p) => (p === 'key' ? 'k' : '1'));

  it('declares a permission on every non-public route', () => {
    const open = t.routes.filter((r) => !r.public && !r.apiKey && r.permission.length === 0).map((r) => `${r.method} ${r.url}`);
    // Routes every signed-in user may call: their own session, dashboard, preferences, jobs and files
    // (jobs and files answer only their owner, or whoever may read what a file was exported from).
    expect(open.sort()).toEqual(
      [
        'GET /api/auth/user',
        'GET /api/dashboard',
        'GET /api/me/preferences/:key',
        'POST /api/auth/impersonate/stop',
        'POST /api/auth/refresh',
        'PUT /api/me/preferences/:key',
        'GET /api/job',
        'GET /api/job/:id',
        'POST /api/job/:id/cancel',
        'POST /api/file',
        'GET /api/file/:id',
      ].sort(),
    );
  });

  it('opens the order intake to a store API key alone', () => {
    expect(t.routes.filter((r) => r.apiKey).map((r) => `${r.method} ${r.url} ${r.apiKey}`)).toEqual(['POST /api/order store API key']);
  });

  it('answers 401 to guests and 403 to users without the permission, changing nothing', async () => {
    const before = (await t.sql<{ n: number }>(sql`select count(*)::int as n from audit_logs`))[0]!.n;
    const guarded = t.routes.filter((r) => !r.public && r.permission.length > 0);
    expect(guarded.length).toBeGreaterThan(15);
    for (const r of guarded) {
      const body = ['POST', 'PUT', 'PATCH'].includes(r.method) ? {} : undefined;
      const guest = await t.req(r.method, urlOf(r.url), { body });
      expect(guest.status, `guest ${r.method} ${r.url}`).toBe(401);
      const res = await t.req(r.method, urlOf(r.url), { token: nobody, body });
      expect(res.status, `${r.method} ${r.url}`).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
    }
    const after = (await t.sql<{ n: number }>(sql`select count(*)::int as n from audit_logs`))[0]!.n;
    expect(after).toBe(before);
  });

  it.each([
    ['catalog@example.com', ['GET /api/internal-status'], ['GET /api/user', 'GET /api/audit-log', 'POST /api/internal-status']],
    ['analyst@example.com', ['GET /api/audit-log', 'GET /api/order-status'], ['GET /api/user', 'POST /api/internal-status']],
    ['orders@example.com', ['GET /api/order-status', 'GET /api/internal-status'], ['GET /api/user', 'GET /api/audit-log']],
    ['admin@example.com', ['GET /api/user', 'GET /api/audit-log', 'GET /api/role', 'GET /api/client-error'], []],
  ])('role of %s opens what it should and nothing else', async (email, allowed, refused) => {
    const token = await t.login(email);
    for (const x of allowed) {
      const [m, u] = x.split(' ');
      expect((await t.req(m!, u!, { token })).status, x).toBe(200);
    }
    for (const x of refused) {
      const [m, u] = x.split(' ');
      expect((await t.req(m!, u!, { token, body: m === 'GET' ? undefined : { name: 'x' } })).status, x).toBe(403);
    }
  });

  it('has a title and permissions for every route of the route table', () => {
    const paths = ROUTES.map((r) => r.path);
    for (const p of ['', 'product', 'product/:id', 'user', 'report/log', 'compliance-restriction/search', 'order-route-option-vendor-total/:id']) expect(paths).toContain(p);
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
    expect(ROUTES.find((r) => r.path === 'exclude-sku')!.title).toBe('Exclude Skus');
    expect(ROUTES.find((r) => r.path === 'store-brand')!.title).toBe('Store Brand');
  });
});

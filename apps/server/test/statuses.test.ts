import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { STATUS_KINDS } from '@qm/contracts';
import { BACKENDS, useTestApp, expectRefused } from './harness.js';

describe.each(BACKENDS)('statuses on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: string;
  beforeAll(async () => void (admin = await t.login('admin@example.com')));

  it('serves every lookup list with seeded values', async () => {
    const analyst = await t.login('analyst@example.com');
    for (const k of STATUS_KINDS) {
      const res = await t.req('GET', `/api/${k}`, { token: analyst });
      expect(res.status, k).toBe(200);
      expect(res.body.data.length, k).toBeGreaterThan(3);
      expect(res.body.data[0]).toEqual({ id: expect.any(Number), code: expect.any(String), name: expect.any(String), sort_order: expect.any(Number) });
    }
  });

  it('creates, renames and deletes internal statuses, each audited', async () => {
    const created = await t.req('POST', '/api/internal-status', { token: admin, body: { name: 'Awaiting Signature' } });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    const dup = await t.req('POST', '/api/internal-status', { token: admin, body: { name: 'awaiting signature' } });
    expect(dup.status).toBe(409);
    expect(dup.body.error.fields.name).toMatch(/already exists/);
    const renamed = await t.req('PUT', `/api/internal-status/${id}`, { token: admin, body: { name: 'Awaiting Adult Signature', version: 1 } });
    expect(renamed.body.data).toMatchObject({ name: 'Awaiting Adult Signature', version: 2 });
    expectRefused(await t.req('PUT', `/api/internal-status/${id}`, { token: admin, body: { name: 'Late', version: 1 } }), 409);
    expect((await t.req('DELETE', `/api/internal-status/${id}`, { token: admin })).status).toBe(204);
    expect((await t.req('GET', `/api/internal-status/${id}`, { token: admin })).status).toBe(404);
    expect((await t.req('DELETE', `/api/internal-status/${id}`, { token: admin })).status).toBe(404);
    const actions = await t.sql<{ action: string }>(sql`select action from audit_logs where entity = 'internal_status' and entity_id = ${String(id)} order by id`);
    expect(actions.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });

  it('lists internal statuses with search and sort', async () => {
    const res = await t.req('GET', '/api/internal-status?q=fraud', { token: admin });
    expect(res.body.data.map((s: { name: string }) => s.name)).toEqual(['Fraud Review']);
    const sorted = await t.req('GET', '/api/internal-status?sort=-name&per_page=2', { token: admin });
    expect(sorted.body.data[0].name >= sorted.body.data[1].name).toBe(true);
  });

  it('refuses writes to readers and bad input with nothing changed', async () => {
    const catalog = await t.login('catalog@example.com');
    expect((await t.req('POST', '/api/internal-status', { token: catalog, body: { name: 'X' } })).status).toBe(403);
    const before = (await t.sql<{ n: number }>(sql`select count(*)::int as n from internal_statuses`))[0]!.n;
    for (const body of [{}, { name: '' }, { name: 'x'.repeat(201) }, { name: 12 }, { name: 'ok', colour: 'red' }, 'not json', [1, 2]]) {
      const res = await t.req('POST', '/api/internal-status', { token: admin, body, headers: { 'content-type': 'application/json' } });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await t.sql<{ n: number }>(sql`select count(*)::int as n from internal_statuses`))[0]!.n).toBe(before);
  });
});

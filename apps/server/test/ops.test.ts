import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BACKENDS, useTestApp } from './harness.js';
import { sql } from 'drizzle-orm';
import { connect } from '../src/db/connect.js';

describe.each(BACKENDS)('operations on %s', (kind) => {
  const t = useTestApp(kind);

  it('reports liveness and readiness', async () => {
    expect((await t.req('GET', '/api/health')).body).toEqual({ status: 'ok' });
    const ready = await t.req('GET', '/api/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ready', migrations: 'current' });
  });

  it('serves the OpenAPI document and its browser', async () => {
    const doc = await t.req('GET', '/api/docs/json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3/);
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/user', '/api/user/{id}', '/api/internal-status']));
    expect((await t.req('GET', '/api/docs/')).status).toBe(200);
  });

  it('answers unknown endpoints with 404 and malformed JSON with 400', async () => {
    const token = await t.login('admin@example.com');
    expect((await t.req('GET', '/api/nothing-here', { token })).status).toBe(404);
    const res = await t.req('POST', '/api/internal-status', { token, body: '{"name": ', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: expect.any(String), message: expect.stringMatching(/JSON|body/i) });
    const big = await t.req('POST', '/api/internal-status', { token, body: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }), headers: { 'content-type': 'application/json' } });
    expect(big.status).toBe(413);
  });

  it('keeps answering when a table changes under a prepared statement', async () => {
    await t.sql(sql`create table prepared_probe (a int)`);
    await t.sql(sql`insert into prepared_probe values (1)`);
    for (let i = 0; i < 3; i++) expect(await t.sql(sql`select * from prepared_probe`)).toEqual([{ a: 1 }]);
    await t.sql(sql`alter table prepared_probe add column b int default 2`);
    expect(await t.sql(sql`select * from prepared_probe`)).toEqual([{ a: 1, b: 2 }]);
    expect(await t.sql(sql`select * from prepared_probe`)).toEqual([{ a: 1, b: 2 }]);
    await t.sql(sql`drop table prepared_probe`);
  });

  it('echoes a request id', async () => {
    const res = await t.req('GET', '/api/health');
    expect(String(res.headers['x-request-id'])).toMatch(/[\w-]{8,}/);
  });
});

describe('embedded database directory', () => {
  it('refuses a second process on the same data directory with a clear message', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qm-lock-'));
    const first = await connect({ dataDir: dir });
    const pid = fs.readFileSync(path.join(dir, 'quartermaster.lock'), 'utf8');
    expect(Number(pid)).toBe(process.pid);
    // Pretend another live process holds it: our parent's pid is alive.
    await first.close();
    fs.writeFileSync(path.join(dir, 'quartermaster.lock'), String(process.ppid));
    await expect(connect({ dataDir: dir })).rejects.toThrow(/in use by another Quartermaster process/);
    // A stale lock (dead pid) is taken over.
    fs.writeFileSync(path.join(dir, 'quartermaster.lock'), '999999');
    const again = await connect({ dataDir: dir });
    await again.close();
    expect(fs.existsSync(path.join(dir, 'quartermaster.lock'))).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe.each(BACKENDS)('a new database on %s', (kind) => {
  // Every other file starts from the run's template; this one migrates and seeds an empty database.
  const fresh = useTestApp(kind, {}, { fresh: true });

  it('migrates and seeds an empty database to what the other tests start from', async () => {
    const ready = await fresh.req('GET', '/api/ready');
    expect(ready.body).toMatchObject({ status: 'ready', migrations: 'current' });
    const [counts] = await fresh.sql<Record<string, number>>(
      sql`select (select count(*)::int from users) as users, (select count(*)::int from products) as products,
                 (select count(*)::int from variants) as variants, (select count(*)::int from statuses) as statuses`,
    );
    expect(counts).toEqual({ users: 9, products: 294, variants: 625, statuses: expect.any(Number) });
    expect(counts!.statuses).toBeGreaterThan(30);
    expect((await fresh.login('admin@example.com')).length).toBeGreaterThan(20);
  });
});

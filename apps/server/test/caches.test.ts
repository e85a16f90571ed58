import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/http/auth.js';
import { connect, MAX_STATEMENTS, namedStatements, query, statementName } from '../src/db/connect.js';
import { BACKENDS, fixtures, startApp, useTestApp, type TestApp } from './harness.js';

/**
 * Every cache of the API holds whoever writes: a write behind the API's back (plain SQL, as a job or
 * a tool would, or a second API process on the same PostgreSQL database) is seen by the next read.
 * - list totals (http/list.ts): kept with the revision of their tables (qm_table_revisions, moved by
 *   a statement trigger on every table, migration 0017) and checked in the page's own statement;
 * - product editor payloads (catalog/queries.ts): kept with the product's revision (migration 0004;
 *   every table it shows: catalog-editor-cache.test.ts);
 * - named prepared statements (db/connect.ts): bounded, least recently used first out, and off for a
 *   transaction-mode pooler.
 */
describe.each(BACKENDS)('caches (%s)', (kind) => {
  const app = useTestApp(kind);
  let admin: string;
  beforeAll(async () => {
    admin = await app.login('admin@example.com');
  });
  const total = async (url: string) => {
    const res = await app.req('GET', url, { token: admin });
    expect(res.status, res.text).toBe(200);
    return res.body.meta.total as number;
  };

  it('every table of the schema moves its revision on writes', async () => {
    const untracked = await app.sql<{ relname: string }>(sql`
      select c.relname from pg_class c join pg_namespace s on s.oid = c.relnamespace
       where s.nspname = 'public' and c.relkind in ('r', 'p') and c.relname <> 'qm_table_revisions'
         and not exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = 'qm_table_revision')`);
    expect(untracked.map((r) => r.relname), 'end the migration creating them with SELECT qm_track_table_revisions()').toEqual([]);
  });

  it('list totals: rows inserted and deleted with plain SQL are counted by the next read', async () => {
    const before = await total('/api/brand?per_page=1');
    expect(await total('/api/brand?per_page=1')).toBe(before); // now from the cache
    await app.sql(sql`insert into brands (name) values (${`Cachebuster ${kind} 1`}), (${`Cachebuster ${kind} 2`})`);
    expect(await total('/api/brand?per_page=1')).toBe(before + 2);
    await app.sql(sql`delete from brands where name like ${`Cachebuster ${kind} %`}`);
    expect(await total('/api/brand?per_page=1')).toBe(before);
  });

  it('list totals of a filter reading another table (products published on a store)', async () => {
    // A store of the test's own with two products published on it.
    const fx = fixtures(app, () => admin);
    const store = await fx.store();
    for (let i = 0; i < 2; i++) {
      const p = await fx.product();
      const sv = await app.req('POST', '/api/store-variant', { token: admin, body: { store_id: store.id, product_id: p.id, store_product_id: null, variants: [{ variant_id: p.variants[0]!.id, price_cents: 1999, shipping_setting: 'variable', include: true }] } });
      expect(sv.status, sv.text).toBe(201);
      expect((await app.req('POST', `/api/product/${p.id}/publish`, { token: admin, body: { store_id: store.id } })).body.success).toBe(true);
    }
    const url = `/api/product?filter[store_id]=${store.id}&per_page=1`;
    const before = await total(url);
    await total(url);
    const [sp] = await app.sql<{ id: number }>(sql`
      update store_products set is_published = false
       where id = (select id from store_products where store_id = ${store.id} and is_published and product_id is not null order by id limit 1)
      returning id`);
    expect(before).toBe(2);
    expect(await total(url)).toBe(before - 1);
    await app.sql(sql`update store_products set is_published = true where id = ${sp!.id}`);
    expect(await total(url)).toBe(before);
  });

  it('searched list totals (counted first to choose the plan) and dashboard totals', async () => {
    const url = '/api/user?q=cachewatcher&per_page=1';
    expect(await total(url)).toBe(0);
    const dash = async () => (await app.req('GET', '/api/dashboard', { token: admin })).body.data.counts.users_active as number;
    const active = await dash();
    await dash();
    await app.sql(sql`insert into users (name, email, password_hash, roles, is_active)
                      values ('Cache Watcher', ${`cachewatcher-${kind}@example.com`}, 'x', '{orders}', true)`);
    expect(await total(url)).toBe(1);
    expect(await dash()).toBe(active + 1);
    await app.sql(sql`delete from users where email = ${`cachewatcher-${kind}@example.com`}`);
    expect(await total(url)).toBe(0);
    expect(await dash()).toBe(active);
  });

  /** Requests until the answer is `status` (a notification arrives milliseconds after the commit). */
  const soon = (token: string, status: number) =>
    expect.poll(async () => (await app.req('GET', '/api/auth/user', { token })).status, { timeout: 3_000, interval: 20 }).toBe(status);

  it('sessions: revoked or deactivated with plain SQL, the next requests are refused', async () => {
    const token = await app.login('orders@example.com');
    expect((await app.req('GET', '/api/auth/user', { token })).status).toBe(200);
    // Kept: the next request reads nothing from the database.
    const { n, result } = await app.countQueries(() => app.req('GET', '/api/auth/user', { token }));
    expect(result.status).toBe(200);
    expect(n).toBe(0);
    await app.sql(sql`update sessions set revoked_at = now() where token_hash = ${hashToken(token)}`);
    await soon(token, 401);

    const second = await app.login('orders@example.com');
    expect((await app.req('GET', '/api/auth/user', { token: second })).status).toBe(200);
    await app.sql(sql`update users set is_active = false where email = 'orders@example.com'`);
    try {
      await soon(second, 401);
    } finally {
      await app.sql(sql`update users set is_active = true where email = 'orders@example.com'`);
    }
  });

  it('named statements: at most MAX_STATEMENTS texts, least recently used first out', () => {
    const hot = `select ${Date.now()} as hot`;
    statementName(hot);
    const name = statementName(hot);
    expect(name).toMatch(/^qm_/);
    for (let i = 0; i < MAX_STATEMENTS + 50; i++) {
      const text = `select ${i} as filler_${kind}`;
      statementName(text);
      statementName(text);
      if (i % 100 === 0) expect(statementName(hot)).toBe(name); // used: stays named
      expect(namedStatements()).toBeLessThanOrEqual(MAX_STATEMENTS);
    }
    expect(statementName(hot)).toBe(name);
    // The oldest filler left: it runs unnamed until asked twice again.
    expect(statementName(`select 1 as filler_${kind}`)).toBeUndefined();
  });

  if (kind !== 'postgres') return;

  it('named statements are off with preparedStatements: false (DB_PREPARED_STATEMENTS=off)', async () => {
    for (const prepared of [true, false]) {
      const database = await connect({ databaseUrl: app.databaseUrl, poolSize: 1, preparedStatements: prepared });
      try {
        const text = sql`select count(*)::int as n from brands where id > ${0}`;
        for (let i = 0; i < 3; i++) await query(database.db, text);
        const [row] = await query<{ n: number }>(database.db, sql`select count(*)::int as n from pg_prepared_statements`, { prepare: false });
        expect(row!.n > 0, `prepared ${prepared}`).toBe(prepared);
      } finally {
        await database.close();
      }
    }
  });

  describe('a second API process on the same database', () => {
    let other: TestApp;
    let otherToken: string;
    beforeAll(async () => {
      other = await startApp('postgres', {}, { sameDatabaseAs: app });
      otherToken = await other.login('catalog@example.com');
    });
    afterAll(async () => other?.close());

    it('a sign-out there ends the session here', async () => {
      const token = await app.login('analyst@example.com');
      expect((await app.req('GET', '/api/auth/user', { token })).status).toBe(200);
      expect((await other.req('POST', '/api/auth/logout', { token })).status).toBeLessThan(300);
      await soon(token, 401);
    });

    it('its writes show in this process’s totals and editor payloads at once', async () => {
      const before = await total('/api/brand?per_page=1');
      await total('/api/brand?per_page=1');
      const created = await other.req('POST', '/api/brand', { token: otherToken, body: { name: `Other Process ${Date.now()}` } });
      expect(created.status, created.text).toBe(201);
      expect(await total('/api/brand?per_page=1')).toBe(before + 1);

      const p = await fixtures(app, () => admin).product();
      const detail = async () => (await app.req('GET', `/api/product/${p!.id}`, { token: admin })).body.data;
      const d = await detail();
      await detail();
      const notes = `Written by the other process ${Date.now()}`;
      const put = await other.req('PUT', `/api/product/${p!.id}`, {
        token: otherToken,
        body: { type: d.type, variation_type: d.variation_type, brand_id: d.brand_id, category_ids: d.category_ids, notes, version: d.version },
      });
      expect(put.status, put.text).toBe(200);
      expect((await detail()).notes).toBe(notes);
    });
  });
});

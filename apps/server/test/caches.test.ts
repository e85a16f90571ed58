import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hashToken } from '../src/http/auth.js';
import { cachedByRevision, runListJson, type ListSpec } from '../src/http/list.js';
import { connect, MAX_STATEMENTS, namedStatements, query, statementName } from '../src/db/connect.js';
import { BACKENDS, fixtures, startApp, useTestApp, type TestApp } from './harness.js';

/**
 * Every cache of the API holds whoever writes: a write behind the API's back (plain SQL, as a job or
 * a tool would, or a second API process on the same PostgreSQL database) is seen by the next read.
 * - list totals (http/list.ts): kept with the revision of their tables (qm_table_revisions, moved by
 *   a statement trigger on every table, migration 0017) and checked in the page's own statement;
 *   with none kept, counted once for the requests that arrive together;
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

  it('list totals: requests arriving together with none cached count the rows once', async () => {
    // Rows from a function that takes a number from a sequence each time it is read: the page reads
    // them once per request, the count once more.
    const fn = `qm_probe_rows_${kind}`;
    await app.sql(sql.raw(`create sequence if not exists ${fn}_reads`));
    await app.sql(sql.raw(`create or replace function ${fn}() returns table(id int) language sql volatile as
                           'select g from generate_series(1, 40 + 0 * nextval(''${fn}_reads'')::int) g'`));
    const reads = async () => (await app.sql<{ n: string }>(sql.raw(`select last_value::text as n from ${fn}_reads`)))[0]!.n;
    const spec: ListSpec<{ id: number }> = { from: sql.raw(`${fn}() p`), select: sql`p.id`, sort: { id: sql`p.id` }, defaultSort: 'id', key: sql`p.id` };
    const item = z.object({ id: z.number() });
    await runListJson(app.db, spec, { page: 1, per_page: 5 }, item); // a first read: the sequence has a last value
    const before = Number(await reads());
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => runListJson(app.db, spec, { page: 1 + (i % 3), per_page: 5, filter: {} }, item)));
    for (const a of answers) expect(JSON.parse(a).meta.total).toBe(40);
    // every total but the first was cached already: one count for six pages, not six
    expect(Number(await reads()) - before).toBe(6);
    const fresh: ListSpec<{ id: number }> = { ...spec, where: sql`p.id > 0` };
    const at = Number(await reads());
    await Promise.all(Array.from({ length: 6 }, () => runListJson(app.db, fresh, { page: 1, per_page: 5 }, item)));
    expect(Number(await reads()) - at, 'six pages and one count').toBe(7);
  });

  it('list totals: requests arriving together after a write count the rows once, and each answers the new total', async () => {
    // The rows of a sequence-reading function (as above) beside a one-row table whose writes move the total's revision.
    const fn = `qm_probe_moved_${kind}`;
    await app.sql(sql.raw(`create sequence if not exists ${fn}_reads`));
    await app.sql(sql.raw(`create or replace function ${fn}() returns table(id int) language sql volatile as
                           'select g from generate_series(1, 40 + 0 * nextval(''${fn}_reads'')::int) g'`));
    await app.sql(sql.raw(`create table if not exists ${fn}_t (x int not null)`));
    await app.sql(sql.raw(`insert into ${fn}_t values (1)`));
    await app.sql(sql`select qm_track_table_revisions()`);
    const reads = async () => Number((await app.sql<{ n: string }>(sql.raw(`select last_value::text as n from ${fn}_reads`)))[0]!.n);
    const spec: ListSpec<{ id: number }> = { from: sql.raw(`${fn}() p cross join ${fn}_t t`), select: sql`p.id`, sort: { id: sql`p.id` }, defaultSort: 'id', key: sql`p.id` };
    const item = z.object({ id: z.number() });
    const six = () => Promise.all(Array.from({ length: 6 }, (_, i) => runListJson(app.db, spec, { page: 1 + (i % 3), per_page: 5, filter: {} }, item)));
    await runListJson(app.db, spec, { page: 1, per_page: 5 }, item); // counted and kept
    let at = await reads();
    for (const a of await six()) expect(JSON.parse(a).meta.total).toBe(40);
    expect((await reads()) - at, 'nothing moved: six pages, no count').toBe(6);
    await app.sql(sql.raw(`update ${fn}_t set x = x + 1`));
    at = await reads();
    for (const a of await six()) expect(JSON.parse(a).meta.total).toBe(40);
    expect((await reads()) - at, 'moved: six pages and one count, not six').toBe(7);
    // rows added: every request of the next six answers the new total, counted once
    await app.sql(sql.raw(`insert into ${fn}_t values (2)`));
    at = await reads();
    for (const a of await six()) expect(JSON.parse(a).meta.total).toBe(80);
    expect((await reads()) - at).toBe(7);
  });

  it('list totals: a request arriving after a write while an older request counts answers the new total', async () => {
    const t = `qm_probe_race_${kind}`;
    await app.sql(sql.raw(`create table if not exists ${t} (x int not null)`));
    await app.sql(sql.raw(`insert into ${t} values (1)`));
    await app.sql(sql`select qm_track_table_revisions()`);
    // every statement of this list takes 0.2 s: the first request is still running when the write commits
    const spec: ListSpec<{ id: number }> = {
      from: sql.raw(`generate_series(1, 40 + 0 * (select count(*) from pg_sleep(0.2))::int) p(id) cross join ${t} t`),
      select: sql`p.id`,
      sort: { id: sql`p.id` },
      defaultSort: 'id',
      key: sql`p.id`,
    };
    const item = z.object({ id: z.number() });
    const page = () => runListJson(app.db, spec, { page: 1, per_page: 5 }, item).then((a) => JSON.parse(a).meta.total as number);
    expect(await page()).toBe(40);
    const older = page();
    await new Promise((r) => setTimeout(r, 50));
    await app.sql(sql.raw(`insert into ${t} values (2)`));
    expect(await page(), 'read after the write').toBe(80);
    expect([40, 80]).toContain(await older);
    expect(await page()).toBe(80);
  });

  it('values kept by revision (a dashboard’s pass): computed once for the requests arriving together, again after a write', async () => {
    const t = `qm_probe_value_${kind}`;
    await app.sql(sql.raw(`create table if not exists ${t} (x int not null)`));
    await app.sql(sql`select qm_track_table_revisions()`);
    let computed = 0;
    const value = () =>
      cachedByRevision(app.db, `probe ${kind}`, sql.raw(t), async () => {
        computed++;
        return (await app.sql<{ n: number }>(sql.raw(`select count(*)::int as n from ${t}`)))[0]!.n;
      });
    expect(await Promise.all([value(), value(), value(), value()])).toEqual([0, 0, 0, 0]);
    expect(computed, 'four requests together: one computation').toBe(1);
    await app.sql(sql.raw(`insert into ${t} values (1)`));
    expect(await Promise.all([value(), value(), value()])).toEqual([1, 1, 1]);
    expect(computed, 'moved: computed once more').toBe(2);
    expect(await value()).toBe(1);
    expect(computed, 'kept').toBe(2);
  });

  it('totals and values of a statement reading the day (qm_today()) are kept for that day only', async () => {
    const t = `qm_probe_day_${kind}`;
    await app.sql(sql.raw(`create table if not exists ${t} (id int not null, d date not null)`));
    await app.sql(sql.raw(`insert into ${t} select g, date '2030-01-01' + (g % 3) from generate_series(1, 30) g`));
    await app.sql(sql`select qm_track_table_revisions()`);
    const original = (await app.sql<{ def: string }>(sql`select pg_get_functiondef('qm_today()'::regprocedure) as def`))[0]!.def;
    const dayIs = (d: string) => app.sql(sql.raw(`create or replace function qm_today() returns date language sql stable as $$ select date '${d}' $$`));
    const spec: ListSpec<{ id: number }> = { from: sql.raw(`${t} p`), where: sql`p.d = qm_today()`, select: sql`p.id`, sort: { id: sql`p.id` }, defaultSort: 'id', key: sql`p.id` };
    const item = z.object({ id: z.number() });
    const total = () => runListJson(app.db, spec, { page: 1, per_page: 5 }, item).then((a) => JSON.parse(a).meta.total as number);
    let computed = 0;
    const value = () =>
      cachedByRevision(app.db, `probe day ${kind}`, sql.raw(`${t} p where p.d = qm_today()`), async () => {
        computed++;
        return (await app.sql<{ n: number }>(sql.raw(`select count(*)::int as n from ${t} p where p.d = qm_today()`)))[0]!.n;
      });
    try {
      await dayIs('2030-01-01');
      expect(await total()).toBe(10);
      await app.sql(sql.raw(`delete from ${t} where id = 3`)); // a day-1 row: the totals move by the table, then stay
      expect(await total()).toBe(9);
      expect(await value()).toBe(9);
      expect(await value()).toBe(9);
      expect(computed).toBe(1);
      // the next day, no table written: both read again — requests arriving together too (one counts,
      // the others compare its revision with theirs)
      await dayIs('2030-01-02');
      expect(await Promise.all(Array.from({ length: 6 }, total))).toEqual([10, 10, 10, 10, 10, 10]);
      await app.sql(sql.raw(`delete from ${t} where id = 1`));
      expect(await Promise.all(Array.from({ length: 6 }, total))).toEqual([9, 9, 9, 9, 9, 9]);
      await app.sql(sql.raw(`insert into ${t} values (1, date '2030-01-02')`));
      expect(await total()).toBe(10);
      expect(await value()).toBe(10);
      expect(computed, 'computed again for the new day').toBe(2);
      expect(await value()).toBe(10);
      expect(computed, 'kept for the day').toBe(2);
    } finally {
      await app.sql(sql.raw(original));
    }
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

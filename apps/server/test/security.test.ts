import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BACKENDS, useTestApp, expectRefused } from './harness.js';

/** Properties an attacker would like to find on every object. */
const POLLUTED = ['public', 'permission', 'polluted', 'x', 'isAdmin'];
const prototypeIsClean = () => {
  for (const name of POLLUTED) expect(({} as Record<string, unknown>)[name], `({}).${name}`).toBeUndefined();
  expect(Object.getOwnPropertyNames(Object.prototype).filter((n) => POLLUTED.includes(n))).toEqual([]);
};

describe.each(BACKENDS)('security on %s', (kind) => {
  const t = useTestApp(kind, { LOGIN_RATE_LIMIT: '1000' });
  let admin: string;
  beforeAll(async () => {
    admin = await t.login('admin@example.com');
  });
  afterEach(() => {
    // Whatever a test did, leave no pollution behind for the next one (it would hide its failure).
    for (const name of POLLUTED) delete (Object.prototype as Record<string, unknown>)[name];
  });

  describe('prototype pollution', () => {
    const attempts = [
      '__proto__[public]=1',
      '__proto__[public]=true&__proto__[permission]=x',
      'constructor[prototype][public]=1',
      '__proto__.public=1',
      'filter[__proto__]=1',
      'filter[constructor]=1',
      '__proto__=x',
      'prototype[public]=1',
      '__proto__[]=1',
      'a[__proto__][public]=1',
    ];

    it.each(attempts)('a query string (%s) leaves Object.prototype alone and the API closed', async (qs) => {
      for (const url of ['/api/health', '/api/auth/login', '/api/user', '/api/brand', '/api/no-such-endpoint']) {
        const res = await t.req(url === '/api/auth/login' ? 'POST' : 'GET', `${url}?${qs}`, { body: url === '/api/auth/login' ? {} : undefined });
        // /api/health takes no query and ignores harmless keys (`__proto__.public` is one flat name).
        if (url !== '/api/health') expect(res.status, `${url}?${qs}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${url}?${qs}`).toBeLessThan(500);
      }
      prototypeIsClean();
      const next = await t.req('GET', '/api/user');
      expect(next.status).toBe(401);
      expect((await t.req('GET', '/api/brand')).status).toBe(401);
    });

    it('refuses prototype keys in a query string with a 400 naming them, even on open routes', async () => {
      const res = await t.req('GET', '/api/health?__proto__[public]=1');
      expect(res.status).toBe(400);
      expect(JSON.parse(res.text).error.fields).toEqual(JSON.parse('{"__proto__":"This name is not allowed"}'));
      expectRefused(await t.req('GET', '/api/health?constructor=1'), 400, 'constructor');
      const list = await t.req('GET', '/api/brand?filter[constructor]=1', { token: admin });
      expect(list.status).toBe(400);
      expect(list.body.error.fields).toEqual({ 'filter.constructor': 'This name is not allowed' });
    });

    it.each([
      '{"__proto__":{"public":true}}',
      '{"name":"x","__proto__":{"public":true}}',
      '{"constructor":{"prototype":{"public":true}}}',
      '{"name":"x","nested":{"__proto__":{"polluted":1}}}',
      '{"email":"a@example.com","password":"x","constructor":{"prototype":{"isAdmin":true}}}',
      '{"data":{"prototype":{"public":true}}}',
      '{"value":{"constructor":1}}',
    ])('a JSON body (%s) is refused and leaves the API closed', async (payload) => {
      const headers = { 'content-type': 'application/json' };
      for (const [method, url, token] of [
        ['POST', '/api/auth/login', undefined],
        ['POST', '/api/client-error/item/', undefined],
        ['POST', '/api/brand', admin],
        ['PUT', '/api/me/preferences/x', admin],
        ['POST', '/api/brand', undefined],
      ] as const) {
        const res = await t.req(method, url, { body: payload, headers, token });
        expect(res.status, `${method} ${url} ${payload}`).toBe(token || url !== '/api/brand' ? 400 : 401);
      }
      prototypeIsClean();
      expect((await t.req('GET', '/api/user')).status).toBe(401);
    });

    it('keeps every route closed even if Object.prototype were polluted some other way', async () => {
      const proto = Object.prototype as Record<string, unknown>;
      const catalog = await t.login('catalog@example.com');
      try {
        proto.public = true;
        proto.permission = [];
        expect((await t.req('GET', '/api/user')).status).toBe(401);
        expect((await t.req('GET', '/api/user', { token: catalog })).status).toBe(403);
      } finally {
        delete proto.public;
        delete proto.permission;
      }
    });

    it('keeps the query shape: filters, repeats, [] arrays and plain keys', async () => {
      const res = await t.req('GET', '/api/user?filter[role]=admin&filter[role]=catalog&sort=-name&per_page=5', { token: admin });
      expect(res.status).toBe(200);
      expect(res.body.data.map((u: { email: string }) => u.email).sort()).toEqual(['admin@example.com', 'catalog@example.com']);
      const arr = await t.req('GET', '/api/user?filter[role][]=admin&filter[role][]=orders', { token: admin });
      expect(arr.body.data.map((u: { email: string }) => u.email).sort()).toEqual(['admin@example.com', 'drew.collins@example.com', 'orders@example.com']);
    });
  });

  describe('NUL characters and unpaired surrogates', () => {
    const json = { 'content-type': 'application/json' };
    it('refuse a sign-in with a NUL byte as a 400 naming the field, without a token', async () => {
      const res = await t.req('POST', '/api/auth/login', { body: { email: 'a\u0000@example.com', password: 'x' } });
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toEqual({ email: 'Must not contain NUL characters' });
      const pw = await t.req('POST', '/api/auth/login', { body: '{"email":"admin@example.com","password":"ad\\ud800min"}', headers: json });
      expect(pw.status).toBe(400);
      expect(pw.body.error.fields).toEqual({ password: 'Must be valid Unicode text (no unpaired surrogates)' });
    });

    it('refuse them in bodies, nested fields and keys, and store nothing', async () => {
      const before = await t.sql<{ n: number }>(sql`select count(*)::int as n from brands`);
      const nul = await t.req('POST', '/api/brand', { token: admin, body: { name: 'x\u0000' } });
      expect(nul.status).toBe(400);
      expect(nul.body.error.fields).toEqual({ name: 'Must not contain NUL characters' });
      const lone = await t.req('POST', '/api/brand', { token: admin, body: '{"name":"x\\udc00y"}', headers: json });
      expect(lone.status).toBe(400);
      expect(lone.body.error.fields).toEqual({ name: 'Must be valid Unicode text (no unpaired surrogates)' });
      const pair = await t.req('POST', '/api/brand', { token: admin, body: '{"name":"Brand \\ud83d\\ude00"}', headers: json });
      expect(pair.status).toBe(201); // a real surrogate pair is text
      const nested = await t.req('PUT', '/api/me/preferences/cols', { token: admin, body: { value: { list: ['a', 'b\u0000'] } } });
      expect(nested.status).toBe(400);
      expect(nested.body.error.fields).toEqual({ 'value.list.1': 'Must not contain NUL characters' });
      const key = await t.req('PUT', '/api/me/preferences/cols', { token: admin, body: { value: { 'a\u0000': 1 } } });
      expect(key.status).toBe(400);
      const after = await t.sql<{ n: number }>(sql`select count(*)::int as n from brands`);
      expect(after[0]!.n).toBe(before[0]!.n + 1);
    });

    it('refuse them in query strings and path parameters of every list', async () => {
      for (const list of ['/api/user', '/api/brand', '/api/product', '/api/audit-log', '/api/variant', '/api/client-error']) {
        for (const qs of ['q=%00', 'filter[role]=%00', 'filter[name]=a%00b', 'sort=%00', 'q=a%00&page=1', 'q=x&q=%00']) {
          const res = await t.req('GET', `${list}?${qs}`, { token: admin });
          expect(res.status, `${list}?${qs}`).toBe(400);
          expect(res.body.error.code).toBe('validation_failed');
        }
      }
      const q = await t.req('GET', '/api/user?q=%00', { token: admin });
      expect(q.body.error.fields).toEqual({ q: 'Must not contain NUL characters' });
      const f = await t.req('GET', '/api/user?filter[role]=%00', { token: admin });
      expect(f.body.error.fields).toEqual({ 'filter.role': 'Must not contain NUL characters' });
      const p = await t.req('GET', '/api/me/preferences/a%00b', { token: admin });
      expect(p.status).toBe(400);
      expect(p.body.error.fields).toEqual({ key: 'Must not contain NUL characters' });
    });

    it('refuse bodies nested deeper than the limit', async () => {
      const deep = '{"value":' + '['.repeat(5000) + ']'.repeat(5000) + '}';
      const res = await t.req('PUT', '/api/me/preferences/deep', { token: admin, body: deep, headers: json });
      expect(res.status).toBe(400);
      const report = await t.req('POST', '/api/client-error/item/', { body: '{"data":{"body":' + '{"a":'.repeat(3000) + '1' + '}'.repeat(3000) + '}}', headers: json });
      expect(report.status).toBe(400);
    });
  });

  describe('paging, sorting and ids', () => {
    /** Every list endpoint: GET routes without path parameters whose answer carries `meta`. */
    let lists: string[] = [];
    beforeAll(async () => {
      for (const r of t.routes.filter((r) => r.method === 'GET' && !r.url.includes(':'))) {
        const res = await t.req('GET', `${r.url}?per_page=1`, { token: admin });
        if (res.status === 200 && res.body?.meta) lists.push(r.url);
      }
      expect(lists).toEqual(expect.arrayContaining(['/api/user', '/api/brand', '/api/product', '/api/audit-log', '/api/variant']));
    });

    it('refuses absurd pages and page sizes on every list with a 400 naming the field', async () => {
      const cases: [string, string][] = [
        ['page=1e15', 'page'],
        ['page=9007199254740991', 'page'],
        ['page=100001', 'page'],
        ['page=0', 'page'],
        ['page=-1', 'page'],
        ['page=1.5', 'page'],
        ['page=0x10', 'page'],
        ['page=%201', 'page'],
        ['page=Infinity', 'page'],
        ['per_page=1e2', 'per_page'],
        ['per_page=501', 'per_page'],
        ['per_page=+5', 'per_page'],
      ];
      for (const list of lists)
        for (const [qs, field] of cases) {
          const res = await t.req('GET', `${list}?${qs}`, { token: admin });
          expect(res.status, `${list}?${qs}`).toBe(400);
          expect(Object.keys(res.body.error.fields), `${list}?${qs}`).toEqual([field]);
        }
      const last = await t.req('GET', '/api/brand?page=100000&per_page=500', { token: admin });
      expect(last.status).toBe(200);
      expect(last.body).toMatchObject({ data: [], meta: { page: 100000, per_page: 500 } });
    });

    it('sorts and filters only by the fields a list names, never by inherited ones', async () => {
      for (const list of lists) {
        for (const sort of ['__proto__', 'constructor', 'toString', '-hasOwnProperty', 'valueOf', 'id,__defineGetter__']) {
          const res = await t.req('GET', `${list}?sort=${sort}`, { token: admin });
          expect(res.status, `${list}?sort=${sort}`).toBe(400);
          expect(res.body.error.fields, `${list}?sort=${sort}`).toHaveProperty('sort');
        }
        for (const name of ['toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf']) {
          const res = await t.req('GET', `${list}?filter[${name}]=1`, { token: admin });
          expect(res.status, `${list}?filter[${name}]=1`).toBe(400);
          expect(res.body.error.fields).toEqual({ [`filter.${name}`]: 'Unknown filter' });
        }
      }
    });

    it('takes path ids as plain positive integers only, and deletes nothing on a loose one', async () => {
      const [row] = await t.sql<{ id: number }>(sql`select id from store_brands order by id offset 15 limit 1`);
      const hex = `0x${row!.id.toString(16)}`;
      const res = await t.req('DELETE', `/api/store-brand/${hex}`, { token: admin });
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toEqual({ id: 'Must be an id: a whole number from 1' });
      expect(await t.sql(sql`select id from store_brands where id = ${row!.id}`)).toHaveLength(1);
      for (const id of ['1e1', '+5', '%205', '5%20', '05', '0', '-1', '1.0', '2147483648', '99999999999', '9007199254740993', 'NaN'])
        for (const url of [`/api/brand/${id}`, `/api/product/${id}`, `/api/user/${id}`, `/api/audit-log/${id}`]) {
          const got = await t.req('GET', url, { token: admin });
          expect(got.status, url).toBe(400);
        }
      expect((await t.req('GET', '/api/brand/2147483647', { token: admin })).status).toBe(404);
      expect((await t.req('GET', '/api/product/1/variant/0x1', { token: admin })).status).toBe(404); // no such GET: routing first
      expectRefused(await t.req('PUT', '/api/product/1/variant/1e1', { token: admin, body: {} }), 400);
      const moveTo = await t.req('DELETE', '/api/category/999999?move_to=0x10', { token: admin });
      expect(moveTo.status).toBe(400);
      expect(moveTo.body.error.fields).toEqual({ move_to: 'Must be an id: a whole number from 1' });
    });

    it('takes whole-number filters in plain decimal only', async () => {
      for (const v of ['0x10', '1e1', '%205', '+5', '1e300', '2147483648'])
        for (const url of [`/api/brand?filter[id]=${v}`, `/api/product?filter[brand_id]=${v}`, `/api/audit-log?filter[actor_id]=${v}`]) {
          const res = await t.req('GET', url, { token: admin });
          expect(res.status, url).toBe(400);
        }
      expect((await t.req('GET', '/api/brand?filter[id]=16', { token: admin })).body.data).toHaveLength(1);
    });
  });
  describe('CSV exports', () => {
    it('neutralise every cell a spreadsheet would run as a formula, in the one CSV writer', async () => {
      const names = ["-1+1+cmd|' /C calc'!A0", '=HYPERLINK("http://x","y")', '+1+1', '@SUM(A1)', '-5', '-2-3'];
      for (const name of names) expect((await t.req('POST', '/api/brand', { token: admin, body: { name } })).status, name).toBe(201);
      const csv = await t.req('GET', '/api/brand?format=csv&sort=id&per_page=500', { token: admin });
      expect(csv.status).toBe(200);
      expect(csv.headers['content-type']).toMatch(/^text\/csv/);
      const text = csv.text;
      expect(text).toContain(`'-1+1+cmd|' /C calc'!A0`);
      expect(text).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
      expect(text).toContain(`'+1+1`);
      expect(text).toContain(`'@SUM(A1)`);
      // (Names are trimmed, so tab and CR are the unit test's.)
      expect(text).toContain(`,'-5,`);
      expect(text).toContain(`,'-2-3,`);
      // No cell starts with a formula character unneutralised.
      for (const line of text.split('\r\n')) for (const cell of line.split(',')) expect(cell, line).not.toMatch(/^"?[=+\-@\t]/);
    });
  });
  describe('browser error reports', () => {
    const report = (personId: number, message: string) => ({
      access_token: 'quartermaster-console',
      data: { level: 'error', body: { message: { body: message } }, person: { id: personId, email: 'admin@example.com' } },
    });
    const attributed = async (message: string) =>
      (await t.sql<{ user_id: number | null }>(sql`select user_id from client_errors where message = ${message}`))[0]?.user_id;

    it('are kept without a token but attributed to no one, whatever the body claims', async () => {
      const [adminRow] = await t.sql<{ id: number }>(sql`select id from users where email = 'admin@example.com'`);
      const res = await t.req('POST', '/api/client-error/item/', { body: report(adminRow!.id, 'forged report') });
      expect(res.status).toBe(200);
      expect(await attributed('forged report')).toBeNull();
      const fake = await t.req('POST', '/api/client-error/item/', {
        body: report(adminRow!.id, 'made-up token'),
        headers: { 'x-rollbar-access-token': 'A'.repeat(43) },
      });
      expect(fake.status).toBe(200);
      expect(await attributed('made-up token')).toBeNull();
    });

    it('are attributed to the session that sent them (its bearer token), not to the body', async () => {
      const [adminRow] = await t.sql<{ id: number }>(sql`select id from users where email = 'admin@example.com'`);
      const [catalogRow] = await t.sql<{ id: number }>(sql`select id from users where email = 'catalog@example.com'`);
      const catalog = await t.login('catalog@example.com');
      await t.req('POST', '/api/client-error/item/', { token: catalog, body: report(adminRow!.id, 'bearer report') });
      expect(await attributed('bearer report')).toBe(catalogRow!.id);
      // a session token in any other header names no one
      await t.req('POST', '/api/client-error/item/', { body: report(adminRow!.id, 'reporter token'), headers: { 'x-rollbar-access-token': catalog } });
      expect(await attributed('reporter token')).toBeNull();
      await t.req('POST', '/api/auth/logout', { token: catalog });
      const late = await t.req('POST', '/api/client-error/item/', { token: catalog, body: report(adminRow!.id, 'after sign-out') });
      expect(late.status).toBe(200);
      expect(await attributed('after sign-out')).toBeNull();
    });
  });
});

describe('the console files', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'qm-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Quartermaster</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
  const t = useTestApp('pglite', { WEB_DIST: dist });
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

  it('answers a missing asset with 404, never with the page', async () => {
    for (const url of ['/assets/nonexistent.js', '/assets/app-9999.css', '/assets/x', '/missing.js', '/favicon.ico', '/robots.txt', '/product/logo.png']) {
      const res = await t.req('GET', url);
      expect(res.status, url).toBe(404);
      expect(res.text, url).not.toContain('<title>Quartermaster');
    }
    expect((await t.req('GET', '/assets/nonexistent.js', { headers: { accept: 'text/html' } })).status).toBe(404);
  });

  it('serves the files that exist and the page for every navigation', async () => {
    expect((await t.req('GET', '/assets/app-1234.js')).text).toBe('console.log(1)');
    expect((await t.req('GET', '/favicon.svg')).status).toBe(200);
    for (const url of ['/', '/product', '/product/12', '/auth/login?next=%2Fuser', '/report/v1.2']) {
      const res = await t.req('GET', url, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
      expect(res.status, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    }
    expect((await t.req('GET', '/user/list')).status).toBe(200); // no extension: a route, whatever Accept says
    expect((await t.req('GET', '/api/nothing-here')).status).toBe(404);
  });

  it('serves a new build\'s page without a restart, and the last one while the file is being replaced', async () => {
    const file = path.join(dist, 'index.html');
    const later = new Date(Date.now() + 5_000);
    fs.writeFileSync(file, '<!doctype html><title>Quartermaster</title><script src="/assets/app-5678.js"></script>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-5678.js'), 'console.log(2)');
    fs.utimesSync(file, later, later);
    expect((await t.req('GET', '/product')).text).toContain('app-5678.js');
    const script = await t.req('GET', '/assets/app-5678.js');
    expect(script.status).toBe(200);
    expect(script.text).toBe('console.log(2)');
    expect((await t.req('GET', '/assets/app-0000.js')).status).toBe(404);
    // nothing outside the build's folder: refused, or (a path the URL parser folds to /etc/passwd) the page
    for (const url of ['/assets/..%2f..%2fetc%2fpasswd', '/assets/%2e%2e/%2e%2e/%2e%2e/etc/passwd', '/..%2f..%2fetc%2fpasswd', '/.env']) {
      const res = await t.req('GET', url);
      expect(res.status, url).toBeLessThan(500);
      expect(res.text, url).not.toMatch(/root:|console\.log/);
    }
    fs.rmSync(file);
    const during = await t.req('GET', '/product');
    expect(during.status).toBe(200);
    expect(during.text).toContain('app-5678.js');
  });
});

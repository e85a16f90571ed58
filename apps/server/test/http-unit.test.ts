import { describe, expect, it, vi } from 'vitest';
import { parseQueryString } from '../src/http/querystring.js';
import { accessOf } from '../src/http/auth.js';
import { INPUT_MESSAGES, inputProblems } from '../src/http/input.js';
import { scrub } from '../src/modules/audit/routes.js';
import { zodFields } from '../src/http/errors.js';
import { isoOfTimestamptz, isoTimestampsInJson } from '../src/db/connect.js';
import { atLeast, csvCell, tablesOf, whereOf, type ListSpec } from '../src/http/list.js';
import { inTx, uniqueValuesOf } from '../src/http/crud.js';
import Fastify from 'fastify';
import { AppError, registerErrorHandling } from '../src/http/errors.js';
import type { Db } from '../src/db/connect.js';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { z } from 'zod';

describe('query string', () => {
  it('nests filter[field] and repeats into arrays', () => {
    expect(parseQueryString('page=2&filter[role]=a&filter[role]=b&filter[is_active]=true&q=x%20y')).toEqual({
      page: '2',
      q: 'x y',
      filter: { role: ['a', 'b'], is_active: 'true' },
    });
    expect(parseQueryString('filter%5Bentity%5D=user')).toEqual({ filter: { entity: 'user' } });
    expect(parseQueryString('ids[]=1&ids[]=2')).toEqual({ ids: ['1', '2'] });
    expect(parseQueryString('filter[role][]=a&filter[role]=b&a=1&a=2')).toEqual({ filter: { role: ['a', 'b'] }, a: ['1', '2'] });
    expect(parseQueryString('')).toEqual({});
  });

  it('builds objects without a prototype, so prototype keys stay plain own keys', () => {
    const out = parseQueryString('__proto__[public]=1&constructor[prototype]=2&filter[__proto__]=3&prototype=4');
    expect(Object.getPrototypeOf(out)).toBeNull();
    expect(Object.keys(out).sort()).toEqual(['__proto__', 'constructor', 'filter', 'prototype']);
    expect(Object.getPrototypeOf(out.filter)).toBeNull();
    expect(Object.keys(out.filter as object)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).public).toBeUndefined();
  });

  it('keeps odd shapes as flat keys for the schema to judge', () => {
    expect(Object.keys(parseQueryString('a[b][c]=1&x.y=2&filter=1&filter[a]=2'))).toEqual(['a[b][c]', 'x.y', 'filter', 'filter[a]']);
  });
});

describe('route access', () => {
  it('is read from the route config own properties only', () => {
    const none = { public: false, permission: [], apiKey: null };
    expect(accessOf({ public: true })).toEqual({ ...none, public: true });
    expect(accessOf({ permission: 'users.read' })).toEqual({ ...none, permission: ['users.read'] });
    expect(accessOf({ permission: ['users.read', 'audit.read'] })).toEqual({ ...none, permission: ['users.read', 'audit.read'] });
    expect(accessOf(Object.create({ public: true, permission: ['users.read'] }))).toEqual(none);
    expect(accessOf({ public: 1 })).toEqual(none);
    expect(accessOf({ apiKey: 'store API key' })).toEqual({ ...none, apiKey: 'store API key' });
    expect(accessOf(Object.create({ apiKey: 'store API key' }))).toEqual(none);
    expect(accessOf(undefined)).toEqual(none);
  });
});

describe('input guard', () => {
  it('names NUL, unpaired surrogates, prototype keys and deep nesting, and passes the rest', () => {
    expect(inputProblems({ a: 'fine', b: ['ok', '😀'], c: { d: 1, e: null } })).toEqual({});
    expect(inputProblems({ a: 'x\u0000' })).toEqual({ a: INPUT_MESSAGES.nul });
    expect(inputProblems({ a: ['x', 'y\ud800'] })).toEqual({ 'a.1': INPUT_MESSAGES.surrogate });
    expect(inputProblems(JSON.parse('{"a":{"__proto__":{}},"constructor":1}'))).toEqual(JSON.parse(`{"a.__proto__":"${INPUT_MESSAGES.key}","constructor":"${INPUT_MESSAGES.key}"}`));
    expect(inputProblems('\u0000')).toEqual({ _: INPUT_MESSAGES.nul });
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(Object.values(inputProblems({ deep }))).toEqual([INPUT_MESSAGES.depth]);
  });
});

describe('scrubbing of browser reports', () => {
  it('masks password and card fields at any depth and keeps the rest', () => {
    const out = scrub({ a: { password: 'p', cardNumber: '4111', nested: [{ cvv: '1', note: 'n' }] }, expiration_date: '1/30', cardholder: 'X', url: 'u' });
    expect(out).toEqual({ a: { password: '********', cardNumber: '********', nested: [{ cvv: '********', note: 'n' }] }, expiration_date: '********', cardholder: '********', url: 'u' });
  });
});

describe('field messages', () => {
  it('maps zod issues to dotted field paths, naming unknown keys', () => {
    const r = z.object({ a: z.object({ b: z.string() }), c: z.array(z.number()) }).strict().safeParse({ a: { b: 1 }, c: ['x'], d: 1 });
    expect(r.success).toBe(false);
    const fields = zodFields(r.error!.issues);
    expect(Object.keys(fields).sort()).toEqual(['a.b', 'c.0', 'd']);
    expect(fields.d).toBe('Unknown field');
  });
});

describe('timestamps', () => {
  it('turns PostgreSQL timestamptz text into the ISO form of JavaScript', () => {
    expect(isoOfTimestamptz('2026-10-08 05:40:32.561789+00')).toBe('2026-10-08T05:40:32.561Z');
    expect(isoOfTimestamptz('2026-10-08 05:40:32.5+00')).toBe('2026-10-08T05:40:32.500Z');
    expect(isoOfTimestamptz('2026-10-08 05:40:32+00')).toBe('2026-10-08T05:40:32.000Z');
    expect(isoOfTimestamptz('2026-10-08 07:40:32.25+02')).toBe('2026-10-08T05:40:32.250Z');
    expect(isoOfTimestamptz('infinity')).toBe('infinity');
    for (const d of ['2026-01-01T00:00:00.000Z', '1999-12-31T23:59:59.999Z'])
      expect(isoOfTimestamptz(d.replace('T', ' ').replace('Z', '+00'))).toBe(d);
  });

  it('rewrites JSON built by PostgreSQL to the same form, and only whole timestamp strings', () => {
    const json = '[{"at":"2026-10-08T05:40:32.561789+00:00","b":"2026-10-08T05:40:32+00:00","note":"at 2026-10-08T05:40:32+00:00 ok","n":1}]';
    expect(JSON.parse(isoTimestampsInJson(json))).toEqual([
      { at: '2026-10-08T05:40:32.561Z', b: '2026-10-08T05:40:32.000Z', note: 'at 2026-10-08T05:40:32+00:00 ok', n: 1 },
    ]);
  });
});

describe('timestamps in JSON', () => {
  it('rewrites every UTC timestamp string, whatever its fraction, and nothing else', () => {
    const json = JSON.stringify({
      a: '2026-10-08T05:40:32.5+00:00',
      b: '2026-10-08T05:40:32.56+00:00',
      c: '2026-10-08T05:40:32.123456+00:00',
      d: '2026-10-08T05:40:32+00:00',
      e: 'x2026-10-08T05:40:32+00:00',
      f: '2026-10-08 05:40:32+00:00',
      g: '+00:00',
      h: ['2026-01-01T00:00:00+00:00', '1999-12-31T23:59:59.999999+00:00'],
    });
    expect(JSON.parse(isoTimestampsInJson(json))).toEqual({
      a: '2026-10-08T05:40:32.500Z',
      b: '2026-10-08T05:40:32.560Z',
      c: '2026-10-08T05:40:32.123Z',
      d: '2026-10-08T05:40:32.000Z',
      e: 'x2026-10-08T05:40:32+00:00',
      f: '2026-10-08 05:40:32+00:00',
      g: '+00:00',
      h: ['2026-01-01T00:00:00.000Z', '1999-12-31T23:59:59.999Z'],
    });
    expect(isoTimestampsInJson('{"n":1}')).toBe('{"n":1}');
  });
});

describe('filter values', () => {
  // A module writes values as parameters; the list code writes them into the statement as literals.
  const spec: ListSpec<unknown> = {
    from: sql`t x`,
    select: sql`x.id`,
    sort: {},
    defaultSort: 'id',
    key: sql`x.id`,
    filters: { v: (vs) => sql`x.v = ${vs[0]!} and x.label <> '$1'`, n: (vs) => sql`x.n = ${Number(vs[0])}` },
  };
  const compileWhere = (filter: Record<string, string>) => {
    const { sql: text, params } = new PgDialect().sqlToQuery(whereOf(spec, { page: 1, per_page: 25, filter }, undefined));
    return { sql: text, params };
  };
  const compile = (v: string) => {
    const { sql: text, params } = compileWhere({ v });
    return { sql: text.replace(/^where \(x\.v = (.*) and x\.label <> '\$1'\)$/, '$1'), params };
  };
  it('writes whole numbers and plain words into the statement', () => {
    expect(compileWhere({ n: '42' })).toEqual({ sql: 'where (x.n = 42)', params: [] });
    expect(compile('orders')).toEqual({ sql: "'orders'", params: [] });
    expect(compile('2026-11-01')).toEqual({ sql: "'2026-11-01'", params: [] });
  });
  it('quotes any other string safely, and sends the rest as parameters', () => {
    expect(compile("o'brien")).toEqual({ sql: "'o''brien'", params: [] });
    expect(compile('a\\b')).toEqual({ sql: " E'a\\\\b'", params: [] });
    expect(compile("x'; drop table users; --")).toEqual({ sql: "'x''; drop table users; --'", params: [] });
    for (const v of ['x'.repeat(201), 'a\u0000b']) expect(compile(v)).toEqual({ sql: '$1', params: [v] });
    expect(compileWhere({ n: '1.5' })).toEqual({ sql: 'where (x.n = $1)', params: [1.5] });
  });
});

describe('transactions', () => {
  /** A database whose transactions fail with these SQLSTATEs first, then run. */
  const failing = (codes: string[]) => {
    let calls = 0;
    const db = {
      transaction: async (fn: (t: unknown) => Promise<unknown>) => {
        const code = codes[calls++];
        if (code) throw Object.assign(new Error(`failed with ${code}`), { code });
        return fn({});
      },
    } as unknown as Db;
    return { db, calls: () => calls };
  };

  it('runs a deadlock victim or a serialization failure again, up to three attempts', async () => {
    const once = failing(['40P01', '40001']);
    await expect(inTx(once.db, async () => 'done')).resolves.toBe('done');
    expect(once.calls()).toBe(3);
    const always = failing(['40P01', '40P01', '40P01', '40P01']);
    await expect(inTx(always.db, async () => 'done')).rejects.toMatchObject({ code: '40P01' });
    expect(always.calls()).toBe(3);
  });

  it('does not run again on other errors', async () => {
    const unique = failing(['23505']);
    await expect(inTx(unique.db, async () => 'done')).rejects.toMatchObject({ code: '23505' });
    expect(unique.calls()).toBe(1);
  });
});

describe('unique conflicts name the record that holds the value', () => {
  const failing = (detail: string) =>
    ({
      transaction: async () => {
        throw Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'brands_name_key', detail });
      },
    }) as unknown as Db;

  it('reads the key values of a violation detail', () => {
    expect(uniqueValuesOf('Key (lower(name::text))=(federal) already exists.')).toEqual(['federal']);
    expect(uniqueValuesOf('Key (store_id, slug)=(3, ammo) already exists.')).toEqual(['3', 'ammo']);
    expect(uniqueValuesOf('Key (sku)=(A, B) already exists.')).toEqual(['A, B']);
    expect(uniqueValuesOf(undefined)).toEqual([]);
    expect(uniqueValuesOf('something else')).toEqual([]);
  });

  it('a rule with a holder lookup answers 409 with the field, the holder and its page', async () => {
    const rule = { constraint: 'brands_name_key', field: 'name', message: 'A brand with this name already exists', holder: vi.fn(async (_db: Db, values: string[]) => ({ id: 7, label: 'Federal', path: `/brand?edit=7&v=${values[0]}` })) };
    const err = (await inTx(failing('Key (lower(name))=(federal) already exists.'), async () => 'x', [rule]).catch((e: unknown) => e)) as AppError;
    expect(err).toBeInstanceOf(AppError);
    expect(err.status).toBe(409);
    expect(err.code).toBe('conflict');
    expect(err.fields).toEqual({ name: 'A brand with this name already exists: Federal' });
    expect(err.holders).toEqual({ name: { id: 7, label: 'Federal', path: '/brand?edit=7&v=federal' } });
  });

  it('without a holder (or when the lookup finds none) the field still gets the rule', async () => {
    const rule = { constraint: 'brands_name_key', field: 'name', message: 'Taken', holder: async () => undefined };
    const err = (await inTx(failing('Key (lower(name))=(x) already exists.'), async () => 'x', [rule]).catch((e: unknown) => e)) as AppError;
    expect(err.fields).toEqual({ name: 'Taken' });
    expect(err.holders).toBeUndefined();
  });
});

describe('409 codes say what happened', () => {
  it('a reference (foreign key) conflict is in_use, not a version conflict', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    app.get('/fk', async () => {
      throw Object.assign(new Error('fk'), { code: '23503' });
    });
    app.get('/holder', async () => {
      const { conflict } = await import('../src/http/errors.js');
      throw conflict('Taken: Federal', { name: 'Taken: Federal' }, { name: { id: 7, label: 'Federal', path: '/brand?edit=7' } });
    });
    const fk = await app.inject({ method: 'GET', url: '/fk' });
    expect(fk.statusCode).toBe(409);
    expect(fk.json().error.code).toBe('in_use');
    expect(fk.json().error.message).toMatch(/referenced by other records/);
    const holder = await app.inject({ method: 'GET', url: '/holder' });
    expect(holder.json().error).toEqual({ code: 'conflict', message: 'Taken: Federal', fields: { name: 'Taken: Federal' }, holders: { name: { id: 7, label: 'Federal', path: '/brand?edit=7' } } });
    await app.close();
  });
});

describe('list totals', () => {
  it('are keyed by the revision of every table their statement reads', () => {
    expect(
      tablesOf(`from products p where exists (select 1 from product_categories pc where pc.category_id in (select id from "categories"))
                and p.id in (select h.product_id from product_search_heads h join unnest($1::int[]) u on true) and x in (select * from generate_series(1, 3))`),
    ).toEqual(['categories', 'product_categories', 'product_search_heads', 'products']);
    expect(tablesOf("from variants v join products p on p.id = v.product_id")).toEqual(['products', 'variants']);
  });

  it('a kept revision is at least another when its sum is, and its day where the statement reads the day', () => {
    expect(atLeast('175', '175')).toBe(true);
    expect(atLeast('12345678901234567890', '9')).toBe(true);
    expect(atLeast('174', '175')).toBe(false);
    expect(atLeast('175 2026-12-01', '175 2026-12-01')).toBe(true);
    expect(atLeast('176 2026-12-01', '175 2026-12-01')).toBe(true);
    expect(atLeast('175 2026-12-01', '175 2026-12-02'), 'kept the day before').toBe(false);
    expect(atLeast('180 2026-12-01', '175 2026-12-02'), 'kept the day before, after more writes').toBe(false);
    expect(atLeast('175 2026-12-02', '180 2026-12-01')).toBe(false);
    expect(atLeast('180 2026-12-02', '175 2026-12-01')).toBe(true);
    expect(atLeast('180 2027-01-01', '175 2026-12-31')).toBe(true);
  });
});

describe('CSV cells', () => {
  it('prefix text starting with = + - @ tab or CR, and leave real numbers alone', () => {
    for (const [v, out] of [
      ["-1+1+cmd|' /C calc'!A0", "'-1+1+cmd|' /C calc'!A0"],
      ['-5', "'-5"],
      ['=1', "'=1"],
      ['+1', "'+1"],
      ['@x', "'@x"],
      ['\tx', "'\tx"],
      ['\rx', `"'\rx"`],
      ['a,b', '"a,b"'],
      ['say "hi"', '"say ""hi"""'],
      ['plain', 'plain'],
    ] as const)
      expect(csvCell(v), JSON.stringify(v)).toBe(out);
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(1.25)).toBe('1.25');
    expect(csvCell(null)).toBe('');
    expect(csvCell({ a: '=1' })).toBe('"{""a"":""=1""}"');
    expect(csvCell(['-1'])).toBe('"[""-1""]"');
  });
});

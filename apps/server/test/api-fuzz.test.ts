import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { ErrorBody } from '@qm/contracts';
import { BACKENDS, useTestApp } from './harness.js';
import {
  changeCounts,
  changedTables,
  expectCleanPrototype,
  expectDescribed,
  installChangeCounter,
  operationsOf,
  sampleOf,
  sessionFor,
  sessionOpen,
  storeKeyFor,
  urlOf,
  type Operation,
  type Schema,
} from './openapi.js';

/**
 * Fuzzes every operation of the OpenAPI document with inputs generated from its own schemas (so a
 * new endpoint is fuzzed by being registered): valid-shaped inputs with odd but legal text, and the
 * same with one part poisoned — wrong types, missing and unknown fields, huge strings and arrays, NUL
 * and unpaired surrogates, prototype keys in bodies and query strings, quotes and backslashes, absurd
 * numbers, malformed JSON and percent-encoding, loose ids. As an administrator (so requests reach
 * validation and the handlers) and as a guest.
 *
 * Every answer is a 2xx or a 4xx, never a 5xx or a failed request; a refused request (4xx) changes
 * no row of the database (a row trigger counts every committed change per table — see openapi.ts);
 * nothing ever lands on Object.prototype. It runs in a throwaway database, so successes may write;
 * path ids that pass validation point at nothing (999999999), so nothing seeded is destroyed.
 *
 * FUZZ_RUNS sets the cases per operation (default 50); FUZZ_SEED explores other inputs.
 */
const RUNS = Number(process.env.FUZZ_RUNS || 50);
const SEED = Number(process.env.FUZZ_SEED || 0);
/** Unauthenticated, a route that needs a session is refused before its input is read: a few cases suffice. */
const GUEST_RUNS_PROTECTED = 3;

// ───────────────────────────── poison ─────────────────────────────

const HUGE = 'x'.repeat(900_000);
const POISON_VALUES: unknown[] = [
  null, true, false, 0, -1, 1.5, -0.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, 2 ** 53 + 2, 1e308, -1e308, 5e-324,
  '', ' ', '\u0000', 'a\u0000b', '\ud800', 'x\udfff', '\udfff\ud800', "'", '"', '\\', '\\u0000', "' or '1'='1", '"; drop table users; --',
  '%', '%00', '_', '${7*7}', '{{7*7}}', '<script>alert(1)</script>', '../../etc/passwd', 'x'.repeat(201), 'x'.repeat(20_001),
  '1e1', '0x10', '+5', ' 5', '-0', 'NaN', 'Infinity', '9007199254740993', '__proto__', 'constructor', 'toString', '2026-13-45', 'null',
  [], [null], ['x'.repeat(300)], {}, { a: 1 }, { __proto__: null, x: 1 }, Array.from({ length: 5000 }, () => 1), Array.from({ length: 300 }, () => 'x'.repeat(100)),
];
const poisonValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...POISON_VALUES) },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(Number)) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }) },
);
const poisonKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'unknown_field', 'x\u0000', '\ud800', '', 'a.b', 'toString', 'valueOf', 'hasOwnProperty');

const RAW_BODIES = [
  '', 'null', 'true', '0', '"x"', '[]', '[{}]', '{', '{"a":', '{"a":1,}', "{'a':1}", 'NaN', '{"a":NaN}', '\u0000', '{"a":"\\u0000"}',
  '{"__proto__":{"public":true}}', '{"a":{"__proto__":{"public":true}}}', '{"constructor":{"prototype":{"public":true}}}',
  '{"a":1,"a":2}', '{"a":"\\ud800"}', '['.repeat(20_000) + ']'.repeat(20_000), '{"a":' + '{"b":'.repeat(5_000) + '1' + '}'.repeat(5_001),
  `{"a":"${HUGE}"}`, `{"a":"${HUGE}${HUGE}"}`, '\ufeff{}', '{"a":1}garbage', ' '.repeat(1000),
];
const CONTENT_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1', 'multipart/form-data; boundary=x', 'application/xml', 'application/json, text/plain', 'APPLICATION/JSON'];
const RAW_QUERIES = [
  '__proto__[public]=1', '__proto__[public]=true&__proto__[permission]=x', 'constructor[prototype][public]=1', 'prototype=1', '__proto__=1',
  'filter[__proto__]=1', 'filter[constructor][prototype]=1', 'filter[prototype]=1', 'filter=x', 'filter=x&filter[a]=1', 'filter[a]=1&filter=x',
  'filter[a][b]=1', 'filter[]=1', 'page=1&page=2', 'page=1e15', 'page=9007199254740991', 'page=-1', 'page=0x10', 'page=', 'per_page=0', 'per_page=1e3',
  'sort=__proto__', 'sort=constructor', 'sort=toString', 'sort=-', 'sort=,,,', `sort=${'a,'.repeat(150)}`, 'q=%00', 'q=%ED%A0%80', 'q=%E0%A4%A',
  'q=%', `q=${'x'.repeat(5000)}`, 'q=%27%22%5C', 'format=xml', 'format=csv&format=json', '&&&', '=', '==', '[]=1', '%5B%5D=1', 'a[]=1&a=2',
  'move_to=0x10', 'move_to=1e1', 'flat=yes', 'unknown=1', `${'k'.repeat(3000)}=1`, Array.from({ length: 1200 }, (_, i) => `k${i}=1`).join('&'),
];
const PATH_POISON = [
  '0', '-1', '0x10', '1e1', '+5', '%205', '5%20', '05', '2147483648', '99999999999', '9007199254740993', '1.5', 'NaN', 'abc', '%00', 'a%00b',
  '%ED%A0%80', '%E0%A4%A', '..%2F..%2Fetc', '__proto__', 'constructor', 'x'.repeat(150), '%25', '%27', '%22', '%5C', '1;2', '1%2C2',
];

// ───────────────────────────── valid-shaped values ─────────────────────────────

/** Text that is legal but hostile to naive code: quotes, backslashes, LIKE and regex characters, emoji, RTL marks. */
const ODD_UNITS = ["'", '"', '\\', '%', '_', ';', '--', '/*', '<', '>', '&', '$', '`', '{', '}', '\n', '\t', 'é', 'ß', '😀', '\u202e', '\u00a0', '*', '(', '[', '?'];
const oddString = (min: number, max: number) =>
  fc.string({ unit: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...'abcdefXYZ019 -.'.split('')) }, { weight: 2, arbitrary: fc.constantFrom(...ODD_UNITS) }), minLength: min, maxLength: max }).filter((s) => s.length <= max && s.trim().length >= Math.min(min, 1));

const FILTER_NAMES = ['id', 'name', 'role', 'is_active', 'brand_id', 'category_id', 'product_id', 'store_id', 'from', 'to', 'entity', 'action', 'level', 'actor_id', 'type', 'visible'];

function lowOf(s: Schema) {
  if (typeof s.minimum !== 'number') return -1000;
  return s.minimum + (s.exclusiveMinimum === true && Number.isInteger(s.minimum) ? 1 : 0);
}

function validArb(s: Schema | undefined, name = '', depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 6) return fc.constant(undefined);
  let base: fc.Arbitrary<unknown>;
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : (s.type ?? (s.properties ? 'object' : undefined));
  if (s.enum) base = fc.constantFrom(...s.enum);
  else if (s.anyOf ?? s.oneOf) base = fc.oneof(...(s.anyOf ?? s.oneOf)!.map((x) => validArb(x, name, depth)));
  else
    switch (type) {
      case 'string':
        if (s.format === 'email') base = fc.emailAddress().filter((e) => e.length <= (s.maxLength ?? 200));
        else if (s.pattern) base = fc.stringMatching(new RegExp(s.pattern)).filter((x) => x.length <= (s.maxLength ?? 10_000));
        else base = oddString(s.minLength ?? 0, Math.min(s.maxLength ?? 40, 40));
        break;
      case 'integer':
      case 'number': {
        const low = lowOf(s);
        const high = typeof s.maximum === 'number' ? s.maximum : 1_000_000;
        const small = fc.integer({ min: Math.max(low, -1000), max: Math.max(Math.max(low, -1000), Math.min(high, 1000)) });
        const edges = fc.constantFrom(...[low, high, 999_999_999].filter((v) => v >= low && v <= high));
        base = /(^|_)id$/.test(name) ? fc.oneof(fc.constant(999_999_999), small) : fc.oneof({ weight: 4, arbitrary: small }, { weight: 1, arbitrary: edges });
        if (type === 'number') base = fc.oneof(base, fc.double({ min: Math.max(low, -1e6), max: Math.min(high, 1e6), noNaN: true, noDefaultInfinity: true }));
        break;
      }
      case 'boolean':
        base = fc.boolean();
        break;
      case 'array':
        base = fc.array(validArb(s.items, name, depth + 1), { minLength: s.minItems ?? 0, maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 4, 4)) });
        break;
      case 'object': {
        const props = s.properties ?? {};
        const keys = Object.keys(props);
        if (keys.length === 0 && typeof s.additionalProperties === 'object')
          base = fc.dictionary(fc.constantFrom(...FILTER_NAMES), validArb(s.additionalProperties, name, depth + 1), { maxKeys: 2 });
        else
          base = fc.record(Object.fromEntries(keys.map((k) => [k, validArb(props[k], k, depth + 1)])), {
            requiredKeys: keys.filter((k) => (s.required ?? []).includes(k)),
          });
        break;
      }
      default:
        base = fc.jsonValue({ maxDepth: 2 });
    }
  return s.nullable ? fc.option(base, { nil: null, freq: 6 }) : base;
}

// ───────────────────────────── cases ─────────────────────────────

type Mutation = { kind: 'replace' | 'remove' | 'add'; at: number; poison: unknown; key: string };

/** Every place in a JSON value: [] is the root. */
function placesOf(v: unknown, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  if (Array.isArray(v)) v.slice(0, 20).forEach((x, i) => placesOf(x, [...at, i], out));
  else if (v && typeof v === 'object') for (const k of Object.keys(v)) placesOf((v as Record<string, unknown>)[k], [...at, k], out);
  return out;
}

function mutate(value: unknown, m: Mutation): unknown {
  const root = { v: value === undefined ? {} : structuredClone(value) };
  const places = placesOf(root.v).map((p) => ['v', ...p]);
  const objects = places.filter((p) => {
    const node = p.reduce<unknown>((n, k) => (n as Record<string | number, unknown>)[k], root);
    return node !== null && typeof node === 'object' && !Array.isArray(node);
  });
  const pick = <T,>(xs: T[]) => xs[m.at % xs.length]!;
  const parentOf = (p: (string | number)[]) => p.slice(0, -1).reduce<unknown>((n, k) => (n as Record<string | number, unknown>)[k], root) as Record<string | number, unknown>;
  if (m.kind === 'add' && objects.length) {
    const node = pick(objects).reduce<unknown>((n, k) => (n as Record<string | number, unknown>)[k], root) as object;
    Object.defineProperty(node, m.key, { value: m.poison, enumerable: true, configurable: true, writable: true });
  } else if (m.kind === 'remove' && places.length > 1) {
    const p = pick(places.slice(1));
    const parent = parentOf(p);
    if (Array.isArray(parent)) parent.splice(Number(p.at(-1)), 1);
    else delete parent[p.at(-1)!];
  } else {
    const p = pick(places);
    parentOf(p)[p.at(-1)!] = m.poison;
  }
  return root.v;
}
const mutation: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom<Mutation['kind']>('replace', 'replace', 'replace', 'remove', 'add'),
  at: fc.nat(),
  poison: poisonValue,
  key: poisonKey,
});

/** Percent-encoding that also carries unpaired surrogates (as the CESU-8 bytes a careless client would send). */
function encodeLoose(s: string): string {
  return s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|(?:[\ud800-\udbff][\udc00-\udfff]|[^\ud800-\udfff])+/g, (part) =>
    part.length === 1 && part.charCodeAt(0) >= 0xd800 && part.charCodeAt(0) <= 0xdfff
      ? Buffer.from([0xe0 | (part.charCodeAt(0) >> 12), 0x80 | ((part.charCodeAt(0) >> 6) & 0x3f), 0x80 | (part.charCodeAt(0) & 0x3f)]).toString('hex').replace(/../g, '%$&').toUpperCase()
      : encodeURIComponent(part),
  );
}

/** `a=1&filter[x]=2&list=a&list=b` from a value of the query's schema. */
function queryText(values: Record<string, unknown>): string {
  const parts: string[] = [];
  const enc = (v: unknown) => encodeLoose(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) continue;
    if (v && typeof v === 'object' && !Array.isArray(v))
      for (const [sub, x] of Object.entries(v)) for (const one of Array.isArray(x) ? x : [x]) parts.push(`${encodeLoose(k)}[${encodeLoose(sub)}]=${enc(one)}`);
    else for (const one of Array.isArray(v) ? v : [v]) parts.push(`${encodeLoose(k)}=${enc(one)}`);
  }
  return parts.join('&');
}

/** A mutated query that is no longer an object (the root replaced) is sent under a name of its own. */
const asQuery = (v: unknown): Record<string, unknown> => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : { value: v });

interface Case {
  params: Record<string, string>;
  query: string;
  /** JSON text (or anything else) and its content type; undefined: no body. */
  body?: { text: string; type: string };
  poisoned: string;
}

function caseArb(op: Operation): fc.Arbitrary<Case> {
  const paramsArb = fc.record(
    Object.fromEntries(
      op.pathParams.map((p) => [p.name, p.schema.pattern && !/\[1-9\]/.test(p.schema.pattern) ? validArb(p.schema, p.name).map((x) => encodeLoose(String(x))) : fc.constant(String(sampleOf(p.schema, 'id')))]),
    ),
  ) as fc.Arbitrary<Record<string, string>>;
  const querySchema: Schema = {
    type: 'object',
    properties: Object.fromEntries(op.queryParams.map((q) => [q.name, q.schema])),
    required: op.queryParams.filter((q) => q.required).map((q) => q.name),
  };
  const queryArb = validArb(querySchema) as fc.Arbitrary<Record<string, unknown>>;
  const takesBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(op.method);
  const bodyArb = op.body ? validArb(op.body) : fc.constant(undefined);
  const json = (v: unknown) => (v === undefined ? undefined : { text: JSON.stringify(v), type: 'application/json' });

  const valid = fc.record({ params: paramsArb, query: queryArb.map(queryText), body: bodyArb.map(json), poisoned: fc.constant('nothing') });
  const variants: fc.WeightedArbitrary<Case>[] = [
    { weight: 2, arbitrary: valid },
    {
      weight: 3,
      arbitrary: fc.record({
        params: paramsArb,
        query: fc.tuple(queryArb, mutation, fc.constantFrom(...RAW_QUERIES), fc.boolean()).map(([q, m, raw, useRaw]) =>
          useRaw ? [queryText(q), raw].filter(Boolean).join('&') : queryText(asQuery(mutate(q, m))),
        ),
        body: bodyArb.map(json),
        poisoned: fc.constant('query'),
      }),
    },
  ];
  if (op.pathParams.length)
    variants.push({
      weight: 2,
      arbitrary: fc.record({
        params: fc.tuple(paramsArb, fc.constantFrom(...op.pathParams.map((p) => p.name)), fc.constantFrom(...PATH_POISON)).map(([ps, name, bad]) => ({ ...ps, [name]: bad })),
        query: queryArb.map(queryText),
        body: bodyArb.map(json),
        poisoned: fc.constant('path'),
      }),
    });
  if (takesBody)
    variants.push(
      {
        weight: op.body ? 6 : 2,
        arbitrary: fc.record({
          params: paramsArb,
          query: queryArb.map(queryText),
          body: fc.tuple(bodyArb, mutation, fc.boolean()).map(([b, m, proto]) => {
            const text = JSON.stringify(mutate(b, m)) ?? 'null';
            // A prototype key written into the JSON text itself, the way an attacker sends it.
            return { text: proto && text.startsWith('{') ? `{"__proto__":{"public":true},${text.slice(1)}`.replace(',}', '}') : text, type: 'application/json' };
          }),
          poisoned: fc.constant('body'),
        }),
      },
      {
        weight: 2,
        arbitrary: fc.record({
          params: paramsArb,
          query: queryArb.map(queryText),
          body: fc.tuple(fc.constantFrom(...RAW_BODIES), fc.constantFrom('application/json', 'application/json', ...CONTENT_TYPES)).map(([text, type]) => ({ text, type })),
          poisoned: fc.constant('raw body'),
        }),
      },
    );
  return fc.oneof(...variants);
}

const seedOf = (name: string) => [...name].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, SEED);

// ───────────────────────────── the test ─────────────────────────────

describe.each(BACKENDS)('fuzzing every operation on %s', (kind) => {
  // jobs queued by accepted requests are not run here: their writes in the background (repricing every
  // price a filter lists) would be counted against the refused requests after them; each job's work is
  // tested in its area's tests
  const t = useTestApp(kind, { LOGIN_RATE_LIMIT: '100000', JOB_CONCURRENCY: '0' });
  let ops: Operation[] = [];
  let admin = '';
  /** Key endpoints (the order intake) are fuzzed with a store's API key, so their inputs are reached. */
  let storeKey = '';
  const statuses = new Map<number, number>();
  let sent = 0;

  beforeAll(async () => {
    ops = await operationsOf(t);
    expectDescribed(t, ops);
    await installChangeCounter(t);
    admin = await sessionFor(t, 'admin@example.com');
    storeKey = await storeKeyFor(t);
  });

  async function send(op: Operation, c: Case, token: string | undefined, mustBe?: number) {
    const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest' };
    if (token) headers.authorization = `Bearer ${token}`;
    const inject: InjectOptions = { method: op.method as InjectOptions['method'], url: urlOf(op, c.params, c.query), headers };
    if (c.body) {
      headers['content-type'] = c.body.type;
      inject.payload = c.body.text;
    }
    const before = await changeCounts(t);
    const res = await t.app.inject(inject); // a reset or a crash rejects here
    sent++;
    statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    const label = `${op.method} ${inject.url} (${c.poisoned} poisoned${c.body ? `, ${c.body.type} body ${c.body.text.slice(0, 200)}` : ''}) → ${res.statusCode} ${res.body.slice(0, 300)}`;
    expect(res.statusCode, label).toBeLessThan(500);
    expect(res.statusCode >= 200 && res.statusCode < 300 ? 'success' : res.statusCode >= 400 ? 'refused' : 'other', label).not.toBe('other');
    // A URL the router cannot read never reaches a route: 400 (or 404/414) before any sign-in check.
    if (mustBe !== undefined && !(c.poisoned === 'path' && [400, 404, 414].includes(res.statusCode))) expect(res.statusCode, label).toBe(mustBe);
    if (res.statusCode >= 400) {
      // Refusals in the one error shape.
      expect(ErrorBody.safeParse(JSON.parse(res.body)).success, `${label}: the error shape`).toBe(true);
      // A failed sign-in is recorded (the lockout's attempt, its audit entry); nothing else may be.
      const allowed = op.route === '/api/auth/login' && (res.statusCode === 401 || res.statusCode === 429) ? ['login_attempts', 'audit_logs', 'qm_table_revisions'] : [];
      const changed = changedTables(before, await changeCounts(t)).filter((x) => !allowed.includes(x));
      expect(changed, `${label}: a refused request changed rows`).toEqual([]);
    } else if (token && token === admin && !(await sessionOpen(t, token))) {
      admin = await sessionFor(t, 'admin@example.com'); // the case signed the administrator out
    }
    expectCleanPrototype();
  }

  it('answers every case as an administrator (a store, on key endpoints) with a success or a 4xx, and changes nothing when it refuses', async () => {
    const access = new Map(t.routes.map((r) => [`${r.method} ${r.url}`, r]));
    for (const op of ops) {
      const byKey = Boolean(access.get(`${op.method} ${op.route}`)?.apiKey);
      await fc.assert(
        fc.asyncProperty(caseArb(op), (c) => send(op, c, byKey ? storeKey : admin)),
        { numRuns: RUNS, seed: seedOf(`${op.method} ${op.route}`), endOnFailure: true },
      );
    }
    // Thousands of requests: minutes on a busy 2-core machine, not the default 30 s.
  }, 300_000);

  it('answers every case from a guest the same way; routes that need a session answer 401 whatever the input', async () => {
    const access = new Map(t.routes.map((r) => [`${r.method} ${r.url}`, r]));
    for (const op of ops) {
      const open = access.get(`${op.method} ${op.route}`)!.public;
      await fc.assert(
        fc.asyncProperty(caseArb(op), (c) => send(op, c, undefined, open ? undefined : 401)),
        { numRuns: open ? RUNS : GUEST_RUNS_PROTECTED, seed: seedOf(`guest ${op.method} ${op.route}`), endOnFailure: true },
      );
    }
    const fives = [...statuses].filter(([s]) => s >= 500).reduce((n, [, k]) => n + k, 0);
    console.info(
      `fuzz on ${kind}: ${ops.length} operations, ${sent} requests, answers ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}, 5xx: ${fives}`,
    );
  }, 300_000);
});

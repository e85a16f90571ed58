/**
 * The API as its OpenAPI document describes it, for the tests that walk every operation (the
 * authorization matrix and the fuzz test): its operations, valid-shaped inputs for each, and a
 * change counter that tells whether a request changed any row of the database.
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from './harness.js';
import { hashToken } from '../src/http/auth.js';
import { createSession } from '../src/modules/auth/service.js';
import { newStoreKey } from '../src/modules/orders/store-settings.js';

export type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  $ref?: string;
};

export interface Operation {
  method: string;
  /** As registered in fastify: `/api/brand/:id`. */
  route: string;
  /** As in the document: `/api/brand/{id}`. */
  path: string;
  pathParams: { name: string; schema: Schema }[];
  queryParams: { name: string; schema: Schema; required: boolean }[];
  body?: Schema;
  bodyRequired: boolean;
  hasResponseSchema: boolean;
}

/** Write operations that take no body by design (anything sent is ignored). A new one must be named here. */
/** Writes without a JSON body: actions on the path's item, and uploads (the body is the file). */
export const BODYLESS_WRITES = ['POST /api/auth/logout', 'POST /api/auth/refresh', 'POST /api/auth/impersonate/stop', 'PATCH /api/store-variant/:id/disable', 'POST /api/job/:id/cancel', 'POST /api/file', 'POST /api/vendor-credential/:id/reveal', 'POST /api/vendor/:id/match', 'POST /api/store/:id/api-key/:keyId/revoke'];

export async function operationsOf(t: TestApp): Promise<Operation[]> {
  const res = await t.req('GET', '/api/docs/json');
  expect(res.status).toBe(200);
  const doc = res.body as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { in: string; name: string; required?: boolean; schema: Schema }[];
          requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
          responses?: Record<string, { content?: Record<string, { schema: Schema }> }>;
        }
      >
    >;
  };
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/')) continue; // the console's own page (`/`)
    for (const [method, op] of Object.entries(item)) {
      const params = op.parameters ?? [];
      const json = op.requestBody?.content['application/json'];
      ops.push({
        method: method.toUpperCase(),
        path,
        route: path.replace(/\{(\w+)\}/g, ':$1'),
        pathParams: params.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema })),
        queryParams: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema, required: Boolean(p.required) })),
        body: json?.schema,
        bodyRequired: Boolean(op.requestBody?.required),
        hasResponseSchema: Object.keys(op.responses ?? {}).some((status) => /^2\d\d$/.test(status)),
      });
    }
  }
  return ops;
}

/** Every operation is described completely: each API route is in the document, with schemas for its inputs. */
export function expectDescribed(t: TestApp, ops: Operation[]) {
  const documented = new Set(ops.map((o) => `${o.method} ${o.route}`));
  const recorded = t.routes.map((r) => `${r.method} ${r.url}`);
  expect(recorded.filter((r) => !documented.has(r)), 'routes missing from the OpenAPI document').toEqual([]);
  expect([...documented].filter((d) => !recorded.includes(d)), 'documented operations no route answers').toEqual([]);
  for (const op of ops) {
    const name = `${op.method} ${op.route}`;
    for (const p of op.route.match(/:(\w+)/g) ?? [])
      expect(op.pathParams.map((x) => `:${x.name}`), `${name}: a schema for each path parameter`).toContain(p);
    if (['POST', 'PUT', 'PATCH'].includes(op.method) && !BODYLESS_WRITES.includes(name))
      expect(op.body, `${name} has no body schema (or add it to BODYLESS_WRITES)`).toBeDefined();
    if (op.body) expect(op.body.type === 'object' || op.body.anyOf !== undefined, `${name}: body schema is an object`).toBe(true);
    expect(op.hasResponseSchema, `${name}: a success response described`).toBe(true);
  }
}

/** A value a route's schema accepts, made up without chance: required fields only, ids that exist nowhere. */
export function sampleOf(schema: Schema | undefined, name = ''): unknown {
  if (!schema) return undefined;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  if (schema.anyOf) return sampleOf(schema.anyOf[0], name);
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) out[key] = sampleOf(schema.properties?.[key], key);
      return out;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleOf(schema.items, name));
    case 'integer':
    case 'number': {
      if (/(^|_)id$|Id$/.test(name)) return Math.min(999_999_999, schema.maximum ?? Infinity);
      const min = typeof schema.minimum === 'number' ? schema.minimum + (schema.exclusiveMinimum === true ? 1 : 0) : 1;
      return Math.max(min, Math.min(1, schema.maximum ?? 1));
    }
    case 'boolean':
      return false;
    case 'string': {
      if (schema.format === 'email') return 'matrix@example.com';
      if (schema.pattern) return sampleMatching(schema.pattern, schema);
      const length = Math.max(schema.minLength ?? 1, Math.min(8, schema.maxLength ?? 8));
      return `matrix-${'x'.repeat(length)}`.slice(0, Math.max(length, Math.min(schema.maxLength ?? 64, 14)));
    }
    default:
      return type === undefined && !schema.properties ? 'matrix' : {};
  }
}

function sampleMatching(pattern: string, schema: Schema): string {
  const re = new RegExp(pattern);
  for (const candidate of ['999999999', 'matrix', 'matrix-1', '2026-01-01', '12345678', 'a', 'A1']) if (re.test(candidate)) return candidate;
  return fc.sample(fc.stringMatching(re).filter((s) => s.length <= (schema.maxLength ?? 200)), { numRuns: 1, seed: 1 })[0]!;
}

/** A URL for a route with the given path parameter values (encoded) and query text. */
export function urlOf(op: Operation, params: Record<string, string>, query = ''): string {
  const path = op.route.replace(/:(\w+)/g, (_m, p: string) => params[p] ?? '999999999');
  return query ? `${path}?${query}` : path;
}

/** Path parameter values a route accepts, pointing at nothing (ids) or at a test key. */
export function harmlessParams(op: Operation): Record<string, string> {
  return Object.fromEntries(op.pathParams.map((p) => [p.name, String(sampleOf(p.schema, p.name === 'id' || /Id$/.test(p.name) ? 'id' : p.name))]));
}

// ───────────────────────────── change counting ─────────────────────────────

/**
 * Counts the rows every committed transaction inserts, updates or deletes, per table: a row-level
 * trigger on each table of the (throwaway) test database bumps a counter in the same transaction, so
 * a rolled-back write counts nothing and a committed one counts whatever database it ran in alone.
 */
export async function installChangeCounter(t: TestApp) {
  await t.sql(sql`create table if not exists qm_test_changes (table_name text primary key, n bigint not null)`);
  await t.sql(sql.raw(`create or replace function qm_test_changed() returns trigger language plpgsql as $$
    begin
      insert into qm_test_changes as c (table_name, n) values (TG_TABLE_NAME, 1) on conflict (table_name) do update set n = c.n + 1;
      return null;
    end $$`));
  const tables = await t.sql<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'qm_test_changes'`,
  );
  expect(tables.length).toBeGreaterThan(20);
  for (const { name } of tables) {
    await t.sql(sql.raw(`drop trigger if exists qm_test_changed on "${name}"`));
    await t.sql(sql.raw(`create trigger qm_test_changed after insert or update or delete on "${name}" for each row execute function qm_test_changed()`));
  }
}

/** The change counters now, to compare before and after a request. */
export async function changeCounts(t: TestApp): Promise<Map<string, number>> {
  const rows = await t.sql<{ table_name: string; n: number | string }>(sql`select table_name, n from qm_test_changes`);
  return new Map(rows.map((r) => [r.table_name, Number(r.n)]));
}

/** Tables whose counters moved between two readings. */
export function changedTables(before: Map<string, number>, after: Map<string, number>): string[] {
  return [...after].filter(([name, n]) => (before.get(name) ?? 0) !== n).map(([name]) => name);
}

// ───────────────────────────── principals ─────────────────────────────

/**
 * A session straight in the database (no sign-in, so no rate limit or lockout in the way), marked as
 * seen in the future so that using it never writes (last_seen_at is moved at most once a minute, and
 * a request that writes nothing is what the tests compare).
 */
export async function sessionFor(t: TestApp, email: string): Promise<string> {
  const [user] = await t.sql<{ id: number }>(sql`select id from users where email = ${email}`);
  const token = await createSession(t.db, user!.id);
  await t.sql(sql`update sessions set last_seen_at = now() + interval '1 day' where token_hash = ${hashToken(token)}`);
  return token;
}

/**
 * A store API key straight in the database for the first store (the caller of key endpoints such as
 * the order intake), marked as used in the future so that using it never writes.
 */
export async function storeKeyFor(t: TestApp): Promise<string> {
  const key = newStoreKey();
  await t.sql(sql`insert into store_api_keys (store_id, name, prefix, key_hash, last_used_at)
                  select id, 'test key', ${key.slice(0, 12)}, ${hashToken(key)}, now() + interval '1 day' from stores order by id limit 1`);
  return key;
}

/** Whether a token's session is still open in the database (a request may have signed it out). */
export async function sessionOpen(t: TestApp, token: string): Promise<boolean> {
  const rows = await t.sql(sql`select 1 from sessions where token_hash = ${hashToken(token)} and revoked_at is null`);
  return rows.length > 0;
}

/** Nothing reached Object.prototype. */
export function expectCleanPrototype() {
  const names = Object.getOwnPropertyNames(Object.prototype);
  expect(names.filter((n) => !BUILTIN_PROTOTYPE_NAMES.has(n))).toEqual([]);
  expect(Object.getOwnPropertyNames(Array.prototype).filter((n) => !BUILTIN_ARRAY_NAMES.has(n))).toEqual([]);
}
const BUILTIN_PROTOTYPE_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype));
const BUILTIN_ARRAY_NAMES = new Set(Object.getOwnPropertyNames(Array.prototype));

import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { loadConfig, type Config } from '../src/config.js';
import { connect, query, type Database, type Db } from '../src/db/connect.js';
import { prepareDatabase } from '../src/setup/prepare.js';
import { buildApp, type App } from '../src/app.js';
import { secretBoxOf } from '../src/db/secrets.js';
import { TEST_CREDENTIALS_KEY } from './keys.js';
import type { RouteAccess } from '../src/http/auth.js';
import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll, expect, inject } from 'vitest';

/** API tests run against PGlite always, and against PostgreSQL too when TEST_DATABASE_URL is set. */
export const BACKENDS: ('pglite' | 'postgres')[] = ['pglite', ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : [])];

export interface TestApp {
  kind: 'pglite' | 'postgres';
  app: FastifyInstance;
  db: Db;
  routes: RouteAccess[];
  config: Config;
  jobs: App['jobs'];
  exports: App['exports'];
  /** PostgreSQL: the URL of this app's own database. */
  databaseUrl?: string;
  /** Signs in and returns the bearer token. */
  login(email: string, password?: string): Promise<string>;
  /** Sends a request; `token` adds the bearer header. */
  req(method: string, url: string, opts?: { token?: string; body?: unknown; headers?: Record<string, string>; remoteAddress?: string }): Promise<Res>;
  sql<T = Record<string, unknown>>(q: SQL): Promise<T[]>;
  /**
   * Runs `fn` and counts the statements sent to the database driver meanwhile, whichever way they
   * were sent (our `query()`, drizzle, a transaction): the node-postgres clients' and PGlite's own
   * query methods are wrapped while it runs. Tests run one at a time per file, so the count is theirs.
   */
  countQueries<T>(fn: () => Promise<T>): Promise<{ n: number; result: T }>;
  close(): Promise<void>;
}

export interface Res {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: any;
  text: string;
  /** The body's bytes as sent (text decoding drops a byte-order mark). */
  raw: Buffer;
}

/** A database of its own for one test file: a copy of the run's template (see template.ts), or empty. */
async function createPgDatabase(url: string, template: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `qm_test_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface StartOptions {
  /**
   * Migrate and seed an empty database instead of starting from the run's template (the template is
   * the same database, made once): only for tests of migrating and seeding themselves.
   */
  fresh?: boolean;
  /** PostgreSQL only: a second API process on the database of this one (as with several processes behind a load balancer). */
  sameDatabaseAs?: TestApp;
  /** Runs before the app is ready (its job workers start then): e.g. defines test export sources. */
  setup?: (app: App, db: Db) => void;
}

export async function startApp(kind: 'pglite' | 'postgres', env: Record<string, string> = {}, opts: StartOptions = {}): Promise<TestApp> {
  // Job workers look for work often, so a test waits little for a job it queued.
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', JOB_POLL_SECONDS: '0.5', CREDENTIALS_KEY: TEST_CREDENTIALS_KEY, ...env } as NodeJS.ProcessEnv);
  let drop = async () => {};
  let database: Database;
  let databaseUrl: string | undefined;
  if (kind === 'postgres' && opts.sameDatabaseAs) {
    databaseUrl = opts.sameDatabaseAs.databaseUrl!;
    database = await connect({ databaseUrl, poolSize: 5 });
  } else if (kind === 'postgres') {
    const created = await createPgDatabase(process.env.TEST_DATABASE_URL!, opts.fresh ? '' : inject('postgresTemplate'));
    drop = created.drop;
    databaseUrl = created.url;
    database = await connect({ databaseUrl, poolSize: 5 });
  } else {
    database = await connect(opts.fresh ? {} : { loadDataDir: new Blob([fs.readFileSync(inject('pgliteTemplate'))]) });
  }
  // From the template this finds nothing to do; it still runs, so a test file sees what a restart would.
  await prepareDatabase(database, true, { secrets: secretBoxOf(config) });
  // No built console unless the test names one (WEB_DIST).
  const built = await buildApp({ ...config, webDist: env.WEB_DIST ? config.webDist : '/nonexistent' }, database, { logger: false });
  opts.setup?.(built, database.db);
  const { app, routes, jobs, exports } = built;
  await app.ready();

  const req: TestApp['req'] = async (method, url, opts = {}) => {
    const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const inject: InjectOptions = { method: method as InjectOptions['method'], url, headers, ...(opts.remoteAddress && { remoteAddress: opts.remoteAddress }) };
    if (opts.body !== undefined) inject.payload = opts.body as InjectOptions['payload'];
    const res = await app.inject(inject);
    let body: unknown = undefined;
    try {
      body = res.body ? JSON.parse(res.body) : undefined;
    } catch {
      body = undefined;
    }
    return { status: res.statusCode, headers: res.headers, body, text: res.body, raw: res.rawPayload };
  };

  return {
    kind,
    app,
    db: database.db,
    routes,
    config,
    jobs,
    exports,
    databaseUrl,
    req,
    countQueries: (fn) => countDriverQueries(database, fn),
    async login(email, password) {
      const res = await req('POST', '/api/auth/login', { body: { email, password: password ?? email.split('@')[0] } });
      if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${res.text}`);
      return String(res.headers.authorization).replace(/^Bearer /, '');
    },
    sql: (q) => query(database.db, q),
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

/**
 * The app of one `describe` block: started before its tests (beforeAll) and closed after them (afterAll).
 * The handle is usable from the tests and from hooks registered after this call.
 */
export function useTestApp(kind: TestApp['kind'], env: Record<string, string> = {}, opts: StartOptions = {}): TestApp {
  let started: TestApp | undefined;
  // A fresh database migrates and seeds the whole demo (a minute or more on PGlite when the suite
  // runs files side by side on two cores); a file from the template starts in seconds.
  beforeAll(async () => {
    started = await startApp(kind, env, opts);
  }, opts.fresh ? 300_000 : undefined);
  afterAll(() => started?.close());
  const app = () => {
    if (!started) throw new Error('The test app is not started yet: use it in tests or in hooks registered after useTestApp');
    return started;
  };
  return {
    kind,
    get app() {
      return app().app;
    },
    get db() {
      return app().db;
    },
    get routes() {
      return app().routes;
    },
    get config() {
      return app().config;
    },
    get jobs() {
      return app().jobs;
    },
    get exports() {
      return app().exports;
    },
    get databaseUrl() {
      return app().databaseUrl;
    },
    login: (email, password) => app().login(email, password),
    req: (method, url, opts) => app().req(method, url, opts),
    sql: <T,>(q: SQL) => app().sql<T>(q),
    countQueries: (fn) => app().countQueries(fn),
    close: () => app().close(),
  };
}

type QueryFn = (...args: unknown[]) => Promise<unknown>;

async function countDriverQueries<T>(database: Database, fn: () => Promise<T>): Promise<{ n: number; result: T }> {
  let n = 0;
  const restore: (() => void)[] = [];
  /** Replaces `target[name]` with a counting wrapper until the count is over. */
  const wrap = (target: Record<string, unknown>, name: string) => {
    const original = target[name] as QueryFn;
    const own = Object.prototype.hasOwnProperty.call(target, name);
    target[name] = function (this: unknown, ...args: unknown[]) {
      n++;
      return original.apply(this, args);
    };
    restore.push(() => (own ? (target[name] = original) : delete target[name]));
  };
  if (database.pglite) {
    const lite = database.pglite as unknown as Record<string, unknown>;
    wrap(lite, 'query');
    wrap(lite, 'exec');
    // Statements of a transaction go to the transaction object PGlite hands its callback.
    const transaction = lite.transaction as (cb: (tx: Record<string, unknown>) => Promise<unknown>) => Promise<unknown>;
    lite.transaction = function (this: unknown, cb: (tx: Record<string, unknown>) => Promise<unknown>) {
      return transaction.call(this, (tx) => {
        for (const name of ['query', 'exec'] as const) {
          const original = tx[name] as QueryFn;
          tx[name] = (...args: unknown[]) => {
            n++;
            return original.apply(tx, args);
          };
        }
        return cb(tx);
      });
    };
    restore.push(() => (lite.transaction = transaction));
  } else {
    // Every pooled connection is a pg.Client; the pool's own query() checks one out and calls it.
    wrap(pg.Client.prototype as unknown as Record<string, unknown>, 'query');
  }
  try {
    const result = await fn();
    return { n, result };
  } finally {
    for (const undo of restore.reverse()) undo();
  }
}

/**
 * Records a test makes for itself through the API, so that it depends on no demo record's name: each
 * call makes a new one with a name of its own (unless given). `token` signs the requests (a user
 * with catalog.write and stores.write).
 */
export function fixtures(app: TestApp, token: () => string) {
  let n = 0;
  const unique = (prefix: string) => `${prefix} ${app.kind} ${process.pid}-${++n}`;
  const created = async <T>(url: string, body: unknown): Promise<T> => {
    const res = await app.req('POST', url, { token: token(), body });
    if (res.status !== 201) throw new Error(`fixture POST ${url}: ${res.status} ${res.text}`);
    return res.body.data as T;
  };
  return {
    unique,
    brand: (name = unique('Fixture Brand')) => created<{ id: number; name: string; version: number }>('/api/brand', { name }),
    store: (name = unique('Fixture Store'), isEnabled = true) =>
      created<{ id: number; name: string; code: string; is_enabled: boolean }>('/api/store', {
        name,
        code: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
        domain: null,
        is_enabled: isEnabled,
      }),
    /** A category (under `parent_id` when given). */
    category: (parent_id: number | null = null, name = unique('Fixture Category')) =>
      created<{ id: number; name: string; parent_id: number | null }>('/api/category', { name, parent_id }),
    /** A feed of a store (AmmoSeek, daily). */
    feed: (store_id: number, name = unique('Fixture Feed')) =>
      created<{ id: number; store_id: number; name: string }>('/api/feed', { store_id, name, target_destination: 'ammoseek', frequency_hours: 24 }),
    /** A physical product sold in rounds with one variant of 50 (override any field). */
    product: (extra: Record<string, unknown> = {}) =>
      created<{ id: number; title: string | null; brand_id: number | null; variants: { id: number; sku: string }[] }>('/api/product', {
        type: 'physical',
        variation_type: 'rounds',
        title: unique('Fixture Load'),
        variants: [{ sku: unique('FX').toUpperCase().replace(/[^A-Z0-9]+/g, '-'), units_per_package: 50, cost_cents: 1299 }],
        ...extra,
      }),
  };
}

/** Validator wording that must never reach a person (the API says what is wrong in words). */
const RAW_VALIDATOR_TEXT = /Invalid input|expected \w+, received|^Invalid$/;

/**
 * A refused request: the status, and the answer a person reads — a message in words and, for the
 * fields named, a message on each of them (in words too). Every field message the answer carries is
 * checked for raw validator text.
 */
export function expectRefused(res: { status: number; body: any; text?: string }, status: 400 | 401 | 403 | 404 | 409 | 422, ...fields: string[]) {
  expect(res.status, res.text).toBe(status);
  const error = res.body?.error as { message?: unknown; fields?: Record<string, unknown> } | undefined;
  expect(typeof error?.message === 'string' && error.message.trim().length > 3, `a message in words: ${res.text}`).toBe(true);
  expect(error!.message as string).not.toMatch(RAW_VALIDATOR_TEXT);
  for (const [field, message] of Object.entries(error!.fields ?? {})) {
    expect(typeof message === 'string' && message.trim().length > 0, `a message on ${field}`).toBe(true);
    expect(message as string, field).not.toMatch(RAW_VALIDATOR_TEXT);
  }
  for (const field of fields) expect(Object.keys(error!.fields ?? {}), `the field at fault: ${res.text}`).toContain(field);
}

/** Polls a job (`GET /api/job/{id}`) until it has ended, and answers it. */
export async function finishedJob(app: TestApp, token: string, id: number, timeoutMs = 60_000): Promise<import('@qm/contracts').Job> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await app.req('GET', `/api/job/${id}`, { token });
    expect(res.status, res.text).toBe(200);
    if (!['queued', 'running'].includes(res.body.data.status)) return res.body.data;
    if (Date.now() > until) throw new Error(`job ${id} still ${res.body.data.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

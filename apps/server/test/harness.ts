import crypto from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { loadConfig, type Config } from '../src/config.js';
import { connect, query, type Database, type Db } from '../src/db/connect.js';
import { prepareDatabase } from '../src/db/prepare.js';
import { buildApp } from '../src/app.js';
import type { RouteAccess } from '../src/http/auth.js';
import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';

/** API tests run against PGlite always, and against PostgreSQL too when TEST_DATABASE_URL is set. */
export const BACKENDS: ('pglite' | 'postgres')[] = ['pglite', ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : [])];

export interface TestApp {
  kind: 'pglite' | 'postgres';
  app: FastifyInstance;
  db: Db;
  routes: RouteAccess[];
  config: Config;
  /** Signs in and returns the bearer token. */
  login(email: string, password?: string): Promise<string>;
  /** Sends a request; `token` adds the bearer header. */
  req(method: string, url: string, opts?: { token?: string; body?: unknown; headers?: Record<string, string>; remoteAddress?: string }): Promise<Res>;
  sql<T = Record<string, unknown>>(q: SQL): Promise<T[]>;
  close(): Promise<void>;
}

export interface Res {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: any;
  text: string;
}

async function createPgDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `qm_test_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
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

export async function startApp(kind: 'pglite' | 'postgres', env: Record<string, string> = {}): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env } as NodeJS.ProcessEnv);
  let drop = async () => {};
  let database: Database;
  if (kind === 'postgres') {
    const created = await createPgDatabase(process.env.TEST_DATABASE_URL!);
    drop = created.drop;
    database = await connect({ databaseUrl: created.url, poolSize: 5 });
  } else {
    database = await connect({});
  }
  await prepareDatabase(database, true);
  // No built console unless the test names one (WEB_DIST).
  const { app, routes } = await buildApp({ ...config, webDist: env.WEB_DIST ? config.webDist : '/nonexistent' }, database, { logger: false });
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
    return { status: res.statusCode, headers: res.headers, body, text: res.body };
  };

  return {
    kind,
    app,
    db: database.db,
    routes,
    config,
    req,
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
export function useTestApp(kind: TestApp['kind'], env: Record<string, string> = {}): TestApp {
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await startApp(kind, env);
  });
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
    login: (email, password) => app().login(email, password),
    req: (method, url, opts) => app().req(method, url, opts),
    sql: <T,>(q: SQL) => app().sql<T>(q),
    close: () => app().close(),
  };
}

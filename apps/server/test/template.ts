/**
 * The database every API test file starts from: migrated, with the reference data and the demo data,
 * built once per test run (vitest globalSetup) instead of once per file. A PGlite file loads a dump of
 * it (`dumpDataDir`); a PostgreSQL file creates its database with `CREATE DATABASE … TEMPLATE`.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connect } from '../src/db/connect.js';
import { prepareDatabase } from '../src/setup/prepare.js';
import { SecretBox } from '../src/db/secrets.js';
import { TEST_CREDENTIALS_KEY } from './keys.js';

/** The template's demo credentials are sealed under the tests' key (harness.ts configures it). */
const secrets = new SecretBox(Buffer.from(TEST_CREDENTIALS_KEY, 'base64'));

declare module 'vitest' {
  export interface ProvidedContext {
    /** File holding the PGlite dump of the template. */
    pgliteTemplate: string;
    /** Name of the template database on TEST_DATABASE_URL's server ('' without one). */
    postgresTemplate: string;
  }
}

/** Template databases of runs that did not clean up (killed) are dropped once they are this old. */
const STALE_MS = 6 * 3600_000;

async function withAdmin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

async function buildPglite(file: string) {
  const database = await connect({});
  try {
    await prepareDatabase(database, true, { secrets });
    const dump = await database.pglite!.dumpDataDir('none');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
}

async function buildPostgres(url: string, name: string) {
  await withAdmin(url, async (c) => {
    const { rows } = await c.query<{ datname: string }>(`select datname from pg_database where datname like 'qm_template_%'`);
    for (const { datname } of rows) {
      const at = Number(/^qm_template_(\d+)_/.exec(datname)?.[1]);
      if (at && Date.now() - at > STALE_MS) await c.query(`drop database if exists ${datname} with (force)`);
    }
    await c.query(`create database ${name}`);
  });
  const u = new URL(url);
  u.pathname = `/${name}`;
  const database = await connect({ databaseUrl: u.toString(), poolSize: 2 });
  try {
    await prepareDatabase(database, true, { secrets });
  } finally {
    await database.close();
  }
}

export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qm-template-'));
  const file = path.join(dir, 'pglite.tar');
  const url = process.env.TEST_DATABASE_URL;
  const name = url ? `qm_template_${Date.now()}_${crypto.randomBytes(3).toString('hex')}` : '';
  await Promise.all([buildPglite(file), url ? buildPostgres(url, name) : undefined]);
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', name);
  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (url) await withAdmin(url, (c) => c.query(`drop database if exists ${name} with (force)`));
  };
}

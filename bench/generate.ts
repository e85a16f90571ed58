/**
 * Fills a prepared database (migrations + reference seed + demo seed) with the bench's large data set.
 *
 * Each area contributes a generator (bench/generators/*.ts). A generator runs in one transaction and
 * records itself in `bench.generated`, so running again skips what is already there.
 *
 * Standalone: `node --import tsx bench/generate.ts` with DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite);
 * `--report=FILE` writes the timings, what each generator did and the table sizes as JSON (bench/run.ts
 * runs it so, as a child process, so that the process measuring latency never held the load).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { connect, type Database, type Db } from '../apps/server/src/db/connect.js';
import { prepareDatabase } from '../apps/server/src/setup/prepare.js';
import { catalogGenerator } from './generators/catalog.js';
import { complianceGenerator } from './generators/compliance.js';
import { coreGenerator } from './generators/core.js';
import { purchasingGenerator } from './generators/purchasing.js';
import { ordersGenerator } from './orders-data.js';
import { pricingGenerator } from './generators/pricing.js';
import { merchandisingGenerator } from './generators/merchandising.js';
import { rows, type Counts, type Generator } from './generators/types.js';

export const GENERATORS: Generator[] = [coreGenerator, catalogGenerator, purchasingGenerator, complianceGenerator, pricingGenerator, merchandisingGenerator, ordersGenerator];

export interface GeneratorReport {
  name: string;
  status: 'generated' | 'already generated' | 'skipped';
  message?: string;
  ms: number;
  counts?: Counts;
}

export interface GenerateReport {
  generators: GeneratorReport[];
  /** VACUUM FULL of the tables the load rewrote, VACUUM ANALYZE (+ CHECKPOINT) after the load, so the planner has statistics and index-only scans work (as autovacuum would). */
  vacuumMs: number;
  ms: number;
}

async function done(db: Db, name: string): Promise<boolean> {
  const r = await rows<{ n: number }>(db, sql`select count(*)::int as n from bench.generated where name = ${name}`);
  return r[0]!.n > 0;
}

/** Tables the generators update after inserting them (see the vacuum step). */
const REWRITTEN_TABLES = ['products', 'product_search_heads', 'variants', 'attribute_data'];

export async function generate(database: Database, log: (msg: string) => void = console.log): Promise<GenerateReport> {
  const started = performance.now();
  const { db } = database;
  await db.execute(sql`create schema if not exists bench`);
  await db.execute(sql`create table if not exists bench.generated (name text primary key, at timestamptz not null default now(), counts jsonb)`);

  const reports: GeneratorReport[] = [];
  let wrote = false;
  for (const gen of GENERATORS) {
    const t0 = performance.now();
    if (await done(db, gen.name)) {
      log(`[${gen.name}] already generated, skipping`);
      reports.push({ name: gen.name, status: 'already generated', ms: 0 });
      continue;
    }
    let outcome: Counts | string = '';
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      outcome = await gen.run({ database, db: t, log: (m) => log(`[${gen.name}] ${m}`) });
      if (typeof outcome !== 'string') {
        await t.execute(sql`insert into bench.generated (name, counts) values (${gen.name}, ${JSON.stringify(outcome)}::jsonb)`);
      }
    });
    const ms = Math.round(performance.now() - t0);
    if (typeof outcome === 'string') {
      log(`[${gen.name}] skipped: ${outcome}`);
      reports.push({ name: gen.name, status: 'skipped', message: outcome, ms });
    } else {
      wrote = true;
      log(`[${gen.name}] generated in ${(ms / 1000).toFixed(1)} s`);
      reports.push({ name: gen.name, status: 'generated', ms, counts: outcome });
    }
  }

  const v0 = performance.now();
  if (wrote) {
    try {
      // The catalogue's set-based passes (and the revision triggers they fire) rewrite every product
      // row several times: products would be left at four times its size (310 MB against 75), which
      // a table loaded once and kept by autovacuum is not. Rewritten compactly, then vacuumed so
      // index-only scans see all-visible pages (VACUUM FULL does not set the visibility map).
      for (const table of REWRITTEN_TABLES) await db.execute(sql`vacuum full ${sql.identifier(table)}`).catch(() => {});
      await db.execute(sql`vacuum analyze`);
    } catch {
      await db.execute(sql`analyze`);
    }
  }
  if (wrote) {
    // Flush the load's dirty pages now rather than in a checkpoint during the measurements.
    await db.execute(sql`checkpoint`).catch(() => {});
  }
  const vacuumMs = Math.round(performance.now() - v0);
  if (wrote) log(`vacuum analyze + checkpoint: ${(vacuumMs / 1000).toFixed(1)} s`);
  return { generators: reports, vacuumMs, ms: Math.round(performance.now() - started) };
}

const SIZE_TABLES = [
  'users', 'audit_logs', 'client_errors', 'internal_statuses', 'products', 'variants', 'attribute_data', 'brands', 'store_products', 'store_variants',
  'vendors', 'vendor_products', 'purchase_orders', 'purchase_order_lines', 'inventory_items', 'inventory_transactions',
];

/** Row counts of the tables the bench reports on (those that exist). */
export async function tableSizes(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of SIZE_TABLES) {
    const ok = await rows<{ ok: boolean }>(db, sql`select to_regclass(${'public.' + t}) is not null as ok`);
    if (!ok[0]?.ok) continue;
    const r = await rows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(t)}`);
    out[t] = Number(r[0]!.n);
  }
  return out;
}

/** What a run of this file reports to `--report FILE` (bench/run.ts runs it as a child process). */
export interface PrepareReport {
  prepare_ms: number;
  generate_ms: number;
  generation: GenerateReport;
  sizes: Record<string, number>;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const reportAt = process.argv.find((a) => a.startsWith('--report='))?.slice('--report='.length);
  const database = await connect({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR ?? 'data' });
  try {
    let t0 = performance.now();
    await prepareDatabase(database, true);
    const prepare_ms = Math.round(performance.now() - t0);
    console.log(`prepared in ${(prepare_ms / 1000).toFixed(1)} s; generating…`);
    t0 = performance.now();
    const generation = await generate(database);
    const generate_ms = Math.round(performance.now() - t0);
    const sizes = await tableSizes(database.db);
    console.log(`generated in ${(generate_ms / 1000).toFixed(1)} s: ${JSON.stringify(sizes)}`);
    if (reportAt) fs.writeFileSync(reportAt, JSON.stringify({ prepare_ms, generate_ms, generation, sizes } satisfies PrepareReport));
  } finally {
    await database.close();
  }
}

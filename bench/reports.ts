/**
 * Reports at scale: for each report, the first page with its totals (and chart) as one request, and
 * the same statement sent to the database alone. Budgets: the request under 300 ms, and at most 1.5 ×
 * the statement's own time (what the API adds: auth, validation, building the answer).
 *
 *   DATABASE_URL=postgres://… node --import tsx bench/reports.ts      (after `bench/generate.ts` on it)
 *   DATA_DIR=bench/.data-x node --import tsx bench/reports.ts         (PGlite)
 *   ONLY=inventory …                                                   (the cases whose label contains it)
 *
 * Each figure is the median of RUNS runs after WARMUP (the API in this process, through
 * `app.inject`: no network, the same handler, hooks and serialisation as a real request).
 */
import { loadConfig } from '../apps/server/src/config.js';
import { connect, query } from '../apps/server/src/db/connect.js';
import { buildApp } from '../apps/server/src/app.js';
import { REPORTS } from '../apps/server/src/modules/reports/routes.js';

const RUNS = Number(process.env.RUNS ?? 9);
const WARMUP = 2;
const BUDGET_MS = 300;
const RATIO = 1.5;

const day = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10);

/** The first page of each report as people open it, and a filtered view or two. */
const CASES: { label: string; name: string; query: string }[] = [
  { label: 'PO Summary by vendor', name: 'po-summary', query: '' },
  { label: 'PO Summary by month, all time', name: 'po-summary', query: 'group=month&filter[from]=2000-01-01' },
  { label: 'PO Summary by entity, one vendor', name: 'po-summary', query: 'group=entity&filter[vendor_id]=VENDOR' },
  { label: 'PO Item', name: 'po-item', query: '' },
  { label: 'PO Item, open lines, one vendor', name: 'po-item', query: 'filter[vendor_id]=VENDOR&filter[open]=open' },
  { label: 'Product Inventory by variant', name: 'product-inventory', query: '' },
  { label: 'Product Inventory by location', name: 'product-inventory', query: 'group=location' },
  { label: 'Inventory Item', name: 'inventory-item', query: '' },
  { label: 'Inventory Item below reorder', name: 'inventory-item', query: 'filter[stock]=below_reorder' },
  { label: 'Inventory Transaction, 30 days', name: 'inventory-transaction', query: '' },
  { label: 'Inventory Transaction, sales 90 days', name: 'inventory-transaction', query: `filter[from]=${day(90)}&filter[kind]=sale` },
  { label: 'Inventory Transaction, one variant, a year', name: 'inventory-transaction', query: `filter[from]=${day(365)}&filter[variant_id]=VARIANT` },
  { label: 'Download Logs', name: 'download-log', query: '' },
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', JOB_CONCURRENCY: '0', NODE_ENV: 'development', SEED_DEMO: 'false' });
  const database = await connect({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir, poolSize: 4 });
  const { app } = await buildApp({ ...config, webDist: '/nonexistent' }, database, { logger: false });
  await app.ready();
  try {
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@example.com', password: 'admin' } });
    const token = String(login.headers.authorization);
    const [vendor] = await query<{ id: number }>(database.db, (await import('drizzle-orm')).sql`select id from vendors where code = 'BD3' union all select min(id) from vendors limit 1`);
    const [variant] = await query<{ id: number }>(database.db, (await import('drizzle-orm')).sql`select variant_id as id from inventory_transactions order by id desc limit 1`);
    const rows: Record<string, string | number>[] = [];
    console.log(`${database.kind}: ${RUNS} runs each, median\n`);
    console.log(`${'report'.padEnd(46)} ${'rows'.padStart(9)} ${'API ms'.padStart(8)} ${'SQL ms'.padStart(8)} ${'API/SQL'.padStart(8)}  budget`);
    const only = process.env.ONLY?.toLowerCase();
    for (const c of CASES.filter((x) => !only || x.label.toLowerCase().includes(only))) {
      const qs = c.query.replace('VENDOR', String(vendor?.id ?? 1)).replace('VARIANT', String(variant?.id ?? 1));
      const report = REPORTS.find((r) => r.def.name === c.name)!;
      const params = new URLSearchParams(qs);
      const filter: Record<string, string> = {};
      params.forEach((v, k) => {
        const m = /^filter\[(.+)\]$/.exec(k);
        if (m) filter[m[1]!] = v;
      });
      const request = report.request({ filter, group: params.get('group') ?? undefined, sort: params.get('sort') ?? undefined, page: 1, per_page: 25 });
      const statement = report.statement(request as never);
      const api: number[] = [];
      const db: number[] = [];
      let total = 0;
      for (let i = 0; i < WARMUP + RUNS; i++) {
        let t0 = performance.now();
        const res = await app.inject({ method: 'GET', url: `/api/report/${c.name}${qs ? `?${qs}` : ''}`, headers: { authorization: token, 'x-requested-with': 'XMLHttpRequest' } });
        const apiMs = performance.now() - t0;
        if (res.statusCode !== 200) throw new Error(`${c.label}: ${res.statusCode} ${res.body.slice(0, 300)}`);
        total = JSON.parse(res.body).meta.total;
        t0 = performance.now();
        await query(database.db, statement, { prepare: false });
        const sqlMs = performance.now() - t0;
        if (i >= WARMUP) {
          api.push(apiMs);
          db.push(sqlMs);
        }
      }
      const a = median(api);
      const s = median(db);
      const ok = a < BUDGET_MS && a <= s * RATIO;
      rows.push({ report: c.label, rows: total, api_ms: Math.round(a * 10) / 10, sql_ms: Math.round(s * 10) / 10 });
      console.log(`${c.label.padEnd(46)} ${String(total).padStart(9)} ${a.toFixed(1).padStart(8)} ${s.toFixed(1).padStart(8)} ${(a / s).toFixed(2).padStart(8)}  ${ok ? 'ok' : 'MISSED'}`);
    }
    if (process.env.REPORT_JSON) (await import('node:fs')).writeFileSync(process.env.REPORT_JSON, JSON.stringify(rows, null, 2));
  } finally {
    await app.close();
    await database.close();
  }
}

await main();

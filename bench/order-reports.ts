/**
 * The order and merchandising reports and the resolution endpoints at scale (after bench/orders-data.ts and
 * bench/vendor-orders-data.ts on the database): for each, the first page with its totals as one
 * request, and the same work sent to the database alone. Budgets: the request under 300 ms, and at
 * most 1.5 × the database's own time.
 *
 *   DATABASE_URL=postgres://…/qm_bench_res [ONLY=merchandising] node --import tsx bench/order-reports.ts
 *
 * Each figure is the median of RUNS runs after WARMUP (the API in this process through `app.inject`).
 */
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config.js';
import { connect, query } from '../apps/server/src/db/connect.js';
import { buildApp } from '../apps/server/src/app.js';
import { REPORTS } from '../apps/server/src/modules/reports/routes.js';
import { dashboardOrders } from '../apps/server/src/modules/resolution/dashboard.js';
import { resolutionDashboard, resolutionSummary } from '../apps/server/src/modules/resolution/queries.js';

const RUNS = Number(process.env.RUNS ?? 9);
const WARMUP = 2;
const BUDGET_MS = 300;
const RATIO = 1.5;
/** `ONLY=<text>`: the lines whose label contains it (any case; `a|b` for several). */
const ONLY = process.env.ONLY ? process.env.ONLY.toLowerCase().split('|') : null;
const wanted = (label: string) => !ONLY || ONLY.some((o) => label.toLowerCase().includes(o));

const day = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const REPORT_CASES: { label: string; name: string; query: string }[] = [
  { label: 'Order Margin per order, 30 days', name: 'order-margin', query: '' },
  { label: 'Order Margin by store, 30 days', name: 'order-margin', query: 'group=store' },
  { label: 'Order Margin by month, one store, a year', name: 'order-margin', query: `group=month&filter[from]=${day(365)}&filter[store_id]=STORE` },
  { label: 'Order Item, 30 days', name: 'order-item', query: '' },
  { label: 'Order Item, one store, 90 days', name: 'order-item', query: `filter[from]=${day(90)}&filter[store_id]=STORE` },
  { label: 'Vendor Order by vendor, 30 days', name: 'vendor-order', query: '' },
  { label: 'Vendor Order by month, 90 days', name: 'vendor-order', query: `group=month&filter[from]=${day(90)}` },
  { label: 'Vendor Order Item, 30 days', name: 'vendor-order-item', query: '' },
  { label: 'Monthly Summary by month (6 months)', name: 'monthly-summary', query: '' },
  { label: 'Monthly Summary by month and store', name: 'monthly-summary', query: 'group=month_store' },
  { label: 'Merchandising per product, 30 days', name: 'merchandising', query: '' },
  { label: 'Merchandising, high-velocity drop-ship', name: 'merchandising', query: 'filter[view]=hv-ds' },
  { label: 'Brand Merchandising, 30 days', name: 'merchandising-brand', query: '' },
  { label: 'Category Merchandising, top level', name: 'merchandising-category', query: '' },
  { label: 'Merchandising Inventory by use case', name: 'merchandising-inventory', query: '' },
  { label: 'Merchandising Inventory by brand', name: 'merchandising-inventory', query: 'group=brand' },
  { label: 'Merchandising Use Case, 30 days', name: 'merchandising-use-case', query: '' },
  { label: 'Low Merchandising Use Case', name: 'merchandising-low-use-case', query: '' },
];

async function main() {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', JOB_CONCURRENCY: '0', NODE_ENV: 'development', SEED_DEMO: 'false' });
  const database = await connect({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir, poolSize: 4 });
  const { app } = await buildApp({ ...config, webDist: '/nonexistent' }, database, { logger: false });
  await app.ready();
  try {
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@example.com', password: 'admin' } });
    const token = String(login.headers.authorization);
    const headers = { authorization: token, 'x-requested-with': 'XMLHttpRequest' };
    const [store] = await query<{ id: number }>(database.db, sql`select store_id as id from orders group by 1 order by count(*) desc limit 1`);
    const [sizes] = await query<Record<string, number>>(
      database.db,
      sql`select (select count(*) from orders)::int as orders, (select count(*) from order_items)::int as items, (select count(*) from vendor_orders)::int as vendor_orders,
                 (select count(*) from vendor_order_items)::int as vendor_order_items, (select count(*) from order_resolution_cases)::int as cases,
                 (select count(*) from order_resolution_cases where resolved_at is null)::int as open_cases`,
    );
    console.log(`${database.kind}: ${JSON.stringify(sizes)}; ${RUNS} runs each, median\n`);
    console.log(`${'endpoint'.padEnd(46)} ${'rows'.padStart(9)} ${'API ms'.padStart(8)} ${'SQL ms'.padStart(8)} ${'API/SQL'.padStart(8)}  budget`);
    const measure = async (label: string, url: string, alone: () => Promise<unknown>, totalOf: (body: any) => number) => {
      if (!wanted(label)) return;
      const api: number[] = [];
      const db: number[] = [];
      let total = 0;
      for (let i = 0; i < WARMUP + RUNS; i++) {
        let t0 = performance.now();
        const res = await app.inject({ method: 'GET', url, headers });
        const apiMs = performance.now() - t0;
        if (res.statusCode !== 200) throw new Error(`${label}: ${res.statusCode} ${res.body.slice(0, 300)}`);
        total = totalOf(JSON.parse(res.body));
        t0 = performance.now();
        await alone();
        const sqlMs = performance.now() - t0;
        if (i >= WARMUP) {
          api.push(apiMs);
          db.push(sqlMs);
        }
      }
      const a = median(api);
      const s = median(db);
      const ok = a < BUDGET_MS && a <= RATIO * s + 2;
      console.log(`${label.padEnd(46)} ${String(total).padStart(9)} ${a.toFixed(1).padStart(8)} ${s.toFixed(1).padStart(8)} ${(a / s).toFixed(2).padStart(8)}  ${ok ? 'PASS' : 'FAIL'}`);
    };
    for (const c of REPORT_CASES) {
      const qs = c.query.replace('STORE', String(store?.id ?? 1));
      const report = REPORTS.find((r) => r.def.name === c.name)!;
      const params = new URLSearchParams(qs);
      const filter: Record<string, string> = {};
      params.forEach((v, k) => {
        const m = /^filter\[(.+)\]$/.exec(k);
        if (m) filter[m[1]!] = v;
      });
      const request = report.request({ filter, group: params.get('group') ?? undefined, sort: params.get('sort') ?? undefined, page: 1, per_page: 25 });
      const statement = report.statement(request as never);
      await measure(c.label, `/api/report/${c.name}${qs ? `?${qs}` : ''}`, () => query(database.db, statement, { prepare: false }), (b) => b.meta.total);
    }
    // The resolution endpoints: the API against its query function alone.
    await measure('Order Resolution Dashboard, first page', '/api/order-resolution', () => resolutionDashboard(database.db, { page: 1, per_page: 25 }), (b) => b.data.meta.total);
    await measure('Order Resolution, vendor late, one store', `/api/order-resolution?reason=vendor_late&store_id=${store?.id ?? 1}`, () => resolutionDashboard(database.db, { reason: 'vendor_late', store_id: store?.id ?? 1, page: 1, per_page: 25 }), (b) => b.data.meta.total);
    await measure('Order Resolution Summary, 90 days', '/api/order-resolution-summary', () => resolutionSummary(database.db, {}), (b) => b.data.totals.opened);
    await measure('Order Resolution Summary, a year', `/api/order-resolution-summary?from=${day(365)}`, () => resolutionSummary(database.db, { from: day(365) }), (b) => b.data.totals.opened);
    await measure('Dashboard (orders view)', '/api/dashboard', () => dashboardOrders(database.db), (b) => b.data.orders.needs_person);
  } finally {
    await app.close();
    await database.close();
  }
}

await main();

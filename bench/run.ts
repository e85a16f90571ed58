/**
 * `npm run bench`: builds a large data set, starts the API on it and measures list latency under
 * concurrency, then the size of the JavaScript the login page loads. See bench/README.md.
 *
 *   --backend=pglite|postgres|both   default: both when PostgreSQL answers on 127.0.0.1:5432, else pglite
 *   --duration=10 --warmup=2 --connections=50   load test shape (seconds, seconds, connections)
 *   --only=audit                     only the endpoints whose label contains this text
 *   --no-web                         skip the bundle measurement
 *   --pg-tcp                         the API reaches a PostgreSQL on this machine over loopback TCP, not its Unix socket
 *
 * PostgreSQL: BENCH_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/qm_bench (dropped and recreated).
 * PGlite: a fresh bench/.data-<timestamp> directory, deleted afterwards.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import type { GenerateReport, PrepareReport } from './generate.js';
import { measureWeb, WEB_BUDGET_GZIP_BYTES, type WebReport } from './web.js';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(BENCH_DIR, '..');
const RESULTS_DIR = path.join(BENCH_DIR, 'results');
const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/qm_bench';
const PORT = 3999;
const BASE = `http://127.0.0.1:${PORT}`;
const P99_BUDGET_MS = 25;

type Backend = 'pglite' | 'postgres';

// ───────────────────────────── arguments ─────────────────────────────

function arg(name: string): string | undefined {
  const hit = process.argv.slice(2).find((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (!hit) return undefined;
  return hit.includes('=') ? hit.slice(hit.indexOf('=') + 1) : 'true';
}
const num = (name: string, def: number) => {
  const v = arg(name);
  const n = v === undefined ? def : Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number`);
  return n;
};
const DURATION = num('duration', 10);
const WARMUP = num('warmup', 2);
const CONNECTIONS = num('connections', 50);
const ONLY = arg('only');
const NO_WEB = arg('no-web') === 'true';
const PG_TCP = arg('pg-tcp') === 'true';
const PG_SOCKET_DIR = '/var/run/postgresql';

/**
 * How the API process reaches the database: a PostgreSQL on this machine through its Unix socket, as
 * a same-host deployment does (libpq's own default); over loopback TCP each query costs this box
 * noticeably more kernel work on both ends. --pg-tcp, a remote host or a missing socket: the URL as given.
 */
function apiDatabaseUrl(url: string): { url: string; link: 'unix socket' | 'tcp' } {
  const u = new URL(url);
  const socket = path.join(PG_SOCKET_DIR, `.s.PGSQL.${u.port || 5432}`);
  if (PG_TCP || !['127.0.0.1', 'localhost'].includes(u.hostname) || u.searchParams.has('host') || !fs.existsSync(socket)) return { url, link: 'tcp' };
  u.searchParams.set('host', PG_SOCKET_DIR);
  return { url: u.toString(), link: 'unix socket' };
}

function pgAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port: 5432 });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function backends(): Promise<Backend[]> {
  const b = arg('backend');
  if (b === 'pglite' || b === 'postgres') return [b];
  if (b === 'both') return ['pglite', 'postgres'];
  if (b !== undefined) throw new Error(`--backend must be pglite, postgres or both (got "${b}")`);
  return process.env.BENCH_DATABASE_URL || (await pgAnswers()) ? ['pglite', 'postgres'] : ['pglite'];
}

// ───────────────────────────── child processes ─────────────────────────────

/** The child running now (the data set's generation, then the API): it never outlives the bench. */
let child: ChildProcess | undefined;
const childLog: string[] = [];

/**
 * Runs a TypeScript file of the project as a child process with this environment (less its own
 * DATABASE_URL and DATA_DIR) plus `env`; each line it prints goes to `onLine`, the last 60 to childLog.
 */
function spawnChild(file: string, args: string[], env: Record<string, string>, onLine: (line: string) => void = () => {}): ChildProcess {
  const base = { ...process.env };
  delete base.DATABASE_URL;
  delete base.DATA_DIR;
  const proc = spawn(process.execPath, ['--import', 'tsx', file, ...args], { cwd: ROOT, env: { ...base, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  childLog.length = 0;
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      onLine(line);
      childLog.push(line.slice(0, 500));
    }
    if (childLog.length > 60) childLog.splice(0, childLog.length - 60);
  };
  proc.stdout!.on('data', keep);
  proc.stderr!.on('data', keep);
  child = proc;
  return proc;
}

function startServer(env: Record<string, string>): ChildProcess {
  return spawnChild('apps/server/src/main.ts', [], { PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'development', ...env });
}

async function stopServer(): Promise<void> {
  const proc = child;
  if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  proc.kill('SIGTERM');
  const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
  child = undefined;
}

// Whatever happens, the child does not outlive the bench.
process.on('exit', () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
});
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    cleanupDirs();
    process.exit(130);
  });
}
const tempDirs = new Set<string>();
function cleanupDirs() {
  for (const d of tempDirs) fs.rmSync(d, { recursive: true, force: true });
  tempDirs.clear();
}

async function waitReady(proc: ChildProcess, timeoutMs = 120_000): Promise<number> {
  const t0 = performance.now();
  while (performance.now() - t0 < timeoutMs) {
    if (proc.exitCode !== null) throw new Error(`the API exited with code ${proc.exitCode}:\n${childLog.slice(-20).join('\n')}`);
    try {
      const res = await fetch(`${BASE}/api/ready`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return Math.round(performance.now() - t0);
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the API was not ready after ${timeoutMs / 1000} s:\n${childLog.slice(-20).join('\n')}`);
}

// ───────────────────────────── HTTP helpers ─────────────────────────────

const headersOf = (token: string) => ({ authorization: `Bearer ${token}`, 'x-requested-with': 'XMLHttpRequest' });

async function login(): Promise<string> {
  const res = await fetch(`${BASE}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'admin' }),
  });
  const auth = res.headers.get('authorization');
  if (res.status !== 200 || !auth?.startsWith('Bearer ')) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return auth.slice('Bearer '.length);
}

async function getJson(token: string, url: string): Promise<{ status: number; body: any }> {
  const res = await fetch(BASE + url, { headers: headersOf(token) });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body };
}

/** `filter[x]` → `filter%5Bx%5D`, so the request line holds no raw brackets. */
const enc = (url: string) => url.replace(/\[/g, '%5B').replace(/\]/g, '%5D');
const day = (d: Date) => d.toISOString().slice(0, 10);

// ───────────────────────────── endpoints ─────────────────────────────

interface Endpoint {
  label: string;
  url: string;
}

function coreEndpoints(): Endpoint[] {
  const now = new Date();
  const from = day(new Date(now.getTime() - 30 * 86400_000));
  return [
    // Reference point: authentication only (one indexed query), no list.
    { label: 'baseline: auth/user', url: '/api/auth/user' },
    { label: 'users (default sort)', url: '/api/user' },
    { label: 'users q=smith', url: '/api/user?q=smith' },
    { label: 'users role=orders -created_at p5', url: '/api/user?filter[role]=orders&sort=-created_at&page=5' },
    { label: 'audit log', url: '/api/audit-log' },
    { label: 'audit entity=user action=update', url: '/api/audit-log?filter[entity]=user&filter[action]=update' },
    { label: 'audit last 30 days p3', url: `/api/audit-log?filter[from]=${from}&filter[to]=${day(now)}&page=3` },
    { label: 'audit actor_id=5', url: '/api/audit-log?filter[actor_id]=5' },
    { label: 'client errors', url: '/api/client-error' },
    { label: 'internal statuses', url: '/api/internal-status' },
    { label: 'dashboard', url: '/api/dashboard' },
  ];
}

/** Catalogue endpoints, with parameters read from the data the API serves; [] when there is no catalogue. */
async function catalogEndpoints(token: string, log: (m: string) => void): Promise<{ endpoints: Endpoint[]; note?: string }> {
  const probe = await getJson(token, '/api/product?per_page=100');
  if (probe.status !== 200) return { endpoints: [], note: `GET /api/product answered ${probe.status}: catalogue endpoints skipped` };
  const items = (probe.body?.data ?? []) as { id: number; title: string | null; variant_count?: number }[];
  const endpoints: Endpoint[] = [{ label: 'products', url: '/api/product' }];

  const titled = items.find((p) => p.title);
  const word = titled?.title?.split(/\s+/).find((w) => /^[A-Za-z]{4,}$/.test(w));
  if (word) endpoints.push({ label: `products q=${word.toLowerCase()}`, url: `/api/product?q=${encodeURIComponent(word.toLowerCase())}` });
  endpoints.push({ label: 'products brand_id=3', url: '/api/product?filter[brand_id]=3' });

  const several = items.find((p) => (p.variant_count ?? 0) >= 3) ?? items[0];
  if (several) {
    const detail = await getJson(token, `/api/product/${several.id}`);
    const variants = (detail.body?.data?.variants ?? []) as { sku: string; is_default?: boolean }[];
    const sku = (variants.find((v) => !v.is_default) ?? variants[0])?.sku;
    if (sku) endpoints.push({ label: `products q=<sku ${sku}>`, url: `/api/product?q=${encodeURIComponent(sku)}` });
    endpoints.push({ label: `product detail (${variants.length} variants)`, url: `/api/product/${several.id}` });
  }
  log(`catalogue: ${endpoints.length} endpoints`);
  return { endpoints };
}

interface EndpointResult {
  label: string;
  url: string;
  check_status: number;
  p50_ms: number;
  p90_ms: number;
  p99_ms: number;
  max_ms: number;
  avg_ms: number;
  req_per_s: number;
  requests: number;
  non2xx: number;
  /** 1-minute load average when the measurement started (2 cores: above ~2.5 means something else competes). */
  loadavg_1m: number;
  /** Responses per HTTP status during the measured run. */
  status_codes: Record<string, number>;
  errors: number;
  timeouts: number;
  pass: boolean;
}

async function measure(token: string, ep: Endpoint): Promise<EndpointResult> {
  const check = await getJson(token, ep.url);
  const opts = { url: BASE + enc(ep.url), connections: CONNECTIONS, headers: headersOf(token), timeout: 10 };
  await autocannon({ ...opts, duration: WARMUP });
  const loadavg = Math.round(os.loadavg()[0]! * 100) / 100;
  const r = await autocannon({ ...opts, duration: DURATION, title: ep.label });
  const res: EndpointResult = {
    label: ep.label,
    url: ep.url,
    check_status: check.status,
    p50_ms: r.latency.p50,
    p90_ms: r.latency.p90,
    p99_ms: r.latency.p99,
    max_ms: r.latency.max,
    avg_ms: Math.round(r.latency.average * 100) / 100,
    req_per_s: Math.round(r.requests.average),
    requests: r.requests.total,
    non2xx: r.non2xx,
    loadavg_1m: loadavg,
    status_codes: Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, v]) => [code, Number(v.count)])),
    errors: r.errors,
    timeouts: r.timeouts,
    pass: false,
  };
  res.pass = check.status === 200 && res.non2xx === 0 && res.errors === 0 && res.p99_ms < P99_BUDGET_MS;
  if (check.status !== 200) res.label += ` [${check.status}: ${JSON.stringify(check.body).slice(0, 120)}]`;
  return res;
}

// ───────────────────────────── database setup ─────────────────────────────

async function recreatePgDatabase(url: string) {
  const u = new URL(url);
  const name = u.pathname.slice(1);
  u.pathname = '/postgres';
  const client = new pg.Client({ connectionString: u.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}

/** Runs bench/generate.ts (migrations, seeds, data set) as a child process and reads its report. */
async function prepareInChild(env: Record<string, string>, log: (msg: string) => void): Promise<PrepareReport> {
  const reportAt = path.join(os.tmpdir(), `qm-bench-prepare-${process.pid}-${Date.now()}.json`);
  const proc = spawnChild('bench/generate.ts', [`--report=${reportAt}`], env, log);
  const code = await new Promise<number | null>((resolve) => proc.once('exit', (c) => resolve(c)));
  try {
    if (code !== 0) throw new Error(`generating the data set failed (exit ${code}):\n${childLog.slice(-30).join('\n')}`);
    return JSON.parse(fs.readFileSync(reportAt, 'utf8')) as PrepareReport;
  } finally {
    fs.rmSync(reportAt, { force: true });
  }
}

// ───────────────────────────── one backend ─────────────────────────────

/** Share of CPU time the machine spent busy over `ms` (before the bench starts: others' load). */
async function machineBusy(ms = 2000): Promise<number> {
  const snap = () => os.cpus().reduce((acc, c) => ({ idle: acc.idle + c.times.idle, total: acc.total + Object.values(c.times).reduce((a, b) => a + b, 0) }), { idle: 0, total: 0 });
  const a = snap();
  await new Promise((r) => setTimeout(r, ms));
  const b = snap();
  return Math.round((1 - (b.idle - a.idle) / Math.max(1, b.total - a.total)) * 100);
}

interface BackendResult {
  backend: Backend;
  date: string;
  machine: { cpus: number; cpu_model: string; memory_gib: number; node: string; platform: string; busy_before_pct?: number; loadavg_before?: number };
  load: { connections: number; duration_s: number; warmup_s: number; p99_budget_ms: number };
  database: string;
  /** How the API reached PostgreSQL (apiDatabaseUrl). */
  database_link?: 'unix socket' | 'tcp';
  timings: { prepare_ms: number; generate_ms: number; server_ready_ms?: number };
  generation?: GenerateReport;
  sizes?: Record<string, number>;
  endpoints: EndpointResult[];
  notes: string[];
  web?: WebReport;
  error?: string;
}

async function runBackend(backend: Backend, stamp: string, web: WebReport | undefined): Promise<BackendResult> {
  const log = (m: string) => console.log(`[${backend}] ${m}`);
  const result: BackendResult = {
    backend,
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpu_model: os.cpus()[0]?.model ?? '', memory_gib: Math.round(os.totalmem() / 2 ** 30), node: process.version, platform: `${os.platform()} ${os.release()}` },
    load: { connections: CONNECTIONS, duration_s: DURATION, warmup_s: WARMUP, p99_budget_ms: P99_BUDGET_MS },
    database: '',
    timings: { prepare_ms: 0, generate_ms: 0 },
    endpoints: [],
    notes: [],
    web,
  };
  let dataDir: string | undefined;
  let databaseUrl: string | undefined;
  try {
    if (backend === 'postgres') {
      databaseUrl = process.env.BENCH_DATABASE_URL || DEFAULT_PG_URL;
      if (databaseUrl === DEFAULT_PG_URL) {
        log('dropping and recreating qm_bench');
        await recreatePgDatabase(databaseUrl);
      }
      result.database = databaseUrl.replace(/\/\/[^@/]*@/, '//***@');
    } else {
      dataDir = path.join(BENCH_DIR, `.data-${stamp}`);
      tempDirs.add(dataDir);
      result.database = path.relative(ROOT, dataDir);
    }

    // Prepare (migrations + seeds) and generate in a child process, not in this one: this process
    // measures latency (autocannon runs in it), and after holding the load its own pauses showed in
    // the figures (a fresh run's word search p99 21–24 ms here, 10 ms with the load generated apart).
    const prepared = await prepareInChild(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir! }, log);
    result.timings.prepare_ms = prepared.prepare_ms;
    result.timings.generate_ms = prepared.generate_ms;
    result.generation = prepared.generation;
    result.sizes = prepared.sizes;
    for (const g of result.generation.generators) if (g.status === 'skipped') result.notes.push(`generator ${g.name} skipped: ${g.message}`);

    // Other processes on the box skew latency: record how busy it was just before the load test.
    result.machine.busy_before_pct = await machineBusy();
    result.machine.loadavg_before = Math.round(os.loadavg()[0]! * 100) / 100;
    if (result.machine.busy_before_pct > 15) {
      const note = `the machine was ${result.machine.busy_before_pct}% busy before the load test (other processes): figures are pessimistic`;
      result.notes.push(note);
      log(`warning: ${note}`);
    }

    let env: Record<string, string> = { DATA_DIR: dataDir! };
    if (databaseUrl) {
      const api = apiDatabaseUrl(databaseUrl);
      result.database_link = api.link;
      log(`the API reaches PostgreSQL over ${api.link === 'tcp' ? 'loopback TCP' : 'its Unix socket'}`);
      env = { DATABASE_URL: api.url };
    }
    const proc = startServer(env);
    result.timings.server_ready_ms = await waitReady(proc);
    log(`API ready in ${(result.timings.server_ready_ms / 1000).toFixed(1)} s`);
    const token = await login();

    const catalog = await catalogEndpoints(token, log);
    if (catalog.note) {
      result.notes.push(catalog.note);
      log(catalog.note);
    }
    const endpoints = [...coreEndpoints(), ...catalog.endpoints].filter((e) => !ONLY || e.label.includes(ONLY) || e.url.includes(ONLY));
    for (const ep of endpoints) {
      const r = await measure(token, ep);
      result.endpoints.push(r);
      log(`${r.label.padEnd(40)} p50 ${r.p50_ms} ms  p99 ${r.p99_ms} ms  ${r.req_per_s} req/s  non-2xx ${r.non2xx}  ${r.pass ? 'PASS' : 'FAIL'}`);
      if (proc.exitCode !== null) throw new Error(`the API exited during the load test:\n${childLog.slice(-20).join('\n')}`);
    }
    if (childLog.length) result.notes.push(`API log tail: ${childLog.slice(-5).join(' | ').slice(0, 1000)}`);
  } catch (err) {
    result.error = err instanceof Error ? err.message : String(err);
    console.error(`[${backend}] FAILED: ${result.error}`);
  } finally {
    await stopServer();
    if (dataDir) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      tempDirs.delete(dataDir);
    }
  }
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${backend}-${stamp}.json`);
  fs.writeFileSync(file, JSON.stringify(result, null, 2) + '\n');
  log(`results: ${path.relative(ROOT, file)}`);
  return result;
}

// ───────────────────────────── report ─────────────────────────────

function printTable(r: BackendResult) {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(`\n=== ${r.backend} (${r.database}) — ${r.date.slice(0, 16).replace('T', ' ')} UTC, ${r.machine.cpus} cores, ${CONNECTIONS} connections × ${DURATION} s ===`);
  if (r.machine.busy_before_pct !== undefined) console.log(`machine busy before the load test: ${r.machine.busy_before_pct}% (load ${r.machine.loadavg_before}); "load" column = 1-min load average at each start`);
  console.log(`prepare ${s(r.timings.prepare_ms)}, generate ${s(r.timings.generate_ms)}${r.timings.server_ready_ms ? `, API ready ${s(r.timings.server_ready_ms)}` : ''}`);
  if (r.sizes) console.log(`rows: ${Object.entries(r.sizes).map(([k, v]) => `${k} ${v.toLocaleString('en-US')}`).join(', ')}`);
  const head = ['endpoint', 'p50 ms', 'p99 ms', 'req/s', 'non-2xx/err', 'load', `p99 < ${P99_BUDGET_MS} ms`];
  const body = r.endpoints.map((e) => [
    e.label,
    String(e.p50_ms),
    String(e.p99_ms),
    String(e.req_per_s),
    e.non2xx + e.errors === 0
      ? '0'
      : [
          ...Object.entries(e.status_codes).filter(([c]) => !c.startsWith('2')).map(([c, n]) => `${n}×${c}`),
          ...(e.timeouts ? [`${e.timeouts} timeouts`] : []),
          ...(e.errors - e.timeouts > 0 ? [`${e.errors - e.timeouts} errors`] : []),
        ].join(' '),
    e.loadavg_1m.toFixed(1),
    e.pass ? 'PASS' : `FAIL${e.p99_ms >= P99_BUDGET_MS ? ` (+${e.p99_ms - P99_BUDGET_MS} ms)` : ''}`,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of body) console.log(line(row));
  for (const n of r.notes) console.log(`note: ${n}`);
  if (r.error) console.log(`ERROR: ${r.error}`);
}

function printWeb(w: WebReport | undefined) {
  if (!w) return;
  console.log('\n=== SPA: JavaScript loaded by the login page ===');
  if (!w.built || !w.initial) {
    console.log(`web not built: ${w.reason ?? 'unknown reason'}`);
    return;
  }
  const kb = (b: number) => `${(b / 1000).toFixed(1)} kB`;
  for (const f of w.initial.files) console.log(`  ${f.file.padEnd(48)} ${kb(f.bytes).padStart(10)}  gzip ${kb(f.gzip).padStart(9)}`);
  console.log(
    `initial JS (entry + static imports, ${w.initial.files.length} files): ${kb(w.initial.bytes)}, gzip ${kb(w.initial.gzip)} — budget ${kb(WEB_BUDGET_GZIP_BYTES)}: ${w.initial.pass ? 'PASS' : 'FAIL'}`,
  );
  if (w.loginScreen)
    console.log(`with the lazy login route chunk(s) (${w.loginScreen.extraFiles.map((f) => f.file).join(', ')}): gzip ${kb(w.loginScreen.gzip)} (informational)`);
  if (w.css) console.log(`render-blocking CSS: gzip ${kb(w.css.gzip)} (${w.css.files.length} files, not budgeted)`);
  if (w.allJs) console.log(`all JS in dist: ${w.allJs.count} files, gzip ${kb(w.allJs.gzip)}`);
  if (w.manifestAgrees === false) console.log('note: the Vite manifest lists a different static import set than index.html + imports; the union is counted');
}

// ───────────────────────────── main ─────────────────────────────

async function main() {
  const started = performance.now();
  const list = await backends();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
  console.log(`Quartermaster bench: backends ${list.join(', ')}; ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per endpoint`);
  const web = NO_WEB ? undefined : measureWeb(ROOT, (m) => console.log(`[web] ${m}`));
  const results: BackendResult[] = [];
  for (const b of list) results.push(await runBackend(b, stamp, web));
  for (const r of results) printTable(r);
  printWeb(web);
  console.log(`\nbench finished in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const failed = results.some((r) => r.error);
  process.exitCode = failed ? 1 : 0;
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(async () => {
    await stopServer();
    cleanupDirs();
  });

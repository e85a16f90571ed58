/**
 * `npm run bench:login`: the console's login route against a minimal react-admin app (bench/react-admin:
 * react-admin's own login page and one list), in the same run and the same browser (Chromium through
 * Playwright). Both are built for production (Vite) into a temporary directory and served by one small
 * static server with gzip, as a production web server would; each load is a fresh browser context
 * (nothing cached). Per load: the JavaScript transferred (bytes on the wire, gzip) until the network
 * is idle, and the time from navigation start to the sign-in form being on screen (the email /
 * username field present and laid out, at the next animation frame). Medians of N loads, then ratios.
 *
 *   --runs=15           loads per app (alternating)
 *   --qm-dist=<dir>     measure this build of the console instead of building apps/web (e.g. an older one)
 *   --cpu-throttle=1    Chromium CPU slowdown factor (4 ≈ a mid-range laptop on battery)
 *
 * react-admin is installed (npm, versions pinned in bench/react-admin/package.json) into
 * <tmp>/qm-bench-react-admin the first time, and again only when that package.json changes: it stays
 * out of the project's own `npm install`.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(BENCH_DIR, '..');
const WEB = path.join(ROOT, 'apps/web');
const RA_SRC = path.join(BENCH_DIR, 'react-admin');
const RA_DIR = path.join(os.tmpdir(), 'qm-bench-react-admin');
const OUT = fs.mkdtempSync(path.join(os.tmpdir(), 'qm-bench-login-'));

function arg(name: string): string | undefined {
  const hit = process.argv.slice(2).find((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  return hit?.includes('=') ? hit.slice(hit.indexOf('=') + 1) : hit ? 'true' : undefined;
}
const RUNS = Number(arg('runs') ?? 15);
const CPU_THROTTLE = Number(arg('cpu-throttle') ?? 1);
const QM_DIST = arg('qm-dist');
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error('--runs must be a positive whole number');

// ───────────────────────────── builds ─────────────────────────────

const webRequire = createRequire(path.join(WEB, 'package.json'));
/** The part of Vite's API used here (Vite is a dependency of apps/web, resolved from there). */
interface ViteModule {
  build(config: Record<string, unknown>): Promise<unknown>;
}
const importFrom = async <T>(id: string) => (await import(pathToFileURL(webRequire.resolve(id)).href)) as T;

function installReactAdmin(): void {
  const wanted = fs.readFileSync(path.join(RA_SRC, 'package.json'), 'utf8');
  const stamp = path.join(RA_DIR, '.installed-package.json');
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === wanted && fs.existsSync(path.join(RA_DIR, 'node_modules/react-admin'))) return;
  console.log(`installing react-admin into ${RA_DIR} (once) …`);
  fs.mkdirSync(RA_DIR, { recursive: true });
  fs.writeFileSync(path.join(RA_DIR, 'package.json'), wanted);
  const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', '--no-package-lock'], { cwd: RA_DIR, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('npm install of the react-admin app failed');
  fs.writeFileSync(stamp, wanted);
}

async function buildAll(): Promise<{ qm: string; ra: string }> {
  const vite = await importFrom<ViteModule>('vite');
  const { default: react } = await importFrom<{ default: () => unknown }>('@vitejs/plugin-react');
  let qm = QM_DIST ? path.resolve(QM_DIST) : path.join(OUT, 'qm');
  if (!QM_DIST) {
    console.log('building the console …');
    await vite.build({ root: WEB, configFile: path.join(WEB, 'vite.config.ts'), mode: 'production', logLevel: 'warn', build: { outDir: qm, emptyOutDir: true, sourcemap: false } });
  }
  if (!fs.existsSync(path.join(qm, 'index.html'))) throw new Error(`no index.html in ${qm}`);
  installReactAdmin();
  fs.rmSync(path.join(RA_DIR, 'src'), { recursive: true, force: true });
  fs.cpSync(path.join(RA_SRC, 'src'), path.join(RA_DIR, 'src'), { recursive: true });
  fs.copyFileSync(path.join(RA_SRC, 'index.html'), path.join(RA_DIR, 'index.html'));
  const ra = path.join(OUT, 'react-admin');
  console.log('building the react-admin app …');
  await vite.build({ root: RA_DIR, configFile: false, mode: 'production', logLevel: 'warn', plugins: [react()], build: { outDir: ra, emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 5000 } });
  qm = path.resolve(qm);
  return { qm, ra };
}

// ───────────────────────────── serving ─────────────────────────────

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.woff2': 'font/woff2', '.svg': 'image/svg+xml', '.json': 'application/json' };

/** Static files with gzip (level 6, as nginx and most CDNs) for text; unknown paths without an extension get index.html. */
function serve(dir: string): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = path.join(dir, path.normalize(pathname).replace(/^([/\\])+/, ''));
    if (!file.startsWith(dir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      if (path.extname(pathname) || pathname.startsWith('/api/')) {
        res.writeHead(404).end();
        return;
      }
      file = path.join(dir, 'index.html');
    }
    const ext = path.extname(file);
    const body = fs.readFileSync(file);
    const headers: Record<string, string> = { 'content-type': TYPES[ext] ?? 'application/octet-stream', 'cache-control': 'no-store' };
    const gzip = ext !== '.woff2' && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const out = gzip ? zlib.gzipSync(body, { level: 6 }) : body;
    if (gzip) headers['content-encoding'] = 'gzip';
    headers['content-length'] = String(out.length);
    res.writeHead(200, headers).end(out);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, close: () => server.close() })));
}

// ───────────────────────────── measuring ─────────────────────────────

interface Load {
  jsBytes: number;
  jsFiles: number;
  formMs: number;
}

/**
 * Records when `selector` is in the page and laid out, at the next animation frame (≈ the paint that
 * shows it), in `window.__formAt`. A string: a function from this file would carry the transpiler's helpers.
 */
const watchForm = (selector: string) => `(() => {
  const check = () => {
    const el = document.querySelector(${JSON.stringify(selector)});
    if (!el || el.getBoundingClientRect().height === 0) return false;
    requestAnimationFrame(() => { if (window.__formAt === undefined) window.__formAt = performance.now(); });
    return true;
  };
  const observer = new MutationObserver(() => { if (check()) observer.disconnect(); });
  observer.observe(document, { childList: true, subtree: true, attributes: true });
})();`;

async function load(browser: Browser, url: string, selector: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  if (CPU_THROTTLE > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
  }
  const sizes: Promise<number>[] = [];
  page.on('requestfinished', (req) => {
    if (req.resourceType() === 'script') sizes.push(req.sizes().then((s) => s.responseBodySize));
  });
  await page.addInitScript({ content: watchForm(selector) });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => (window as unknown as { __formAt?: number }).__formAt !== undefined, undefined, { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const formMs = await page.evaluate(() => (window as unknown as { __formAt: number }).__formAt);
  const bytes = await Promise.all(sizes);
  await context.close();
  return { jsBytes: bytes.reduce((a, b) => a + b, 0), jsFiles: bytes.length, formMs };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function main() {
  const { qm, ra } = await buildAll();
  const [qmServer, raServer] = [await serve(qm), await serve(ra)];
  const apps = [
    { name: 'Quartermaster /auth/login', url: `${qmServer.url}/auth/login`, selector: 'input[name="email"]', loads: [] as Load[] },
    { name: 'react-admin /#/login', url: `${raServer.url}/#/login`, selector: 'input[name="username"]', loads: [] as Load[] },
  ];
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    // One warm-up load each (the browser process itself), not counted.
    for (const app of apps) await load(browser, app.url, app.selector);
    for (let i = 0; i < RUNS; i += 1) {
      const order = i % 2 === 0 ? apps : [...apps].reverse();
      for (const app of order) app.loads.push(await load(browser, app.url, app.selector));
    }
  } finally {
    await browser.close();
    qmServer.close();
    raServer.close();
  }

  const rows = apps.map((a) => ({
    name: a.name,
    jsBytes: median(a.loads.map((l) => l.jsBytes)),
    jsFiles: median(a.loads.map((l) => l.jsFiles)),
    formMs: median(a.loads.map((l) => l.formMs)),
    formMsMin: Math.min(...a.loads.map((l) => l.formMs)),
    formMsMax: Math.max(...a.loads.map((l) => l.formMs)),
  }));
  const [mine, theirs] = rows as [(typeof rows)[0], (typeof rows)[0]];
  const ratios = { js: mine.jsBytes / theirs.jsBytes, time: mine.formMs / theirs.formMs };
  console.log(`\nLogin route, median of ${RUNS} cold loads each (Chromium, CPU ×${CPU_THROTTLE}, gzip level 6):`);
  console.log('| app | JS transferred (gzip) | JS files | form on screen (ms, median) | min–max |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const r of rows) console.log(`| ${r.name} | ${(r.jsBytes / 1000).toFixed(1)} kB | ${r.jsFiles} | ${r.formMs.toFixed(0)} | ${r.formMsMin.toFixed(0)}–${r.formMsMax.toFixed(0)} |`);
  console.log(`\nratios (Quartermaster / react-admin): JS ${ratios.js.toFixed(2)}× (goal ≤ 0.50), time to form ${ratios.time.toFixed(2)}× (goal ≤ 0.60)`);

  const resultsDir = path.join(BENCH_DIR, 'results');
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `login-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), runs: RUNS, cpuThrottle: CPU_THROTTLE, qmDist: QM_DIST ?? null, machine: { cpus: os.cpus().length, load: os.loadavg() }, rows, ratios, loads: apps.map((a) => ({ name: a.name, loads: a.loads })) }, null, 2));
  console.log(`written ${path.relative(ROOT, file)}`);
  fs.rmSync(OUT, { recursive: true, force: true });
}

main().catch((e: unknown) => {
  console.error(e);
  fs.rmSync(OUT, { recursive: true, force: true });
  process.exit(1);
});

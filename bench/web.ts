/**
 * Size of the JavaScript the login page loads before it can render: the entry script(s) of
 * apps/web/dist/index.html plus everything they import statically (transitively), gzip-compressed.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const WEB_BUDGET_GZIP_BYTES = 200 * 1000;

export interface WebFile {
  file: string;
  bytes: number;
  gzip: number;
}

export interface WebReport {
  built: boolean;
  /** Why the numbers are missing (build failed, …). */
  reason?: string;
  /** `npm run build` was run by the bench (dist was missing). */
  builtByBench?: boolean;
  /** Entry + static imports: the budgeted figure. */
  initial?: { files: WebFile[]; bytes: number; gzip: number; pass: boolean };
  /** Render-blocking CSS of index.html (reported, not budgeted). */
  css?: { files: WebFile[]; bytes: number; gzip: number };
  /** Initial JS plus the lazily loaded login route chunk(s) and their static imports (informational). */
  loginScreen?: { extraFiles: WebFile[]; bytes: number; gzip: number };
  /** Every JS file in dist, for scale. */
  allJs?: { count: number; bytes: number; gzip: number };
  /** What the Vite manifest says the entry imports statically, when there is one (cross-check). */
  manifestAgrees?: boolean;
}

const attr = (tag: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];

/** Static `import … from "x"`, `import "x"`, `export … from "x"`; not `import("x")`. */
const STATIC_IMPORT = /(?:^|[^\w$.])(?:import|export)\s*(?:[\w$*{}\s,]*?\s*from\s*)?["']([^"']+)["']/g;
const DYNAMIC_IMPORT = /(?:^|[^\w$.])import\s*\(\s*["']([^"']+)["']\s*\)/g;

function sizeOf(file: string, dist: string): WebFile {
  const buf = fs.readFileSync(file);
  return { file: path.relative(dist, file), bytes: buf.length, gzip: zlib.gzipSync(buf, { level: 9 }).length };
}

function resolveRef(ref: string, fromDir: string, dist: string): string | undefined {
  if (/^(?:[a-z]+:)?\/\//i.test(ref) || ref.startsWith('data:')) return undefined;
  const clean = ref.split(/[?#]/)[0]!;
  const file = clean.startsWith('/') ? path.join(dist, clean) : clean.startsWith('.') ? path.resolve(fromDir, clean) : undefined;
  return file && fs.existsSync(file) ? file : undefined;
}

/** The files reachable from `roots` through static imports. */
function staticClosure(roots: string[], dist: string): Set<string> {
  const seen = new Set<string>();
  const todo = [...roots];
  while (todo.length) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = fs.readFileSync(file, 'utf8');
    for (const m of code.matchAll(STATIC_IMPORT)) {
      const dep = resolveRef(m[1]!, path.dirname(file), dist);
      if (dep && dep.endsWith('.js') && !seen.has(dep)) todo.push(dep);
    }
  }
  return seen;
}

const total = (files: WebFile[]) => ({ bytes: files.reduce((s, f) => s + f.bytes, 0), gzip: files.reduce((s, f) => s + f.gzip, 0) });

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

export function measureWeb(root: string, log: (m: string) => void = console.log): WebReport {
  const dist = path.join(root, 'apps/web/dist');
  let builtByBench = false;
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    log('apps/web/dist is missing: running npm run build -w @qm/web …');
    const r = spawnSync('npm', ['run', 'build', '-w', '@qm/web'], { cwd: root, encoding: 'utf8', timeout: 300_000 });
    if (r.status !== 0 || !fs.existsSync(path.join(dist, 'index.html'))) {
      const tail = `${r.stdout ?? ''}\n${r.stderr ?? ''}`.trim().split('\n').slice(-8).join('\n');
      log(`web not built:\n${tail}`);
      return { built: false, reason: `npm run build -w @qm/web failed (exit ${r.status ?? r.signal}): ${tail.slice(-600)}` };
    }
    builtByBench = true;
  }

  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const tags = html.match(/<(?:script|link)\b[^>]*>/gi) ?? [];
  const roots: string[] = [];
  const cssFiles: string[] = [];
  for (const tag of tags) {
    if (/^<script/i.test(tag)) {
      const src = attr(tag, 'src');
      const f = src && resolveRef(src, dist, dist);
      if (f) roots.push(f);
    } else {
      const rel = attr(tag, 'rel')?.toLowerCase();
      const href = attr(tag, 'href');
      const f = href && resolveRef(href, dist, dist);
      if (!f) continue;
      if (rel === 'modulepreload') roots.push(f);
      if (rel === 'stylesheet') cssFiles.push(f);
    }
  }
  const initialSet = staticClosure(roots, dist);

  // Cross-check with the Vite manifest (entry → `imports`, transitively) when the build wrote one.
  let manifestAgrees: boolean | undefined;
  const loginRoots: string[] = [];
  const manifestPath = path.join(dist, '.vite/manifest.json');
  if (fs.existsSync(manifestPath)) {
    const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<
      string,
      { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }
    >;
    // The login route's lazy chunk: a dynamic import of an entry whose source path names "login".
    for (const chunk of Object.values(manifest))
      if (chunk.isEntry)
        for (const key of chunk.dynamicImports ?? [])
          if (/login|sign-?in/i.test(key) && manifest[key]) loginRoots.push(path.join(dist, manifest[key]!.file));
    const fromManifest = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk) return;
      const file = path.join(dist, chunk.file);
      if (fromManifest.has(file)) return;
      fromManifest.add(file);
      for (const dep of chunk.imports ?? []) visit(dep);
    };
    for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
    const jsOnly = [...fromManifest].filter((f) => f.endsWith('.js'));
    manifestAgrees = jsOnly.length === initialSet.size && jsOnly.every((f) => initialSet.has(f));
    for (const f of jsOnly) initialSet.add(f); // never under-count
  }

  const initialFiles = [...initialSet].map((f) => sizeOf(f, dist)).sort((a, b) => b.gzip - a.gzip);
  const initial = { files: initialFiles, ...total(initialFiles), pass: false };
  initial.pass = initial.gzip <= WEB_BUDGET_GZIP_BYTES;

  // Without a manifest: dynamic imports of the initial files whose file name says "login".
  if (!loginRoots.length) {
    for (const file of initialSet) {
      const code = fs.readFileSync(file, 'utf8');
      for (const m of code.matchAll(DYNAMIC_IMPORT)) {
        const dep = resolveRef(m[1]!, path.dirname(file), dist);
        if (dep && /login|sign-?in/i.test(path.basename(dep))) loginRoots.push(dep);
      }
    }
  }
  const extra = [...staticClosure(loginRoots, dist)].filter((f) => !initialSet.has(f)).map((f) => sizeOf(f, dist));
  const loginScreen = extra.length ? { extraFiles: extra, bytes: initial.bytes + total(extra).bytes, gzip: initial.gzip + total(extra).gzip } : undefined;

  const css = cssFiles.map((f) => sizeOf(f, dist));
  const allJsFiles = walk(dist).filter((f) => f.endsWith('.js')).map((f) => sizeOf(f, dist));
  return {
    built: true,
    builtByBench,
    initial,
    css: { files: css, ...total(css) },
    loginScreen,
    allJs: { count: allJsFiles.length, ...total(allJsFiles) },
    manifestAgrees,
  };
}

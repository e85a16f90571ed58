/**
 * The login route's first download has a budget, so it cannot grow as screens are added: a production
 * build (in memory) is made, and the entry chunk of index.html plus every chunk it imports statically —
 * what a first visit to /auth/login runs before the form shows — must stay under LOGIN_JS_BUDGET_GZIP
 * and hold none of the console (component library, query cache, router, zod, the route table, screens).
 */
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { build, type Rolldown } from 'vite';

/** gzip level 9 bytes: React and ReactDOM are ~64 kB of it (75 kB in all when it was set): the form, its API client and the entry the rest. */
export const LOGIN_JS_BUDGET_GZIP = 80_000;

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type Chunk = Rolldown.OutputChunk;

async function loginChunks(): Promise<Chunk[]> {
  // A production build as `npm run build` makes it (Vitest sets NODE_ENV=test: React's development build).
  const before = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  let result: Awaited<ReturnType<typeof build>>;
  try {
    result = await build({ root: WEB, configFile: path.join(WEB, 'vite.config.ts'), mode: 'production', logLevel: 'silent', build: { write: false, sourcemap: false } });
  } finally {
    process.env.NODE_ENV = before;
  }
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => ('output' in r ? r.output : []));
  const chunks = new Map(outputs.filter((o): o is Chunk => o.type === 'chunk').map((c) => [c.fileName, c]));
  const entry = [...chunks.values()].find((c) => c.isEntry);
  if (!entry) throw new Error('no entry chunk in the build');
  const seen = new Map<string, Chunk>();
  const todo = [entry.fileName];
  while (todo.length) {
    const name = todo.pop()!;
    if (seen.has(name)) continue;
    const chunk = chunks.get(name)!;
    seen.set(name, chunk);
    todo.push(...chunk.imports);
  }
  return [...seen.values()];
}

describe('the login route', () => {
  it(`loads at most ${LOGIN_JS_BUDGET_GZIP / 1000} kB gzip of JavaScript, none of it the console`, async () => {
    const chunks = await loginChunks();
    const gzip = chunks.reduce((sum, c) => sum + gzipSync(c.code, { level: 9 }).length, 0);
    const modules = chunks.flatMap((c) => Object.entries(c.modules).filter(([, m]) => m.renderedLength > 0).map(([id]) => id.replace(/\\/g, '/')));
    const console_ = modules.filter((id) =>
      /node_modules\/(@mantine|@tanstack|react-router|zod|react-hook-form|dayjs|rollbar|@floating-ui)\//.test(id) ||
      /packages\/contracts\/src\/routes\.ts$/.test(id) ||
      (/apps\/web\/src\/features\//.test(id) && !/features\/auth\/parts\//.test(id)) ||
      /apps\/web\/src\/(ui|app\/(router|Layout|App|screens))/.test(id),
    );
    expect(console_, 'modules of the console in the login entry').toEqual([]);
    expect(gzip, `login JS ${gzip} bytes gzip (${chunks.map((c) => c.fileName).join(', ')})`).toBeLessThanOrEqual(LOGIN_JS_BUDGET_GZIP);
  }, 180_000);
});

/**
 * The console runs under a Content Security Policy without 'unsafe-eval' (script-src 'self'). zod 4
 * compiles object parsers with `new Function` when it may — and finds out whether it may by calling
 * it, which the browser reports as a policy violation on the first form a page validates. zod's
 * `jitless` setting turns both off (parsing is interpreted; the console's forms are small).
 *
 * zod keeps its settings on `globalThis.__zod_globalConfig` (shared by every copy of zod on the page)
 * and adopts an object already there. Setting it here, in the first module main.tsx imports, makes
 * it hold before any schema parses, without pulling zod into the login screen's bundle
 * (`z.config()` would; see vite.config.ts). csp.test.ts checks that zod still reads it.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });

export {};

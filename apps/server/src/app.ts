import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '@qm/contracts';
import type { Config } from './config.js';
import type { Database } from './db/connect.js';
import { listenForSessionChanges, registerAuth, type RouteAccess } from './http/auth.js';
import { AppError, body, registerErrorHandling } from './http/errors.js';
import { registerInputGuard } from './http/input.js';
import { parseQueryString } from './http/querystring.js';
import type { Kit } from './http/kit.js';
import { MODULES } from './modules/index.js';
import { JobRunner } from './jobs/runner.js';
import { Exports } from './files/exports.js';

export interface App {
  app: FastifyInstance;
  /** Every API route with the permission it needs. */
  routes: RouteAccess[];
  /** The background job runner (started when the app is ready, stopped when it closes). */
  jobs: JobRunner;
  exports: Exports;
}

export async function buildApp(config: Config, database: Database, opts: { logger?: boolean } = {}): Promise<App> {
  const headers = { ...securityHeaders() };
  const app = Fastify({
    logger:
      opts.logger === false || config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-rollbar-access-token"]', 'res.headers.authorization', 'res.headers["set-cookie"]', 'req.body.secret', 'secret', '*.secret', 'password', '*.password'] },
    genReqId: (req) => (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || crypto.randomUUID(),
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // JSON bodies with `__proto__`, or `constructor.prototype`, are refused (400), not cleaned: these
    // are fastify's defaults, stated so that no one turns them off unknowingly.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    routerOptions: { querystringParser: parseQueryString, ignoreTrailingSlash: false },
    // A URL the router cannot read (bad percent-encoding, an over-long parameter) is refused before
    // any route is found: in the error shape of every other answer, without echoing the URL.
    frameworkErrors: (error, _request, res) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      const reply = res as unknown as FastifyReply;
      reply.headers(headers);
      return reply.status(status).send(body(ERROR_CODES.validation, status === 414 ? 'A part of the URL is too long' : 'The URL is malformed'));
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(headers);
    reply.header('x-request-id', req.id);
    done();
  });
  registerErrorHandling(app);
  registerInputGuard(app);

  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) =>
      new AppError(429, 'rate_limited', `Too many requests. Try again in ${Math.ceil(ctx.ttl / 1000)} seconds.`, undefined, {
        'retry-after': String(Math.ceil(ctx.ttl / 1000)),
      }) as unknown as object,
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Quartermaster API', version: '0.1.0', description: 'Back-office API. Send `Authorization: Bearer <token>` from `POST /api/auth/login`.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, uiConfig: { docExpansion: 'list' } });

  const routes: RouteAccess[] = [];
  registerAuth(app, database.db, routes, { idleMinutes: config.sessionIdleMinutes });
  // Sessions are kept per process only while it hears their changes; not through a transaction-mode
  // pooler (DB_PREPARED_STATEMENTS=off), where LISTEN does not work.
  let stopListening: (() => Promise<void>) | undefined;
  if (config.dbPreparedStatements || database.kind === 'pglite')
    app.addHook('onReady', async () => {
      stopListening = await listenForSessionChanges(database);
    });
  app.addHook('onClose', async () => stopListening?.());

  const jobs = new JobRunner(database, { concurrency: config.jobConcurrency, pollSeconds: config.jobPollSeconds });
  const exports = new Exports(jobs, config.exportKeepDays);
  app.decorate('checkResponses', config.env === 'test');
  const kit: Kit = { app, db: database.db, database, config, jobs, exports };
  for (const register of MODULES) register(kit);
  // The queue starts once every module has defined its job kinds: every process queues jobs; those
  // with JOB_CONCURRENCY > 0 also run them.
  app.addHook('onReady', async () => {
    await jobs.start();
  });
  app.addHook('preClose', async () => {
    await jobs.stop();
  });

  // The SPA: built files, and index.html for every client-side route.
  const indexHtml = path.join(config.webDist, 'index.html');
  if (fs.existsSync(indexHtml)) {
    await app.register(fastifyStatic, { root: config.webDist, wildcard: false, index: false, maxAge: '1y', immutable: true });
    const page = consolePage(indexHtml);
    app.get('/*', { config: { public: true } }, (req, reply) => {
      const pathname = req.url.split('?')[0]!;
      if (pathname === '/api' || pathname.startsWith('/api/')) return reply.callNotFound();
      if (isNavigation(pathname, req.headers.accept)) return reply.header('cache-control', 'no-cache').type('text/html').send(page());
      // a file a build added since the start (the static routes are the files found then); missing: 404
      return reply.sendFile(pathname);
    });
  } else {
    app.get('/', { config: { public: true } }, (_req, reply) =>
      reply.type('text/plain').send('The console is not built. Run `npm run build` (or `npm start`, which builds it).'),
    );
  }

  return { app, routes, jobs, exports };
}

/**
 * The console's page as the build left it: read again when the file changes, so a running process
 * answers with the new build's page and files (the old build's scripts are gone). While a build
 * rewrites the folder the file may be missing for a moment: the last page read is served until then.
 */
function consolePage(file: string): () => string {
  let html = fs.readFileSync(file, 'utf8');
  let stamp = fs.statSync(file).mtimeMs;
  return () => {
    const now = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs;
    if (now !== undefined && now !== stamp) {
      try {
        html = fs.readFileSync(file, 'utf8');
        stamp = now;
      } catch {
        // gone again between the two calls: keep the last page
      }
    }
    return html;
  };
}

/**
 * Whether a request the static files did not answer is a navigation to a client-side route (answered
 * with the console's index.html) rather than a missing file (404). Nothing under /assets/ is a route;
 * elsewhere a path whose last segment has a file extension is a file unless the browser asks for a
 * page (Accept: text/html). A missing script answered with index.html and a 200 would be cached
 * for a year and fail as a syntax error.
 */
export function isNavigation(pathname: string, accept: string | undefined): boolean {
  if (pathname.startsWith('/assets/')) return false;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  if (!/\.[A-Za-z0-9]{1,8}$/.test(last)) return true;
  return /(^|,)\s*text\/html\b/i.test(accept ?? '');
}

/**
 * The security headers of every response (helmet's defaults and our policy), worked out once:
 * they do not depend on the request, and building them per request cost more than the list query.
 */
function securityHeaders(): Record<string, string> {
  const out: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number) => void (out[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete out[name.toLowerCase()],
  };
  helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'", ...(process.env.ERROR_REPORT_ORIGIN ? [process.env.ERROR_REPORT_ORIGIN] : [])],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    })({} as never, res as never, () => {});
  return out;
}

/**
 * How an area adds endpoints. An area is a module: a function given the kit (`Kit`), listed once in
 * `modules/index.ts`. Its endpoints are
 *
 * - lists: `registerList` (a `ListSpec`: paging, sorting, filters, search, exports);
 * - resources: `registerCrud` (table-backed) or `registerResource` (reads and writes as functions);
 * - everything else: `action` — one typed definition that always states who may call it and the
 *   schemas of its path, query, body and answers, so the API docs, the authorization matrix and the
 *   fuzz tests see every endpoint.
 *
 * The kit (this folder, `db/`, `jobs/`, `files/`) imports no area; areas import the kit.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Permission } from '@qm/contracts';
import type { Config } from '../config.js';
import type { Database, Db } from '../db/connect.js';
import type { Exports } from '../files/exports.js';
import type { JobRunner } from '../jobs/runner.js';

/** What a module is given to register its endpoints, job kinds and exports. */
export interface Kit {
  app: FastifyInstance;
  db: Db;
  database: Database;
  config: Config;
  jobs: JobRunner;
  exports: Exports;
}

/** An area: registers its endpoints (and job kinds, exports) on the kit. */
export type Module = (kit: Kit) => void;

/**
 * Who may call an endpoint: one permission or any of several; `signed-in` for any signed-in user
 * (the handler scopes what it answers to the caller); `public` for guests too.
 */
export type Access = Permission | readonly Permission[] | 'signed-in' | 'public';

type Schema = z.ZodType;
type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;

export interface ActionDef<P extends Schema | undefined, Q extends Schema | undefined, B extends Schema | undefined> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Full path, e.g. `/api/user/:id/password`. */
  url: string;
  access: Access;
  tags: string[];
  summary: string;
  params?: P;
  query?: Q;
  /** The JSON body; writes without one (an action on the path's item) leave it out. */
  body?: B;
  /** Answers by status; the first is the success. `204: z.null()` for none. */
  response: Record<number, Schema>;
  /** Route options passed through (rate limits, body limit). */
  options?: Pick<RouteShorthandOptions, 'bodyLimit'> & {
    rateLimit?: { max: number; timeWindow: string };
    /** Also accept the browser error reporter's access token header as the session (http/auth.ts). */
    reporterToken?: true;
  };
  handler: (req: FastifyRequest & { params: Infer<P>; query: Infer<Q>; body: Infer<B> }, reply: FastifyReply) => Promise<unknown>;
}

/** The route config that the auth hook reads (own properties only, see http/auth.ts). */
export function accessConfig(access: Access): { public?: true; permission?: Permission | readonly Permission[] } {
  if (access === 'public') return { public: true };
  if (access === 'signed-in') return {};
  return { permission: access };
}

/** Registers one endpoint that is not a list or a resource (see the file's comment). */
export function action<P extends Schema | undefined = undefined, Q extends Schema | undefined = undefined, B extends Schema | undefined = undefined>(
  app: FastifyInstance,
  def: ActionDef<P, Q, B>,
): void {
  const { rateLimit, reporterToken, ...rest } = def.options ?? {};
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: def.url,
    ...rest,
    config: { ...accessConfig(def.access), ...(rateLimit && { rateLimit }), ...(reporterToken && { reporterToken }) },
    schema: {
      tags: def.tags,
      summary: def.summary,
      ...(def.params && { params: def.params }),
      ...(def.query && { querystring: def.query }),
      ...(def.body && { body: def.body }),
      response: def.response,
    },
    handler: def.handler as never,
  });
}

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
import { unauthenticated } from './errors.js';

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
 * (the handler scopes what it answers to the caller); `public` for guests too; a `KeyAccess` for a
 * machine that holds an API key instead of a session (a store's website sending orders).
 */
export type Access = Permission | readonly Permission[] | 'signed-in' | 'public' | KeyAccess;

/**
 * An endpoint called with an API key, not a session: the key comes as `Authorization: Bearer <key>`
 * or in `header`. The key is checked before the body is read (like a session): no key, or one that
 * `verify` does not know (unknown, revoked), is a 401 and nothing else happens. The holder is
 * `request.keyHolder` in the handler. Sessions never open such an endpoint.
 */
export interface KeyAccess {
  /** What the key is called in the API docs and messages (`store API key`). */
  kind: string;
  /** The header that may carry the key besides Authorization (lower case, e.g. `x-store-key`). */
  header: string;
  /** Who holds the key, or null when it is unknown or revoked. */
  verify: (key: string, request: FastifyRequest) => Promise<KeyHolder | null>;
}

/** Who called a key endpoint: the key and what it belongs to (a store). */
export interface KeyHolder {
  keyId: number;
  ownerId: number;
  label: string;
}

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
  };
  handler: (req: FastifyRequest & { params: Infer<P>; query: Infer<Q>; body: Infer<B> }, reply: FastifyReply) => Promise<unknown>;
}

/** The route config that the auth hook reads (own properties only, see http/auth.ts). */
export function accessConfig(access: Access): { public?: true; permission?: Permission | readonly Permission[]; apiKey?: string } {
  if (access === 'public') return { public: true };
  if (access === 'signed-in') return {};
  if (isKeyAccess(access)) return { apiKey: access.kind };
  return { permission: access };
}

const isKeyAccess = (access: Access): access is KeyAccess => typeof access === 'object' && !Array.isArray(access) && 'verify' in access;

/** The key a request carries for a key endpoint: the bearer token, else the named header. */
function keyOf(request: FastifyRequest, header: string): string | null {
  const h = request.headers.authorization;
  const bearer = h ? /^Bearer\s+(\S+)$/i.exec(h)?.[1] : undefined;
  const named = request.headers[header];
  const key = bearer ?? (typeof named === 'string' ? named.trim() : undefined);
  return key && key.length <= 200 ? key : null;
}

/** Registers one endpoint that is not a list or a resource (see the file's comment). */
export function action<P extends Schema | undefined = undefined, Q extends Schema | undefined = undefined, B extends Schema | undefined = undefined>(
  app: FastifyInstance,
  def: ActionDef<P, Q, B>,
): void {
  const { rateLimit, ...rest } = def.options ?? {};
  const access = def.access;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: def.url,
    ...rest,
    ...(isKeyAccess(access) && {
      // After the kit's session hook, still before the body is parsed.
      onRequest: async (request: FastifyRequest) => {
        const key = keyOf(request, access.header);
        if (!key) throw unauthenticated(`Send the ${access.kind} as Authorization: Bearer <key> or ${access.header}`);
        const holder = await access.verify(key, request);
        if (!holder) throw unauthenticated(`This ${access.kind} is not valid or was revoked`);
        request.keyHolder = holder;
      },
    }),
    config: { ...accessConfig(def.access), ...(rateLimit && { rateLimit }) },
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

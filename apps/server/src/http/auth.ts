import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isAllowed, permissionsOfRoles, type Permission } from '@qm/contracts';
import pg from 'pg';
import { queryOne, type Database, type Db } from '../db/connect.js';
import type { Actor } from '../db/audit.js';
import { BoundedMap } from './bounded.js';
import { forbidden, unauthenticated } from './errors.js';
import type { KeyHolder } from './kit.js';

export interface AuthContext {
  userId: number;
  name: string;
  email: string;
  roles: string[];
  permissions: Permission[];
  sessionId: number;
  /** An impersonation's: the impersonator's session it was started from (it ends with it). */
  parentSessionId: number | null;
  impersonator: { id: number; name: string; email: string } | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
    /** On an API key endpoint (kit.ts `KeyAccess`): who holds the key it was called with. */
    keyHolder: KeyHolder | null;
  }
  interface FastifyContextConfig {
    /** Route is open to guests. */
    public?: boolean;
    /** Any one of these permissions opens the route; absent → any signed-in user. */
    permission?: Permission | readonly Permission[];
    /** Called with an API key of this kind instead of a session (kit.ts `KeyAccess`). */
    apiKey?: string;
  }
}

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
export const newToken = () => crypto.randomBytes(32).toString('base64url');

export function bearerOf(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m ? m[1]! : null;
}

/**
 * Resolved sessions are kept for a few seconds so a burst of requests does not look the same token
 * up again and again — only while this process listens to the database's session changes
 * (listenForSessionChanges): triggers on sessions and users (migration 0018) notify every process
 * of a sign-out, revocation, deactivation or role change, whoever made it (another process, a job,
 * plain SQL), and the session is forgotten when the notification arrives (milliseconds after the
 * commit). Without a listener (a transaction-mode pooler, or the listening connection lost) nothing
 * is kept: every request looks its session up. Revocation in this process evicts at once
 * (forgetSessions). SESSION_CACHE_MS bounds an entry's age in any case.
 */
export const SESSION_CACHE_MS = 5_000;
const sessionCache = new BoundedMap<string, { ctx: AuthContext; at: number }>(10_000);
/** Databases whose session changes this process hears now (a cache entry is used only then). */
let listening = 0;

/**
 * Listens on channel qm_sessions (see migration 0018) and forgets what the notifications name.
 * PostgreSQL: one connection of its own, opened again after a failure (the cache is off meanwhile);
 * PGlite: its own listener. Returns the function that stops listening.
 */
export async function listenForSessionChanges(database: Database): Promise<() => Promise<void>> {
  const heard = (payload: string | undefined) => {
    const id = Number(payload?.slice(1));
    if (!Number.isInteger(id)) return;
    if (payload!.startsWith('s')) forgetSessions({ sessionId: id });
    else if (payload!.startsWith('u')) forgetSessions({ userId: id });
  };
  if (database.pglite) {
    const unlisten = await database.pglite.listen('qm_sessions', heard);
    listening++;
    return async () => {
      listening--;
      await unlisten();
    };
  }
  const pool = database.pool!;
  let client: pg.Client | null = null;
  let up = false;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const down = () => {
    if (up) listening--;
    up = false;
    sessionCache.clear();
  };
  const open = async () => {
    if (stopped) return;
    const c = new pg.Client({ ...(pool.options as pg.ClientConfig) });
    client = c;
    c.on('notification', (msg) => heard(msg.payload));
    const lost = () => {
      if (client !== c) return;
      client = null;
      down();
      c.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void open().catch(() => {}), 1_000);
    };
    c.on('error', lost);
    c.on('end', lost);
    try {
      await c.connect();
      await c.query('LISTEN qm_sessions');
      if (client !== c) return;
      sessionCache.clear(); // changes made while nobody listened
      up = true;
      listening++;
    } catch {
      lost();
    }
  };
  await open();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = null;
    down();
    await c?.end().catch(() => {});
  };
}

/** A session's last_seen_at moves at most this often (a write per minute per active session, not per request). */
export const SESSION_TOUCH_MS = 60_000;
/** Default idle timeout; the app sets the configured one (SESSION_IDLE_MINUTES) through registerAuth. */
export const DEFAULT_IDLE_MINUTES = 120;
/** Per database handle (tests run apps with different settings in one process). */
const idleMinutesOf = new WeakMap<object, number>();

export function forgetSessions(match: { userId?: number; sessionId?: number }) {
  for (const [key, { ctx }] of sessionCache) {
    if (
      ctx.sessionId === match.sessionId ||
      (match.sessionId !== undefined && ctx.parentSessionId === match.sessionId) ||
      ctx.userId === match.userId ||
      (match.userId !== undefined && ctx.impersonator?.id === match.userId)
    )
      sessionCache.delete(key);
  }
}

export async function resolveSession(db: Db, token: string): Promise<AuthContext | null> {
  const key = hashToken(token);
  const hit = listening > 0 ? sessionCache.get(key) : undefined;
  if (hit && Date.now() - hit.at < SESSION_CACHE_MS) return hit.ctx;
  const ctx = await loadSession(db, key);
  if (ctx && listening > 0) {
    sessionCache.set(key, { ctx, at: Date.now() });
  } else sessionCache.delete(key);
  return ctx;
}

/**
 * A session is valid while it is not revoked, not past its 14 days and not idle for longer than the
 * idle timeout; an impersonation, besides, only while the impersonator's session it was started from
 * is valid. Using a session moves its last_seen_at (and its parent's) once a minute at most.
 */
async function loadSession(db: Db, tokenHash: string): Promise<AuthContext | null> {
  const idle = sql`make_interval(mins => ${idleMinutesOf.get(db) ?? DEFAULT_IDLE_MINUTES})`;
  const row = await queryOne<{
    session_id: number;
    parent_session_id: number | null;
    touch: boolean;
    user_id: number;
    name: string;
    email: string;
    roles: string[];
    is_active: boolean;
    imp_id: number | null;
    imp_name: string | null;
    imp_email: string | null;
  }>(
    db,
    sql`select s.id as session_id, s.parent_session_id,
               s.last_seen_at < now() - make_interval(secs => ${SESSION_TOUCH_MS / 1000}) as touch,
               u.id as user_id, u.name, u.email, u.roles, u.is_active,
               i.id as imp_id, i.name as imp_name, i.email as imp_email
          from sessions s
          join users u on u.id = s.user_id
          left join users i on i.id = s.impersonator_id
          left join sessions p on p.id = s.parent_session_id
         where s.token_hash = ${tokenHash} and s.revoked_at is null and s.expires_at > now() and s.last_seen_at > now() - ${idle}
           and (s.parent_session_id is null
                or (p.revoked_at is null and p.expires_at > now() and p.last_seen_at > now() - ${idle}))`,
  );
  if (!row || !row.is_active) return null;
  if (row.touch)
    await db.execute(
      sql`update sessions set last_seen_at = now() where id in (${row.session_id}, ${row.parent_session_id ?? row.session_id})`,
    );
  return {
    userId: row.user_id,
    name: row.name,
    email: row.email,
    roles: row.roles,
    permissions: permissionsOfRoles(row.roles),
    sessionId: row.session_id,
    parentSessionId: row.parent_session_id,
    impersonator: row.imp_id ? { id: row.imp_id, name: row.imp_name!, email: row.imp_email! } : null,
  };
}

/** The route table of the API with the permission each route needs (for docs and the access test). */
export interface RouteAccess {
  method: string;
  url: string;
  public: boolean;
  permission: readonly Permission[];
  /** Called with an API key of this kind, not a session (null: a session route). */
  apiKey: string | null;
}

/**
 * What a route's config says about access, read from its OWN properties only: a value inherited
 * from a polluted Object.prototype (`public`, `permission`) must never open a route. Only `true`
 * makes a route public; a permission is a string or an array of strings.
 */
export function accessOf(config: unknown): { public: boolean; permission: readonly Permission[]; apiKey: string | null } {
  const own = (key: string) => (typeof config === 'object' && config !== null && Object.hasOwn(config, key) ? (config as Record<string, unknown>)[key] : undefined);
  const permission = own('permission');
  const apiKey = own('apiKey');
  return {
    public: own('public') === true,
    apiKey: typeof apiKey === 'string' ? apiKey : null,
    permission:
      typeof permission === 'string'
        ? [permission as Permission]
        : Array.isArray(permission)
          ? (permission.filter((p) => typeof p === 'string') as Permission[])
          : [],
  };
}

export function registerAuth(app: FastifyInstance, db: Db, routes: RouteAccess[], opts: { idleMinutes?: number } = {}) {
  idleMinutesOf.set(db, opts.idleMinutes ?? DEFAULT_IDLE_MINUTES);
  app.decorateRequest('auth', null);
  app.decorateRequest('keyHolder', null);
  app.addHook('onRoute', (opts) => {
    if (!opts.url.startsWith('/api') || opts.url.startsWith('/api/docs')) return;
    const access = accessOf(opts.config);
    const methods = Array.isArray(opts.method) ? opts.method : [opts.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      routes.push({ method, url: opts.url, public: access.public, permission: access.permission, apiKey: access.apiKey });
    }
  });
  // Before body parsing and validation: an unauthorised caller learns nothing about the input rules.
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api')) return;
    const access = accessOf(request.routeOptions.config);
    // An API key endpoint: the route's own hook checks the key (kit.ts); a session never opens it.
    if (access.apiKey && !access.public) return;
    const token = bearerOf(request);
    if (token) request.auth = await resolveSession(db, token);
    if (!request.routeOptions.url || access.public || request.url.startsWith('/api/docs')) return;
    if (!request.auth) throw unauthenticated(token ? 'Your session has expired. Sign in again.' : 'Sign in to continue');
    if (!isAllowed(access.permission, request.auth.permissions)) throw forbidden(`This needs the permission ${access.permission.join(' or ')}`);
  });
}

export function actorOf(request: FastifyRequest): Actor {
  return {
    userId: request.auth?.userId ?? null,
    impersonatorId: request.auth?.impersonator?.id ?? null,
    requestId: request.id,
  };
}

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthenticated();
  return request.auth;
}

export function can(request: FastifyRequest, permission: Permission): boolean {
  return Boolean(request.auth?.permissions.includes(permission));
}

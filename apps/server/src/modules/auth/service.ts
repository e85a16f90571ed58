import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import type { AuthUser } from '@qm/contracts';
import { permissionsOfRoles } from '@qm/contracts';
import { query, queryOne, type Db } from '../../db/connect.js';
import { audit } from '../../db/audit.js';
import type { Config } from '../../config.js';
import { forgetSessions, hashToken, newToken, type AuthContext } from '../../http/auth.js';

/** argon2id, 64 MiB, t=3, p=4 (OWASP's first recommended setting). */
const ARGON = { memoryCost: 65536, timeCost: 3, parallelism: 4 } as const;
export const hashPassword = (password: string) => hash(password, { ...ARGON, algorithm: 2 });
export const verifyPassword = (hashed: string, password: string) => verify(hashed, password).catch(() => false);

/**
 * Compared against when the email is unknown, so both answers take as long: a hash made with the
 * same settings as every account's, at start-up (preparePasswordCheck) rather than on the first
 * unknown email, which would answer slower than the rest.
 */
let dummyHash: Promise<string> | undefined;
export const preparePasswordCheck = () => (dummyHash ??= hashPassword(crypto.randomBytes(16).toString('base64url')));
export const dummyVerify = async (password: string) => {
  await verifyPassword(await preparePasswordCheck(), password);
  return false;
};

export const TOKEN_LIFETIME_MS = 14 * 24 * 3600 * 1000;

/**
 * A new session for `userId`. An impersonation names the impersonator and the impersonator's session
 * it starts from (`parentSessionId`): it ends when that session ends.
 */
export async function createSession(
  db: Db,
  userId: number,
  opts: { impersonatorId?: number | null; parentSessionId?: number | null; ip?: string; userAgent?: string } = {},
): Promise<string> {
  const token = newToken();
  await db.execute(sql`
    insert into sessions (token_hash, user_id, impersonator_id, parent_session_id, expires_at, ip, user_agent)
    values (${hashToken(token)}, ${userId}, ${opts.impersonatorId ?? null}, ${opts.parentSessionId ?? null},
            ${new Date(Date.now() + TOKEN_LIFETIME_MS).toISOString()}::timestamptz,
            ${opts.ip ?? null}, ${opts.userAgent?.slice(0, 300) ?? null})`);
  return token;
}

/** The route options of a way to sign in: `LOGIN_RATE_LIMIT` requests per client address per minute. */
export const signInLimit = (config: Pick<Config, 'loginRateLimitPerMinute'>) => ({ rateLimit: { max: config.loginRateLimitPerMinute, timeWindow: '1 minute' } });

/**
 * A sign-in that succeeded (password or identity provider): the user's last sign-in moved, a session
 * opened and the sign-in audited (`after`: how, when not by password) — in the caller's transaction.
 * Answers the session's token.
 */
export async function signedInSession(
  t: Db,
  userId: number,
  req: { id: string; ip: string; headers: { 'user-agent'?: string } },
  after?: Record<string, unknown>,
): Promise<string> {
  await t.execute(sql`update users set last_login_at = now() where id = ${userId}`);
  const token = await createSession(t, userId, { ip: req.ip, userAgent: req.headers['user-agent'] });
  await audit(t, { userId, impersonatorId: null, requestId: req.id }, { action: 'login', entity: 'user', entityId: userId, ...(after && { after }) });
  return token;
}

/** Ends a session and the impersonations started from it. */
export async function revokeSession(db: Db, sessionId: number) {
  forgetSessions({ sessionId });
  await db.execute(sql`update sessions set revoked_at = now() where (id = ${sessionId} or parent_session_id = ${sessionId}) and revoked_at is null`);
}

/**
 * Gives a still-valid session a new token (the old one stops working) and returns it, or null when
 * the session has ended. Stopping an impersonation returns to the impersonator's own session this
 * way — with its own 14 days, not a fresh lifetime.
 */
export async function renewSessionToken(db: Db, sessionId: number): Promise<string | null> {
  const token = newToken();
  forgetSessions({ sessionId });
  const rows = await query<{ id: number }>(
    db,
    sql`update sessions set token_hash = ${hashToken(token)}, last_seen_at = now()
         where id = ${sessionId} and revoked_at is null and expires_at > now() returning id`,
  );
  return rows.length ? token : null;
}

export async function revokeUserSessions(db: Db, userId: number) {
  forgetSessions({ userId });
  await db.execute(sql`update sessions set revoked_at = now() where (user_id = ${userId} or impersonator_id = ${userId}) and revoked_at is null`);
}

export function authUserOf(ctx: AuthContext): AuthUser {
  return {
    id: ctx.userId,
    name: ctx.name,
    email: ctx.email,
    roles: ctx.roles,
    security: { permissions: ctx.permissions },
    impersonator: ctx.impersonator,
  };
}

type UserHead = { id: number; name: string; email: string; roles: string[] };

/** The `auth/user` shape of a user row already at hand. */
export function authUserFrom(u: UserHead, impersonator: AuthUser['impersonator'] = null): AuthUser {
  return { id: u.id, name: u.name, email: u.email, roles: u.roles, security: { permissions: permissionsOfRoles(u.roles) }, impersonator };
}

export async function findUserHead(db: Db, userId: number) {
  return queryOne<UserHead & { is_active: boolean }>(db, sql`select id, name, email, roles, is_active from users where id = ${userId}`);
}

export async function authUserById(db: Db, userId: number, impersonator: AuthUser['impersonator'] = null): Promise<AuthUser> {
  return authUserFrom((await findUserHead(db, userId))!, impersonator);
}

export interface LoginUserRow {
  id: number;
  name: string;
  email: string;
  roles: string[];
  is_active: boolean;
  password_hash: string;
}

export async function findLoginUser(db: Db, email: string) {
  const rows = await query<LoginUserRow>(
    db,
    sql`select id, name, email, roles, is_active, password_hash from users where lower(email) = ${email.toLowerCase()}`,
  );
  return rows[0];
}

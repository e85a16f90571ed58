import { z } from 'zod';
import { AuthUser, dataResponse, ImpersonateBody, LoginBody, User, UserCreate } from '@qm/contracts';
import { action, type Kit } from '../../http/kit.js';
import { actorOf, requireAuth } from '../../http/auth.js';
import { inTx } from '../../http/crud.js';
import { AppError, ruleViolated, unauthenticated } from '../../http/errors.js';
import { audit } from '../../db/audit.js';
import { createUser } from '../users/service.js';
import {
  authUserById,
  authUserFrom,
  findUserHead,
  authUserOf,
  createSession,
  dummyVerify,
  preparePasswordCheck,
  findLoginUser,
  renewSessionToken,
  revokeSession,
  signedInSession,
  signInLimit,
  verifyPassword,
} from './service.js';
import { countAttempt, failAttempt, succeedAttempt } from './lockout.js';

const WRONG = 'Email or password is incorrect';

/** The session's new token (`renewSessionToken`), or a 401 when the session has ended. */
async function renewedToken(t: Parameters<typeof renewSessionToken>[0], sessionId: number): Promise<string> {
  const token = await renewSessionToken(t, sessionId);
  if (!token) throw unauthenticated('Your session has expired. Sign in again.');
  return token;
}

/** 429 with the time left, in whole minutes (at least one). */
function tooManyAttempts(ms: number) {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return new AppError(429, 'rate_limited', `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, undefined, {
    'retry-after': String(minutes * 60),
  });
}

export function authRoutes({ app, db, config }: Kit) {
  void preparePasswordCheck();
  const tags = ['auth'];

  action(app, {
    method: 'POST',
    url: '/api/auth/login',
    access: 'public',
    tags,
    summary: 'Sign in; the bearer token comes back in the Authorization response header',
    body: LoginBody,
    response: { 200: dataResponse(AuthUser) },
    options: signInLimit(config),
    handler: async (req, reply) => {
      const { email, password } = req.body;
      const ip = req.ip;
      const policy = { maxFailures: config.loginMaxFailures, lockMinutes: config.loginLockMinutes };
      const attempt = await countAttempt(db, email, ip, policy);
      if (attempt.lockedUntil) throw tooManyAttempts(Date.parse(attempt.lockedUntil) - Date.now());
      // Every failure takes the same path and answers alike — unknown email, wrong password, or the
      // right password of a deactivated account: one argon2 check (a dummy hash for unknown emails),
      // the attempt recorded, one audit entry. Neither the answer nor its time tells them apart.
      const user = await findLoginUser(db, email);
      const passwordOk = user ? await verifyPassword(user.password_hash, password) : await dummyVerify(password);
      if (!user || !passwordOk || !user.is_active) {
        const reason = !user ? 'unknown_email' : !passwordOk ? 'wrong_password' : 'deactivated';
        const { locked } = await inTx(db, async (t) => {
          const outcome = await failAttempt(t, email, ip, attempt, policy);
          await audit(t, { userId: null, impersonatorId: null, requestId: req.id }, {
            action: outcome.locked ? 'lock' : 'login_failed',
            entity: 'user',
            entityId: user?.id ?? null,
            after: { email, attempts: attempt.number, ip, reason },
          });
          return outcome;
        });
        if (locked) throw tooManyAttempts(config.loginLockMinutes * 60_000);
        throw unauthenticated(WRONG);
      }
      const token = await inTx(db, async (t) => {
        await succeedAttempt(t, email, ip);
        return signedInSession(t, user.id, req);
      });
      reply.header('authorization', `Bearer ${token}`);
      return { data: authUserFrom(user) };
    },
  });

  action(app, {
    method: 'GET',
    url: '/api/auth/user',
    access: 'signed-in',
    tags,
    summary: 'The signed-in user',
    response: { 200: dataResponse(AuthUser) },
    handler: async (req) => ({ data: authUserOf(requireAuth(req)) }),
  });

  action(app, {
    method: 'POST',
    url: '/api/auth/logout',
    access: 'public',
    tags,
    summary: 'Revoke the current token',
    response: { 204: z.null() },
    handler: async (req, reply) => {
      if (req.auth) {
        const auth = req.auth;
        await inTx(db, async (t) => {
          await revokeSession(t, auth.sessionId);
          await audit(t, actorOf(req), { action: 'logout', entity: 'user', entityId: auth.userId });
        });
      }
      return reply.status(204).send(null);
    },
  });

  action(app, {
    method: 'POST',
    url: '/api/auth/refresh',
    access: 'signed-in',
    tags,
    summary: 'A new token for the current session (the old one stops working; the session keeps its 14 days); the token comes back in the Authorization header. The console does not refresh (SPEC §4)',
    response: { 200: dataResponse(AuthUser) },
    handler: async (req, reply) => {
      const me = requireAuth(req);
      const token = await inTx(db, async (t) => {
        const tok = await renewedToken(t, me.sessionId);
        await audit(t, actorOf(req), { action: 'token_refresh', entity: 'user', entityId: me.userId });
        return tok;
      });
      reply.header('authorization', `Bearer ${token}`);
      return { data: authUserOf(me) };
    },
  });

  action(app, {
    method: 'POST',
    url: '/api/auth/register',
    access: 'users.write',
    tags,
    summary: "Create a staff account (no open sign-up): the Users screen's New user, the same as POST user (active unless is_active is false)",
    body: UserCreate,
    response: { 201: dataResponse(User) },
    handler: async (req, reply) => {
      const user = await createUser(db, actorOf(req), req.body);
      return reply.status(201).send({ data: user });
    },
  });

  action(app, {
    method: 'POST',
    url: '/api/auth/impersonate',
    access: 'users.impersonate',
    tags,
    summary: 'Act as another user; the new token comes back in the Authorization header',
    body: ImpersonateBody,
    response: { 200: dataResponse(AuthUser) },
    handler: async (req, reply) => {
      const me = requireAuth(req);
      if (me.impersonator) throw ruleViolated('You are already impersonating someone. Stop impersonating first.');
      const targetId = req.body.user_id;
      if (targetId === me.userId) throw ruleViolated('You cannot impersonate yourself.', { user_id: 'You cannot impersonate yourself' });
      const target = await findUserHead(db, targetId);
      if (!target) throw new AppError(404, 'not_found', 'The user was not found', { user_id: 'No such user' });
      if (!target.is_active) throw ruleViolated('A deactivated user cannot be impersonated.', { user_id: 'This user is deactivated' });
      if (target.roles.includes('admin')) throw ruleViolated('An administrator cannot be impersonated.', { user_id: 'This user is an administrator' });
      const token = await inTx(db, async (t) => {
        const tok = await createSession(t, targetId, {
          impersonatorId: me.userId,
          parentSessionId: me.sessionId,
          ip: req.ip,
          userAgent: req.headers['user-agent'],
        });
        await audit(t, { userId: me.userId, impersonatorId: null, requestId: req.id }, {
          action: 'impersonate',
          entity: 'user',
          entityId: targetId,
          after: { impersonator: me.email, impersonated: target.email },
        });
        return tok;
      });
      reply.header('authorization', `Bearer ${token}`);
      return { data: authUserFrom(target, { id: me.userId, name: me.name, email: me.email }) };
    },
  });

  action(app, {
    method: 'POST',
    url: '/api/auth/impersonate/stop',
    access: 'signed-in',
    tags,
    summary: 'Stop impersonating; a token for the original user comes back in the Authorization header',
    response: { 200: dataResponse(AuthUser) },
    handler: async (req, reply) => {
      const me = requireAuth(req);
      if (!me.impersonator) throw ruleViolated('You are not impersonating anyone.');
      const impersonator = me.impersonator;
      const token = await inTx(db, async (t) => {
        await revokeSession(t, me.sessionId);
        // Back to the impersonator's own session (a new token for it: the browser let the old one go).
        const tok = await renewedToken(t, me.parentSessionId ?? -1);
        await audit(t, actorOf(req), {
          action: 'impersonate_stop',
          entity: 'user',
          entityId: me.userId,
          after: { impersonator: impersonator.email, impersonated: me.email },
        });
        return tok;
      });
      reply.header('authorization', `Bearer ${token}`);
      return { data: await authUserById(db, impersonator.id) };
    },
  });
}

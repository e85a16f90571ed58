import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { IdParams, PasswordReset, ROLES, User, UserCreate, UserUpdate, USER_LIST } from '@qm/contracts';
import { query } from '../../db/connect.js';
import { action, type Kit } from '../../http/kit.js';
import { actorOf, forgetSessions } from '../../http/auth.js';
import { inTx, loadOne, loadOneOr404, registerCrud } from '../../http/crud.js';
import { ruleViolated } from '../../http/errors.js';
import { audit } from '../../db/audit.js';
import { forgetAttempts } from '../auth/lockout.js';
import { hashPassword, revokeUserSessions } from '../auth/service.js';
import { assertAdminRemains, insertUser, USER_UNIQUE, userList } from './service.js';
import { users } from '../../db/schema/index.js';

const Role = z.object({ code: z.string(), name: z.string(), description: z.string(), permissions: z.array(z.string()) });

export function userRoutes({ app, db }: Kit) {

  registerCrud(app, db, {
    resource: 'user',
    entity: 'user',
    noun: 'user',
    table: users,
    read: 'users.read',
    write: 'users.write',
    item: User,
    create: UserCreate,
    update: UserUpdate,
    list: userList,
    fields: USER_LIST,
    unique: USER_UNIQUE,
    summaries: { create: 'Create a user' },
    insert: (t, body) => insertUser(t, body),
    remove: {
      summary: 'Deactivate a user and revoke their sessions',
      run: async (t, actor, before) => {
        if (before.id === actor.userId || before.id === actor.impersonatorId) throw ruleViolated('You cannot deactivate your own account.');
        await assertAdminRemains(t, before.id, before.roles, false);
        await t.execute(sql`update users set is_active = false, version = version + 1, updated_at = now() where id = ${before.id}`);
        await revokeUserSessions(t, before.id);
        await audit(t, actor, { action: 'deactivate', entity: 'user', entityId: before.id, before, after: await loadOne(t, userList, before.id) });
      },
    },
    toRow: (body) => {
      return { name: body.name, email: body.email, roles: body.roles, is_active: body.is_active };
    },
    beforeWrite: async (t, body, existing) => {
      if (existing) await assertAdminRemains(t, existing.id, body.roles, body.is_active);
    },
    afterUpdate: async (t, before, after) => {
      forgetSessions({ userId: after.id });
      if (before.is_active && !after.is_active) await revokeUserSessions(t, after.id);
    },
  });

  action(app, {
    method: 'POST',
    url: '/api/user/:id/password',
    access: 'users.write',
    tags: ['user'],
    summary: 'Set a new password; signs the user out everywhere',
    params: IdParams,
    body: PasswordReset,
    response: { 204: z.null() },
    handler: async (req, reply) => {
      const hashed = await hashPassword(req.body.password);
      await inTx(db, async (t) => {
        await loadOneOr404(t, userList, req.params.id, 'user');
        const [row] = await query<{ email: string }>(
          t,
          sql`update users set password_hash = ${hashed}, version = version + 1, updated_at = now() where id = ${req.params.id} returning email`,
        );
        await forgetAttempts(t, row!.email); // the new password opens the account at once, from anywhere
        await revokeUserSessions(t, req.params.id);
        await audit(t, actorOf(req), { action: 'password_reset', entity: 'user', entityId: req.params.id });
      });
      return reply.status(204).send(null);
    },
  });

  action(app, {
    method: 'GET',
    url: '/api/role',
    access: 'users.read',
    tags: ['user'],
    summary: 'Roles and the permissions each grants',
    response: { 200: z.object({ data: z.array(Role) }) },
    handler: async () => ({ data: ROLES.map((x) => ({ ...x, permissions: [...x.permissions] })) }),
  });
}

import { sql } from 'drizzle-orm';
import { USER_LIST, type User, type UserCreate } from '@qm/contracts';
import { query, queryOne, type Db } from '../../db/connect.js';
import { auditedCreate, inTx, loadOneOr404, type UniqueRule } from '../../http/crud.js';
import { insertRow } from '../../db/write.js';
import { ruleViolated } from '../../http/errors.js';
import { columns, filters, lowered, type ListSpec } from '../../http/list.js';
import type { Actor } from '../../db/audit.js';
import { hashPassword } from '../auth/service.js';
import { users } from '../../db/schema/index.js';

export const userList: ListSpec<User> = {
  from: sql`users u`,
  select: sql`u.id, u.name, u.email, u.roles, u.is_active, u.last_login_at, u.created_at, u.updated_at, u.version`,
  sort: {
    ...columns('u', 'id', 'is_active', 'last_login_at', 'created_at'),
    ...lowered('u', 'name', 'email'),
    roles: sql`array_to_string(u.roles, ',')`,
  } satisfies Record<(typeof USER_LIST.sort)[number], unknown>,
  defaultSort: 'name',
  key: sql`u.id`,
  filters: {
    role: filters.overlaps(sql`u.roles`),
    is_active: filters.bool(sql`u.is_active`, 'is_active'),
  },
  search: filters.ilike(sql`u.name`, sql`u.email`),
  csv: [
    { key: 'id', header: 'ID' },
    { key: 'name', header: 'Name' },
    { key: 'email', header: 'Email' },
    { key: 'roles', header: 'Roles', value: (u) => u.roles.join(' ') },
    { key: 'is_active', header: 'Active' },
    { key: 'last_login_at', header: 'Last sign-in' },
    { key: 'created_at', header: 'Created' },
  ],
};

export const USER_UNIQUE: UniqueRule[] = [
  { constraint: 'users_email_key', field: 'email', message: 'A user with this email already exists' },
];

/** Inserts a user with their password hashed; returns the id. */
export async function insertUser(t: Db, body: UserCreate): Promise<number> {
  const password_hash = await hashPassword(body.password);
  return insertRow(t, users, { name: body.name, email: body.email, password_hash, roles: body.roles, is_active: body.is_active });
}

export async function createUser(db: Db, actor: Actor, body: UserCreate): Promise<User> {
  return inTx(
    db,
    async (t) => {
      const id = await insertUser(t, body);
      return auditedCreate(t, actor, 'user', id, () => loadOneOr404(t, userList, id, 'user'));
    },
    USER_UNIQUE,
  );
}

/**
 * The last active administrator may not be deactivated or lose the admin role.
 * Serialised with an advisory lock so two concurrent demotions cannot both pass.
 */
export async function assertAdminRemains(db: Db, userId: number, nextRoles: string[], nextActive: boolean) {
  await db.execute(sql`select pg_advisory_xact_lock(724002)`);
  const current = await queryOne<{ roles: string[]; is_active: boolean }>(db, sql`select roles, is_active from users where id = ${userId}`);
  if (!current || !current.roles.includes('admin') || !current.is_active) return;
  if (nextRoles.includes('admin') && nextActive) return;
  const others = await query<{ n: number }>(
    db,
    sql`select count(*)::int as n from users where id <> ${userId} and is_active and 'admin' = any(roles)`,
  );
  if (others[0]!.n === 0) {
    throw ruleViolated(
      'The last active administrator cannot be deactivated or lose the admin role. Make another user an administrator first.',
      nextActive ? { roles: 'The last administrator must keep the admin role' } : { is_active: 'The last administrator must stay active' },
    );
  }
}

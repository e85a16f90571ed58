import { z } from 'zod';
import { stampFields, Versioned } from './common.js';
import { RegisterBody } from './auth.js';

export const User = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  is_active: z.boolean(),
  last_login_at: z.string().nullable(),
  ...stampFields,
});
export type User = z.infer<typeof User>;

/** A staff account as an administrator creates it: `POST auth/register` plus whether it is active. */
export const UserCreate = RegisterBody.extend({ is_active: z.boolean().default(true) });
export type UserCreate = z.infer<typeof UserCreate>;

/** The password changes through `POST user/{id}/password` only. */
export const UserUpdate = UserCreate.omit({ password: true }).extend({ is_active: z.boolean(), ...Versioned.shape });
export type UserUpdate = z.infer<typeof UserUpdate>;

export const PasswordReset = RegisterBody.pick({ password: true });

/** Sortable and filterable fields of `GET user`. */
export const USER_LIST = {
  sort: ['id', 'name', 'email', 'roles', 'is_active', 'last_login_at', 'created_at'],
  filter: ['role', 'is_active'],
} as const;

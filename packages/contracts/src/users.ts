import { z } from 'zod';
import { Email, Name } from './common.js';
import { Password, RoleCode } from './auth.js';

export const User = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  is_active: z.boolean(),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  version: z.number(),
});
export type User = z.infer<typeof User>;

export const UserCreate = z
  .object({
    name: Name,
    email: Email,
    password: Password,
    roles: z.array(RoleCode).min(1, 'Choose at least one role').max(20),
    is_active: z.boolean().default(true),
  })
  .strict();
export type UserCreate = z.infer<typeof UserCreate>;

export const UserUpdate = z
  .object({
    name: Name,
    email: Email,
    roles: z.array(RoleCode).min(1, 'Choose at least one role').max(20),
    is_active: z.boolean(),
    version: z.number().int().min(1),
  })
  .strict();
export type UserUpdate = z.infer<typeof UserUpdate>;

export const PasswordReset = z.object({ password: Password }).strict();

/** Sortable and filterable fields of `GET user`. */
export const USER_LIST = {
  sort: ['id', 'name', 'email', 'roles', 'is_active', 'last_login_at', 'created_at'],
  filter: ['role', 'is_active'],
} as const;

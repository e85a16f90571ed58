import { z } from 'zod';
import { Email, Name } from './common.js';
import { ROLE_CODES } from './permissions.js';

export const LoginBody = z
  .object({
    email: z.string().trim().toLowerCase().min(1, 'Enter your email').max(200),
    password: z.string().min(1, 'Enter your password').max(200),
  })
  .strict();
export type LoginBody = z.infer<typeof LoginBody>;

export const Password = z.string().min(8, 'At least 8 characters').max(200, 'At most 200 characters');

export const RoleCode = z.string().max(40).refine((x) => ROLE_CODES.includes(x), 'Unknown role');
/** The roles of a staff account: at least one. */
export const RoleCodes = z.array(RoleCode).min(1, 'Choose at least one role').max(20);

export const AuthUser = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  roles: z.array(z.string()),
  security: z.object({ permissions: z.array(z.string()) }),
  impersonator: z.object({ id: z.number(), name: z.string(), email: z.string() }).nullable(),
});
export type AuthUser = z.infer<typeof AuthUser>;

export const RegisterBody = z
  .object({
    name: Name,
    email: Email,
    password: Password,
    roles: RoleCodes,
  })
  .strict();
export type RegisterBody = z.infer<typeof RegisterBody>;

export const ImpersonateBody = z.object({ user_id: z.number().int().positive() }).strict();

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

/**
 * `GET auth/social`: whether staff may sign in through the company's identity provider (OAuth 2.0
 * authorization code with PKCE), and what the browser needs to send them there.
 */
export const SocialSignIn = z.object({
  enabled: z.boolean(),
  /** The provider as the button names it ("Sign in with …"). */
  provider: z.string().nullable(),
  authorize_url: z.string().nullable(),
  client_id: z.string().nullable(),
  /** Where the provider sends the browser back: the console's login page. */
  redirect_uri: z.string().nullable(),
  scopes: z.string().nullable(),
});
export type SocialSignIn = z.infer<typeof SocialSignIn>;
/** `POST auth/social`: the code the provider sent back and the verifier of the challenge the browser sent (RFC 7636). */
export const SocialSignInBody = z
  .object({
    code: z.string().min(1, 'The provider sent no code').max(4096, 'At most 4096 characters').regex(/^[\x21-\x7e]+$/, 'Printable characters only'),
    code_verifier: z.string().regex(/^[A-Za-z0-9._~-]{43,128}$/, '43 to 128 letters, digits or - . _ ~'),
  })
  .strict();
export type SocialSignInBody = z.infer<typeof SocialSignInBody>;

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

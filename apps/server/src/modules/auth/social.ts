/**
 * Signing in through the company's identity provider (SPEC §7 `POST auth/social`, "OAuth code
 * exchange"): OAuth 2.0's authorization code flow with PKCE (RFC 7636). The browser sends the person to
 * the provider with a challenge and a state it keeps; the provider sends them back to the login page
 * with a code; the browser posts the code and the challenge's verifier here. The server exchanges
 * them at the provider's token endpoint with the client secret (which never reaches the browser),
 * reads the person's email from the userinfo endpoint, and opens a session for the active account
 * with that email — exactly as a password sign-in does (token in the Authorization header, audited).
 * There is no sign-up: an email without an active account is refused. The provider is configured
 * by OAUTH_* (config.ts); without it the call answers 404 and the login page shows no button.
 */
import { AuthUser, dataResponse, ERROR_CODES, SocialSignIn, SocialSignInBody } from '@qm/contracts';
import type { OAuthConfig } from '../../config.js';
import { audit } from '../../db/audit.js';
import { inTx } from '../../http/crud.js';
import { AppError, unauthenticated } from '../../http/errors.js';
import { action, type Kit } from '../../http/kit.js';
import { authUserFrom, findLoginUser, signedInSession, signInLimit } from './service.js';

/** The provider's endpoints answer within this, or the sign-in fails as unreachable. */
const PROVIDER_TIMEOUT_MS = 10_000;
/** A token or userinfo answer larger than this is not one. */
const MAX_ANSWER_BYTES = 256 * 1024;

const unreachable = (what: string) => new AppError(502, ERROR_CODES.providerUnreachable, `The sign-in provider ${what}: try again in a moment`);

/** POST or GET to the provider; its JSON answer, or a 401 (it refused) / 502 (it failed or could not be reached). */
async function askProvider(url: string, init: RequestInit, refused: string): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch {
    throw unreachable('could not be reached');
  }
  const text = await res.text().catch(() => '');
  if (res.status >= 400 && res.status < 500) throw unauthenticated(refused);
  if (!res.ok) throw unreachable(`failed (${res.status})`);
  if (text.length > MAX_ANSWER_BYTES) throw unreachable('answered with too much');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw unreachable('answered something other than JSON');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw unreachable('answered something other than an object');
  return body as Record<string, unknown>;
}

/** The email the provider vouches for, from the code and its verifier. */
async function emailFromCode(oauth: OAuthConfig, code: string, verifier: string): Promise<string> {
  const tokens = await askProvider(
    oauth.tokenUrl,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: oauth.redirectUri,
        client_id: oauth.clientId,
        client_secret: oauth.clientSecret,
        code_verifier: verifier,
      }),
    },
    'The provider did not accept this sign-in (it may have expired): sign in again',
  );
  const accessToken = tokens.access_token;
  if (typeof accessToken !== 'string' || !accessToken) throw unreachable('answered without an access token');
  const info = await askProvider(oauth.userinfoUrl, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } }, 'The provider did not let us read who you are: sign in again');
  const email = info.email;
  if (typeof email !== 'string' || !email.includes('@') || email.length > 200) throw unauthenticated('The provider gave no email address for your account');
  if (info.email_verified === false) throw unauthenticated('The provider has not verified your email address');
  return email.trim().toLowerCase();
}

export function socialSignInRoutes({ app, db, config }: Kit) {
  const tags = ['auth'];
  const oauth = config.oauth;

  action(app, {
    method: 'GET',
    url: '/api/auth/social',
    access: 'public',
    tags,
    summary: 'Whether staff may sign in through the company’s identity provider, and where the login page sends them (never the client secret)',
    response: { 200: dataResponse(SocialSignIn) },
    handler: async () => ({
      data: oauth
        ? { enabled: true, provider: oauth.name, authorize_url: oauth.authorizeUrl, client_id: oauth.clientId, redirect_uri: oauth.redirectUri, scopes: oauth.scopes }
        : { enabled: false, provider: null, authorize_url: null, client_id: null, redirect_uri: null, scopes: null },
    }),
  });

  action(app, {
    method: 'POST',
    url: '/api/auth/social',
    access: 'public',
    tags,
    summary: 'Sign in with the code the identity provider sent back (OAuth code exchange with PKCE); the bearer token comes back in the Authorization response header',
    body: SocialSignInBody,
    response: { 200: dataResponse(AuthUser) },
    options: signInLimit(config),
    handler: async (req, reply) => {
      if (!oauth) throw new AppError(404, ERROR_CODES.notConfigured, 'Signing in through another provider is not set up on this console: sign in with your password');
      const email = await emailFromCode(oauth, req.body.code, req.body.code_verifier);
      const user = await findLoginUser(db, email);
      const actor = { userId: null, impersonatorId: null, requestId: req.id };
      if (!user || !user.is_active) {
        await inTx(db, (t) =>
          audit(t, actor, { action: 'login_failed', entity: 'user', entityId: user?.id ?? null, after: { email, ip: req.ip, method: 'social', provider: oauth.name, reason: user ? 'deactivated' : 'unknown_email' } }),
        );
        throw unauthenticated(`No active account here has the email ${email}: ask an administrator`);
      }
      const token = await inTx(db, (t) => signedInSession(t, user.id, req, { method: 'social', provider: oauth.name }));
      reply.header('authorization', `Bearer ${token}`);
      return { data: authUserFrom(user) };
    },
  });
}

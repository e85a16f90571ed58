/**
 * Signing in through the company's identity provider (OAuth 2.0 authorization code with PKCE, the
 * server's `auth/social`), without the console: part of the login screen. The login page sends the
 * person to the provider with a random state and a challenge, keeping both (and where to go after)
 * in this tab's sessionStorage; the provider sends them back to the login page with a code and the
 * state; the code and the challenge's verifier are posted to `POST auth/social`, which answers the
 * session token as a password sign-in does.
 */
import type { AuthUser, SocialSignIn } from '@qm/contracts';
import { ApiError, request, send } from './api';
import { adoptToken } from './signin';

const KEY = 'quartermaster_social_sign_in';

const base64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const randomText = () => base64url(crypto.getRandomValues(new Uint8Array(32)));

/** What the server offers (`GET auth/social`); `enabled: false` when no provider is set up. */
export async function socialOffer(): Promise<SocialSignIn> {
  return (await request<{ data: SocialSignIn }>('auth/social', { token: null, skipUnauthorizedRedirect: true })).data;
}

/** Sends the browser to the provider (`go`); `redirect` is where to go once signed in. */
export async function startSocialSignIn(offer: SocialSignIn, redirect: string | null, go: (url: string) => void = (u) => window.location.assign(u)): Promise<void> {
  if (!offer.authorize_url || !offer.client_id || !offer.redirect_uri) throw new ApiError(0, 'not_configured', 'Signing in through another provider is not set up');
  const state = randomText();
  const verifier = randomText();
  const challenge = base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
  sessionStorage.setItem(KEY, JSON.stringify({ state, verifier, redirect }));
  const url = new URL(offer.authorize_url);
  for (const [k, v] of Object.entries({
    response_type: 'code',
    client_id: offer.client_id,
    redirect_uri: offer.redirect_uri,
    scope: offer.scopes ?? 'openid email profile',
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }))
    url.searchParams.set(k, v);
  go(url.toString());
}

/** The provider's answer in the login page's address (`?code=&state=`, or `?error=&state=`), or null. */
export type ProviderAnswer = { code: string; state: string } | { error: string; state: string | null } | null;
export function providerAnswer(search: string): ProviderAnswer {
  const q = new URLSearchParams(search);
  const error = q.get('error');
  if (error) return { error: (q.get('error_description') || error).slice(0, 200), state: q.get('state') };
  const code = q.get('code');
  const state = q.get('state');
  return code && state ? { code, state } : null;
}

/** Whether `state` is the one this tab sent to the provider (an answer to a sign-in started here). */
export function startedHere(state: string | null): boolean {
  return state !== null && readKept()?.state === state;
}

/** One exchange per code, whoever asks (a component mounted twice asks twice). */
const finishing = new Map<string, Promise<{ user: AuthUser; redirect: string | null }>>();

/**
 * Posts the provider's code with the verifier kept for its state; the state must be the one this tab
 * sent (else another site started it, or it was used already) — then the session is adopted.
 */
export function finishSocialSignIn(answer: { code: string; state: string }, beforeUser?: () => void): Promise<{ user: AuthUser; redirect: string | null }> {
  let pending = finishing.get(answer.code);
  if (!pending) {
    pending = (async () => {
      const kept = readKept();
      sessionStorage.removeItem(KEY);
      if (!kept || kept.state !== answer.state) throw new ApiError(0, 'state_mismatch', 'This sign-in was not started from this page, or was used already: sign in again');
      const res = await send('auth/social', { method: 'POST', body: { code: answer.code, code_verifier: kept.verifier }, token: null, skipUnauthorizedRedirect: true });
      return { user: await adoptToken(res, beforeUser), redirect: kept.redirect };
    })();
    finishing.set(answer.code, pending);
  }
  return pending;
}

/** Where the person was going when they left for the provider (kept until the answer is used). */
export function keptRedirect(): string | null {
  return readKept()?.redirect ?? null;
}

/** Forgets the sign-in under way (the provider refused it). */
export function forgetSocialSignIn(): void {
  sessionStorage.removeItem(KEY);
}

function readKept(): { state: string; verifier: string; redirect: string | null } | null {
  try {
    const v = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as unknown;
    if (v && typeof v === 'object' && 'state' in v && 'verifier' in v) return v as { state: string; verifier: string; redirect: string | null };
  } catch {
    // unreadable: as if none
  }
  return null;
}

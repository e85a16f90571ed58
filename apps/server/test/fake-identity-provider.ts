/**
 * A stand-in identity provider for the tests of signing in through one (`POST auth/social`): OAuth
 * 2.0's authorization code flow with PKCE on a local port.
 *
 * - `GET /authorize` shows a page asking which email to sign in as; `POST /authorize` sends the browser
 *   back to the redirect address with a code and the state (or `error=access_denied` when refused).
 * - `POST /token` checks the client, the redirect address, the code (once) and the verifier against
 *   the challenge the code was issued for, and answers an access token.
 * - `GET /userinfo` answers the email of the access token.
 *
 * The API tests start it in process (`startIdentityProvider`) and issue codes directly; the browser
 * tests run this file (`node --import tsx …`, port from IDP_PORT) beside the console.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

export interface IdentityProvider {
  base: string;
  /** A code issued for `email` (its verifier to send with it), as the authorize page would. */
  issue: (email: string, verified?: boolean) => { code: string; code_verifier: string };
  /** Requests its endpoints answered. */
  seen: { token: number; userinfo: number };
  close: () => Promise<void>;
}

const b64url = (b: Buffer) => b.toString('base64url');
const challengeOf = (verifier: string) => b64url(crypto.createHash('sha256').update(verifier).digest());
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startIdentityProvider(opts: { port?: number; clientId: string; clientSecret: string; redirectUri: string; name?: string }): Promise<IdentityProvider> {
  const codes = new Map<string, { email: string; verified: boolean; challenge: string }>();
  const tokens = new Map<string, { email: string; verified: boolean }>();
  const seen = { token: 0, userinfo: 0 };
  const newCode = (email: string, verified: boolean, challenge: string) => {
    const code = b64url(crypto.randomBytes(12));
    codes.set(code, { email, verified, challenge });
    return code;
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://idp.local');
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      if (url.pathname === '/health') return json(200, { ok: true });
      if (url.pathname === '/authorize' && req.method === 'GET') {
        const q = url.searchParams;
        if (q.get('client_id') !== opts.clientId || q.get('redirect_uri') !== opts.redirectUri || q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge') || !q.get('state'))
          return json(400, { error: 'invalid_request' });
        const hidden = ['redirect_uri', 'state', 'code_challenge'].map((k) => `<input type="hidden" name="${k}" value="${escape(q.get(k)!)}">`).join('');
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(`<!doctype html><html lang="en"><head><title>${escape(opts.name ?? 'Identity provider')}</title></head><body><main>
          <h1>${escape(opts.name ?? 'Identity provider')}</h1><form method="post" action="/authorize">${hidden}
          <label>Email <input name="email" type="email"></label> <button name="answer" value="allow">Allow</button> <button name="answer" value="deny">Deny</button></form></main></body></html>`);
      }
      if (url.pathname === '/authorize' && req.method === 'POST') {
        const f = new URLSearchParams(raw);
        const back = new URL(f.get('redirect_uri') ?? opts.redirectUri);
        back.searchParams.set('state', f.get('state') ?? '');
        if (f.get('answer') === 'deny') back.searchParams.set('error', 'access_denied');
        else back.searchParams.set('code', newCode(f.get('email') ?? '', true, f.get('code_challenge') ?? ''));
        res.writeHead(302, { location: back.toString() });
        return res.end();
      }
      if (url.pathname === '/token' && req.method === 'POST') {
        seen.token++;
        const f = new URLSearchParams(raw);
        if (f.get('code') === 'provider-fails') return json(503, { error: 'temporarily_unavailable' });
        if (f.get('grant_type') !== 'authorization_code' || f.get('client_id') !== opts.clientId || f.get('client_secret') !== opts.clientSecret || f.get('redirect_uri') !== opts.redirectUri)
          return json(401, { error: 'invalid_client' });
        const grant = codes.get(f.get('code') ?? '');
        if (!grant || challengeOf(f.get('code_verifier') ?? '') !== grant.challenge) return json(400, { error: 'invalid_grant' });
        codes.delete(f.get('code')!);
        const accessToken = b64url(crypto.randomBytes(16));
        tokens.set(accessToken, grant);
        return json(200, { access_token: accessToken, token_type: 'Bearer', expires_in: 3600 });
      }
      if (url.pathname === '/userinfo' && req.method === 'GET') {
        seen.userinfo++;
        const who = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
        if (!who) return json(401, { error: 'invalid_token' });
        return json(200, { sub: who.email, email: who.email, email_verified: who.verified });
      }
      json(404, { error: 'not_found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    issue: (email, verified = true) => {
      const verifier = b64url(crypto.randomBytes(32));
      return { code: newCode(email, verified, challengeOf(verifier)), code_verifier: verifier };
    },
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// Run as a program: the browser tests' provider (playwright.config.ts).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const port = Number(process.env.IDP_PORT || 3211);
  await startIdentityProvider({
    port,
    clientId: process.env.IDP_CLIENT_ID || 'quartermaster',
    clientSecret: process.env.IDP_CLIENT_SECRET || 'provider-secret',
    redirectUri: process.env.IDP_REDIRECT_URI || 'http://127.0.0.1:3210/auth/login',
    name: process.env.IDP_NAME || 'Example Workspace',
  });
  console.log(`identity provider on http://127.0.0.1:${port}`);
}

import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { isAllowed, permissionsOfRoles } from '@qm/contracts';
import { BACKENDS, useTestApp } from './harness.js';
import { DEMO_USERS } from '../src/setup/seed/demo.js';
import {
  changeCounts,
  changedTables,
  expectDescribed,
  harmlessParams,
  installChangeCounter,
  operationsOf,
  sampleOf,
  sessionFor,
  sessionOpen,
  storeKeyFor,
  urlOf,
  type Operation,
} from './openapi.js';

/**
 * Every operation of the API × every role of the demo accounts (README), plus callers who must be
 * refused everywhere: no token, a made-up token, a signed-out token and a deactivated user's token.
 * What each may do is derived from the permission the route declares (the route table recorded by
 * http/auth.ts) and the roles' permissions (contracts), never listed by hand; endpoints called with
 * an API key (the order intake) open to a store's key alone and refuse every session with a 401, so a new endpoint joins
 * the matrix by being registered. Refused = 401 (unknown caller) or 403 (known, not allowed), exactly,
 * and the database unchanged; allowed = anything but 401/403. Inputs are valid-shaped but harmless:
 * ids that exist nowhere (999999999), required fields only.
 */
describe.each(BACKENDS)('authorization matrix on %s', (kind) => {
  // jobs queued by accepted requests are not run here: their writes in the background (repricing every
  // price a filter lists) would be counted against the refused requests after them; each job's work is
  // tested in its area's tests
  const t = useTestApp(kind, { LOGIN_RATE_LIMIT: '1000', JOB_CONCURRENCY: '0' });

  interface Principal {
    name: string;
    /** Roles held by a valid session; null: the caller is not signed in at all. */
    roles: string[] | null;
    /** Holds a store API key (opens the key endpoints, and nothing else). */
    storeKey?: true;
    token: () => string | undefined;
    /** Recreates the session when a request (sign-out) ended it; absent for callers meant to be refused. */
    renew?: () => Promise<void>;
  }
  const principals: Principal[] = [];
  let ops: Operation[] = [];

  beforeAll(async () => {
    ops = await operationsOf(t);
    await installChangeCounter(t);
    for (const u of DEMO_USERS) {
      let token = await sessionFor(t, u.email);
      principals.push({
        name: u.roles.join('+'),
        roles: [...u.roles],
        token: () => token,
        renew: async () => {
          if (!(await sessionOpen(t, token))) token = await sessionFor(t, u.email);
        },
      });
    }
    const signedOut = await t.login('analyst@example.com');
    expect((await t.req('POST', '/api/auth/logout', { token: signedOut })).status).toBe(204);
    const deactivated = await sessionFor(t, 'drew.collins@example.com');
    const [drew] = await t.sql<{ is_active: boolean }>(sql`select is_active from users where email = 'drew.collins@example.com'`);
    expect(drew!.is_active).toBe(false);
    principals.push(
      { name: 'no token', roles: null, token: () => undefined },
      { name: 'made-up token', roles: null, token: () => 'Qm0-made-up-token-that-looks-right-0123456789abc' },
      { name: 'signed-out token', roles: null, token: () => signedOut },
      { name: 'deactivated user', roles: null, token: () => deactivated },
    );
    const storeKey = await storeKeyFor(t);
    principals.push({ name: 'store API key', roles: null, storeKey: true, token: () => storeKey });
  });

  it('covers every operation with a schema for each of its inputs', () => {
    expectDescribed(t, ops);
    expect(ops.length).toBeGreaterThan(90);
  });

  it('allows and refuses exactly what each route declares, for every role and every kind of caller', async () => {
    const access = new Map(t.routes.map((r) => [`${r.method} ${r.url}`, r]));
    let checked = 0;
    const wrong: string[] = [];
    // GET routes are also answered to HEAD (fastify adds them): the same rules must hold there.
    const cases = ops.flatMap((op) => (op.method === 'GET' ? [op, { ...op, method: 'HEAD' }] : [op]));
    for (const op of cases) {
      const route = access.get(`${op.method === 'HEAD' ? 'GET' : op.method} ${op.route}`)!;
      expect(route, `${op.method} ${op.route} in the route table`).toBeDefined();
      const url = urlOf(op, harmlessParams(op));
      // The sign-in's own answer to a wrong password is a 401: it gets a body it refuses as invalid.
      const body = op.route === '/api/auth/login' ? {} : op.body ? sampleOf(op.body) : ['POST', 'PUT', 'PATCH'].includes(op.method) ? {} : undefined;
      for (const p of principals) {
        // A key endpoint opens to its key alone (sessions are refused as unknown callers); a key opens nothing else.
        const expected = route.public
          ? 'allowed'
          : route.apiKey
            ? p.storeKey
              ? 'allowed'
              : 401
            : p.roles === null
              ? 401
              : isAllowed(route.permission, permissionsOfRoles(p.roles))
                ? 'allowed'
                : 403;
        const before = await changeCounts(t);
        const res = await t.req(op.method, url, { token: p.token(), body });
        checked++;
        const label = `${op.method} ${url} as ${p.name}: expected ${expected}, got ${res.status} ${res.text.slice(0, 160)}`;
        if (expected === 'allowed') {
          if (res.status === 401 || res.status === 403 || res.status >= 500) wrong.push(label);
          await p.renew?.();
        } else {
          if (res.status !== expected) wrong.push(label);
          const changed = changedTables(before, await changeCounts(t));
          if (changed.length) wrong.push(`${label}: changed ${changed.join(', ')}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    console.info(`authorization matrix on ${kind}: ${cases.length} operations (HEAD included) × ${principals.length} callers = ${checked} requests`);
  }, 300_000);
});

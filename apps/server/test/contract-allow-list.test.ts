import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listResponse } from '@qm/contracts';
import { registerList, registerResource } from '../src/http/crud.js';
import { contractDocument } from '../src/http/contract-json.js';
import { action } from '../src/http/kit.js';
import { notFound } from '../src/http/errors.js';
import { BACKENDS, useTestApp } from './harness.js';

/**
 * The contract is an allow-list in production too: a list or editor whose SQL selects a column its
 * contract does not name (a password hash, a vendor's secret) answers without it, and so does an
 * answer built in JavaScript. The app runs with NODE_ENV=production, where answers built as JSON
 * text are not checked against their contract: what is kept out is kept out by how they are built.
 */
const Item = z.object({ id: z.number(), email: z.string(), login: z.object({ at: z.string().nullable() }), tags: z.array(z.object({ name: z.string() })) });
const Doc = z.object({ id: z.number(), email: z.string(), sessions: z.array(z.object({ id: z.number() })) });

describe.each(BACKENDS)('the contract as an allow-list (%s)', (kind) => {
  const app = useTestApp(kind, { NODE_ENV: 'production' }, {
    setup: ({ app: fastify }, db) => {
      registerList(fastify, db, {
        url: '/api/leaky-list',
        permission: 'users.read',
        tags: ['test'],
        summary: 'A list selecting more than its contract',
        response: listResponse(Item),
        fields: { sort: ['id'], filter: [] },
        spec: {
          from: sql`users u`,
          // `secret` and `password_hash` are selected, nested objects carry extra keys: none may be sent.
          select: sql`u.id, u.email, u.password_hash, 'top secret' as secret,
                      json_build_object('at', u.last_login_at, 'secret', 'nested secret') as login,
                      json_build_array(json_build_object('name', 'a', 'secret', 'deep secret')) as tags`,
          sort: { id: sql`u.id` },
          defaultSort: 'id',
          key: sql`u.id`,
        },
        filename: 'leaky',
      });
      const Kept = z.object({ id: z.number(), email: z.string() });
      registerList(fastify, db, {
        url: '/api/leaky-kept',
        permission: 'users.read',
        tags: ['test'],
        summary: 'A list whose rows are kept as JSON text with a key its contract lacks',
        response: listResponse(Kept),
        fields: { sort: ['id'], filter: [] },
        spec: {
          from: sql`users u`,
          select: sql`u.id, u.email`,
          sort: { id: sql`u.id` },
          defaultSort: 'id',
          key: sql`u.id`,
          tuning: { rowJson: sql`json_build_object('id', u.id, 'email', u.email, 'secret', 'kept secret')::text` },
        },
        filename: 'leaky-kept',
      });
      registerResource(fastify, {
        resource: 'leaky-doc',
        tags: ['test'],
        read: 'users.read',
        item: Doc,
        get: {
          summary: 'A document selecting more than its contract',
          json: async (id) => {
            const row = await contractDocument(
              db,
              Doc,
              sql`json_build_object('id', u.id, 'email', u.email, 'password_hash', u.password_hash,
                                    'sessions', json_build_array(json_build_object('id', 1, 'token_hash', 'secret token')))`,
              sql`from users u where u.id = ${id}`,
            );
            if (!row) throw notFound('The user');
            return row.doc;
          },
        },
      });
      action(fastify, {
        method: 'GET',
        url: '/api/leaky-action',
        access: 'users.read',
        tags: ['test'],
        summary: 'An answer built in JavaScript with more than its contract',
        response: { 200: z.object({ data: Item }) },
        handler: async () => ({
          data: { id: 1, email: 'a@example.com', secret: 'top secret', login: { at: null, secret: 'nested secret' }, tags: [{ name: 'a', secret: 'deep secret' }] },
        }),
      });
    },
  });

  it('runs in production mode, where answers sent as JSON text are not checked against their contract', () => {
    expect(app.config.env).toBe('production');
    expect(app.app.checkResponses).toBe(false);
  });

  it('a list sends the contract’s keys alone, at every level', async () => {
    const token = await app.login('admin@example.com');
    const res = await app.req('GET', '/api/leaky-list?per_page=5', { token });
    expect(res.status, res.text).toBe(200);
    expect(res.text).not.toMatch(/secret|password_hash|\$argon|\$scrypt/);
    expect(Object.keys(res.body.data[0])).toEqual(['id', 'email', 'login', 'tags']);
    expect(Object.keys(res.body.data[0].login)).toEqual(['at']);
    expect(res.body.data[0].tags).toEqual([{ name: 'a' }]);
    expect(listResponse(Item).strict().safeParse(res.body).success).toBe(true);
  });

  it('rows kept as JSON text with a key the contract lacks are refused, not sent', async () => {
    const token = await app.login('admin@example.com');
    const res = await app.req('GET', '/api/leaky-kept', { token });
    expect(res.status).toBe(500);
    expect(res.text).not.toMatch(/secret/);
  });

  it('an editor document sends the contract’s keys alone', async () => {
    const token = await app.login('admin@example.com');
    const [me] = await app.sql<{ id: number }>(sql`select id from users where email = 'admin@example.com'`);
    const res = await app.req('GET', `/api/leaky-doc/${me!.id}`, { token });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ data: { id: me!.id, email: 'admin@example.com', sessions: [{ id: 1 }] } });
  });

  it('an answer built in JavaScript goes through its schema, which drops unknown keys', async () => {
    const token = await app.login('admin@example.com');
    const res = await app.req('GET', '/api/leaky-action', { token });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ data: { id: 1, email: 'a@example.com', login: { at: null }, tags: [{ name: 'a' }] } });
  });
});

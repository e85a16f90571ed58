/**
 * A store's order settings: the API keys its website sends orders with, and how its orders are routed.
 *
 * Keys: 32 random bytes (`qmk_…`), shown once when created; the database keeps their SHA-256 and the
 * first characters (to tell keys apart). A key is revoked, never deleted (the audit and the orders it
 * sent keep naming it). Managing keys needs `stores.write` (a store's integration is the store
 * manager's, and the orders role cannot mint credentials); reading them `stores.read`. Routing
 * settings are read with `stores.read` or `orders.read` and changed with `stores.write` or
 * `orders.write`. Every change is audited (the key's hash and the key itself never are).
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { dataResponse, IdParams, StoreApiKey, StoreApiKeyCreate, StoreApiKeyCreated, StoreKeyParams, StoreRouting, StoreRoutingUpdate } from '@qm/contracts';
import { query, queryOne, type Db } from '../../db/connect.js';
import { audit } from '../../db/audit.js';
import { actorOf, hashToken } from '../../http/auth.js';
import { inTx } from '../../http/crud.js';
import { notFound, ruleViolated } from '../../http/errors.js';
import { action, type KeyAccess, type KeyHolder } from '../../http/kit.js';

const TAGS = ['orders'];
/** Keys start with this, so a key found in a log or a repository is recognisable. */
export const KEY_PREFIX = 'qmk_';
const PREFIX_LENGTH = KEY_PREFIX.length + 8;

export const newStoreKey = () => KEY_PREFIX + crypto.randomBytes(32).toString('base64url');

/** A key's use moves last_used_at at most this often (not a write per order). */
const TOUCH_MS = 60_000;

/** Who holds a store API key (unknown or revoked: null); marks it used once a minute at most. */
export async function verifyStoreKey(db: Db, key: string): Promise<KeyHolder | null> {
  if (!key.startsWith(KEY_PREFIX)) return null;
  const row = await queryOne<{ id: number; store_id: number; name: string; touch: boolean }>(
    db,
    sql`select k.id, k.store_id, k.name, (k.last_used_at is null or k.last_used_at < now() - make_interval(secs => ${TOUCH_MS / 1000})) as touch
          from store_api_keys k where k.key_hash = ${hashToken(key)} and k.revoked_at is null`,
  );
  if (!row) return null;
  if (row.touch) await db.execute(sql`update store_api_keys set last_used_at = now() where id = ${row.id}`);
  return { keyId: row.id, ownerId: row.store_id, label: row.name };
}

export const storeKeyAccess = (db: Db): KeyAccess => ({ kind: 'store API key', header: 'x-store-key', verify: (key) => verifyStoreKey(db, key) });

const keySelect = sql`k.id, k.store_id, k.name, k.prefix, k.created_at, (select u.name from users u where u.id = k.created_by) as created_by_name,
                      k.last_used_at, k.revoked_at`;

async function requireStore(db: Db, id: number): Promise<string> {
  const s = await queryOne<{ name: string }>(db, sql`select name from stores where id = ${id}`);
  if (!s) throw notFound('The store');
  return s.name;
}

export async function listKeys(db: Db, storeId: number): Promise<StoreApiKey[]> {
  await requireStore(db, storeId);
  return query<StoreApiKey>(db, sql`select ${keySelect} from store_api_keys k where k.store_id = ${storeId} order by k.revoked_at is not null, k.id desc`);
}

async function loadKey(db: Db, storeId: number, keyId: number): Promise<StoreApiKey> {
  const k = await queryOne<StoreApiKey>(db, sql`select ${keySelect} from store_api_keys k where k.id = ${keyId} and k.store_id = ${storeId}`);
  if (!k) throw notFound('The API key');
  return k;
}

async function loadRouting(db: Db, storeId: number): Promise<StoreRouting> {
  await requireStore(db, storeId);
  const r = await queryOne<StoreRouting>(db, sql`select store_id, strategy, auto_route, updated_at from store_routing_settings where store_id = ${storeId}`);
  return r ?? { store_id: storeId, strategy: 'cheapest', auto_route: false, updated_at: null };
}

export function storeSettingsRoutes(app: FastifyInstance, db: Db) {
  action(app, {
    method: 'GET',
    url: '/api/store/:id/api-key',
    access: 'stores.read',
    tags: TAGS,
    summary: "A store's API keys (prefix, name, created, last used, revoked); never the keys themselves",
    params: IdParams,
    response: { 200: dataResponse(z.array(StoreApiKey)) },
    handler: async (req) => ({ data: await listKeys(db, req.params.id) }),
  });

  action(app, {
    method: 'POST',
    url: '/api/store/:id/api-key',
    access: 'stores.write',
    tags: TAGS,
    summary: 'Create an API key for the store to send orders with: the answer holds the key, shown this once (only its hash is kept)',
    params: IdParams,
    body: StoreApiKeyCreate,
    response: { 201: dataResponse(StoreApiKeyCreated) },
    handler: async (req, reply) => {
      const storeId = req.params.id;
      const key = newStoreKey();
      const created = await inTx(db, async (t) => {
        await requireStore(t, storeId);
        const [row] = await query<{ id: number }>(
          t,
          sql`insert into store_api_keys (store_id, name, prefix, key_hash, created_by)
              values (${storeId}, ${req.body.name}, ${key.slice(0, PREFIX_LENGTH)}, ${hashToken(key)}, ${req.auth?.userId ?? null}) returning id`,
        );
        const after = await loadKey(t, storeId, row!.id);
        await audit(t, actorOf(req), { action: 'create', entity: 'store_api_key', entityId: row!.id, after });
        return after;
      });
      return reply.status(201).send({ data: { ...created, key } });
    },
  });

  action(app, {
    method: 'POST',
    url: '/api/store/:id/api-key/:keyId/revoke',
    access: 'stores.write',
    tags: TAGS,
    summary: 'Revoke a store API key: orders sent with it are refused (401) from now on',
    params: StoreKeyParams,
    response: { 200: dataResponse(StoreApiKey) },
    handler: async (req) => ({
      data: await inTx(db, async (t) => {
        const before = await loadKey(t, req.params.id, req.params.keyId);
        if (before.revoked_at) throw ruleViolated(`The key ${before.prefix}… was revoked already`);
        await t.execute(sql`update store_api_keys set revoked_at = now(), revoked_by = ${req.auth?.userId ?? null}, updated_at = now(), version = version + 1
                             where id = ${req.params.keyId}`);
        const after = await loadKey(t, req.params.id, req.params.keyId);
        await audit(t, actorOf(req), { action: 'revoke', entity: 'store_api_key', entityId: req.params.keyId, before, after });
        return after;
      }),
    }),
  });

  action(app, {
    method: 'GET',
    url: '/api/store/:id/routing',
    access: ['stores.read', 'orders.read'],
    tags: TAGS,
    summary: "How the store's orders are routed: strategy (cheapest total, fewest shipments, single source only) and automatic routing",
    params: IdParams,
    response: { 200: dataResponse(StoreRouting) },
    handler: async (req) => ({ data: await loadRouting(db, req.params.id) }),
  });

  action(app, {
    method: 'PUT',
    url: '/api/store/:id/routing',
    access: ['stores.write', 'orders.write'],
    tags: TAGS,
    summary: "Set how the store's orders are routed",
    params: IdParams,
    body: StoreRoutingUpdate,
    response: { 200: dataResponse(StoreRouting) },
    handler: async (req) => ({
      data: await inTx(db, async (t) => {
        const before = await loadRouting(t, req.params.id);
        await t.execute(sql`insert into store_routing_settings (store_id, strategy, auto_route) values (${req.params.id}, ${req.body.strategy}, ${req.body.auto_route})
                             on conflict (store_id) do update set strategy = excluded.strategy, auto_route = excluded.auto_route,
                                                                  updated_at = now(), version = store_routing_settings.version + 1`);
        const after = await loadRouting(t, req.params.id);
        await audit(t, actorOf(req), { action: 'update', entity: 'store_routing', entityId: req.params.id, before, after });
        return after;
      }),
    }),
  });
}

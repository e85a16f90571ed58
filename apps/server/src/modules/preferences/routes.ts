import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryOne } from '../../db/connect.js';
import { action, type Kit } from '../../http/kit.js';
import { requireAuth } from '../../http/auth.js';
import { badRequest } from '../../http/errors.js';

const KeyParams = z.object({ key: z.string().regex(/^[\w.:-]{1,100}$/, 'Letters, digits, . : _ - only (at most 100)') });

/** Per-user screen preferences (column choices, page sizes), any JSON up to 16 KiB. */
export function preferenceRoutes({ app, db }: Kit) {
  action(app, {
    method: 'GET',
    url: '/api/me/preferences/:key',
    access: 'signed-in',
    tags: ['me'],
    summary: 'One preference of the signed-in user (null when unset)',
    params: KeyParams,
    response: { 200: z.object({ data: z.unknown() }) },
    handler: async (req) => {
      const me = requireAuth(req);
      const row = await queryOne<{ value: unknown }>(db, sql`select value from user_preferences where user_id = ${me.userId} and key = ${req.params.key}`);
      return { data: row?.value ?? null };
    },
  });
  action(app, {
    method: 'PUT',
    url: '/api/me/preferences/:key',
    access: 'signed-in',
    tags: ['me'],
    summary: 'Save one preference',
    params: KeyParams,
    body: z.object({ value: z.unknown() }).strict(),
    response: { 200: z.object({ data: z.unknown() }) },
    handler: async (req) => {
      const me = requireAuth(req);
      const json = JSON.stringify(req.body.value ?? null);
      if (json.length > 16384) throw badRequest('The preference is too large', { value: 'At most 16 KiB' });
      await db.execute(sql`
        insert into user_preferences (user_id, key, value) values (${me.userId}, ${req.params.key}, ${json}::jsonb)
        on conflict (user_id, key) do update set value = excluded.value, updated_at = now()`);
      return { data: req.body.value ?? null };
    },
  });
}

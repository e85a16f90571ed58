import { sql } from 'drizzle-orm';
import type { Db } from './connect.js';

/** Who is acting: the signed-in user, the impersonator behind them, and the request. */
export interface Actor {
  userId: number | null;
  impersonatorId: number | null;
  requestId: string | null;
}

export const SYSTEM_ACTOR: Actor = { userId: null, impersonatorId: null, requestId: null };

const SECRET_KEYS = new Set(['password', 'password_hash', 'token', 'token_hash', 'secret', 'secret_encrypted']);

function redact(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(redact);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    // A secret's key may say that it changed ('[changed]'), never what it is.
    out[k] = SECRET_KEYS.has(k) ? (v === '[changed]' ? v : '[redacted]') : v instanceof Date ? v.toISOString() : v;
  }
  return out;
}

export interface AuditInput {
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

/**
 * Writes audit entries (one, or all those of a bulk write, in one statement); call it with the
 * transaction handle of the write it records.
 */
export async function audit(db: Db, actor: Actor, entries: AuditInput | readonly AuditInput[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries as AuditInput];
  if (!list.length) return;
  const json = (v: unknown) => {
    const r = redact(v);
    return r === null ? null : JSON.stringify(r);
  };
  const rows = list.map(
    (e) => sql`(${actor.userId}::int, ${actor.impersonatorId}::int, ${e.action}, ${e.entity},
                ${e.entityId === undefined || e.entityId === null ? null : String(e.entityId)},
                ${json(e.before)}::jsonb, ${json(e.after)}::jsonb, ${actor.requestId})`,
  );
  await db.execute(sql`
    insert into audit_logs (actor_id, impersonator_id, action, entity, entity_id, before, after, request_id)
    values ${sql.join(rows, sql`, `)}`);
}

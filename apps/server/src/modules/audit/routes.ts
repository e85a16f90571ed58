import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { AuditEntry, ClientError, ClientErrorDetail, CONSTANTS, listResponse, AUDIT_LIST, CLIENT_ERROR_LIST } from '@qm/contracts';
import { query } from '../../db/connect.js';
import { action, type Kit } from '../../http/kit.js';
import { loadOneOr404, registerList, registerResource } from '../../http/crud.js';
import { columns, filters, type ListSpec } from '../../http/list.js';

export const auditList: ListSpec<AuditEntry> = {
  // Names by scalar subqueries rather than joins: the same rows, and a third of the planning time.
  from: sql`audit_logs a`,
  select: sql`a.id, a.at, a.actor_id, (select u.name from users u where u.id = a.actor_id) as actor_name,
              a.impersonator_id, (select i.name from users i where i.id = a.impersonator_id) as impersonator_name,
              a.action, a.entity, a.entity_id, a.before, a.after, a.request_id`,
  sort: columns('a', 'id', 'at', 'entity', 'action'),
  defaultSort: '-id',
  key: sql`a.id`,
  filters: {
    ...filters.ints('a', 'actor_id'),
    ...filters.eqs('a', 'entity', 'entity_id', 'action'),
    ...filters.dateRange(sql`a.at`),
  },
  search: (q) => sql`${filters.ilike(sql`a.entity`, sql`a.entity_id`)(q)} or a.actor_id in (select u.id from users u where ${filters.ilike(sql`u.name`)(q)})`,
  csv: [
    { key: 'id', header: 'ID' },
    { key: 'at', header: 'When' },
    { key: 'actor_name', header: 'Who' },
    { key: 'impersonator_name', header: 'Impersonated by' },
    { key: 'action', header: 'Action' },
    { key: 'entity', header: 'Entity' },
    { key: 'entity_id', header: 'Entity ID' },
    { key: 'before', header: 'Before' },
    { key: 'after', header: 'After' },
  ],
};

/** Names of entities and keys spelled into a statement (never from a request). */
const literal = (name: string) => {
  if (!/^[a-z_]+$/.test(name)) throw new Error(`Not an entity or key name: ${name}`);
  return sql.raw(`'${name}'`);
};

/**
 * A record's Activity (newest first, at most 200): its own entries and those of the records it owns,
 * which name it as `ownerKey` in after (or before, for a deletion). Two index walks each cut at the
 * page: `audit_logs_entity_idx`, and for the owned entries the index on their owner where there is one
 * (`audit_logs_order_idx`: its expression and entity list spelled as here, literals, so the planner
 * matches them).
 */
export function activitySql(entity: string, id: number, owned: { entities: readonly string[]; ownerKey: string }): SQL {
  const key = literal(owned.ownerKey);
  const entities = sql.join(owned.entities.map(literal), sql`, `);
  return sql`select ${auditList.select} from (
      (select * from audit_logs where entity = ${entity} and entity_id = ${String(id)} order by id desc limit 200)
      union all
      (select * from audit_logs where entity in (${entities})
          and coalesce(after ->> ${key}, before ->> ${key}) = ${String(id)} order by id desc limit 200)
    ) a order by a.id desc limit 200`;
}

export const clientErrorList: ListSpec<ClientError> = {
  from: sql`client_errors c`,
  // The payload (often kilobytes) is left to GET client-error/{id}: the list shows the summary.
  select: sql`c.id, c.at, c.user_id, (select u.name from users u where u.id = c.user_id) as user_name, c.level, c.message, c.url, c.environment`,
  sort: columns('c', 'id', 'at', 'level'),
  defaultSort: '-id',
  key: sql`c.id`,
  filters: {
    ...filters.eqs('c', 'level'),
    ...filters.ints('c', 'user_id'),
    ...filters.dateRange(sql`c.at`),
  },
  search: filters.ilike(sql`c.message`, sql`c.url`),
};

/** One report: the list's columns and the payload. */
const clientErrorDetail: ListSpec<ClientErrorDetail> = { ...clientErrorList, select: sql`${clientErrorList.select}, c.payload` };

/** Field names whose values never leave the browser unmasked (SPEC §1), checked again here. */
const SCRUB = /pass(word)?|secret|token|cvv|cvc|card.?num|cc.?num|card_?number|expir|exp_?date|cardholder|authorization/i;

export function scrub(value: unknown, depth = 0): unknown {
  if (depth > 40 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    out[k] = SCRUB.test(k) && (typeof v === 'string' || typeof v === 'number') ? CONSTANTS.errorReporter.maskedText : scrub(v, depth + 1);
  }
  return out;
}

/** The item a browser error reporter sends (`{ access_token, data: { level, body, request, environment } }`). */
const ReportItem = z
  .object({
    access_token: z.string().max(200).optional(),
    data: z
      .object({
        level: z.string().max(20).optional(),
        environment: z.string().max(50).optional(),
        body: z.unknown().optional(),
        request: z.object({ url: z.string().max(2000).optional() }).loose().optional(),
        person: z.object({ id: z.union([z.string(), z.number()]).optional() }).loose().optional(),
      })
      .loose(),
  })
  .loose();

function messageOf(body: unknown): string {
  const b = body as {
    trace?: { exception?: { class?: string; message?: string } };
    trace_chain?: { exception?: { class?: string; message?: string } }[];
    message?: { body?: string };
  };
  const ex = b?.trace?.exception ?? b?.trace_chain?.[0]?.exception;
  if (ex) return `${ex.class ?? 'Error'}: ${ex.message ?? ''}`.slice(0, 2000);
  return String(b?.message?.body ?? 'Unknown error').slice(0, 2000);
}

export function auditRoutes({ app, db }: Kit) {
  const tags = ['audit'];

  registerList(app, db, {
    url: '/api/audit-log',
    permission: 'audit.read',
    tags,
    summary: 'Audit log: every write, who, when, before → after',
    response: listResponse(AuditEntry),
    fields: AUDIT_LIST,
    spec: auditList,
    filename: 'audit-log',
  });

  // Registered before `audit-log/:id` reads it as an id: the people the log's "User" filter offers.
  action(app, {
    method: 'GET',
    url: '/api/audit-log/actors',
    access: 'audit.read',
    tags,
    summary: 'Staff who may appear in the logs (id and name, at most 1,000, by name), for filters',
    response: { 200: z.object({ data: z.array(z.object({ id: z.number(), name: z.string(), email: z.string() })) }) },
    handler: async () => ({
      data: await query<{ id: number; name: string; email: string }>(db, sql`select id, name, email from users order by lower(name), id limit 1000`),
    }),
  });

  registerResource(app, {
    resource: 'audit-log',
    tags,
    read: 'audit.read',
    item: AuditEntry,
    get: { summary: 'One audit entry', load: (id) => loadOneOr404(db, auditList, id, 'audit entry') },
  });

  registerResource(app, {
    resource: 'client-error',
    tags,
    read: 'audit.read',
    item: ClientErrorDetail,
    get: { summary: 'One browser error report with its payload', load: (id) => loadOneOr404(db, clientErrorDetail, id, 'browser error') },
  });

  registerList(app, db, {
    url: '/api/client-error',
    permission: 'audit.read',
    tags,
    summary: 'Errors reported by browsers',
    response: listResponse(ClientError),
    fields: CLIENT_ERROR_LIST,
    spec: clientErrorList,
    filename: 'browser-errors',
  });

  action(app, {
    method: 'POST',
    url: '/api/client-error/item/',
    access: 'public',
    tags,
    summary: "Browser error reporter's endpoint; stores the scrubbed report",
    body: ReportItem,
    response: { 200: z.object({ err: z.number(), result: z.object({ id: z.number() }) }) },
    options: { rateLimit: { max: CONSTANTS.errorReporter.itemsPerMinute, timeWindow: '1 minute' }, bodyLimit: CONSTANTS.errorReporter.maxPayloadBytes + 65536 },
    handler: async (req) => {
      const data = scrub(req.body.data) as z.infer<typeof ReportItem>['data'];
      // Who saw the error comes from a valid session only (the bearer token the console's reporter
      // sends like every call) — never from the body, where `person` is whatever the sender wrote.
      // Reports without one are kept, attributed to no one.
      const userId = req.auth?.userId ?? null;
      const rows = (await db.execute(sql`
        insert into client_errors (user_id, level, message, url, environment, payload)
        values ((select id from users where id = ${userId}), ${(data.level ?? 'error').slice(0, 20)}, ${messageOf(data.body)},
                ${data.request?.url ?? null}, ${data.environment ?? null}, ${JSON.stringify(data)}::jsonb)
        returning id`)) as unknown as { rows: { id: number }[] };
      return { err: 0, result: { id: Number(rows.rows[0]!.id) } };
    },
  });
}

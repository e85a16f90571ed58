import { z } from 'zod';

export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'login', 'login_failed', 'lock', 'logout', 'impersonate', 'impersonate_stop', 'token_refresh', 'password_reset', 'deactivate', 'reveal', 'sort'] as const;

export const AuditEntry = z.object({
  id: z.number(),
  at: z.string(),
  actor_id: z.number().nullable(),
  actor_name: z.string().nullable(),
  impersonator_id: z.number().nullable(),
  impersonator_name: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  request_id: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** `filter[actor_id]`, `filter[entity]`, `filter[action]`, `filter[from]`, `filter[to]` (ISO dates). */
export const AUDIT_LIST = {
  sort: ['id', 'at', 'entity', 'action'],
  filter: ['actor_id', 'entity', 'entity_id', 'action', 'from', 'to'],
} as const;

export const ClientError = z.object({
  id: z.number(),
  at: z.string(),
  user_id: z.number().nullable(),
  user_name: z.string().nullable(),
  level: z.string(),
  message: z.string(),
  url: z.string().nullable(),
  environment: z.string().nullable(),
});
export type ClientError = z.infer<typeof ClientError>;
/** One report with the reporter's whole (scrubbed) payload: `GET client-error/{id}`; the list leaves it out. */
export const ClientErrorDetail = ClientError.extend({ payload: z.unknown() });
export type ClientErrorDetail = z.infer<typeof ClientErrorDetail>;

export const CLIENT_ERROR_LIST = { sort: ['id', 'at', 'level'], filter: ['level', 'user_id', 'from', 'to'] } as const;

import { z } from 'zod';
import { CONSTANTS } from './enums.js';

/** An id in a path or query string (`/product/12`, `?move_to=3`). */
export const IdParam = z.coerce.number().int().positive();
/** `:id` path parameter. */
export const IdParams = z.object({ id: IdParam });

/**
 * Query of every list endpoint (DESIGN §3): `page`, `per_page` (≤ 500), `sort=field,-other`,
 * `q` search, `filter[field]=value`. Filters arrive as a nested object (`filter[role]=x`).
 */
export const ListQuery = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    per_page: z.coerce.number().int().min(1).max(CONSTANTS.maxPerPage).default(CONSTANTS.defaultPerPage),
    sort: z.string().max(200).optional(),
    q: z.string().max(200).optional(),
    filter: z.record(z.string(), z.union([z.string().max(200), z.array(z.string().max(200)).max(100)])).optional(),
    format: z.enum(['json', 'csv']).optional(),
  })
  .strict();
export type ListQuery = z.infer<typeof ListQuery>;

/** `total_exact` is false when a list counts only up to a cap and `total` is that cap ("1,000+"). */
export const ListMeta = z.object({ total: z.number().int(), page: z.number().int(), per_page: z.number().int(), total_exact: z.boolean() });
export type ListMeta = z.infer<typeof ListMeta>;

export const listResponse = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: ListMeta });
export const dataResponse = <T extends z.ZodType>(item: T) => z.object({ data: item });

export interface ListResponse<T> {
  data: T[];
  meta: ListMeta;
}

/** Error body (DESIGN §3). `fields` maps a field path (dotted) to its message. */
export const ErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const ERROR_CODES = {
  validation: 'validation_failed',
  unauthenticated: 'unauthenticated',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  stale: 'stale_version',
  rule: 'rule_violated',
  rateLimited: 'rate_limited',
  internal: 'internal_error',
} as const;

/** Every update carries the version it was read at (optimistic concurrency): `XUpdate = XCreate.extend(Versioned.shape)`. */
export const Versioned = z.object({ version: z.number().int().min(1) });

/** The last fields of every stored, versioned item as served. */
export const stampFields = { created_at: z.string(), updated_at: z.string(), version: z.number() };

export const Email = z.string().trim().toLowerCase().email('Enter a valid email address').max(200);
export const Name = z.string().trim().min(1, 'Required').max(200, 'At most 200 characters');

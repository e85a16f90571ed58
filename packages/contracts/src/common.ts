import { z } from 'zod';
import { CONSTANTS } from './enums.js';

/**
 * A whole number from 1 to `max` as text in a path or query string: decimal digits only. No sign,
 * exponent, hex, spaces, fraction or leading zero (`+5`, `1e1`, `0x10`, ` 5`, `05` are refused, where
 * a number coercion read them as 5, 10, 16 …). The value is a number.
 */
export const wholeNumberText = (max: number, message = `Must be a whole number from 1 to ${max}`) =>
  z
    .string()
    .regex(new RegExp(`^[1-9][0-9]{0,${String(max).length - 1}}$`), message)
    .transform(Number)
    .pipe(z.number().int().min(1).max(max, message));

/** An id in a path or query string (`/product/12`, `?move_to=3`): a positive PostgreSQL integer. */
export const IdParam = wholeNumberText(CONSTANTS.maxId, 'Must be an id: a whole number from 1');
/** `:id` path parameter. */
export const IdParams = z.object({ id: IdParam });

/**
 * Query of every list endpoint (DESIGN §3): `page` (≤ 100,000), `per_page` (≤ 500), `sort=field,-other`,
 * `q` search, `filter[field]=value`. Filters arrive as a nested object (`filter[role]=x`).
 */
export const ListQuery = z
  .object({
    page: wholeNumberText(CONSTANTS.maxPage).default(1),
    per_page: wholeNumberText(CONSTANTS.maxPerPage).default(CONSTANTS.defaultPerPage),
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

/**
 * The fields a list sorts and filters by (`BRAND_LIST` and the like): the server serves exactly these,
 * and the console's list screens offer sorting on exactly these columns.
 */
export interface ListFields {
  readonly sort: readonly string[];
  readonly filter: readonly string[];
}

export const listResponse = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: ListMeta });
export const dataResponse = <T extends z.ZodType>(item: T) => z.object({ data: item });

export interface ListResponse<T> {
  data: T[];
  meta: ListMeta;
}

/** The record that already holds a value that must be unique (a 409's `holders`): where to find it. */
export const ConflictHolder = z.object({
  id: z.number(),
  /** How people know it: "Federal", "FED-AE9-50 (Federal American Eagle 9mm)". */
  label: z.string(),
  /** The console page that shows it, e.g. `/product/12`; null when there is none. */
  path: z.string().nullable(),
});
export type ConflictHolder = z.infer<typeof ConflictHolder>;

/**
 * Error body (DESIGN §3). `fields` maps a field path (dotted) to its message; on a 409 for a value
 * already in use, `holders` names the record that holds it, by the same field path.
 */
export const ErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    holders: z.record(z.string(), ConflictHolder).optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** The error codes of the API (in a module of their own, free of zod: the login screen's entry reads them). */
export { ERROR_CODES } from './error-codes.js';

/** Every update carries the version it was read at (optimistic concurrency): `XUpdate = XCreate.extend(Versioned.shape)`. */
export const Versioned = z.object({ version: z.number().int().min(1) });

/** The last fields of every stored, versioned item as served. */
export const stampFields = { created_at: z.string(), updated_at: z.string(), version: z.number() };

export const Email = z.string().trim().toLowerCase().email('Enter a valid email address').max(200);
export const Name = z.string().trim().min(1, 'Required').max(200, 'At most 200 characters');
/** Optional text of at most `max` characters, trimmed; empty or absent is null. */
export const OptText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters`)
    .nullable()
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v));
/** A calendar day as YYYY-MM-DD, a real one (no 2026-02-30). */
export const IsoDate = z
  .string({ error: 'A date (YYYY-MM-DD)' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date (YYYY-MM-DD)')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'Not a real date');
/** An optional day; empty or absent is null. */
export const OptDate = IsoDate.nullable()
  .optional()
  .transform((v) => v ?? null);
/** An optional web address (http or https), at most 500 characters; empty or absent is null. */
/** A reference that may be empty (a store, a category): a positive id, or null when absent. */
export const OptId = z.number({ error: 'An id' }).int('An id').min(1, 'An id').max(2_147_483_647, 'An id').nullable().optional().transform((v) => v ?? null);
export const OptUrl = OptText(500).refine((v) => v === null || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v), 'A web address starting with https:// or http://');

import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ERROR_CODES, type ConflictHolder, type ErrorBody } from '@qm/contracts';
import type { ZodError } from 'zod';

/** An error with an HTTP status that is safe to show to the user. */
export class AppError extends Error {
  /** On a 409 for a value in use: the record holding it, by field path. */
  holders?: Record<string, ConflictHolder>;
  constructor(
    public status: number,
    public code: string,
    message: string,
    public fields?: Record<string, string>,
    public headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, ERROR_CODES.validation, message, fields);
export const unauthenticated = (message = 'Sign in to continue') => new AppError(401, ERROR_CODES.unauthenticated, message);
export const forbidden = (message = 'You do not have permission to do this') => new AppError(403, ERROR_CODES.forbidden, message);
export const notFound = (what = 'The item') => new AppError(404, ERROR_CODES.notFound, `${what} was not found`);
export const conflict = (message: string, fields?: Record<string, string>, holders?: Record<string, ConflictHolder>) => {
  const e = new AppError(409, ERROR_CODES.conflict, message, fields);
  if (holders && Object.keys(holders).length) e.holders = holders;
  return e;
};
/** 409 `in_use`: the record is still referenced by others (or refers to one that does not exist). */
export const inUse = (message: string) => new AppError(409, ERROR_CODES.inUse, message);
export const stale = (what = 'item') =>
  new AppError(409, ERROR_CODES.stale, `Someone else saved this ${what} first. Reload to see their changes, then apply yours again.`);
export const ruleViolated = (message: string, fields?: Record<string, string>) => new AppError(422, ERROR_CODES.rule, message, fields);

export function body(code: string, message: string, fields?: Record<string, string>, holders?: Record<string, ConflictHolder>): ErrorBody {
  const error: ErrorBody['error'] = { code, message };
  if (fields && Object.keys(fields).length) error.fields = fields;
  if (holders && Object.keys(holders).length) error.holders = holders;
  return { error };
}

/** Maps zod issues to `{ "a.b": message }`; unknown keys name themselves. */
export function zodFields(issues: ZodError['issues']): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) fields[[...issue.path, key].join('.')] = 'Unknown field';
      continue;
    }
    const key = issue.path.join('.') || '_';
    if (!fields[key]) fields[key] = issue.message;
  }
  return fields;
}

/** PostgreSQL error codes that mean bad input (or a concurrent change) rather than a fault. */
const PG_INPUT_ERRORS: Record<string, [number, string, string]> = {
  '23505': [409, ERROR_CODES.conflict, 'That value is already in use'],
  '23503': [409, ERROR_CODES.inUse, 'This item is referenced by other records or refers to one that does not exist'],
  '23514': [422, ERROR_CODES.rule, 'The change breaks a data rule'],
  '22P02': [400, ERROR_CODES.validation, 'A value has the wrong format'],
  '22003': [400, ERROR_CODES.validation, 'A number is out of range'],
  '22001': [400, ERROR_CODES.validation, 'A value is too long'],
  '22007': [400, ERROR_CODES.validation, 'A date has the wrong format'],
  '22008': [400, ERROR_CODES.validation, 'A date is out of range'],
  // Still failing after inTx ran it again: someone else keeps changing the same records.
  '40P01': [409, ERROR_CODES.conflict, 'Someone else was changing the same records at the same moment. Try again.'],
  '40001': [409, ERROR_CODES.conflict, 'Someone else was changing the same records at the same moment. Try again.'],
};

/** The driver's error behind a (possibly wrapped) query error, when it carries a SQLSTATE. */
export function pgErrorOf(err: unknown): { code: string; constraint?: string; detail?: string } | null {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e as { code: string; constraint?: string };
  }
  return null;
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError & { code?: string; cause?: unknown }, request, reply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return reply.status(err.status).send(body(err.code, err.message, err.fields, err.holders));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const v of err.validation) {
        const path = v.instancePath.replace(/^\//, '').split('/').filter(Boolean);
        if (v.keyword === 'unrecognized_keys') {
          for (const key of (v.params as { keys?: string[] }).keys ?? []) fields[[...path, key].join('.')] = 'Unknown field';
          continue;
        }
        const key = path.join('.') || '_';
        if (!fields[key]) fields[key] = v.message ?? 'Invalid value';
      }
      const where = err.validationContext === 'querystring' ? 'query' : (err.validationContext ?? 'request');
      return reply.status(400).send(body(ERROR_CODES.validation, `The ${where} has invalid fields`, fields));
    }
    if (isResponseSerializationError(err as never) && (err as { method?: string }).method) {
      request.log.error({ err }, 'response did not match its schema');
      return reply.status(500).send(body(ERROR_CODES.internal, 'The server produced an invalid response'));
    }
    const dbErr = pgErrorOf(err);
    const pg = dbErr && PG_INPUT_ERRORS[dbErr.code];
    if (pg) {
      request.log.warn({ err }, 'database refused input');
      return reply.status(pg[0]).send(body(pg[1], pg[2]));
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      const code = err.statusCode === 429 ? ERROR_CODES.rateLimited : err.statusCode === 404 ? ERROR_CODES.notFound : ERROR_CODES.validation;
      return reply.status(err.statusCode).send(body(code, err.message));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(body(ERROR_CODES.internal, 'Something went wrong on the server. The error was logged.'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(body(ERROR_CODES.notFound, `No endpoint ${request.method} ${request.url.split('?')[0]}`));
  });
}

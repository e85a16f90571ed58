import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

/**
 * One guard over every request's parsed input (path parameters, query string and JSON body), run
 * before the route's own validation, so every endpoint present and future refuses — with a 400 that
 * names the field — what no field of ours may hold:
 *
 * - NUL characters (PostgreSQL text and jsonb cannot store them: the driver failed with a 500);
 * - unpaired UTF-16 surrogates (not Unicode text: stored, they came back as U+FFFD);
 * - the keys `__proto__`, `constructor` and `prototype` at any depth (prototype pollution, in a
 *   merge of ours or a library's);
 * - nesting deeper than MAX_DEPTH (recursive code further on: scrubbing, JSON.stringify).
 *
 * The JSON parser already refuses `__proto__` and `constructor.prototype` (fastify's secure-json-parse
 * defaults, set explicitly in app.ts); the query-string parser builds objects without a prototype.
 */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
export const MAX_DEPTH = 32;
/** At most this many fields are named in one answer. */
const MAX_FIELDS = 20;

export const INPUT_MESSAGES = {
  nul: 'Must not contain NUL characters',
  surrogate: 'Must be valid Unicode text (no unpaired surrogates)',
  key: 'This name is not allowed',
  depth: `Nested too deeply (at most ${MAX_DEPTH} levels)`,
} as const;

const wellFormed = (s: string) => (s as string & { isWellFormed(): boolean }).isWellFormed();
const badText = (s: string): keyof typeof INPUT_MESSAGES | null => (s.includes('\u0000') ? 'nul' : wellFormed(s) ? null : 'surrogate');
/** A key as it can be shown in a field path (its bad characters replaced). */
const shown = (key: string) => key.replace(/\u0000/g, '\\0').replace(/[\uD800-\uDFFF]/g, '\uFFFD');

/** The fields of `value` that break the rules above, as `{ "a.b": message }`; empty when none. */
export function inputProblems(value: unknown): Record<string, string> {
  const fields = new Map<string, string>();
  const note = (path: string, problem: keyof typeof INPUT_MESSAGES) => {
    const key = path || '_';
    if (!fields.has(key)) fields.set(key, INPUT_MESSAGES[problem]);
  };
  // Iterative (an explicit stack): a hostile body must not be able to overflow the call stack here.
  const stack: [unknown, string, number][] = [[value, '', 0]];
  while (stack.length && fields.size < MAX_FIELDS) {
    const [v, path, depth] = stack.pop()!;
    if (typeof v === 'string') {
      const bad = badText(v);
      if (bad) note(path, bad);
      continue;
    }
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= MAX_DEPTH) {
      note(path, 'depth');
      continue;
    }
    const child = (k: string) => (path ? `${path}.${shown(k)}` : shown(k));
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], child(String(i)), depth + 1]);
      continue;
    }
    for (const k of Object.keys(v)) {
      if (FORBIDDEN_KEYS.has(k)) note(child(k), 'key');
      else {
        const bad = badText(k);
        if (bad) note(child(k), bad);
        else stack.push([(v as Record<string, unknown>)[k], child(k), depth + 1]);
      }
    }
  }
  // fromEntries defines own properties: a field named `__proto__` is reported, not swallowed.
  return Object.fromEntries(fields);
}

export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const [where, value] of [
      ['path', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      if (value === undefined || value === null) continue;
      // A raw body (an uploaded file, POST /api/file) is a stream of bytes, not parsed input.
      if (where === 'body' && typeof (value as { pipe?: unknown }).pipe === 'function') continue;
      const fields = inputProblems(value);
      if (Object.keys(fields).length) throw badRequest(`The ${where} has invalid fields`, fields);
    }
  });
}

/**
 * Error reporting (SPEC §1, §9) with the `rollbar` browser SDK.
 *
 * - Errors are reported at level `error` and re-thrown (`reportError`; an error no boundary caught:
 *   `reportUncaught`, handed back to the browser once reported, which the reporter does not send twice).
 * - Uncaught errors are captured; unhandled promise rejections are not.
 * - environment `production`; at most 60 items a minute; a telemetry queue of 100 events.
 * - Password and card field names are scrubbed; rollbar replaces a scrubbed value with its masked
 *   text `********` (rollbar/src/utility.js `redact()`).
 * - The payload cap (524288 bytes) and trimming stack frames to 30 when a payload is over that size are
 *   rollbar's own truncation (rollbar/src/truncation.js: `truncate(payload, jsonBackup, maxSize =
 *   512 * 1024)` tries `raw`, then `truncateFrames` with range 30, then shorter strings). They are
 *   not options of the SDK, so nothing is configured for them here.
 *
 * By default errors go to the console's own API: the item call is `/api/client-error/item/` (the
 * receiver lives at `/api/client-error/`), and the item goes through the console's HTTP client
 * (`ConsoleTransport`), so it carries what every call to /api carries (SPEC §1: the AJAX header, the
 * bearer token once signed in — by which the server knows who saw the error). `VITE_ERROR_ENDPOINT`
 * (a Rollbar-style API base ending in `/`) and `VITE_ERROR_TOKEN` set at build time switch to an
 * external service, which rollbar's own transport posts to with that token.
 *
 * The SDK is loaded lazily so that it stays out of the login screen's bundle: once someone has
 * signed in, or as soon as there is an error to send. Until it has loaded, uncaught errors are
 * caught by a plain `error` listener (`installEarlyCapture`) and queued with anything reported.
 */
import type Rollbar from 'rollbar';
import { CONSTANTS, ERROR_CODES, type ConflictHolder } from '@qm/contracts';
import { API_BASE, ApiError, errorMessage, send as apiSend } from './api';

/** The console's own receiver of browser errors (rollbar appends nothing: see `itemEndpoint`). */
export const CLIENT_ERROR_PATH = '/api/client-error/';
export const PLACEHOLDER_ACCESS_TOKEN = 'quartermaster-console';

/** Field names whose values never leave the browser (matched whole, case-insensitive, by rollbar). */
export const SCRUB_FIELDS = [
  'password',
  'password_confirmation',
  'passwordConfirmation',
  'current_password',
  'new_password',
  'cvv',
  'cvv2',
  'cvc',
  'card_number',
  'cardNumber',
  'cc_number',
  'ccNumber',
  'expiration_date',
  'expirationDate',
  'exp_date',
  'expDate',
  'cardholder',
  'cardholder_name',
  'cardholderName',
  'token',
  'authorization',
  'secret',
] as const;

/** Rollbar's masked text for a scrubbed value: 8 asterisks (SPEC §9). */
export const MASKED_TEXT = CONSTANTS.errorReporter.maskedText;

interface ReporterEnv {
  VITE_ERROR_ENDPOINT?: string;
  VITE_ERROR_TOKEN?: string;
  VITE_CODE_VERSION?: string;
}

/** `<base>item/`: the URL rollbar's browser transport POSTs an item to. */
export function itemEndpoint(base: string): string {
  return `${base.endsWith('/') ? base : `${base}/`}item/`;
}

/**
 * The access token rollbar holds: an external service's own (`VITE_ERROR_TOKEN`); to the console's
 * receiver a placeholder, never sent (the item goes with the session's bearer token, `ConsoleTransport`).
 */
export function reporterAccessToken(env: ReporterEnv = import.meta.env): string {
  return (!reportsToConsole(env) && env.VITE_ERROR_TOKEN?.trim()) || PLACEHOLDER_ACCESS_TOKEN;
}

/** Whether items go to the console's own receiver (no `VITE_ERROR_ENDPOINT`). */
export function reportsToConsole(env: ReporterEnv = import.meta.env): boolean {
  return !env.VITE_ERROR_ENDPOINT?.trim();
}

/**
 * How an item reaches the console's receiver: rollbar's browser transport hands the item, serialized
 * and already cut to its payload cap, to a global `RollbarProxy` when one is defined
 * (rollbar/src/browser/transport.js `_proxyRequest`: `new RollbarProxy().sendJsonPayload(json, onSuccess,
 * onError)`); this one posts it with the console's HTTP client. Installed only for the console's own
 * receiver (`initErrorReporting`).
 */
export class ConsoleTransport {
  sendJsonPayload(json: string, onSuccess: (message: unknown) => void, onError: (error: string) => void): void {
    // the item call under /api, as the console's HTTP client names its paths
    apiSend(itemEndpoint(CLIENT_ERROR_PATH).slice(API_BASE.length + 1), { method: 'POST', raw: { body: new Blob([json]), contentType: 'application/json' } })
      .then((res) => res.json())
      .then(onSuccess, (e: unknown) => onError(errorMessage(e)));
  }
}

export function errorReporterConfig(env: ReporterEnv = import.meta.env, origin = window.location.origin): Rollbar.Configuration {
  // rollbar's URL parser needs an absolute URL (a bare path has no host and is dropped).
  const base = reportsToConsole(env) ? `${origin}${CLIENT_ERROR_PATH}` : env.VITE_ERROR_ENDPOINT!.trim();
  return {
    accessToken: reporterAccessToken(env),
    endpoint: itemEndpoint(base),
    captureUncaught: true,
    captureUnhandledRejections: false,
    uncaughtErrorLevel: 'error',
    environment: 'production',
    itemsPerMinute: CONSTANTS.errorReporter.itemsPerMinute,
    maxTelemetryEvents: CONSTANTS.errorReporter.maxTelemetryEvents,
    scrubFields: [...SCRUB_FIELDS],
    scrubTelemetryInputs: true,
    captureIp: false,
    captureEmail: false,
    // an error reported, then re-thrown, comes back as uncaught: it was sent already
    checkIgnore: (isUncaught: boolean, args: unknown[]) => isUncaught && args.some(wasReported),
    payload: {
      environment: 'production',
      client: { javascript: { source_map_enabled: true, code_version: env.VITE_CODE_VERSION ?? 'dev' } },
    },
  };
}

let rollbar: Rollbar | null = null;
let loading: Promise<Rollbar | null> | null = null;
const pending: unknown[] = [];
let person: { id: string; username?: string; email?: string } | null = null;

/** Errors already sent, then re-thrown (`reportError`, `reportUncaught`). */
const reported = new WeakSet<object>();
const wasReported = (v: unknown) => typeof v === 'object' && v !== null && reported.has(v);
const markReported = (v: unknown) => {
  if (typeof v === 'object' && v !== null) reported.add(v);
};

function earlyErrorListener(event: ErrorEvent): void {
  if (wasReported(event.error)) return;
  pending.push(event.error ?? event.message);
  void initErrorReporting();
}

/** Until the SDK is loaded, uncaught errors are queued here (then rollbar's own handler takes over). */
export function installEarlyCapture(): void {
  if (typeof window !== 'undefined' && !rollbar) window.addEventListener('error', earlyErrorListener);
}

/** The SDK loads after the page may be gone (a closed tab, a torn-down test window). */
function stopEarlyCapture(): void {
  if (typeof window !== 'undefined') window.removeEventListener('error', earlyErrorListener);
}

/** Loads and starts the reporter. Safe to call more than once. */
export function initErrorReporting(): Promise<Rollbar | null> {
  if (loading) return loading;
  if (typeof window === 'undefined') return Promise.resolve(null);
  loading = import('rollbar')
    .then(({ default: RollbarCtor }) => {
      if (reportsToConsole()) (globalThis as { RollbarProxy?: typeof ConsoleTransport }).RollbarProxy = ConsoleTransport;
      const instance = new RollbarCtor(errorReporterConfig());
      if (person) instance.configure({ payload: { person } });
      rollbar = instance;
      stopEarlyCapture();
      for (const err of pending.splice(0)) send(err);
      return instance;
    })
    .catch((e: unknown) => {
      stopEarlyCapture();
      console.error('Error reporting is unavailable', e);
      return null;
    });
  return loading;
}

/** Attach the signed-in user to later reports (the server records who saw the error). */
export function setErrorReportingUser(user: { id: number; name: string; email: string } | null): void {
  person = user ? { id: String(user.id), username: user.name, email: user.email } : null;
  rollbar?.configure({ payload: { person: person ?? { id: null } } });
}

function send(err: unknown): void {
  if (!rollbar) {
    pending.push(err);
    void initErrorReporting();
    return;
  }
  if (err instanceof Error) rollbar.error(err);
  else rollbar.error(typeof err === 'string' ? err : 'Non-error value thrown', { value: safeValue(err) });
}

function safeValue(v: unknown): unknown {
  try {
    return JSON.parse(JSON.stringify(v)) as unknown;
  } catch {
    return String(v);
  }
}

/** Reports without re-throwing: for places that go on to show the error themselves. */
export function captureError(err: unknown): void {
  if (import.meta.env.DEV) console.error(err);
  send(err);
}

/** Reports `err` at error level, then re-throws it (SPEC §1). */
export function reportError(err: unknown): never {
  captureError(err);
  markReported(err);
  throw err;
}

/**
 * An error that reached the top (no error boundary caught it, or the router's error screen showed
 * it): reported at error level, then re-thrown to the browser as an uncaught error (SPEC §1) — its
 * console and `error` event see it, and the reporter, having sent it, lets it pass.
 */
export function reportUncaught(err: unknown): void {
  if (wasReported(err)) return;
  captureError(err);
  markReported(err);
  if (typeof window !== 'undefined' && typeof window.reportError === 'function') window.reportError(err);
  else
    setTimeout(() => {
      throw err;
    });
}

/**
 * What a refused save means to the person who made it, from the status and the error code of the
 * answer (the server's `http/errors.ts`):
 * - `fields`: fields to mark (400; a 422 naming its fields, the rule's words kept as the message; a
 *   409 for a value in use — with the record that holds it);
 * - `stale`: someone else saved this item since it was read (409 `stale_version`): reload;
 * - `in_use`: other records still refer to it, or it refers to one that is gone (409 `in_use`);
 * - `rule`: a business rule (422) naming no field, or another conflict (409), in the server's words;
 * - `error`: anything else.
 */
export type SaveProblem =
  | { kind: 'fields'; message: string; fields: Record<string, string>; holders: Record<string, ConflictHolder>; /** a business rule's (422) */ rule: boolean }
  | { kind: 'stale' | 'in_use' | 'rule' | 'error'; message: string };

/**
 * What a `fields` problem says above the form: nothing when it only repeats a field's own message and
 * the form shows that field (`shown`); a rule's words otherwise, so none is lost.
 */
export function messageAbove(p: Extract<SaveProblem, { kind: 'fields' }>, shown: (field: string) => boolean): string | null {
  return Object.entries(p.fields).some(([f, m]) => m === p.message && shown(f)) ? null : p.message;
}

export function saveProblemOf(e: unknown, noun: string): SaveProblem {
  if (!(e instanceof ApiError)) return { kind: 'error', message: errorMessage(e) };
  const hasFields = Object.keys(e.fields).length > 0;
  // a rule's words (422) and a taken value's (409) stay above the form: a field the form does not show loses nothing
  if (hasFields && (e.status === 400 || e.status === 422 || (e.status === 409 && e.code === ERROR_CODES.conflict)))
    return { kind: 'fields', message: e.status === 400 ? 'Some fields need attention.' : e.message, fields: e.fields, holders: e.holders, rule: e.status === 422 };
  if (e.status === 409 && e.code === ERROR_CODES.stale)
    return { kind: 'stale', message: `Someone else saved this ${noun} first. Reload to see their changes; until then what you typed stays here.` };
  if (e.status === 409 && e.code === ERROR_CODES.inUse) return { kind: 'in_use', message: e.message };
  if (e.status === 409 || e.status === 422) return { kind: 'rule', message: e.message };
  return { kind: 'error', message: errorMessage(e) };
}

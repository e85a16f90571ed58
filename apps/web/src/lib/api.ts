/**
 * The one HTTP client of the console (SPEC §1, §7, §8; docs/api.md).
 *
 * Every call goes to `/api/<path>` with credentials, `X-Requested-With: XMLHttpRequest`, JSON in and
 * out, and `Authorization: Bearer <token>` once signed in. A 401 on any request clears the session
 * and sends the user to the login route with a `redirect` back to where they were.
 */
import type { ConflictHolder, ListMeta } from '@qm/contracts';
import { clearToken, getToken, setUnauthenticated } from './session';

export const API_BASE = '/api';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;
  /** On a 409 for a value in use: the record that holds it, by field path. */
  readonly holders: Record<string, ConflictHolder>;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>, holders?: Record<string, ConflictHolder>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields ?? {};
    this.holders = holders ?? {};
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

/** A readable sentence for any thrown value. */
export function errorMessage(e: unknown): string {
  if (e instanceof Error && e.message) return e.message;
  return 'Something went wrong. Please try again.';
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type QueryInput = URLSearchParams | Record<string, QueryValue>;

function toSearch(query?: QueryInput): string {
  if (!query) return '';
  let params: URLSearchParams;
  if (query instanceof URLSearchParams) params = query;
  else {
    params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) {
      if (v === undefined || v === null || v === '') continue;
      if (Array.isArray(v)) (v as readonly (string | number)[]).forEach((x) => params.append(k, String(x)));
      else params.append(k, String(v));
    }
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

export function apiUrl(path: string, query?: QueryInput): string {
  return `${API_BASE}/${path.replace(/^\/+/, '')}${toSearch(query)}`;
}

/** Called after a 401 has cleared the session; the router installs it (navigates to login). */
let unauthorizedHandler: (() => void) | null = null;
export function setUnauthorizedHandler(fn: (() => void) | null): void {
  unauthorizedHandler = fn;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: QueryInput;
  body?: unknown;
  /** Use this token instead of the stored one (`null`: send none). */
  token?: string | null;
  signal?: AbortSignal;
  /** A 401 here is an answer, not an expired session (e.g. wrong password at login). */
  skipUnauthorizedRedirect?: boolean;
  keepalive?: boolean;
  accept?: string;
  /** Bytes sent as they are (a file upload) instead of `body` as JSON, with their type and further headers. */
  raw?: { body: Blob; contentType: string; headers?: Record<string, string> };
}

function headersFor(opts: RequestOptions): Headers {
  const headers = new Headers({ 'X-Requested-With': 'XMLHttpRequest', Accept: opts.accept ?? 'application/json' });
  const token = opts.token === undefined ? getToken() : opts.token;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (opts.raw) {
    headers.set('Content-Type', opts.raw.contentType);
    for (const [k, v] of Object.entries(opts.raw.headers ?? {})) headers.set(k, v);
  } else if (opts.body !== undefined) headers.set('Content-Type', 'application/json');
  return headers;
}

async function readError(res: Response): Promise<ApiError> {
  let code = res.status === 401 ? 'unauthenticated' : 'http_error';
  let message = res.statusText ? `${res.status} ${res.statusText}` : `Request failed (${res.status})`;
  let fields: Record<string, string> | undefined;
  let holders: Record<string, ConflictHolder> | undefined;
  try {
    const body = (await res.json()) as { error?: { code?: string; message?: string; fields?: Record<string, string>; holders?: Record<string, ConflictHolder> } };
    if (body?.error) {
      code = body.error.code ?? code;
      message = body.error.message ?? message;
      fields = body.error.fields;
      holders = body.error.holders;
    }
  } catch {
    // Not JSON (proxy error page, empty body): keep the status line.
  }
  if (res.status >= 500 && message.startsWith(String(res.status))) {
    message = 'The server could not complete the request. Please try again later.';
  }
  return new ApiError(res.status, code, message, fields, holders);
}

/** Low level: performs the request, handles 401 and errors, returns the raw Response on success. */
export async function send(path: string, opts: RequestOptions = {}): Promise<Response> {
  let res: Response;
  const used = opts.token === undefined ? getToken() : opts.token;
  try {
    res = await fetch(apiUrl(path, opts.query), {
      method: opts.method ?? 'GET',
      credentials: 'include',
      headers: headersFor(opts),
      body: opts.raw ? opts.raw.body : opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
      keepalive: opts.keepalive,
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new ApiError(0, 'network_error', 'Could not reach the server. Check your connection and try again.');
  }
  if (res.ok) return res;
  const error = await readError(res);
  // A 401 on any request clears the session (SPEC §4) — the one it was sent with: a late answer to the
  // session before a new sign-in leaves the new one alone. Where a 401 is an answer (a wrong password),
  // the page stays where it is.
  if (res.status === 401 && (used === null || used === getToken())) {
    clearToken();
    setUnauthenticated();
    if (!opts.skipUnauthorizedRedirect) unauthorizedHandler?.();
  }
  throw error;
}

async function json<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  return json<T>(await send(path, opts));
}

/** The bearer token the server put in the `Authorization` response header, without its prefix. */
export function tokenFromResponse(res: Response): string | null {
  const header = res.headers.get('Authorization');
  if (!header) return null;
  return header.replace(/^Bearer\s+/i, '').trim() || null;
}

export interface ListResult<T> {
  data: T[];
  meta: ListMeta;
}

export const api = {
  get: <T>(path: string, query?: QueryInput, signal?: AbortSignal) => request<T>(path, { query, signal }),
  /** `GET` of a `{ data }` envelope, unwrapped. */
  data: async <T>(path: string, query?: QueryInput, signal?: AbortSignal) =>
    (await request<{ data: T }>(path, { query, signal })).data,
  list: <T>(path: string, query?: QueryInput, signal?: AbortSignal) => request<ListResult<T>>(path, { query, signal }),
  post: <T>(path: string, body?: unknown) => request<T>(path, { method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown) => request<T>(path, { method: 'PUT', body: body ?? {} }),
  patch: <T>(path: string, body?: unknown) => request<T>(path, { method: 'PATCH', body: body ?? {} }),
  delete: <T>(path: string) => request<T>(path, { method: 'DELETE' }),
};

/** Downloads a file (e.g. `format=csv`) with the bearer token and saves it under `filename`. */
export async function download(path: string, query: QueryInput, fallbackName: string): Promise<void> {
  const res = await send(path, { query, accept: 'text/csv, */*' });
  const blob = await res.blob();
  const disposition = res.headers.get('Content-Disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  const name = match ? decodeURIComponent(match[1]) : fallbackName;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

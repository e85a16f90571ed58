// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONSTANTS } from '@qm/contracts';
import { CLIENT_ERROR_PATH, ConsoleTransport, MASKED_TEXT, PLACEHOLDER_ACCESS_TOKEN, SCRUB_FIELDS, errorReporterConfig, reportsToConsole, initErrorReporting, itemEndpoint, reporterAccessToken, messageAbove, reportError, reportUncaught, saveProblemOf } from './errors';
import { ApiError } from './api';
import { clearToken, setToken } from './session';

/** The SDK as this file sees it: items are recorded, nothing is sent over the network. */
const sent = vi.hoisted(() => [] as unknown[]);
vi.mock('rollbar', () => ({
  default: class {
    error(item: unknown) {
      sent.push(item);
    }
    configure() {}
  },
}));

describe('error reporter configuration', () => {
  const config = errorReporterConfig({}, 'https://qm.example.com');

  it('captures uncaught errors but not unhandled rejections, in environment production', () => {
    expect(config.captureUncaught).toBe(true);
    expect(config.captureUnhandledRejections).toBe(false);
    expect(config.environment).toBe('production');
    expect(config.payload?.environment).toBe('production');
  });

  it('keeps the limits of the specification', () => {
    expect(config.itemsPerMinute).toBe(60);
    expect(config.maxTelemetryEvents).toBe(100);
    expect(CONSTANTS.errorReporter.maxPayloadBytes).toBe(524288);
    expect(MASKED_TEXT).toBe('********');
  });

  it('scrubs password and card fields', () => {
    for (const f of ['password', 'password_confirmation', 'cvv', 'card_number', 'cardNumber', 'cc_number', 'expiration_date', 'exp_date', 'cardholder', 'cardholder_name']) {
      expect(config.scrubFields).toContain(f);
    }
    expect(SCRUB_FIELDS.length).toBe(config.scrubFields?.length);
  });

  it("reports to the console's own endpoint by default", () => {
    expect(CLIENT_ERROR_PATH).toBe('/api/client-error/');
    expect(config.endpoint).toBe('https://qm.example.com/api/client-error/item/');
    expect(config.accessToken).toBeTruthy();
  });

  it('holds no session token: to its own endpoint the session goes as the bearer token of the console transport', () => {
    expect(errorReporterConfig({}, 'https://qm.example.com').accessToken).toBe(PLACEHOLDER_ACCESS_TOKEN);
    expect(reporterAccessToken({ VITE_ERROR_ENDPOINT: 'https://api.rollbar.com/api/1/', VITE_ERROR_TOKEN: 'ext' })).toBe('ext');
    expect(reportsToConsole({})).toBe(true);
    expect(reportsToConsole({ VITE_ERROR_ENDPOINT: 'https://api.rollbar.com/api/1/' })).toBe(false);
  });

  it('switches to an external service with VITE_ERROR_ENDPOINT and VITE_ERROR_TOKEN', () => {
    const external = errorReporterConfig({ VITE_ERROR_ENDPOINT: 'https://api.rollbar.com/api/1/', VITE_ERROR_TOKEN: 'post_client_item_token' }, 'https://qm.example.com');
    expect(external.endpoint).toBe('https://api.rollbar.com/api/1/item/');
    expect(external.accessToken).toBe('post_client_item_token');
    expect(itemEndpoint('https://errors.example.com/api/1')).toBe('https://errors.example.com/api/1/item/');
  });
});

describe('reported, then re-thrown (SPEC §1)', () => {
  // a development build also writes what it reports to the console
  beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => {}));
  afterEach(() => vi.restoreAllMocks());

  const ignored = (err: unknown) => (errorReporterConfig({}, 'https://qm.example.com').checkIgnore as (u: boolean, args: unknown[]) => boolean)(true, ['message', err, {}]);

  it('re-throws what it reports, and the reporter does not send it again when it comes back uncaught', () => {
    const err = new Error('boom');
    expect(ignored(err)).toBe(false);
    expect(() => reportError(err)).toThrow(err);
    expect(ignored(err)).toBe(true);
    expect(ignored(new Error('another'))).toBe(false);
  });

  it('hands an error no boundary caught back to the browser as uncaught, once', async () => {
    const rethrown = vi.fn();
    vi.stubGlobal('reportError', rethrown);
    try {
      const err = new Error('render failed');
      reportUncaught(err);
      reportUncaught(err);
      expect(rethrown).toHaveBeenCalledTimes(1);
      expect(rethrown).toHaveBeenCalledWith(err);
      expect(ignored(err)).toBe(true);
      await initErrorReporting();
      expect(sent.filter((item) => item === err)).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe("the console transport (rollbar's RollbarProxy)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearToken();
  });

  const capture = (status = 200) => {
    const calls: { url: string; init: RequestInit }[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return Promise.resolve(new Response(JSON.stringify(status === 200 ? { err: 0, result: { id: 7 } } : { error: { code: 'rate_limited', message: 'Too many reports' } }), { status }));
    });
    return calls;
  };
  const post = (json: string) =>
    new Promise<{ ok: unknown } | { failed: string }>((resolve) => new ConsoleTransport().sendJsonPayload(json, (ok) => resolve({ ok }), (failed) => resolve({ failed })));

  it('is what rollbar posts through once loaded, for the console\'s own receiver', async () => {
    await initErrorReporting();
    expect((globalThis as { RollbarProxy?: unknown }).RollbarProxy).toBe(ConsoleTransport);
  });

  it('posts the item as every call to /api goes: the AJAX header, and the bearer token once signed in (SPEC §1)', async () => {
    const calls = capture();
    expect(await post('{"data":{"level":"error"}}')).toEqual({ ok: { err: 0, result: { id: 7 } } });
    setToken('session-token-abc');
    await post('{"data":{"level":"error"}}');
    expect(calls.map((c) => c.url)).toEqual(['/api/client-error/item/', '/api/client-error/item/']);
    const [signedOut, signedIn] = calls.map((c) => new Headers(c.init.headers));
    expect(signedOut!.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(signedOut!.get('Authorization')).toBeNull();
    expect(signedIn!.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(signedIn!.get('Authorization')).toBe('Bearer session-token-abc');
    expect(signedIn!.get('Content-Type')).toBe('application/json');
    expect(calls[1]!.init.method).toBe('POST');
    expect(await (calls[1]!.init.body as Blob).text()).toBe('{"data":{"level":"error"}}');
  });

  it("tells rollbar when the receiver refuses the item", async () => {
    capture(429);
    expect(await post('{}')).toEqual({ failed: 'Too many reports' });
  });
});

describe("rollbar's own scrubbing and truncation (what the configuration relies on)", () => {
  it('masks scrubbed values with 8 asterisks', async () => {
    const { default: scrub } = (await import('rollbar/src/scrub')) as { default: (d: unknown, f: string[]) => Record<string, unknown> };
    const out = scrub({ password: 'hunter22', card_number: '4111', name: 'Ada' }, [...SCRUB_FIELDS]);
    expect(out).toEqual({ password: '********', card_number: '********', name: 'Ada' });
  });

  it('caps payloads at 524288 bytes, trimming stack frames to 30 first', async () => {
    const { default: truncation } = (await import('rollbar/src/truncation')) as {
      default: { truncate: (p: unknown) => { value: string }; truncateFrames: (p: unknown, j?: unknown, r?: number) => [unknown, unknown] };
    };
    const frames = Array.from({ length: 200 }, (_, i) => ({ filename: `f${i}.js`, lineno: i, method: 'x'.repeat(4000) }));
    const payload = { data: { body: { trace: { frames, exception: { class: 'Error', message: 'boom' } } } } };
    const result = truncation.truncate(payload);
    expect(new TextEncoder().encode(result.value).length).toBeLessThanOrEqual(524288);
    const kept = (JSON.parse(result.value) as { data: { body: { trace: { frames: unknown[] } } } }).data.body.trace.frames;
    expect(kept.length).toBe(60); // 30 from the top and 30 from the bottom of the stack
  });
});

describe('what a refused save means', () => {
  it('tells a version conflict, a value in use, a reference conflict and a rule apart by status and code', () => {
    expect(saveProblemOf(new ApiError(409, 'stale_version', 'x'), 'brand')).toMatchObject({ kind: 'stale', message: expect.stringMatching(/^Someone else saved this brand first/) });
    const holders = { name: { id: 7, label: 'Federal', path: '/brand?edit=7' } };
    expect(saveProblemOf(new ApiError(409, 'conflict', 'Taken: Federal', { name: 'Taken: Federal' }, holders), 'brand')).toEqual({ kind: 'fields', message: 'Taken: Federal', fields: { name: 'Taken: Federal' }, holders, rule: false });
    expect(saveProblemOf(new ApiError(409, 'in_use', 'This brand is still in use'), 'brand')).toEqual({ kind: 'in_use', message: 'This brand is still in use' });
    expect(saveProblemOf(new ApiError(409, 'conflict', 'Someone else was changing the same records at the same moment. Try again.'), 'brand')).toMatchObject({ kind: 'rule', message: /Try again/ });
    expect(saveProblemOf(new ApiError(422, 'rule_violated', 'Published'), 'product')).toEqual({ kind: 'rule', message: 'Published' });
    expect(saveProblemOf(new ApiError(422, 'rule_violated', 'Bad', { sku: 'Listed twice' }), 'product')).toMatchObject({ kind: 'fields', message: 'Bad', fields: { sku: 'Listed twice' }, rule: true });
    expect(saveProblemOf(new ApiError(422, 'rule_violated', 'Bad'), 'product')).toMatchObject({ kind: 'rule', message: 'Bad' });
    // said once: on the field when the form shows it, above the form when it does not
    const repeat = saveProblemOf(new ApiError(422, 'rule_violated', 'No variant has the SKU X', { sku: 'No variant has the SKU X' }), 'excluded SKU');
    expect(repeat.kind === 'fields' && messageAbove(repeat, (f) => f === 'sku')).toBeNull();
    expect(repeat.kind === 'fields' && messageAbove(repeat, () => false)).toBe('No variant has the SKU X');
    const rule = saveProblemOf(new ApiError(422, 'rule_violated', 'List all 3 variants; 1 missing.', { variant_ids: 'Some variants are missing' }), 'family');
    expect(rule.kind === 'fields' && messageAbove(rule, () => true)).toBe('List all 3 variants; 1 missing.');
    expect(saveProblemOf(new ApiError(400, 'validation_failed', 'x', { name: 'Required' }), 'brand')).toMatchObject({ kind: 'fields', message: 'Some fields need attention.' });
    expect(saveProblemOf(new Error('offline'), 'brand')).toEqual({ kind: 'error', message: 'offline' });
  });
});

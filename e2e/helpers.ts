import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';

const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
fs.mkdirSync(SHOTS, { recursive: true });

/**
 * Saves a screenshot under e2e/screenshots/ to look at what users see, then checks the screen for
 * accessibility in both themes (see `expectAccessible`): every screen a test looks at is checked.
 */
export async function shot(page: Page, name: string) {
  await settle(page);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
  await expectAccessible(page, name);
}

export type Scheme = 'light' | 'dark';

/** One rule broken on a screen: where, and how badly. */
export interface A11yViolation {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** WCAG 2.1 A and AA rules, and the one experimental WCAG 2.1 rule we hold ourselves to. */
const AXE_OPTIONS = {
  runOnly: { type: 'tag' as const, values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  rules: { 'label-content-name-mismatch': { enabled: true } },
};

const BLOCKING = new Set(['serious', 'critical']);

/**
 * Waits until nothing moves (dialogs, toasts and menus done opening, colours done changing). A
 * transition may start a frame or two after its element shows (a dialog's fade is set off by a state
 * change after the next frame), so it looks again after two frames until none is running.
 */
async function settle(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    for (let round = 0; round < 10; round++) {
      await frame();
      await frame();
      // Spinners and skeletons pulse for ever: only what ends is waited for.
      const ending = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
      if (!ending.length) return;
      await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
    }
  });
}

/**
 * The serious and critical violations axe finds on the page as it is now. Found once, the page is let
 * settle and checked again, and the second answer stands: something may start moving while axe reads
 * it (a toast's 3-second life ends and it fades out: its text's contrast falls for 300 ms), and what a
 * settled page shows is what is judged; a lasting violation is found both times.
 */
export async function axeViolations(page: Page): Promise<A11yViolation[]> {
  const blocking = async () => {
    await settle(page);
    const results = await new AxeBuilder({ page }).options(AXE_OPTIONS).setLegacyMode(true).analyze();
    return results.violations
      .filter((v) => BLOCKING.has(v.impact ?? ''))
      .map((v) => ({ rule: v.id, impact: v.impact!, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  };
  const first = await blocking();
  return first.length ? blocking() : first;
}

/** The theme shown now. */
export async function schemeOf(page: Page): Promise<Scheme> {
  return (await page.locator('html').getAttribute('data-mantine-color-scheme')) === 'dark' ? 'dark' : 'light';
}

/**
 * Shows the page in the other theme without reloading it (the theme is CSS variables switched by
 * the attribute on <html>), so a dialog or a menu open now is checked in both.
 */
async function showScheme(page: Page, scheme: Scheme) {
  await page.evaluate((s) => {
    document.documentElement.setAttribute('data-mantine-color-scheme', s);
    document.documentElement.style.colorScheme = s;
  }, scheme);
}

/** The violations of the page as it is now, in both themes (the one shown first). */
export async function axeViolationsInBothThemes(page: Page): Promise<Record<Scheme, A11yViolation[]>> {
  const shown = await schemeOf(page);
  const other: Scheme = shown === 'dark' ? 'light' : 'dark';
  const found = { [shown]: await axeViolations(page) } as Record<Scheme, A11yViolation[]>;
  await showScheme(page, other);
  try {
    found[other] = await axeViolations(page);
  } finally {
    await showScheme(page, shown);
  }
  return found;
}

/** "rule (impact) ×count: help" and the first targets of each, one line each. */
export function formatViolations(violations: A11yViolation[], maxTargets = 5): string {
  return violations
    .map((v) => {
      const more = v.targets.length > maxTargets ? `\n      … and ${v.targets.length - maxTargets} more` : '';
      const targets = v.targets.slice(0, maxTargets).map((t) => `\n      ${t}`).join('');
      return `  ${v.rule} (${v.impact}) ×${v.targets.length}: ${v.help}${targets}${more}`;
    })
    .join('\n');
}

/** Per rule, how many elements break it. */
export function countByRule(violations: A11yViolation[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of violations) out[v.rule] = (out[v.rule] ?? 0) + v.targets.length;
  return out;
}

/**
 * Fails the running test when axe finds a serious or critical violation on the page as it is now,
 * in either theme; the summary (rule, count, targets) is attached to the test and is its message.
 */
export async function expectAccessible(page: Page, name: string) {
  const found = await axeViolationsInBothThemes(page);
  const report = (['light', 'dark'] as const)
    .filter((s) => found[s].length > 0)
    .map((s) => `${name}, ${s} theme (${page.url()}):\n${formatViolations(found[s])}`)
    .join('\n');
  if (report) await test.info().attach(`accessibility-${name}.txt`, { body: report, contentType: 'text/plain' });
  expect([...found.light, ...found.dark].length, `Serious or critical accessibility violations:\n${report}`).toBe(0);
}

export async function signIn(page: Page, email: string, password = email.split('@')[0]!) {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/auth\/login/);
}

/** A token straight from the API, for setting up data without the UI. */
export async function apiToken(page: Page, email: string, password = email.split('@')[0]!) {
  const res = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(res.status()).toBe(200);
  return res.headers()['authorization']!.replace(/^Bearer /, '');
}

/** The headers of an API call as the app makes it, signed in with `token`. */
export const apiHeaders = (token: string) => ({ authorization: `Bearer ${token}`, 'x-requested-with': 'XMLHttpRequest' });

/*
 * Sign-ins are rate limited per minute: each account signs in through the API once for the whole
 * worker, and every test file the worker runs reuses its token (a token lives 14 days, far longer
 * than a run).
 */
const tokens = new Map<string, string>();

/** The API token of `email`, signed in once per worker. */
export async function tokenOf(page: Page, email: string): Promise<string> {
  let token = tokens.get(email);
  if (!token) {
    token = await apiToken(page, email);
    tokens.set(email, token);
  }
  return token;
}

/** Opens the console already signed in as `email`: its token is stored before the app starts. Returns the token. */
export async function signedIn(page: Page, email: string): Promise<string> {
  const token = await tokenOf(page, email);
  await page.addInitScript((t) => window.localStorage.setItem('quartermaster_token', t), token);
  return token;
}

/** GETs /api/`path` with `token`, expects 200 and returns the JSON answer. */
export async function apiGet<T>(page: Page, token: string, path: string): Promise<T> {
  const res = await page.request.get(`/api/${path}`, { headers: apiHeaders(token) });
  expect(res.status(), `GET ${path}`).toBe(200);
  return (await res.json()) as T;
}

/** Screenshots without the toasts of the last action: closes them (they would fade out on their own), then `shot`. */
export async function look(page: Page, name: string) {
  await expect
    .poll(
      async () => {
        for (const close of await page.locator('.mantine-Notification-root button').all()) await close.click({ timeout: 1000 }).catch(() => undefined);
        return page.locator('.mantine-Notification-root').count();
      },
      { timeout: 20_000 },
    )
    .toBe(0);
  await shot(page, name);
}

/** Opens the combobox labelled exactly `label` (within `scope`) and clicks the first option named `option`. */
export async function pick(page: Page, label: string, option: string | RegExp, scope: Page | Locator = page) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A chart's legend names its series, each beside a colour swatch one can see (the swatch's styles are loaded with the chart). */
export async function expectLegend(chart: Locator, names: string[]) {
  // in the order given: the series' order, as the bars or lines stand
  await expect(chart.locator('.mantine-ChartLegend-legendItem')).toHaveText(names);
  for (const name of names) {
    const item = chart.locator('.mantine-ChartLegend-legendItem').filter({ hasText: name });
    await expect(item).toBeVisible();
    const swatch = await item.locator('.mantine-ColorSwatch-root').boundingBox();
    expect(swatch?.width ?? 0, `${name}'s swatch`).toBeGreaterThanOrEqual(8);
  }
}

import { expect, test, type Page } from '@playwright/test';
import { apiToken, signIn } from './helpers';

/**
 * The console runs under its Content Security Policy (script-src 'self', no 'unsafe-eval') without a
 * single violation: nothing in the bundle evaluates code (zod's JIT parser is turned off in main.tsx).
 */
async function watchPolicy(page: Page) {
  const reports: string[] = [];
  await page.addInitScript(() => {
    const w = window as unknown as { __violations: string[] };
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample ?? ''} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on('console', (m) => {
    if (/Content Security Policy|unsafe-eval|Refused to/i.test(m.text())) reports.push(`console: ${m.text()}`);
  });
  return async () => [...reports, ...(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations))];
}

test('no page breaks the Content Security Policy: sign-in, navigation, lists and forms', async ({ page }) => {
  const violations = await watchPolicy(page);
  const csp = (await page.request.get('/')).headers()['content-security-policy'];
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-eval');

  await page.goto('/auth/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  // The form's validation (zod) runs on submit: an empty form, then a wrong password.
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill('admin@example.com');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Email or password is incorrect');
  expect(await violations()).toEqual([]);

  await signIn(page, 'admin@example.com');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  for (const [path, title] of [
    ['/brand', 'Brands'],
    ['/user', 'Users'],
    ['/product', 'Products'],
    ['/report/log', 'Logs'],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
    await page.waitForLoadState('networkidle');
    expect(await violations(), path).toEqual([]);
  }
});

test('a missing script or stylesheet is a 404, not the page', async ({ page }) => {
  for (const url of ['/assets/nonexistent.js', '/assets/nonexistent.css']) {
    const res = await page.request.get(url);
    expect(res.status(), url).toBe(404);
  }
  const nav = await page.request.get('/product/12', { headers: { accept: 'text/html' } });
  expect(nav.status()).toBe(200);
  expect(nav.headers()['content-type']).toMatch(/text\/html/);
});

test("the console's error reports are attributed to the signed-in user by the session, not by what the report says", async ({ page }) => {
  await signIn(page, 'catalog@example.com');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const probe = `Attribution probe ${Date.now().toString(36)}`;
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/client-error/item/') && r.request().method() === 'POST');
  await page.evaluate((message) => setTimeout(() => { throw new Error(message); }), probe);
  const res = await sent;
  expect(res.status()).toBe(200);
  // sent like every call to /api (SPEC §1): the AJAX header and the session's bearer token
  const headers = res.request().headers();
  expect(headers['x-requested-with']).toBe('XMLHttpRequest');
  expect(headers.authorization).toBe(`Bearer ${await page.evaluate(() => localStorage.getItem('quartermaster_token'))}`);
  expect(headers['x-rollbar-access-token']).toBeUndefined();
  const admin = await apiToken(page, 'admin@example.com');
  const list = await page.request.get(`/api/client-error?q=${encodeURIComponent(probe)}`, { headers: { authorization: `Bearer ${admin}` } });
  const rows = (await list.json()).data as { user_name: string | null; message: string }[];
  expect(rows).toEqual([expect.objectContaining({ user_name: 'Casey Lin', message: expect.stringContaining(probe) })]);
});

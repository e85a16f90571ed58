import { expect, test } from '@playwright/test';
import { apiToken, expectAccessible, shot, signIn, unique } from './helpers';

test.describe('sessions and guards', () => {
  test('the login page opened directly is titled Login', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page).toHaveTitle('Login');
  });

  test('signing in through the company’s identity provider: refused there, an unknown email refused here, then signed in and sent to the page first asked for', async ({ page }) => {
    await page.goto('/pricing');
    await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
    const provider = page.getByRole('button', { name: 'Continue with Example Workspace' });
    await expect(provider).toBeVisible();
    await expectAccessible(page, 'login with a provider');
    await shot(page, 'login-provider');
    // refused at the provider: back with its reason
    await provider.click();
    await expect(page).toHaveTitle('Example Workspace');
    await page.getByRole('button', { name: 'Deny' }).click();
    await expect(page.getByRole('alert')).toHaveText('The provider did not sign you in: access_denied');
    await expect(page).not.toHaveURL(/error=|state=/);
    // an email without an account here
    await provider.click();
    await page.getByLabel('Email').fill('stranger@elsewhere.example');
    await page.getByRole('button', { name: 'Allow' }).click();
    await expect(page.getByRole('alert')).toHaveText('No active account here has the email stranger@elsewhere.example: ask an administrator');
    await expect(page).not.toHaveURL(/code=/);
    // a staff account: signed in, on the page first asked for
    await provider.click();
    await page.getByLabel('Email').fill('analyst@example.com');
    await page.getByRole('button', { name: 'Allow' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page).toHaveTitle('Pricing Dashboard');
    await expect(page.getByText('analyst@example.com')).toBeVisible();
  });

  test('a guest is sent to login, then back to the page first asked for', async ({ page }) => {
    await page.goto('/report/log?filter[action]=login');
    await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
    await expect(page).toHaveTitle('Login');
    await shot(page, 'login');
    await page.getByLabel('Email').fill('admin@example.com');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('Email or password is incorrect');
    await page.getByLabel('Password', { exact: true }).fill('admin');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/report\/log\?filter%5Baction%5D=login|\/report\/log\?filter\[action\]=login/);
    await expect(page).toHaveTitle('Logs');
  });

  test('keeps the token under a _token key and sends the AJAX, credentials and bearer headers', async ({ page }) => {
    const seen: Record<string, string>[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) seen.push(r.headers());
    });
    await signIn(page, 'admin@example.com');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem('quartermaster_token'));
    expect(token).toMatch(/^[\w-]{40,}$/);
    expect(seen.length).toBeGreaterThan(1);
    for (const h of seen) expect(h['x-requested-with']).toBe('XMLHttpRequest');
    expect(seen.filter((h) => h['authorization'] === `Bearer ${token}`).length).toBeGreaterThan(0);
  });

  test('signing out clears the session in the browser and makes no request (SPEC §7)', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/auth/logout') calls.push(r.method());
    });
    await signIn(page, 'analyst@example.com');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/auth\/login/);
    expect(await page.evaluate(() => localStorage.getItem('quartermaster_token'))).toBeNull();
    await page.goto('/report/log');
    await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
    expect(calls).toEqual([]);
  });

  test('a list of stores, feeds or statuses that fails to load says so in an Error dialog naming it (SPEC §8)', async ({ page }) => {
    await signIn(page, 'admin@example.com');
    for (const [path, screen, noun] of [
      ['/api/store', '/store', 'stores'],
      ['/api/feed', '/feed', 'feeds'],
      ['/api/internal-status', '/internal-status', 'statuses'],
    ] as const) {
      const failing = (url: URL) => url.pathname === path;
      await page.route(failing, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'internal', message: 'Internal Server Error' } }) }));
      await page.goto(screen);
      const dialog = page.getByRole('dialog', { name: 'Error' });
      await expect(dialog).toContainText(`An error occurred while fetching ${noun}. Please try again later`, { timeout: 15_000 });
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await page.unroute(failing);
    }
  });

  test('a signed-in user on the login page goes to /, an unknown path goes to /', async ({ page }) => {
    await signIn(page, 'analyst@example.com');
    await page.goto('/auth/login');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/no/such/screen');
    await expect(page).toHaveURL(/\/$/);
    await expect(page).toHaveTitle('Dashboard');
  });

  test('a user without the permission is sent to /403', async ({ page }) => {
    await signIn(page, 'catalog@example.com');
    await page.goto('/user');
    await expect(page).toHaveURL(/\/403/);
    await expect(page.getByText(/\/user/)).toBeVisible();
    await shot(page, 'forbidden');
    await page.getByRole('link', { name: /dashboard/i }).first().click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a 401 on any request clears the session and goes to login', async ({ page }) => {
    await signIn(page, 'analyst@example.com');
    const token = await page.evaluate(() => localStorage.getItem('quartermaster_token'));
    // The session is revoked elsewhere (e.g. an administrator deactivated it).
    const res = await page.request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(204);
    // The next request the console makes answers 401.
    await page.goto('/report/log');
    await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
    expect(await page.evaluate(() => localStorage.getItem('quartermaster_token'))).toBeNull();
  });

  test('falls back to a cookie when browser storage is unavailable', async ({ browser }) => {
    const context = await browser.newContext();
    await context.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        get() {
          throw new DOMException('denied', 'SecurityError');
        },
      });
    });
    const page = await context.newPage();
    await signIn(page, 'analyst@example.com');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    const cookie = (await context.cookies()).find((c) => c.name === 'quartermaster_token');
    expect(cookie?.value).toMatch(/^[\w-]{40,}$/);
    expect(cookie?.sameSite).toBe('None');
    expect(cookie?.secure).toBe(true);
    expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(13.9 * 86400);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await context.close();
  });
});

test.describe('layout', () => {
  test('sets the page title from the route on every navigation and resets the scroll', async ({ page }) => {
    await signIn(page, 'admin@example.com');
    await expect(page).toHaveTitle('Dashboard');
    for (const [path, title] of [
      ['/user', 'Users'],
      ['/report/log', 'Logs'],
      ['/exclude-sku', 'Exclude Skus'],
      ['/compliance-restriction/search', 'Compliance Restriction Search'],
      ['/order-route-option-vendor-total/5', 'Order Route Options'],
      ['/report/merchandising/hv-ds', 'Merchandising Report'],
      ['/store-brand', 'Store Brand'],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
    }
    await page.goto('/report/log');
    await expect(page.getByRole('table').first()).toBeVisible();
    await page.setViewportSize({ width: 1366, height: 500 });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Users' }).click();
    await expect(page).toHaveTitle('Users');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('shows each role only the screens it may open', async ({ page }) => {
    const cases: [string, string[], string[]][] = [
      ['admin@example.com', ['Users', 'Logs', 'Products', 'Orders'], []],
      ['catalog@example.com', ['Products', 'Categories', 'Stores'], ['Users', 'Logs', 'Orders']],
      ['orders@example.com', ['Orders', 'Vendor Orders'], ['Users', 'Logs']],
      ['analyst@example.com', ['Logs', 'Monthly Summary', 'Internal Statuses', 'Vendors'], ['Users', 'Restrictions']],
      ['compliance@example.com', ['Restrictions', 'Zip Code Groups'], ['Users', 'Orders']],
    ];
    for (const [email, visible, hidden] of cases) {
      await signIn(page, email);
      const nav = page.getByRole('navigation', { name: 'Screens' });
      for (const name of visible) await expect(nav.getByRole('link', { name, exact: true }), `${email} sees ${name}`).toBeVisible();
      for (const name of hidden) await expect(nav.getByRole('link', { name, exact: true }), `${email} does not see ${name}`).toHaveCount(0);
      await shot(page, `dashboard-${email.split('@')[0]}`);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(page).toHaveURL(/\/auth\/login/);
    }
  });

  test('switches between light and dark themes', async ({ page }) => {
    await signIn(page, 'admin@example.com');
    await page.goto('/user');
    await expect(page.getByRole('table')).toBeVisible();
    const html = page.locator('html');
    const before = await html.getAttribute('data-mantine-color-scheme');
    await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).click();
    await expect(html).not.toHaveAttribute('data-mantine-color-scheme', before!);
    await shot(page, `users-${await html.getAttribute('data-mantine-color-scheme')}`);
    await page.reload();
    await expect(html).not.toHaveAttribute('data-mantine-color-scheme', before!);
    await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).click();
    await shot(page, `users-${await html.getAttribute('data-mantine-color-scheme')}`);
  });

  test("follows the system's theme until someone chooses one", async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    const html = page.locator('html');
    // the sign-in page too, before the console is there
    await page.goto('/auth/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await signIn(page, 'admin@example.com');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    // a choice made here outlasts the system's
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.emulateMedia({ colorScheme: 'light' });
    await page.reload();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });
});

test.describe('users', () => {
  test('sign in → dashboard → create and edit a user → impersonate and stop → sign out', async ({ page }) => {
    await signIn(page, 'admin@example.com');
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await shot(page, 'dashboard');
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Users' }).click();
    await expect(page).toHaveTitle('Users');
    await shot(page, 'users');

    const name = unique('Avery Stone');
    const email = `avery.${Date.now()}@example.com`;
    await page.getByRole('button', { name: 'New user' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByLabel('Password', { exact: true }).fill('short');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Enter a valid email address')).toBeVisible();
    await dialog.getByLabel('Email').fill('catalog@example.com');
    await dialog.getByLabel('Password', { exact: true }).fill('a-long-password-1');
    await dialog.getByRole('combobox', { name: 'Roles' }).click();
    await page.getByRole('option', { name: 'Analyst' }).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Save' }).click();
    // The server's field error lands on the field (email taken), and nothing typed is lost.
    await expect(dialog.getByLabel('Email')).toHaveAccessibleDescription(/A user with this email already exists/);
    await expect(dialog.getByLabel('Name')).toHaveValue(name);
    await shot(page, 'user-form-errors');
    await dialog.getByLabel('Email').fill(email);
    // a new account is made by POST auth/register (SPEC §7)
    const registered = page.waitForResponse((r) => r.url().endsWith('/api/auth/register') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect((await registered).status()).toBe(201);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByLabel('Search').fill(email);
    const row = page.getByRole('row', { name: new RegExp(email) });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog');
    await edit.getByLabel('Name').fill(`${name} Jr`);
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('row', { name: new RegExp(`${name} Jr`) })).toBeVisible();

    await page.getByRole('row', { name: new RegExp(email) }).getByRole('button', { name: 'Impersonate' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Impersonate' }).click();
    await expect(page.getByText(/You are impersonating/)).toBeVisible();
    await expect(page.getByText(`${name} Jr`).first()).toBeVisible();
    await shot(page, 'impersonating');
    // The analyst role opens no user management.
    await expect(page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Users', exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Stop impersonating' }).click();
    await expect(page.getByText(/You are impersonating/)).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Users', exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/auth\/login/);
    await page.goto('/user');
    await expect(page).toHaveURL(/\/auth\/login/);
  });

  test('filters, sorts and pages on the server with the state in the URL', async ({ page }) => {
    await signIn(page, 'admin@example.com');
    await page.goto('/user?filter[is_active]=false');
    await expect(page.getByRole('row', { name: /drew.collins@example.com/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /admin@example.com/ })).toHaveCount(0);
    await page.goto('/user?sort=-email&per_page=25');
    const first = page.getByRole('row').nth(1);
    await expect(first).toContainText('@example.com');
  });
});

test.describe('internal statuses', () => {
  test('create, rename and delete (after a confirm)', async ({ page }) => {
    await signIn(page, 'admin@example.com');
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name: 'Internal Statuses' }).click();
    await expect(page).toHaveTitle('Internal Statuses');
    const name = unique('Hold for Review');
    await page.getByRole('button', { name: /New (internal )?status/i }).click();
    await page.getByRole('dialog').getByLabel('Name').fill(name);
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
    await shot(page, 'internal-statuses');
    await page.getByRole('row', { name: new RegExp(name) }).getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog')).toContainText(name);
    await page.getByRole('dialog').getByRole('button', { name: /Delete/ }).click();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  });
});

test.describe('logs', () => {
  test('the audit log shows who did what with before → after, filterable', async ({ page }) => {
    const token = await apiToken(page, 'admin@example.com');
    const created = await page.request.post('/api/internal-status', { data: { name: unique('Diff Probe') }, headers: { authorization: `Bearer ${token}` } });
    const status = (await created.json()).data;
    await page.request.put(`/api/internal-status/${status.id}`, {
      data: { name: `${status.name} Renamed`, version: 1 },
      headers: { authorization: `Bearer ${token}` },
    });
    await signIn(page, 'admin@example.com');
    await page.goto('/report/log?filter[action]=update&filter[entity]=internal_status');
    const row = page.getByRole('row', { name: /internal_status/ }).first();
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: 'Show details' }).click();
    const changes = page.getByRole('table', { name: 'Changes' });
    await expect(changes).toContainText(status.name);
    await expect(changes).toContainText(`${status.name} Renamed`);
    await shot(page, 'audit-log');
    const probe = unique('Probe failure');
    await page.request.post('/api/client-error/item/', {
      data: {
        access_token: 'quartermaster',
        data: {
          level: 'error',
          environment: 'production',
          body: { trace: { exception: { class: 'Error', message: probe }, frames: [] } },
          custom: { password: 'hunter2', note: 'kept-in-payload' },
        },
      },
    });
    await page.getByRole('tab', { name: 'Browser errors' }).click();
    const report = page.getByRole('row', { name: new RegExp(probe) }).first();
    await report.getByRole('button', { name: 'Show details' }).click();
    await expect(page.getByText('kept-in-payload')).toBeVisible();
    await expect(page.getByText('hunter2')).toHaveCount(0);
    await shot(page, 'browser-errors');
  });

  test('an analyst reads the logs and filters by user without managing users', async ({ page }) => {
    await signIn(page, 'analyst@example.com');
    await page.goto('/report/log');
    await expect(page.getByRole('table', { name: 'Audit log' })).toBeVisible();
    await page.getByRole('combobox', { name: 'User' }).click();
    await page.getByRole('option', { name: 'Morgan Hale' }).click();
    await expect(page).toHaveURL(/filter%5Bactor_id%5D=1|filter\[actor_id\]=1/);
    await expect(page.getByRole('dialog', { name: 'Error' })).toHaveCount(0);
  });
});

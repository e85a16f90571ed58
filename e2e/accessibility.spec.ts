/*
 * Every built screen of the route table (a route with a `screen`), the login page and the refusal
 * page, in the light and the dark theme: no serious or critical axe violation (WCAG 2.1 A and AA).
 * A screen added to the route table is checked here without touching this file.
 *
 * `AXE_SUMMARY_FILE=path` also appends one JSON line per page and theme (violations per rule), to
 * measure a change.
 */
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { PUBLIC_ROUTES, ROUTES } from '@qm/contracts';
import { apiHeaders, axeViolations, countByRule, formatViolations, shot, signedIn, type A11yViolation, type Scheme } from './helpers';

const ADMIN = 'admin@example.com';
const SCHEME_KEY = 'quartermaster_color_scheme';

let token = '';
/** Ids of an item of each resource, for routes that view one (`product/:id`). */
const firstIds = new Map<string, number>();

async function firstId(page: Page, resource: string): Promise<number> {
  if (!firstIds.has(resource)) {
    const res = await page.request.get(`/api/${resource}?per_page=1`, { headers: apiHeaders(token) });
    const body = res.ok() ? ((await res.json()) as { data?: { id: number }[] }) : {};
    firstIds.set(resource, body.data?.[0]?.id ?? 1);
  }
  return firstIds.get(resource)!;
}

/** The screen has drawn its data: its heading is there and nothing is loading. */
async function ready(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('.mantine-Skeleton-root, .mantine-Loader-root, [aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
}

/** Checks the page as it is, in `scheme`, and says what was found. */
async function check(page: Page, path: string, scheme: Scheme): Promise<A11yViolation[]> {
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
  await ready(page);
  const found = await axeViolations(page);
  if (process.env.AXE_SUMMARY_FILE) fs.appendFileSync(process.env.AXE_SUMMARY_FILE, `${JSON.stringify({ path, scheme, rules: countByRule(found) })}\n`);
  return found;
}

/**
 * Switches the theme the way another tab of the console would (the colour scheme manager follows
 * the stored choice), so the screen re-renders in it without a reload.
 */
async function switchTheme(page: Page, scheme: Scheme) {
  await page.evaluate(([key, s]) => {
    window.localStorage.setItem(key, s);
    window.dispatchEvent(new StorageEvent('storage', { key, newValue: s, storageArea: window.localStorage }));
  }, [SCHEME_KEY, scheme] as const);
}

async function expectBothThemes(page: Page, path: string) {
  await page.addInitScript((key) => window.localStorage.setItem(key, 'light'), SCHEME_KEY);
  await page.goto(path);
  const light = await check(page, path, 'light');
  await switchTheme(page, 'dark');
  const found = { light, dark: await check(page, path, 'dark') };
  const report = (['light', 'dark'] as const)
    .filter((s) => found[s].length > 0)
    .map((s) => `${path}, ${s} theme:\n${formatViolations(found[s])}`)
    .join('\n');
  if (report) await test.info().attach('accessibility.txt', { body: report, contentType: 'text/plain' });
  expect([...found.light, ...found.dark].length, `Serious or critical accessibility violations:\n${report}`).toBe(0);
}

test.describe('accessibility: no serious or critical violation, light and dark', () => {
  test.describe('public pages', () => {
    test(`/${PUBLIC_ROUTES.login.path}`, async ({ page }) => {
      await expectBothThemes(page, `/${PUBLIC_ROUTES.login.path}`);
    });
    test(`/${PUBLIC_ROUTES.forbidden.path}`, async ({ page }) => {
      await expectBothThemes(page, `/${PUBLIC_ROUTES.forbidden.path}?from=%2Fuser`);
    });
  });

  test.describe('every built screen', () => {
    test.beforeEach(async ({ page }) => {
      token = await signedIn(page, ADMIN);
    });

    for (const route of ROUTES.filter((r) => r.screen)) {
      test(`/${route.path}`, async ({ page }) => {
        let path = `/${route.path}`;
        if (path.endsWith('/:id')) path = path.replace(/:id$/, String(await firstId(page, route.path.replace(/\/:id$/, ''))));
        await expectBothThemes(page, path);
      });
    }
  });
});

test.describe('keyboard', () => {
  test.beforeEach(async ({ page }) => {
    token = await signedIn(page, ADMIN);
  });

  test('a dialog keeps focus inside while open and gives it back to what opened it', async ({ page }) => {
    await page.goto('/brand');
    const open = page.getByRole('button', { name: 'New brand' });
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New brand' });
    await expect(dialog).toBeVisible();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement)), `Tab ${i + 1} stays in the dialog`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
  });

  test('the category tree: one tab stop, arrows go through it, Alt+Shift+arrows move a category and focus stays on it', async ({ page }) => {
    const headers = apiHeaders(token);
    const create = async (name: string, parent_id: number | null) =>
      ((await (await page.request.post('/api/category', { headers, data: { name, parent_id } })).json()) as { data: { id: number } }).data.id;
    const rootName = `Keys ${Date.now().toString(36)}`;
    const root = await create(rootName, null);
    const first = await create(`${rootName} First`, root);
    const second = await create(`${rootName} Second`, root);
    const row = (id: number) => page.locator(`li[data-tree-id="${id}"]`);

    await page.goto('/category');
    const tree = page.getByRole('tree', { name: 'Categories' });
    await expect(row(second)).toBeAttached();
    // Tab enters the tree on one row only.
    await page.getByRole('button', { name: 'New category' }).focus();
    await page.keyboard.press('Tab');
    await expect(tree.getByRole('treeitem').first()).toBeFocused();
    expect(await tree.locator('li[tabindex="0"]').count()).toBe(1);

    // Arrows: End goes to the last row, ← from a child goes to its parent, → back to its first child.
    await row(second).focus();
    await page.keyboard.press('ArrowUp');
    await expect(row(first)).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(row(root)).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(row(first)).toBeFocused();

    // Alt+Shift+↓ moves First below Second, saved, and the row keeps focus.
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/category/sort'));
    await page.keyboard.press('Alt+Shift+ArrowDown');
    expect((await saved).status()).toBe(200);
    await expect(row(first)).toBeFocused();
    const names = await tree.locator('li[data-tree-id]').evaluateAll((els, p) => els.map((e) => e.getAttribute('data-tree-name')!).filter((n) => n.startsWith(`${p} `)), rootName);
    expect(names).toEqual([`${rootName} Second`, `${rootName} First`]);

    // Tab goes from the row to its own buttons, named after it.
    await page.keyboard.press('Tab');
    await expect(row(first).getByRole('button', { name: `Move ${rootName} First up` })).toBeFocused();
    await shot(page, 'catalog-categories-keyboard');
  });
});

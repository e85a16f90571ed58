/**
 * Navigation of the console: the command palette (Ctrl/⌘-K) goes to screens and finds records, detail
 * pages show their breadcrumb trail, navigation groups collapse and stay so for the user.
 */
import { expect, test } from '@playwright/test';
import { apiToken, shot, signIn } from './helpers';

// Each test signs in and checks several screens in both themes: slow on a busy machine.
test.describe.configure({ timeout: 90_000 });

test('Ctrl-K opens the palette; typing "brands" and Enter opens Brands', async ({ page }) => {
  await signIn(page, 'admin@example.com');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  // the keyboard's path: the pointer left where the sign-in button was would pick the option under it
  await page.mouse.move(0, 0);
  await page.keyboard.press('Control+k');
  const input = page.getByRole('combobox', { name: 'Screen, product, user…' });
  await expect(input).toBeFocused();
  await shot(page, 'palette-open');
  await input.fill('brands');
  await expect(page.getByRole('option', { name: /^Brands/ }).first()).toHaveAttribute('aria-selected', 'true');
  await shot(page, 'palette-brands');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/brand$/);
  await expect(page).toHaveTitle('Brands');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The shortcut works from a field too; arrows move, Escape closes.
  await page.getByLabel('Search').first().focus();
  await page.keyboard.press('Control+k');
  await expect(input).toBeFocused();
  await input.fill('users');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('option', { name: /^Users/ }).first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('finds a product by SKU and a user by email from the palette', async ({ page }) => {
  const token = await apiToken(page, 'admin@example.com');
  const res = await page.request.get('/api/product?per_page=5&sort=id', { headers: { authorization: `Bearer ${token}` } });
  const product = ((await res.json()) as { data: { id: number; title: string | null; default_sku: string | null }[] }).data.find((p) => p.default_sku && p.title)!;
  expect(product).toBeTruthy();

  await signIn(page, 'admin@example.com');
  await page.getByRole('button', { name: /^Search/ }).click();
  const input = page.getByRole('combobox', { name: 'Screen, product, user…' });
  await input.fill(product.default_sku!);
  const option = page.getByRole('group', { name: 'Products' }).getByRole('option', { name: new RegExp(product.title!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
  await expect(option).toBeVisible();
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await shot(page, 'palette-sku');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/product/${product.id}$`));
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.keyboard.press('Control+k');
  await input.fill('catalog@example');
  await expect(page.getByRole('group', { name: 'Users' }).getByRole('option').first()).toBeVisible();
  await page.getByRole('group', { name: 'Users' }).getByRole('option').first().click();
  await expect(page).toHaveURL(/\/user\?q=catalog%40example.com/);
});

test('a product page shows group › list › item; the list crumb goes back to the list', async ({ page }) => {
  const token = await apiToken(page, 'admin@example.com');
  const first = async (list: string) => {
    const r = await page.request.get(`/api/${list}?per_page=1`, { headers: { authorization: `Bearer ${token}` } });
    return ((await r.json()) as { data: { id: number }[] }).data[0]!.id;
  };
  const [productId, familyId] = [await first('product'), await first('product-family')];
  await signIn(page, 'admin@example.com');
  await page.goto(`/product/${productId}`);
  const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(trail).toContainText('Catalogue');
  await expect(trail.locator('[aria-current="page"]')).toHaveText((await page.getByRole('heading', { level: 1 }).textContent())!);
  await shot(page, 'product-breadcrumb');
  await trail.getByRole('link', { name: 'Products' }).click();
  await expect(page).toHaveURL(/\/product$/);
  await expect(page).toHaveTitle('Products');

  await page.goto(`/product-family/${familyId}`);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Product Families' })).toBeVisible();
});

test('a collapsed navigation group stays collapsed after a reload; the current group opens', async ({ page }) => {
  await signIn(page, 'admin@example.com');
  const nav = page.getByRole('navigation', { name: 'Screens' });
  const reports = nav.getByRole('button', { name: 'Reports' });
  await expect(reports).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'Monthly Summary' })).toBeVisible();
  await reports.click();
  await expect(reports).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Monthly Summary' })).toHaveCount(0);
  await shot(page, 'nav-collapsed');
  // Saved for the user (the server's copy, not only this page).
  await expect.poll(async () => {
    const token = await page.evaluate(() => localStorage.getItem('quartermaster_token'));
    const r = await page.request.get('/api/me/preferences/nav.collapsed', { headers: { authorization: `Bearer ${token}` } });
    return ((await r.json()) as { data: unknown }).data;
  }).toEqual(['Reports']);
  await page.reload();
  await expect(nav.getByRole('button', { name: 'Reports' })).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Monthly Summary' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Products' })).toBeVisible();

  // Arriving on a screen of a collapsed group opens it.
  await page.goto('/report/monthly-summary');
  await expect(nav.getByRole('button', { name: 'Reports' })).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'Monthly Summary' })).toBeVisible();
  await nav.getByRole('button', { name: 'Reports' }).click();
  await expect(nav.getByRole('link', { name: 'Monthly Summary' })).toHaveCount(0);
  // Open again, as the other tests expect.
  await nav.getByRole('button', { name: 'Reports' }).click();
  await expect(nav.getByRole('link', { name: 'Monthly Summary' })).toBeVisible();
});

import { expect, test } from '@playwright/test';
import { apiGet, look, pick, signedIn, unique } from './helpers';

const MERCH = 'merchandising@example.com';

test.describe('merchandising', () => {
  test('a use case created, its products added, moved and removed; it turns low and shows in the reports', async ({ page }) => {
    test.setTimeout(120_000);
    const token = await signedIn(page, MERCH);

    await page.goto('/merchandising-use-case');
    await expect(page).toHaveTitle('Merchandising Use Case');
    const list = page.getByRole('table', { name: 'Use cases' });
    await expect(list.getByText('Deer Season', { exact: true })).toBeVisible();
    await expect(list.getByText(/^Low · /).first()).toBeVisible();
    await look(page, 'merchandising-use-cases');

    // A new use case: the kind from the lookup, a target of products in stock.
    const name = unique('Test Turkey Season');
    await page.getByRole('button', { name: 'New use case' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Name', { exact: true }).fill(name);
    await pick(page, 'Kind', 'Hunting', form);
    await form.getByLabel('Products in stock, at least').fill('2');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden({ timeout: 20_000 });

    // Its screen: products added by title, moved up, one removed.
    await page.goto(`/merchandising-use-case?q=${encodeURIComponent(name)}`);
    await page.getByRole('table', { name: 'Use cases' }).getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByText('No products yet')).toBeVisible();
    const [first, second] = (await apiGet<{ data: { id: number; title: string }[] }>(page, token, 'product?q=Federal&per_page=2&sort=title')).data;
    for (const p of [first!, second!]) {
      const add = page.getByRole('combobox', { name: 'Add a product' });
      await add.fill(p.title);
      await page.getByRole('option', { name: new RegExp(`^${p.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).first().click();
      await expect(page.getByRole('table', { name: 'Products featured' }).getByRole('link', { name: p.title })).toBeVisible();
    }
    const rows = page.getByRole('table', { name: 'Products featured' }).getByRole('row');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText(first!.title);
    await page.getByRole('button', { name: `Move ${second!.title} up` }).click();
    await expect(rows.nth(1)).toContainText(second!.title);
    await look(page, 'merchandising-use-case-view');
    await page.getByRole('button', { name: `Remove ${first!.title}` }).click();
    await page.getByRole('dialog', { name: 'Remove product' }).getByRole('button', { name: 'Remove' }).click();
    await expect(rows).toHaveCount(2);
    // one product featured against a target of two: low
    await expect(page.getByText(/^Low · 1 of 1$/)).toBeVisible();

    // The low use cases' report lists it; the use case report has its chart.
    await page.goto('/report/merchandising/low-use-case');
    await expect(page).toHaveTitle('Low Merchandising Use Case');
    await expect(page.getByRole('table', { name: 'Low Merchandising Use Case' }).getByText(name)).toBeVisible();
    await look(page, 'merchandising-low-use-case');
    await page.goto('/report/merchandising/use-case');
    await expect(page.getByRole('table', { name: 'Merchandising Use Case' }).getByText('Deer Season')).toBeVisible();
    await expect(page.locator('.recharts-surface').first()).toBeVisible();
    await look(page, 'merchandising-use-case-report');

    // The high-velocity drop-ship view is the Merchandising Report with its view chosen.
    await page.goto('/report/merchandising/hv-ds');
    await expect(page).toHaveTitle('Merchandising Report');
    await expect(page.getByRole('combobox', { name: 'Show' })).toHaveValue('High-velocity drop-ship');
    await look(page, 'merchandising-hv-ds');
    await page.goto('/report/merchandising/category');
    await expect(page.getByRole('table', { name: 'Category Merchandising Report' }).getByText('Ammunition', { exact: true })).toBeVisible();
    await look(page, 'merchandising-category');
  });

  test('an analyst reads use cases and the reports but cannot change them', async ({ page }) => {
    await signedIn(page, 'analyst@example.com');
    await page.goto('/merchandising-use-case');
    await expect(page.getByRole('table', { name: 'Use cases' }).getByText('Deer Season', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'New use case' })).toHaveCount(0);
    await page.getByRole('table', { name: 'Use cases' }).getByRole('link', { name: 'Deer Season', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Deer Season' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Add a product' })).toHaveCount(0);
    await page.goto('/report/merchandising/brand');
    await expect(page.getByRole('table', { name: 'Brand Merchandising Report' }).getByText('Federal', { exact: true })).toBeVisible();
  });
});

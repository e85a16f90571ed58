import { expect, test, type Page } from '@playwright/test';
import { apiHeaders, pick, shot, signIn, unique } from './helpers';

const OFFICER = 'compliance@example.com';

async function api<T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const token = await page.evaluate(() => window.localStorage.getItem('quartermaster_token'));
  const headers = apiHeaders(token!);
  const res = method === 'GET' ? await page.request.get(`/api/${path}`, { headers }) : await page.request.post(`/api/${path}`, { headers, data });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

test.describe('compliance', () => {
  test('a zip code group pasted with a bad entry, a restriction on it, a cart searched to an address, the product editor’s panel', async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, OFFICER);

    // Zip code group: paste a list with one bad entry; the entry is named and nothing is saved until it is fixed.
    const group = unique('Springfield IL');
    await page.goto('/zip-code-group');
    await expect(page).toHaveTitle('Zip Code Groups');
    await expect(page.getByRole('table', { name: 'Zip code groups' }).getByText('Chicago', { exact: true })).toBeVisible();
    await shot(page, 'compliance-zip-code-groups');
    await page.getByRole('button', { name: 'New zip code group' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name', { exact: true }).fill(group);
    const entries = dialog.getByLabel('Zip codes, prefixes and ranges');
    await entries.fill('62701\n62702, 62703\n6270x\n62704-62707');
    await expect(dialog.getByRole('list', { name: 'Problems in the list' })).toContainText('“6270x” is not a zip code');
    await expect(dialog.getByText('4 valid entries')).toBeVisible();
    await shot(page, 'compliance-zip-code-group-problem');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeVisible(); // refused while the list has a problem
    await entries.fill('62701\n62702, 62703\n62704-62707');
    await expect(dialog.getByRole('list', { name: 'Problems in the list' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden({ timeout: 20_000 });
    await expect(page.getByRole('table', { name: 'Zip code groups' }).getByText(group)).toBeVisible();

    // A restriction on it: ammunition blocked in the group.
    const rule = unique('Springfield ammunition');
    await page.goto('/compliance-restriction');
    await expect(page).toHaveTitle('Compliance Restrictions');
    await expect(page.getByRole('table', { name: 'Restrictions' }).getByText('California — ammunition through a licensed vendor')).toBeVisible();
    await shot(page, 'compliance-restrictions');
    await page.getByRole('button', { name: 'New restriction' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Name', { exact: true }).fill(rule);
    await pick(page, 'Restriction type', 'Prohibited — do not ship', form);
    await pick(page, 'Category', /^Ammunition$/, form);
    await pick(page, 'Zip code groups', group, form);
    await page.keyboard.press('Escape');
    await form.getByLabel('Legal citation').fill('Springfield City Code §1-2-3 (test)');
    await shot(page, 'compliance-restriction-form');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden({ timeout: 20_000 });
    const created = await api<{ data: { id: number; name: string }[] }>(page, 'GET', `compliance-restriction?q=${encodeURIComponent(rule)}`);
    expect(created.data).toHaveLength(1);

    // Its detail: what it catches and its history.
    await page.goto(`/compliance-restriction/${created.data[0]!.id}`);
    await expect(page.getByRole('heading', { name: rule })).toBeVisible();
    await expect(page.getByText(/Products it catches: \d+/)).toBeVisible();
    await expect(page.getByText(/Created · .* · Sam Patel/)).toBeVisible();
    await shot(page, 'compliance-restriction-detail');

    // A cart to an address in the group: the explanation names the rule, what matched and the citation.
    const products = await api<{ data: { id: number; title: string }[] }>(page, 'GET', 'product?q=PMAG%2030%20AR&per_page=5');
    const mag = products.data.find((p) => p.title.startsWith('Magpul PMAG 30 AR/M4'))!;
    const nine = (await api<{ data: { id: number; sku: string }[] }>(page, 'GET', 'variant?q=American%20Eagle%209mm%20115&per_page=5')).data[0]!;
    await page.goto(`/compliance-restriction/search?items=p${mag.id}:3,v${nine.id}:10&state=IL&zip=62702`);
    await expect(page).toHaveTitle('Compliance Restriction Search');
    const outcome = page.getByLabel('Outcome');
    await expect(outcome.getByRole('heading', { name: /To 62702, IL on/ })).toBeVisible();
    await expect(outcome.getByText(`Blocked because of ${rule} — category`)).toBeVisible();
    await expect(outcome.getByText(/Blocked because of Illinois — large-capacity magazines — Magazine Capacity is 30, > 10, in IL; 720 ILCS 5\/24-1\.10/)).toBeVisible();
    await expect(outcome.getByRole('link', { name: 'Springfield City Code §1-2-3 (test)' })).toHaveCount(0);
    await expect(outcome.getByRole('cell', { name: 'Springfield City Code §1-2-3 (test)' })).toBeVisible();
    await shot(page, 'compliance-search-cart');

    // Add one more item through the picker and search again; the URL keeps it.
    await page.getByRole('combobox', { name: 'Add an item' }).fill('PMAG 10');
    await page.getByRole('option', { name: /PMAG 10 AR\/M4/ }).first().click();
    await page.getByRole('button', { name: 'Check these items' }).click();
    await expect(page).toHaveURL(/items=p\d+:3,v\d+:10,v\d+/);
    await expect(outcome.getByText('Allowed: no rule applies to 62702, IL.')).toBeVisible();

    // A state alone: what is restricted there, by type.
    await page.goto('/compliance-restriction/search?state=CA');
    await expect(page.getByRole('heading', { name: /Restricted in CA on .*: \d+ rules/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'California — magazines over 10 rounds' })).toBeVisible();
    await shot(page, 'compliance-search-state');

    // The product editor's Compliance panel.
    await page.goto(`/product/${mag.id}?tab=compliance`);
    const panel = page.getByLabel('Compliance', { exact: true });
    await expect(panel.getByText(/Restricted in \d+ states and \d+ zip code groups/)).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Illinois — large-capacity magazines' })).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Chicago — magazines over 15 rounds' })).toBeVisible();
    await shot(page, 'compliance-product-panel');

    // Restriction types.
    await page.goto('/compliance-restriction-type');
    await expect(page.getByRole('table', { name: 'Restriction types' }).getByText('Illinois FOID card', { exact: true })).toBeVisible();
    await shot(page, 'compliance-restriction-types');
  });
});

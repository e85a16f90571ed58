import { expect, test } from '@playwright/test';
import { look, pick, shot, signedIn, signIn, unique } from './helpers';

const BUYER = 'purchasing@example.com';

test.describe('vendors', () => {
  // Several screens, each checked for accessibility in both themes: more than the default 30 s on a busy machine.
  test.describe.configure({ timeout: 150_000 });
  test('creates a vendor with a fee schema and previews a basket’s fees under that schema', async ({ page }) => {
    await signIn(page, BUYER);
    await page.goto('/vendor');
    await expect(page.getByRole('heading', { name: 'Vendors', level: 1 })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Sports South' })).toBeVisible();
    await shot(page, 'vendors-list');

    await page.getByRole('button', { name: 'New vendor' }).click();
    await expect(page).toHaveURL(/\/vendor\/new$/);
    const name = unique('Gulf Coast Ammo');
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Code', { exact: true }).fill(`G${Date.now().toString(36).toUpperCase().slice(-6)}`);
    await page.getByLabel('Can drop-ship').check();
    await pick(page, 'Fee schema', 'Standard drop-ship');
    await page.getByLabel('Contact 1 Name').fill('Jo Marchand');
    await page.getByLabel('Contact 1 Role').fill('Account manager');
    await page.getByLabel('Contact 1 Email').fill('jo@gulfcoast.example');
    await page.getByRole('button', { name: 'Add contact' }).click();
    await page.getByLabel('Contact 2 Name').fill('Ray Boudin');
    await shot(page, 'vendor-new');
    await page.getByRole('button', { name: 'Create vendor' }).click();
    await expect(page).toHaveURL(/\/vendor\/\d+$/);
    await expect(page.getByRole('heading', { name: new RegExp(name) })).toBeVisible();
    await expect(page.getByText('Standard drop-ship', { exact: false }).first()).toBeVisible();
    await expect(page.getByLabel('Contact 2 Name')).toHaveValue('Ray Boudin');
    // the toast of the save closed first: caught mid-fade, its text fails the contrast check
    await look(page, 'vendor-details');

    await page.getByRole('tab', { name: 'Activity' }).click();
    await expect(page.getByRole('table', { name: 'Activity of this vendor' }).getByText('create')).toBeVisible();
    await look(page, 'vendor-activity');

    await page.getByRole('link', { name: 'Fee Schemas' }).click();
    await expect(page.getByRole('heading', { name: 'Vendor Fee Schemas', level: 1 })).toBeVisible();
    await shot(page, 'fee-schemas-list');
    await page.getByRole('row').filter({ hasText: 'Standard drop-ship' }).click();
    await expect(page.getByRole('heading', { name: 'Standard drop-ship' })).toBeVisible();
    await shot(page, 'fee-schema-fees');
    await page.getByRole('tab', { name: 'Preview' }).click();
    await pick(page, 'Vendor (costs and shipping)', new RegExp(name));
    await page.getByRole('combobox', { name: 'Add a variant' }).fill('9mm');
    await page.getByRole('option').first().click();
    const line = page.getByRole('table', { name: 'Basket lines' }).getByRole('row').nth(1);
    await line.getByRole('textbox', { name: /Quantity of/ }).fill('4');
    await page.getByRole('button', { name: 'Preview fees' }).click();
    const fees = page.getByRole('table', { name: 'Fee lines' });
    await expect(fees.getByRole('row', { name: /Drop-ship handling.*Charged.*\$2\.50/ })).toBeVisible();
    await expect(fees.getByRole('row', { name: /Ammunition handling.*Charged.*rounds × \$0\.01/ })).toBeVisible();
    await expect(page.getByTestId('fees-total')).toContainText('$');
    await shot(page, 'fee-preview');
  });

  test('reveals a credential’s secret for a while, on the credentials screen and the vendor’s tab', async ({ page }) => {
    await signedIn(page, BUYER);
    await page.goto('/vendor-credential');
    await expect(page.getByRole('heading', { name: 'Vendor Credentials', level: 1 })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: 'Sports South' }).filter({ hasText: 'Dealer portal' });
    await expect(row.getByText('••••')).toBeVisible();
    await shot(page, 'credentials-list');
    await row.getByRole('button', { name: /Reveal the secret/ }).click();
    await expect(page.getByTestId('revealed-secret')).toHaveText('Sss-demo-7Lq2!vR9');
    await expect(page.getByText(/Hidden again in \d+ s/)).toBeVisible();
    await shot(page, 'credential-revealed');
    await page.getByRole('button', { name: 'Hide now' }).click();
    await expect(page.getByTestId('revealed-secret')).toHaveCount(0);

    await page.goto('/vendor');
    await page.getByRole('row').filter({ hasText: 'Sports South' }).click();
    await page.getByRole('tab', { name: /Credentials/ }).click();
    await expect(page.getByRole('table', { name: 'Credentials of this vendor' }).getByRole('row')).toHaveCount(3);
    await shot(page, 'vendor-credentials-tab');
  });
});

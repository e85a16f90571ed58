import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { shot, signIn } from './helpers';

const CATALOG = 'catalog@example.com';

test.describe('feeds', () => {
  test('open Feeds, set the rule "leave out restricted items" on a feed, read a left-out item and why', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, CATALOG);
    await page.goto('/feed');
    await expect(page).toHaveTitle('Feeds');
    const table = page.getByRole('table', { name: 'Feeds' });
    const feed = 'Ammo Depot → AmmoSeek (daily)';
    const row = table.getByRole('row').filter({ hasText: feed });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Kept');
    await shot(page, 'feeds-list');

    // The rule: edit the feed and switch it on.
    await row.getByText(feed).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(feed);
    await dialog.getByRole('switch', { name: 'Leave out restricted items' }).check({ force: true });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden({ timeout: 20_000 });
    await expect(row).toContainText('Left out');

    // The feed's report of left-out items: counts, and each item with the reason in words.
    await row.getByRole('button', { name: `Left-out items of ${feed}` }).click();
    await expect(page).toHaveURL(/left-out=\d+/);
    const drawer = page.getByRole('dialog', { name: 'Left-out items' });
    await expect(drawer.getByTestId('left-out-counts')).toHaveText(/^\d[\d,]* items, \d[\d,]* left out$/, { timeout: 20_000 });
    const report = drawer.getByRole('table', { name: 'Left-out items' });
    await expect(report.getByText(/the feed leaves out restricted items/).first()).toBeVisible();
    await expect(report.getByText('Restricted', { exact: true }).first()).toBeVisible();
    await shot(page, 'feeds-left-out');
  });

  test('build a feed file, give it an address, and fetch it as the comparison site does', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, CATALOG);
    await page.goto('/feed');
    const feed = 'Bulk Rounds Direct → AmmoSeek (daily)';
    const row = page.getByRole('table', { name: 'Feeds' }).getByRole('row').filter({ hasText: feed });
    await row.getByRole('button', { name: `file of ${feed}` }).click();
    const dialog = page.getByRole('dialog', { name: `Feed file: ${feed}` });
    await expect(dialog.getByTestId('feed-address')).toContainText('None yet');

    await dialog.getByRole('button', { name: 'Build now' }).click();
    await expect(dialog.getByTestId('feed-built')).toHaveText(/^Built .+: [\d,]+ items?, [\d,]+ left out$/, { timeout: 60_000 });
    await expect(row).toContainText(/[\d,]+ in · [\d,]+ out/);

    await dialog.getByRole('button', { name: 'Make an address' }).click();
    const address = (await dialog.getByTestId('new-feed-address').textContent())!;
    expect(address).toMatch(/\/api\/feed-file\/qmf_/);
    await expect(dialog.getByTestId('feed-address')).toContainText('/api/feed-file/qmf_');
    await shot(page, 'feeds-file');

    // the site fetches it without signing in
    const fetched = await page.request.get(address, { headers: { authorization: '' } });
    expect(fetched.status()).toBe(200);
    const xml = await fetched.text();
    expect(xml).toContain('<productlist retailer="Bulk Rounds Direct"');
    expect(xml).toMatch(/<product>\s*<type>ammunition<\/type>/);

    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download file' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.xml$/);
  });

  test('give a feed its own file layout: rename and reorder its columns, the downloaded file follows', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, CATALOG);
    await page.goto('/feed');
    const feed = 'Ammo Depot → BulkCheapAmmo (weekly)';
    const row = page.getByRole('table', { name: 'Feeds' }).getByRole('row').filter({ hasText: feed });
    await row.getByText(feed).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${feed}` });
    await dialog.getByRole('switch', { name: 'Own file layout' }).check({ force: true });
    const fields = dialog.getByRole('table', { name: 'Fields of the file' });
    await expect(fields.getByRole('row')).toHaveCount(18);
    // the first column (type) out; the title and address renamed as the destination reads them
    await dialog.getByRole('button', { name: 'Remove field 1', exact: true }).click();
    await expect(fields.getByRole('row')).toHaveCount(17);
    await expect(dialog.getByRole('textbox', { name: 'Name of field 1 in the file', exact: true })).toHaveValue('title');
    await dialog.getByRole('textbox', { name: 'Name of field 1 in the file', exact: true }).fill('Product Name');
    await dialog.getByRole('textbox', { name: 'Name of field 2 in the file' }).fill('Product Name');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Another field has this name')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Name of field 2 in the file' }).fill('Link');
    // the address moved after the price
    await dialog.getByRole('button', { name: 'Move field 2 down', exact: true }).click();
    await expect(dialog.getByLabel('Preview of the file’s start')).toHaveText(/^Product Name,price,Link,caliber,/);
    await shot(page, 'feeds-layout');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden({ timeout: 20_000 });
    await expect(row).toContainText('BulkCheapAmmo · own CSV');

    await row.getByRole('button', { name: `file of ${feed}` }).click();
    const file = page.getByRole('dialog', { name: `Feed file: ${feed}` });
    await expect(file).toContainText('CSV for BulkCheapAmmo in the feed’s own layout');
    await expect(file.getByTestId('feed-built')).toHaveText(/^Built /, { timeout: 30_000 });
    const download = page.waitForEvent('download');
    await file.getByRole('button', { name: 'Download file' }).click();
    const saved = await (await download).path();
    const text = readFileSync(saved, 'utf8');
    expect(text.split('\r\n')[0]).toBe('Product Name,price,Link,caliber,manufacturer,numrounds,count,upc,mpn,casing,grains,condition,availability,quantity,purchase_limit,map_note');
    expect(text.split('\r\n').length).toBeGreaterThan(2);
  });
});

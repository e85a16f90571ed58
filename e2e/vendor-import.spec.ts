import { expect, test } from '@playwright/test';
import { apiHeaders, apiToken, shot, signIn } from './helpers';

const BUYER = 'purchasing@example.com';

interface Line {
  id: number;
  vendor_sku: string;
  upc: string | null;
  cost_cents: number | null;
  quantity_available: number;
}

test.describe('vendor catalogue import', () => {
  // Several screens, each checked for accessibility in both themes, and two jobs: more than 30 s on a busy machine.
  test.describe.configure({ timeout: 180_000 });

  test('imports a vendor’s file: a bad row is refused with its reason, the fixed file is applied', async ({ page }) => {
    const token = await apiToken(page, BUYER);
    const headers = apiHeaders(token);
    const vendors = await (await page.request.get('/api/vendor?q=Sports%20South', { headers })).json();
    const vendor = vendors.data[0] as { id: number; name: string };
    const lines = (await (await page.request.get(`/api/vendor/${vendor.id}/product?per_page=3&filter[matched]=true&sort=vendor_sku`, { headers })).json()).data as Line[];
    expect(lines).toHaveLength(3);

    await signIn(page, BUYER);
    await page.goto(`/vendor/${vendor.id}?tab=catalogue`);
    await expect(page.getByRole('heading', { name: vendor.name })).toBeVisible();
    const table = page.getByRole('table', { name: 'Vendor catalogue' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    await shot(page, 'vendor-catalogue');

    // Unmatched lines wait for a person.
    await page.getByRole('combobox', { name: 'Match', exact: true }).click();
    await page.getByRole('option', { name: 'Unmatched' }).click();
    await expect(table.getByRole('button', { name: /^Match SSI-X/ }).first()).toBeVisible();
    await shot(page, 'vendor-catalogue-unmatched');

    // The vendor's file: three lines we know with new costs and stock, one new line, one bad row.
    const cost = (l: Line, delta: number) => ((l.cost_cents! + delta) / 100).toFixed(2);
    const rows = [
      'Item #,UPC,Description,Your Cost,Qty,Drop Ship',
      `${lines[0]!.vendor_sku},${lines[0]!.upc ?? ''},,${cost(lines[0]!, -25)},117,Y`,
      `${lines[1]!.vendor_sku},${lines[1]!.upc ?? ''},,${cost(lines[1]!, 40)},0,Y`,
      `${lines[2]!.vendor_sku},${lines[2]!.upc ?? ''},,${cost(lines[2]!, 0)},${lines[2]!.quantity_available + 5},Y`,
      'SSI-NEW-001,,MTM Ammo Can 30 cal,12.49,40,Y',
      'SSI-BAD-002,,Otis cleaning kit,call for price,3,Y',
    ];
    await page.getByRole('button', { name: 'Import price file' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import a price and stock file' });
    await dialog.locator('input[type=file]').setInputFiles({ name: 'sports-south.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\n')) });
    await expect(dialog.getByText('columns guessed from the headers')).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Cost', exact: true })).toHaveValue('Your Cost');
    await dialog.getByRole('radio', { name: 'Leave them as they are' }).check();
    await shot(page, 'vendor-import-mapping');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect(dialog.getByText('This file cannot be applied')).toBeVisible({ timeout: 60_000 });
    await expect(dialog.getByRole('table', { name: 'Sample rows: invalid' }).getByRole('row', { name: /SSI-BAD-002/ })).toContainText('Cost is not a number');
    await expect(dialog.getByRole('button', { name: 'Apply' })).toBeDisabled();
    await shot(page, 'vendor-import-invalid');

    // Fixed and uploaded again: the vendor's mapping is proposed, the preview counts, the apply runs.
    await dialog.getByRole('button', { name: 'Upload a fixed file' }).click();
    rows[5] = 'SSI-BAD-002,,Otis cleaning kit,18.75,3,Y';
    await dialog.locator('input[type=file]').setInputFiles({ name: 'sports-south-fixed.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\n')) });
    await expect(dialog.getByText("columns mapped as in this vendor's last import")).toBeVisible();
    await dialog.getByRole('radio', { name: 'Leave them as they are' }).check();
    await dialog.getByRole('button', { name: 'Preview' }).click();
    await expect(dialog.getByText(/5 rows: 2 new, \d+ changed \(2 in cost, \d+ in stock\)/)).toBeVisible({ timeout: 60_000 });
    await shot(page, 'vendor-import-preview');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog.getByText('Imported', { exact: true })).toBeVisible({ timeout: 60_000 });
    await shot(page, 'vendor-import-applied');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();

    // The catalogue shows the new cost and the new line.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByPlaceholder('Vendor SKU, name, UPC or our SKU').fill(lines[0]!.vendor_sku);
    const row = table.getByRole('row').filter({ hasText: lines[0]!.vendor_sku });
    await expect(row).toContainText(Number(cost(lines[0]!, -25)).toLocaleString('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }));
    await expect(row).toContainText('117');
    await page.getByPlaceholder('Vendor SKU, name, UPC or our SKU').fill('SSI-NEW-001');
    await expect(table.getByRole('row').filter({ hasText: 'SSI-NEW-001' })).toContainText('$12.49');
    await shot(page, 'vendor-catalogue-after-import');
  });
  test('corrects a catalogue line by hand: its rules shown, then saved and audited', async ({ page }) => {
    const token = await apiToken(page, BUYER);
    const headers = apiHeaders(token);
    // A matched line of another vendor than the import's.
    const lines = (await (await page.request.get('/api/vendor-product?per_page=100&filter[matched]=true&sort=vendor_sku', { headers })).json()).data as (Line & {
      vendor_id: number;
      vendor_name: string;
      variant_sku: string;
    })[];
    const line = lines.find((l) => l.vendor_name !== 'Sports South')!;
    expect(line).toBeTruthy();

    await signIn(page, BUYER);
    await page.goto(`/vendor/${line.vendor_id}?tab=catalogue`);
    const table = page.getByRole('table', { name: 'Vendor catalogue' });
    await page.getByPlaceholder('Vendor SKU, name, UPC or our SKU').fill(line.vendor_sku);
    const row = table.getByRole('row').filter({ hasText: line.vendor_sku });
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: `Actions for ${line.vendor_sku}` }).click();
    await page.getByRole('menuitem', { name: 'Edit line…' }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${line.vendor_sku}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Our variant')).toHaveValue(new RegExp(`^${line.variant_sku.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));

    // Validation: a quantity is required.
    await dialog.getByLabel('Quantity available').fill('');
    await dialog.getByRole('button', { name: 'Save line' }).click();
    await expect(dialog.getByText('Required', { exact: true })).toBeVisible();
    await shot(page, 'vendor-line-edit-invalid');

    await dialog.getByLabel('Quantity available').fill('77');
    await dialog.getByLabel('Cost').fill('19.99');
    await dialog.getByLabel('MAP').fill('24.99');
    await dialog.getByRole('switch', { name: 'Can drop-ship' }).click({ force: true });
    await shot(page, 'vendor-line-edit');
    await dialog.getByRole('button', { name: 'Save line' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('$19.99');
    await expect(row).toContainText('77');
    await expect(row).toContainText('$24.99');
    await shot(page, 'vendor-line-edited');

    // Saved as typed, the match kept as it was, and audited.
    const saved = (await (await page.request.get(`/api/vendor-product/${line.id}`, { headers })).json()).data as Line & { can_drop_ship: boolean; map_cents: number; variant_sku: string };
    expect(saved).toMatchObject({ cost_cents: 1999, quantity_available: 77, map_cents: 2499, variant_sku: line.variant_sku });
    const admin = apiHeaders(await apiToken(page, 'admin@example.com'));
    const audit = (await (await page.request.get(`/api/audit-log?filter[entity]=vendor_product&filter[entity_id]=${line.id}`, { headers: admin })).json()).data as { action: string }[];
    expect(audit[0]?.action).toBe('update');
  });
});

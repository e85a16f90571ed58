import { expect, test, type Page } from '@playwright/test';
import { apiGet, look, pick, signedIn } from './helpers';

const PURCHASING = 'purchasing@example.com';

async function onHand(page: Page, token: string, variantId: number, locationId: number) {
  const res = await apiGet<{ data: { on_hand: number }[] }>(page, token, `inventory-item?filter[variant_id]=${variantId}&filter[location_id]=${locationId}`);
  return res.data[0]?.on_hand ?? 0;
}

/** On hand of a variant at a location as the Inventory Item report shows it (0 when it has no row there). */
async function onHandOnReport(page: Page, sku: string, locationId: number): Promise<number> {
  await page.goto(`/report/inventory-item?filter[location_id]=${locationId}&filter[sku]=${encodeURIComponent(sku)}`);
  const table = page.getByRole('table', { name: 'Inventory Item Report' });
  await expect(table).toBeVisible();
  await expect(page.locator('.mantine-Skeleton-root, [aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
  const headers = (await table.locator('thead th').allInnerTexts()).map((h) => h.trim());
  const column = headers.indexOf('On hand');
  expect(column, `On hand column in ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0);
  const row = table.locator('tbody tr').filter({ has: page.getByRole('cell', { name: sku, exact: true }) });
  if ((await row.count()) === 0) return 0;
  return Number((await row.locator('td').nth(column).innerText()).replace(/[^\d-]/g, ''));
}

test('a purchase order from draft to received moves stock into the warehouse', async ({ page }) => {
  test.setTimeout(120_000);
  const token = await signedIn(page, PURCHASING);
  const variants = (await apiGet<{ data: { id: number; sku: string }[] }>(page, token, 'variant?per_page=2&sort=id')).data;
  expect(variants.length).toBe(2);
  const options = await apiGet<{ data: { vendors: { id: number; name: string }[]; locations: { id: number; code: string }[] } }>(page, token, 'purchase-order/options');
  const reno = options.data.locations.find((l) => l.code === 'RNO')!;
  const before = await Promise.all(variants.map((v) => onHand(page, token, v.id, reno.id)));

  await page.goto('/purchase-order');
  await expect(page.getByRole('heading', { name: 'Purchase Orders' })).toBeVisible();
  await expect(page.getByRole('row').nth(2)).toBeVisible();
  await look(page, 'purchase-orders');

  // New draft: vendor, entity, receiving location.
  await page.getByRole('button', { name: 'New purchase order' }).click();
  const dialog = page.getByRole('dialog', { name: 'New purchase order' });
  await pick(page, 'Vendor', /Sports South/, dialog);
  await pick(page, 'Purchasing entity', 'LOS', dialog);
  await pick(page, 'Receive at', /RNO/, dialog);
  await look(page, 'purchase-order-new');
  await dialog.getByRole('button', { name: 'Create draft' }).click();
  await expect(page).toHaveURL(/\/purchase-order\/\d+$/);
  const orderUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { name: /^PO-\d{4}-\d{5}$/ })).toBeVisible();

  // Two lines, by SKU.
  for (const v of variants) {
    await page.getByRole('combobox', { name: 'Add a line' }).fill(v.sku);
    await page.getByRole('option', { name: new RegExp(v.sku.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first().click();
    await expect(page.getByRole('textbox', { name: `Quantity of ${v.sku}` })).toBeVisible();
  }
  for (const v of variants) await page.getByRole('textbox', { name: `Quantity of ${v.sku}` }).fill('10');
  await page.getByRole('textbox', { name: `Unit cost of ${variants[1]!.sku}` }).fill('12.50');
  await look(page, 'purchase-order-draft-lines');
  await page.getByRole('button', { name: 'Save purchase order' }).click();
  await expect(page.getByText(/saved/).first()).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Lines (2)' })).toBeVisible();

  // Submit, then receive half of each line.
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByText('Submitted', { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Receive…' }).click();
  const receive = page.getByRole('dialog', { name: /^Receive PO-/ });
  for (const v of variants) await receive.getByRole('textbox', { name: `Receive now of ${v.sku}` }).fill('5');
  await look(page, 'purchase-order-receive');
  await receive.getByRole('button', { name: 'Receive', exact: true }).click();
  await expect(receive).toBeHidden();
  await expect(page.getByText('Partially Received', { exact: true }).first()).toBeVisible();
  for (const v of variants) {
    const row = page.locator(`tr[data-line="${v.sku}"]`);
    await expect(row.locator('[data-col="received"]')).toHaveText('5');
    await expect(row.locator('[data-col="open"]')).toHaveText('5');
  }
  await look(page, 'purchase-order-partially-received');
  expect(await Promise.all(variants.map((v) => onHand(page, token, v.id, reno.id)))).toEqual(before.map((n) => n + 5));
  // The stock moved on the Inventory Item report too.
  for (const [i, v] of variants.entries()) expect(await onHandOnReport(page, v.sku, reno.id)).toBe(before[i]! + 5);
  await look(page, 'purchase-order-inventory-after-half');
  await page.goto(orderUrl);
  await expect(page.getByText('Partially Received', { exact: true }).first()).toBeVisible();

  // Over-receiving is refused in words; then the rest.
  await page.getByRole('button', { name: 'Receive…' }).click();
  await receive.getByRole('textbox', { name: `Receive now of ${variants[0]!.sku}` }).fill('6');
  await receive.getByRole('button', { name: 'Receive', exact: true }).click();
  await expect(receive.getByText(/cannot receive more than is still open/)).toBeVisible();
  await receive.getByRole('textbox', { name: `Receive now of ${variants[0]!.sku}` }).fill('5');
  await receive.getByRole('button', { name: 'Receive', exact: true }).click();
  await expect(receive).toBeHidden();
  await expect(page.getByText('Received', { exact: true }).first()).toBeVisible();
  for (const v of variants) await expect(page.locator(`tr[data-line="${v.sku}"] [data-col="open"]`)).toHaveText('0');
  expect(await Promise.all(variants.map((v) => onHand(page, token, v.id, reno.id)))).toEqual(before.map((n) => n + 10));
  await expect(page.getByRole('button', { name: 'Close', exact: true })).toBeVisible();
  await look(page, 'purchase-order-received');
  for (const [i, v] of variants.entries()) expect(await onHandOnReport(page, v.sku, reno.id)).toBe(before[i]! + 10);
  await look(page, 'purchase-order-inventory-after-rest');
});

test("the dashboard shows purchasing's figures, each opening its list filtered to what it counts", async ({ page }) => {
  await signedIn(page, PURCHASING);
  await page.goto('/');
  const figure = page.getByText('Purchase orders open', { exact: true }).locator('..');
  const open = figure.getByRole('link');
  await expect(open).toHaveText(/^\d[\d,]*$/);
  const n = (await open.innerText()).trim();
  await expect(page.getByText('Stock to reorder', { exact: true })).toBeVisible();
  await look(page, 'dashboard-purchasing');
  await open.click();
  await expect(page).toHaveURL(/\/purchase-order\?.*filter%5Bstatus%5D=submitted.*filter%5Bstatus%5D=confirmed.*filter%5Bstatus%5D=partially_received/);
  await expect(page.getByText(new RegExp(`of ${n}$`))).toBeVisible();
});

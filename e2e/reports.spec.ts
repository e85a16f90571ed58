import { expect, test, type Page } from '@playwright/test';
import { apiHeaders, shot, signedIn } from './helpers';

const ANALYST = 'analyst@example.com';

/** The report has drawn its rows: nothing loading. */
async function loaded(page: Page) {
  await expect(page.locator('h1')).toBeVisible();
  await expect(page.locator('.mantine-Skeleton-root, [aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
}

test.describe('reports', () => {
  test('PO Summary from a URL: its filters, the totals of every row and the chart', async ({ page }) => {
    const token = await signedIn(page, ANALYST);
    // A view shared as a link: grouped by month, from a date, sorted by month.
    await page.goto('/report/po-summary?group=month&filter[from]=2020-01-01&sort=month');
    await loaded(page);
    await expect(page.getByRole('heading', { name: 'PO Summary Report' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Dates from' })).toHaveValue('01/01/2020');
    await expect(page.getByRole('combobox', { name: 'Group by' })).toHaveValue('Month');
    const table = page.getByRole('table', { name: 'PO Summary Report' });
    await expect(table.getByRole('columnheader', { name: /Month/ })).toHaveAttribute('aria-sort', 'ascending');
    // Totals of every matching row, and the chart by month with its accessible name (the demo data
    // has purchase orders; the same figures as the API's).
    const api = await page.request.get('/api/report/po-summary?group=month&filter[from]=2020-01-01', { headers: apiHeaders(token) });
    const answer = await api.json();
    const totals = table.locator('tfoot');
    await expect(totals).toContainText(`Total (${answer.meta.total} ${answer.meta.total === 1 ? 'row' : 'rows'})`);
    const cost = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(answer.totals.cost / 100);
    await expect(totals).toContainText(cost);
    await expect(table.locator('tbody tr')).toHaveCount(Math.min(answer.meta.total, 25));
    await expect(page.getByRole('img', { name: /Cost and open amount by month: \d+ months?/ })).toBeVisible();
    await expect(page.locator('.recharts-surface').first()).toBeVisible();
    await shot(page, 'report-po-summary');
  });

  test('grouping and sorting are history entries; an XLSX export of the view ends in Download Logs', async ({ page }) => {
    await signedIn(page, ANALYST);
    await page.goto('/report/po-summary?group=month&filter[from]=2020-01-01&sort=month');
    await loaded(page);
    const table = page.getByRole('table', { name: 'PO Summary Report' });
    // Changing the grouping is a new history entry: Back returns to the shared view.
    await page.getByRole('combobox', { name: 'Group by' }).click();
    await page.getByRole('option', { name: 'Vendor' }).click();
    await expect(page).not.toHaveURL(/group=/); // the default grouping leaves the URL
    await loaded(page);
    await expect(table.getByRole('columnheader', { name: /Vendor/ })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/group=month/);

    // Export XLSX: small, so the file comes at once.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export XLSX' }).click();
    expect((await download).suggestedFilename()).toMatch(/^po-summary-report-\d{4}-\d{2}-\d{2}\.xlsx$/);

    // Download Logs: the export, its filters, and the file to download again.
    await page.goto('/report/download-log?filter[title]=PO Summary');
    await loaded(page);
    const logTable = page.getByRole('table', { name: 'Download Logs' });
    const row = logTable.locator('tbody tr').first();
    await expect(row).toContainText('PO Summary Report');
    await expect(row).toContainText('xlsx');
    await expect(row).toContainText('from 2020-01-01');
    await expect(row.getByRole('button', { name: /Download again/ })).toBeVisible();
    const again = page.waitForEvent('download');
    await row.getByRole('button', { name: /Download again/ }).click();
    expect((await again).suggestedFilename()).toMatch(/\.xlsx$/);
    await shot(page, 'report-download-log');
  });

  test('the jobs indicator lists the signed-in user’s jobs', async ({ page }) => {
    await signedIn(page, ANALYST);
    await page.goto('/report/inventory-transaction');
    await loaded(page);
    await shot(page, 'report-inventory-transaction');
    await page.getByTestId('jobs-indicator').click();
    await expect(page.getByText('Your jobs')).toBeVisible();
    await shot(page, 'jobs-indicator');
  });
  test('a wide report on a laptop: its first column stays in view sideways, and the columns shown are chosen and remembered', async ({ page }) => {
    const token = await signedIn(page, ANALYST);
    // a choice saved before (the order and the SKU only) is slow to come: the user chooses before it has
    const saved = await page.request.put('/api/me/preferences/columns.report.order-item.rows', { headers: apiHeaders(token), data: { value: ['number', 'sku'] } });
    expect(saved.ok()).toBe(true);
    let release = () => {};
    const held = new Promise<void>((r) => { release = r; });
    await page.route('**/api/me/preferences/columns.report.order-item.rows', async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      const response = await route.fetch(); // read as it was, delivered later
      await held;
      await route.fulfill({ response });
    });
    await page.goto('/report/order-item');
    await loaded(page);
    const table = page.getByRole('table', { name: 'Order Item Report' });
    const wrap = page.locator('.qm-table-wrap').filter({ has: table });
    const firstCell = table.locator('tbody tr').first().locator('td').first();
    const left = async () => (await firstCell.boundingBox())!.x;
    const before = await left();
    // wider than the 1366-px screen: scrolled sideways, the order number stays where it was
    expect(await wrap.evaluate((w) => w.scrollWidth > w.clientWidth)).toBe(true);
    await wrap.evaluate((w) => { w.scrollLeft = 500; });
    await expect.poll(() => wrap.evaluate((w) => w.scrollLeft)).toBeGreaterThan(0);
    expect(Math.abs((await left()) - before)).toBeLessThan(1);
    await expect(firstCell).toBeInViewport();
    // hide the store and the discount: gone from the table …
    await page.getByRole('button', { name: 'Choose columns' }).click();
    const shown = page.getByRole('group', { name: 'Columns shown' });
    const box = (name: string) => shown.getByRole('checkbox', { name });
    await box('Store').click();
    await expect(box('Store')).not.toBeChecked();
    // … and the saved choice arriving late does not replace the one just made
    const late = page.waitForResponse((r) => r.url().includes('columns.report.order-item.rows') && r.request().method() === 'GET');
    release();
    await late;
    await box('Discount').click();
    await expect(box('Discount')).not.toBeChecked();
    await expect(box('Store')).not.toBeChecked();
    await page.keyboard.press('Escape');
    await expect(table.getByRole('columnheader', { name: /^Store/ })).toHaveCount(0);
    await expect(table.getByRole('columnheader', { name: /^Discount/ })).toHaveCount(0);
    await shot(page, 'report-order-item-columns');
    // still hidden on the next visit; shown again from the menu
    await page.reload();
    await loaded(page);
    await expect(table.getByRole('columnheader', { name: /^Product/ })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: /^Store/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Choose columns' }).click();
    await box('Store').click();
    await expect(table.getByRole('columnheader', { name: /^Store/ })).toBeVisible();
    await box('Discount').click();
    await expect(table.getByRole('columnheader', { name: /^Discount/ })).toBeVisible();
  });
});

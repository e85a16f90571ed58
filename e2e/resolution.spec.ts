import { expect, test } from '@playwright/test';
import { apiHeaders, expectLegend, shot, signedIn } from './helpers';

const ORDERS = 'orders@example.com';
const ANALYST = 'analyst@example.com';

test.describe('order resolution', () => {
  test('the resolution dashboard shows the orders that need a person, grouped by reason, with their ages and actions', async ({ page }) => {
    const token = await signedIn(page, ORDERS);
    const api = await (await page.request.get('/api/order-resolution', { headers: apiHeaders(token) })).json();
    await page.goto('/order-resolution');
    await expect(page.getByRole('heading', { name: 'Order Resolution Dashboard' })).toBeVisible();
    const groups = page.getByRole('list', { name: 'Open cases by reason' });
    for (const label of ['Cannot be routed', 'Compliance hold', 'Vendor backorder', 'Address problem', 'Payment problem', 'Vendor order late', 'Customer service open']) {
      await expect(groups.getByText(label, { exact: true })).toBeVisible();
    }
    const cases = page.getByRole('table', { name: 'Open cases' });
    await expect(cases.locator('tbody tr')).toHaveCount(Math.min(api.data.meta.total, 25));
    await expect(cases.getByText(/^open for \d+ (d \d+ h|h \d+ min|min)$/).first()).toBeVisible();
    await expect(page.getByText(`${api.data.open_orders} orders need a person`)).toBeVisible();
    await shot(page, 'order-resolution');

    // A reason's card filters the list (in the URL).
    await groups.getByRole('button', { name: /Vendor order late/ }).click();
    await expect(page).toHaveURL(/reason=vendor_late/);
    await expect(cases.getByText('Vendor order late', { exact: true }).first()).toBeVisible();
    // the filtered page is in (a row of the page before would be replaced under an open menu)
    await expect(cases.locator('tbody tr').filter({ hasNotText: 'Vendor order late' })).toHaveCount(0);
    await cases.getByRole('button', { name: /^Resolve order/ }).first().click();
    for (const item of ['Reroute', 'Cancel items…', 'Change address…', 'Set internal status…', 'Set customer-service status…', 'Add note…']) {
      await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
    }
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    await shot(page, 'order-resolution-late');
  });

  test('an order leaves the dashboard once its customer-service status is resolved', async ({ page }) => {
    const token = await signedIn(page, ORDERS);
    const open = await (await page.request.get('/api/order-resolution?reason=cs_open', { headers: apiHeaders(token) })).json();
    const row = open.data.cases.find((c: { other_reasons: string[] }) => c.other_reasons.length === 0) ?? open.data.cases[0];
    expect(row, 'the demo data has an order open in customer service').toBeTruthy();

    await page.goto('/order-resolution?reason=cs_open');
    const cases = page.getByRole('table', { name: 'Open cases' });
    const tr = cases.locator(`tr[data-order-id="${row.order_id}"]`);
    await expect(tr).toBeVisible();
    await tr.getByRole('button', { name: `Resolve order ${row.order_number}` }).click();
    await page.getByRole('menuitem', { name: 'Set customer-service status…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Customer-service status' }).click();
    await page.getByRole('option', { name: 'Resolved' }).click();
    await dialog.getByRole('textbox', { name: 'Note' }).fill('Customer confirmed by phone');
    await shot(page, 'order-resolution-cs-dialog');
    await dialog.getByRole('button', { name: 'Set status' }).click();
    await expect(dialog).toBeHidden();
    await expect(tr).toHaveCount(0);
    const after = await (await page.request.get(`/api/order-resolution?reason=cs_open&per_page=100`, { headers: apiHeaders(token) })).json();
    expect(after.data.cases.map((c: { order_id: number }) => c.order_id)).not.toContain(row.order_id);
  });

  test('the resolution summary draws opened and resolved per day with time to resolve, from a URL', async ({ page }) => {
    await signedIn(page, ORDERS);
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 120 * 86_400_000).toISOString().slice(0, 10);
    await page.goto(`/order-resolution-summary?from=${from}&to=${to}`);
    await expect(page.getByRole('heading', { name: 'Order Resolution Summary' })).toBeVisible();
    await expect(page.getByRole('img', { name: /Cases opened and resolved per day: 121 days/ })).toBeVisible();
    await expect(page.locator('.recharts-surface').first()).toBeVisible();
    await expect(page.getByRole('table', { name: 'By reason' }).locator('tfoot')).toContainText('Total');
    await expect(page.getByRole('table', { name: 'By store and reason' }).locator('tbody tr').first()).toBeVisible();
    await shot(page, 'order-resolution-summary');
    // without a range the server's (the last 90 days) is the one shown in the fields and the sentence
    await page.goto('/order-resolution-summary');
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const mdY = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
    const long = (iso: string) => new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    const [first, last] = [day(Date.now() - 89 * 86_400_000), day(Date.now())];
    await expect(page.getByLabel('Days from')).toHaveValue(mdY(first));
    await expect(page.getByLabel('Days to')).toHaveValue(mdY(last));
    await expect(page.getByText(`${long(first)} to ${long(last)}:`)).toBeVisible();
  });

  test('the monthly summary shows its chart and totals', async ({ page }) => {
    const token = await signedIn(page, ANALYST);
    await page.goto('/report/monthly-summary?filter[from]=2020-01-01');
    await expect(page.getByRole('heading', { name: 'Monthly Summary Report' })).toBeVisible();
    await expect(page.locator('.mantine-Skeleton-root, [aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
    const answer = await (await page.request.get('/api/report/monthly-summary?filter[from]=2020-01-01', { headers: apiHeaders(token) })).json();
    const table = page.getByRole('table', { name: 'Monthly Summary Report' });
    const revenue = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(answer.totals.revenue / 100);
    await expect(table.locator('tfoot')).toContainText(revenue);
    const chart = page.getByRole('img', { name: /Revenue, cost and margin by month: \d+ months?/ });
    await expect(chart).toBeVisible();
    await expectLegend(chart, ['Revenue', 'Cost', 'Margin']);
    await expect(page.locator('.recharts-surface').first()).toBeVisible();
    await shot(page, 'report-monthly-summary');
  });

  test('the dashboard shows the day: orders waiting, by reason, late vendor orders and revenue against the last period', async ({ page }) => {
    await signedIn(page, ORDERS);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Orders today' })).toBeVisible();
    await expect(page.getByText('Need a person', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: /Vendor order late: \d+/ })).toHaveAttribute('href', '/order-resolution?reason=vendor_late');
    await expect(page.getByText(/vs last month|last month: none|same as last month/).first()).toBeVisible();
    const chart = page.getByRole('img', { name: /Revenue and margin per day over the last 30 days/ });
    await expect(chart).toBeVisible();
    await expectLegend(chart, ['Revenue', 'Margin']);
    await shot(page, 'dashboard-orders');
  });
});

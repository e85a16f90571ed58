import { expect, test, type Page } from '@playwright/test';
import { apiGet, apiHeaders, look, signedIn } from './helpers';

const ORDERS = 'orders@example.com';

interface RouteRow {
  id: number;
  order_id: number;
  option_count: number;
}
interface RouteDetail {
  id: number;
  choose_blocked: string | null;
  options: { id: number; rank: number; is_feasible: boolean; total_cents: number }[];
}

/** A demo order whose route has at least two feasible options and can be chosen now. */
async function routableOrder(page: Page, token: string): Promise<RouteDetail> {
  const routes = await apiGet<{ data: RouteRow[] }>(page, token, 'order-route?filter[status]=computed&filter[is_stale]=false&per_page=100&sort=-id');
  for (const r of routes.data) {
    const d = (await apiGet<{ data: RouteDetail }>(page, token, `order-route/${r.id}`)).data;
    if (d.choose_blocked === null && d.options.filter((o) => o.is_feasible).length >= 2) return d;
  }
  // Else a waiting demo order routed now.
  const waiting = await apiGet<{ data: { id: number }[] }>(page, token, 'order?filter[status]=processing&per_page=50&sort=-id');
  for (const o of waiting.data) {
    const res = await page.request.post(`/api/order/${o.id}/route`, { headers: apiHeaders(token), data: {} });
    if (res.status() !== 201) continue;
    const routeId = ((await res.json()) as { data: { route_id: number } }).data.route_id;
    const d = (await apiGet<{ data: RouteDetail }>(page, token, `order-route/${routeId}`)).data;
    if (d.choose_blocked === null && d.options.filter((x) => x.is_feasible).length >= 2) return d;
  }
  throw new Error('No demo route with two feasible options');
}

test('a demo order is routed; a person compares two options, chooses the second and sees its vendor orders', async ({ page }) => {
  test.setTimeout(150_000);
  const token = await signedIn(page, ORDERS);
  const before = await routableOrder(page, token);

  await page.goto('/order-route');
  await expect(page.getByRole('heading', { name: 'Order Routes' })).toBeVisible();
  await expect(page.getByRole('row').nth(2)).toBeVisible();
  await look(page, 'routing-routes');

  // Routed again now (a job): the new route opens when it has run.
  await page.goto(`/order-route/${before.id}`);
  await expect(page.getByRole('heading', { name: new RegExp(`Route #${before.id}`) })).toBeVisible();
  await page.getByRole('button', { name: 'Recompute' }).click();
  await expect(page).not.toHaveURL(new RegExp(`/order-route/${before.id}$`), { timeout: 60_000 });
  const routeId = Number(/order-route\/(\d+)/.exec(page.url())![1]);
  await expect(page.getByRole('heading', { name: new RegExp(`Route #${routeId}`) })).toBeVisible();
  const option1 = page.locator('[data-option="1"]');
  const option2 = page.locator('[data-option="2"]');
  await expect(option1).toBeVisible();
  await expect(option2).toBeVisible();
  await expect(option2.getByText(/more than option 1/)).toBeVisible();
  await look(page, 'routing-route-options');

  // Compare the two.
  await option1.getByRole('checkbox', { name: 'Compare option 1' }).check();
  await option2.getByRole('checkbox', { name: 'Compare option 2' }).check();
  const comparison = page.locator('[data-comparison]');
  await expect(comparison.getByRole('heading', { name: 'Option 1 and option 2 compared' })).toBeVisible();
  await expect(comparison.getByRole('cell', { name: 'Total', exact: true })).toBeVisible();
  await comparison.scrollIntoViewIfNeeded();
  await look(page, 'routing-compare');

  // Choose the second.
  const route = (await apiGet<{ data: RouteDetail }>(page, token, `order-route/${routeId}`)).data;
  const second = route.options.find((o) => o.rank === 2)!;
  await option2.getByRole('button', { name: 'Choose option 2' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Choose option 2?');
  await look(page, 'routing-choose-dialog');
  await dialog.getByRole('button', { name: 'Choose option 2' }).click();
  const created = page.locator('[data-vendor-orders]');
  await expect(created.getByRole('heading', { name: 'Vendor orders of the chosen option' })).toBeVisible();
  await expect(option2.getByText('Chosen', { exact: true })).toBeVisible();
  const links = created.getByRole('link', { name: /^VO-\d{6}$/ });
  await expect(links.first()).toBeVisible();
  const after = (await apiGet<{ data: RouteDetail & { chosen_option_id: number; vendor_orders: { id: number; number: string; total_cents: number }[] } }>(page, token, `order-route/${routeId}`)).data;
  expect(after.chosen_option_id).toBe(second.id);
  expect(await links.count()).toBe(after.vendor_orders.length);
  expect(after.vendor_orders.reduce((s, v) => s + v.total_cents, 0)).toBe(second.total_cents);
  await look(page, 'routing-chosen');

  // One of its vendor orders, sent.
  await links.first().click();
  await expect(page.getByRole('heading', { name: after.vendor_orders[0]!.number })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
  await look(page, 'routing-vendor-order');
  await page.getByRole('button', { name: 'Send' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('button', { name: 'Confirm' })).toBeVisible();

  await page.goto(`/vendor-order?filter[order_id]=${after.vendor_orders.length ? (await apiGet<{ data: { order_id: number } }>(page, token, `vendor-order/${after.vendor_orders[0]!.id}`)).data.order_id : 0}`);
  await expect(page.getByRole('heading', { name: 'Vendor Orders' })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(after.vendor_orders.length + 1);
  await look(page, 'routing-vendor-orders');
});

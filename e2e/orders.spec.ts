import { expect, test } from '@playwright/test';
import { apiHeaders, look, signedIn, unique } from './helpers';

test('an order manager finds an order by email, adds a note and sets its customer-service status', async ({ page }) => {
  test.setTimeout(120_000);
  const token = await signedIn(page, 'orders@example.com');
  const res = await page.request.get('/api/order?filter[status]=processing&filter[cs_status]=none&per_page=1', {
    headers: apiHeaders(token),
  });
  const order = ((await res.json()) as { data: { id: number; number: string; customer_email: string }[] }).data[0]!;
  expect(order).toBeDefined();

  await page.goto('/order');
  await expect(page).toHaveTitle('Orders');
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
  await expect(page.getByRole('row').nth(5)).toBeVisible();
  await look(page, 'orders-list');

  // Search by the email's beginning: the order is among the answers.
  await page.getByPlaceholder('Number, email, customer or SKU').fill(order.customer_email.split('@')[0]!);
  const row = page.getByRole('row', { name: new RegExp(order.number) });
  await expect(row).toBeVisible();
  await look(page, 'orders-search-email');
  await row.getByText(order.number).click();

  await expect(page).toHaveURL(new RegExp(`/order/${order.id}$`));
  await expect(page.getByRole('heading', { name: order.number })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Items of this order' })).toBeVisible();
  await look(page, 'order-items');

  await page.getByRole('tab', { name: /Customer/ }).click();
  await expect(page.getByText('Ship to')).toBeVisible();
  await look(page, 'order-customer');

  // An internal note, kept with who wrote it.
  await page.getByRole('tab', { name: /History & notes/ }).click();
  const note = unique('Called the customer about the delivery');
  await page.getByLabel('New note').fill(note);
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByTestId('order-notes').getByText(note)).toBeVisible();
  await expect(page.getByTestId('order-notes').getByText(/Jordan Reyes/).first()).toBeVisible();

  // Customer service: escalated opens a case; the history shows the change.
  await page.getByRole('combobox', { name: 'Customer service' }).click();
  await page.getByRole('option', { name: 'Escalated' }).click();
  await expect(page.getByRole('table', { name: 'Status history' }).getByText(/Customer service: No Action Needed → Escalated/)).toBeVisible();
  await look(page, 'order-history-notes');

  await page.getByRole('tab', { name: 'Items' }).click();
  await expect(page.getByText('Needs a person')).toBeVisible();
  await expect(page.getByText('Customer service: Escalated')).toBeVisible();

  // The status menu offers only what the state machine allows.
  await page.getByRole('button', { name: 'Change status' }).click();
  await expect(page.getByRole('menuitem', { name: 'Awaiting Fulfillment' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Delivered' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem')).toHaveCount(0);

  await page.getByRole('tab', { name: 'Activity' }).click();
  await expect(page.getByRole('table', { name: 'Activity of this order' })).toBeVisible();
  await look(page, 'order-activity');
});

test('a store API key is created, shown once, and revoked', async ({ page }) => {
  test.setTimeout(90_000);
  await signedIn(page, 'admin@example.com');
  await page.goto('/store');
  await page.getByRole('table', { name: 'Stores' }).getByRole('row', { name: /Ammo Depot/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Ammo Depot' });
  await expect(dialog.getByText('API keys')).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Routing strategy' })).toHaveValue('Cheapest total');

  const name = unique('Checkout');
  await dialog.getByLabel('Key name').fill(name);
  await dialog.getByRole('button', { name: 'Create key' }).click();
  const key = dialog.getByTestId('new-api-key');
  await expect(key).toHaveText(/^qmk_/);
  await expect(dialog.getByRole('button', { name: 'Copy' })).toBeVisible();
  const keyText = (await key.textContent())!;
  const keysTable = dialog.getByRole('table', { name: 'API keys of Ammo Depot' });
  const keyRow = keysTable.getByRole('row', { name: new RegExp(name) });
  await expect(keyRow).toContainText(keyText.slice(0, 12));
  await look(page, 'store-api-key-created');

  // The key sends orders until it is revoked.
  const send = () => page.request.post('/api/order', { headers: { authorization: `Bearer ${keyText}` }, data: {} });
  expect((await send()).status()).toBe(400);
  await keyRow.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog', { name: /Revoke the key/ }).getByRole('button', { name: 'Revoke' }).click();
  await expect(keyRow.getByText('Revoked')).toBeVisible();
  await expect(dialog.getByTestId('new-api-key')).toHaveCount(0);
  expect((await send()).status()).toBe(401);
  await look(page, 'store-api-key-revoked');
});

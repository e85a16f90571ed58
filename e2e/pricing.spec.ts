import { expect, test } from '@playwright/test';
import { apiGet, expectLegend, look, pick, signedIn, unique } from './helpers';

const PRICING = 'pricing@example.com';

test.describe('pricing', () => {
  test('an offer recorded by hand, its competitor blacklisted and its offers then ignored; a SKU excluded from repricing', async ({ page }) => {
    test.setTimeout(120_000);
    const token = await signedIn(page, PRICING);

    // The searches watched, with the offers seen on each.
    await page.goto('/target-url');
    await expect(page).toHaveTitle('Target URLs');
    const searches = page.getByRole('table', { name: 'Target URLs' });
    await expect(searches.getByText('9mm Luger — bulk', { exact: true })).toBeVisible();
    await expect(searches.getByText('Paused', { exact: true })).toBeVisible();
    await look(page, 'pricing-target-urls');

    // Offers, cheapest per round first; a blacklisted competitor's are marked Ignored.
    await page.goto('/competitor-offer?filter[category]=handgun');
    await expect(page).toHaveTitle('Competitor Offers');
    const offers = page.getByRole('table', { name: 'Competitor offers' });
    await expect(offers.getByRole('row')).not.toHaveCount(1);
    const listed = await apiGet<{ data: { cpr_cents: number }[] }>(page, token, 'competitor-offer?filter[category]=handgun&sort=cpr_cents&per_page=5');
    await expect(offers.getByRole('row').nth(1)).toContainText(`${listed.data[0]!.cpr_cents.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 2 })}¢`);
    await look(page, 'pricing-competitor-offers');

    // An offer seen elsewhere, recorded by hand: its cost per round is worked out.
    const competitor = unique('Test Ammo Outlet');
    await page.getByRole('button', { name: 'New competitor offer' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Competitor', { exact: true }).fill(competitor);
    await form.getByLabel('Offer', { exact: true }).fill('Test 9mm 115gr FMJ, 1000 rounds');
    await form.getByLabel('Rounds (or shells) in the package').fill('1000');
    await form.getByLabel('Price', { exact: true }).fill('219.99');
    await pick(page, 'Shipping rating', /^CF — /, form);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden({ timeout: 20_000 });
    await page.goto(`/competitor-offer?q=${encodeURIComponent(competitor)}`);
    const mine = page.getByRole('table', { name: 'Competitor offers' }).getByRole('row').nth(1);
    await expect(mine).toContainText(competitor);
    await expect(mine).toContainText('22.0¢');
    await expect(mine).not.toContainText('Ignored');

    // Blacklisted: its offers stay listed, marked Ignored.
    await page.goto('/competitor-blacklist');
    await expect(page).toHaveTitle('Competitor Blacklist');
    await expect(page.getByRole('table', { name: 'Blacklisted competitors' }).getByText('Ammo Kingpin')).toBeVisible();
    await page.getByRole('button', { name: 'New blacklisted competitor' }).click();
    const entry = page.getByRole('dialog');
    await entry.getByLabel('Competitor', { exact: true }).fill(competitor.toUpperCase());
    await entry.getByLabel('Why').fill('Never ships what it lists (test).');
    await entry.getByRole('button', { name: 'Save' }).click();
    await expect(entry).toBeHidden({ timeout: 20_000 });
    await expect(page.getByRole('table', { name: 'Blacklisted competitors' }).getByText(competitor.toUpperCase())).toBeVisible();
    await look(page, 'pricing-competitor-blacklist');
    await page.goto(`/competitor-offer?q=${encodeURIComponent(competitor)}`);
    await expect(page.getByRole('table', { name: 'Competitor offers' }).getByRole('row').nth(1)).toContainText('Ignored');

    // A SKU excluded from repricing: an unknown SKU is refused on its field; ours, in any case, is taken.
    const [variant] = (await apiGet<{ data: { sku: string }[] }>(page, token, 'variant?q=PMC&per_page=1')).data;
    await page.goto('/exclude-sku');
    await expect(page).toHaveTitle('Exclude Skus');
    await page.getByRole('button', { name: 'New excluded SKU' }).click();
    const ex = page.getByRole('dialog');
    await ex.getByLabel('SKU', { exact: true }).fill('NO-SUCH-SKU-42');
    await ex.getByRole('button', { name: 'Save' }).click();
    await expect(ex.getByText('No variant has the SKU NO-SUCH-SKU-42')).toBeVisible();
    await look(page, 'pricing-exclude-sku-unknown');
    await ex.getByLabel('SKU', { exact: true }).fill(variant!.sku.toLowerCase());
    await pick(page, 'Store', 'Ammo Depot', ex);
    await ex.getByLabel('Why').fill('Test: price set by hand.');
    await ex.getByRole('button', { name: 'Save' }).click();
    await expect(ex).toBeHidden({ timeout: 20_000 });
    const row = page.getByRole('table', { name: 'Excluded SKUs' }).getByRole('row', { name: new RegExp(variant!.sku) });
    await expect(row.filter({ hasText: 'Ammo Depot' })).toBeVisible();
    await look(page, 'pricing-exclude-skus');
  });

  test('a MAP holiday is planned: the demo’s one on now is listed, a last day before the first is refused on its field, the holiday saved as upcoming; the dashboard opens the prices of the brand whose MAP is lifted today', async ({ page }) => {
    const token = await signedIn(page, PRICING);
    await page.goto('/map-holiday');
    await expect(page).toHaveTitle('MAP Holidays');
    const table = page.getByRole('table', { name: 'MAP holidays' });
    await expect(table.getByRole('row').filter({ hasText: 'On now' })).toHaveCount(1);
    const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    // the same day as typed, MM/DD/YYYY
    const typed = (days: number) => day(days).replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$2/$3/$1');
    await page.getByRole('button', { name: 'New MAP holiday' }).click();
    const dlg = page.getByRole('dialog');
    await pick(page, 'Brand', /^Federal$/, dlg);
    await dlg.getByLabel('First day').fill(typed(200));
    await dlg.getByLabel('Last day').fill(typed(198));
    await dlg.getByLabel('Note').fill('Test: the manufacturer’s summer sale.');
    await dlg.getByRole('button', { name: 'Save' }).click();
    await expect(dlg.getByText('Ends before it starts')).toBeVisible();
    await look(page, 'pricing-map-holiday-refused');
    await dlg.getByLabel('Last day').fill(typed(203));
    await dlg.getByRole('button', { name: 'Save' }).click();
    await expect(dlg).toBeHidden({ timeout: 20_000 });
    const row = table.getByRole('row').filter({ hasText: 'Federal' }).filter({ hasText: 'summer sale' });
    await expect(row).toContainText('Upcoming');
    await expect(row).toContainText('Every store');
    const saved = await apiGet<{ data: { starts_on: string; ends_on: string; status: string }[] }>(page, token, 'map-holiday?filter[status]=upcoming&q=summer%20sale');
    expect(saved.data).toEqual([expect.objectContaining({ starts_on: day(200), ends_on: day(203), status: 'upcoming' })]);
    await look(page, 'pricing-map-holidays');
    // the dashboard names the brand whose MAP is lifted today and opens its prices
    const on = (await apiGet<{ data: { brand_name: string; brand_id: number }[] }>(page, token, 'map-holiday?filter[status]=on')).data[0]!;
    await page.goto('/pricing');
    await page.getByRole('link', { name: on.brand_name, exact: true }).click();
    await expect(page).toHaveTitle('Store Variant Pricing');
    await expect(page).toHaveURL(new RegExp(`brand_id%5D=${on.brand_id}|brand_id\\]=${on.brand_id}`));
    await expect(page.getByRole('table', { name: 'Store variant prices' }).getByRole('row')).not.toHaveCount(1);
  });

  test('a store’s repricing rule: the demo’s is listed, an undercut over 10¢ is refused on its field, the rule saved moves that store’s suggestions, then deleted after a confirmation', async ({ page }) => {
    const token = await signedIn(page, PRICING);
    await page.goto('/repricing-rule');
    await expect(page).toHaveTitle('Repricing Rules');
    const table = page.getByRole('table', { name: 'Repricing rules' });
    await expect(table.getByRole('row').filter({ hasText: '0.25¢ per round' })).toHaveCount(1);
    const ruled = (await apiGet<{ data: { store_id: number }[] }>(page, token, 'repricing-rule')).data.map((r) => r.store_id);
    const store = (await apiGet<{ data: { id: number; name: string }[] }>(page, token, 'store')).data.find((s) => !ruled.includes(s.id))!;

    await page.getByRole('button', { name: 'New repricing rule' }).click();
    const dlg = page.getByRole('dialog');
    await pick(page, 'Store', new RegExp(`^${store.name}$`), dlg);
    await dlg.getByLabel('Undercut').fill('12');
    await dlg.getByLabel('Note').fill('Test: a price-led store.');
    await dlg.getByRole('button', { name: 'Save' }).click();
    await expect(dlg.getByText(/At most 10|0 to 10/).first()).toBeVisible();
    await look(page, 'pricing-repricing-rule-refused');
    await dlg.getByLabel('Undercut').fill('0.5');
    await dlg.getByRole('button', { name: 'Save' }).click();
    await expect(dlg).toBeHidden({ timeout: 20_000 });
    const row = table.getByRole('row').filter({ hasText: store.name });
    await expect(row).toContainText('0.50¢ per round');
    await expect(row).toContainText('15 %');
    await look(page, 'pricing-repricing-rules');
    // the store's suggestions aim half a cent a round under the market
    type Price = { undercut_cpr_cents: number; suggestion: { basis: string; reason: string } };
    const prices = (await apiGet<{ data: Price[] }>(page, token, `pricing/store-variant?filter[store_id]=${store.id}&filter[flag]=above_market&per_page=50`)).data;
    expect(prices.every((p) => p.undercut_cpr_cents === 0.5)).toBe(true);
    for (const p of prices.filter((x) => x.suggestion.basis === 'market')) expect(p.suggestion.reason).toMatch(/^0\.50¢\/rd under /);

    await row.getByRole('button', { name: /^Actions for / }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog')).toContainText(store.name);
    await page.getByRole('dialog').getByRole('button', { name: /Delete/ }).click();
    await expect(table.getByRole('row').filter({ hasText: store.name })).toHaveCount(0);
  });

  test('an analyst reads the pricing lists but cannot change them', async ({ page }) => {
    await signedIn(page, 'analyst@example.com');
    await page.goto('/competitor-offer');
    await expect(page.getByRole('table', { name: 'Competitor offers' }).getByRole('row')).not.toHaveCount(1);
    await expect(page.getByRole('button', { name: 'New competitor offer' })).toHaveCount(0);
  });

  test('the dashboard flags prices, opens the list it counts; a suggestion is applied from the list, a price set by hand, a product priced across stores', async ({ page }) => {
    test.setTimeout(150_000);
    const token = await signedIn(page, PRICING);
    type Price = { id: number; sku: string; price_cents: number | null; product_id: number; caliber: string | null; suggestion: { price_cents: number | null } };

    await page.goto('/pricing');
    await expect(page).toHaveTitle('Pricing Dashboard');
    const summary = await apiGet<{ data: { flags: Record<string, number> } }>(page, token, 'pricing/summary');
    expect(summary.data.flags.below_cost).toBeGreaterThan(0);
    const chart = page.getByRole('img', { name: /Cheapest cost per round, ours against the market/ });
    await expect(chart).toBeVisible();
    await expectLegend(chart, ['Ours', 'Market']);
    await expect(page.getByRole('table', { name: 'Calibers against the market' }).getByRole('row')).not.toHaveCount(1);
    // the demo's MAP holiday on now, beside the flags it lifts
    await expect(page.getByText('MAP lifted today')).toBeVisible();
    await look(page, 'pricing-dashboard');
    // a figure opens the store variants it counts
    await page.getByText('Below cost', { exact: true }).locator('..').getByRole('link').click();
    await expect(page).toHaveURL(/\/pricing\/store-variant\?.*flag.*below_cost/);
    await expect(page).toHaveTitle('Store Variant Pricing');
    const list = page.getByRole('table', { name: 'Store variant prices' });
    await expect(list.getByRole('row')).toHaveCount(summary.data.flags.below_cost + 1);
    for (const row of await list.getByRole('row').all().then((r) => r.slice(1))) await expect(row).toContainText('Below cost');
    await look(page, 'pricing-store-variants-below-cost');

    // above the market: the first row's suggestion applied from the selection
    const above = (await apiGet<{ data: Price[] }>(page, token, 'pricing/store-variant?filter[flag]=above_market&filter[on_sale]=true&sort=sku&per_page=1')).data[0]!;
    await page.goto(`/pricing/store-variant?filter[flag]=above_market&filter[on_sale]=true&sort=sku`);
    const first = list.getByRole('row').nth(1);
    await expect(first).toContainText(above.sku);
    await first.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Apply suggested prices' }).click();
    await expect(page.getByText('1 price changed')).toBeVisible({ timeout: 20_000 });
    const after = (await apiGet<{ data: Price }>(page, token, `pricing/store-variant/${above.id}`)).data;
    expect(after.price_cents).toBe(above.suggestion.price_cents);

    // a price set by hand, with the suggestion one click away
    await page.goto(`/pricing/store-variant?q=${encodeURIComponent(above.sku)}`);
    await list.getByRole('row').nth(1).getByRole('button', { name: /^Actions for / }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const form = page.getByRole('dialog');
    await expect(form.getByText(/^Cost /)).toBeVisible();
    await form.getByLabel('Price', { exact: true }).fill('99.99');
    await look(page, 'pricing-store-variant-edit');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden({ timeout: 20_000 });
    expect((await apiGet<{ data: Price }>(page, token, `pricing/store-variant/${above.id}`)).data.price_cents).toBe(9_999);

    // the product across its stores, beside the offers of its caliber
    await page.goto('/pricing/product');
    await expect(page).toHaveTitle('Product Pricing');
    await page.getByRole('combobox', { name: 'Choose a product' }).fill(above.sku);
    await page.getByRole('option', { name: new RegExp(above.sku.slice(0, 6)) }).first().click();
    await expect(page).toHaveURL(/product=\d+/);
    await expect(page.getByRole('heading', { name: 'Prices on the stores' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Store variant prices' }).getByRole('row')).not.toHaveCount(1);
    if (after.caliber) await expect(page.getByRole('table', { name: `Competitor offers for ${after.caliber}` })).toBeVisible();
    await look(page, 'pricing-product');
  });

  test('every price a filter lists gets its suggestion: the page selected, then all of them, confirmed and followed as a job', async ({ page }) => {
    test.setTimeout(120_000);
    const token = await signedIn(page, PRICING);
    const query = 'filter[flag]=above_market&filter[on_sale]=true&filter[caliber]=9mm Luger';
    const before = (await apiGet<{ meta: { total: number } }>(page, token, `pricing/store-variant?${query}&per_page=1`)).meta.total;
    expect(before).toBeGreaterThan(5);
    await page.goto(`/pricing/store-variant?${query}&per_page=5`);
    const list = page.getByRole('table', { name: 'Store variant prices' });
    await expect(list.getByRole('row')).toHaveCount(6);
    await list.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
    const bar = page.getByRole('toolbar', { name: 'Selected store variant prices' });
    await bar.getByRole('button', { name: `Select all ${before} store variant prices` }).click();
    await expect(bar).toContainText(`All ${before} store variant prices selected`);
    await look(page, 'pricing-select-all-matching');
    await bar.getByRole('button', { name: `Apply suggested prices (all ${before})` }).click();
    const confirm = page.getByRole('dialog', { name: 'Apply suggested prices' });
    await expect(confirm).toContainText(`all ${before} store variant prices`);
    await confirm.getByRole('button', { name: `Apply to ${before}` }).click();
    await expect(page.getByText(/\d+ prices? changed/)).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText(new RegExp(`of ${before} left as they were`))).toBeVisible();
    const job = (await apiGet<{ data: { title: string; status: string; result: { store_variants: number; changed: number } }[] }>(page, token, 'job?sort=-id&per_page=1')).data[0]!;
    expect(job).toMatchObject({ status: 'succeeded', result: { store_variants: before } });
    expect(job.result.changed).toBeGreaterThan(0);
    expect(job.title).toBe('Apply suggested prices: caliber 9mm Luger; Above market; on sale');
  });

  test('an analyst reads prices and the dashboard but cannot change a price', async ({ page }) => {
    await signedIn(page, 'analyst@example.com');
    await page.goto('/pricing/store-variant');
    const list = page.getByRole('table', { name: 'Store variant prices' });
    await expect(list.getByRole('row')).not.toHaveCount(1);
    await expect(list.getByRole('checkbox')).toHaveCount(0);
    await expect(list.getByRole('button', { name: /^Actions for / })).toHaveCount(0);
    await page.goto('/pricing');
    await expect(page.getByText('Below cost', { exact: true })).toBeVisible();
  });
});


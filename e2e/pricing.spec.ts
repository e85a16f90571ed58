import { expect, test } from '@playwright/test';
import { apiGet, look, pick, signedIn, unique } from './helpers';

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

  test('an analyst reads the pricing lists but cannot change them', async ({ page }) => {
    await signedIn(page, 'analyst@example.com');
    await page.goto('/competitor-offer');
    await expect(page.getByRole('table', { name: 'Competitor offers' }).getByRole('row')).not.toHaveCount(1);
    await expect(page.getByRole('button', { name: 'New competitor offer' })).toHaveCount(0);
  });
});

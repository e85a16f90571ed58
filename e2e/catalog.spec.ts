import { expect, test, type Page } from '@playwright/test';
import { apiHeaders, pick, shot, signedIn, signIn, tokenOf, unique } from './helpers';

const CATALOG = 'catalog@example.com';

/** Calls the API as `email` (for setting up data and checking what the UI did). */
async function apiAs(page: Page, email: string) {
  const headers = apiHeaders(await tokenOf(page, email));
  return {
    get: async <T>(path: string): Promise<T> => {
      const res = await page.request.get(`/api/${path}`, { headers });
      expect(res.status(), `GET ${path}`).toBe(200);
      return (await res.json()) as T;
    },
    post: async <T>(path: string, data: unknown, status = 201): Promise<T> => {
      const res = await page.request.post(`/api/${path}`, { headers, data });
      expect(res.status(), `POST ${path}: ${await res.text()}`).toBe(status);
      return (await res.json()) as T;
    },
  };
}

/** A short upper-case code for SKUs. */
const code = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e3)}`.toUpperCase();

interface ProductDetail {
  id: number;
  variants: { id: number; sku: string; is_default: boolean; modifier_option_ids: number[] }[];
  modifiers: { id: number; name: string; display_type: string; options: { label: string; is_default: boolean; variant_ids: number[] }[] }[];
  store_products: { store_id: number; is_published: boolean }[];
  store_variants: { store_id: number; variant_id: number; sku: string; price_cents: number | null }[];
  attribute_data: { attribute_id: number; source_type: string | null; value: unknown }[];
}

test.describe('catalogue screens', () => {
  test('the simple list screens show their data', async ({ page }) => {
    await signIn(page, CATALOG);
    await page.goto('/attribute');
    await expect(page).toHaveTitle('Attributes');
    await expect(page.getByRole('table', { name: 'Attributes' }).getByText('Caliber / Gauge')).toBeVisible();
    await shot(page, 'catalog-attributes');
    await page.getByRole('button', { name: 'New attribute' }).click();
    await pick(page, 'Type', 'Select (options)', page.getByRole('dialog'));
    await expect(page.getByRole('dialog').getByRole('combobox', { name: 'Options' })).toBeVisible();
    await shot(page, 'catalog-attribute-form');
    await page.keyboard.press('Escape');

    await page.goto('/brand');
    await expect(page).toHaveTitle('Brands');
    await expect(page.getByRole('table', { name: 'Brands' }).getByText('Federal', { exact: true })).toBeVisible();
    await shot(page, 'catalog-brands');

    await page.goto('/store');
    await expect(page).toHaveTitle('Stores');
    const stores = page.getByRole('table', { name: 'Stores' });
    await expect(stores.getByText('Ammo Depot')).toBeVisible();
    await expect(stores.getByRole('row', { name: /Wholesale B2B/ }).getByText('Disabled')).toBeVisible();
    await shot(page, 'catalog-stores');

    await page.goto('/store-brand');
    await expect(page).toHaveTitle('Store Brand');
    await pick(page, 'Store', 'Bulk Rounds Direct');
    await expect(page).toHaveURL(/filter%5Bstore_id%5D=2|filter\[store_id\]=2/);
    await expect(page.getByRole('table', { name: 'Store brands' }).getByRole('row').nth(1)).toContainText('Bulk Rounds Direct');
    // Every row is of that store (the Store column comes first).
    await expect(page.getByRole('table', { name: 'Store brands' }).locator('tbody tr td:first-child').filter({ hasText: 'Ammo Depot' })).toHaveCount(0);
    await shot(page, 'catalog-store-brands');

    await page.goto('/store-category');
    await expect(page).toHaveTitle('Store Categories');
    await expect(page.getByRole('table', { name: 'Store categories' }).getByRole('row').nth(1)).toBeVisible();
    await shot(page, 'catalog-store-categories');
  });

  test('the product list searches and filters, with an image and a title on every row', async ({ page }) => {
    await signedIn(page, CATALOG);
    await page.goto('/product');
    await expect(page).toHaveTitle('Products');
    const table = page.getByRole('table', { name: 'Products' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    const rows = table.locator('tbody tr');
    const n = await rows.count();
    expect(n).toBeGreaterThan(5);
    for (let i = 0; i < n; i++) {
      await expect(rows.nth(i).locator('img')).toHaveAttribute('src', /.+/);
    }
    await page.getByLabel('Search').fill('9mm 115');
    await expect(page).toHaveURL(/q=9mm/);
    await expect(rows.first()).toContainText(/9mm/);
    await pick(page, 'Brand', 'Federal');
    await expect(rows.first()).toContainText('Federal');
    await shot(page, 'catalog-products');
    // The default image is a real picture.
    const img = await page.request.get('/images/default-product.svg');
    expect(img.status()).toBe(200);
    await rows.first().click();
    await expect(page).toHaveURL(/\/product\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('9mm');
    await shot(page, 'catalog-product-details');
    await page.getByRole('tab', { name: 'Attributes' }).click();
    await expect(page.getByRole('table', { name: 'Attribute values' }).getByText('Muzzle Velocity')).toBeVisible();
    await shot(page, 'catalog-product-attributes');
  });

  test('product editor: two variants and the default, a modifier, store variants, publishing', async ({ page }) => {
    await signedIn(page, CATALOG);
    const sku1 = `E2E${code()}-BX`;
    const sku2 = `E2E${code()}-CS`;
    const title = unique('E2E Test Load 9mm 124 gr FMJ');

    // A new product with two variants; the second is chosen as the default, which clears the first.
    await page.goto('/product');
    await page.getByRole('button', { name: 'New product' }).click();
    await expect(page).toHaveURL(/\/product\/new$/);
    await page.getByLabel('Title', { exact: true }).fill(title);
    await pick(page, 'Brand', 'Federal');
    await page.getByLabel('SKU of variant 1', { exact: true }).fill(sku1);
    await page.getByLabel('Rounds per package of variant 1', { exact: true }).fill('50');
    await page.getByLabel('Cost of variant 1', { exact: true }).fill('14.5');
    await page.getByRole('button', { name: 'Add variant' }).click();
    await page.getByLabel('SKU of variant 2', { exact: true }).fill(sku2);
    await page.getByLabel('Rounds per package of variant 2', { exact: true }).fill('1000');
    await page.getByLabel('UPC of variant 2', { exact: true }).fill('029465088888');
    await expect(page.getByRole('radio', { name: 'Variant 1 is the default' })).toBeChecked();
    await page.getByRole('radio', { name: 'Variant 2 is the default' }).check();
    await expect(page.getByRole('radio', { name: 'Variant 1 is the default' })).not.toBeChecked();
    await shot(page, 'catalog-product-new');
    await page.getByRole('button', { name: 'Create product' }).click();
    await expect(page).toHaveURL(/\/product\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);

    await page.getByRole('tab', { name: /Variants/ }).click();
    const variants = page.getByRole('table', { name: 'Variants' });
    await expect(variants.locator(`tr[data-sku="${sku2}"]`).getByText('Default')).toBeVisible();
    await expect(variants.getByText('Default', { exact: true })).toHaveCount(2); // header + one badge
    // Setting the first as the default clears the second on screen at once; the save bar saves it.
    await page.getByRole('radio', { name: `Make ${sku1} the default variant` }).click();
    await expect(page.getByRole('radio', { name: `Make ${sku1} the default variant` })).toBeChecked();
    await expect(variants.locator(`tr[data-sku="${sku1}"]`).getByText('Default, unsaved')).toBeVisible();
    await expect(variants.locator(`tr[data-sku="${sku2}"]`).getByText('Default', { exact: true })).toHaveCount(0);
    await expect(page.getByText(`Unsaved changes: the default variant (${sku1}).`)).toBeVisible();
    await page.getByRole('button', { name: 'Save product' }).click();
    await expect(page.getByText(`Saved: the default variant (${sku1})`)).toBeVisible();
    await expect(variants.locator(`tr[data-sku="${sku1}"]`).getByText('Default', { exact: true })).toBeVisible();
    await shot(page, 'catalog-product-variants');
    const api = await apiAs(page, CATALOG);
    let p = (await api.get<{ data: ProductDetail }>(`product/${id}`)).data;
    expect(p.variants.filter((v) => v.is_default).map((v) => v.sku)).toEqual([sku1]);

    // A modifier with two options, each applying to one variant; the second option is the default.
    await page.getByRole('tab', { name: /Modifiers/ }).click();
    await page.getByRole('button', { name: 'Add modifier' }).click();
    await page.getByLabel('Modifier name').fill('Quantity');
    await pick(page, 'Display type', 'Rectangles');
    await page.getByLabel('Option 1 label').fill('Box of 50');
    await pick(page, 'Variants of Box of 50', new RegExp(sku1));
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Add option' }).click();
    await page.getByLabel('Option 2 label').fill('Case of 1000');
    await pick(page, 'Variants of Case of 1000', new RegExp(sku2));
    await page.keyboard.press('Escape');
    await page.getByRole('radio', { name: 'Default: Case of 1000' }).check();
    await expect(page.getByRole('radio', { name: 'Default: Box of 50' })).not.toBeChecked();
    await page.getByRole('button', { name: 'Create modifier' }).click();
    await expect(page.getByText('Modifier Quantity saved')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Modifier Quantity' })).toBeVisible();
    await shot(page, 'catalog-product-modifiers');
    p = (await api.get<{ data: ProductDetail }>(`product/${id}`)).data;
    const byId = new Map(p.variants.map((v) => [v.id, v.sku]));
    expect(p.modifiers).toHaveLength(1);
    expect(p.modifiers[0]!.display_type).toBe('rectangles');
    expect(p.modifiers[0]!.options.map((o) => [o.label, o.is_default, o.variant_ids.map((v) => byId.get(v))])).toEqual([
      ['Box of 50', false, [sku1]],
      ['Case of 1000', true, [sku2]],
    ]);

    // Options are ordered on screen: the case goes first, saved with the modifier.
    const quantity = page.getByRole('region', { name: 'Modifier Quantity' });
    await quantity.getByRole('button', { name: 'Move Case of 1000 up' }).click();
    await expect(quantity.getByRole('button', { name: 'Move Case of 1000 up' })).toBeDisabled();
    await expect(quantity.getByText('Unsaved changes')).toBeVisible();
    await page.getByRole('button', { name: 'Save product' }).click();
    await expect(page.getByText('Saved: the modifier Quantity')).toBeVisible();
    await expect(quantity.getByText('Unsaved changes')).toBeHidden();
    await expect
      .poll(async () => (await api.get<{ data: ProductDetail }>(`product/${id}`)).data.modifiers[0]!.options.map((o) => o.label))
      .toEqual(['Case of 1000', 'Box of 50']);
    await page.reload();
    await expect(page.getByLabel('Option 1 label')).toHaveValue('Case of 1000');

    // Store variants: the case is left out, so only the box is sent and created.
    await page.getByRole('tab', { name: /Stores/ }).click();
    // Choosing a store clears the panel first, then shows the store after 50 ms.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __panels: string[] }).__panels = seen;
      new MutationObserver(() => {
        const el = document.querySelector('[data-store]');
        const now = el ? el.getAttribute('data-store')! : 'none';
        if (seen[seen.length - 1] !== now) seen.push(now);
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.getByRole('button', { name: /^Bulk Rounds Direct/ }).click();
    await expect(page.getByRole('region', { name: 'Bulk Rounds Direct store panel' })).toBeVisible();
    await page.getByRole('button', { name: /^Ammo Depot/ }).click();
    const panel = page.getByRole('region', { name: 'Ammo Depot store panel' });
    await expect(panel).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __panels: string[] }).__panels)).toEqual(['2', 'none', '1']);

    await panel.getByRole('checkbox', { name: `Include ${sku2}` }).uncheck();
    await panel.getByLabel(`New price of ${sku1}`).fill('24.99');
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/store-variant') && r.method() === 'POST');
    await panel.getByRole('button', { name: 'Create 1 store variant' }).click();
    const body = (await sent).postDataJSON() as { variants: { variant_id: number; include: boolean }[] };
    expect(body.variants.map((v) => byId.get(v.variant_id))).toEqual([sku1]);
    await expect(page.getByText('1 store variant created on Ammo Depot')).toBeVisible();
    const created = panel.getByRole('table', { name: 'Store variants on Ammo Depot', exact: true });
    await expect(created.locator(`tr[data-sku="${sku1}"]`)).toBeVisible();
    await expect(created.locator(`tr[data-sku="${sku2}"]`)).toHaveCount(0);
    await expect(panel.getByRole('table', { name: 'Create store variants on Ammo Depot' }).locator(`tr[data-sku="${sku2}"]`)).toBeVisible();
    await shot(page, 'catalog-product-stores');
    p = (await api.get<{ data: ProductDetail }>(`product/${id}`)).data;
    expect(p.store_variants.map((s) => [s.store_id, s.sku, s.price_cents])).toEqual([[1, sku1, 2499]]);

    // One save model: a store variant's price and an attribute value wait in the save bar together.
    await created.getByLabel(`Price of ${sku1}`, { exact: true }).fill('26.49');
    await expect(page.locator('.qm-savebar')).toContainText(`store variant ${sku1}`);
    await page.getByRole('tab', { name: 'Attributes' }).click();
    await page.getByRole('button', { name: /^(Set|Change) Muzzle Velocity$/ }).click();
    await page.getByLabel('Muzzle Velocity value').fill('1150');
    const bar = page.locator('.qm-savebar');
    await expect(bar).toContainText(`store variant ${sku1}`);
    await expect(bar).toContainText('the Muzzle Velocity value');
    await shot(page, 'catalog-product-save-bar');
    await bar.getByRole('button', { name: 'Save product' }).click();
    await expect(bar).toBeHidden();
    p = (await api.get<{ data: ProductDetail }>(`product/${id}`)).data;
    expect(p.store_variants.map((s) => s.price_cents)).toEqual([2649]);
    expect(p.attribute_data.some((d) => d.source_type === null && d.attribute_id === 8 && JSON.stringify(d.value).includes('1150'))).toBe(true);
    await page.getByRole('tab', { name: /Stores/ }).click();

    // Publishing where it is blocked shows an Error dialog with what blocks it.
    await page.getByRole('button', { name: 'Publish to a store' }).click();
    await page.getByRole('menuitem', { name: /Bulk Rounds Direct/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Error' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Create its store variants first');
    await expect(dialog).toContainText('no_store_product');
    await shot(page, 'catalog-publish-blocked');
    await dialog.getByRole('button').first().click();
    await expect(dialog).toBeHidden();
    p = (await api.get<{ data: ProductDetail }>(`product/${id}`)).data;
    expect(p.store_products.find((s) => s.store_id === 2)).toBeUndefined();

    // Where nothing blocks it, it is published.
    await panel.getByRole('button', { name: 'Publish on Ammo Depot' }).click();
    await expect(page.getByText('Published on Ammo Depot.')).toBeVisible();
    await expect(panel.getByTestId('publish-status')).toHaveText('Published');
    p = (await api.get<{ data: ProductDetail }>(`product/${id}`)).data;
    expect(p.store_products.find((s) => s.store_id === 1)?.is_published).toBe(true);

    // A published product cannot be deleted: its Delete is disabled and says where to unpublish it.
    const del = page.getByRole('button', { name: 'Delete product' });
    await expect(del).toHaveAttribute('aria-disabled', 'true');
    await expect(del).toHaveAccessibleDescription('Published on Ammo Depot. Unpublish it there before deleting it.');
    await del.hover();
    await expect(page.getByRole('tooltip')).toContainText('Published on Ammo Depot');
    await del.click({ force: true });
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await api.get(`product/${id}`);
  });

  test('deleting a product: a confirm that says what goes with it, then back to the list', async ({ page }) => {
    await signedIn(page, CATALOG);
    const api = await apiAs(page, CATALOG);
    const title = unique('E2E Doomed Load .45 ACP 230 gr FMJ');
    const p = (
      await api.post<{ data: ProductDetail }>('product', {
        type: 'physical',
        variation_type: 'rounds',
        brand_id: null,
        title,
        variants: [{ sku: `E2E${code()}-DEL`, units_per_package: 50 }],
      })
    ).data;
    await page.goto(`/product/${p.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await page.getByRole('button', { name: 'Delete product' }).click();
    const confirm = page.getByRole('dialog', { name: `Delete ${title}?` });
    await expect(confirm).toContainText('1 variant and 0 modifiers will be deleted');
    await shot(page, 'catalog-product-delete');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await api.get(`product/${p.id}`);
    await page.getByRole('button', { name: 'Delete product' }).click();
    await page.getByRole('dialog', { name: `Delete ${title}?` }).getByRole('button', { name: 'Delete product' }).click();
    await expect(page).toHaveURL(/\/product$/);
    await expect(page.getByText(`${title} deleted`)).toBeVisible();
    const res = await page.request.get(`/api/product/${p.id}`, { headers: { authorization: `Bearer ${await tokenOf(page, CATALOG)}` } });
    expect(res.status()).toBe(404);
  });

  test('categories: drag to reorder and re-parent, keyboard moves, order survives a reload, refusal restores', async ({ page }) => {
    await signedIn(page, CATALOG);
    const api = await apiAs(page, CATALOG);
    const rootName = unique('E2E Root');
    const root = (await api.post<{ data: { id: number } }>('category', { name: rootName, parent_id: null })).data.id;
    const ids: Record<string, number> = {};
    for (const n of ['Alpha', 'Bravo', 'Charlie']) ids[n] = (await api.post<{ data: { id: number } }>('category', { name: `${rootName} ${n}`, parent_id: root })).data.id;
    const row = (n: string) => page.locator(`li[data-tree-id="${ids[n]}"]`);
    const childrenOf = async (parentId: number) => {
      type Node = { id: number; name: string; children: Node[] };
      const tree = (await api.get<{ data: Node[] }>('category')).data;
      const find = (nodes: Node[]): Node | undefined => nodes.map((x) => (x.id === parentId ? x : find(x.children))).find(Boolean);
      return find(tree)!.children.map((c) => c.name.replace(`${rootName} `, ''));
    };
    const shownOrder = async () =>
      (await page.locator(`li[data-tree-id]`).evaluateAll((els, prefix) => els.map((e) => e.getAttribute('data-tree-name')!).filter((n) => n.startsWith(`${prefix} `)), rootName)).map((n) =>
        n.replace(`${rootName} `, ''),
      );

    await page.goto('/category');
    await expect(page).toHaveTitle('Categories');
    await row('Charlie').scrollIntoViewIfNeeded();
    await expect(row('Charlie')).toBeVisible();
    expect(await shownOrder()).toEqual(['Alpha', 'Bravo', 'Charlie']);

    // Charlie onto the upper edge of Alpha: before it.
    let saved = page.waitForResponse((r) => r.url().endsWith('/api/category/sort'));
    await row('Charlie').dragTo(row('Alpha'), { targetPosition: { x: 200, y: 3 } });
    let res = await saved;
    expect(res.status()).toBe(200);
    const flat = (res.request().postDataJSON() as { data: { id: number; parent_id: number | null; sort_order: number }[] }).data;
    expect(flat.find((x) => x.id === ids.Charlie)).toEqual({ id: ids.Charlie, parent_id: root, sort_order: 0 });
    expect(flat.length).toBeGreaterThan(30); // the whole tree, flattened
    expect(await shownOrder()).toEqual(['Charlie', 'Alpha', 'Bravo']);

    // Bravo onto the middle of Charlie: inside it.
    saved = page.waitForResponse((r) => r.url().endsWith('/api/category/sort'));
    await row('Bravo').dragTo(row('Charlie'));
    expect((await saved).status()).toBe(200);
    await expect(row('Bravo')).toHaveAttribute('aria-level', String(Number(await row('Charlie').getAttribute('aria-level')) + 1));
    await shot(page, 'catalog-categories');

    await page.reload();
    await row('Bravo').scrollIntoViewIfNeeded();
    expect(await shownOrder()).toEqual(['Charlie', 'Bravo', 'Alpha']);
    await expect(row('Bravo')).toHaveAttribute('aria-level', String(Number(await row('Charlie').getAttribute('aria-level')) + 1));
    expect(await childrenOf(root)).toEqual(['Charlie', 'Alpha']);
    expect(await childrenOf(ids.Charlie!)).toEqual(['Bravo']);

    // The keyboard buttons do the same: Bravo out of Charlie (after it), then Alpha up.
    saved = page.waitForResponse((r) => r.url().endsWith('/api/category/sort'));
    await row('Bravo').hover();
    await page.getByRole('button', { name: `Outdent ${rootName} Bravo` }).click();
    expect((await saved).status()).toBe(200);
    saved = page.waitForResponse((r) => r.url().endsWith('/api/category/sort'));
    await row('Alpha').hover();
    await page.getByRole('button', { name: `Move ${rootName} Alpha up` }).click();
    expect((await saved).status()).toBe(200);
    await page.reload();
    await row('Alpha').scrollIntoViewIfNeeded();
    expect(await shownOrder()).toEqual(['Charlie', 'Alpha', 'Bravo']);
    expect(await childrenOf(root)).toEqual(['Charlie', 'Alpha', 'Bravo']);

    // A refusal shows the server's message and puts the tree back.
    await page.route('**/api/category/sort', (route) =>
      route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ error: { code: 'rule_violated', message: 'Category 1 would end up inside its own subtree. Nothing was changed.' } }) }),
    );
    await row('Bravo').hover();
    await page.getByRole('button', { name: `Move ${rootName} Bravo up` }).click();
    await expect(page.getByRole('dialog', { name: 'Not moved' })).toContainText('Nothing was changed');
    await page.getByRole('dialog', { name: 'Not moved' }).getByRole('button').first().click();
    expect(await shownOrder()).toEqual(['Charlie', 'Alpha', 'Bravo']);
    await page.unroute('**/api/category/sort');
  });

  test('product family: removing a variant takes it out of every option at once; the picker; store products', async ({ page }) => {
    await signedIn(page, CATALOG);
    const api = await apiAs(page, CATALOG);
    const fam = (await api.post<{ data: { id: number } }>('product-family', { name: unique('E2E Family 9mm 115 gr FMJ'), brand_id: null, category_ids: [] })).data.id;
    const source = (await api.get<{ data: ProductDetail }>('product/1')).data;
    const [box, cs] = source.variants;
    for (const v of [box!, cs!]) await api.post(`product-family/${fam}/variant`, { variant_id: v.id });
    await api.post('modifier', {
      product_family_id: fam,
      name: 'Quantity',
      display_type: 'radio_buttons',
      options: [
        { label: 'Box', is_default: true, variant_ids: [box!.id] },
        { label: 'Any size', is_default: false, variant_ids: [box!.id, cs!.id] },
      ],
    });

    await page.goto('/product-family');
    await expect(page).toHaveTitle('Product Families');
    await shot(page, 'catalog-families');
    await page.goto(`/product-family/${fam}?tab=modifiers`);
    const anySize = page.getByRole('combobox', { name: 'Variants of Any size' });
    const card = page.getByRole('region', { name: 'Modifier Quantity' });
    await expect(card.getByText(box!.sku)).toHaveCount(2);
    await expect(card.getByText(cs!.sku)).toHaveCount(1);
    await expect(anySize).toBeVisible();
    await shot(page, 'catalog-family-modifiers');

    await page.getByRole('tab', { name: /Variants/ }).click();
    await expect(page.getByRole('table', { name: 'Family variants' }).locator(`tr[data-sku="${box!.sku}"]`)).toContainText('Quantity: Box');
    await shot(page, 'catalog-family-variants');
    await page.getByRole('button', { name: `Remove ${box!.sku} from the family` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByRole('table', { name: 'Family variants' }).locator(`tr[data-sku="${box!.sku}"]`)).toHaveCount(0);
    await page.getByRole('tab', { name: /Modifiers/ }).click();
    await expect(card.getByText(box!.sku)).toHaveCount(0);
    await expect(card.getByText(cs!.sku)).toHaveCount(1);
    const f = (await api.get<{ data: { modifiers: ProductDetail['modifiers'] } }>(`product-family/${fam}`)).data;
    expect(f.modifiers[0]!.options.map((o) => o.variant_ids)).toEqual([[], [cs!.id]]);

    // Adding a variant of any product through the picker (GET variant), found by its SKU.
    await page.getByRole('tab', { name: /Variants/ }).click();
    const searched = page.waitForRequest((r) => /\/api\/variant\?/.test(r.url()) && r.method() === 'GET');
    await page.getByLabel('Find a product to add variants from').fill(box!.sku);
    expect(new URL((await searched).url()).searchParams.get('q')).toBe(box!.sku);
    const found = page.getByRole('table', { name: 'Variants found' });
    await expect(found.locator(`tr[data-sku="${cs!.sku}"]`).getByText('In this family')).toBeVisible();
    await page.getByRole('button', { name: `Add ${box!.sku}` }).click();
    await expect(page.getByRole('table', { name: 'Family variants' }).locator(`tr[data-sku="${box!.sku}"]`)).toBeVisible();
    await expect(found.locator(`tr[data-sku="${box!.sku}"]`).getByText('In this family')).toBeVisible();

    // The order shoppers see: the box (added last) moves up, saved by the save bar, kept after a reload.
    const rows = page.getByRole('table', { name: 'Family variants' }).locator('tbody tr');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toHaveAttribute('data-sku', cs!.sku);
    await page.getByRole('button', { name: `Move ${box!.sku} up` }).click();
    await expect(rows.first()).toHaveAttribute('data-sku', box!.sku);
    await page.getByRole('button', { name: 'Save family' }).click();
    await expect
      .poll(async () => (await api.get<{ data: { variants: { id: number }[] } }>(`product-family/${fam}`)).data.variants.map((v) => v.id))
      .toEqual([box!.id, cs!.id]);
    await page.reload();
    await expect(rows.first()).toHaveAttribute('data-sku', box!.sku);

    // Putting the family on a store, then publishing and unpublishing it there.
    await page.getByRole('tab', { name: /Store products/ }).click();
    await expect(page.getByText('Not on any store')).toBeVisible();
    await pick(page, 'Store', 'Ammo Depot');
    await page.getByRole('button', { name: 'Add to store' }).click();
    await expect(page.getByText(/added to Ammo Depot$/)).toBeVisible();
    const onStore = page.getByRole('table', { name: 'Store products' }).locator('tr[data-store="Ammo Depot"]');
    await expect(onStore).toContainText('Not published');
    await expect(page.getByRole('tab', { name: 'Store products (1)' })).toBeVisible();
    await page.getByRole('button', { name: 'Publish on Ammo Depot' }).click();
    await expect(onStore).toContainText('Published');
    await expect(onStore).not.toContainText('Not published');
    await shot(page, 'catalog-family-stores');
    let stored = (await api.get<{ data: { store_products: { store_name: string; is_published: boolean }[] } }>(`product-family/${fam}`)).data;
    expect(stored.store_products.map((sp) => [sp.store_name, sp.is_published])).toEqual([['Ammo Depot', true]]);
    await page.getByRole('button', { name: 'Unpublish from Ammo Depot' }).click();
    await expect(onStore).toContainText('Not published');
    stored = (await api.get<{ data: { store_products: { store_name: string; is_published: boolean }[] } }>(`product-family/${fam}`)).data;
    expect(stored.store_products.map((sp) => [sp.store_name, sp.is_published])).toEqual([['Ammo Depot', false]]);
  });

  test('the catalogue user cannot open users', async ({ page }) => {
    await signedIn(page, CATALOG);
    await page.goto('/user');
    await expect(page).toHaveURL(/\/403/);
  });

  test('an analyst sees the catalogue read-only', async ({ page }) => {
    await signedIn(page, 'analyst@example.com');
    await page.goto('/product');
    await expect(page.getByRole('table', { name: 'Products' }).locator('tbody tr').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'New product' })).toHaveCount(0);
    await page.getByRole('table', { name: 'Products' }).locator('tbody tr').first().click();
    await expect(page).toHaveURL(/\/product\/\d+$/);
    await expect(page.getByRole('button', { name: 'Publish to a store' })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Brand' })).toBeDisabled();
    await page.getByRole('tab', { name: 'Attributes' }).click();
    await expect(page.getByRole('table', { name: 'Attribute values' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^(Set|Change) / })).toHaveCount(0);
    await page.getByRole('tab', { name: /Variants/ }).click();
    await expect(page.getByRole('button', { name: 'Add variant' })).toHaveCount(0);
    await shot(page, 'catalog-product-readonly');
    // The store panel works without feeds.read: no feeds list is requested, no Error dialog.
    await page.goto('/product/1?tab=stores');
    await page.getByRole('button', { name: /^Ammo Depot/ }).click();
    await expect(page.getByRole('region', { name: 'Ammo Depot store panel' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Error' })).toHaveCount(0);
    await page.goto('/category');
    await expect(page.getByRole('tree', { name: 'Categories' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Move .* up$/ })).toHaveCount(0);
    await expect(page.locator('li[draggable="true"]')).toHaveCount(0);
  });

  test('dark theme', async ({ page }) => {
    await signedIn(page, CATALOG);
    await page.goto('/product/1?tab=stores');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await page.getByRole('button', { name: /^Ammo Depot/ }).click();
    await expect(page.getByRole('region', { name: 'Ammo Depot store panel' })).toBeVisible();
    await shot(page, 'catalog-product-stores-dark');
    await page.goto('/category');
    await expect(page.getByRole('tree', { name: 'Categories' })).toBeVisible();
    await shot(page, 'catalog-categories-dark');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
  });
});

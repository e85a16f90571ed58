import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, useTestApp } from './harness.js';

/**
 * The product editor payload is kept per process and checked against the product's revision, which
 * the database moves on every write the payload shows. Each case writes one table behind the API's
 * back (plain SQL, as another process or a migration would) and expects the next GET to show it.
 */
describe.each(BACKENDS)('product editor payload cache (%s)', (kind) => {
  const app = useTestApp(kind);
  let token: string;
  let productId: number;
  let variantId: number;
  let storeProductId: number;
  let storeVariantId: number;
  let familyId: number;
  let optionId: number;

  beforeAll(async () => {
    token = await app.login('catalog@example.com');
    // A demo product sold on a store with store variants, in a family.
    const [row] = await app.sql<{ product_id: number; variant_id: number; store_product_id: number; store_variant_id: number; family_id: number }>(sql`
      select v.product_id, v.id as variant_id, sp.id as store_product_id, sv.id as store_variant_id, pfv.product_family_id as family_id
        from product_family_variants pfv
        join variants v on v.id = pfv.variant_id
        join store_products sp on sp.product_id = v.product_id
        join store_variants sv on sv.store_product_id = sp.id and sv.variant_id = v.id
       order by v.product_id, v.id, sp.id, sv.id limit 1`);
    expect(row, 'demo data has a product in a family and on a store').toBeTruthy();
    ({ product_id: productId, variant_id: variantId, store_product_id: storeProductId, store_variant_id: storeVariantId, family_id: familyId } = row!);
    const [option] = await app.sql<{ id: number }>(sql`
      select o.id from modifier_options o join modifiers m on m.id = o.modifier_id
        join modifier_option_variants mov on mov.modifier_option_id = o.id and mov.variant_id = ${variantId}
       where m.product_family_id = ${familyId} order by o.id limit 1`);
    expect(option, 'the variant is one of an option of its family').toBeTruthy();
    optionId = option!.id;
  });

  const detail = async () => {
    const res = await app.req('GET', `/api/product/${productId}`, { token });
    expect(res.status, res.text).toBe(200);
    return res.body.data as {
      title: string;
      notes: string | null;
      brand: { name: string } | null;
      categories: { id: number; name: string }[];
      attribute_data: { attribute_id: number; source_type: string | null; value: unknown }[];
      variants: { id: number; upc: string | null; modifier_option_ids: number[] }[];
      store_products: { id: number; store_name: string; attribute_data: { value: unknown }[] }[];
      store_variants: { id: number; price_cents: number | null; feeds: { id: number; name: string }[]; attribute_data: { value: unknown }[] }[];
      families: { id: number; name: string }[];
      modifiers: unknown[];
    };
  };
  /** The product's revision and the catalogue's names' revision. */
  const revision = async () =>
    (await app.sql<{ r: string }>(sql`select p.revision || ':' || r.revision as r from products p, catalog_revision r where p.id = ${productId}`))[0]!.r;

  /** Warms the cache, runs `write`, and returns the payload read after it, checking the revision moved. */
  async function afterWrite(write: () => Promise<unknown>) {
    await detail();
    await detail();
    const before = await revision();
    await write();
    expect(await revision()).not.toBe(before);
    return detail();
  }

  it('the product row itself (notes, cached title)', async () => {
    const d = await afterWrite(() => app.sql(sql`update products set notes = 'changed behind the API' where id = ${productId}`));
    expect(d.notes).toBe('changed behind the API');
  });

  it('variants', async () => {
    const d = await afterWrite(() => app.sql(sql`update variants set upc = '036000291452' where id = ${variantId}`));
    expect(d.variants.find((v) => v.id === variantId)!.upc).toBe('036000291452');
  });

  it('product-level attribute values', async () => {
    const d = await afterWrite(() =>
      app.sql(sql`update attribute_data set value = '"Behind the API"'::jsonb
                   where sourceable_type = 'product' and sourceable_id = ${productId} and attribute_id = 11 and source_type is null`),
    );
    expect(d.attribute_data.find((a) => a.attribute_id === 11 && a.source_type === null)!.value).toBe('Behind the API');
  });

  it('store-product and store-variant attribute values', async () => {
    let d = await afterWrite(() =>
      app.sql(sql`insert into attribute_data (attribute_id, sourceable_type, sourceable_id, value) values (11, 'store_product', ${storeProductId}, '"Store title"'::jsonb)`),
    );
    expect(d.store_products.find((s) => s.id === storeProductId)!.attribute_data.map((a) => a.value)).toContain('Store title');
    d = await afterWrite(() =>
      app.sql(sql`insert into attribute_data (attribute_id, sourceable_type, sourceable_id, value) values (11, 'store_variant', ${storeVariantId}, '"Variant title"'::jsonb)`),
    );
    expect(d.store_variants.find((s) => s.id === storeVariantId)!.attribute_data.map((a) => a.value)).toContain('Variant title');
    d = await afterWrite(() => app.sql(sql`delete from attribute_data where sourceable_type in ('store_product', 'store_variant') and value in ('"Store title"'::jsonb, '"Variant title"'::jsonb)`));
    expect(d.store_variants.find((s) => s.id === storeVariantId)!.attribute_data.map((a) => a.value)).not.toContain('Variant title');
  });

  it('store variants and their feeds', async () => {
    let d = await afterWrite(() => app.sql(sql`update store_variants set price_cents = 12345 where id = ${storeVariantId}`));
    expect(d.store_variants.find((s) => s.id === storeVariantId)!.price_cents).toBe(12345);
    const [feed] = await app.sql<{ id: number }>(sql`
      select f.id from feeds f join store_products sp on sp.store_id = f.store_id where sp.id = ${storeProductId}
         and not exists (select 1 from feed_store_variants x where x.feed_id = f.id and x.store_variant_id = ${storeVariantId}) limit 1`);
    if (feed) {
      d = await afterWrite(() => app.sql(sql`insert into feed_store_variants (feed_id, store_variant_id) values (${feed.id}, ${storeVariantId})`));
      expect(d.store_variants.find((s) => s.id === storeVariantId)!.feeds.map((f) => f.id)).toContain(feed.id);
      d = await afterWrite(() => app.sql(sql`delete from feed_store_variants where feed_id = ${feed.id} and store_variant_id = ${storeVariantId}`));
      expect(d.store_variants.find((s) => s.id === storeVariantId)!.feeds.map((f) => f.id)).not.toContain(feed.id);
    }
  });

  it('store products', async () => {
    const d = await afterWrite(() => app.sql(sql`update store_products set is_published = not is_published where id = ${storeProductId}`));
    const again = await afterWrite(() => app.sql(sql`update store_products set is_published = not is_published where id = ${storeProductId}`));
    expect(JSON.stringify(d.store_products)).not.toBe(JSON.stringify(again.store_products));
  });

  it('modifier options of a family that list the product’s variants', async () => {
    let d = await afterWrite(() => app.sql(sql`delete from modifier_option_variants where modifier_option_id = ${optionId} and variant_id = ${variantId}`));
    expect(d.variants.find((v) => v.id === variantId)!.modifier_option_ids).not.toContain(optionId);
    d = await afterWrite(() => app.sql(sql`insert into modifier_option_variants (modifier_option_id, variant_id) values (${optionId}, ${variantId})`));
    expect(d.variants.find((v) => v.id === variantId)!.modifier_option_ids).toContain(optionId);
  });

  it('the product’s own modifiers and options', async () => {
    let d = await afterWrite(() =>
      app.sql(sql`insert into modifiers (product_id, name, display_type, sort_order) values (${productId}, 'Behind the API', 'dropdown', 9)`),
    );
    expect(d.modifiers).toHaveLength(1);
    const [m] = await app.sql<{ id: number }>(sql`select id from modifiers where product_id = ${productId}`);
    d = await afterWrite(() => app.sql(sql`insert into modifier_options (modifier_id, label, is_default, sort_order) values (${m!.id}, 'Box', true, 0)`));
    expect(JSON.stringify(d.modifiers)).toContain('"Box"');
    d = await afterWrite(() => app.sql(sql`update modifier_options set label = 'Case' where modifier_id = ${m!.id}`));
    expect(JSON.stringify(d.modifiers)).toContain('"Case"');
    d = await afterWrite(() => app.sql(sql`delete from modifiers where id = ${m!.id}`));
    expect(d.modifiers).toHaveLength(0);
  });

  it('family membership and categories', async () => {
    let d = await afterWrite(() => app.sql(sql`delete from product_family_variants where variant_id in (select id from variants where product_id = ${productId})
                                                  and product_family_id = ${familyId}`));
    expect(d.families.map((f) => f.id)).not.toContain(familyId);
    d = await afterWrite(() => app.sql(sql`insert into product_family_variants (product_family_id, variant_id, sort_order) values (${familyId}, ${variantId}, 99)`));
    expect(d.families.map((f) => f.id)).toContain(familyId);
    const [cat] = await app.sql<{ id: number }>(sql`select id from categories where id not in (select category_id from product_categories where product_id = ${productId}) order by id limit 1`);
    d = await afterWrite(() => app.sql(sql`insert into product_categories (product_id, category_id) values (${productId}, ${cat!.id})`));
    expect(d.categories.map((c) => c.id)).toContain(cat!.id);
  });

  it('names shown from elsewhere: brand, category, store, feed, family', async () => {
      const d0 = await detail();
      let d = await afterWrite(() => app.sql(sql`update brands set name = name || ' X' where id = (select brand_id from products where id = ${productId})`));
      expect(d.brand!.name).toBe(`${d0.brand!.name} X`);
      const catId = d0.categories[0]!.id;
      d = await afterWrite(() => app.sql(sql`update categories set name = name || ' X' where id = ${catId}`));
      expect(d.categories.find((c) => c.id === catId)!.name).toMatch(/ X$/);
      d = await afterWrite(() => app.sql(sql`update stores set name = name || ' X' where id = (select store_id from store_products where id = ${storeProductId})`));
      expect(d.store_products.find((s) => s.id === storeProductId)!.store_name).toMatch(/ X$/);
      d = await afterWrite(() => app.sql(sql`update product_families set name = name || ' X' where id = ${familyId}`));
      expect(d.families.find((f) => f.id === familyId)!.name).toMatch(/ X$/);
      const feedId = d.store_variants.flatMap((s) => s.feeds)[0]?.id;
      if (feedId) {
        d = await afterWrite(() => app.sql(sql`update feeds set name = name || ' X' where id = ${feedId}`));
        expect(d.store_variants.flatMap((s) => s.feeds).find((f) => f.id === feedId)!.name).toMatch(/ X$/);
      }
  });

  it('a write through the API shows at once, and a deleted product is a 404', async () => {
    await detail();
    const [v] = await app.sql<Record<string, unknown>>(
      sql`select sku, upc, units_per_package, cost_cents, weight_oz, is_default, version from variants where id = ${variantId}`,
    );
    const res = await app.req('PUT', `/api/product/${productId}/variant/${variantId}`, { token, body: { ...v, upc: '012345678905' } });
    expect(res.status, res.text).toBe(200);
    expect((await detail()).variants.find((v) => v.id === variantId)!.upc).toBe('012345678905');
    const [victim] = await app.sql<{ id: number }>(sql`insert into products (type, variation_type) values ('physical', 'rounds') returning id`);
    expect((await app.req('GET', `/api/product/${victim!.id}`, { token })).status).toBe(200);
    await app.sql(sql`delete from products where id = ${victim!.id}`);
    expect((await app.req('GET', `/api/product/${victim!.id}`, { token })).status).toBe(404);
  });
});

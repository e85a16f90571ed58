import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, useTestApp } from './harness.js';

/**
 * Derived data is kept by triggers declared in the area's migration, whoever writes: every case here
 * writes behind the API's back (plain SQL, as a job, an import or another tool would) and checks the
 * derived value, and what the API answers from it.
 *
 * Catalogue (migration 0016): products' title, image, caliber (0046), search_vector, variant_count,
 * default_variant_id, default_sku, published_store_ids; (0006) the list row `list_json`; (0007) the
 * word heads `product_search_heads`.
 */
describe.each(BACKENDS)('derived data written behind the API (%s)', (kind) => {
  const app = useTestApp(kind);
  let token: string;
  let brandId: number;
  let storeA: number;
  let storeB: number;
  let seq = 0;
  const tag = () => `${kind.slice(0, 2).toUpperCase()}${Date.now().toString(36).toUpperCase()}${++seq}`;

  let caliberId: number;
  beforeAll(async () => {
    token = await app.login('catalog@example.com');
    [{ id: caliberId }] = (await app.sql<{ id: number }>(sql`select id from attributes where code = 'caliber'`)) as [{ id: number }];
    [{ id: brandId }] = (await app.sql<{ id: number }>(sql`insert into brands (name) values (${`Derivco ${kind}`}) returning id`)) as [{ id: number }];
    const stores = await app.sql<{ id: number }>(sql`
      insert into stores (name, code) values (${`Derived A ${kind}`}, ${`derived-a-${kind}`}), (${`Derived B ${kind}`}, ${`derived-b-${kind}`}) returning id`);
    [storeA, storeB] = stores.map((s) => s.id).sort((a, b) => a - b) as [number, number];
  });

  interface Cached {
    title: string | null;
    image: string | null;
    caliber: string | null;
    words: string;
    variant_count: number;
    default_variant_id: number | null;
    default_sku: string | null;
    published_store_ids: number[];
    list: Record<string, unknown>;
    heads: string[];
  }
  const cached = async (id: number): Promise<Cached> => {
    const [row] = await app.sql<Omit<Cached, 'list'> & { list_json: string }>(sql`
      select title, image, caliber, search_vector::text as words, variant_count, default_variant_id, default_sku, published_store_ids, list_json,
             array(select h.head from product_search_heads h where h.product_id = p.id order by 1) as heads
        from products p where id = ${id}`);
    const { list_json, ...rest } = row!;
    return { ...rest, list: JSON.parse(list_json) };
  };
  const newProduct = async () =>
    (await app.sql<{ id: number }>(sql`insert into products (type, variation_type, brand_id) values ('physical', 'rounds', ${brandId}) returning id`))[0]!.id;
  const setValue = (productId: number, attributeId: number, value: string) =>
    app.sql(sql`insert into attribute_data (attribute_id, sourceable_type, sourceable_id, value) values (${attributeId}, 'product', ${productId}, ${JSON.stringify(value)}::jsonb)`);
  const addVariant = async (productId: number, sku: string, isDefault: boolean, upc: string | null = null) =>
    (await app.sql<{ id: number }>(sql`
      insert into variants (product_id, sku, upc, units_per_package, is_default) values (${productId}, ${sku}, ${upc}, 20, ${isDefault}) returning id`))[0]!.id;

  it('a canonical title, image and caliber: set, changed and removed', async () => {
    const id = await newProduct();
    expect(await cached(id)).toMatchObject({ title: null, image: null, caliber: null, variant_count: 0, published_store_ids: [] });
    await setValue(id, 11, 'Derivco Zephyrine 9mm 124 gr FMJ');
    await setValue(id, 13, 'https://cdn.example.com/derived.jpg');
    await setValue(id, caliberId, '9mm Luger');
    let c = await cached(id);
    expect(c).toMatchObject({ title: 'Derivco Zephyrine 9mm 124 gr FMJ', image: 'https://cdn.example.com/derived.jpg', caliber: '9mm Luger' });
    expect(c.words).toContain("'zephyrine'");
    expect(c.heads).toContain('zep');
    expect(c.list).toMatchObject({ title: 'Derivco Zephyrine 9mm 124 gr FMJ', image: 'https://cdn.example.com/derived.jpg', brand_name: `Derivco ${kind}` });
    // The API's word search finds it by the new word.
    const found = await app.req('GET', '/api/product?q=zephyrine', { token });
    expect(found.body.data.map((p: { id: number }) => p.id)).toContain(id);

    await app.sql(sql`update attribute_data set value = '"Derivco Quillon 9mm"'::jsonb
                       where sourceable_type = 'product' and sourceable_id = ${id} and attribute_id = 11 and source_type is null`);
    await app.sql(sql`update attribute_data set value = '".380 ACP"'::jsonb
                       where sourceable_type = 'product' and sourceable_id = ${id} and attribute_id = ${caliberId} and source_type is null`);
    c = await cached(id);
    expect(c.title).toBe('Derivco Quillon 9mm');
    expect(c.caliber).toBe('.380 ACP');
    expect(c.words).not.toContain('zephyrine');
    expect(c.heads).not.toContain('zep');
    expect(c.heads).toContain('qui');

    // A distributor's title is not the product's.
    await app.sql(sql`insert into attribute_data (attribute_id, sourceable_type, sourceable_id, source_type, source_id, source_label, value)
                      values (11, 'product', ${id}, 'vendor', 1, 'Sports South', '"VENDOR TITLE"'::jsonb), (${caliberId}, 'product', ${id}, 'vendor', 1, 'Sports South', '"9MM"'::jsonb)`);
    expect(await cached(id)).toMatchObject({ title: 'Derivco Quillon 9mm', caliber: '.380 ACP' });

    await app.sql(sql`delete from attribute_data where sourceable_type = 'product' and sourceable_id = ${id} and source_type is null`);
    c = await cached(id);
    expect(c).toMatchObject({ title: null, image: null, caliber: null });
    expect(c.list).toMatchObject({ title: null, image: '/images/default-product.svg' });
  });

  it('variants: count, default, SKUs and UPCs in the search, moved between products', async () => {
    const a = await newProduct();
    const b = await newProduct();
    const skuA = tag();
    const first = await addVariant(a, `${skuA}-1`, true, '036000291452');
    const second = await addVariant(a, `${skuA}-2`, false);
    let c = await cached(a);
    expect(c).toMatchObject({ variant_count: 2, default_variant_id: first, default_sku: `${skuA}-1` });
    expect(c.words).toContain('036000291452');
    expect(c.list).toMatchObject({ variant_count: 2, default_sku: `${skuA}-1` });

    await app.sql(sql`update variants set is_default = (id = ${second}) where product_id = ${a}`);
    expect(await cached(a)).toMatchObject({ default_variant_id: second, default_sku: `${skuA}-2` });

    await app.sql(sql`update variants set product_id = ${b}, is_default = true where id = ${second}`);
    await app.sql(sql`update variants set is_default = true where id = ${first}`);
    expect(await cached(a)).toMatchObject({ variant_count: 1, default_variant_id: first });
    expect(await cached(b)).toMatchObject({ variant_count: 1, default_variant_id: second, default_sku: `${skuA}-2` });

    await app.sql(sql`delete from variants where id = ${first}`);
    c = await cached(a);
    expect(c).toMatchObject({ variant_count: 0, default_variant_id: null, default_sku: null });
    expect(c.words).toBe('');
  });

  it('store products: the stores a product is published on', async () => {
    const id = await newProduct();
    await app.sql(sql`insert into store_products (store_id, product_id, is_published) values (${storeB}, ${id}, true), (${storeA}, ${id}, false)`);
    expect((await cached(id)).published_store_ids).toEqual([storeB]);
    await app.sql(sql`update store_products set is_published = true where product_id = ${id}`);
    expect((await cached(id)).published_store_ids).toEqual([storeA, storeB]);
    const listed = await app.req('GET', `/api/product?filter[id]=${id}`, { token });
    expect(listed.body.data[0].published_store_ids).toEqual([storeA, storeB]);
    await app.sql(sql`delete from store_products where product_id = ${id} and store_id = ${storeB}`);
    expect((await cached(id)).published_store_ids).toEqual([storeA]);
  });

  it('one statement writing many products keeps each of them', async () => {
    const ids = await app.sql<{ id: number }>(sql`
      insert into products (type, variation_type, brand_id) select 'physical', 'rounds', ${brandId} from generate_series(1, 30) returning id`);
    const prefix = tag();
    await app.sql(sql`
      insert into variants (product_id, sku, units_per_package, is_default)
      select p.id, ${prefix} || '-' || p.id || '-' || j, 20 * j, j = 1
        from products p cross join generate_series(1, 3) j where p.id = any(${`{${ids.map((r) => r.id).join(',')}}`}::int[])`);
    await app.sql(sql`
      insert into attribute_data (attribute_id, sourceable_type, sourceable_id, value)
      select 11, 'product', p.id, to_jsonb('Bulk ' || p.id) from products p where p.id = any(${`{${ids.map((r) => r.id).join(',')}}`}::int[])`);
    for (const { id } of ids) {
      const c = await cached(id);
      expect(c).toMatchObject({ title: `Bulk ${id}`, variant_count: 3, default_sku: `${prefix}-${id}-1` });
      expect(c.words).toContain(`'bulk'`);
    }
  });

  it('a renamed brand rewrites its products’ list rows', async () => {
    const id = await newProduct();
    await app.sql(sql`update brands set name = ${`Derivco Renamed ${kind}`} where id = ${brandId}`);
    expect((await cached(id)).list.brand_name).toBe(`Derivco Renamed ${kind}`);
    await app.sql(sql`update brands set name = ${`Derivco ${kind}`} where id = ${brandId}`);
  });
});

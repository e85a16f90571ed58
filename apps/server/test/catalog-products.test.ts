import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PRODUCT_IMAGE, IMAGE_ATTRIBUTE_ID, PRODUCT_LIST_COUNT_CAP, TITLE_ATTRIBUTE_ID } from '@qm/contracts';
import { BACKENDS, fixtures, useTestApp, expectRefused } from './harness.js';

/** Products, variants, modifiers, store products/variants, publishing, feeds and families. */
describe.each(BACKENDS)('catalogue products (%s)', (kind) => {
  const app = useTestApp(kind);
  const fx = fixtures(app, () => cat);
  let cat: string;
  let analyst: string;
  let orders: string;
  let pricing: string;
  let depot: number;
  let bulk: number;
  /** A disabled store of the test's own, where nothing is published. */
  let b2b: number;
  /** The brand of the products the test makes (newProduct), its own. */
  let federal: number;
  let brandName: string;
  let feeds: { id: number; store_id: number; target_destination: string }[];

  beforeAll(async () => {
    [cat, analyst, orders, pricing] = await Promise.all(
      ['catalog@example.com', 'analyst@example.com', 'orders@example.com', 'pricing@example.com'].map((e) => app.login(e)),
    );
    depot = (await fx.store()).id;
    bulk = (await fx.store()).id;
    b2b = (await fx.store(undefined, false)).id;
    ({ id: federal, name: brandName } = await fx.brand());
    // Two feeds of the first store, one of the second.
    feeds = [await fx.feed(depot), await fx.feed(depot), await fx.feed(bulk)].map((f) => ({ id: f.id, store_id: f.store_id, target_destination: 'ammoseek' }));
  });

  const get = (url: string, token = cat) => app.req('GET', url, { token });
  const send = (method: string, url: string, body?: unknown, token = cat) => app.req(method, url, { token, body });
  let skuSeq = 0;
  const sku = () => `TEST-${kind.toUpperCase()}-${++skuSeq}`;

  async function newProduct(extra: Record<string, unknown> = {}) {
    const res = await send('POST', '/api/product', {
      type: 'physical',
      variation_type: 'rounds',
      brand_id: federal,
      title: `Federal Test Load ${++skuSeq}`,
      variants: [
        { sku: sku(), upc: '012345678905', units_per_package: 50, cost_cents: 1400 },
        { sku: sku(), units_per_package: 1000, cost_cents: 26000 },
      ],
      ...extra,
    });
    expect(res.status, res.text).toBe(201);
    return res.body.data as Product;
  }
  /** A product of the test's own published on `store` (a priced store variant, then publish); its store product. */
  async function publishedProduct(store: number) {
    const p = await newProduct();
    const sv = await send('POST', '/api/store-variant', { store_id: store, product_id: p.id, store_product_id: null, variants: [{ variant_id: p.variants[0]!.id, price_cents: 2199, shipping_setting: 'variable', include: true }] });
    expect(sv.status, sv.text).toBe(201);
    const pub = await send('POST', `/api/product/${p.id}/publish`, { store_id: store });
    expect(pub.body.success, pub.text).toBe(true);
    return { product: p, storeProductId: sv.body.data.id as number };
  }
  const defaults = async (productId: number) =>
    app.sql<{ id: number }>(sql`select id from variants where product_id = ${productId} and is_default order by id`);

  describe('product list', () => {
    it('pages with title, image (default when none), brand, variant count and default SKU', async () => {
      const res = await get('/api/product?per_page=5&sort=title');
      expect(res.status).toBe(200);
      expect(res.body.meta).toMatchObject({ page: 1, per_page: 5 });
      expect(res.body.meta.total).toBeGreaterThan(250);
      expect(res.body.meta.total_exact).toBe(true);
      const row = res.body.data.find((r: { title: string | null }) => r.title) as Row;
      expect(row).toMatchObject({ image: DEFAULT_PRODUCT_IMAGE, brand_name: expect.any(String), default_sku: expect.any(String) });
      expect(row.variant_count).toBeGreaterThan(0);
      const titles = res.body.data.map((r: Row) => r.title);
      expect(titles).toEqual([...titles].sort((a, b) => (a === null ? -1 : b === null ? 1 : a.toLowerCase().localeCompare(b.toLowerCase()))));
    });

    it('shows attribute 13 as the image, never a sourced value', async () => {
      const p = await newProduct();
      await app.sql(sql`insert into attribute_data (attribute_id, sourceable_type, sourceable_id, source_type, source_id, source_label, value)
                        values (${IMAGE_ATTRIBUTE_ID}, 'product', ${p.id}, 'vendor', 1, 'Sports South', '"https://cdn.example.com/vendor.jpg"'::jsonb)`);
      let row = (await get(`/api/product?filter[id]=${p.id}`)).body.data[0];
      expect(row.image).toBe(DEFAULT_PRODUCT_IMAGE);
      expect((await send('POST', `/api/product/${p.id}/attribute`, { attribute_id: IMAGE_ATTRIBUTE_ID, value: 'https://cdn.example.com/ae9.jpg' })).status).toBe(201);
      row = (await get(`/api/product?filter[id]=${p.id}`)).body.data[0];
      expect(row.image).toBe('https://cdn.example.com/ae9.jpg');
    });

    it('searches title word prefixes, SKU and UPC', async () => {
      const mine = await newProduct({ title: `Quillon Amerant Eagle 9mm ${kind}` });
      const words = await get('/api/product?q=quil%20amer%209mm&per_page=100');
      expect(words.body.data.map((r: Row) => r.id)).toEqual([mine.id]);
      const p = await newProduct();
      const bySku = await get(`/api/product?q=${encodeURIComponent(p.variants[1]!.sku)}`);
      expect(bySku.body.data.map((r: Row) => r.id)).toEqual([p.id]);
      const byUpc = await get(`/api/product?q=${p.variants[0]!.upc}&per_page=100`);
      expect(byUpc.body.data.map((r: Row) => r.id)).toContain(p.id);
      expect((await get('/api/product?q=zzzqqqxxx')).body.meta.total).toBe(0);
      expect((await get('/api/product?q=%40%40%21%21')).status).toBe(200);
    });

    it('exports the searched list as CSV with the brand named on each row', async () => {
      const p = await newProduct({ title: 'Federal Csv Export Load 9mm' });
      const csv = await get('/api/product?q=csv%20export&format=csv');
      expect(csv.status).toBe(200);
      expect(csv.headers['content-type']).toMatch(/text\/csv/);
      const [header, ...lines] = csv.text.trim().split('\r\n');
      expect(header).toBe('ID,Title,Brand,Type,Variation type,Default SKU,Variants,Image,Updated');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^${p.id},Federal Csv Export Load 9mm,${brandName},physical,rounds,${p.variants[0]!.sku},2,${DEFAULT_PRODUCT_IMAGE},`));
    });

    it('filters by brand, category (with subcategories), type, variation type and published store', async () => {
      const mine = await newProduct();
      const byBrand = await get(`/api/product?filter[brand_id]=${federal}&per_page=500`);
      expect(byBrand.body.data.map((r: Row) => r.id)).toContain(mine.id);
      expect(byBrand.body.data.every((r: Row) => r.brand_name === brandName)).toBe(true);
      // A category and its subcategory of the test's own: the parent's filter takes in the child's products.
      const handgun = await fx.category();
      const nine = await fx.category(handgun.id);
      const inNine = await newProduct({ category_ids: [nine.id] });
      const inHandgun = await newProduct({ category_ids: [handgun.id] });
      const underHandgun = (await get(`/api/product?filter[category_id]=${handgun.id}&per_page=500`)).body.data.map((r: Row) => r.id);
      const underNine = (await get(`/api/product?filter[category_id]=${nine.id}&per_page=500`)).body.data.map((r: Row) => r.id);
      expect(underHandgun.sort()).toEqual([inNine.id, inHandgun.id].sort());
      expect(underNine).toEqual([inNine.id]);
      const shell = await newProduct({ variation_type: 'shells' });
      const shells = await get('/api/product?filter[variation_type]=shells&per_page=500');
      expect(shells.body.data.map((r: Row) => r.id)).toContain(shell.id);
      expect(shells.body.data.every((r: Row) => r.variation_type === 'shells')).toBe(true);
      expect(shells.body.data.map((r: Row) => r.id)).not.toContain(mine.id);
      expect((await get('/api/product?filter[type]=virtual')).body.meta.total).toBe(0);
      // Published on the second store: only it is listed under that store.
      await send('POST', '/api/store-variant', { store_id: bulk, product_id: mine.id, store_product_id: null, variants: [{ variant_id: mine.variants[0]!.id, price_cents: 2499, shipping_setting: 'variable', include: true }] });
      expect((await send('POST', `/api/product/${mine.id}/publish`, { store_id: bulk })).body.success).toBe(true);
      const onBulk = await get(`/api/product?filter[store_id]=${bulk}&per_page=500`);
      expect(onBulk.body.data.map((r: Row) => r.id)).toContain(mine.id);
      expect(onBulk.body.data.every((r: Row) => r.published_store_ids.includes(bulk))).toBe(true);
      expect(onBulk.body.data.map((r: Row) => r.id)).not.toContain(inNine.id);
      expect((await get(`/api/product?filter[store_id]=${b2b}`)).body.meta.total).toBe(0);
      expectRefused(await get('/api/product?filter[colour]=red'), 400, 'filter.colour');
      expectRefused(await get('/api/product?sort=variant_count'), 400, 'sort');
      expectRefused(await get('/api/product?filter[brand_id]=abc'), 400, 'filter.brand_id');
    });
  });

  describe('product word search, newest first', () => {
    it('pages exactly as the full search sorted by id, with and without filters', async () => {
      const expected = (await app.sql<{ id: number; brand_id: number | null }>(
        sql`select id, brand_id from products where search_vector @@ to_tsquery('simple', 'federal:*') order by id desc`,
      ));
      expect(expected.length).toBeGreaterThan(6);
      const ids: number[] = [];
      for (let page = 1; page <= Math.ceil(expected.length / 4); page++) {
        const res = await get(`/api/product?q=federal&per_page=4&page=${page}`);
        expect(res.status, res.text).toBe(200);
        ids.push(...res.body.data.map((p: { id: number }) => p.id));
      }
      expect(ids).toEqual(expected.map((r) => r.id));
      expect((await get('/api/product?q=federal&per_page=4')).body.meta).toMatchObject({ total: expected.length, total_exact: true });
      const filtered = await get(`/api/product?q=federal&per_page=100&filter[brand_id]=${federal}`);
      expect(filtered.body.data.map((p: { id: number }) => p.id)).toEqual(expected.filter((r) => r.brand_id === federal).map((r) => r.id));
    });
  });

  describe('product word search: the heads of its words only skip products that cannot match', () => {
    it('finds exactly what the words alone find, for mixed case, digits, accents, SKU parts and one-letter words', async () => {
      await newProduct({ title: 'Élite Ûber Match 6.5 Creedmoor 140 gr ELD' });
      for (const q of ['federal', 'Federal Test', 'FED 9', 'élite', 'ÜBER cree', '6.5 creed', 'test-', 'w', 'x 9', 'load 1']) {
        const expected = await app.sql<{ id: number }>(
          sql`select id from products where search_vector @@ (select string_agg(quote_literal(lower(token)) || ':*', ' & ')
                from ts_parse('default', ${q}) where tokid not in (9, 10, 11, 12, 13, 14))::tsquery order by id desc limit 100`,
        );
        const res = await get(`/api/product?q=${encodeURIComponent(q)}&per_page=100`);
        expect(res.status, res.text).toBe(200);
        expect(res.body.data.map((p: { id: number }) => p.id), q).toEqual(expected.map((r) => r.id));
      }
      expect((await get(`/api/product?q=${encodeURIComponent('élite ûber')}`)).body.data).toHaveLength(1);
    });

    it('keeps the word heads of every product equal to its words, however they were written', async () => {
      const headsInStep = async () =>
        app.sql<{ id: number }>(
          sql`select p.id from products p
               where array(select h.head from product_search_heads h where h.product_id = p.id order by h.head)
                     is distinct from array(select x from unnest(qm_word_heads(p.search_vector)) x order by x)
              union all
              select h.product_id from product_search_heads h where not exists (select 1 from products p where p.id = h.product_id)`,
        );
      const found = async (q: string) => (await get(`/api/product?q=${encodeURIComponent(q)}&per_page=100`)).body.data.map((p: { id: number }) => p.id);
      const p = await newProduct({ title: 'Zyxwave Subsonic .300 BLK 220 gr' });
      expect(await found('zyxwave subsonic')).toEqual([p.id]);
      expect(await headsInStep()).toEqual([]);
      expect((await send('PUT', `/api/product/${p.id}/attribute/${TITLE_ATTRIBUTE_ID}`, { value: 'Qorvath Supersonic .300 BLK 110 gr', version: 1 })).status).toBe(200);
      expect(await found('zyxwave')).toEqual([]);
      expect(await found('qorv supers')).toEqual([p.id]);
      // Written behind the API's back: the heads follow all the same.
      await app.sql(sql`update products set search_vector = to_tsvector('simple', 'Wyvernox Handload') where id = ${p.id}`);
      expect(await found('qorvath')).toEqual([]);
      expect(await found('wyv handl')).toEqual([p.id]);
      expect(await headsInStep()).toEqual([]);
      expect((await send('DELETE', `/api/product/${p.id}`)).status).toBe(204);
      expect(await app.sql(sql`select 1 from product_search_heads where product_id = ${p.id}`)).toEqual([]);
      expect(await headsInStep()).toEqual([]);
    });
  });

  describe('product list cache', () => {
    it('keeps each row in step with the editor: title, image, default SKU, variant count, published stores', async () => {
      const p = await newProduct();
      const row = async () => (await get(`/api/product?filter[id]=${p.id}`)).body.data[0] as Row & { default_sku: string; image: string };
      expect(await row()).toMatchObject({ title: p.title, variant_count: 2, default_sku: p.variants[0]!.sku, published_store_ids: [] });
      const v3 = (await send('POST', `/api/product/${p.id}/variant`, { sku: sku(), units_per_package: 500, is_default: true })).body.data;
      await send('PUT', `/api/product/${p.id}/attribute/${TITLE_ATTRIBUTE_ID}`, { value: 'Renamed Load', version: 1 });
      await send('POST', `/api/product/${p.id}/attribute`, { attribute_id: IMAGE_ATTRIBUTE_ID, value: '/media/renamed.jpg' });
      await send('POST', '/api/store-variant', { store_id: bulk, product_id: p.id, store_product_id: null, variants: [{ variant_id: v3.id, price_cents: 15999, shipping_setting: 'free', include: true }] });
      expect((await send('POST', `/api/product/${p.id}/publish`, { store_id: bulk })).body.success).toBe(true);
      expect(await row()).toMatchObject({ title: 'Renamed Load', image: '/media/renamed.jpg', variant_count: 3, default_sku: v3.sku, published_store_ids: [bulk] });
      expect((await send('DELETE', `/api/product/${p.id}/attribute/${IMAGE_ATTRIBUTE_ID}`)).status).toBe(204);
      expect((await row()).image).toBe(DEFAULT_PRODUCT_IMAGE);
    });

    it('sends each row exactly as the product and its brand are now, however they were written', async () => {
      const p = await newProduct();
      const brand = (await send('POST', '/api/brand', { name: `List Row Brand ${kind}` })).body.data;
      // Written behind the API's back, in a session of another time zone: the row follows all the same.
      await app.sql(sql`update products set brand_id = ${brand.id}, default_sku = 'QUOTE"AND\\SLASH', updated_at = updated_at + interval '1 day' where id = ${p.id}`);
      await app.sql(sql.raw(`do $$ begin perform set_config('TimeZone', 'America/Chicago', true);
                                       update products set version = version + 1 where id = ${p.id}; end $$`));
      const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());
      const expectRowAsStored = async (brandName: string) => {
        const [expected] = await app.sql<Record<string, unknown>>(
          sql`select p.id, p.title, coalesce(p.image, ${DEFAULT_PRODUCT_IMAGE}) as image, p.type, p.variation_type, p.brand_id, b.name as brand_name,
                     p.variant_count, p.default_variant_id, p.default_sku, p.published_store_ids, p.created_at, p.updated_at, p.version
                from products p left join brands b on b.id = p.brand_id where p.id = ${p.id}`,
        );
        const want = { ...expected, created_at: iso(expected!.created_at), updated_at: iso(expected!.updated_at) };
        expect(want).toMatchObject({ brand_name: brandName, image: DEFAULT_PRODUCT_IMAGE, default_sku: 'QUOTE"AND\\SLASH', version: 2 });
        for (const url of [`/api/product?filter[id]=${p.id}`, `/api/product?filter[brand_id]=${brand.id}`, '/api/product?per_page=100', `/api/product?q=${encodeURIComponent('federal test load')}`]) {
          const rows = (await get(url)).body.data as Record<string, unknown>[];
          expect(rows.find((r) => r.id === p.id), url).toEqual(want);
        }
      };
      await send('PUT', `/api/brand/${brand.id}`, { name: `List Row Brand ${kind} renamed`, version: brand.version });
      await expectRowAsStored(`List Row Brand ${kind} renamed`);
      await app.sql(sql`update brands set name = ${`List Row Brand ${kind} by hand`} where id = ${brand.id}`);
      await expectRowAsStored(`List Row Brand ${kind} by hand`);
    });
  });

  describe('product editor', () => {
    it('creates a product with title and variants: the first variant is the default', async () => {
      const p = await newProduct();
      expect(p.title).toMatch(/Federal Test Load/);
      expect(p.variants.filter((v) => v.is_default).map((v) => v.units_per_package)).toEqual([50]);
      const loaded = (await get(`/api/product/${p.id}`)).body.data as Product;
      expect(loaded.attribute_data.find((d) => d.attribute_id === TITLE_ATTRIBUTE_ID)).toMatchObject({ source_type: null, value: p.title });
      expect(loaded.brand).toEqual({ id: federal, name: brandName });
      expect((await get('/api/product/999999')).status).toBe(404);
    });

    it('returns canonical and sourced attribute values side by side, store products and store variants with feeds', async () => {
      // A product of the test's own with a distributor's title beside its canonical one (values from
      // vendor catalogues are written by imports, not by this API: plain SQL here), on a store with a feed.
      const own = await newProduct();
      await app.sql(sql`insert into attribute_data (attribute_id, sourceable_type, sourceable_id, source_type, source_id, source_label, value)
                        values (${TITLE_ATTRIBUTE_ID}, 'product', ${own.id}, 'vendor', 1, 'Fixture Distributor', ${JSON.stringify('FIXTURE DISTRIBUTOR TITLE')}::jsonb)`);
      const svs = (await send('POST', '/api/store-variant', { store_id: depot, product_id: own.id, store_product_id: null, variants: [{ variant_id: own.variants[0]!.id, price_cents: 2999, shipping_setting: 'variable', include: true }] })).body.variants as SV[];
      expect((await send('POST', '/api/feed/store-variant', { store_variant_ids: [svs[0]!.id], feed_ids: [feeds[0]!.id] })).status).toBe(200);
      const pid = own.id;
      const p = (await get(`/api/product/${pid}`)).body.data as Product;
      const titles = p.attribute_data.filter((d) => d.attribute_id === TITLE_ATTRIBUTE_ID);
      expect(titles.map((d) => d.source_type)).toEqual([null, 'vendor']);
      expect(titles[1]).toMatchObject({ source_label: 'Fixture Distributor', value: 'FIXTURE DISTRIBUTOR TITLE' });
      expect(p.store_products.length).toBeGreaterThan(0);
      expect(p.store_variants.some((sv) => sv.feeds.length > 0)).toBe(true);
      expect(p.store_variants[0]).toMatchObject({ store_product_id: expect.any(Number), variant_id: expect.any(Number), feed_title: null, attribute_data: [] });
    });

    it('loads in a bounded number of queries whatever the size of the product', async () => {
      const small = await newProduct();
      await send('POST', '/api/store-variant', { store_id: depot, product_id: small.id, store_product_id: null, variants: [{ variant_id: small.variants[0]!.id, price_cents: 1999, shipping_setting: 'variable', include: true }] });
      const big = await newProduct({ variants: Array.from({ length: 12 }, (_, i) => ({ sku: sku(), units_per_package: 20 * (i + 1) })) });
      const vids = big.variants.map((v) => v.id);
      for (let m = 0; m < 4; m++)
        expect(
          (
            await send('POST', '/api/modifier', {
              product_id: big.id,
              name: `Mod ${m}`,
              display_type: 'dropdown',
              options: vids.slice(0, 6).map((v, i) => ({ label: `Opt ${i}`, variant_ids: [v, vids[i + 6]!] })),
            })
          ).status,
        ).toBe(201);
      for (const store of [depot, bulk])
        expect(
          (
            await send('POST', '/api/store-variant', {
              store_id: store,
              product_id: big.id,
              store_product_id: null,
              variants: vids.map((v) => ({ variant_id: v, price_cents: 9999, shipping_setting: 'variable', include: true })),
            })
          ).status,
        ).toBe(201);
      // The counter sees every statement of the process, a timer's too (the late vendor orders'
      // check, the job runner): the least of three counts is the request's own.
      const count = async (id: number) => {
        let least: { n: number; body: Product } | null = null;
        for (let i = 0; i < 3; i++) {
          const { n, result: res } = await app.countQueries(() => get(`/api/product/${id}`));
          expect(res.status).toBe(200);
          if (!least || n < least.n) least = { n, body: res.body.data as Product };
        }
        return least!;
      };
      // The counter sees statements however they are sent: three here, through two paths.
      expect((await app.countQueries(async () => {
        await app.sql(sql`select 1`);
        await app.db.execute(sql`select 2`);
        await app.db.transaction(async (tx) => void (await tx.execute(sql`select 3`)));
      })).n).toBeGreaterThanOrEqual(3);
      const a = await count(small.id);
      const b = await count(big.id);
      expect(b.body.variants).toHaveLength(12);
      expect(b.body.modifiers).toHaveLength(4);
      expect(b.body.store_variants).toHaveLength(24);
      expect(a.n).toBeGreaterThan(0);
      expect(b.n).toBe(a.n);
      // The session lookup and the payload's few statements, whatever the size of the product.
      expect(b.n).toBeLessThanOrEqual(3);
    });

    it('updates with the version it was read at: 409 when someone saved first, nothing lost or changed', async () => {
      const p = await newProduct();
      const body = { type: 'physical', variation_type: 'rounds', brand_id: federal, category_ids: [], notes: 'Limit 5 per order', version: p.version };
      const first = await send('PUT', `/api/product/${p.id}`, body);
      expect(first.status).toBe(200);
      expect(first.body.data.version).toBe(p.version + 1);
      const second = await send('PUT', `/api/product/${p.id}`, { ...body, notes: 'Other' });
      expect(second.status).toBe(409);
      expect(second.body.error.code).toBe('stale_version');
      expect((await get(`/api/product/${p.id}`)).body.data.notes).toBe('Limit 5 per order');
    });

    it('refuses bad input with field errors and changes nothing', async () => {
      const before = (await app.sql<{ n: number }>(sql`select count(*)::int as n from products`))[0]!.n;
      const bad = await send('POST', '/api/product', { type: 'digital', variation_type: 'rounds', brand_id: null, variants: [{ sku: 'ok-1', units_per_package: 0 }] });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.error.fields)).toEqual(expect.arrayContaining(['type', 'variants.0.units_per_package']));
      const unknownBrand = await send('POST', '/api/product', { type: 'physical', variation_type: 'rounds', brand_id: 999999, title: 'X' });
      expect(unknownBrand.status).toBe(422);
      expect(unknownBrand.body.error.fields.brand_id).toBe('Unknown brand 999999');
      const dupSku = await send('POST', '/api/product', {
        type: 'physical',
        variation_type: 'rounds',
        title: 'Dup',
        variants: [{ sku: 'AE9MMLU115-BX', units_per_package: 50 }],
      });
      expect(dupSku.status).toBe(409);
      expect(dupSku.body.error.fields.sku).toMatch(/already has this SKU/);
      expect((await app.sql<{ n: number }>(sql`select count(*)::int as n from products`))[0]!.n).toBe(before);
    });

    it('sets and changes canonical attribute values, validated against the attribute type', async () => {
      const p = await newProduct({ title: undefined });
      expect(p.title).toBeNull();
      const set = await send('POST', `/api/product/${p.id}/attribute`, { attribute_id: TITLE_ATTRIBUTE_ID, value: 'Federal Syntech 9mm Luger 150 gr TSJ' });
      expect(set.status).toBe(201);
      expect(set.body.data).toMatchObject({ sourceable_type: 'product', sourceable_id: p.id, source_type: null });
      expectRefused(await send('POST', `/api/product/${p.id}/attribute`, { attribute_id: TITLE_ATTRIBUTE_ID, value: 'Again' }), 409);
      const changed = await send('PUT', `/api/product/${p.id}/attribute/${TITLE_ATTRIBUTE_ID}`, { value: 'Federal Syntech 9mm Luger 150 gr TSJ Subsonic', version: 1 });
      expect(changed.status).toBe(200);
      expectRefused(await send('PUT', `/api/product/${p.id}/attribute/${TITLE_ATTRIBUTE_ID}`, { value: 'Stale', version: 1 }), 409);
      expect((await get(`/api/product?q=syntech%20subson`)).body.data.map((r: Row) => r.id)).toEqual([p.id]);
      const wrongType = await send('POST', `/api/product/${p.id}/attribute`, { attribute_id: 2, value: 'heavy' });
      expect(wrongType.status).toBe(400);
      expect(wrongType.body.error.fields.value).toMatch(/number/);
      const badOption = await send('POST', `/api/product/${p.id}/attribute`, { attribute_id: 1, value: '9mm Makarov' });
      expect(badOption.status).toBe(400);
      expect((await send('POST', `/api/product/${p.id}/attribute`, { attribute_id: 1, value: '9mm Luger' })).status).toBe(201);
      expectRefused(await send('POST', `/api/product/${p.id}/attribute`, { attribute_id: 4242, value: 'x' }), 422);
      expect((await send('PUT', `/api/product/${p.id}/attribute/3`, { value: 'FMJ', version: 1 })).status).toBe(404);
      expect((await send('POST', `/api/product/${p.id}/attribute`, { attribute_id: 15, value: true })).status).toBe(201);
    });
  });

  describe('deleting a product', () => {
    it('removes it with its variants, values, store products and variants, family memberships; audited', async () => {
      const p = await newProduct();
      const [box] = p.variants;
      const sv = await send('POST', '/api/store-variant', {
        store_id: depot,
        product_id: p.id,
        store_product_id: null,
        variants: [{ variant_id: box!.id, price_cents: 1899, shipping_setting: 'variable', include: true }],
      });
      expect(sv.status).toBe(201);
      const spId = sv.body.data.id as number;
      const svId = sv.body.variants[0].id as number;
      await app.sql(sql`insert into attribute_data (attribute_id, sourceable_type, sourceable_id, value) values (11, 'store_variant', ${svId}, '"x"'::jsonb)`);
      const fam = (await send('POST', '/api/product-family', { name: fx.unique('Delete Family') })).body.data as { id: number };
      expect((await send('POST', `/api/product-family/${fam!.id}/variant`, { variant_id: box!.id })).status).toBe(201);

      const res = await send('DELETE', `/api/product/${p.id}`);
      expect(res.status, res.text).toBe(204);
      expect((await get(`/api/product/${p.id}`)).status).toBe(404);
      const left = await app.sql<{ n: number }>(sql`
        select (select count(*) from variants where product_id = ${p.id})
             + (select count(*) from store_products where id = ${spId})
             + (select count(*) from store_variants where id = ${svId})
             + (select count(*) from product_family_variants where variant_id = ${box!.id})
             + (select count(*) from attribute_data where (sourceable_type = 'product' and sourceable_id = ${p.id})
                  or (sourceable_type = 'store_product' and sourceable_id = ${spId}) or (sourceable_type = 'store_variant' and sourceable_id = ${svId})) as n`);
      expect(Number(left[0]!.n)).toBe(0);
      const [entry] = await app.sql<{ before: { id: number; variants: unknown[] }; after: unknown }>(
        sql`select before, after from audit_logs where entity = 'product' and entity_id = ${p.id} and action = 'delete'`,
      );
      expect(entry!.before.variants).toHaveLength(2);
      expect((await send('DELETE', `/api/product/${p.id}`)).status).toBe(404);
    });

    it('refuses while the product is published on a store, with nothing changed; needs catalog.write', async () => {
      const store = await fx.store();
      const live = { product_id: (await publishedProduct(store.id)).product.id, name: store.name };
      const before = await get(`/api/product/${live!.product_id}`);
      const res = await send('DELETE', `/api/product/${live!.product_id}`);
      expect(res.status).toBe(422);
      expect(res.body.error.message).toMatch(new RegExp(`published on .*${live!.name}.*Unpublish`));
      expect((await get(`/api/product/${live!.product_id}`)).body).toEqual(before.body);
      const p = await newProduct();
      for (const token of [analyst, orders, pricing]) expect((await send('DELETE', `/api/product/${p.id}`, undefined, token)).status).toBe(403);
      expect((await get(`/api/product/${p.id}`)).status).toBe(200);
    });
  });

  describe('variants: exactly one default', () => {
    it('adds variants, makes one default in one transaction, refuses unsetting the default', async () => {
      const created = await send('POST', '/api/product', { type: 'physical', variation_type: 'rounds', title: 'Blank Product' });
      const pid = created.body.data.id;
      const first = await send('POST', `/api/product/${pid}/variant`, { sku: sku(), units_per_package: 50, cost_cents: 1500 });
      expect(first.status).toBe(201);
      expect(first.body.data.is_default).toBe(true);
      const second = await send('POST', `/api/product/${pid}/variant`, { sku: sku(), units_per_package: 1000, cost_cents: 28000 });
      expect(second.body.data.is_default).toBe(false);
      expect(second.body.variants).toHaveLength(2);
      const v2 = second.body.data;
      const makeDefault = await send('PUT', `/api/product/${pid}/variant/${v2.id}`, { sku: v2.sku, upc: null, units_per_package: 1000, cost_cents: 28000, weight_oz: null, is_default: true, version: v2.version });
      expect(makeDefault.status).toBe(200);
      expect(makeDefault.body.variants.filter((v: { is_default: boolean }) => v.is_default).map((v: { id: number }) => v.id)).toEqual([v2.id]);
      expect((await defaults(pid)).map((r) => r.id)).toEqual([v2.id]);
      const audited = await app.sql<{ before: { is_default: boolean }; after: { is_default: boolean } }>(
        sql`select before, after from audit_logs where entity = 'variant' and action = 'update' and entity_id = ${String(v2.id)}`,
      );
      expect(audited.map((a) => [a.before.is_default, a.after.is_default])).toEqual([[false, true]]);
      const v1 = makeDefault.body.variants.find((v: { id: number }) => v.id === first.body.data.id);
      const v2now = makeDefault.body.data;
      const unset = await send('PUT', `/api/product/${pid}/variant/${v2.id}`, { sku: v2.sku, units_per_package: 1000, is_default: false, version: v2now.version });
      expect(unset.status).toBe(422);
      expect(unset.body.error.message).toMatch(/one default variant/);
      // a new variant marked default takes it over
      const third = await send('POST', `/api/product/${pid}/variant`, { sku: sku(), units_per_package: 500, is_default: true });
      expect(third.body.data.is_default).toBe(true);
      expect((await defaults(pid)).map((r) => r.id)).toEqual([third.body.data.id]);
      // stale variant version
      expectRefused(await send('PUT', `/api/product/${pid}/variant/${v1.id}`, { sku: v1.sku, units_per_package: 50, is_default: false, version: v1.version - 1 }), 409);
      // variant of another product
      expect((await send('PUT', `/api/product/${pid + 1}/variant/${v1.id}`, { sku: v1.sku, units_per_package: 50, is_default: false, version: v1.version })).status).toBe(404);
    });

    it('the database holds the rule too (partial unique index)', async () => {
      const p = await newProduct();
      await expect(app.sql(sql`update variants set is_default = true where product_id = ${p.id}`)).rejects.toThrow();
      expect((await defaults(p.id)).length).toBe(1);
    });

    it('a failed default change leaves the old default in place', async () => {
      const p = await newProduct();
      const [v1, v2] = p.variants;
      const clash = await send('PUT', `/api/product/${p.id}/variant/${v2!.id}`, { sku: 'AE9MMLU115-BX', units_per_package: 1000, is_default: true, version: v2!.version });
      expect(clash.status).toBe(409);
      expect((await defaults(p.id)).map((r) => r.id)).toEqual([v1!.id]);
      expectRefused(await send('POST', `/api/product/${p.id}/variant`, { sku: sku(), upc: '12ab', units_per_package: 1 }), 400, 'upc');
    });
  });

  describe('modifiers and options', () => {
    it('creates with options (first is default), sets a new default atomically, refuses foreign variants', async () => {
      const p = await newProduct();
      const [box, kase] = p.variants;
      const created = await send('POST', '/api/modifier', {
        product_id: p.id,
        name: 'Quantity',
        display_type: 'rectangles',
        options: [
          { label: '50 Rounds', variant_ids: [box!.id] },
          { label: '1,000 Rounds', variant_ids: [kase!.id] },
        ],
      });
      expect(created.status).toBe(201);
      const m = created.body.data;
      expect(m.options.map((o: Opt) => [o.label, o.is_default, o.variant_ids])).toEqual([
        ['50 Rounds', true, [box!.id]],
        ['1,000 Rounds', false, [kase!.id]],
      ]);
      // SPEC §3: an option names its variants, a variant its product and its modifier options
      expect(m.options[0].variants).toEqual([{ id: box!.id, sku: box!.sku }]);
      const detail = (await send('GET', `/api/product/${p.id}`)).body.data as { title: string | null; variants: { id: number; product: unknown; modifier_options: unknown }[] };
      const boxNow = detail.variants.find((v) => v.id === box!.id)!;
      expect(boxNow.product).toEqual({ id: p.id, title: detail.title });
      expect(boxNow.modifier_options).toEqual([{ id: m.options[0].id, modifier_id: m.id }]);
      const o2 = m.options[1] as Opt;
      const setDefault = await send('PUT', `/api/modifier/${m.id}/option/${o2.id}`, { label: o2.label, is_default: true, variant_ids: [kase!.id], version: o2.version });
      expect(setDefault.status).toBe(200);
      expect(setDefault.body.options.filter((o: Opt) => o.is_default).map((o: Opt) => o.id)).toEqual([o2.id]);
      const again = setDefault.body.data as Opt;
      const unset = await send('PUT', `/api/modifier/${m.id}/option/${o2.id}`, { label: o2.label, is_default: false, variant_ids: [], version: again.version });
      expect(unset.status).toBe(422);
      const other = await newProduct();
      const foreign = await send('POST', `/api/modifier/${m.id}/option`, { label: 'Other', variant_ids: [other.variants[0]!.id] });
      expect(foreign.status).toBe(422);
      expect(foreign.body.error.fields.variant_ids).toMatch(/not a variant of this product/);
      const added = await send('POST', `/api/modifier/${m.id}/option`, { label: '500 Rounds', is_default: true, variant_ids: [] });
      expect(added.status).toBe(201);
      expect(added.body.options.filter((o: Opt) => o.is_default).map((o: Opt) => o.label)).toEqual(['500 Rounds']);
      const loaded = (await get(`/api/product/${p.id}`)).body.data as Product;
      expect(loaded.variants.find((v) => v.id === kase!.id)!.modifier_option_ids).toEqual([o2.id]);
      await expect(app.sql(sql`update modifier_options set is_default = true where modifier_id = ${m.id}`)).rejects.toThrow();
    });

    it('validates display types and the owner', async () => {
      const p = await newProduct();
      const carousel = await send('POST', '/api/modifier', { product_id: p.id, name: 'Q', display_type: 'carousel' });
      expect(carousel.status).toBe(400);
      expect(carousel.body.error.fields.display_type).toMatch(/\w/);
      const noOwner = await send('POST', '/api/modifier', { name: 'Q', display_type: 'dropdown' });
      expect(noOwner.status).toBe(400);
      expect(JSON.stringify(noOwner.body.error.fields)).toMatch(/product/i);
      const family = (await send('POST', '/api/product-family', { name: fx.unique('Owner Family') })).body.data as { id: number };
      const twoOwners = await send('POST', '/api/modifier', { product_id: p.id, product_family_id: family.id, name: 'Q', display_type: 'dropdown' });
      expect(twoOwners.status).toBe(400);
      expect(JSON.stringify(twoOwners.body.error.fields)).toMatch(/product/i);
      const missing = await send('POST', '/api/modifier', { product_id: 999999, name: 'Q', display_type: 'dropdown' });
      expect(missing.status).toBe(422);
      expect(missing.body.error.message).toMatch(/\w/);
      const twoDefaults = await send('POST', '/api/modifier', { product_id: p.id, name: 'Q', display_type: 'dropdown', options: [{ label: 'a', is_default: true }, { label: 'b', is_default: true }] });
      expect(twoDefaults.status).toBe(400);
      expect(JSON.stringify(twoDefaults.body.error.fields)).toMatch(/default/i);
    });

    it('PUT modifier re-syncs its options and their variants', async () => {
      const p = await newProduct();
      const [box, kase] = p.variants;
      const m = (await send('POST', '/api/modifier', { product_id: p.id, name: 'Qty', display_type: 'radio_buttons', options: [{ label: 'Box', variant_ids: [box!.id] }, { label: 'Case', variant_ids: [kase!.id] }] })).body.data;
      const [ob, oc] = m.options as Opt[];
      const res = await send('PUT', `/api/modifier/${m.id}`, {
        name: 'Quantity',
        display_type: 'dropdown',
        version: m.version,
        options: [
          { id: oc!.id, label: 'Case of 1000', variant_ids: [kase!.id, box!.id] },
          { label: 'Sample', variant_ids: [] },
        ],
      });
      expect(res.status).toBe(200);
      const after = res.body.data;
      expect(after.options.map((o: Opt) => [o.label, o.is_default, o.variant_ids.length])).toEqual([
        ['Case of 1000', true, 2],
        ['Sample', false, 0],
      ]);
      expect(after.options.find((o: Opt) => o.id === ob!.id)).toBeUndefined();
      expectRefused(await send('PUT', `/api/modifier/${m.id}`, { name: 'X', display_type: 'dropdown', version: m.version }), 409);
    });
  });

  describe('store variants, store products, publishing, feeds', () => {
    it('creates only the variants marked include, and the store product with them', async () => {
      const p = await newProduct();
      const [box, kase] = p.variants;
      const res = await send('POST', '/api/store-variant', {
        store_id: depot,
        product_id: p.id,
        store_product_id: null,
        variants: [
          { variant_id: box!.id, price_cents: 1899, shipping_setting: 'variable', include: true },
          { variant_id: kase!.id, price_cents: 32999, shipping_setting: 'free', include: false },
        ],
      });
      expect(res.status).toBe(201);
      expect(res.body.success).toBe(true);
      expect(res.body.variants.map((v: SV) => v.variant_id)).toEqual([box!.id]);
      expect(res.body.data).toMatchObject({ store_id: depot, product_id: p.id, is_published: false });
      const rows = await app.sql<{ variant_id: number }>(sql`select sv.variant_id from store_variants sv join store_products sp on sp.id = sv.store_product_id where sp.product_id = ${p.id}`);
      expect(rows.map((r) => r.variant_id)).toEqual([box!.id]);
      // later, the case with the existing store product
      const more = await send('POST', '/api/store-variant', {
        store_id: depot,
        product_id: p.id,
        store_product_id: res.body.data.id,
        variants: [{ variant_id: kase!.id, price_cents: 32999, map_price_cents: 34999, map_gate: 'map_gated', shipping_setting: 'free', include: true }],
      });
      expect(more.status).toBe(201);
      expect(more.body.variants[0]).toMatchObject({ map_gate: 'map_gated', map_price_cents: 34999, shipping_setting: 'free' });
      const dup = await send('POST', '/api/store-variant', { store_id: depot, product_id: p.id, store_product_id: res.body.data.id, variants: [{ variant_id: box!.id, price_cents: 1, shipping_setting: 'variable', include: true }] });
      expect(dup.status).toBe(422);
      expect(dup.body.error.message).toMatch(/Already on this store/);
    });

    it('refuses with nothing created: no variant included, foreign variants, wrong store product', async () => {
      const p = await newProduct();
      const count = async () => (await app.sql<{ n: number }>(sql`select count(*)::int as n from store_products where product_id = ${p.id}`))[0]!.n;
      const none = await send('POST', '/api/store-variant', { store_id: depot, product_id: p.id, store_product_id: null, variants: [{ variant_id: p.variants[0]!.id, shipping_setting: 'variable', include: false }] });
      expect(none.status).toBe(422);
      const other = (await newProduct()).variants[0]!.id;
      const foreign = await send('POST', '/api/store-variant', { store_id: depot, product_id: p.id, store_product_id: null, variants: [{ variant_id: other, shipping_setting: 'variable', include: true }] });
      expect(foreign.status).toBe(422);
      expect(foreign.body.error.fields['variants.0.variant_id']).toBe(`Variant ${other} is not a variant of this product`);
      const badEnum = await send('POST', '/api/store-variant', { store_id: depot, product_id: p.id, store_product_id: null, variants: [{ variant_id: p.variants[0]!.id, shipping_setting: 'overnight', include: true }] });
      expect(badEnum.status).toBe(400);
      expect(badEnum.body.error.fields['variants.0.shipping_setting']).toMatch(/\w/);
      const gateNoMap = await send('POST', '/api/store-variant', { store_id: depot, product_id: p.id, store_product_id: null, variants: [{ variant_id: p.variants[0]!.id, map_gate: 'map_gated', shipping_setting: 'variable', include: true }] });
      expect(gateNoMap.status).toBe(400);
      expect(JSON.stringify(gateNoMap.body.error.fields)).toMatch(/MAP/i);
      const otherSp = (await publishedProduct(depot)).storeProductId;
      const wrongSp = await send('POST', '/api/store-variant', { store_id: depot, product_id: p.id, store_product_id: otherSp, variants: [{ variant_id: p.variants[0]!.id, shipping_setting: 'variable', include: true }] });
      expect(wrongSp.status).toBe(422);
      expect(await count()).toBe(0);
    });

    it('publishing explains what blocks it and changes nothing; succeeds once fixed', async () => {
      const p = await newProduct({ title: undefined });
      const noStore = await send('POST', `/api/product/${p.id}/publish`, { store_id: depot });
      expect(noStore.status).toBe(200);
      expect(noStore.body.success).toBe(false);
      expect(noStore.body.data.blockers.map((b: Blocker) => b.code).sort()).toEqual(['missing_attribute', 'no_store_product']);
      expect(noStore.body.data.message).toMatch(/Title is required/);
      expect(noStore.body.store_product).toBeNull();
      const created = await send('POST', '/api/store-variant', {
        store_id: depot,
        product_id: p.id,
        store_product_id: null,
        variants: p.variants.map((v, i) => ({ variant_id: v.id, price_cents: i === 0 ? null : 30999, map_price_cents: i === 0 ? null : 32999, shipping_setting: 'variable', include: true })),
      });
      const blocked = await send('POST', `/api/product/${p.id}/publish`, { store_id: depot });
      expect(blocked.body.success).toBe(false);
      const codes = blocked.body.data.blockers.map((b: Blocker) => b.code).sort();
      expect(codes).toEqual(['below_map', 'missing_attribute', 'no_price']);
      expect(blocked.body.store_product.is_published).toBe(false);
      expect(blocked.body.store_variants).toHaveLength(2);
      const [svBox, svCase] = created.body.variants as SV[];
      // fix: title, a price, and a MAP gate
      await send('POST', `/api/product/${p.id}/attribute`, { attribute_id: TITLE_ATTRIBUTE_ID, value: 'Federal Champion 9mm Luger 115 gr FMJ' });
      await send('PUT', `/api/store-variant/${svBox!.id}`, { price_cents: 1799, map_price_cents: null, map_gate: null, shipping_setting: 'variable', is_enabled: true, feed_title: null, feed_url: null, version: svBox!.version });
      await send('PUT', `/api/store-variant/${svCase!.id}`, { price_cents: 30999, map_price_cents: 32999, map_gate: 'map_checkout_gated', shipping_setting: 'free', is_enabled: true, feed_title: null, feed_url: null, version: svCase!.version });
      const ok = await send('POST', `/api/product/${p.id}/publish`, { store_id: depot });
      expect(ok.body.success).toBe(true);
      expect(ok.body.data.blockers).toEqual([]);
      expect(ok.body.store_product).toMatchObject({ is_published: true, published_at: expect.any(String) });
      expect(ok.body.attribute_data.some((d: { attribute_id: number }) => d.attribute_id === TITLE_ATTRIBUTE_ID)).toBe(true);
      expect((await get(`/api/product?filter[store_id]=${depot}&filter[id]=${p.id}`)).body.meta.total).toBe(1);
      // disabling every store variant blocks it again
      await send('PATCH', `/api/store-variant/${svBox!.id}/disable`);
      const d2 = await send('PATCH', `/api/store-variant/${svCase!.id}/disable`);
      expect(d2.status).toBe(200);
      expect(d2.body.data.is_enabled).toBe(false);
      const again = await send('POST', `/api/product/${p.id}/publish`, { store_id: depot });
      expect(again.body.data.blockers.map((b: Blocker) => b.code)).toEqual(['no_enabled_variant']);
      // a disabled store blocks publishing
      const offStore = await send('POST', `/api/product/${p.id}/publish`, { store_id: b2b });
      expect(offStore.body.data.blockers.map((b: Blocker) => b.code)).toContain('store_disabled');
      expect((await send('POST', `/api/product/${p.id}/publish`, { store_id: 99999 })).status).toBe(404);
    });

    it('PUT store-variant validates and is versioned; PATCH disable', async () => {
      const p = await newProduct();
      const sv = (await send('POST', '/api/store-variant', { store_id: bulk, product_id: p.id, store_product_id: null, variants: [{ variant_id: p.variants[1]!.id, price_cents: 29999, shipping_setting: 'free', include: true }] })).body.variants[0] as SV;
      const base = { price_cents: 28999, map_price_cents: null, map_gate: null, shipping_setting: 'per_unit', is_enabled: true, feed_title: 'Case of 1000', feed_url: 'https://bulkroundsdirect.com/p/x', version: sv.version };
      const ok = await send('PUT', `/api/store-variant/${sv.id}`, base);
      expect(ok.status).toBe(200);
      expect(ok.body.data).toMatchObject({ price_cents: 28999, shipping_setting: 'per_unit', feed_title: 'Case of 1000' });
      expectRefused(await send('PUT', `/api/store-variant/${sv.id}`, base), 409);
      const fraction = await send('PUT', `/api/store-variant/${sv.id}`, { ...base, price_cents: 12.5, version: ok.body.data.version });
      expect(fraction.status).toBe(400);
      expect(fraction.body.error.fields.price_cents).toMatch(/whole|integer|cent/i);
      const gate = await send('PUT', `/api/store-variant/${sv.id}`, { ...base, map_gate: 'map_gated', version: ok.body.data.version });
      expect(gate.status).toBe(400);
      expect(gate.body.error.fields.map_price_cents).toMatch(/MAP price/);
      const badUrl = await send('PUT', `/api/store-variant/${sv.id}`, { ...base, feed_url: 'not a url', version: ok.body.data.version });
      expect(badUrl.status).toBe(400);
      expect((await get(`/api/product/${p.id}`)).body.data.store_variants[0].price_cents).toBe(28999);
      expect((await send('PATCH', `/api/store-variant/${sv.id}/disable`, undefined, orders)).status).toBe(403);
      expect((await send('PATCH', '/api/store-variant/999999/disable')).status).toBe(404);
    });

    it('PUT store-product sets store-level attribute values and can unpublish', async () => {
      const { storeProductId } = await publishedProduct(depot);
      const sp = (await app.sql<{ id: number; version: number }>(sql`select id, version from store_products where id = ${storeProductId}`))[0]!;
      const res = await send('PUT', `/api/store-product/${sp.id}`, { version: sp.version, attribute_data: [{ attribute_id: TITLE_ATTRIBUTE_ID, value: 'Store Title Override' }, { attribute_id: 12, value: 'Ships fast from Ammo Depot.' }] });
      expect(res.status).toBe(200);
      expect(res.body.store_product.version).toBe(sp.version + 1);
      expect(res.body.attribute_data.map((d: { attribute_id: number; sourceable_type: string }) => [d.attribute_id, d.sourceable_type])).toEqual([
        [TITLE_ATTRIBUTE_ID, 'store_product'],
        [12, 'store_product'],
      ]);
      const removed = await send('PUT', `/api/store-product/${sp.id}`, { version: sp.version + 1, is_published: false, attribute_data: [{ attribute_id: 12, value: null }] });
      expect(removed.status).toBe(200);
      expect(removed.body.store_product.is_published).toBe(false);
      expect(removed.body.attribute_data.map((d: { attribute_id: number }) => d.attribute_id)).toEqual([TITLE_ATTRIBUTE_ID]);
      expectRefused(await send('PUT', `/api/store-product/${sp.id}`, { version: 1, is_published: true, attribute_data: [] }), 400);
      expectRefused(await send('PUT', `/api/store-product/${sp.id}`, { version: sp.version, attribute_data: [] }), 409);
    });

    it('POST feed/store-variant assigns feeds of the same store and returns {id, feeds, feed_title, feed_url}', async () => {
      const p = await newProduct();
      const svs = (await send('POST', '/api/store-variant', { store_id: depot, product_id: p.id, store_product_id: null, variants: p.variants.map((v) => ({ variant_id: v.id, price_cents: 5000, shipping_setting: 'variable', include: true })) })).body.variants as SV[];
      const depotFeeds = feeds.filter((f) => f.store_id === depot).map((f) => f.id);
      const bulkFeed = feeds.find((f) => f.store_id === bulk)!.id;
      const res = await send('POST', '/api/feed/store-variant', { store_variant_ids: svs.map((s) => s.id), feed_ids: depotFeeds });
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
      expect(res.body).toHaveLength(2);
      expect(res.body[0]).toMatchObject({ id: svs[0]!.id, feed_title: null, feed_url: null });
      expect(res.body[0].feeds.map((f: { id: number }) => f.id)).toEqual(depotFeeds);
      const removed = await send('POST', '/api/feed/store-variant', { store_variant_ids: [svs[0]!.id], feed_ids: [depotFeeds[1]], mode: 'remove' });
      expect(removed.body[0].feeds.map((f: { id: number }) => f.id)).toEqual([depotFeeds[0]]);
      const per = await send('POST', '/api/feed/store-variant', { assignments: [{ store_variant_id: svs[1]!.id, feed_ids: [], feed_title: 'Federal 9mm Case', feed_url: 'https://ammodepot.com/federal-9mm-case' }] });
      expect(per.body[0]).toMatchObject({ feeds: [], feed_title: 'Federal 9mm Case', feed_url: 'https://ammodepot.com/federal-9mm-case' });
      const cross = await send('POST', '/api/feed/store-variant', { store_variant_ids: [svs[0]!.id], feed_ids: [bulkFeed] });
      expect(cross.status).toBe(422);
      expect(cross.body.error.message).toMatch(/another store/);
      expectRefused(await send('POST', '/api/feed/store-variant', { store_variant_ids: [svs[0]!.id] }), 400);
      expectRefused(await send('POST', '/api/feed/store-variant', { store_variant_ids: [999999], feed_ids: [] }), 422);
      expect((await get(`/api/product/${p.id}`)).body.data.store_variants.find((s: SV) => s.id === svs[0]!.id).feeds).toHaveLength(1);
      expect((await send('POST', '/api/feed/store-variant', { store_variant_ids: [svs[0]!.id], feed_ids: [] }, pricing)).status).toBe(403);
    });
  });

  describe('product families', () => {
    it('orders the family’s variants as listed; refuses a partial, foreign or repeated list with nothing changed', async () => {
      const a = await newProduct();
      const fid = (await send('POST', '/api/product-family', { name: 'Ordered Test Family', brand_id: federal, category_ids: [] })).body.data.id as number;
      for (const v of a.variants) expect((await send('POST', `/api/product-family/${fid}/variant`, { variant_id: v.id })).status).toBe(201);
      const [first, second] = a.variants.map((v) => v.id);
      const order = async () => ((await get(`/api/product-family/${fid}`)).body.data.variants as { id: number }[]).map((v) => v.id);
      expect(await order()).toEqual([first, second]);
      const res = await send('POST', `/api/product-family/${fid}/variant/sort`, { variant_ids: [second, first] });
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.variants.map((v: { id: number }) => v.id)).toEqual([second, first]);
      expect(await order()).toEqual([second, first]);
      const [entry] = await app.sql<{ after: { variant_order: number[] } }>(sql`select after from audit_logs where entity = 'product_family' and entity_id = ${String(fid)} order by id desc limit 1`);
      expect(entry!.after.variant_order).toEqual([second, first]);
      const partial = await send('POST', `/api/product-family/${fid}/variant/sort`, { variant_ids: [first] });
      expect(partial.status).toBe(422);
      expect(partial.body.error.message).toMatch(/List all 2 variants/);
      const foreign = await send('POST', `/api/product-family/${fid}/variant/sort`, { variant_ids: [first, 1] });
      expect(foreign.status).toBe(422);
      expect(foreign.body.error.fields['variant_ids.1']).toBe('Not in this family');
      const twice = await send('POST', `/api/product-family/${fid}/variant/sort`, { variant_ids: [first, first] });
      expect(twice.status).toBe(400);
      expect(await order()).toEqual([second, first]);
      expect((await send('POST', `/api/product-family/${fid}/variant/sort`, { variant_ids: [first, second] }, analyst)).status).toBe(403);
    });

    it('adds variants of any product, removes one from the family and from every option in the same transaction', async () => {
      const a = await newProduct();
      const b = await newProduct();
      const fam = await send('POST', '/api/product-family', { name: 'Federal Test Family', brand_id: federal, category_ids: [], notes: 'test' });
      expect(fam.status).toBe(201);
      const fid = fam.body.data.id;
      for (const v of [...a.variants, ...b.variants]) expect((await send('POST', `/api/product-family/${fid}/variant`, { variant_id: v.id })).status).toBe(201);
      expectRefused(await send('POST', `/api/product-family/${fid}/variant`, { variant_id: a.variants[0]!.id }), 409);
      const outsider = await newProduct();
      const refused = await send('POST', '/api/modifier', { product_family_id: fid, name: 'Quantity', display_type: 'rectangles', options: [{ label: 'x', variant_ids: [outsider.variants[0]!.id] }] });
      expect(refused.status).toBe(422);
      expect(refused.body.error.message).toMatch(/not in this family/);
      const boxes = [a.variants[0]!.id, b.variants[0]!.id];
      const cases = [a.variants[1]!.id, b.variants[1]!.id];
      const qty = await send('POST', '/api/modifier', {
        product_family_id: fid,
        name: 'Quantity',
        display_type: 'rectangles',
        options: [
          { label: '50 Rounds', variant_ids: boxes },
          { label: '1,000 Rounds', variant_ids: cases },
        ],
      });
      expect(qty.status).toBe(201);
      const brand = await send('POST', '/api/modifier', { product_family_id: fid, name: 'Load', display_type: 'dropdown', options: [{ label: 'A', variant_ids: a.variants.map((v) => v.id) }] });
      expect(brand.status).toBe(201);

      const removed = await send('DELETE', `/api/product-family/${fid}/variant/${a.variants[0]!.id}`);
      expect(removed.status).toBe(200);
      const f = removed.body.data;
      expect(f.variants.map((v: { id: number }) => v.id)).not.toContain(a.variants[0]!.id);
      const allOptionVariants = f.modifiers.flatMap((m: { options: Opt[] }) => m.options.flatMap((o) => o.variant_ids));
      expect(allOptionVariants).not.toContain(a.variants[0]!.id);
      expect(f.modifiers.find((m: { name: string }) => m.name === 'Quantity').options[0].variant_ids).toEqual([b.variants[0]!.id]);
      const links = await app.sql<{ n: number }>(sql`select count(*)::int as n from modifier_option_variants where variant_id = ${a.variants[0]!.id}`);
      expect(links[0]!.n).toBe(0);
      const audit = await app.sql<{ before: { modifier_option_ids: number[] } }>(
        sql`select before from audit_logs where entity = 'product_family_variant' and action = 'delete' and entity_id = ${`${fid}:${a.variants[0]!.id}`}`,
      );
      expect(audit[0]!.before.modifier_option_ids).toHaveLength(2);
      // the product itself keeps its variant
      expect((await get(`/api/product/${a.id}`)).body.data.variants).toHaveLength(2);
      expect((await send('DELETE', `/api/product-family/${fid}/variant/${a.variants[0]!.id}`)).status).toBe(404);
      // the family editor payload
      const loaded = (await get(`/api/product-family/${fid}`)).body.data;
      expect(loaded).toMatchObject({ name: 'Federal Test Family', brand: { id: federal, name: brandName }, notes: 'test', store_products: [], attribute_data: [] });
      expect(loaded.variants[0]).toMatchObject({ product_title: expect.stringMatching(/Federal Test Load/), sku: expect.any(String) });
      // SPEC §3: a family's variant names its product and the family's options it is in; an option its variants
      const bBox = loaded.variants.find((v: { id: number }) => v.id === b.variants[0]!.id);
      const quantity = loaded.modifiers.find((m: { name: string }) => m.name === 'Quantity');
      expect(bBox.product).toEqual({ id: b.id, title: bBox.product_title });
      expect(bBox.modifier_options).toEqual([{ id: quantity.options[0].id, modifier_id: quantity.id }]);
      expect(quantity.options[0].variants).toEqual([{ id: b.variants[0]!.id, sku: b.variants[0]!.sku }]);
    });

    it('the demo seed: its families have a Quantity modifier with one default, over the family\'s own variants', async () => {
      const list = await get('/api/product-family?q=9mm&per_page=50');
      expect(list.status).toBe(200);
      expect(list.body.data.length).toBeGreaterThan(0);
      const seeded = (await get(`/api/product-family/${list.body.data[0].id}`)).body.data;
      const quantity = seeded.modifiers.find((m: { name: string }) => m.name === 'Quantity');
      expect(quantity.options.filter((o: Opt) => o.is_default)).toHaveLength(1);
      const familyVariantIds = new Set(seeded.variants.map((v: { id: number }) => v.id));
      expect(quantity.options.flatMap((o: Opt) => o.variant_ids).every((id: number) => familyVariantIds.has(id))).toBe(true);
    });

    it('lists, updates with version, family attributes', async () => {
      const fam = (await send('POST', '/api/product-family', { name: 'Update Me' })).body.data;
      const parent = await fx.category();
      const child = await fx.category(parent.id);
      const nine = child.id;
      const upd = await send('PUT', `/api/product-family/${fam.id}`, { name: 'Updated', brand_id: null, category_ids: [nine], notes: null, version: fam.version });
      expect(upd.status).toBe(200);
      expect(upd.body.data.categories[0].path).toBe(`${parent.name} › ${child.name}`);
      const listed = await get('/api/product-family?q=Updated&per_page=50');
      expect(listed.body.data.map((x: { id: number }) => x.id)).toContain(fam.id);
      expect((await get(`/api/product-family?filter[category_id]=${nine}&q=Updated`)).body.data.map((x: { id: number }) => x.id)).toEqual([fam.id]);
      expectRefused(await send('PUT', `/api/product-family/${fam.id}`, { name: 'Stale', brand_id: null, version: fam.version }), 409);
      const attr = await send('POST', `/api/product-family/${fam.id}/attribute`, { attribute_id: 12, value: 'A family page.' });
      expect(attr.status).toBe(201);
      expect(attr.body.data.sourceable_type).toBe('product_family');
      expect((await send('PUT', `/api/product-family/${fam.id}/attribute/12`, { value: 'Changed', version: 1 })).status).toBe(200);
    });
  });

  describe('permissions', () => {
    it('counts at most PRODUCT_LIST_COUNT_CAP rows exactly (total_exact false beyond)', async () => {
      // Titles are canonical values; the products' cached title and words follow (migration 0016).
      await app.sql(sql`with p as (insert into products (type, variation_type) select 'physical', 'pieces' from generate_series(1, 1000) returning id)
                        insert into attribute_data (attribute_id, sourceable_type, sourceable_id, value)
                        select 11, 'product', p.id, to_jsonb('Bulk Filler ' || p.id) from p`);
      const all = await get('/api/product?per_page=1');
      expect(all.body.meta).toMatchObject({ total: PRODUCT_LIST_COUNT_CAP, total_exact: false });
      const some = await get('/api/product?q=filler&per_page=1');
      expect(some.body.meta).toMatchObject({ total: 1000, total_exact: true });
      const federalOnly = await get(`/api/product?filter[brand_id]=${federal}&per_page=1`);
      expect(federalOnly.body.meta.total_exact).toBe(true);
      await app.sql(sql`delete from products where title like 'Bulk Filler %'`);
      await app.sql(sql`delete from attribute_data where attribute_id = 11 and value #>> '{}' like 'Bulk Filler %'`);
    });

    it('reads need catalog.read, writes catalog.write', async () => {
      const p = await newProduct();
      const family = (await send('POST', '/api/product-family', { name: fx.unique('Permission Family') })).body.data as { id: number };
      for (const token of [analyst, orders, pricing]) {
        expect((await get('/api/product?per_page=1', token)).status).toBe(200);
        expect((await get(`/api/product/${p.id}`, token)).status).toBe(200);
        expect((await get('/api/product-family?per_page=1', token)).status).toBe(200);
      }
      const body = { type: 'physical', variation_type: 'rounds', title: 'Nope' };
      for (const token of [analyst, orders, pricing]) {
        expect((await send('POST', '/api/product', body, token)).status).toBe(403);
        expect((await send('POST', `/api/product/${p.id}/variant`, { sku: 'NOPE-1', units_per_package: 1 }, token)).status).toBe(403);
        expect((await send('POST', `/api/product/${p.id}/publish`, { store_id: depot }, token)).status).toBe(403);
        expect((await send('POST', '/api/modifier', { product_id: p.id, name: 'x', display_type: 'dropdown' }, token)).status).toBe(403);
        expect((await send('DELETE', `/api/product-family/${family.id}/variant/${p.variants[0]!.id}`, undefined, token)).status).toBe(403);
      }
      expect((await get('/api/product?per_page=1', '')).status).toBe(401);
    });

    it('every catalogue route declares a permission', async () => {
      const catalogue = app.routes.filter((r) =>
        /^\/api\/(attribute|brand|category|store|store-brand|store-category|product|product-family|modifier|store-variant|store-product|feed)(\/|$)/.test(r.url),
      );
      expect(catalogue.length).toBeGreaterThan(40);
      for (const r of catalogue) expect(r.permission.length, `${r.method} ${r.url}`).toBeGreaterThan(0);
      for (const r of catalogue.filter((x) => x.method !== 'GET')) expect(r.permission.some((p) => p.endsWith('.write')), `${r.method} ${r.url}`).toBe(true);
    });
  });
});

interface Row {
  id: number;
  title: string | null;
  variation_type: string;
  brand_name: string | null;
  variant_count: number;
  published_store_ids: number[];
}
interface Product {
  id: number;
  title: string | null;
  version: number;
  notes: string | null;
  brand: { id: number; name: string } | null;
  variants: { id: number; sku: string; upc: string | null; is_default: boolean; units_per_package: number; version: number; modifier_option_ids: number[] }[];
  attribute_data: { attribute_id: number; source_type: string | null; source_label: string | null; value: unknown }[];
  store_products: { id: number }[];
  store_variants: SV[];
  modifiers: unknown[];
}
interface SV {
  id: number;
  variant_id: number;
  store_product_id: number;
  version: number;
  feeds: { id: number }[];
}
interface Opt {
  id: number;
  label: string;
  is_default: boolean;
  variant_ids: number[];
  version: number;
}
interface Blocker {
  code: string;
  message: string;
}

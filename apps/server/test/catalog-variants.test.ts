import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, fixtures, useTestApp, expectRefused } from './harness.js';

/** `GET variant` (the family editor's picker) and a family's store products. */
describe.each(BACKENDS)('catalogue variant search and family store products (%s)', (kind) => {
  const app = useTestApp(kind);
  const fx = fixtures(app, () => cat);
  let cat: string;
  let analyst: string;
  /** Stores of the test's own: two enabled, one disabled. */
  let depot: number;
  let depotName: string;
  let bulk: number;
  let b2b: number;
  let b2bName: string;

  beforeAll(async () => {
    [cat, analyst] = await Promise.all(['catalog@example.com', 'analyst@example.com'].map((e) => app.login(e)));
    ({ id: depot, name: depotName } = await fx.store());
    bulk = (await fx.store()).id;
    ({ id: b2b, name: b2bName } = await fx.store(undefined, false));
  });

  const get = (url: string, token = cat) => app.req('GET', url, { token });
  const send = (method: string, url: string, body?: unknown, token = cat) => app.req(method, url, { token, body });
  const code = `VS${kind === 'pglite' ? 'L' : 'P'}${Date.now().toString(36).toUpperCase()}`;

  async function product(title: string, skus: string[], upc?: string) {
    const res = await send('POST', '/api/product', {
      type: 'physical',
      variation_type: 'rounds',
      title,
      variants: skus.map((sku, i) => ({ sku, units_per_package: (i + 1) * 50, ...(i === 0 && upc ? { upc } : {}) })),
    });
    expect(res.status, res.text).toBe(201);
    return res.body.data as { id: number; variants: { id: number; sku: string }[] };
  }

  describe('GET variant', () => {
    it('a broad search listed by product title pages exactly as a full sort would, "1,000+" in total', async () => {
      // 1,100 products whose titles share a word, most two by two sharing a whole title, one variant
      // each: a page needs exactly its products, those tied on the last title included.
      const word = `Broadword${kind === 'pglite' ? 'l' : 'p'}`;
      await app.sql(sql`
        with p as (insert into products (type, variation_type) select 'physical', 'rounds' from generate_series(1, 1100) g returning id),
             t as (insert into attribute_data (attribute_id, sourceable_type, sourceable_id, value)
                   select 11, 'product', p.id, to_jsonb(${word} || ' Load ' || (p.id % 700)) from p)
        insert into variants (product_id, sku, units_per_package, is_default)
        select p.id, ${word.toUpperCase()} || '-' || p.id || '-1', 50, true from p`);
      const expected = await app.sql<{ id: number }>(sql`
        select v.id from variants v join products p on p.id = v.product_id where p.title like ${word + ' %'}
         order by lower(p.title), v.units_per_package, v.id desc`);
      const ids: number[] = [];
      for (let page = 1; page <= 3; page++) {
        const res = await get(`/api/variant?q=${word.slice(0, 6).toLowerCase()}&sort=product_title,units_per_package&per_page=12&page=${page}`);
        expect(res.status, res.text).toBe(200);
        expect(res.body.meta).toMatchObject({ total: 1000, total_exact: false });
        ids.push(...res.body.data.map((v: { id: number }) => v.id));
      }
      expect(ids).toEqual(expected.slice(0, 36).map((r) => r.id));
      const desc = await get(`/api/variant?q=${word.toLowerCase()}&sort=-product_title,units_per_package&per_page=12`);
      const expectedDesc = await app.sql<{ id: number }>(sql`
        select v.id from variants v join products p on p.id = v.product_id where p.title like ${word + ' %'}
         order by lower(p.title) desc, v.units_per_package, v.id desc limit 12`);
      expect(desc.body.data.map((v: { id: number }) => v.id)).toEqual(expectedDesc.map((r) => r.id));
      // With a filter the search is counted and paged as usual.
      const one = expected[500]!.id;
      const [owner] = await app.sql<{ product_id: number }>(sql`select product_id from variants where id = ${one}`);
      const filtered = await get(`/api/variant?q=${word.toLowerCase()}&sort=product_title&filter[product_id]=${owner!.product_id}`);
      expect(filtered.body.data.map((v: { id: number }) => v.id)).toEqual([one]);
      expect(filtered.body.meta).toMatchObject({ total: 1, total_exact: true });
      await app.sql(sql`delete from products where title like ${word + ' %'}`);
      await app.sql(sql`delete from attribute_data where attribute_id = 11 and value #>> '{}' like ${word + ' %'}`);
      // 1,100 products and their triggers: PGlite on a busy machine needs more than the default.
    }, 90_000);

    it('pages variants with product title, sku, upc, units; searches SKU/UPC prefixes and title words; filters by product', async () => {
      const a = await product(`Zorblax Tactical ${code}`, [`${code}-BOX`, `${code}-CASE`], '012345678912');
      const b = await product(`Quillon Match ${code}`, [`${code}Q-1`]);

      const page = await get('/api/variant?per_page=5');
      expect(page.status).toBe(200);
      expect(page.body.data).toHaveLength(5);
      expect(page.body.meta).toMatchObject({ page: 1, per_page: 5 });
      expect(Object.keys(page.body.data[0]).sort()).toEqual(['id', 'is_default', 'product_id', 'product_title', 'sku', 'units_per_package', 'upc']);

      const exact = await get(`/api/variant?q=${code}-CASE`);
      expect(exact.body.data.map((v: { sku: string }) => v.sku)).toContain(`${code}-CASE`);
      expect(exact.body.data.find((v: { sku: string }) => v.sku === `${code}-CASE`)).toMatchObject({
        product_id: a.id,
        product_title: `Zorblax Tactical ${code}`,
        units_per_package: 100,
        upc: null,
      });

      const prefix = await get(`/api/variant?q=${code.toLowerCase()}`);
      expect(prefix.body.data.map((v: { sku: string }) => v.sku).sort()).toEqual([`${code}-BOX`, `${code}-CASE`, `${code}Q-1`]);
      expect(prefix.body.meta).toMatchObject({ total: 3, total_exact: true });

      const upc = await get('/api/variant?q=0123456789');
      expect(upc.body.data.map((v: { sku: string }) => v.sku)).toContain(`${code}-BOX`);

      const words = await get('/api/variant?q=zorbl tact');
      expect(words.body.data.map((v: { sku: string }) => v.sku).sort()).toEqual([`${code}-BOX`, `${code}-CASE`]);

      const byProduct = await get(`/api/variant?filter[product_id]=${b.id}`);
      expect(byProduct.body.data.map((v: { id: number }) => v.id)).toEqual([b.variants[0]!.id]);
      const sorted = await get(`/api/variant?q=${code}&sort=-units_per_package`);
      expect(sorted.body.data[0].units_per_package).toBe(100);

      expect((await get('/api/variant?q=nothing-matches-this-zzz')).body.data).toEqual([]);
      expect((await get('/api/variant?q=50%25_')).status).toBe(200);
      expectRefused(await get('/api/variant?filter[nope]=1'), 400, 'filter.nope');
      expectRefused(await get('/api/variant?sort=cost'), 400, 'sort');
      expect((await get('/api/variant?per_page=1', analyst)).status).toBe(200);
      expect((await get('/api/variant', '')).status).toBe(401);
      const csv = await get(`/api/variant?q=${code}&format=csv`);
      expect(csv.headers['content-type']).toMatch(/text\/csv/);
      expect(csv.text).toContain(`${code}-BOX`);
    });
  });

  describe('POST product-family/{id}/store-product', () => {
    it('puts the family on a store, audited; 409 when already there, 422 for unknown or disabled stores; publish and unpublish', async () => {
      const fam = (await send('POST', '/api/product-family', { name: `Store Family ${code}` })).body.data as { id: number };
      const res = await send('POST', `/api/product-family/${fam.id}/store-product`, { store_id: depot });
      expect(res.status, res.text).toBe(201);
      const sp = res.body.data;
      expect(sp).toMatchObject({ store_id: depot, store_name: depotName, product_family_id: fam.id, product_id: null, is_published: false, version: 1 });
      const audit = await app.sql<{ after: { id: number } }>(sql`select after from audit_logs where entity = 'store_product' and action = 'create' and entity_id = ${String(sp.id)}`);
      expect(audit).toHaveLength(1);

      const again = await send('POST', `/api/product-family/${fam.id}/store-product`, { store_id: depot });
      expect(again.status).toBe(409);
      expect(again.body.error.message).toContain(`already on ${depotName}`);
      expect(again.body.error.fields.store_id).toBe(`Already on ${depotName}`);
      const unknown = await send('POST', `/api/product-family/${fam.id}/store-product`, { store_id: 999999 });
      expect(unknown.status).toBe(422);
      expect(unknown.body.error.fields.store_id).toBe('Unknown store');
      const disabled = await send('POST', `/api/product-family/${fam.id}/store-product`, { store_id: b2b });
      expect(disabled.status).toBe(422);
      expect(disabled.body.error.fields.store_id).toBe(`${b2bName} is disabled`);
      expect(disabled.body.error.message).toBe(`${b2bName} is disabled. Enable the store first.`);
      expect((await send('POST', '/api/product-family/999999/store-product', { store_id: depot })).status).toBe(404);
      expectRefused(await send('POST', `/api/product-family/${fam.id}/store-product`, { store_id: 'x' }), 400, 'store_id');
      expect((await send('POST', `/api/product-family/${fam.id}/store-product`, { store_id: bulk }, analyst)).status).toBe(403);

      const loaded = (await get(`/api/product-family/${fam.id}`)).body.data;
      expect(loaded.store_products.map((s: { id: number }) => s.id)).toEqual([sp.id]);

      // Publishing needs variants in the family.
      const empty = await send('PUT', `/api/store-product/${sp.id}`, { version: sp.version, is_published: true });
      expect(empty.status).toBe(422);
      expect(empty.body.error.message).toMatch(/no variants/);
      const p = await product(`Family Source ${code}`, [`${code}-FAM`]);
      expect((await send('POST', `/api/product-family/${fam.id}/variant`, { variant_id: p.variants[0]!.id })).status).toBe(201);
      const published = await send('PUT', `/api/store-product/${sp.id}`, { version: sp.version, is_published: true });
      expect(published.status, published.text).toBe(200);
      expect(published.body.store_product).toMatchObject({ is_published: true, published_at: expect.any(String), version: sp.version + 1 });
      const unpublished = await send('PUT', `/api/store-product/${sp.id}`, { version: sp.version + 1, is_published: false });
      expect(unpublished.body.store_product).toMatchObject({ is_published: false, published_at: null, version: sp.version + 2 });
      expectRefused(await send('PUT', `/api/store-product/${sp.id}`, { version: sp.version, is_published: true }), 409);
      const audits = await app.sql<{ n: number }>(sql`select count(*)::int as n from audit_logs where entity = 'store_product' and action = 'update' and entity_id = ${String(sp.id)}`);
      expect(audits[0]!.n).toBe(2);
    });
  });
});

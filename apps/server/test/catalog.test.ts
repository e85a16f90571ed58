import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_ATTRIBUTE_ID, TITLE_ATTRIBUTE_ID } from '@qm/contracts';
import { BACKENDS, fixtures, useTestApp, expectRefused } from './harness.js';

/** Catalogue reference screens: attributes, brands, categories, stores, store brands/categories, feeds. */
describe.each(BACKENDS)('catalogue reference data (%s)', (kind) => {
  const app = useTestApp(kind);
  let cat: string;
  let analyst: string;
  let orders: string;
  const fx = fixtures(app, () => cat);

  beforeAll(async () => {
    cat = await app.login('catalog@example.com');
    analyst = await app.login('analyst@example.com');
    orders = await app.login('orders@example.com');
  });

  const get = (url: string, token = cat) => app.req('GET', url, { token });
  const send = (method: string, url: string, body?: unknown, token = cat) => app.req(method, url, { token, body });

  describe('attributes', () => {
    it('has title (11) and image (13) and passes list query parameters through', async () => {
      const ids = await get(`/api/attribute?filter[id]=${TITLE_ATTRIBUTE_ID}&filter[id]=${IMAGE_ATTRIBUTE_ID}`);
      expect(ids.status).toBe(200);
      expect(ids.body.data.map((a: { id: number; code: string }) => [a.id, a.code]).sort()).toEqual([
        [11, 'title'],
        [13, 'image'],
      ]);
      expect(ids.body.data.every((a: { is_system: boolean }) => a.is_system)).toBe(true);
      const code = `case_material_${kind}`;
      const own = await send('POST', '/api/attribute', { code, name: 'Case Material', type: 'select', options: ['Brass', 'Steel'] });
      expect(own.status, own.text).toBe(201);
      const selects = await get('/api/attribute?filter[type]=select&per_page=100');
      expect(selects.body.data.map((a: { id: number }) => a.id)).toContain(own.body.data.id);
      expect(selects.body.data.every((a: { type: string }) => a.type === 'select')).toBe(true);
      const q = await get('/api/attribute?q=case mat');
      expect(q.body.data.map((a: { code: string }) => a.code)).toContain(code);
      expectRefused(await get('/api/attribute?filter[nope]=1'), 400, 'filter.nope');
    });

    it('validates type-specific fields and refuses duplicate codes', async () => {
      const noOptions = await send('POST', '/api/attribute', { code: 'twist_rate', name: 'Twist', type: 'select' });
      expect(noOptions.status).toBe(400);
      expect(noOptions.body.error.fields.options).toMatch(/at least one option/);
      const noUnit = await send('POST', '/api/attribute', { code: 'oal', name: 'Overall Length', type: 'measurement' });
      expect(noUnit.status).toBe(400);
      expect(noUnit.body.error.fields.unit).toBe('A measurement needs a unit (e.g. gr, fps)');
      expect((await send('POST', '/api/attribute', { code: 'primer_type', name: 'Primer', type: 'text' })).status).toBe(201);
      const dup = await send('POST', '/api/attribute', { code: 'primer_type', name: 'Primer again', type: 'text' });
      expect(dup.status).toBe(409);
      expect(dup.body.error.fields.code).toMatch(/already exists/);
      const unknownField = await send('POST', '/api/attribute', { code: 'x_y', name: 'X', type: 'text', colour: 'red' });
      expect(unknownField.status).toBe(400);
      expect(unknownField.body.error.fields.colour).toBe('Unknown field');
    });

    it('creates, updates with version (409 when stale), deletes; 11 and 13 are protected', async () => {
      const created = await send('POST', '/api/attribute', { code: 'bullet_coating', name: 'Bullet Coating', type: 'select', options: ['Copper', 'Polymer'] });
      expect(created.status).toBe(201);
      const a = created.body.data;
      const upd = await send('PUT', `/api/attribute/${a.id}`, { code: 'bullet_coating', name: 'Coating', type: 'select', options: ['Copper', 'Polymer', 'Moly'], version: a.version });
      expect(upd.status).toBe(200);
      expect(upd.body.data.version).toBe(a.version + 1);
      const stale = await send('PUT', `/api/attribute/${a.id}`, { code: 'bullet_coating', name: 'Stale', type: 'select', options: ['Copper'], version: a.version });
      expect(stale.status).toBe(409);
      expect(stale.body.error.code).toBe('stale_version');
      expect((await send('DELETE', `/api/attribute/${a.id}`)).status).toBe(204);

      const title = (await get(`/api/attribute/${TITLE_ATTRIBUTE_ID}`)).body.data;
      const delTitle = await send('DELETE', `/api/attribute/${TITLE_ATTRIBUTE_ID}`);
      expect(delTitle.status).toBe(422);
      expect(delTitle.body.error.message).toMatch(/built in/);
      const retype = await send('PUT', `/api/attribute/${IMAGE_ATTRIBUTE_ID}`, { code: 'image', name: 'Image', type: 'url', version: 1 });
      expect(retype.status).toBe(422);
      const rename = await send('PUT', `/api/attribute/${TITLE_ATTRIBUTE_ID}`, { code: 'title', name: 'Product Title', type: 'text', required_for_publish: true, version: title.version });
      expect(rename.status).toBe(200);
      expect(rename.body.data.name).toBe('Product Title');
    });

    it('refuses to delete an attribute in use or to drop options still used', async () => {
      // An attribute of the test's own, with one of its options set on a product of its own.
      const made = await send('POST', '/api/attribute', { code: `load_class_${kind}`, name: 'Load Class', type: 'select', options: ['Match', 'Practice'] });
      expect(made.status, made.text).toBe(201);
      const id = made.body.data.id as number;
      const p = await fx.product();
      expect((await send('POST', `/api/product/${p.id}/attribute`, { attribute_id: id, value: 'Match' })).status).toBe(201);
      const del = await send('DELETE', `/api/attribute/${id}`);
      expect(del.status).toBe(422);
      expect(del.body.error.message).toMatch(/still use/);
      const attr = (await get(`/api/attribute/${id}`)).body.data;
      const drop = await send('PUT', `/api/attribute/${id}`, { ...pick(attr), options: ['Practice'] });
      expect(drop.status).toBe(422);
      expect(drop.body.error.message).toMatch(/Match/);
      // An option nothing uses may go.
      expect((await send('PUT', `/api/attribute/${id}`, { ...pick(attr), options: ['Match'] })).status).toBe(200);
    });

    it('needs catalog.write to change attributes', async () => {
      expect((await get('/api/attribute', analyst)).status).toBe(200);
      expect((await send('POST', '/api/attribute', { code: 'zz', name: 'Z', type: 'text' }, analyst)).status).toBe(403);
      expect((await send('POST', '/api/attribute', { code: 'zz', name: 'Z', type: 'text' }, orders)).status).toBe(403);
    });
  });

  describe('brands', () => {
    it('lists with product counts, creates, refuses duplicates and deleting a brand in use', async () => {
      const brand = await fx.brand(fx.unique('Lapua'));
      await fx.product({ brand_id: brand.id });
      await fx.product({ brand_id: brand.id });
      const list = await get(`/api/brand?q=${encodeURIComponent(brand.name)}`);
      expect(list.body.data).toEqual([expect.objectContaining({ id: brand.id, name: brand.name, product_count: 2 })]);
      const dup = await send('POST', '/api/brand', { name: brand.name.toUpperCase() });
      expect(dup.status).toBe(409);
      expect(dup.body.error.code).toBe('conflict');
      expect(dup.body.error.fields.name).toBe(`A brand with this name already exists: ${brand.name}`);
      expect(dup.body.error.holders.name).toEqual({ id: brand.id, label: brand.name, path: `/brand?edit=${brand.id}` });
      const long = await send('POST', '/api/brand', { name: 'x'.repeat(201) });
      expect(long.status).toBe(400);
      expect(long.body.error.fields.name).toBe('At most 200 characters');
      const missing = await send('POST', '/api/brand', {});
      expect(missing.status).toBe(400);
      expect(missing.body.error.fields.name).toBe('Required');
      const unused = await fx.brand();
      expect((await send('DELETE', `/api/brand/${unused.id}`)).status).toBe(204);
      expect((await get(`/api/brand/${unused.id}`)).status).toBe(404);
      const inUse = await send('DELETE', `/api/brand/${brand.id}`);
      expect(inUse.status).toBe(422);
      expect(inUse.body.error.message).toMatch(new RegExp(`^${brand.name} is the brand of 2 products`));
    });
  });

  describe('bounds, messages and conflicts every form relies on', () => {
    const sku = () => `KIT-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}`.toUpperCase();
    const product = (variantSku: string, extra: Record<string, unknown> = {}) =>
      send('POST', '/api/product', { type: 'physical', variation_type: 'rounds', title: 'Kit test 9mm 115 gr FMJ', variants: [{ sku: variantSku, units_per_package: 50, cost_cents: 1299 }], ...extra });

    it('refuses a negative cost, 0 rounds and a 201-character title with the rule on each field', async () => {
      const bad = await send('POST', '/api/product', {
        type: 'physical',
        variation_type: 'rounds',
        title: 'T'.repeat(201),
        variants: [{ sku: sku(), units_per_package: 0, cost_cents: -500 }],
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error.fields).toMatchObject({
        title: 'At most 200 characters',
        'variants.0.units_per_package': 'At least 1',
        'variants.0.cost_cents': 'Cannot be negative',
      });
      const noType = await send('POST', '/api/product', { variation_type: 'rounds' });
      expect(noType.body.error.fields.type).toBe('Choose physical or virtual');
      const wrongType = await send('POST', '/api/product', { type: 'physical', variation_type: 'rounds', brand_id: 'x' });
      expect(wrongType.body.error.fields.brand_id).toBe('Enter a number');
    });

    it('refuses a 600-character title through the attribute editor', async () => {
      const created = await product(sku());
      expect(created.status).toBe(201);
      const long = await send('POST', `/api/product/${created.body.data.id}/attribute`, { attribute_id: TITLE_ATTRIBUTE_ID, value: 'T'.repeat(600) });
      expect(long.status).toBe(400);
      expect(long.body.error.fields.value).toMatch(/at most 200 characters/);
    });

    it('a duplicate SKU names the product that has it, with its page', async () => {
      const taken = sku();
      const first = await product(taken, { title: 'Kit holder 9mm' });
      expect(first.status).toBe(201);
      const dup = await product(taken.toLowerCase());
      expect(dup.status).toBe(409);
      expect(dup.body.error.code).toBe('conflict');
      expect(dup.body.error.fields.sku).toBe(`Another variant already has this SKU: Kit holder 9mm (${taken})`);
      expect(dup.body.error.holders.sku).toEqual({ id: first.body.data.id, label: `Kit holder 9mm (${taken})`, path: `/product/${first.body.data.id}?tab=variants` });
    });

    it('a stale version is told apart from a value in use by its code', async () => {
      const b = (await send('POST', '/api/brand', { name: `Kit stale ${Date.now()}` })).body.data;
      expect((await send('PUT', `/api/brand/${b.id}`, { name: `${b.name} 2`, version: b.version })).status).toBe(200);
      const stale = await send('PUT', `/api/brand/${b.id}`, { name: `${b.name} 3`, version: b.version });
      expect(stale.status).toBe(409);
      expect(stale.body.error.code).toBe('stale_version');
      expect(stale.body.error.message).toMatch(/Someone else saved this brand first/);
    });
  });

  describe('categories', () => {
    const tree = async () => (await get('/api/category')).body.data as Node[];
    const flat = async () => (await get('/api/category?flat=true')).body.data as { id: number; parent_id: number | null; sort_order: number; name: string; path: string; version: number }[];
    interface Node {
      id: number;
      parent_id: number | null;
      name: string;
      sort_order: number;
      children: Node[];
    }

    /** A small tree of the test's own: Root › (Handgun › (Nine, Forty), Rifle), every name its own. */
    async function ownTree() {
      const root = await fx.category(null, fx.unique('Ammunition'));
      const handgun = await fx.category(root.id, fx.unique('Handgun'));
      const rifle = await fx.category(root.id, fx.unique('Rifle'));
      const nine = await fx.category(handgun.id, fx.unique('Nine'));
      const forty = await fx.category(handgun.id, fx.unique('Forty'));
      const byId = async (id: number) => (await flat()).find((c) => c.id === id)!;
      return { root, handgun, rifle, nine, forty, byId };
    }

    it('returns the tree with nested children in sort order, and a flat list with paths', async () => {
      const t = await ownTree();
      const roots = await tree();
      const root = roots.find((r) => r.id === t.root.id)!;
      expect(root.children.map((c) => c.id)).toEqual([t.handgun.id, t.rifle.id]);
      expect(root.children[0]!.children.map((c) => c.id)).toEqual([t.nine.id, t.forty.id]);
      const f = await flat();
      expect(f.find((c) => c.id === t.nine.id)!.path).toBe(`${t.root.name} › ${t.handgun.name} › ${t.nine.name}`);
    });

    it('creates with a derived slug and refuses an unknown parent', async () => {
      const t = await ownTree();
      const made = await send('POST', '/api/category', { name: '.44 Magnum', parent_id: t.handgun.id });
      expect(made.status).toBe(201);
      expect(made.body.data.slug).toBe('44-magnum');
      expect(made.body.data.path).toBe(`${t.root.name} › ${t.handgun.name} › .44 Magnum`);
      const bad = await send('POST', '/api/category', { name: 'Orphan', parent_id: 999999 });
      expect(bad.status).toBe(422);
      expect(bad.body.error.fields.parent_id).toBe('Unknown category');
    });

    it('applies POST category/sort atomically: reorder and re-parent', async () => {
      const t = await ownTree();
      const mags = t.rifle;
      const acc = t.handgun;
      const targets = t.forty;
      const before = await t.byId(mags.id);
      const res = await send('POST', '/api/category/sort', {
        data: [
          { id: acc.id, parent_id: t.root.id, sort_order: 1 },
          { id: mags.id, parent_id: acc.id, sort_order: 0 },
          { id: targets.id, parent_id: acc.id, sort_order: 1 },
          { id: t.nine.id, parent_id: acc.id, sort_order: 2 },
        ],
      });
      expect(res.status).toBe(200);
      const after = await flat();
      expect(after.find((c) => c.id === mags.id)!.parent_id).toBe(acc.id);
      expect(after.find((c) => c.id === mags.id)!.version).toBe(before.version + 1);
      const accNode = (await tree()).find((r) => r.id === t.root.id)!.children.find((c) => c.id === acc.id)!;
      expect(accNode.children.slice(0, 2).map((c) => c.id)).toEqual([mags.id, targets.id]);
      // and back
      expect((await send('POST', '/api/category/sort', { data: [{ id: mags.id, parent_id: t.root.id, sort_order: 1 }, { id: acc.id, parent_id: t.root.id, sort_order: 0 }] })).status).toBe(200);
      expect((await t.byId(mags.id)).parent_id).toBe(t.root.id);
    });

    it('refuses cycles and unknown ids with nothing changed', async () => {
      const t = await ownTree();
      const before = await flat();
      const { root: ammo, handgun, nine, rifle: mags } = t;
      const cycle = await send('POST', '/api/category/sort', {
        data: [
          { id: mags.id, parent_id: null, sort_order: 0 },
          { id: ammo.id, parent_id: nine.id, sort_order: 0 },
        ],
      });
      expect(cycle.status).toBe(422);
      expect(cycle.body.error.message).toMatch(/own subtree/);
      const unknown = await send('POST', '/api/category/sort', {
        data: [
          { id: mags.id, parent_id: null, sort_order: 5 },
          { id: 987654, parent_id: null, sort_order: 0 },
        ],
      });
      expect(unknown.status).toBe(422);
      expect(unknown.body.error.fields['data.1.id']).toMatch(/Unknown/);
      const self = await send('POST', '/api/category/sort', { data: [{ id: handgun.id, parent_id: handgun.id, sort_order: 0 }] });
      expect(self.status).toBe(400);
      expect(JSON.stringify(self.body.error)).toMatch(/own parent|itself/i);
      const twice = await send('POST', '/api/category/sort', { data: [{ id: handgun.id, parent_id: null, sort_order: 0 }, { id: handgun.id, parent_id: ammo.id, sort_order: 0 }] });
      expect(twice.status).toBe(400);
      expect(JSON.stringify(twice.body.error)).toMatch(/twice|once|more than one/i);
      expect(await flat()).toEqual(before);
      // PUT that would create a cycle is refused too
      const h = await t.byId(handgun.id);
      const put = await send('PUT', `/api/category/${handgun.id}`, { name: handgun.name, slug: (h as unknown as { slug: string }).slug ?? 'handgun', parent_id: nine.id, sort_order: 0, version: h.version });
      expect(put.status).toBe(422);
      expect(put.body.error.message).toMatch(/cannot be moved under itself or one of its own subcategories/);
      expect(put.body.error.fields.parent_id).toBe('Would create a cycle');
    });

    it('deletes only when told where children and products go', async () => {
      // Rimfire › (.22 LR with a product, .17 HMR, .22 WMR) under a root of the test's own.
      const ammo = await fx.category(null, fx.unique('Ammunition'));
      const rimfire = await fx.category(ammo.id, fx.unique('Rimfire'));
      const lr = await fx.category(rimfire.id, fx.unique('22 LR'));
      await fx.category(rimfire.id, fx.unique('17 HMR'));
      await fx.category(rimfire.id, fx.unique('22 WMR'));
      const product = await fx.product({ category_ids: [lr.id] });
      const products = (await get(`/api/product?filter[category_id]=${lr.id}&per_page=1`)).body.meta.total;
      expect(products).toBe(1);
      const refused = await send('DELETE', `/api/category/${rimfire.id}`);
      expect(refused.status).toBe(422);
      expect(refused.body.error.message).toMatch(/3 subcategories.*move_to/);
      const leaf = await send('DELETE', `/api/category/${lr.id}`);
      expect(leaf.status).toBe(422);
      expect(leaf.body.error.message).toMatch(/move_to/);
      const intoOwnChild = await send('DELETE', `/api/category/${rimfire.id}?move_to=${lr.id}`);
      expect(intoOwnChild.status).toBe(422);
      expect((await send('DELETE', `/api/category/${rimfire.id}?move_to=${ammo.id}`)).status).toBe(204);
      const after = await flat();
      expect(after.find((c) => c.id === rimfire.id)).toBeUndefined();
      expect(after.find((c) => c.id === lr.id)!.parent_id).toBe(ammo.id);
      expect((await get(`/api/product?filter[category_id]=${lr.id}&per_page=5`)).body.data.map((r: { id: number }) => r.id)).toEqual([product.id]);
      // an empty category deletes without move_to
      const empty = await send('POST', '/api/category', { name: 'Empty One' });
      expect((await send('DELETE', `/api/category/${empty.body.data.id}`)).status).toBe(204);
      // audit
      const log = await app.sql<{ n: number }>(sql`select count(*)::int as n from audit_logs where entity = 'category' and action = 'delete' and entity_id = ${String(rimfire.id)}`);
      expect(log[0]!.n).toBe(1);
    });

    it('needs catalog.write to change the tree', async () => {
      expect((await get('/api/category', orders)).status).toBe(200);
      const own = await fx.category();
      expect((await send('POST', '/api/category/sort', { data: [{ id: own.id, parent_id: null, sort_order: 0 }] }, orders)).status).toBe(403);
      expect((await send('DELETE', `/api/category/${own.id}`, undefined, analyst)).status).toBe(403);
      expect((await flat()).find((c) => c.id === own.id)).toBeDefined();
    });
  });

  describe('stores, store brands and categories, feeds', () => {
    it('lists every store in data; creates, disables, 409 when stale', async () => {
      const mine = [await fx.store(), await fx.store(undefined, false)];
      const list = await get('/api/store');
      expect(list.status).toBe(200);
      expect(list.body.meta).toBeUndefined();
      expect(list.body.data.map((s: { name: string }) => s.name)).toEqual(expect.arrayContaining(mine.map((m) => m.name)));
      const created = await send('POST', '/api/store', { name: 'Range Day Supply', code: 'range-day', domain: 'rangeday.com' });
      expect(created.status).toBe(201);
      const s = created.body.data;
      const off = await send('PUT', `/api/store/${s.id}`, { name: s.name, code: s.code, domain: s.domain, is_enabled: false, version: s.version });
      expect(off.status).toBe(200);
      expect(off.body.data.is_enabled).toBe(false);
      expectRefused(await send('PUT', `/api/store/${s.id}`, { name: 'X', code: s.code, domain: null, is_enabled: true, version: s.version }), 409);
      const taken = await send('POST', '/api/store', { name: 'Other', code: mine[0]!.code });
      expect(taken.status).toBe(409);
      expect(taken.body.error.fields.code).toMatch(/\w/);
      const badCode = await send('POST', '/api/store', { name: 'Bad', code: 'Bad Code!' });
      expect(badCode.status).toBe(400);
      expect(badCode.body.error.fields.code).toMatch(/\w/);
      expect((await send('POST', '/api/store', { name: 'Mine', code: 'mine' }, cat)).status).toBe(201);
      expect((await send('POST', '/api/store', { name: 'Nope', code: 'nope' }, analyst)).status).toBe(403);
    });

    it('store brands and categories are per store and filterable by store', async () => {
      const depot = await fx.store();
      const bulk = await fx.store();
      const [b1, b2] = [await fx.brand(), await fx.brand()];
      for (const b of [b1, b2]) expect((await send('POST', '/api/store-brand', { store_id: depot.id, brand_id: b.id, title: b.name, slug: `b-${b.id}` })).status).toBe(201);
      const sb = await get(`/api/store-brand?filter[store_id]=${depot.id}&per_page=100`);
      expect(sb.status).toBe(200);
      expect(sb.body.data.map((x: { brand_id: number }) => x.brand_id).sort()).toEqual([b1.id, b2.id].sort());
      expect(sb.body.data.every((x: { store_id: number }) => x.store_id === depot.id)).toBe(true);
      const brand = await fx.brand(fx.unique('Armscor'));
      const made = await send('POST', '/api/store-brand', { store_id: bulk.id, brand_id: brand.id, title: 'Armscor Bulk', slug: 'armscor', sort_order: 3 });
      expect(made.status).toBe(201);
      expect(made.body.data).toMatchObject({ store_name: bulk.name, brand_name: brand.name, visible: true });
      const again = await send('POST', '/api/store-brand', { store_id: bulk.id, brand_id: brand.id });
      expect(again.status).toBe(409);
      expect(again.body.error.message).toMatch(/\w/);
      const noStore = await send('POST', '/api/store-brand', { store_id: 999999, brand_id: brand.id });
      expect(noStore.status).toBe(422);
      expect(noStore.body.error.fields.store_id).toMatch(/\w/);
      const upd = await send('PUT', `/api/store-brand/${made.body.data.id}`, { store_id: bulk.id, brand_id: brand.id, visible: false, title: 'Armscor', slug: 'armscor', description: null, sort_order: 1, version: 1 });
      expect(upd.status).toBe(200);
      expect(upd.body.data.visible).toBe(false);
      const sc = await get(`/api/store-category?filter[store_id]=${bulk.id}&filter[visible]=true&per_page=100`);
      expect(sc.status).toBe(200);
      expect(sc.body.data.every((x: { store_id: number; visible: boolean }) => x.store_id === bulk.id && x.visible)).toBe(true);
      const category = await fx.category();
      expect((await send('POST', '/api/store-category', { store_id: bulk.id, category_id: category.id, slug: 'own-slug' })).status).toBe(201);
      const visible = await get(`/api/store-category?filter[store_id]=${bulk.id}&filter[visible]=true&per_page=100`);
      expect(visible.body.data.map((x: { category_id: number }) => x.category_id)).toEqual([category.id]);
      const badSlug = await send('POST', '/api/store-category', { store_id: bulk.id, category_id: category.id, slug: 'Not A Slug' });
      expect(badSlug.status).toBe(400);
      expect(badSlug.body.error.fields.slug).toMatch(/\w/);
      expect((await get('/api/store-brand', analyst)).status).toBe(200);
      expect((await send('DELETE', `/api/store-brand/${made.body.data.id}`, undefined, analyst)).status).toBe(403);
      expect((await send('DELETE', `/api/store-brand/${made.body.data.id}`)).status).toBe(204);
    });

    it('GET feed lists feeds with store and destination', async () => {
      const store = await fx.store();
      const daily = await fx.feed(store.id);
      const weekly = await send('POST', '/api/feed', { store_id: store.id, name: fx.unique('Weekly Feed'), target_destination: 'bulkcheapammo', frequency_hours: 168 });
      expect(weekly.status, weekly.text).toBe(201);
      const feeds = await get('/api/feed');
      expect(feeds.status).toBe(200);
      const mine = feeds.body.data.filter((f: { store_id: number }) => f.store_id === store.id);
      expect(mine.map((f: { id: number }) => f.id).sort()).toEqual([daily.id, weekly.body.data.id].sort());
      expect(mine.find((f: { id: number }) => f.id === daily.id)).toMatchObject({ store_name: store.name, target_destination: 'ammoseek', frequency_hours: 24 });
      expect(mine.find((f: { id: number }) => f.id === weekly.body.data.id)).toMatchObject({ store_name: store.name, target_destination: 'bulkcheapammo', frequency_hours: 168 });
      expect((await get('/api/feed', analyst)).status).toBe(403);
    });
  });
});

function pick(a: { code: string; name: string; type: string; options: string[]; unit: string | null; required_for_publish: boolean; version: number }) {
  return { code: a.code, name: a.name, type: a.type, options: a.options, unit: a.unit, required_for_publish: a.required_for_publish, version: a.version };
}

import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { MAP_HOLIDAY_MAX_DAYS, type MapHoliday, type StoreVariantPrice } from '@qm/contracts';
import { BACKENDS, expectRefused, useTestApp } from './harness.js';

/** The day `days` after `d` (YYYY-MM-DD). */
const plus = (d: string, days: number) => new Date(Date.parse(`${d}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe.each(BACKENDS)('MAP holidays on %s', (kind) => {
  // feed builds run here, one at a time (t.jobs.execute)
  const t = useTestApp(kind, { JOB_CONCURRENCY: '0' });
  let pricing: string;
  let analyst: string;
  let catalog: string;
  let admin: string;
  let today: string;
  /** Another brand than the demo's holidays', and a store. */
  let brandId: number;
  let storeId: number;
  let otherStoreId: number;

  const create = (body: object, token = pricing) => t.req('POST', '/api/map-holiday', { token, body });
  const list = async (query = '') => {
    const res = await t.req('GET', `/api/map-holiday?per_page=100${query}`, { token: analyst });
    expect(res.status, res.text).toBe(200);
    return res.body as { data: MapHoliday[]; meta: { total: number } };
  };
  const count = async () => (await t.sql<{ n: number }>(sql`select count(*)::int as n from map_holidays`))[0]!.n;

  beforeAll(async () => {
    pricing = await t.login('pricing@example.com');
    analyst = await t.login('analyst@example.com');
    catalog = await t.login('catalog@example.com');
    admin = await t.login('admin@example.com');
    today = (await t.sql<{ d: string }>(sql`select qm_today()::text as d`))[0]!.d;
    expect(today).toBe(new Date().toISOString().slice(0, 10));
    const [b] = await t.sql<{ id: number }>(sql`select id from brands where not exists (select 1 from map_holidays h where h.brand_id = brands.id) order by id limit 1`);
    brandId = b!.id;
    const stores = await t.sql<{ id: number }>(sql`select id from stores order by id limit 2`);
    storeId = stores[0]!.id;
    otherStoreId = stores[1]!.id;
  });

  it('the demo has one on now, one coming and one over, each with its status; the list filters by it', async () => {
    const all = await list();
    expect(all.data.map((h) => h.status).sort()).toEqual(['on', 'over', 'upcoming']);
    for (const status of ['on', 'upcoming', 'over'] as const) {
      const some = await list(`&filter[status]=${status}`);
      expect(some.meta.total, status).toBe(1);
      const h = some.data[0]!;
      if (status === 'on') expect(h.starts_on <= today && h.ends_on >= today).toBe(true);
      if (status === 'upcoming') expect(h.starts_on > today).toBe(true);
      if (status === 'over') expect(h.ends_on < today).toBe(true);
    }
    expectRefused(await t.req('GET', '/api/map-holiday?filter[status]=soon', { token: analyst }), 400, 'filter.status');
  });

  it('is created, changed and deleted by the pricing team, each write audited before → after', async () => {
    const res = await create({ brand_id: brandId, store_id: storeId, starts_on: plus(today, 30), ends_on: plus(today, 33), note: 'Spring sale' });
    expect(res.status, res.text).toBe(201);
    const h = res.body.data as MapHoliday;
    expect(h).toMatchObject({ brand_id: brandId, store_id: storeId, starts_on: plus(today, 30), ends_on: plus(today, 33), note: 'Spring sale', status: 'upcoming' });
    expect(h.brand_name.length).toBeGreaterThan(0);
    const put = await t.req('PUT', `/api/map-holiday/${h.id}`, { token: pricing, body: { brand_id: brandId, store_id: null, starts_on: plus(today, 30), ends_on: plus(today, 34), note: null, version: h.version } });
    expect(put.status, put.text).toBe(200);
    expect(put.body.data).toMatchObject({ store_id: null, store_name: null, ends_on: plus(today, 34), note: null });
    const [entry] = await t.sql<{ before: { ends_on: string }; after: { ends_on: string } }>(
      sql`select before, after from audit_logs where entity = 'map_holiday' and entity_id = ${String(h.id)} and action = 'update'`,
    );
    expect(entry).toMatchObject({ before: { ends_on: plus(today, 33) }, after: { ends_on: plus(today, 34) } });
    // a stale version is refused
    expectRefused(await t.req('PUT', `/api/map-holiday/${h.id}`, { token: pricing, body: { brand_id: brandId, store_id: null, starts_on: plus(today, 30), ends_on: plus(today, 34), note: null, version: h.version } }), 409);
    expect((await t.req('DELETE', `/api/map-holiday/${h.id}`, { token: pricing })).status).toBe(204);
    expect((await t.sql(sql`select 1 from audit_logs where entity = 'map_holiday' and entity_id = ${String(h.id)} and action = 'delete'`)).length).toBe(1);
  });

  it('refuses a bad holiday whole, with the rule on the field at fault; nothing is written', async () => {
    const before = await count();
    const ok = { brand_id: brandId, store_id: null, starts_on: plus(today, 40), ends_on: plus(today, 41) };
    expectRefused(await create({ ...ok, ends_on: plus(today, 39) }), 400, 'ends_on');
    expectRefused(await create({ ...ok, ends_on: plus(today, 40 + MAP_HOLIDAY_MAX_DAYS) }), 400, 'ends_on');
    expectRefused(await create({ ...ok, starts_on: '2026-02-30' }), 400, 'starts_on');
    expectRefused(await create({ ...ok, starts_on: null }), 400, 'starts_on');
    expectRefused(await create({ ...ok, brand_id: undefined }), 400, 'brand_id');
    expectRefused(await create({ ...ok, brand_id: 99_999_999 }), 422, 'brand_id');
    expectRefused(await create({ ...ok, store_id: 99_999_999 }), 422, 'store_id');
    expectRefused(await create({ ...ok, extra: 1 }), 400);
    // one holiday per brand, store and day: one for every store overlaps one for a store, not two stores' own
    const first = await create({ ...ok, store_id: storeId });
    expect(first.status, first.text).toBe(201);
    const overlap = await create({ ...ok, starts_on: plus(today, 41), ends_on: plus(today, 45) });
    expectRefused(overlap, 422, 'starts_on');
    expect(overlap.body.error.message).toContain(`Overlaps MAP holiday #${first.body.data.id}`);
    const otherStore = await create({ ...ok, store_id: otherStoreId });
    expect(otherStore.status, otherStore.text).toBe(201);
    // moving one onto the other is refused too; moving it within its own days is not
    const moved = await t.req('PUT', `/api/map-holiday/${otherStore.body.data.id}`, { token: pricing, body: { ...ok, store_id: storeId, version: 1 } });
    expectRefused(moved, 422, 'starts_on');
    const own = await t.req('PUT', `/api/map-holiday/${first.body.data.id}`, { token: pricing, body: { ...ok, store_id: storeId, ends_on: plus(today, 42), version: 1 } });
    expect(own.status, own.text).toBe(200);
    expect(await count()).toBe(before + 2);
    for (const id of [first.body.data.id, otherStore.body.data.id]) expect((await t.req('DELETE', `/api/map-holiday/${id}`, { token: pricing })).status).toBe(204);
  });

  it('Store Variant Pricing lists a brand’s prices (the dashboard’s link for a brand on a MAP holiday)', async () => {
    const on = (await t.req('GET', '/api/pricing/summary', { token: pricing })).body.data.map_holidays_on as { brand_id: number; store_id: number | null }[];
    expect(on.length).toBeGreaterThan(0);
    const brand = on[0]!.brand_id;
    const res = await t.req('GET', `/api/pricing/store-variant?filter[brand_id]=${brand}&per_page=100`, { token: pricing });
    expect(res.status, res.text).toBe(200);
    const [{ n }] = (await t.sql<{ n: number }>(sql`select count(*)::int as n from store_variants sv join variants v on v.id = sv.variant_id join products p on p.id = v.product_id where p.brand_id = ${brand}`)) as [{ n: number }];
    expect(n).toBeGreaterThan(0);
    expect(res.body.meta.total).toBe(n);
    // the demo's holiday is on: every one of the brand's prices with a MAP says so
    const rows = res.body.data as StoreVariantPrice[];
    expect(rows.some((r) => r.map_price_cents !== null)).toBe(true);
    for (const r of rows) expect(r.map_lifted, r.sku).toBe(on[0]!.store_id === null || r.store_id === on[0]!.store_id);
    expectRefused(await t.req('GET', '/api/pricing/store-variant?filter[brand_id]=x', { token: pricing }), 400, 'filter.brand_id');
  });

  it('two overlapping holidays sent together: one is written, the other refused', async () => {
    const body = (store_id: number | null) => ({ brand_id: brandId, store_id, starts_on: plus(today, 60), ends_on: plus(today, 62) });
    const answers = await Promise.all([create(body(null)), create(body(storeId))]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);
    const written = answers.find((a) => a.status === 201)!;
    expect(await count()).toBe((await list()).meta.total);
    expect((await t.req('DELETE', `/api/map-holiday/${written.body.data.id}`, { token: pricing })).status).toBe(204);
  });

  it('the analyst reads, the catalogue team neither reads nor writes', async () => {
    expect((await t.req('GET', '/api/map-holiday', { token: analyst })).status).toBe(200);
    expect((await create({ brand_id: brandId, store_id: null, starts_on: plus(today, 50), ends_on: plus(today, 51) }, analyst)).status).toBe(403);
    expect((await t.req('GET', '/api/map-holiday', { token: catalog })).status).toBe(403);
  });

  it('while one is on, its brand’s prices are not flagged under MAP nor held at MAP, and feeds carry the price without the MAP note; not the day after it ends', async () => {
    // an advertised MAP undercut (the dashboard's "Advertised under MAP"), and a gated one on the same brand and store
    const [v] = await t.sql<{ id: number; brand_id: number; store_id: number; map_price_cents: number; price_cents: number }>(
      sql`select sv.id, p.brand_id, sp.store_id, sv.map_price_cents, sv.price_cents
            from store_variants sv join store_products sp on sp.id = sv.store_product_id join variants v on v.id = sv.variant_id join products p on p.id = v.product_id
           where sv.map_gate is null and sv.price_cents < sv.map_price_cents and v.cost_cents is not null
             and not exists (select 1 from map_holidays h where h.brand_id = p.brand_id)
           order by sv.id limit 1`,
    );
    expect(v, 'the demo has an advertised price under MAP').toBeDefined();
    const [gated] = await t.sql<{ id: number; price_cents: number; map_price_cents: number }>(
      sql`select sv.id, sv.price_cents, sv.map_price_cents from store_variants sv join store_products sp on sp.id = sv.store_product_id join variants v on v.id = sv.variant_id
           join products p on p.id = v.product_id
           where p.brand_id = ${v!.brand_id} and sp.store_id = ${v!.store_id} and sv.map_gate = 'map_gated' and sv.is_enabled and sv.price_cents < sv.map_price_cents
           order by sv.id limit 1`,
    );
    expect(gated, 'a gated price of the same brand on the store').toBeDefined();
    const feed = await t.req('POST', '/api/feed', { token: admin, body: { store_id: v!.store_id, name: 'MAP holiday test → AmmoSeek', target_destination: 'ammoseek', frequency_hours: 24, keep_without_upc: true, keep_below_cost: true } });
    expect(feed.status, feed.text).toBe(201);
    const feedId = feed.body.data.id as number;
    expect((await t.req('POST', '/api/feed/store-variant', { token: admin, body: { store_variant_ids: [gated!.id], feed_ids: [feedId], mode: 'add' } })).status).toBe(200);
    const built = await t.req('POST', `/api/feed/${feedId}/build`, { token: admin, body: {} });
    expect(built.status, built.text).toBe(202);
    await t.jobs.execute(built.body.data.id);

    const row = async () => (await t.req('GET', `/api/pricing/store-variant/${v!.id}`, { token: pricing })).body.data as StoreVariantPrice;
    const flagged = async () => (await t.req('GET', '/api/pricing/store-variant?filter[flag]=map_violation&per_page=1', { token: pricing })).body.meta.total as number;
    const summary = async () => (await t.req('GET', '/api/pricing/summary', { token: pricing })).body.data as { flags: { map_violation: number }; map_holidays_on: { id: number }[] };
    const dashboard = async () => (await summary()).flags.map_violation;
    const filed = async () => {
      const res = await t.req('GET', `/api/feed/${feedId}/file`, { token: admin });
      expect(res.status, res.text).toBe(200);
      const doc = new new JSDOM('').window.DOMParser().parseFromString(res.text, 'application/xml');
      const product = doc.getElementsByTagName('product')[0]!;
      const field = (name: string) => product.getElementsByTagName(name)[0]?.textContent ?? '';
      return { price: field('price'), note: field('map_note') };
    };

    const before = { row: await row(), flagged: await flagged(), dashboard: await dashboard(), file: await filed() };
    expect(before.row.flags).toContain('map_violation');
    expect(before.row.map_lifted).toBe(false);
    expect(before.row.suggestion).toMatchObject({ basis: 'map', price_cents: v!.map_price_cents });
    expect(before.file).toEqual({ price: (gated!.map_price_cents / 100).toFixed(2), note: 'See price in cart' });

    const on = await create({ brand_id: v!.brand_id, store_id: v!.store_id, starts_on: plus(today, -1), ends_on: today, note: 'On today' });
    expect(on.status, on.text).toBe(201);
    const during = await row();
    expect(during.flags).not.toContain('map_violation');
    expect(during.map_lifted).toBe(true);
    expect(during.suggestion.basis).not.toBe('map');
    expect(during.suggestion.price_cents).toBeLessThan(v!.map_price_cents);
    expect(during.suggestion.reason).toContain('MAP holiday');
    // the kept totals follow the holiday's table
    expect(await flagged()).toBeLessThan(before.flagged);
    expect(await dashboard()).toBeLessThan(before.dashboard);
    expect((await summary()).map_holidays_on.map((h) => h.id)).toContain(on.body.data.id);
    expect(await filed()).toEqual({ price: (gated!.price_cents / 100).toFixed(2), note: '' });

    // the day after its last day (the day the database reads, moved here): MAP binds again, no table written
    const original = (await t.sql<{ def: string }>(sql`select pg_get_functiondef('qm_today()'::regprocedure) as def`))[0]!.def;
    try {
      await t.sql(sql.raw(`create or replace function qm_today() returns date language sql stable as $$ select date '${plus(today, 1)}' $$`));
      const after = await row();
      expect(after.flags).toContain('map_violation');
      expect(after.suggestion).toMatchObject({ basis: 'map', price_cents: v!.map_price_cents });
      expect(await flagged()).toBe(before.flagged);
      expect(await dashboard()).toBe(before.dashboard);
      expect((await summary()).map_holidays_on.map((h) => h.id)).not.toContain(on.body.data.id);
      expect((await list('&filter[status]=over')).data.map((h) => h.id)).toContain(on.body.data.id);
      expect(await filed()).toEqual(before.file);
    } finally {
      await t.sql(sql.raw(original));
    }
    // a holiday on another store lifts nothing here
    expect((await t.req('DELETE', `/api/map-holiday/${on.body.data.id}`, { token: pricing })).status).toBe(204);
    const elsewhere = await create({ brand_id: v!.brand_id, store_id: v!.store_id === storeId ? otherStoreId : storeId, starts_on: today, ends_on: today });
    expect(elsewhere.status, elsewhere.text).toBe(201);
    expect((await row()).flags).toContain('map_violation');
    expect(await filed()).toEqual(before.file);
  });
});

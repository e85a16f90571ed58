import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BACKENDS, useTestApp, expectRefused } from './harness.js';

describe.each(BACKENDS)('pricing on %s', (kind) => {
  const t = useTestApp(kind);
  let pricing: string;
  let analyst: string;
  beforeAll(async () => {
    pricing = await t.login('pricing@example.com');
    analyst = await t.login('analyst@example.com');
  });
  const unique = (s: string) => `${s} ${Math.random().toString(36).slice(2, 8)}`;

  it('serves the demo searches, offers, blacklist and excluded SKUs to pricing and analysts, not to the catalogue', async () => {
    for (const r of ['target-url', 'competitor-offer', 'competitor-blacklist', 'exclude-sku']) {
      const res = await t.req('GET', `/api/${r}`, { token: pricing });
      expect(res.status, r).toBe(200);
      expect(res.body.data.length, r).toBeGreaterThan(0);
      expect((await t.req('GET', `/api/${r}`, { token: analyst })).status, r).toBe(200);
      expect((await t.req('GET', `/api/${r}`, { token: await t.login('catalog@example.com') })).status, r).toBe(403);
    }
    expect((await t.req('POST', '/api/competitor-blacklist', { token: analyst, body: { competitor: 'Anyone' } })).status).toBe(403);
  });

  it('an offer carries its cost per round and round group; lists sort by cost per round and filter by group, rating and blacklist', async () => {
    const created = await t.req('POST', '/api/competitor-offer', {
      token: pricing,
      body: { competitor: 'Test Ammo Co', title: 'Test 9mm 115gr FMJ, 1000 rounds', category: 'handgun', caliber: '9mm Luger', ship_rating: 'CF', rounds: 1000, price_cents: 23_999 },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data).toMatchObject({ cpr_cents: 24, round_group: '501-1000', blacklisted: false, in_stock: true, target_url_id: null });
    const byCpr = await t.req('GET', '/api/competitor-offer?sort=cpr_cents&filter[category]=handgun&per_page=100', { token: pricing });
    const cprs = byCpr.body.data.map((o: { cpr_cents: number }) => o.cpr_cents);
    expect(cprs).toEqual([...cprs].sort((a, b) => a - b));
    const group = await t.req('GET', '/api/competitor-offer?filter[round_group]=2-50&per_page=100', { token: pricing });
    expect(group.body.data.length).toBeGreaterThan(0);
    expect(group.body.data.every((o: { rounds: number; round_group: string }) => o.round_group === '2-50' && o.rounds >= 2 && o.rounds <= 50)).toBe(true);
    // a blacklisted competitor's offers say so, and the filter finds them
    const ignored = await t.req('GET', '/api/competitor-offer?filter[blacklisted]=true&per_page=100', { token: pricing });
    expect(ignored.body.data.length).toBeGreaterThan(0);
    expect(new Set(ignored.body.data.map((o: { competitor: string }) => o.competitor))).toEqual(new Set(['Ammo Kingpin', 'DiscountAmmoDepot']));
    const listed = await t.req('POST', '/api/competitor-blacklist', { token: pricing, body: { competitor: 'test ammo co', reason: 'Test' } });
    expect(listed.status, listed.text).toBe(201);
    expect(listed.body.data.offer_count).toBe(1);
    expect((await t.req('GET', `/api/competitor-offer/${created.body.data.id}`, { token: pricing })).body.data.blacklisted).toBe(true);
    expectRefused(await t.req('POST', '/api/competitor-blacklist', { token: pricing, body: { competitor: 'TEST AMMO CO' } }), 409, 'competitor');
    expectRefused(await t.req('GET', '/api/competitor-offer?filter[blacklisted]=maybe', { token: pricing }), 400);
    // a competitor and a caliber in any case
    const mine = await t.req('GET', '/api/competitor-offer?filter[competitor]=TEST%20AMMO%20CO&filter[caliber]=9MM%20LUGER', { token: pricing });
    expect(mine.body.data.map((o: { id: number }) => o.id)).toEqual([created.body.data.id]);
  });

  it('refuses bad offers on the field at fault, with nothing written', async () => {
    const before = (await t.sql<{ n: number }>(sql`select count(*)::int as n from competitor_offers`))[0]!.n;
    const ok = { competitor: 'X', title: 'Y', category: 'rifle', rounds: 20, price_cents: 1999 };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...ok, rounds: 0 }, 'rounds'],
      [{ ...ok, rounds: 2.5 }, 'rounds'],
      [{ ...ok, price_cents: 0 }, 'price_cents'],
      [{ ...ok, price_cents: 1e12 }, 'price_cents'],
      [{ ...ok, category: 'cannon' }, 'category'],
      [{ ...ok, ship_rating: '11' }, 'ship_rating'],
      [{ ...ok, url: 'javascript:alert(1)' }, 'url'],
      [{ ...ok, seen_at: '2999-01-01T00:00:00Z' }, 'seen_at'],
      [{ ...ok, competitor: '' }, 'competitor'],
    ];
    for (const [body, field] of cases) expectRefused(await t.req('POST', '/api/competitor-offer', { token: pricing, body }), 400, field);
    expectRefused(await t.req('POST', '/api/competitor-offer', { token: pricing, body: { ...ok, target_url_id: 2_000_000_000 } }), 422, 'target_url_id');
    expect((await t.sql<{ n: number }>(sql`select count(*)::int as n from competitor_offers`))[0]!.n).toBe(before);
  });

  it('target URLs: created, changed and removed with their audit; a name or search watched twice is refused', async () => {
    const name = unique('Test .38 Special');
    const body = { name, destination: 'ammoseek', category: 'handgun', caliber: '.38 Special', url: `https://ammoseek.com/ammo/38-special?t=${name.length}${Math.random()}` };
    const res = await t.req('POST', '/api/target-url', { token: pricing, body });
    expect(res.status, res.text).toBe(201);
    const id = res.body.data.id;
    expect(res.body.data).toMatchObject({ is_active: true, offer_count: 0, last_seen_at: null, ship_rating: null, round_group: null });
    expectRefused(await t.req('POST', '/api/target-url', { token: pricing, body: { ...body, name: name.toUpperCase(), url: `${body.url}x` } }), 409, 'name');
    expectRefused(await t.req('POST', '/api/target-url', { token: pricing, body: { ...body, name: `${name} 2` } }), 409, 'url');
    expectRefused(await t.req('POST', '/api/target-url', { token: pricing, body: { ...body, name: `${name} 3`, url: 'ammoseek.com' } }), 400, 'url');
    expectRefused(await t.req('POST', '/api/target-url', { token: pricing, body: { ...body, name: `${name} 4`, destination: 'gunbroker' } }), 400, 'destination');
    expectRefused(await t.req('POST', '/api/target-url', { token: pricing, body: { ...body, name: `${name} 5`, ship_rating: '>5' } }), 400, 'ship_rating');
    const upd = await t.req('PUT', `/api/target-url/${id}`, { token: pricing, body: { ...body, ship_rating: 'CF/Free', is_active: false, version: 1 } });
    expect(upd.status, upd.text).toBe(200);
    expect(upd.body.data).toMatchObject({ ship_rating: 'CF/Free', is_active: false, version: 2 });
    expectRefused(await t.req('PUT', `/api/target-url/${id}`, { token: pricing, body: { ...body, version: 1 } }), 409);
    const inactive = await t.req('GET', '/api/target-url?filter[is_active]=false&per_page=100', { token: pricing });
    expect(inactive.body.data.map((u: { id: number }) => u.id)).toContain(id);
    expect((await t.req('DELETE', `/api/target-url/${id}`, { token: pricing })).status).toBe(204);
    const actions = await t.sql<{ action: string }>(sql`select action from audit_logs where entity = 'target_url' and entity_id = ${String(id)} order by id`);
    expect(actions.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });

  it('a watched search keeps its offers counted; removing it keeps the offers, unlinked', async () => {
    const tu = await t.req('POST', '/api/target-url', { token: pricing, body: { name: unique('Test 20 ga'), destination: 'ammoseek', category: 'shotgun', url: `https://ammoseek.com/ammo/20-gauge?${Math.random()}` } });
    const offer = await t.req('POST', '/api/competitor-offer', {
      token: pricing,
      body: { target_url_id: tu.body.data.id, competitor: 'Test Shells', title: '20 ga #8, 25 shells', category: 'shotgun', rounds: 25, price_cents: 1299, seen_at: new Date(Date.now() - 3600_000).toISOString() },
    });
    expect(offer.status, offer.text).toBe(201);
    expect(offer.body.data).toMatchObject({ target_url_name: tu.body.data.name, cpr_cents: 51.96, round_group: '2-50' });
    const counted = await t.req('GET', `/api/target-url/${tu.body.data.id}`, { token: pricing });
    expect(counted.body.data.offer_count).toBe(1);
    expect(Date.parse(counted.body.data.last_seen_at)).toBe(Date.parse(offer.body.data.seen_at));
    expect((await t.req('DELETE', `/api/target-url/${tu.body.data.id}`, { token: pricing })).status).toBe(204);
    expect((await t.req('GET', `/api/competitor-offer/${offer.body.data.id}`, { token: pricing })).body.data).toMatchObject({ target_url_id: null, target_url_name: null });
  });

  it('exclude SKUs: by our SKU in any case, for every store or one; an unknown SKU or store is refused on its field', async () => {
    const [v] = await t.sql<{ sku: string; id: number }>(sql`select sku, id from variants where id not in (select variant_id from exclude_skus) order by id limit 1`);
    const all = await t.req('POST', '/api/exclude-sku', { token: pricing, body: { sku: v!.sku.toLowerCase(), reason: 'Test' } });
    expect(all.status, all.text).toBe(201);
    expect(all.body.data).toMatchObject({ variant_id: v!.id, sku: v!.sku, store_id: null, store_name: null });
    expectRefused(await t.req('POST', '/api/exclude-sku', { token: pricing, body: { sku: v!.sku } }), 409, 'sku');
    const [store] = await t.sql<{ id: number; name: string }>(sql`select id, name from stores order by id limit 1`);
    const one = await t.req('POST', '/api/exclude-sku', { token: pricing, body: { sku: v!.sku, store_id: store!.id } });
    expect(one.status, one.text).toBe(201);
    expect(one.body.data.store_name).toBe(store!.name);
    expectRefused(await t.req('POST', '/api/exclude-sku', { token: pricing, body: { sku: 'NO-SUCH-SKU-123' } }), 422, 'sku');
    expectRefused(await t.req('POST', '/api/exclude-sku', { token: pricing, body: { sku: v!.sku, store_id: 999_999 } }), 422, 'store_id');
    const found = await t.req('GET', `/api/exclude-sku?q=${encodeURIComponent(v!.sku)}&filter[store_id]=${store!.id}`, { token: pricing });
    expect(found.body.data.map((x: { id: number }) => x.id)).toEqual([one.body.data.id]);
    for (const x of [all, one]) expect((await t.req('DELETE', `/api/exclude-sku/${x.body.data.id}`, { token: pricing })).status).toBe(204);
  });
});

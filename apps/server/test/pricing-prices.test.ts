import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PRICE_FLAGS, REPRICE_MAX_IDS, type StoreVariantPrice } from '@qm/contracts';
import { BACKENDS, useTestApp, expectRefused, finishedJob } from './harness.js';
import { marginFloorPrice } from '../src/modules/pricing/reprice.js';
import { marketSql } from '../src/modules/pricing/market.js';
import { FLAG_SQL, priceList } from '../src/modules/pricing/prices.js';

type Summary = { store_variants: number; flags: Record<string, number>; calibers: { caliber: string; above_market: number }[]; searches_stale: unknown[]; offers_recent: number };

describe.each(BACKENDS)('store variant prices on %s', (kind) => {
  const t = useTestApp(kind);
  let pricing: string;
  let analyst: string;
  beforeAll(async () => {
    pricing = await t.login('pricing@example.com');
    analyst = await t.login('analyst@example.com');
  });
  const list = async (query: string, token = pricing) => {
    const res = await t.req('GET', `/api/pricing/store-variant?${query.includes('per_page=') ? '' : 'per_page=100'}${query}`, { token });
    expect(res.status, res.text).toBe(200);
    return res.body as { data: StoreVariantPrice[]; meta: { total: number } };
  };
  /** A 9mm box of 50 on a store, priced afresh, with offers we control. */
  async function nineMil() {
    const [row] = await t.sql<{ id: number }>(sql`select sv.id from store_variants sv join variants v on v.id = sv.variant_id join products p on p.id = v.product_id
      join attribute_data d on d.sourceable_type = 'product' and d.sourceable_id = p.id and d.attribute_id = 1 and d.source_type is null and d.value #>> '{}' = '9mm Luger'
      where p.variation_type = 'rounds' and v.units_per_package = 50 and v.cost_cents is not null and sv.map_price_cents is null
        and not exists (select 1 from exclude_skus x where x.variant_id = v.id) order by sv.id limit 1`);
    return row!.id;
  }

  it('lists every store variant with its cost, margin, cost per round, market and suggestion; flags are filters', async () => {
    const all = await list('');
    expect(all.meta.total).toBe((await t.sql<{ n: number }>(sql`select count(*)::int as n from store_variants`))[0]!.n);
    for (const r of all.data) {
      if (r.price_cents !== null && r.cost_cents !== null && r.price_cents > 0) expect(r.margin_pct).toBeCloseTo(Math.round(((r.price_cents - r.cost_cents) * 1000) / r.price_cents) / 10, 5);
      if (r.price_cents !== null && r.rounds) expect(r.cpr_cents).toBeCloseTo(Math.round((r.price_cents * 100) / r.rounds) / 100, 5);
      expect(r.suggestion.reason.length).toBeGreaterThan(0);
    }
    // each flag filter answers exactly the rows that carry the flag
    const rows: StoreVariantPrice[] = [];
    for (let page = 1; rows.length < all.meta.total; page++) rows.push(...(await list(`&sort=id&per_page=100&page=${page}`)).data);
    for (const flag of PRICE_FLAGS) {
      const flagged = await list(`&filter[flag]=${flag}&per_page=1`);
      expect(flagged.meta.total, flag).toBe(rows.filter((r) => r.flags.includes(flag)).length);
    }
    // the demo data has each of them
    expect(PRICE_FLAGS.filter((f) => !rows.some((r) => r.flags.includes(f)))).toEqual([]);
    expect((await list('&filter[flag]=excluded')).meta.total).toBeGreaterThan(0);
    expect((await list('&filter[flag]=map_violation')).data.every((r) => r.map_gate === null && r.price_cents! < r.map_price_cents!)).toBe(true);
    // below cost and under the margin floor read the variant's cost kept on the store variant: what the row shows
    for (const r of rows) {
      expect(r.flags.includes('below_cost'), `${r.id}`).toBe(r.price_cents !== null && r.cost_cents !== null && r.price_cents < r.cost_cents);
      expect(r.flags.includes('under_floor'), `${r.id}`).toBe(r.price_cents !== null && r.cost_cents !== null && r.price_cents < marginFloorPrice(r.cost_cents));
    }
    const sorted = (await list('&sort=-margin_pct&filter[flag]=below_market')).data.map((r) => r.margin_pct ?? -Infinity);
    expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
    expectRefused(await t.req('GET', '/api/pricing/store-variant?filter[flag]=cheap', { token: pricing }), 400, 'filter.flag');
  });

  it('finds the few prices below cost, under the margin floor or advertised under MAP through their own indexes, and follows a variant’s new cost', async () => {
    // each flag's condition is (or begins with) its partial index's predicate (migrations 0047 and
    // 0052; the floor's percentage is in both), and PostgreSQL estimates its rows from the
    // expression's statistics (a comparison of two columns is otherwise a third of the table: a count
    // then hashes every variant)
    await t.sql(sql`analyze store_variants`);
    const [{ n: all }] = (await t.sql<{ n: number }>(sql`select count(*)::int as n from store_variants`)) as [{ n: number }];
    for (const flag of ['below_cost', 'under_floor', 'map_violation'] as const) {
      const plan = await t.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return JSON.stringify(await tx.execute(sql`explain select sv.id from ${priceList.from} where ${FLAG_SQL[flag]}`));
      });
      expect(plan, flag).toContain(`store_variants_${flag}_idx`);
      // "advertised under MAP" is two conditions PostgreSQL estimates apart (a gated price is the one
      // under MAP: they go together), so a few dozen where there are two — its index is what matters
      if (flag === 'map_violation') continue;
      const [row] = await t.sql<{ 'QUERY PLAN': string | object }>(sql`explain (format json) select sv.id from ${priceList.from} where ${FLAG_SQL[flag]}`);
      const json = row!['QUERY PLAN'];
      const planned = (typeof json === 'string' ? JSON.parse(json) : json) as [{ Plan: { 'Plan Rows': number } }];
      const [{ n: matching }] = (await t.sql<{ n: number }>(sql`select count(*)::int as n from ${priceList.from} where ${FLAG_SQL[flag]}`)) as [{ n: number }];
      expect(planned[0].Plan['Plan Rows'], `${flag}: ${matching} of ${all}`).toBeLessThan(Math.max(20, matching * 3));
    }
    const [sv] = await t.sql<{ id: number; variant_id: number; price: number; cost: number }>(sql`select sv.id, sv.variant_id, sv.price_cents as price, v.cost_cents as cost from store_variants sv
      join variants v on v.id = sv.variant_id where v.cost_cents is not null and sv.price_cents > 1000 and sv.price_cents >= v.cost_cents * 1.2 order by sv.id limit 1`);
    const flagsOf = async () => (await list(`&filter[id]=${sv!.id}`)).data[0]!.flags;
    expect(await flagsOf()).not.toContain('under_floor');
    // the variant's cost raised behind the API (a vendor's price file): its store variants are flagged at once
    await t.sql(sql`update variants set cost_cents = ${sv!.price - 10} where id = ${sv!.variant_id}`);
    expect(await flagsOf()).toEqual(expect.arrayContaining(['under_floor']));
    expect(await flagsOf()).not.toContain('below_cost');
    expect((await list(`&filter[flag]=under_floor&filter[variant_id]=${sv!.variant_id}`)).data.map((r) => r.id)).toContain(sv!.id);
    await t.sql(sql`update variants set cost_cents = ${sv!.price + 10} where id = ${sv!.variant_id}`);
    expect(await flagsOf()).toEqual(expect.arrayContaining(['below_cost', 'under_floor']));
    // whatever a statement writes into the kept column, the variant's cost stands
    await t.sql(sql`update store_variants set variant_cost_cents = 0 where id = ${sv!.id}`);
    expect((await t.sql<{ c: number }>(sql`select variant_cost_cents as c from store_variants where id = ${sv!.id}`))[0]!.c).toBe(sv!.price + 10);
    await t.sql(sql`update variants set cost_cents = null where id = ${sv!.variant_id}`);
    expect(await flagsOf()).not.toEqual(expect.arrayContaining(['below_cost']));
    expect((await t.sql<{ c: number | null }>(sql`select variant_cost_cents as c from store_variants where id = ${sv!.id}`))[0]!.c).toBeNull();
    await t.sql(sql`update variants set cost_cents = ${sv!.cost} where id = ${sv!.variant_id}`);
    expect(await flagsOf()).not.toContain('under_floor');
    // one statement over many variants (a price file): every store variant follows, and none drifts
    const drift = sql`select count(*)::int as n from store_variants sv join variants v on v.id = sv.variant_id where sv.variant_cost_cents is distinct from v.cost_cents`;
    await t.sql(sql`update variants set cost_cents = cost_cents + 7 where id in (select variant_id from store_variants order by id limit 60) and cost_cents is not null`);
    expect((await t.sql<{ n: number }>(drift))[0]!.n).toBe(0);
    await t.sql(sql`update variants set cost_cents = cost_cents - 7 where id in (select variant_id from store_variants order by id limit 60) and cost_cents is not null`);
    expect((await t.sql<{ n: number }>(drift))[0]!.n).toBe(0);
  });

  it('finds the market among comparable offers only: same caliber and round group, in stock, recent, not blacklisted', async () => {
    const id = await nineMil();
    await t.sql(sql`update store_variants set price_cents = 2000, map_gate = null, map_price_cents = null where id = ${id}`);
    await t.sql(sql`update variants set cost_cents = 1200 where id = (select variant_id from store_variants where id = ${id})`);
    const offer = (competitor: string, price: number, more: Record<string, unknown> = {}) =>
      t.req('POST', '/api/competitor-offer', { token: pricing, body: { competitor, title: `Test 9mm ${competitor}`, category: 'handgun', caliber: '9mm luger', rounds: 50, price_cents: price, ...more } });
    expect((await offer('Cheapest Test Co', 1_150)).status).toBe(201);
    // cheaper still, but not comparable: out of stock, a case of 1,000, another caliber, seen long ago, blacklisted
    await offer('Out Of Stock Co', 900, { in_stock: false });
    await offer('Case Co', 18_000, { rounds: 1000 });
    await offer('Other Caliber Co', 800, { caliber: '.380 ACP' });
    await offer('Old Co', 850, { seen_at: new Date(Date.now() - 10 * 86400_000).toISOString() });
    await offer('DiscountAmmoDepot', 700);
    const row = (await t.req('GET', `/api/pricing/store-variant/${id}`, { token: pricing })).body.data as StoreVariantPrice;
    expect(row).toMatchObject({ market_competitor: 'Cheapest Test Co', market_cpr_cents: 23, rounds: 50, round_group: '2-50' });
    // the kept market is the rule's answer, rebuilt after the offers changed
    const kept = await t.sql(sql`select caliber, round_group, cpr::float8 as cpr, competitor, n from competitor_market order by 1, 2`);
    expect(kept).toEqual(await t.sql(sql`select caliber, round_group, cpr::float8 as cpr, competitor, n from (${marketSql}) m order by 1, 2`));
    expect(kept.length).toBeGreaterThan(3);
    // and again when the blacklist changes: the cheapest competitor listed, the next one is the market
    expect((await t.req('POST', '/api/competitor-blacklist', { token: pricing, body: { competitor: 'Cheapest Test Co' } })).status).toBe(201);
    const next = (await t.req('GET', `/api/pricing/store-variant/${id}`, { token: pricing })).body.data as StoreVariantPrice;
    expect(next.market_competitor).not.toBe('Cheapest Test Co');
    expect(next.market_cpr_cents!).toBeGreaterThan(23);
    const entry = (await t.req('GET', '/api/competitor-blacklist?q=Cheapest%20Test%20Co', { token: pricing })).body.data[0] as { id: number };
    expect((await t.req('DELETE', `/api/competitor-blacklist/${entry.id}`, { token: pricing })).status).toBe(204);
    expect(row.flags).toContain('above_market');
    // 22.9¢ × 50 = $11.45, but 15 % is the most one step moves: $17.00; and the floor on $12.00 is $13.05
    expect(row.suggestion).toMatchObject({ price_cents: 1_700, basis: 'step_cap' });
    expect(marginFloorPrice(1_200)).toBe(1_305);
  });

  it('sets a price with its version, audited on the store variant; refuses bad bytes, absurd numbers, a gate without MAP and a stale version', async () => {
    const id = await nineMil();
    const before = (await t.req('GET', `/api/pricing/store-variant/${id}`, { token: pricing })).body.data as StoreVariantPrice;
    const body = { price_cents: 2_199, map_price_cents: 2_000, map_gate: null, version: before.version };
    expectRefused(await t.req('PUT', `/api/pricing/store-variant/${id}`, { token: pricing, body: { ...body, map_price_cents: null, map_gate: 'map_gated' } }), 400, 'map_price_cents');
    expectRefused(await t.req('PUT', `/api/pricing/store-variant/${id}`, { token: pricing, body: { ...body, price_cents: 1e12 } }), 400, 'price_cents');
    expectRefused(await t.req('PUT', `/api/pricing/store-variant/${id}`, { token: pricing, body: { ...body, price_cents: '12' } }), 400, 'price_cents');
    expect((await t.req('PUT', `/api/pricing/store-variant/${id}`, { token: analyst, body })).status).toBe(403);
    const saved = await t.req('PUT', `/api/pricing/store-variant/${id}`, { token: pricing, body });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data).toMatchObject({ price_cents: 2_199, map_price_cents: 2_000, version: before.version + 1 });
    const [entry] = await t.sql<{ before: { price_cents: number }; after: { price_cents: number } }>(
      sql`select before, after from audit_logs where entity = 'store_variant' and entity_id = ${String(id)} and action = 'update' order by id desc limit 1`,
    );
    expect(entry).toMatchObject({ before: { price_cents: before.price_cents }, after: { price_cents: 2_199 } });
    expectRefused(await t.req('PUT', `/api/pricing/store-variant/${id}`, { token: pricing, body: { ...body, price_cents: 1 } }), 409);
    expect((await t.req('GET', `/api/pricing/store-variant/${id}`, { token: pricing })).body.data.price_cents).toBe(2_199);
    expectRefused(await t.req('PUT', '/api/pricing/store-variant/999999999', { token: pricing, body }), 404);
  });

  it('reprices the chosen store variants to their suggestions in one audited transaction, and says why it left the others', async () => {
    const id = await nineMil();
    // within one step of the market (22.9¢ × 50 = $11.45) and above its floor ($10.87 on $10.00)
    await t.sql(sql`update store_variants set price_cents = 1200, map_gate = null, map_price_cents = null where id = ${id}`);
    await t.sql(sql`update variants set cost_cents = 1000 where id = (select variant_id from store_variants where id = ${id})`);
    const [excluded] = await t.sql<{ id: number }>(sql`select sv.id from store_variants sv join exclude_skus x on x.variant_id = sv.variant_id and x.store_id is null order by sv.id limit 1`);
    const suggested = ((await t.req('GET', `/api/pricing/store-variant/${id}`, { token: pricing })).body.data as StoreVariantPrice).suggestion.price_cents!;
    expect((await t.req('POST', '/api/pricing/reprice', { token: analyst, body: { ids: [id] } })).status).toBe(403);
    const res = await t.req('POST', '/api/pricing/reprice', { token: pricing, body: { ids: [id, excluded!.id] } });
    expect(res.status, res.text).toBe(200);
    const changed = res.body.changed as { id: number; after_cents: number }[];
    const after = (await t.req('GET', `/api/pricing/store-variant/${id}`, { token: pricing })).body.data as StoreVariantPrice;
    expect(suggested).toBe(1_145);
    expect(changed).toEqual([expect.objectContaining({ id, before_cents: 1_200, after_cents: 1_145 })]);
    expect(after.price_cents).toBe(suggested);
    expect(res.body.unchanged).toEqual(expect.arrayContaining([expect.objectContaining({ id: excluded!.id, reason: expect.stringContaining('Excluded') })]));
    // again: nothing left to change
    const again = await t.req('POST', '/api/pricing/reprice', { token: pricing, body: { ids: [id] } });
    expect(again.body).toEqual({ changed: [], unchanged: [{ id, sku: after.sku, reason: 'Already at the suggested price' }] });
    const [{ n }] = await t.sql<{ n: number }>(sql`select count(*)::int as n from audit_logs where entity = 'store_variant' and entity_id = ${String(id)} and after->>'price_cents' = '1145'`);
    expect(n).toBe(1);
    // an unknown id refuses the whole request, changing nothing
    const [{ version }] = await t.sql<{ version: number }>(sql`select version from store_variants where id = ${id}`);
    await t.sql(sql`update store_variants set price_cents = price_cents + 500 where id = ${id}`);
    expectRefused(await t.req('POST', '/api/pricing/reprice', { token: pricing, body: { ids: [id, 999_999_999] } }), 404);
    expect((await t.sql<{ version: number }>(sql`select version from store_variants where id = ${id}`))[0]!.version).toBe(version);
    expectRefused(await t.req('POST', '/api/pricing/reprice', { token: pricing, body: { ids: [] } }), 400, 'ids');
    expectRefused(await t.req('POST', '/api/pricing/reprice', { token: pricing, body: { ids: Array.from({ length: REPRICE_MAX_IDS + 1 }, (_, i) => i + 1) } }), 400, 'ids');
  });

  it('reprices every store variant a search and filters list, as a job: each change audited, the others left and counted', async () => {
    const id = await nineMil();
    await t.sql(sql`update store_variants set price_cents = 1200, map_gate = null, map_price_cents = null where id = ${id}`);
    await t.sql(sql`update variants set cost_cents = 1000 where id = (select variant_id from store_variants where id = ${id})`);
    const [excluded] = await t.sql<{ id: number }>(sql`select sv.id from store_variants sv join exclude_skus x on x.variant_id = sv.variant_id and x.store_id is null order by sv.id limit 1`);
    const body = { filter: { id: [String(id), String(excluded!.id)] } };
    const jobs = async () => (await t.sql<{ n: number }>(sql`select count(*)::int as n from jobs where kind = 'pricing-reprice-all'`))[0]!.n;
    const before = await jobs();
    expect((await t.req('POST', '/api/pricing/reprice-all', { token: analyst, body })).status).toBe(403);
    expectRefused(await t.req('POST', '/api/pricing/reprice-all', { token: pricing, body: { filter: { flag: 'cheap' } } }), 400, 'filter.flag');
    expect(await jobs(), 'nothing queued for a refused request').toBe(before);
    const res = await t.req('POST', '/api/pricing/reprice-all', { token: pricing, body });
    expect(res.status, res.text).toBe(202);
    expect(res.body.data.title).toContain('id ');
    // the job's title says what it reprices in words: flags, stores and brands by their names
    const [named] = await t.sql<{ store_id: number; store: string; brand_id: number; brand: string }>(
      sql`select s.id as store_id, s.name as store, b.id as brand_id, b.name as brand from stores s, brands b order by s.id, b.id limit 1`,
    );
    const titled = await t.req('POST', '/api/pricing/reprice-all', { token: pricing, body: { filter: { flag: ['above_market', 'no_price'], on_sale: 'true', store_id: String(named!.store_id), brand_id: String(named!.brand_id) }, q: 'ZZZ-NONE' } });
    expect(titled.status, titled.text).toBe(202);
    expect(titled.body.data.title).toBe(`Apply suggested prices: Above market or No price; on sale; on ${named!.store}; brand ${named!.brand}; SKU ZZZ-NONE…`);
    await finishedJob(t, pricing, titled.body.data.id);
    const job = await finishedJob(t, pricing, res.body.data.id);
    expect(job).toMatchObject({ status: 'succeeded', result: { store_variants: 2, changed: 1, unchanged: 1 } });
    expect((await t.req('GET', `/api/pricing/store-variant/${id}`, { token: pricing })).body.data.price_cents).toBe(1_145);
    const [entry] = await t.sql<{ after: { price_cents: number }; actor: string }>(
      sql`select a.after, u.email as actor from audit_logs a join users u on u.id = a.actor_id
           where a.entity = 'store_variant' and a.entity_id = ${String(id)} and a.action = 'update' order by a.id desc limit 1`,
    );
    expect(entry).toMatchObject({ after: { price_cents: 1_145 }, actor: 'pricing@example.com' });
    // the same filter again: nothing left to change
    const again = await finishedJob(t, pricing, (await t.req('POST', '/api/pricing/reprice-all', { token: pricing, body })).body.data.id);
    expect(again.result).toEqual({ store_variants: 2, changed: 0, unchanged: 2 });
  });

  it('sums the dashboard from the same flags as the list', async () => {
    const res = await t.req('GET', '/api/pricing/summary', { token: analyst });
    expect(res.status, res.text).toBe(200);
    const s = res.body.data as Summary;
    const [{ n: onSale }] = await t.sql<{ n: number }>(sql`select count(*)::int as n from store_variants sv join store_products sp on sp.id = sv.store_product_id join stores st on st.id = sp.store_id where sv.is_enabled and st.is_enabled`);
    expect(s.store_variants).toBe(onSale);
    expect((await list('&filter[on_sale]=true&per_page=1')).meta.total).toBe(onSale);
    // each figure is what its link lists
    for (const flag of PRICE_FLAGS) expect((await list(`&filter[on_sale]=true&filter[flag]=${flag}&per_page=1`)).meta.total, flag).toBe(s.flags[flag]);
    expect(s.calibers.length).toBeGreaterThan(0);
    // the chart's calibers, most above market first: each one's count is what the list shows for it
    for (const c of s.calibers) expect((await list(`&filter[on_sale]=true&filter[flag]=above_market&filter[caliber]=${encodeURIComponent(c.caliber)}&per_page=1`)).meta.total, c.caliber).toBe(c.above_market);
    expect(s.calibers.map((c) => c.above_market)).toEqual([...s.calibers.map((c) => c.above_market)].sort((a, b) => b - a));
    // kept between calls, and counted again once a price changes
    const [sv] = await t.sql<{ id: number; cost: number }>(sql`select sv.id, v.cost_cents as cost from store_variants sv join variants v on v.id = sv.variant_id
      join store_products sp on sp.id = sv.store_product_id join stores st on st.id = sp.store_id
      where sv.is_enabled and st.is_enabled and v.cost_cents > 100 and sv.price_cents >= v.cost_cents order by sv.id limit 1`);
    await t.sql(sql`update store_variants set price_cents = ${sv!.cost - 50} where id = ${sv!.id}`);
    const again = (await t.req('GET', '/api/pricing/summary', { token: analyst })).body.data as Summary;
    expect(again.flags.below_cost).toBe(s.flags.below_cost + 1);
    expect(s.offers_recent).toBeGreaterThan(0);
    expect((await t.req('GET', '/api/pricing/summary', { token: await t.login('catalog@example.com') })).status).toBe(403);
  });
});

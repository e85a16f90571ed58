import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { REPRICE_MAX_STEP_PCT, REPRICE_UNDERCUT_CPR_CENTS, type RepricingRule, type StoreVariantPrice } from '@qm/contracts';
import { BACKENDS, expectRefused, useTestApp } from './harness.js';

describe.each(BACKENDS)('repricing rules on %s', (kind) => {
  const t = useTestApp(kind);
  let pricing: string;
  let analyst: string;
  let catalog: string;
  /** A store without a rule whose store variant has a market, and that store variant. */
  let storeId: number;
  let priced: StoreVariantPrice;

  const create = (body: object, token = pricing) => t.req('POST', '/api/repricing-rule', { token, body });
  const count = async () => (await t.sql<{ n: number }>(sql`select count(*)::int as n from repricing_rules`))[0]!.n;
  const price = async (id: number) => {
    const r = await t.req('GET', `/api/pricing/store-variant?filter[id]=${id}`, { token: analyst });
    expect(r.status, r.text).toBe(200);
    return r.body.data[0] as StoreVariantPrice;
  };

  beforeAll(async () => {
    pricing = await t.login('pricing@example.com');
    analyst = await t.login('analyst@example.com');
    catalog = await t.login('catalog@example.com');
    // a store variant the market prices (not excluded, a cost, not held at MAP), on a store without a rule
    const page = await t.req('GET', '/api/pricing/store-variant?filter[flag]=above_market&per_page=100', { token: analyst });
    expect(page.status, page.text).toBe(200);
    const ruled = new Set((await t.sql<{ store_id: number }>(sql`select store_id from repricing_rules`)).map((r) => r.store_id));
    // … whose price 0.35¢ a round under the market still keeps the margin floor and advertised MAP
    const aimAt = (p: StoreVariantPrice, undercut: number) => Math.floor((Math.max(0, Math.round(p.market_cpr_cents! * 100) - undercut) * p.rounds!) / 100);
    priced = (page.body.data as StoreVariantPrice[]).find(
      (p) =>
        !ruled.has(p.store_id) &&
        p.suggestion.basis === 'market' &&
        p.cost_cents !== null &&
        aimAt(p, 35) > Math.ceil((p.cost_cents * 100) / 92) &&
        (p.map_price_cents === null || p.map_gate !== null || p.map_lifted || aimAt(p, 35) >= p.map_price_cents),
    )!;
    expect(priced, 'a store variant priced by the market').toBeTruthy();
    storeId = priced.store_id;
  });

  it('a store without a rule is repriced by the defaults', async () => {
    expect(priced).toMatchObject({ undercut_cpr_cents: REPRICE_UNDERCUT_CPR_CENTS, max_step_pct: REPRICE_MAX_STEP_PCT });
  });

  it("is created, changed and deleted by the pricing team, each write audited, and the store's suggestions follow it", async () => {
    const before = await count();
    const res = await create({ store_id: storeId, undercut_cpr_cents: 0.35, max_step_pct: 50, note: 'Price-led store' });
    expect(res.status, res.text).toBe(201);
    const rule = res.body.data as RepricingRule;
    expect(rule).toMatchObject({ store_id: storeId, undercut_cpr_cents: 0.35, max_step_pct: 50, note: 'Price-led store', version: 1 });
    expect(rule.store_name).toBeTruthy();
    expect(await count()).toBe(before + 1);
    const created = await t.sql<{ after: { undercut_cpr_cents: number } }>(sql`select after from audit_logs where entity = 'repricing_rule' and entity_id = ${String(rule.id)} and action = 'create'`);
    expect(created[0]!.after.undercut_cpr_cents).toBe(0.35);

    // the suggestion aims 0.35¢ a round under the market, and may move 50 % in a step
    const p = await price(priced.id);
    expect(p).toMatchObject({ undercut_cpr_cents: 0.35, max_step_pct: 50 });
    expect(p.suggestion.basis).toBe('market');
    expect(p.suggestion.reason).toMatch(/^0\.35¢\/rd under /);
    const aim = Math.max(0, Math.round(p.market_cpr_cents! * 100) - 35) * p.rounds!;
    expect(p.suggestion.price_cents! * 100).toBeLessThanOrEqual(aim);
    expect((p.suggestion.price_cents! + 1) * 100).toBeGreaterThan(aim);

    // the list: by store, searched by note
    const list = await t.req('GET', `/api/repricing-rule?filter[store_id]=${storeId}&q=price-led`, { token: analyst });
    expect(list.status, list.text).toBe(200);
    expect(list.body.data.map((r: RepricingRule) => r.id)).toEqual([rule.id]);

    // a step of 1 %: the suggestion is capped
    const put = await t.req('PUT', `/api/repricing-rule/${rule.id}`, { token: pricing, body: { store_id: storeId, undercut_cpr_cents: 0.35, max_step_pct: 1, note: null, version: 1 } });
    expect(put.status, put.text).toBe(200);
    const capped = await price(priced.id);
    if (priced.price_cents !== null && Math.abs(p.suggestion.price_cents! - priced.price_cents) * 100 > priced.price_cents) {
      expect(capped.suggestion.basis).toMatch(/step_cap|margin_floor|map/);
      if (capped.suggestion.basis === 'step_cap') expect(capped.suggestion.reason).toContain('at most 1 % in one step');
    }
    // applying the suggestion sets that price
    const applied = await t.req('POST', '/api/pricing/reprice', { token: pricing, body: { ids: [priced.id] } });
    expect(applied.status, applied.text).toBe(200);
    expect((await price(priced.id)).price_cents).toBe(capped.suggestion.price_cents);

    expect((await t.req('PUT', `/api/repricing-rule/${rule.id}`, { token: pricing, body: { store_id: storeId, undercut_cpr_cents: 1, max_step_pct: 5, note: null, version: 1 } })).status).toBe(409);
    expect((await t.req('DELETE', `/api/repricing-rule/${rule.id}`, { token: pricing })).status).toBe(204);
    const actions = await t.sql<{ action: string }>(sql`select action from audit_logs where entity = 'repricing_rule' and entity_id = ${String(rule.id)} order by id`);
    expect(actions.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
    // back to the defaults
    expect(await price(priced.id)).toMatchObject({ undercut_cpr_cents: REPRICE_UNDERCUT_CPR_CENTS, max_step_pct: REPRICE_MAX_STEP_PCT });
  });

  it('refuses bad rules on the field at fault, a second rule for a store, and writes nothing', async () => {
    const before = await count();
    const good = { store_id: storeId, undercut_cpr_cents: 0.2, max_step_pct: 10, note: null };
    for (const [body, field] of [
      [{ ...good, undercut_cpr_cents: 10.01 }, 'undercut_cpr_cents'],
      [{ ...good, undercut_cpr_cents: -0.01 }, 'undercut_cpr_cents'],
      [{ ...good, undercut_cpr_cents: 0.125 }, 'undercut_cpr_cents'],
      [{ ...good, undercut_cpr_cents: '0.2' }, 'undercut_cpr_cents'],
      [{ ...good, max_step_pct: 0 }, 'max_step_pct'],
      [{ ...good, max_step_pct: 51 }, 'max_step_pct'],
      [{ ...good, max_step_pct: 7.5 }, 'max_step_pct'],
      [{ ...good, store_id: undefined }, 'store_id'],
      [{ ...good, store_id: 1e12 }, 'store_id'],
      [{ ...good, extra: 1 }, 'extra'],
    ] as const) {
      expectRefused(await create(body), 400, field);
    }
    const unknown = await create({ ...good, store_id: 999_999 });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.fields.store_id).toBe('No such store');
    expect(await count()).toBe(before);

    const first = await create(good);
    expect(first.status, first.text).toBe(201);
    const second = await create({ ...good, max_step_pct: 20 });
    expect(second.status).toBe(409);
    expect(second.body.error.fields.store_id).toMatch(/has a repricing rule already/);
    expect(second.body.error.holders.store_id).toMatchObject({ id: first.body.data.id, path: `/repricing-rule?edit=${first.body.data.id}` });
    expect(await count()).toBe(before + 1);
    expect((await t.req('DELETE', `/api/repricing-rule/${first.body.data.id}`, { token: pricing })).status).toBe(204);
  });

  it('the analyst reads them and may not write; the catalogue team has no access', async () => {
    expect((await t.req('GET', '/api/repricing-rule', { token: analyst })).status).toBe(200);
    expect((await create({ store_id: storeId, undercut_cpr_cents: 0.2, max_step_pct: 10 }, analyst)).status).toBe(403);
    expect((await t.req('GET', '/api/repricing-rule', { token: catalog })).status).toBe(403);
    expect((await create({ store_id: storeId, undercut_cpr_cents: 0.2, max_step_pct: 10 }, catalog)).status).toBe(403);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { EVERY_STATE, type Feed, type FeedLeftOutReport } from '@qm/contracts';
import { BACKENDS, useTestApp, expectRefused } from './harness.js';
import { feedExclusions } from '../src/modules/compliance/service.js';

describe.each(BACKENDS)('feeds on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: string;
  let catalog: string;
  let officer: string;
  let analyst: string;
  let storeId: number;
  /** Three store variants of the store whose products no rule restricts yet: blocked, CA-only, kept. */
  let items: { sv: number; product: number; sku: string }[];
  let feedId: number;

  beforeAll(async () => {
    admin = await t.login('admin@example.com');
    catalog = await t.login('catalog@example.com');
    officer = await t.login('compliance@example.com');
    analyst = await t.login('analyst@example.com');
    const rows = await t.sql<{ sv: number; product: number; sku: string; store_id: number }>(
      sql`select sv.id as sv, v.product_id as product, v.sku, sp.store_id
            from store_variants sv join store_products sp on sp.id = sv.store_product_id join variants v on v.id = sv.variant_id
           -- items the feed's own rules keep (enabled, priced not below cost, a numeric UPC): only compliance leaves them out
           where sv.is_enabled and sv.price_cents >= coalesce(v.cost_cents, 0) and v.upc ~ '^[0-9]{12}$'
           order by sp.store_id, sv.id`,
    );
    const free = await feedExclusions(t.db, [...new Set(rows.map((r) => r.product))], { leave_out_restricted: true });
    const byStore = new Map<number, typeof rows>();
    for (const r of rows) if (!free.has(r.product)) byStore.set(r.store_id, [...(byStore.get(r.store_id) ?? []), r]);
    const [store, candidates] = [...byStore].map(([s, rs]) => [s, rs.filter((r, i) => rs.findIndex((x) => x.product === r.product) === i)] as const).find(([, rs]) => rs.length >= 3)!;
    storeId = store;
    items = candidates.slice(0, 3).map((r) => ({ sv: r.sv, product: r.product, sku: r.sku }));
  });

  it('creates, validates and edits feeds; the catalogue manager writes, compliance and analysts may not read', async () => {
    const base = { store_id: storeId, name: 'Test AmmoSeek daily', target_destination: 'ammoseek', frequency_hours: 24, keep_without_upc: false, keep_below_cost: false };
    const bad = await t.req('POST', '/api/feed', { token: catalog, body: { ...base, frequency_hours: 12, target_destination: 'gunbroker', name: ' ' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.frequency_hours).toMatch(/Daily|Weekly/);
    expect(bad.body.error.fields.target_destination).toBeTruthy();
    expect(bad.body.error.fields.name).toBe('Required');
    const noStore = await t.req('POST', '/api/feed', { token: catalog, body: { ...base, store_id: 999999 } });
    expect(noStore.status).toBe(422);
    expect(noStore.body.error.fields.store_id).toMatch(/Unknown store/);
    expectRefused(await t.req('POST', '/api/feed', { token: catalog, body: { ...base, extra: 1 } }), 400, 'extra');

    const created = await t.req('POST', '/api/feed', { token: catalog, body: base });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Test AmmoSeek daily', is_enabled: true, leave_out_restricted: false, store_variant_count: 0 });
    feedId = created.body.data.id;
    const audit = await t.sql<{ action: string }>(sql`select action from audit_logs where entity = 'feed' and entity_id = ${String(feedId)}`);
    expect(audit.length).toBe(1);

    // Read as the role table says: the catalogue manager and admin read and write; compliance and analysts have no feeds permission.
    for (const token of [officer, analyst]) {
      expect((await t.req('GET', '/api/feed', { token })).status).toBe(403);
      expect((await t.req('GET', `/api/feed/${feedId}/left-out`, { token })).status).toBe(403);
      expect((await t.req('POST', '/api/feed', { token, body: base })).status).toBe(403);
      expect((await t.req('PUT', `/api/feed/${feedId}`, { token, body: { ...base, is_enabled: true, leave_out_restricted: true, version: 1 } })).status).toBe(403);
      expect((await t.req('DELETE', `/api/feed/${feedId}`, { token })).status).toBe(403);
    }
    const list = await t.req('GET', '/api/feed', { token: catalog });
    expect(list.status).toBe(200);
    expect((list.body.data as Feed[]).find((f) => f.id === feedId)).toMatchObject({ leave_out_restricted: false, target_destination: 'ammoseek' });

    const stale = await t.req('PUT', `/api/feed/${feedId}`, { token: catalog, body: { ...base, is_enabled: true, leave_out_restricted: true, version: 99 } });
    expect(stale.status).toBe(409);

    const linked = await t.req('POST', '/api/feed/store-variant', { token: catalog, body: { store_variant_ids: items.map((i) => i.sv), feed_ids: [feedId], mode: 'add' } });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
  });

  it('the report of left-out items: blocked everywhere always out; restricted in CA only out with the rule, kept without it', async () => {
    const [blocked, caOnly, kept] = items;
    const type = async (name: string, effect: string) => {
      const r = await t.req('POST', '/api/compliance-restriction-type', { token: officer, body: { name, effect } });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body.data.id as number;
    };
    const block = await type('Feed test block', 'block');
    const dealer = await type('Feed test dealer only', 'licensed_dealer');
    const rule = async (name: string, restriction_type_id: number, product: number, states: readonly string[]) => {
      const r = await t.req('POST', '/api/compliance-restriction', { token: officer, body: { name, restriction_type_id, target_kind: 'product', target_id: product, states, citation: 'Test rule' } });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    };
    await rule('Feed test — banned everywhere', block, blocked!.product, EVERY_STATE);
    await rule('Feed test — CA dealer only', dealer, caOnly!.product, ['CA']);

    const report = async (query = '') => {
      const r = await t.req('GET', `/api/feed/${feedId}/left-out${query}`, { token: catalog });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body as FeedLeftOutReport;
    };
    const without = await report();
    expect(without.feed.leave_out_restricted).toBe(false);
    expect(without).toMatchObject({ item_count: 3, left_out_count: 1, meta: { total: 1, page: 1 } });
    expect(without.data).toEqual([
      expect.objectContaining({ store_variant_id: blocked!.sv, cause: 'blocked_everywhere', reason: 'Blocked in every state (Feed test — banned everywhere)' }),
    ]);

    const feed = (await t.req('GET', `/api/feed/${feedId}`, { token: catalog })).body.data as Feed;
    const put = await t.req('PUT', `/api/feed/${feedId}`, {
      token: catalog,
      body: { store_id: feed.store_id, name: feed.name, target_destination: feed.target_destination, frequency_hours: feed.frequency_hours, is_enabled: true, leave_out_restricted: true, keep_without_upc: false, keep_below_cost: false, version: feed.version },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data.leave_out_restricted).toBe(true);

    const withRule = await report();
    expect(withRule).toMatchObject({ item_count: 3, left_out_count: 2 });
    const bySv = new Map(withRule.data.map((i) => [i.store_variant_id, i]));
    expect(bySv.get(blocked!.sv)).toMatchObject({ cause: 'blocked_everywhere' });
    expect(bySv.get(caOnly!.sv)).toMatchObject({ cause: 'restricted', reason: 'Restricted in CA; the feed leaves out restricted items', product_id: caOnly!.product });
    expect(bySv.has(kept!.sv)).toBe(false);

    const paged = await report('?per_page=1&page=2');
    expect(paged.data.length).toBe(1);
    expect(paged.meta).toEqual({ total: 2, page: 2, per_page: 1 });
    expectRefused(await t.req('GET', `/api/feed/${feedId}/left-out?per_page=0`, { token: catalog }), 400, 'per_page');
    expect((await t.req('GET', `/api/feed/999999/left-out`, { token: catalog })).status).toBe(404);

    // An expired rule no longer leaves the item out.
    await t.sql(sql`update compliance_restrictions set effective_to = '2020-01-01' where name = 'Feed test — banned everywhere'`);
    const after = await report();
    expect(after.left_out_count).toBe(1);
    expect(after.data[0]!.store_variant_id).toBe(caOnly!.sv);
  });

  it('the report is kept while nothing it reads changes, and follows each table it reads', async () => {
    const [, caOnly, kept] = items;
    const report = async () => {
      const r = await t.req('GET', `/api/feed/${feedId}/left-out`, { token: catalog });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body as FeedLeftOutReport;
    };
    const causes = async () => new Map((await report()).data.map((i) => [i.store_variant_id, i.cause]));
    expect(await causes()).toEqual(new Map([[caOnly!.sv, 'restricted']]));
    // read twice at one revision: the same answer (kept)
    expect(await report()).toEqual(await report());

    const [was] = await t.sql<{ price_cents: number; cost_cents: number | null; upc: string | null; variant_id: number }>(
      sql`select sv.price_cents, v.cost_cents, v.upc, v.id as variant_id from store_variants sv join variants v on v.id = sv.variant_id where sv.id = ${kept!.sv}`,
    );
    try {
      // variants: a cost above the price; store_variants: disabled
      await t.sql(sql`update variants set cost_cents = ${was!.price_cents + 100} where id = ${was!.variant_id}`);
      expect((await causes()).get(kept!.sv)).toBe('below_cost');
      await t.sql(sql`update variants set cost_cents = ${was!.cost_cents} where id = ${was!.variant_id}`);
      await t.sql(sql`update store_variants set is_enabled = false where id = ${kept!.sv}`);
      expect((await causes()).get(kept!.sv)).toBe('disabled');
      await t.sql(sql`update store_variants set is_enabled = true where id = ${kept!.sv}`);
      // variants: a UPC the sites cannot match
      await t.sql(sql`update variants set upc = 'ABC' where id = ${was!.variant_id}`);
      expect((await causes()).get(kept!.sv)).toBe('no_upc');
      await t.sql(sql`update variants set upc = ${was!.upc} where id = ${was!.variant_id}`);
      expect((await causes()).has(kept!.sv)).toBe(false);
      // feed_store_variants: the item taken off the feed
      await t.sql(sql`delete from feed_store_variants where feed_id = ${feedId} and store_variant_id = ${caOnly!.sv}`);
      const off = await report();
      expect(off).toMatchObject({ item_count: 2, left_out_count: 0 });
    } finally {
      await t.sql(sql`update variants set cost_cents = ${was!.cost_cents}, upc = ${was!.upc} where id = ${was!.variant_id}`);
      await t.sql(sql`update store_variants set is_enabled = true where id = ${kept!.sv}`);
      await t.sql(sql`insert into feed_store_variants (feed_id, store_variant_id) values (${feedId}, ${caOnly!.sv}) on conflict do nothing`);
    }
    expect(await causes()).toEqual(new Map([[caOnly!.sv, 'restricted']]));
  });

  it('deletes a feed with its item links, audited', async () => {
    const del = await t.req('DELETE', `/api/feed/${feedId}`, { token: admin });
    expect(del.status).toBe(204);
    expect((await t.sql<{ n: number }>(sql`select count(*)::int as n from feed_store_variants where feed_id = ${feedId}`))[0]!.n).toBe(0);
    expect((await t.sql<{ action: string }>(sql`select action from audit_logs where entity = 'feed' and entity_id = ${String(feedId)} order by id`)).map((a) => a.action)).toContain('delete');
    expect((await t.req('GET', `/api/feed/${feedId}`, { token: catalog })).status).toBe(404);
  });
});

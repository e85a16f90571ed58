import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import type { Feed, FeedLeftOutReport } from '@qm/contracts';
import { BACKENDS, useTestApp } from './harness.js';
import { SYSTEM_ACTOR } from '../src/db/audit.js';
import { buildFeed, liveItems, queueDueFeedBuilds } from '../src/modules/catalog/feed-files.js';
import { checkFeed, type FeedRules } from '../src/modules/catalog/feeds.js';

/** The XML's products, each as its fields (a parse error fails the test), under the list's and item's element names. */
function productsOf(xml: string, root = 'productlist', item = 'product'): Record<string, string>[] {
  const doc = new new JSDOM('').window.DOMParser().parseFromString(xml, 'application/xml');
  expect(doc.getElementsByTagName('parsererror').length, xml.slice(0, 300)).toBe(0);
  expect(doc.documentElement.tagName).toBe(root);
  return [...doc.documentElement.children].map((p) => {
    expect(p.tagName).toBe(item);
    return Object.fromEntries([...p.children].map((c) => [c.tagName, c.textContent ?? '']));
  });
}

describe.each(BACKENDS)('feed files on %s', (kind) => {
  // builds are run here, one at a time (t.jobs.execute), not by the process's workers
  const t = useTestApp(kind, { JOB_CONCURRENCY: '0' });
  let admin: string;
  let catalog: string;
  let analyst: string;
  let officer: string;
  let feedId: number;
  /** Four store variants of one store, none restricted by compliance: kept, without a UPC, below cost, disabled. */
  let sv: { kept: number; noUpc: number; belowCost: number; disabled: number };
  let keptVariant: number;

  const feed = async (id = feedId) => (await t.req('GET', `/api/feed/${id}`, { token: admin })).body.data as Feed;
  const build = async (id = feedId, token = catalog) => {
    const res = await t.req('POST', `/api/feed/${id}/build`, { token, body: {} });
    expect(res.status, res.text).toBe(202);
    await t.jobs.execute(res.body.data.id);
    const [job] = await t.sql<{ status: string; result: { items: number; kept: number; left_out: number } }>(sql`select status, result from jobs where id = ${res.body.data.id}`);
    expect(job!.status).toBe('succeeded');
    return job!.result;
  };
  const put = async (patch: Partial<Feed>) => {
    const f = await feed();
    const body = { store_id: f.store_id, name: f.name, target_destination: f.target_destination, frequency_hours: f.frequency_hours, is_enabled: f.is_enabled, leave_out_restricted: f.leave_out_restricted, keep_without_upc: f.keep_without_upc, keep_below_cost: f.keep_below_cost, version: f.version, ...patch };
    const res = await t.req('PUT', `/api/feed/${feedId}`, { token: catalog, body });
    expect(res.status, res.text).toBe(200);
  };

  beforeAll(async () => {
    admin = await t.login('admin@example.com');
    catalog = await t.login('catalog@example.com');
    analyst = await t.login('analyst@example.com');
    officer = await t.login('compliance@example.com');
    // the compliance rules are switched off in this file's database: the feed's own rules are tested here (feeds.test.ts tests compliance's)
    await t.sql(sql`update compliance_restrictions set is_active = false`);
    const all = await t.sql<{ sv: number; variant_id: number; store_id: number }>(
      sql`select sv.id as sv, sv.variant_id, sp.store_id
            from store_variants sv join store_products sp on sp.id = sv.store_product_id join variants v on v.id = sv.variant_id
           where sv.is_enabled and v.cost_cents is not null and sv.price_cents > v.cost_cents and v.upc ~ '^[0-9]{12}$'
           order by sp.store_id, sv.variant_id, sv.id`,
    );
    // four variants of one store, each in one store variant only (a variant changed below changes no other item here)
    const storeId = all[0]!.store_id;
    const mine = all.filter((r) => r.store_id === storeId && all.filter((x) => x.variant_id === r.variant_id).length === 1).slice(0, 4);
    expect(mine).toHaveLength(4);
    sv = { kept: mine[0]!.sv, noUpc: mine[1]!.sv, belowCost: mine[2]!.sv, disabled: mine[3]!.sv };
    keptVariant = mine[0]!.variant_id;
    await t.sql(sql`update variants set upc = null where id = ${mine[1]!.variant_id}`);
    await t.sql(sql`update store_variants set price_cents = (select cost_cents - 1 from variants where id = ${mine[2]!.variant_id}) where id = ${sv.belowCost}`);
    await t.sql(sql`update store_variants set is_enabled = false where id = ${sv.disabled}`);
    // the kept item's product limits an order to 4 packages (the catalogue's purchase limit attribute)
    await t.sql(sql`delete from attribute_data where sourceable_type = 'product' and source_type is null and attribute_id = (select id from attributes where code = 'purchase_limit')
                      and sourceable_id = (select product_id from variants where id = ${keptVariant})`);
    await t.sql(sql`insert into attribute_data (attribute_id, sourceable_type, sourceable_id, value)
                    select a.id, 'product', v.product_id, '4'::jsonb from attributes a, variants v where a.code = 'purchase_limit' and v.id = ${keptVariant}`);
    const created = await t.req('POST', '/api/feed', { token: catalog, body: { store_id: storeId, name: 'File test → AmmoSeek', target_destination: 'ammoseek', frequency_hours: 24 } });
    expect(created.status, created.text).toBe(201);
    feedId = created.body.data.id;
    const linked = await t.req('POST', '/api/feed/store-variant', { token: catalog, body: { store_variant_ids: Object.values(sv), feed_ids: [feedId], mode: 'add' } });
    expect(linked.status, linked.text).toBe(200);
  });

  it('builds the file: items disabled, without a UPC or below cost left out with the reason, the rest written; audited', async () => {
    expect(await feed()).toMatchObject({ built_at: null, built_items: null, key_prefix: null, keep_without_upc: false, keep_below_cost: false });
    expect(await build()).toEqual({ items: 4, kept: 1, left_out: 3 });
    expect(await feed()).toMatchObject({ built_items: 1, built_left_out: 3 });
    expect((await feed()).built_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    const items = await t.sql<{ store_variant_id: number; type: string }>(sql`select store_variant_id, type from feed_items where feed_id = ${feedId}`);
    expect(items).toEqual([{ store_variant_id: sv.kept, type: expect.any(String) }]);
    const audit = await t.sql<{ after: { built_items: number } }>(sql`select after from audit_logs where entity = 'feed' and entity_id = ${String(feedId)} and action = 'build'`);
    expect(audit.map((a) => a.after.built_items)).toEqual([1]);

    const report = (await t.req('GET', `/api/feed/${feedId}/left-out`, { token: catalog })).body as FeedLeftOutReport;
    expect(report).toMatchObject({ item_count: 4, left_out_count: 3 });
    const causes = Object.fromEntries(report.data.map((i) => [i.store_variant_id, i]));
    expect(causes[sv.noUpc]).toMatchObject({ cause: 'no_upc', reason: expect.stringMatching(/No UPC/) });
    expect(causes[sv.belowCost]).toMatchObject({ cause: 'below_cost', reason: expect.stringMatching(/below its cost of \$/) });
    expect(causes[sv.disabled]).toMatchObject({ cause: 'disabled' });
  });

  it('keeps items without a UPC or below cost when the feed says so', async () => {
    await put({ keep_without_upc: true, keep_below_cost: true });
    const report = (await t.req('GET', `/api/feed/${feedId}/left-out`, { token: catalog })).body as FeedLeftOutReport;
    expect(report.data.map((i) => i.cause)).toEqual(['disabled']);
    expect(await build()).toEqual({ items: 4, kept: 3, left_out: 1 });
    await put({ keep_without_upc: false, keep_below_cost: false });
    expect(await build()).toEqual({ items: 4, kept: 1, left_out: 3 });
  });

  it('a build checks the items a few at a time and writes the same file as all at once', async () => {
    const [storeId] = (await t.sql<{ store_id: number }>(sql`select store_id from feeds where id = ${feedId}`)).map((r) => r.store_id);
    const created = await t.req('POST', '/api/feed', { token: catalog, body: { store_id: storeId, name: 'Chunked build → AmmoSeek', target_destination: 'ammoseek', frequency_hours: 24 } });
    expect(created.status, created.text).toBe(201);
    const id = created.body.data.id as number;
    const ids = (await t.sql<{ id: number }>(sql`select sv.id from store_variants sv join store_products sp on sp.id = sv.store_product_id where sp.store_id = ${storeId} order by sv.id limit 60`)).map((r) => r.id);
    expect(ids.length).toBeGreaterThan(20);
    const linked = await t.req('POST', '/api/feed/store-variant', { token: catalog, body: { store_variant_ids: ids, feed_ids: [id], mode: 'add' } });
    expect(linked.status, linked.text).toBe(200);
    const fileRows = () => t.sql(sql`select * from feed_items where feed_id = ${id} order by store_variant_id`);

    const whole = await buildFeed(t.db, SYSTEM_ACTOR, id, undefined, 1_000);
    const once = await fileRows();
    const told: [number, number][] = [];
    const chunked = await buildFeed(t.db, SYSTEM_ACTOR, id, async (done, total) => void told.push([done, total]), 7);
    expect(chunked).toEqual(whole);
    expect(whole.items).toBe(ids.length);
    expect(whole.kept).toBeGreaterThan(0);
    expect(await fileRows()).toEqual(once);
    // progress: from none to every item, never backwards, out of the feed's items
    expect(told[0]).toEqual([0, ids.length]);
    expect(told.at(-1)).toEqual([ids.length, ids.length]);
    expect(told.every(([d, n], i) => n === ids.length && (i === 0 || d >= told[i - 1]![0]))).toBe(true);
    expect(told.length).toBeGreaterThan(Math.ceil(ids.length / 7));
  });

  it('a check tells every item once, in id order, with the same answer whatever its window and its chunk (the next read asked for ahead)', async () => {
    const rules = (await t.sql<FeedRules>(sql`select leave_out_restricted, keep_without_upc, keep_below_cost from feeds where id = ${feedId}`))[0]!;
    const run = async (window: number, chunk: number) => {
      const told: [number, string | null][] = [];
      const progress: number[] = [];
      const n = await checkFeed(t.db, feedId, rules, '2026-06-01', (it, why) => void told.push([it.store_variant_id, why?.reason ?? null]), {
        window,
        chunk,
        progress: async (done) => void progress.push(done),
      });
      return { n, told, progress };
    };
    const whole = await run(10_000, 10_000);
    expect(whole.told.length).toBe(whole.n);
    expect(whole.told.some(([, why]) => why !== null)).toBe(true);
    expect(whole.told.map(([id]) => id)).toEqual([...whole.told.map(([id]) => id)].sort((a, b) => a - b));
    for (const [window, chunk] of [[7, 3], [5, 5], [4, 1]] as const) {
      const small = await run(window, chunk);
      expect(small.told).toEqual(whole.told);
      expect(small.n).toBe(whole.n);
      expect(small.progress.at(-1)).toBe(whole.n);
      expect(small.progress.every((d, i) => i === 0 || d > small.progress[i - 1]!)).toBe(true);
    }
  });

  it('answers at its address only, with live price and stock; a new address ends the old one', async () => {
    expect((await t.req('GET', '/api/feed-file/qmf_nothing-here-0123456789abcdef')).status).toBe(404);
    expect((await t.req('POST', `/api/feed/${feedId}/key`, { token: analyst, body: {} })).status).toBe(403);
    const made = await t.req('POST', `/api/feed/${feedId}/key`, { token: catalog, body: {} });
    expect(made.status, made.text).toBe(201);
    const { key, path, key_prefix } = made.body.data as { key: string; path: string; key_prefix: string };
    expect(path).toBe(`/api/feed-file/${key}`);
    expect(key.startsWith(key_prefix)).toBe(true);
    expect((await feed()).key_prefix).toBe(key_prefix);
    const [stored] = await t.sql<{ key_hash: string }>(sql`select key_hash from feeds where id = ${feedId}`);
    expect(stored!.key_hash).not.toContain(key.slice(4, 20));

    // no sign-in: the key in the address is the credential
    const first = await t.req('GET', path);
    expect(first.status, first.text).toBe(200);
    expect(first.headers['content-type']).toMatch(/application\/xml/);
    const [product] = productsOf(first.text);
    const [live] = await t.sql<{ price_cents: number; upc: string; quantity: number }>(
      sql`select sv.price_cents, v.upc,
                 (coalesce((select sum(on_hand) from inventory_items where variant_id = v.id), 0)
                  + coalesce((select sum(quantity_available) from vendor_products where variant_id = v.id and can_drop_ship), 0))::int as quantity
            from store_variants sv join variants v on v.id = sv.variant_id where sv.id = ${sv.kept}`,
    );
    expect(product).toMatchObject({ price: (live!.price_cents / 100).toFixed(2), upc: live!.upc, quantity: String(live!.quantity) });
    expect(product!.availability).toBe(live!.quantity > 0 ? 'in stock' : 'out of stock');
    expect(product!.title).toBeTruthy();
    expect(product!.purchase_limit).toBe('4');

    // price and stock read when fetched, not when built
    await t.sql(sql`update store_variants set price_cents = price_cents + 123, map_gate = null where id = ${sv.kept}`);
    await t.sql(sql`insert into vendor_products (vendor_id, vendor_sku, variant_id, cost_cents, quantity_available, can_drop_ship)
                    select id, 'FEED-FILE-TEST', ${keptVariant}, 100, 7, true from vendors order by id limit 1`);
    const [after] = productsOf((await t.req('GET', path)).text);
    expect(after).toMatchObject({ price: ((live!.price_cents + 123) / 100).toFixed(2), quantity: String(live!.quantity + 7), availability: 'in stock' });
    // the stock read in one pass (a large feed) says the same as a lookup per item: this feed, and a demo feed of hundreds
    const [demo] = await t.sql<{ id: number }>(sql`select f.id from feeds f where f.is_enabled and f.id <> ${feedId} order by (select count(*) from feed_store_variants x where x.feed_id = f.id) desc limit 1`);
    await build(demo!.id);
    for (const id of [feedId, demo!.id]) {
      const [perItem, onePass] = await Promise.all([false, true].map((many) => t.sql<{ quantity: number; price_cents: number }>(liveItems(id, many))));
      expect(onePass).toEqual(perItem);
      if (id === demo!.id) expect(perItem.filter((r) => r.quantity > 0).length).toBeGreaterThan(100);
    }
    // priced below cost since the build: left out at once
    await t.sql(sql`update store_variants set price_cents = 1 where id = ${sv.kept}`);
    expect(productsOf((await t.req('GET', path)).text)).toEqual([]);
    await t.sql(sql`update store_variants set price_cents = ${live!.price_cents + 123} where id = ${sv.kept}`);

    // a new address: the old one stops answering
    const again = (await t.req('POST', `/api/feed/${feedId}/key`, { token: catalog, body: {} })).body.data as { path: string };
    expect((await t.req('GET', path)).status).toBe(404);
    expect((await t.req('GET', again.path)).status).toBe(200);
    // a disabled feed answers nothing
    await put({ is_enabled: false });
    expect((await t.req('GET', again.path)).status).toBe(404);
    await put({ is_enabled: true });
    expect((await t.req('GET', again.path)).status).toBe(200);
    const audit = await t.sql<{ after: unknown }>(sql`select after from audit_logs where entity = 'feed' and entity_id = ${String(feedId)} and action = 'new_key'`);
    expect(audit).toHaveLength(2);
    expect(JSON.stringify(audit)).not.toContain(key);
  });

  it('staff download the file signed in, logged; BulkCheapAmmo gets CSV with the same fields; an unbuilt feed is refused', async () => {
    const res = await t.req('GET', `/api/feed/${feedId}/file`, { token: catalog });
    expect(res.status, res.text).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="file-test-ammoseek-\d{4}-\d\d-\d\d\.xml"/);
    expect(productsOf(res.text)).toHaveLength(1);
    // logged and kept, as every download is: downloaded again from the log, the same bytes
    const logs = await t.sql<{ id: number; kind: string; format: string; rows: number; bytes: number }>(sql`select id, kind, format, rows, bytes from download_logs where source = ${`feed.${feedId}`}`);
    expect(logs).toEqual([{ id: expect.any(Number), kind: 'feed', format: 'xml', rows: 1, bytes: Buffer.byteLength(res.text) }]);
    const again = await t.req('GET', `/api/download-log/${logs[0]!.id}/file`, { token: catalog });
    expect(again.status).toBe(200);
    expect(again.text).toBe(res.text);
    for (const token of [analyst, officer]) expect((await t.req('GET', `/api/feed/${feedId}/file`, { token })).status).toBe(403);
    for (const token of [analyst, officer]) expect((await t.req('POST', `/api/feed/${feedId}/build`, { token, body: {} })).status).toBe(403);

    const f = await feed();
    const bca = await t.req('POST', '/api/feed', { token: catalog, body: { store_id: f.store_id, name: 'File test → BCA', target_destination: 'bulkcheapammo', frequency_hours: 168, keep_without_upc: true, keep_below_cost: true } });
    const bcaId = bca.body.data.id as number;
    const unbuilt = await t.req('GET', `/api/feed/${bcaId}/file`, { token: catalog });
    expect(unbuilt.status).toBe(422);
    expect(unbuilt.body.error.message).toMatch(/not been built/);
    await t.req('POST', '/api/feed/store-variant', { token: catalog, body: { store_variant_ids: Object.values(sv), feed_ids: [bcaId], mode: 'add' } });
    expect(await build(bcaId)).toEqual({ items: 4, kept: 3, left_out: 1 });
    const csv = await t.req('GET', `/api/feed/${bcaId}/file`, { token: catalog });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('type,title,url,price,caliber,manufacturer,numrounds,count,upc,mpn,casing,grains,condition,availability,quantity,purchase_limit,map_note');
    // the item below cost is kept by the feed: three lines
    expect(lines).toHaveLength(4);
  });

  it('a feed gives its file its own layout: CSV or XML, its fields in order under the destination’s names; bad layouts refused whole', async () => {
    const f = await feed();
    const made = await t.req('POST', '/api/feed', { token: catalog, body: { store_id: f.store_id, name: 'File test → BCA layout', target_destination: 'bulkcheapammo', frequency_hours: 168 } });
    expect(made.status, made.text).toBe(201);
    const id = made.body.data.id as number;
    expect(made.body.data.file_layout).toBeNull();
    await t.req('POST', '/api/feed/store-variant', { token: catalog, body: { store_variant_ids: [sv.kept], feed_ids: [id], mode: 'add' } });
    expect(await build(id)).toEqual({ items: 1, kept: 1, left_out: 0 });
    const current = async () => (await t.req('GET', `/api/feed/${id}`, { token: admin })).body.data as Feed;
    const putLayout = async (file_layout: unknown, extra: Record<string, unknown> = {}) => {
      const g = await current();
      const body = { store_id: g.store_id, name: g.name, target_destination: g.target_destination, frequency_hours: g.frequency_hours, is_enabled: g.is_enabled, leave_out_restricted: g.leave_out_restricted, keep_without_upc: g.keep_without_upc, keep_below_cost: g.keep_below_cost, version: g.version, ...(file_layout !== undefined && { file_layout }), ...extra };
      return t.req('PUT', `/api/feed/${id}`, { token: catalog, body });
    };
    const [live] = await t.sql<{ price_cents: number; upc: string; title: string | null }>(
      sql`select sv.price_cents, v.upc, fi.title from store_variants sv join variants v on v.id = sv.variant_id join feed_items fi on fi.store_variant_id = sv.id and fi.feed_id = ${id} where sv.id = ${sv.kept}`,
    );

    // refused whole, each message on the field at fault
    const bad: [unknown, string | null, RegExp][] = [
      [{ format: 'xml', root: 'items', item: 'item', fields: [{ field: 'upc', name: 'gtin' }, { field: 'title', name: 'product name' }] }, 'file_layout.fields.1.name', /XML name/],
      [{ format: 'csv', root: 'items', item: 'item', fields: [{ field: 'upc', name: 'Code' }, { field: 'mpn', name: 'Code' }] }, 'file_layout.fields.1.name', /Another field has this name/],
      [{ format: 'xml', root: 'item', item: 'item', fields: [{ field: 'upc', name: 'upc' }] }, 'file_layout.item', /name of its own/],
      [{ format: 'xml', root: 'xmlfeed', item: 'item', fields: [{ field: 'upc', name: 'upc' }] }, 'file_layout.root', /XML name/],
      [{ format: 'csv', root: 'items', item: 'item', fields: [{ field: 'cost', name: 'Cost' }] }, 'file_layout.fields.0.field', /feed file’s fields/],
      [{ format: 'csv', root: 'items', item: 'item', fields: [] }, 'file_layout.fields', /at least one field/],
      [{ format: 'json', root: 'items', item: 'item', fields: [{ field: 'upc', name: 'upc' }] }, 'file_layout.format', /XML or CSV/],
      [JSON.parse('{"format":"csv","root":"a","item":"b","fields":[{"field":"upc","name":"UPC"}],"__proto__":{"polluted":1}}'), null, /not valid JSON/],
      [{ format: 'csv', root: 'items', item: 'item', fields: Array.from({ length: 41 }, (_, k) => ({ field: 'upc', name: `upc${k}` })) }, 'file_layout.fields', /At most 40/],
    ];
    for (const [layout, path, message] of bad) {
      const res = await putLayout(layout);
      expect(res.status, `${JSON.stringify(layout)} → ${res.text}`).toBe(400);
      expect(path ? res.body.error.fields?.[path] : res.body.error.message, `${path} in ${res.text}`).toMatch(message);
    }
    expect((await current()).file_layout).toBeNull();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    // CSV with the destination's own headers, in its order
    const csvLayout = { format: 'csv', root: 'productlist', item: 'product', fields: [{ field: 'upc', name: 'UPC' }, { field: 'price', name: 'Sale Price' }, { field: 'title', name: 'Product Name' }, { field: 'availability', name: 'In Stock?' }] };
    const put1 = await putLayout(csvLayout);
    expect(put1.status, put1.text).toBe(200);
    expect((await current()).file_layout).toEqual(csvLayout);
    const csv = await t.req('GET', `/api/feed/${id}/file`, { token: catalog });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('UPC,Sale Price,Product Name,In Stock?');
    expect(lines).toHaveLength(2);
    expect(lines[1]!.startsWith(`${live!.upc},${(live!.price_cents / 100).toFixed(2)},`)).toBe(true);
    // an update that leaves the layout out keeps it
    expect((await putLayout(undefined, { name: 'File test → BCA layout (renamed)' })).status).toBe(200);
    expect((await current()).file_layout).toEqual(csvLayout);

    // XML for the same destination, under its names; a field may go out twice under two names
    const xmlLayout = { format: 'xml', root: 'items', item: 'item', fields: [{ field: 'title', name: 'name' }, { field: 'price', name: 'sale_price' }, { field: 'upc', name: 'gtin' }, { field: 'upc', name: 'upc' }] };
    expect((await putLayout(xmlLayout)).status).toBe(200);
    const xml = await t.req('GET', `/api/feed/${id}/file`, { token: catalog });
    expect(xml.headers['content-type']).toMatch(/application\/xml/);
    expect(xml.headers['content-disposition']).toMatch(/\.xml"/);
    const [item] = productsOf(xml.text, 'items', 'item');
    expect(item).toEqual({ name: live!.title, sale_price: (live!.price_cents / 100).toFixed(2), gtin: live!.upc, upc: live!.upc });

    // back to the destination's standard layout; each change audited, before → after
    expect((await putLayout(null)).status).toBe(200);
    expect((await current()).file_layout).toBeNull();
    expect((await t.req('GET', `/api/feed/${id}/file`, { token: catalog })).text.split('\r\n')[0]).toMatch(/^type,title,url,price,/);
    const audits = await t.sql<{ before: { file_layout: unknown }; after: { file_layout: unknown } }>(
      sql`select before, after from audit_logs where entity = 'feed' and entity_id = ${String(id)} and action = 'update' order by id`,
    );
    expect(audits.map((a) => [a.before.file_layout, a.after.file_layout])).toEqual([
      [null, csvLayout],
      [csvLayout, csvLayout],
      [csvLayout, xmlLayout],
      [xmlLayout, null],
    ]);
  });

  it('the schedule queues each enabled feed due a build once', async () => {
    await t.sql(sql`update feeds set built_at = now() - interval '25 hours', build_queued_at = null where id = ${feedId}`);
    const before = await t.sql<{ n: number }>(sql`select count(*)::int as n from jobs where kind = 'feed-build'`);
    const dueNow = await t.sql<{ n: number }>(
      sql`select count(*)::int as n from feeds where is_enabled and (built_at is null or built_at < now() - make_interval(hours => frequency_hours))`,
    );
    const queued = await queueDueFeedBuilds({ db: t.db, jobs: t.jobs });
    expect(queued).toBe(dueNow[0]!.n);
    expect(queued).toBeGreaterThan(0);
    const mine = await t.sql<{ params: { feed_id: number } }>(sql`select params from jobs where kind = 'feed-build' and (params->>'feed_id')::int = ${feedId} order by id desc limit 1`);
    expect(mine[0]!.params.feed_id).toBe(feedId);
    // claimed: a second look (another process's) queues nothing more
    expect(await queueDueFeedBuilds({ db: t.db, jobs: t.jobs })).toBe(0);
    const after = await t.sql<{ n: number }>(sql`select count(*)::int as n from jobs where kind = 'feed-build'`);
    expect(after[0]!.n - before[0]!.n).toBe(queued);
  });
});

import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImportCounts, Job, VendorImport, VendorProduct } from '@qm/contracts';
import { JobCancelled } from '../src/jobs/runner.js';
import { applyImport } from '../src/modules/vendor-catalog/import.js';
import { guessMapping, readMoney, readQuantity, readRow, readUpc, readYesNo } from '../src/modules/vendor-catalog/values.js';
import { BACKENDS, useTestApp, type TestApp, expectRefused, finishedJob } from './harness.js';

describe('reading vendors’ cells', () => {
  it('reads money, quantities, yes/no and UPCs, and says why a cell cannot be read', () => {
    expect(readMoney('$1,234.50', 'cost')).toEqual({ value: 123450 });
    expect(readMoney('12.345', 'cost')).toEqual({ value: 1235 });
    expect(readMoney('', 'cost')).toEqual({ value: null });
    expect(readMoney('call', 'cost')).toEqual({ error: 'cost is not a number' });
    expect(readMoney('-2', 'MAP')).toEqual({ error: 'MAP is negative' });
    expect(readQuantity('1,200')).toEqual({ value: 1200 });
    expect(readQuantity('-3')).toEqual({ value: 0 });
    expect(readQuantity('')).toEqual({ value: 0 });
    expect(readQuantity('2.5')).toEqual({ error: 'quantity is not a whole number' });
    expect(readYesNo('Y', 'can drop-ship')).toEqual({ value: true });
    expect(readYesNo('', 'can drop-ship')).toEqual({ value: false });
    expect(readYesNo('maybe', 'can drop-ship')).toEqual({ error: 'can drop-ship is not yes or no' });
    expect(readUpc('29465064525')).toEqual({ value: '029465064525' });
    expect(readUpc('0-29465-06452-5')).toEqual({ value: '029465064525' });
    expect(readUpc('12345')).toEqual({ error: 'UPC is not 8, 12, 13 or 14 digits' });
  });

  it('never throws on any cell, and a row with a problem says so', () => {
    const at = { vendor_sku: 0, upc: 1, cost: 2, quantity: 3, can_drop_ship: 4, map: 5, name: 6 };
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 30 }), { minLength: 0, maxLength: 8 }), (cells) => {
        const row = readRow(cells, 2, at);
        expect(row.line).toBe(2);
        if (!cells[0]) expect(row.error).toMatch(/^Vendor SKU is empty/);
        if (row.error === null) expect(row.vendor_sku).toBe(cells[0]);
      }),
    );
  });

  it('guesses the columns of distributors’ files from their headers', () => {
    expect(guessMapping(['Item #', 'UPC Code', 'Description', 'Your Price', 'Qty Avail', 'Drop Ship', 'MAP Price'])).toEqual({
      vendor_sku: 'Item #',
      upc: 'UPC Code',
      name: 'Description',
      cost: 'Your Price',
      quantity: 'Qty Avail',
      can_drop_ship: 'Drop Ship',
      map: 'MAP Price',
    });
    expect(guessMapping(['SKU', 'Cost', 'Weight'])).toMatchObject({ vendor_sku: 'SKU', cost: 'Cost', upc: null, quantity: null });
  });
});

const finished = (t: TestApp, token: string, id: number, timeoutMs = 120_000) => finishedJob(t, token, id, timeoutMs);

const MAPPING = { vendor_sku: 'Item #', upc: 'UPC', name: 'Description', cost: 'Your Cost', quantity: 'Qty', can_drop_ship: 'Drop Ship', map: 'MAP' };
const HEADER = 'Item #,UPC,Description,Your Cost,Qty,Drop Ship,MAP';

describe.each(BACKENDS)('vendor catalogue on %s', (kind) => {
  const t = useTestApp(kind);
  let purchasing: string;
  let vendorId: number;
  /** Our test variants by name: a, b, c, d, e (and twin1/twin2 sharing one UPC). */
  const variant: Record<string, number> = {};
  const upc = (n: number) => `0987${String(n).padStart(7, '0')}1`; // 12 digits

  beforeAll(async () => {
    purchasing = await t.login('purchasing@example.com');
    const [v] = await t.sql<{ id: number }>(sql`insert into vendors (name, code, can_drop_ship) values ('Test Distributing', 'TSTD', true) returning id`);
    vendorId = v!.id;
    const [p] = await t.sql<{ id: number }>(sql`insert into products (type, variation_type) values ('physical', 'rounds') returning id`);
    // The title is an attribute value; the product's cached title follows it (a trigger).
    await t.sql(sql`insert into attribute_data (attribute_id, sourceable_type, sourceable_id, value) values (11, 'product', ${p!.id}, ${JSON.stringify('VCT Test Load 9mm 115gr FMJ')}::jsonb)`);
    const defs: [string, string, string | null][] = [
      ['a', 'VCT-A-50', upc(1)],
      ['b', 'VCT-B-50', upc(2)],
      ['c', 'VCT-C-50', upc(3)],
      ['d', 'VCT-D-50', upc(4)],
      ['e', 'VCT-E-50', null],
      ['twin1', 'VCT-T1', upc(9)],
      ['twin2', 'VCT-T2', upc(9)],
    ];
    for (const [name, sku, u] of defs) {
      const [row] = await t.sql<{ id: number }>(sql`insert into variants (product_id, sku, upc, units_per_package) values (${p!.id}, ${sku}, ${u}, 50) returning id`);
      variant[name] = row!.id;
    }
  });

  const upload = async (name: string, body: string | Buffer, token = purchasing, contentType = 'text/csv') => {
    const res = await t.req('POST', '/api/file', { token, body, headers: { 'content-type': contentType, 'x-file-name': name } });
    expect(res.status, res.text).toBe(201);
    return res.body.data.id as number;
  };
  const lines = (vendor = vendorId) =>
    t.sql<{ vendor_sku: string; cost_cents: number | null; quantity_available: number; variant_id: number | null; match_method: string | null; can_drop_ship: boolean; map_cents: number | null; synced: boolean }>(
      sql`select vendor_sku, cost_cents, quantity_available, variant_id, match_method, can_drop_ship, map_cents, last_synced_at is not null as synced
            from vendor_products where vendor_id = ${vendor} order by vendor_sku`,
    );
  async function preview(vendor: number, fileId: number, opts: { mapping?: object; missing?: 'zero' | 'keep'; token?: string } = {}) {
    const token = opts.token ?? purchasing;
    const res = await t.req('POST', `/api/vendor/${vendor}/import/preview`, { token, body: { file_id: fileId, mapping: opts.mapping ?? MAPPING, missing: opts.missing ?? 'zero' } });
    expect(res.status, res.text).toBe(202);
    const job = await finished(t, token, res.body.data.job.id);
    const imp = await t.req('GET', `/api/vendor-import/${res.body.data.import_id}`, { token });
    expect(imp.status).toBe(200);
    return { job, imp: imp.body.data as VendorImport };
  }
  async function apply(vendor: number, importId: number, token = purchasing) {
    const res = await t.req('POST', `/api/vendor/${vendor}/import/apply`, { token, body: { import_id: importId } });
    if (res.status !== 202) return { res, job: null };
    return { res, job: await finished(t, token, res.body.data.job.id) };
  }
  const newVendor = async (code: string, dropShip = false) =>
    (await t.sql<{ id: number }>(sql`insert into vendors (name, code, can_drop_ship) values (${`Vendor ${code}`}, ${code}, ${dropShip}) returning id`))[0]!.id;

  it('matches by UPC first, then by SKU; keeps what a person matched; leaves ambiguous UPCs alone', async () => {
    const vid = await newVendor('MTCH');
    await t.sql(sql`insert into vendor_products (vendor_id, vendor_sku, upc, variant_id, match_method) values
      (${vid}, 'X-GTIN', ${'00' + upc(1)}, null, null),       -- a GTIN-14 of variant a
      (${vid}, 'vct-b-50', null, null, null),                  -- variant b by SKU, case aside
      (${vid}, 'VCT-D-50', ${upc(3)}, null, null),             -- UPC says c, SKU says d: UPC wins
      (${vid}, 'X-MANUAL', ${upc(4)}, ${variant.e}, 'manual'),  -- a person said e
      (${vid}, 'X-NONE', ${upc(2)}, null, 'manual'),           -- a person said none of ours
      (${vid}, 'X-TWIN', ${upc(9)}, null, null),               -- two variants hold this UPC
      (${vid}, 'X-UNKNOWN', '012345678905', null, null)`);
    const res = await t.req('POST', `/api/vendor/${vid}/match`, { token: purchasing });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ matched_by_upc: 2, matched_by_sku: 1, still_unmatched: 3 });
    const rows = Object.fromEntries((await lines(vid)).map((r) => [r.vendor_sku, [r.variant_id, r.match_method]]));
    expect(rows).toEqual({
      'X-GTIN': [variant.a, 'upc'],
      'vct-b-50': [variant.b, 'sku'],
      'VCT-D-50': [variant.c, 'upc'],
      'X-MANUAL': [variant.e, 'manual'],
      'X-NONE': [null, 'manual'],
      'X-TWIN': [null, null],
      'X-UNKNOWN': [null, null],
    });
    // Again: nothing left to match, nothing changes.
    expect((await t.req('POST', `/api/vendor/${vid}/match`, { token: purchasing })).body.data).toEqual({ matched_by_upc: 0, matched_by_sku: 0, still_unmatched: 3 });
    const audits = await t.sql<{ n: number }>(sql`select count(*)::int as n from audit_logs where entity = 'vendor' and entity_id = ${String(vid)} and action = 'match'`);
    expect(audits[0]!.n).toBe(1);
    expect((await t.req('POST', `/api/vendor/999999/match`, { token: purchasing })).status).toBe(404);
  });

  it('lists a vendor’s lines with our SKU and title, filtered by match, variant and search', async () => {
    const vid = (await t.sql<{ id: number }>(sql`select id from vendors where code = 'MTCH'`))[0]!.id;
    const all = await t.req('GET', `/api/vendor-product?filter[vendor_id]=${vid}&sort=vendor_sku`, { token: purchasing });
    expect(all.status).toBe(200);
    expect(all.body.meta.total).toBe(7);
    const gtin = all.body.data.find((r: VendorProduct) => r.vendor_sku === 'X-GTIN');
    expect(gtin).toMatchObject({ vendor_name: 'Vendor MTCH', variant_sku: 'VCT-A-50', product_title: 'VCT Test Load 9mm 115gr FMJ', match_method: 'upc' });
    const unmatched = await t.req('GET', `/api/vendor/${vid}/product?filter[matched]=false`, { token: purchasing });
    expect(unmatched.body.data.map((r: VendorProduct) => r.vendor_sku).sort()).toEqual(['X-NONE', 'X-TWIN', 'X-UNKNOWN']);
    const matched = await t.req('GET', `/api/vendor/${vid}/product?filter[matched]=true&filter[vendor_id]=${vendorId}`, { token: purchasing });
    expect(matched.body.meta.total).toBe(4); // the path's vendor, whatever the filter says
    const byVariant = await t.req('GET', `/api/vendor-product?filter[variant_id]=${variant.c}`, { token: purchasing });
    expect(byVariant.body.data.map((r: VendorProduct) => r.vendor_sku)).toEqual(['VCT-D-50']);
    for (const q of ['x-gtin', '012345678905', 'VCT-A']) {
      const found = await t.req('GET', `/api/vendor/${vid}/product?q=${encodeURIComponent(q)}`, { token: purchasing });
      expect(found.body.meta.total, q).toBe(1);
    }
    // by our variant's SKU (looked up per line): the matched lines in that order, the unmatched last
    const byOurSku = await t.req('GET', `/api/vendor/${vid}/product?sort=variant_sku`, { token: purchasing });
    expect(byOurSku.status, byOurSku.text).toBe(200);
    const ours = byOurSku.body.data.map((r: VendorProduct) => r.variant_sku);
    expect(ours.slice(0, 4)).toEqual([...ours.slice(0, 4)].sort());
    expect(ours.slice(4)).toEqual([null, null, null]);
    expectRefused(await t.req('GET', `/api/vendor-product?filter[matched]=maybe`, { token: purchasing }), 400, 'filter.matched');
    expect((await t.req('GET', `/api/vendor-product?sort=-cost_cents,quantity_available`, { token: purchasing })).status).toBe(200);
    expect((await t.req('GET', `/api/vendor/999999/product`, { token: purchasing })).status).toBe(404);
    const csv = await t.req('GET', `/api/vendor/${vid}/product?format=csv`, { token: purchasing });
    expect(csv.status).toBe(200);
    expect(csv.text.trim().split('\r\n')).toHaveLength(8);
  });

  it('matches by hand, clears a match, corrects a line and deletes it, each audited', async () => {
    const vid = (await t.sql<{ id: number }>(sql`select id from vendors where code = 'MTCH'`))[0]!.id;
    const [row] = await t.sql<{ id: number }>(sql`select id from vendor_products where vendor_id = ${vid} and vendor_sku = 'X-UNKNOWN'`);
    const id = row!.id;
    const matched = await t.req('PUT', `/api/vendor-product/${id}/match`, { token: purchasing, body: { variant_id: variant.d } });
    expect(matched.status).toBe(200);
    expect(matched.body.data).toMatchObject({ variant_id: variant.d, variant_sku: 'VCT-D-50', match_method: 'manual' });
    expectRefused(await t.req('PUT', `/api/vendor-product/${id}/match`, { token: purchasing, body: { variant_id: 2_000_000_000 } }), 400, 'variant_id');
    // A person's match survives matching again.
    await t.req('POST', `/api/vendor/${vid}/match`, { token: purchasing });
    expect((await t.req('GET', `/api/vendor-product/${id}`, { token: purchasing })).body.data.variant_id).toBe(variant.d);
    const cleared = await t.req('DELETE', `/api/vendor-product/${id}/match`, { token: purchasing });
    expect(cleared.body.data).toMatchObject({ variant_id: null, match_method: 'manual' });
    const version = cleared.body.data.version;
    const put = await t.req('PUT', `/api/vendor-product/${id}`, {
      token: purchasing,
      body: { cost_cents: 1899, quantity_available: 40, can_drop_ship: true, map_cents: 2499, version },
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body.data).toMatchObject({ cost_cents: 1899, quantity_available: 40, can_drop_ship: true, map_cents: 2499, variant_id: null });
    const stale = await t.req('PUT', `/api/vendor-product/${id}`, { token: purchasing, body: { cost_cents: 1, quantity_available: 1, can_drop_ship: false, map_cents: null, version } });
    expect(stale.status).toBe(409);
    const bad = await t.req('PUT', `/api/vendor-product/${id}`, { token: purchasing, body: { cost_cents: -1, quantity_available: 1.5, can_drop_ship: 'y', map_cents: null, version: version + 1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({ cost_cents: expect.any(String), quantity_available: 'A whole number', can_drop_ship: expect.any(String) });
    const missing = await t.req('PUT', `/api/vendor-product/${id}`, { token: purchasing, body: { cost_cents: 100, quantity_available: null, can_drop_ship: false, map_cents: null, version: version + 1 } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toMatchObject({ quantity_available: 'Required' });
    const rematch = await t.req('PUT', `/api/vendor-product/${id}`, { token: purchasing, body: { cost_cents: 1899, quantity_available: 40, can_drop_ship: true, map_cents: 2499, variant_id: variant.a, version: version + 1 } });
    expect(rematch.body.data).toMatchObject({ variant_id: variant.a, match_method: 'manual' });
    expect((await t.req('DELETE', `/api/vendor-product/${id}`, { token: purchasing })).status).toBe(204);
    expect((await t.req('GET', `/api/vendor-product/${id}`, { token: purchasing })).status).toBe(404);
    const actions = await t.sql<{ action: string }>(sql`select action from audit_logs where entity = 'vendor_product' and entity_id = ${String(id)} order by id`);
    expect(actions.map((a) => a.action)).toEqual(['update', 'update', 'update', 'update', 'delete']);
  });

  it('refuses a file with invalid rows: nothing applied, every reason listed; the fixed file applies with the right counts', async () => {
    await t.sql(sql`insert into vendor_products (vendor_id, vendor_sku, upc, cost_cents, quantity_available, can_drop_ship, variant_id, match_method) values
      (${vendorId}, 'TD-100', ${upc(1)}, 1500, 10, true, ${variant.a}, 'upc'),   -- cost changes
      (${vendorId}, 'TD-200', ${upc(2)}, 2000, 5, true, ${variant.b}, 'upc'),    -- stock changes
      (${vendorId}, 'TD-300', null, 900, 0, true, null, null),                  -- unchanged, unmatched
      (${vendorId}, 'TD-OLD', null, 700, 12, true, null, null),                 -- not in the file: stock to 0
      (${vendorId}, 'TD-GONE', null, 700, 0, true, null, null)                  -- not in the file, out of stock already`);
    await t.sql(sql`update vendor_products set name = 'Unknown brand item' where vendor_id = ${vendorId} and vendor_sku = 'TD-300'`);
    const before = await lines();
    const bad = [
      HEADER,
      `TD-100,${upc(1)},Federal 9mm 115gr FMJ 50rd,14.25,10,Y,`,
      `TD-200,${upc(2)},Winchester 9mm 124gr 50rd,20.00,25,Y,`,
      'TD-300,,Unknown brand item,9.00,0,Y,',
      `TD-NEW,${upc(3)},CCI .22 LR 40gr,$4.10,"1,200",N,5.99`,
      'TD-NEW2,,Something we do not sell,3.00,4,Y,',
      'TD-BAD1,,Bad cost,call for price,3,Y,',
      'TD-BAD2,,Bad qty,3.00,lots,Y,',
      'TD-100,,Duplicate,1.00,1,Y,',
      ',,No SKU,1.00,1,Y,',
      'TD-BAD3,123,Short UPC,1.00,1,maybe,',
    ].join('\n');
    const { job, imp } = await preview(vendorId, await upload('test-distributing.csv', bad));
    expect(job.status).toBe('succeeded');
    expect(imp.status).toBe('previewed');
    expect(imp.can_apply).toBe(false);
    expect(imp.summary!.counts).toMatchObject({ rows: 10, invalid: 5 });
    const reasons = Object.fromEntries(imp.summary!.samples.invalid!.map((r) => [r.line, r.error]));
    expect(reasons).toEqual({
      7: 'Cost is not a number',
      8: 'Quantity is not a whole number',
      9: 'Duplicate vendor SKU in the file (also on row 2)',
      10: 'Vendor SKU is empty',
      11: 'UPC is not 8, 12, 13 or 14 digits; can drop-ship is not yes or no',
    });
    const refused = await apply(vendorId, imp.id);
    expect(refused.res.status).toBe(422);
    expect(refused.res.body.error.message).toMatch(/5 invalid rows: nothing can be applied/);
    expect(await lines()).toEqual(before);

    // The same file, fixed.
    const fixed = bad.split('\n').slice(0, 6).join('\n');
    const again = await preview(vendorId, await upload('test-distributing.csv', fixed));
    expect(again.imp.can_apply).toBe(true);
    const expected: ImportCounts = { rows: 5, invalid: 0, new: 2, changed: 2, cost_changed: 1, stock_changed: 1, unchanged: 1, unmatched: 2, missing: 2, missing_in_stock: 1 };
    expect(again.imp.summary!.counts).toEqual(expected);
    expect(again.imp.summary!.samples.cost_changed![0]).toMatchObject({ vendor_sku: 'TD-100', old_cost_cents: 1500, cost_cents: 1425 });
    expect(again.imp.summary!.samples.missing!.map((r) => r.vendor_sku)).toEqual(['TD-OLD', 'TD-GONE']);
    // The earlier preview was replaced.
    expect((await t.req('GET', `/api/vendor-import/${imp.id}`, { token: purchasing })).body.data.status).toBe('superseded');
    const done = await apply(vendorId, again.imp.id);
    expect(done.job).toMatchObject({ status: 'succeeded' });
    const after = Object.fromEntries((await lines()).map((r) => [r.vendor_sku, r]));
    expect(after['TD-100']).toMatchObject({ cost_cents: 1425, quantity_available: 10, variant_id: variant.a, synced: true });
    expect(after['TD-200']).toMatchObject({ quantity_available: 25 });
    expect(after['TD-NEW']).toMatchObject({ cost_cents: 410, quantity_available: 1200, can_drop_ship: false, map_cents: 599, variant_id: variant.c, match_method: 'upc' });
    expect(after['TD-NEW2']).toMatchObject({ variant_id: null, can_drop_ship: true });
    expect(after['TD-OLD']).toMatchObject({ quantity_available: 0, cost_cents: 700 });
    expect(after['TD-GONE']).toMatchObject({ quantity_available: 0, synced: false });
    const applied = (await t.req('GET', `/api/vendor-import/${again.imp.id}`, { token: purchasing })).body.data as VendorImport;
    expect(applied).toMatchObject({ status: 'applied', can_apply: false });
    expect((await apply(vendorId, again.imp.id)).res.status).toBe(422);
    const [log] = await t.sql<{ after: { counts: ImportCounts; file_name: string } }>(
      sql`select after from audit_logs where entity = 'vendor' and entity_id = ${String(vendorId)} and action = 'import' order by id desc limit 1`,
    );
    expect(log!.after).toMatchObject({ file_name: 'test-distributing.csv', counts: expected });
    const [staged] = await t.sql<{ n: number }>(sql`select count(*)::int as n from vendor_import_rows where import_id in (${imp.id}, ${again.imp.id})`);
    expect(staged!.n).toBe(0);
    const history = await t.req('GET', `/api/vendor-import?filter[vendor_id]=${vendorId}`, { token: purchasing });
    expect(history.body.data.map((i: VendorImport) => i.status)).toEqual(['applied', 'superseded']);
  });

  it('imports XLSX, keeps stock of lines not in the file when asked, and remembers the mapping', async () => {
    const vid = await newVendor('XLSX', true);
    await t.sql(sql`insert into vendor_products (vendor_id, vendor_sku, cost_cents, quantity_available) values (${vid}, 'KEEP-ME', 100, 7)`);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Price List');
    sheet.addRow(['Part No', 'Dealer Cost', 'Qty On Hand', 'Barcode']);
    sheet.addRow(['XL-1', 12.5, 30, 98700000041]); // a number: the leading zero is gone
    sheet.addRow(['XL-2', 8, 0, null]);
    const buf = Buffer.from(await book.xlsx.writeBuffer());
    const fileId = await upload('amchar.xlsx', buf, purchasing, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const cols = await t.req('POST', `/api/vendor/${vid}/import/columns`, { token: purchasing, body: { file_id: fileId } });
    expect(cols.status, cols.text).toBe(200);
    expect(cols.body.data).toMatchObject({
      headers: ['Part No', 'Dealer Cost', 'Qty On Hand', 'Barcode'],
      sample: [['XL-1', '12.5', '30', '98700000041'], ['XL-2', '8', '0', '']],
      mapping: { vendor_sku: 'Part No', cost: 'Dealer Cost', quantity: 'Qty On Hand', upc: 'Barcode', name: null },
      mapping_source: 'guessed',
    });
    const mapping = { vendor_sku: 'Part No', cost: 'Dealer Cost', quantity: 'Qty On Hand', upc: 'Barcode' };
    const { imp } = await preview(vid, fileId, { mapping, missing: 'keep' });
    expect(imp.summary!.counts).toMatchObject({ rows: 2, new: 2, missing: 1, missing_in_stock: 1 });
    expect((await apply(vid, imp.id)).job!.status).toBe('succeeded');
    const after = Object.fromEntries((await lines(vid)).map((r) => [r.vendor_sku, r]));
    expect(after['XL-1']).toMatchObject({ cost_cents: 1250, quantity_available: 30, can_drop_ship: true, variant_id: variant.d });
    expect(after['KEEP-ME']).toMatchObject({ quantity_available: 7 });
    // Next time the vendor's mapping is proposed, also for a file with its columns in another order.
    const next = await upload('amchar-2.csv', 'Barcode,Qty On Hand,Part No,Dealer Cost,Notes\n,1,XL-1,12.00,\n');
    const proposed = await t.req('POST', `/api/vendor/${vid}/import/columns`, { token: purchasing, body: { file_id: next } });
    expect(proposed.body.data).toMatchObject({ mapping: { ...mapping, name: null, map: null, can_drop_ship: null }, mapping_source: 'remembered' });
    // A mapping naming a column the file does not have is refused before anything runs.
    const wrong = await t.req('POST', `/api/vendor/${vid}/import/preview`, { token: purchasing, body: { file_id: next, mapping: { vendor_sku: 'Part No', cost: 'Price' } } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toEqual({ 'mapping.cost': 'The file has no column “Price”' });
  });

  it('a cancelled apply changes nothing, even after a batch was written', async () => {
    const vid = await newVendor('CNCL');
    await t.sql(sql`insert into vendor_products (vendor_id, vendor_sku, cost_cents, quantity_available) values (${vid}, 'C-1', 100, 7), (${vid}, 'C-OLD', 100, 3)`);
    const rows = [HEADER, 'C-1,,One,2.00,9,Y,', ...Array.from({ length: 50 }, (_, i) => `C-N${i},,New ${i},1.00,${i},Y,`)];
    const { imp } = await preview(vid, await upload('cancel.csv', rows.join('\n')));
    expect(imp.can_apply).toBe(true);
    const before = await lines(vid);
    let calls = 0;
    const me = (await t.req('GET', '/api/auth/user', { token: purchasing })).body.data;
    await expect(
      applyImport(t.db, { userId: me.id, impersonatorId: null, requestId: null }, imp.id, async () => {
        if (++calls === 2) throw new JobCancelled(); // after the first batch was written
      }),
    ).rejects.toBeInstanceOf(JobCancelled);
    expect(calls).toBe(2);
    expect(await lines(vid)).toEqual(before);
    expect((await t.req('GET', `/api/vendor-import/${imp.id}`, { token: purchasing })).body.data).toMatchObject({ status: 'previewed', can_apply: true });
    // Applied afterwards, it goes through.
    expect((await apply(vid, imp.id)).job!.status).toBe('succeeded');
    expect(await lines(vid)).toHaveLength(52);
  });

  it('cancels a preview while it reads the file: nothing staged is kept', async () => {
    const vid = await newVendor('CNPV');
    const body = HEADER + '\n' + Array.from({ length: 80_000 }, (_, i) => `P-${i},,Item ${i},1.00,${i % 50},Y,`).join('\n');
    const fileId = await upload('big.csv', body);
    const res = await t.req('POST', `/api/vendor/${vid}/import/preview`, { token: purchasing, body: { file_id: fileId, mapping: MAPPING } });
    expect(res.status).toBe(202);
    const jobId = res.body.data.job.id;
    for (let i = 0; i < 600; i++) {
      const j = (await t.req('GET', `/api/job/${jobId}`, { token: purchasing })).body.data as Job;
      if (j.status !== 'queued' && j.progress > 0) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect((await t.req('POST', `/api/job/${jobId}/cancel`, { token: purchasing })).status).toBe(200);
    const done = await finished(t, purchasing, jobId);
    expect(done.status).toBe('cancelled');
    const imp = (await t.req('GET', `/api/vendor-import/${res.body.data.import_id}`, { token: purchasing })).body.data as VendorImport;
    expect(imp).toMatchObject({ status: 'cancelled', can_apply: false });
    const [staged] = await t.sql<{ n: number }>(sql`select count(*)::int as n from vendor_import_rows where import_id = ${imp.id}`);
    expect(staged!.n).toBe(0);
    expect((await apply(vid, imp.id)).res.status).toBe(422);
  });

  it('takes an upload over a real connection (the body is the file, not parsed input)', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}/api/file`, {
      method: 'POST',
      headers: { authorization: `Bearer ${purchasing}`, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'text/csv', 'x-file-name': 'real.csv' },
      body: HEADER + '\nR-1,,Real,1.00,1,Y,\n',
    });
    expect(res.status).toBe(201);
    const columns = await t.req('POST', `/api/vendor/${vendorId}/import/columns`, { token: purchasing, body: { file_id: ((await res.json()) as { data: { id: number } }).data.id } });
    expect(columns.body.data.sample).toEqual([['R-1', '', 'Real', '1.00', '1', 'Y', '']]);
  });

  it('says why a malformed file cannot be read, never a 500', async () => {
    const vid = await newVendor('JUNK');
    const columns = async (fileId: number) => t.req('POST', `/api/vendor/${vid}/import/columns`, { token: purchasing, body: { file_id: fileId } });
    const junk = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7919) % 256));
    const binary = await columns(await upload('junk.csv', junk));
    expect(binary.status).toBe(422);
    expect(binary.body.error.message).toMatch(/NUL|could not be read/);
    const badXlsx = await columns(await upload('junk.xlsx', junk, purchasing, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'));
    expect(badXlsx.status).toBe(422);
    const empty = await columns(await upload('empty.csv', ''));
    expect(empty.status).toBe(422);
    expect(empty.body.error.message).toBe('The file is empty.');
    const hugeHeader = await columns(await upload('huge.csv', 'SKU,' + 'x'.repeat(20_000) + '\n1,2\n'));
    expect(hugeHeader.status).toBe(422);
    expect(hugeHeader.body.error.message).toMatch(/more than 10000 characters/);
    // Header only: the columns are shown, the preview says there is nothing to import.
    const headerOnly = await upload('header.csv', HEADER + '\n');
    expect((await columns(headerOnly)).status).toBe(200);
    const { job, imp } = await preview(vid, headerOnly);
    expect(job.status).toBe('failed');
    expect(job.error).toBe('The file has no rows under its header.');
    expect(imp).toMatchObject({ status: 'failed', error: 'The file has no rows under its header.', can_apply: false });
    // A huge cell further down fails the preview with the reason.
    const hugeCell = await preview(vid, await upload('huge-cell.csv', `${HEADER}\nA-1,,${'y'.repeat(12_000)},1,1,Y,\n`));
    expect(hugeCell.job.error).toMatch(/Row 2 has a cell of more than 10000 characters/);
    // Someone else's upload, or an export, is not found.
    const others = await upload('other.csv', HEADER + '\nA,,,1,1,Y,\n', await t.login('admin@example.com'));
    expect((await columns(others)).status).toBe(404);
    expect((await t.req('POST', `/api/vendor/${vid}/import/preview`, { token: purchasing, body: { file_id: others, mapping: MAPPING } })).status).toBe(404);
  });

  it('lets purchasing import and match; readers only read; the catalogue role sees none of it', async () => {
    const catalog = await t.login('catalog@example.com');
    const orders = await t.login('orders@example.com');
    const fileId = await upload('perm.csv', HEADER + '\nA,,,1,1,Y,\n', catalog);
    for (const [method, url, body] of [
      ['POST', `/api/vendor/${vendorId}/import/columns`, { file_id: fileId }],
      ['POST', `/api/vendor/${vendorId}/import/preview`, { file_id: fileId, mapping: MAPPING }],
      ['POST', `/api/vendor/${vendorId}/import/apply`, { import_id: 1 }],
      ['POST', `/api/vendor/${vendorId}/match`, undefined],
    ] as const) {
      expect((await t.req(method, url, { token: catalog, body })).status, url).toBe(403);
      expect((await t.req(method, url, { token: orders, body })).status, url).toBe(403);
    }
    expect((await t.req('GET', '/api/vendor-product', { token: catalog })).status).toBe(403);
    expect((await t.req('GET', '/api/vendor-product', { token: orders })).status).toBe(200);
    expect((await t.req('GET', `/api/vendor-import?filter[vendor_id]=${vendorId}`, { token: orders })).status).toBe(200);
    const [row] = await t.sql<{ id: number }>(sql`select id from vendor_products where vendor_id = ${vendorId} limit 1`);
    expect((await t.req('DELETE', `/api/vendor-product/${row!.id}`, { token: orders })).status).toBe(403);
    expect((await t.req('PUT', `/api/vendor-product/${row!.id}/match`, { token: orders, body: { variant_id: variant.a } })).status).toBe(403);
    expect((await t.req('GET', `/api/vendor-product/${row!.id}`, { token: orders })).status).toBe(200);
  });

  it('imports 100,000 rows in bounded memory', async () => {
    const vid = await newVendor('BIG');
    const n = 100_000;
    // Half the lines exist already: the import updates 50,000 and adds 50,000.
    await t.sql(sql`insert into vendor_products (vendor_id, vendor_sku, cost_cents, quantity_available)
                    select ${vid}, 'BIG-' || g, 1000, 5 from generate_series(0, ${n / 2 - 1}) g`);
    let body = HEADER + '\n';
    for (let i = 0; i < n; i++) body += `BIG-${i},,Load ${i} 9mm 115gr FMJ 50 rounds,${(9 + (i % 700) / 100).toFixed(2)},${i % 40},${i % 3 ? 'Y' : 'N'},\n`;
    const fileId = await upload('big.csv', body);
    body = '';
    global.gc?.();
    const base = process.memoryUsage().heapUsed;
    let peak = base;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 50);
    const started = Date.now();
    const { imp } = await preview(vid, fileId);
    const previewSeconds = (Date.now() - started) / 1000;
    expect(imp.summary!.counts).toMatchObject({ rows: n, invalid: 0, new: n / 2, changed: n / 2 });
    const { job } = await apply(vid, imp.id);
    clearInterval(sampler);
    const seconds = (Date.now() - started) / 1000;
    expect(job!.status).toBe('succeeded');
    const [count] = await t.sql<{ n: number; q: number }>(sql`select count(*)::int as n, sum(quantity_available)::int as q from vendor_products where vendor_id = ${vid}`);
    expect(count!.n).toBe(n);
    const growthMb = (peak - base) / 1024 / 1024;
    console.log(`${kind}: 100,000-row import: preview ${previewSeconds.toFixed(1)} s, preview + apply ${seconds.toFixed(1)} s, heap growth at most ${growthMb.toFixed(0)} MB`);
    expect(growthMb).toBeLessThan(150);
  }, 300_000);
});

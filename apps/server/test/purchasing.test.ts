import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BACKENDS, fixtures, useTestApp, expectRefused } from './harness.js';

describe.each(BACKENDS)('purchase orders on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: string;
  let purchasing: string;
  let catalog: string;
  let analyst: string;
  let vendorId: number;
  let otherVendorId: number;
  let locationId: number;
  let variants: { id: number; sku: string; cost_cents: number | null }[];

  beforeAll(async () => {
    [admin, purchasing, catalog, analyst] = await Promise.all(
      ['admin@example.com', 'purchasing@example.com', 'catalog@example.com', 'analyst@example.com'].map((e) => t.login(e)),
    );
    const [v] = await t.sql<{ id: number }>(sql`insert into vendors (name, code) values ('Test Supply Co', 'TSTPO') returning id`);
    vendorId = v!.id;
    const [o] = await t.sql<{ id: number }>(sql`insert into vendors (name, code) values ('Other Test Supply', 'TSTPO2') returning id`);
    otherVendorId = o!.id;
    const loc = await t.req('POST', '/api/location', { token: admin, body: { code: 'TPO', name: 'Purchasing Test Warehouse', state: 'TX', zip: '75001' } });
    expect(loc.status).toBe(201);
    locationId = loc.body.data.id;
    // Variants of the test's own: two with a cost, one without.
    const fx = fixtures(t, () => admin);
    const own = await fx.product({
      variants: [
        { sku: fx.unique('PO A').toUpperCase().replace(/[^A-Z0-9]+/g, '-'), units_per_package: 50, cost_cents: 1450 },
        { sku: fx.unique('PO B').toUpperCase().replace(/[^A-Z0-9]+/g, '-'), units_per_package: 20, cost_cents: 2390 },
        { sku: fx.unique('PO C').toUpperCase().replace(/[^A-Z0-9]+/g, '-'), units_per_package: 1 },
      ],
    });
    variants = await t.sql(sql`select id, sku, cost_cents from variants where product_id = ${own.id} order by id`);
    expect(variants.map((v) => v.cost_cents)).toEqual([1450, 2390, null]);
    // The vendor's catalogue has a cost for the first variant only.
    await t.sql(sql`insert into vendor_products (vendor_id, vendor_sku, variant_id, cost_cents) values (${vendorId}, 'TST-1', ${variants[0]!.id}, 18950)`);
  });

  const create = (lines: { variant_id: number; quantity: number; unit_cost_cents?: number }[], token = purchasing, extra: Record<string, unknown> = {}) =>
    t.req('POST', '/api/purchase-order', { token, body: { vendor_id: vendorId, entity: 'SD', location_id: locationId, lines, ...extra } });
  const act = (id: number, action: string, version: number, body: Record<string, unknown> = {}) =>
    t.req('POST', `/api/purchase-order/${id}/${action}`, { token: purchasing, body: { version, ...body } });
  const onHand = async (variantId: number, loc = locationId) =>
    (await t.sql<{ n: number }>(sql`select coalesce((select on_hand from inventory_items where variant_id = ${variantId} and location_id = ${loc}), 0)::int as n`))[0]!.n;

  it('creates a draft with a number, costs defaulted from the vendor catalogue, and totals', async () => {
    const res = await create([
      { variant_id: variants[0]!.id, quantity: 10 },
      { variant_id: variants[1]!.id, quantity: 4, unit_cost_cents: 2_500 },
    ]);
    expect(res.status).toBe(201);
    const po = res.body.data;
    expect(po.number).toMatch(/^PO-\d{4}-\d{5}$/);
    expect(po).toMatchObject({ status: 'draft', invoice_status: 'not_invoiced', entity: 'SD', vendor_name: 'Test Supply Co', location_code: 'TPO', line_count: 2 });
    expect(po.lines.map((l: { unit_cost_cents: number }) => l.unit_cost_cents)).toEqual([18_950, 2_500]);
    expect(po.ordered_cents).toBe(10 * 18_950 + 4 * 2_500);
    expect(po.open_cents).toBe(po.ordered_cents);
    expect(po.received_cents).toBe(0);
    expect(po.allowed_actions).toEqual(['submit', 'cancel']);
    const cost = await t.req('GET', `/api/purchase-order/unit-cost?vendor_id=${vendorId}&variant_id=${variants[0]!.id}`, { token: purchasing });
    expect(cost.body.data).toEqual({ variant_id: variants[0]!.id, unit_cost_cents: 18_950, source: 'vendor', vendor_sku: 'TST-1' });
    const audited = await t.sql<{ action: string }>(sql`select action from audit_logs where entity = 'purchase_order' and entity_id = ${String(po.id)}`);
    expect(audited.map((a) => a.action)).toEqual(['create']);
  });

  it('falls back to the variant cost, and asks for a cost when none is known', async () => {
    const bare = variants[2]!;
    const refused = await t.req('POST', '/api/purchase-order', { token: purchasing, body: { vendor_id: otherVendorId, entity: 'LOS', location_id: locationId, lines: [{ variant_id: bare.id, quantity: 1 }] } });
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields['lines.0.unit_cost_cents']).toMatch(/\w/);
    const costed = variants[1]!;
    const res = await t.req('POST', '/api/purchase-order', { token: purchasing, body: { vendor_id: otherVendorId, entity: 'LOS', location_id: locationId, lines: [{ variant_id: costed.id, quantity: 1 }] } });
    expect(res.status).toBe(201);
    expect(res.body.data.lines[0].unit_cost_cents).toBe(costed.cost_cents);
  });

  it('walks every allowed transition and refuses the others with 422 naming what is allowed', async () => {
    const po = (await create([{ variant_id: variants[0]!.id, quantity: 10 }])).body.data;
    // From draft: confirm, receive and close are refused.
    for (const a of ['confirm', 'close']) {
      const r = await act(po.id, a, po.version);
      expect(r.status, a).toBe(422);
      expect(r.body.error.message).toMatch(/Draft.*can only be submitted or cancelled/);
    }
    const badReceive = await act(po.id, 'receive', po.version, { lines: [{ line_id: po.lines[0].id, quantity: 1 }] });
    expect(badReceive.status).toBe(422);
    const submitted = (await act(po.id, 'submit', po.version)).body.data;
    expect(submitted.status).toBe('submitted');
    expect(submitted.submitted_at).toBeTruthy();
    expectRefused(await act(po.id, 'submit', submitted.version), 422);
    expectRefused(await act(po.id, 'close', submitted.version), 422);
    const confirmed = (await act(po.id, 'confirm', submitted.version)).body.data;
    expect(confirmed.status).toBe('confirmed');
    expect(confirmed.allowed_actions).toEqual(['receive', 'cancel']);
    for (const a of ['submit', 'confirm', 'close']) expectRefused(await act(po.id, a, confirmed.version), 422);
    const part = (await act(po.id, 'receive', confirmed.version, { lines: [{ line_id: po.lines[0].id, quantity: 4 }] })).body.data;
    expect(part.status).toBe('partially_received');
    for (const a of ['submit', 'confirm', 'close']) expectRefused(await act(po.id, a, part.version), 422);
    // Cancelling what is not received leaves a received order.
    const rest = (await act(po.id, 'cancel', part.version)).body.data;
    expect(rest.status).toBe('received');
    expect(rest.lines[0]).toMatchObject({ quantity_received: 4, quantity_cancelled: 6, quantity_open: 0 });
    expect(rest.open_cents).toBe(0);
    for (const a of ['submit', 'confirm', 'cancel']) expectRefused(await act(po.id, a, rest.version), 422);
    const closed = (await act(po.id, 'close', rest.version)).body.data;
    expect(closed.status).toBe('closed');
    expect(closed.closed_at).toBeTruthy();
    for (const a of ['submit', 'confirm', 'cancel', 'close']) {
      const r = await act(po.id, a, closed.version);
      expect(r.status, a).toBe(422);
      expect(r.body.error.message).toMatch(/Closed is final/);
    }
    // Draft → cancelled, submitted → cancelled, confirmed → cancelled; all final.
    for (const path of [[], ['submit'], ['submit', 'confirm']]) {
      let cur = (await create([{ variant_id: variants[1]!.id, quantity: 2, unit_cost_cents: 100 }])).body.data;
      for (const a of path) cur = (await act(cur.id, a, cur.version)).body.data;
      const cancelled = (await act(cur.id, 'cancel', cur.version)).body.data;
      expect(cancelled.status).toBe('cancelled');
      expect(cancelled.lines[0].quantity_cancelled).toBe(2);
      expect(cancelled.open_cents).toBe(0);
      expect((await act(cur.id, 'submit', cancelled.version)).body.error.message).toMatch(/Cancelled is final/);
    }
    const actions = await t.sql<{ action: string }>(sql`select action from audit_logs where entity = 'purchase_order' and entity_id = ${String(po.id)} order by id`);
    expect(actions.map((a) => a.action)).toEqual(['create', 'submit', 'confirm', 'receive', 'cancel', 'close']);
  });

  it('receives partially then the rest into the location, refuses over-receiving, and moves stock', async () => {
    const v0 = variants[0]!.id;
    const v1 = variants[1]!.id;
    const before0 = await onHand(v0);
    const po = (await create([{ variant_id: v0, quantity: 1_000 }, { variant_id: v1, quantity: 500, unit_cost_cents: 12_00 }])).body.data;
    let cur = (await act(po.id, 'submit', po.version)).body.data;
    const [l0, l1] = cur.lines;
    const over = await act(po.id, 'receive', cur.version, { lines: [{ line_id: l0.id, quantity: 1_001 }] });
    expect(over.status).toBe(422);
    expect(over.body.error.message).toMatch(/cannot receive more than is still open.*1,001 to receive but only 1,000 open/);
    expect(over.body.error.fields['lines.0.quantity']).toBe('At most 1,000');
    expect(await onHand(v0)).toBe(before0);
    const foreign = await act(po.id, 'receive', cur.version, { lines: [{ line_id: 2_000_000_000, quantity: 1 }] });
    expect(foreign.status).toBe(422);
    cur = (await act(po.id, 'receive', cur.version, { lines: [{ line_id: l0.id, quantity: 500 }, { line_id: l1.id, quantity: 250 }] })).body.data;
    expect(cur.status).toBe('partially_received');
    expect(cur.received_cents).toBe(500 * 18_950 + 250 * 12_00);
    expect(cur.open_cents).toBe(500 * 18_950 + 250 * 12_00);
    expect(await onHand(v0)).toBe(before0 + 500);
    const stillOver = await act(po.id, 'receive', cur.version, { lines: [{ line_id: l0.id, quantity: 501 }] });
    expect(stillOver.status).toBe(422);
    expect(stillOver.body.error.message).toMatch(/received 500/);
    // A stale version is a 409 and changes nothing.
    expectRefused(await act(po.id, 'receive', cur.version - 1, { lines: [{ line_id: l0.id, quantity: 1 }] }), 409);
    cur = (await act(po.id, 'receive', cur.version, { lines: [{ line_id: l0.id, quantity: 500 }, { line_id: l1.id, quantity: 250 }] })).body.data;
    expect(cur.status).toBe('received');
    expect(cur.open_cents).toBe(0);
    expect(cur.received_cents).toBe(cur.ordered_cents);
    expect(await onHand(v0)).toBe(before0 + 1_000);
    const ledger = await t.sql<{ kind: string; quantity: number; unit_cost_cents: number; reference: string }>(
      sql`select kind, quantity, unit_cost_cents, reference from inventory_transactions where purchase_order_line_id = ${l0.id} order by id`,
    );
    expect(ledger).toEqual([
      { kind: 'receipt', quantity: 500, unit_cost_cents: 18_950, reference: po.number },
      { kind: 'receipt', quantity: 500, unit_cost_cents: 18_950, reference: po.number },
    ]);
    const items = await t.req('GET', `/api/inventory-item?filter[variant_id]=${v1}&filter[location_id]=${locationId}`, { token: analyst });
    expect(items.body.data[0]).toMatchObject({ on_hand: (await onHand(v1)), avg_cost_cents: expect.any(Number) });
  });

  it('edits lines only in draft; records the invoice; stale versions are 409', async () => {
    const po = (await create([{ variant_id: variants[0]!.id, quantity: 3 }])).body.data;
    const body = { vendor_id: vendorId, entity: 'LOS', location_id: locationId, expected_date: '2026-12-15', shipping_cents: 1_500, notes: 'Dock 2', version: po.version };
    const edited = await t.req('PUT', `/api/purchase-order/${po.id}`, { token: purchasing, body: { ...body, lines: [{ variant_id: variants[2]!.id, quantity: 7, unit_cost_cents: 999 }] } });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ entity: 'LOS', expected_date: '2026-12-15', notes: 'Dock 2', ordered_cents: 6_993, line_count: 1 });
    expectRefused(await t.req('PUT', `/api/purchase-order/${po.id}`, { token: purchasing, body }), 409);
    const sub = (await act(po.id, 'submit', edited.body.data.version)).body.data;
    const refused = await t.req('PUT', `/api/purchase-order/${po.id}`, { token: purchasing, body: { ...body, version: sub.version, lines: [] } });
    expect(refused.status).toBe(422);
    expect(refused.body.error.message).toMatch(/only while the purchase order is a draft/);
    const notes = await t.req('PUT', `/api/purchase-order/${po.id}`, { token: purchasing, body: { ...body, version: sub.version, notes: 'Call before delivery' } });
    expect(notes.status).toBe(200);
    const inv = await act(po.id, 'invoice', notes.body.data.version, { invoice_number: 'INV-7781', invoice_date: '2026-11-20', invoice_amount_cents: 6_993 });
    expect(inv.status).toBe(200);
    expect(inv.body.data).toMatchObject({ invoice_status: 'invoiced', invoice_number: 'INV-7781', invoice_date: '2026-11-20', invoice_amount_cents: 6_993 });
    const paid = await act(po.id, 'invoice', inv.body.data.version, { invoice_number: 'INV-7781', invoice_date: '2026-11-20', invoice_amount_cents: 6_993, invoice_status: 'paid' });
    expect(paid.body.data.invoice_status).toBe('paid');
    const draft = (await create([{ variant_id: variants[0]!.id, quantity: 1 }])).body.data;
    expectRefused(await act(draft.id, 'invoice', draft.version, { invoice_number: 'X', invoice_date: '2026-11-20', invoice_amount_cents: 1 }), 422);
    const empty = (await create([])).body.data;
    const noLines = await act(empty.id, 'submit', empty.version);
    expect(noLines.status).toBe(422);
    expect(noLines.body.error.message).toMatch(/at least one line/);
  });

  it('lists with filters, search by number, vendor and SKU, sort and CSV', async () => {
    const po = (await create([{ variant_id: variants[2]!.id, quantity: 5, unit_cost_cents: 700 }], purchasing, { entity: 'LOS' })).body.data;
    const byVendor = await t.req('GET', `/api/purchase-order?filter[vendor_id]=${vendorId}&per_page=100`, { token: analyst });
    expect(byVendor.status).toBe(200);
    expect(byVendor.body.data.every((p: { vendor_id: number }) => p.vendor_id === vendorId)).toBe(true);
    expect(byVendor.body.data.some((p: { id: number }) => p.id === po.id)).toBe(true);
    const filtered = await t.req('GET', `/api/purchase-order?filter[vendor_id]=${vendorId}&filter[entity]=LOS&filter[status]=draft&filter[invoice_status]=not_invoiced&filter[from]=2020-01-01&filter[to]=2100-01-01`, { token: analyst });
    expect(filtered.body.data.map((p: { id: number }) => p.id)).toContain(po.id);
    expect(filtered.body.data.every((p: { entity: string; status: string }) => p.entity === 'LOS' && p.status === 'draft')).toBe(true);
    expect((await t.req('GET', `/api/purchase-order?q=${po.number}`, { token: analyst })).body.data.map((p: { id: number }) => p.id)).toEqual([po.id]);
    expect((await t.req('GET', `/api/purchase-order?q=test%20supply%20co&per_page=500`, { token: analyst })).body.data.length).toBe(byVendor.body.meta.total);
    const bySku = await t.req('GET', `/api/purchase-order?q=${encodeURIComponent(variants[2]!.sku)}&filter[vendor_id]=${vendorId}`, { token: analyst });
    expect(bySku.body.data.map((p: { id: number }) => p.id)).toContain(po.id);
    const sorted = await t.req('GET', `/api/purchase-order?sort=-ordered_cents&per_page=5`, { token: analyst });
    const totals = sorted.body.data.map((p: { ordered_cents: number }) => p.ordered_cents);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    expectRefused(await t.req('GET', '/api/purchase-order?sort=nope', { token: analyst }), 400, 'sort');
    expectRefused(await t.req('GET', '/api/purchase-order?filter[from]=yesterday', { token: analyst }), 400, 'filter.from');
    const csv = await t.req('GET', `/api/purchase-order?format=csv&filter[vendor_id]=${vendorId}`, { token: analyst });
    expect(csv.status).toBe(200);
    expect(csv.text.split('\r\n')[0]).toMatch(/^Number,Vendor,Entity,Status/);
    expect(csv.text).toContain(po.number);
  });

  it('validates input with 400 and field messages, changing nothing', async () => {
    const count = async () => (await t.sql<{ n: number }>(sql`select count(*)::int as n from purchase_orders`))[0]!.n;
    const before = await count();
    const bad: [unknown, string][] = [
      [{ entity: 'SD', location_id: locationId }, 'vendor_id'],
      [{ vendor_id: vendorId, entity: 'XX', location_id: locationId }, 'entity'],
      [{ vendor_id: vendorId, entity: 'SD', location_id: locationId, lines: [{ variant_id: variants[0]!.id, quantity: 0 }] }, 'lines.0.quantity'],
      [{ vendor_id: vendorId, entity: 'SD', location_id: locationId, lines: [{ variant_id: variants[0]!.id, quantity: 1, unit_cost_cents: -5 }] }, 'lines.0.unit_cost_cents'],
      [{ vendor_id: vendorId, entity: 'SD', location_id: locationId, expected_date: '2026-02-30' }, 'expected_date'],
      [{ vendor_id: vendorId, entity: 'SD', location_id: locationId, notes: 'x'.repeat(2001) }, 'notes'],
      [{ vendor_id: vendorId, entity: 'SD', location_id: locationId, status: 'received' }, 'status'],
    ];
    for (const [body, field] of bad) {
      const res = await t.req('POST', '/api/purchase-order', { token: purchasing, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.error.fields), JSON.stringify(body)).toContain(field);
    }
    const unknownVendor = await t.req('POST', '/api/purchase-order', { token: purchasing, body: { vendor_id: 2_000_000_000, entity: 'SD', location_id: locationId } });
    expect(unknownVendor.status).toBe(422);
    expect(unknownVendor.body.error.fields.vendor_id).toBeTruthy();
    expect(await count()).toBe(before);
  });

  it('lets purchasing write, refuses catalogue, lets the analyst read only', async () => {
    const po = (await create([{ variant_id: variants[0]!.id, quantity: 1 }])).body.data;
    expect((await create([], catalog)).status).toBe(403);
    expect((await t.req('GET', '/api/purchase-order', { token: catalog })).status).toBe(403);
    expect((await t.req('GET', `/api/purchase-order/${po.id}`, { token: catalog })).status).toBe(403);
    expect((await t.req('GET', `/api/purchase-order/${po.id}`, { token: analyst })).status).toBe(200);
    expect((await t.req('GET', '/api/purchase-order', { token: analyst })).status).toBe(200);
    expect((await create([], analyst)).status).toBe(403);
    expect((await t.req('POST', `/api/purchase-order/${po.id}/submit`, { token: analyst, body: { version: po.version } })).status).toBe(403);
    expect((await t.req('POST', `/api/purchase-order/${po.id}/submit`, { token: catalog, body: { version: po.version } })).status).toBe(403);
    expect((await t.req('GET', `/api/purchase-order/${po.id}`, { token: purchasing })).body.data.status).toBe('draft');
    expect((await t.req('POST', '/api/location', { token: analyst, body: { code: 'NOPE', name: 'No' } })).status).toBe(403);
    expect((await t.req('GET', '/api/location', { token: analyst })).status).toBe(200);
    expect((await t.req('GET', '/api/purchase-order/999999999', { token: analyst })).status).toBe(404);
  });
});

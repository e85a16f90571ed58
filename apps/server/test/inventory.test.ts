import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BACKENDS, useTestApp, expectRefused } from './harness.js';

describe.each(BACKENDS)('inventory ledger on %s', (kind) => {
  const t = useTestApp(kind);
  let admin: string;
  let purchasing: string;
  let orders: string;
  let analyst: string;
  let locA: number;
  let locB: number;
  let vendorId: number;
  let variantIds: number[];

  beforeAll(async () => {
    [admin, purchasing, orders, analyst] = await Promise.all(
      ['admin@example.com', 'purchasing@example.com', 'orders@example.com', 'analyst@example.com'].map((e) => t.login(e)),
    );
    locA = (await t.req('POST', '/api/location', { token: admin, body: { code: 'INA', name: 'Inventory Test A' } })).body.data.id;
    locB = (await t.req('POST', '/api/location', { token: admin, body: { code: 'INB', name: 'Inventory Test B' } })).body.data.id;
    const [v] = await t.sql<{ id: number }>(sql`insert into vendors (name, code) values ('Ledger Test Vendor', 'TSTINV') returning id`);
    vendorId = v!.id;
    variantIds = (await t.sql<{ id: number }>(sql`select id from variants order by id desc limit 6`)).map((r) => r.id);
  });

  const item = async (variantId: number, loc: number) =>
    (await t.sql<{ on_hand: number; avg_cost_cents: number | null; sum: number; n: number }>(
      sql`select coalesce(i.on_hand, 0)::int as on_hand, i.avg_cost_cents,
                 (select coalesce(sum(quantity), 0)::int from inventory_transactions x where x.variant_id = ${variantId} and x.location_id = ${loc}) as sum,
                 (select count(*)::int from inventory_transactions x where x.variant_id = ${variantId} and x.location_id = ${loc}) as n
            from (select 1) one left join inventory_items i on i.variant_id = ${variantId} and i.location_id = ${loc}`,
    ))[0]!;
  const adjust = (body: Record<string, unknown>, token = purchasing) => t.req('POST', '/api/inventory/adjust', { token, body });
  const move = (body: Record<string, unknown>, token = purchasing) => t.req('POST', '/api/inventory/movement', { token, body });

  it('derives on hand from rows written behind the API (plain SQL), with balances and average cost', async () => {
    const v = variantIds[0]!;
    await t.sql(sql`insert into inventory_transactions (variant_id, location_id, kind, quantity, unit_cost_cents) values (${v}, ${locA}, 'receipt', 100, 1000)`);
    await t.sql(sql`insert into inventory_transactions (variant_id, location_id, kind, quantity, unit_cost_cents) values (${v}, ${locA}, 'receipt', 100, 2000)`);
    await t.sql(sql`insert into inventory_transactions (variant_id, location_id, kind, quantity) values (${v}, ${locA}, 'sale', -30), (${v}, ${locA}, 'return', 5)`);
    const s = await item(v, locA);
    expect(s).toMatchObject({ on_hand: 175, sum: 175, n: 4, avg_cost_cents: 1500 });
    const balances = await t.sql<{ balance_after: number }>(sql`select balance_after from inventory_transactions where variant_id = ${v} and location_id = ${locA} order by id`);
    expect(balances.map((b) => b.balance_after)).toEqual([100, 200, 170, 175]);
    // Going below zero, editing the ledger or writing on hand directly are refused by the database.
    await expect(t.sql(sql`insert into inventory_transactions (variant_id, location_id, kind, quantity) values (${v}, ${locA}, 'sale', -176)`)).rejects.toThrow();
    await expect(t.sql(sql`update inventory_transactions set quantity = 1 where variant_id = ${v}`)).rejects.toThrow(/append-only/);
    await expect(t.sql(sql`delete from inventory_transactions where variant_id = ${v}`)).rejects.toThrow(/append-only/);
    await expect(t.sql(sql`update inventory_items set on_hand = 1000 where variant_id = ${v} and location_id = ${locA}`)).rejects.toThrow(/derived from the inventory ledger/);
    await expect(t.sql(sql`insert into inventory_items (variant_id, location_id, on_hand) values (${v}, ${locB}, 50)`)).rejects.toThrow(/derived/);
    expect(await item(v, locA)).toMatchObject({ on_hand: 175, sum: 175 });
    // Other columns of an item stay editable.
    await t.sql(sql`update inventory_items set bin = 'A-12', reorder_point = 20 where variant_id = ${v} and location_id = ${locA}`);
  });

  it('keeps on hand exact under 20 concurrent receipts and sales through the API', async () => {
    const v = variantIds[1]!;
    // Ten purchase orders of 50 each, submitted, to receive at once.
    const pos = [];
    for (let i = 0; i < 10; i++) {
      const po = (await t.req('POST', '/api/purchase-order', { token: purchasing, body: { vendor_id: vendorId, entity: 'SD', location_id: locA, lines: [{ variant_id: v, quantity: 50, unit_cost_cents: 1000 + i }] } })).body.data;
      pos.push((await t.req('POST', `/api/purchase-order/${po.id}/submit`, { token: purchasing, body: { version: po.version } })).body.data);
    }
    await adjust({ variant_id: v, location_id: locA, quantity_delta: 300, reason: 'found', note: 'Opening stock for the test: covers every sale whatever the order' });
    const results = await Promise.all([
      ...pos.map((po) => t.req('POST', `/api/purchase-order/${po.id}/receive`, { token: purchasing, body: { version: po.version, lines: [{ line_id: po.lines[0].id, quantity: 50 }] } })),
      ...Array.from({ length: 10 }, (_, i) => move({ kind: 'sale', variant_id: v, location_id: locA, quantity: 30, reference: `SO-${i}` })),
    ]);
    expect(results.map((r) => r.status)).toEqual([...Array(10).fill(200), ...Array(10).fill(201)]);
    const s = await item(v, locA);
    expect(s.on_hand).toBe(300 + 500 - 300);
    expect(s.on_hand).toBe(s.sum);
    expect(s.n).toBe(21);
    // Each balance is the running sum in ledger order.
    const rows = await t.sql<{ quantity: number; balance_after: number }>(sql`select quantity, balance_after from inventory_transactions where variant_id = ${v} and location_id = ${locA} order by id`);
    let running = 0;
    for (const r of rows) expect(r.balance_after).toBe((running += r.quantity));
  });

  it('refuses a sale or adjustment that would take on hand below zero (422), changing nothing', async () => {
    const v = variantIds[2]!;
    await adjust({ variant_id: v, location_id: locA, quantity_delta: 10, reason: 'found' });
    const sale = await move({ kind: 'sale', variant_id: v, location_id: locA, quantity: 11 });
    expect(sale.status).toBe(422);
    expect(sale.body.error.message).toMatch(/below zero: 10 on hand, 11 to remove/);
    const adj = await adjust({ variant_id: v, location_id: locA, quantity_delta: -11, reason: 'damaged' });
    expect(adj.status).toBe(422);
    expect(adj.body.error.fields.quantity_delta).toBe('At most 10');
    const nothing = await move({ kind: 'sale', variant_id: v, location_id: locB, quantity: 1 });
    expect(nothing.status).toBe(422);
    expect(await item(v, locA)).toMatchObject({ on_hand: 10, n: 1 });
  });

  it('adjusts by a change or to a count, with a reason, audited', async () => {
    const v = variantIds[3]!;
    const up = await adjust({ variant_id: v, location_id: locA, quantity_delta: 40, reason: 'found', note: 'Pallet behind rack 4' });
    expect(up.status).toBe(201);
    expect(up.body.data.transactions[0]).toMatchObject({ kind: 'adjustment', quantity: 40, balance_after: 40, reason: 'Found: Pallet behind rack 4' });
    const damaged = await adjust({ variant_id: v, location_id: locA, quantity_delta: -3, reason: 'damaged', note: 'Crushed cases' });
    expect(damaged.body.data.transactions[0]).toMatchObject({ kind: 'adjustment', quantity: -3, balance_after: 37 });
    const counted = await adjust({ variant_id: v, location_id: locA, counted_quantity: 35, reason: 'count_correction' });
    expect(counted.body.data.transactions[0]).toMatchObject({ kind: 'count', quantity: -2, balance_after: 35, reason: 'Count correction' });
    const same = await adjust({ variant_id: v, location_id: locA, counted_quantity: 35, reason: 'count_correction' });
    expect(same.body.data.transactions).toEqual([]);
    expect(await item(v, locA)).toMatchObject({ on_hand: 35, sum: 35, n: 3 });
    const audits = await t.sql<{ action: string; before: { on_hand: number }; after: { on_hand: number; reason: string } }>(
      sql`select action, before, after from audit_logs where entity = 'inventory_item' and entity_id = ${String(up.body.data.transactions[0].inventory_item_id)} order by id`,
    );
    expect(audits.map((a) => [a.action, a.before.on_hand, a.after.on_hand])).toEqual([
      ['adjust', 0, 40],
      ['adjust', 40, 37],
      ['adjust', 37, 35],
    ]);
    expect(audits[1]!.after.reason).toBe('Damaged: Crushed cases');
    // Validation: a reason is required, one of delta or count, "other" needs a note.
    for (const [body, field] of [
      [{ variant_id: v, location_id: locA, quantity_delta: 1 }, 'reason'],
      [{ variant_id: v, location_id: locA, quantity_delta: 1, reason: 'misc' }, 'reason'],
      [{ variant_id: v, location_id: locA, reason: 'damaged' }, 'quantity_delta'],
      [{ variant_id: v, location_id: locA, quantity_delta: 1, counted_quantity: 3, reason: 'damaged' }, 'quantity_delta'],
      [{ variant_id: v, location_id: locA, quantity_delta: 0, reason: 'damaged' }, 'quantity_delta'],
      [{ variant_id: v, location_id: locA, quantity_delta: 1, reason: 'other' }, 'note'],
      [{ variant_id: v, location_id: locA, quantity_delta: 1, reason: 'found', note: 'x'.repeat(501) }, 'note'],
    ] as const) {
      const res = await adjust(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.error.fields), JSON.stringify(body)).toContain(field);
    }
    expectRefused(await adjust({ variant_id: 2_000_000_000, location_id: locA, quantity_delta: 1, reason: 'found' }), 422);
    // Permissions: orders and the analyst read inventory but do not adjust it.
    expect((await adjust({ variant_id: v, location_id: locA, quantity_delta: 1, reason: 'found' }, orders)).status).toBe(403);
    expect((await adjust({ variant_id: v, location_id: locA, quantity_delta: 1, reason: 'found' }, analyst)).status).toBe(403);
    expect((await t.req('GET', '/api/inventory-item', { token: orders })).status).toBe(200);
    expect(await item(v, locA)).toMatchObject({ on_hand: 35, n: 3 });
  });

  it('transfers between locations as two rows sharing a transfer id, at average cost', async () => {
    const v = variantIds[4]!;
    await t.sql(sql`insert into inventory_transactions (variant_id, location_id, kind, quantity, unit_cost_cents) values (${v}, ${locA}, 'receipt', 60, 2500)`);
    const res = await t.req('POST', '/api/inventory/transfer', { token: purchasing, body: { variant_id: v, from_location_id: locA, to_location_id: locB, quantity: 25, note: 'Rebalance west' } });
    expect(res.status).toBe(201);
    const [out, inn] = res.body.data.transactions;
    expect(out).toMatchObject({ kind: 'transfer_out', quantity: -25, balance_after: 35, location_id: locA, unit_cost_cents: 2500 });
    expect(inn).toMatchObject({ kind: 'transfer_in', quantity: 25, balance_after: 25, location_id: locB, unit_cost_cents: 2500 });
    expect(out.transfer_id).toBe(inn.transfer_id);
    expect(await item(v, locA)).toMatchObject({ on_hand: 35, sum: 35 });
    expect(await item(v, locB)).toMatchObject({ on_hand: 25, sum: 25, avg_cost_cents: 2500 });
    const tooMuch = await t.req('POST', '/api/inventory/transfer', { token: purchasing, body: { variant_id: v, from_location_id: locA, to_location_id: locB, quantity: 36 } });
    expect(tooMuch.status).toBe(422);
    const same = await t.req('POST', '/api/inventory/transfer', { token: purchasing, body: { variant_id: v, from_location_id: locA, to_location_id: locA, quantity: 1 } });
    expect(same.status).toBe(400);
    expect(same.body.error.fields.to_location_id).toBeTruthy();
    const audit = await t.sql<{ n: number }>(sql`select count(*)::int as n from audit_logs where entity = 'inventory_item' and action = 'transfer' and entity_id = ${String(out.inventory_item_id)}`);
    expect(audit[0]!.n).toBe(1);
    const list = await t.req('GET', `/api/inventory-item?filter[variant_id]=${v}&filter[location_id]=${locA}&filter[location_id]=${locB}&sort=location_code`, { token: analyst });
    expect(list.body.data.map((i: { location_code: string; on_hand: number; value_cents: number }) => [i.location_code, i.on_hand, i.value_cents])).toEqual([
      ['INA', 35, 35 * 2500],
      ['INB', 25, 25 * 2500],
    ]);
    expectRefused(await t.req('GET', `/api/inventory-item?filter[in_stock]=maybe`, { token: analyst }), 400, 'filter.in_stock');
  });
});

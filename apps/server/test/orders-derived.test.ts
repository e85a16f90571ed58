import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, useTestApp } from './harness.js';

/**
 * An order's derived columns (migration orders_triggers) follow its items, resolution cases and
 * vendor orders whoever writes them: every case here writes with plain SQL, behind the API's back.
 */
describe.each(BACKENDS)('order columns kept by triggers (%s)', (kind) => {
  const app = useTestApp(kind);
  let storeId: number;
  let variantId: number;
  let vendorId: number;
  let locationId: number;
  let seq = 0;

  beforeAll(async () => {
    [{ id: storeId }] = (await app.sql<{ id: number }>(sql`insert into stores (name, code) values (${`Orders derived ${kind}`}, ${`orders-derived-${kind}`}) returning id`)) as [{ id: number }];
    const [product] = await app.sql<{ id: number }>(sql`insert into products (type, variation_type) values ('physical', 'rounds') returning id`);
    [{ id: variantId }] = (await app.sql<{ id: number }>(sql`insert into variants (product_id, sku, units_per_package, is_default) values (${product!.id}, ${`OD-${kind}`}, 50, true) returning id`)) as [{ id: number }];
    [{ id: vendorId }] = (await app.sql<{ id: number }>(sql`insert into vendors (name, code) values (${`Derived Vendor ${kind}`}, ${`DV${kind.slice(0, 2)}`}) returning id`)) as [{ id: number }];
    [{ id: locationId }] = (await app.sql<{ id: number }>(sql`insert into locations (code, name) values (${`OD${kind.slice(0, 2)}`}, ${`Derived WH ${kind}`}) returning id`)) as [{ id: number }];
  });

  const newOrder = async (shipping = 0, tax = 0) =>
    (
      await app.sql<{ id: number }>(sql`
        insert into orders (store_id, number, placed_at, customer_name, customer_email, ship_name, ship_line1, ship_city, ship_state, ship_zip,
                            bill_name, bill_line1, bill_city, bill_state, bill_zip, payment_method, shipping_charged_cents, tax_cents)
        values (${storeId}, ${`D-${++seq}`}, now(), 'Pat Doe', 'pat@example.com', 'Pat Doe', '1 Main St', 'Austin', 'TX', '78701',
                'Pat Doe', '1 Main St', 'Austin', 'TX', '78701', 'card', ${shipping}, ${tax}) returning id`)
    )[0]!.id;
  const order = async (id: number) =>
    (await app.sql<Record<string, unknown>>(sql`
      select item_count, units, subtotal_cents::int as subtotal, total_cents::int as total, cost_cents::int as cost, margin_cents::int as margin,
             open_cases, compliance_hold, is_late, is_split from orders where id = ${id}`))[0]!;

  it('item count, units, subtotal and total follow the items; margin follows the cost', async () => {
    const id = await newOrder(995, 300);
    expect(await order(id)).toMatchObject({ item_count: 0, units: 0, subtotal: 0, total: 1295, cost: null, margin: null });
    await app.sql(sql`insert into order_items (order_id, line_no, variant_id, sku, quantity, unit_price_cents, discount_cents)
                      values (${id}, 1, ${variantId}, 'A', 2, 2499, 0), (${id}, 2, ${variantId}, 'B', 4, 1000, 400)`);
    expect(await order(id)).toMatchObject({ item_count: 2, units: 6, subtotal: 2 * 2499 + 4000 - 400, total: 8598 + 1295 });
    // Half of line 2 cancelled: half its price and half its discount go.
    await app.sql(sql`update order_items set cancelled_quantity = 2 where order_id = ${id} and line_no = 2`);
    expect(await order(id)).toMatchObject({ units: 4, subtotal: 4998 + 2000 - 200 });
    await app.sql(sql`update orders set cost_cents = 5000 where id = ${id}`);
    expect(await order(id)).toMatchObject({ cost: 5000, margin: 6798 + 995 - 5000 });
    await app.sql(sql`delete from order_items where order_id = ${id} and line_no = 1`);
    expect(await order(id)).toMatchObject({ item_count: 1, units: 2, subtotal: 1800 });
  });

  it("an order's lines carry its placed_at, whatever a statement writes to them, and follow it when it changes", async () => {
    const id = await newOrder();
    const placed = async () =>
      (await app.sql<{ same: boolean; n: number }>(sql`
        select bool_and(i.placed_at = o.placed_at) as same, count(*)::int as n from order_items i join orders o on o.id = i.order_id where o.id = ${id}`))[0]!;
    await app.sql(sql`insert into order_items (order_id, line_no, variant_id, sku, quantity, unit_price_cents, placed_at)
                      values (${id}, 1, ${variantId}, 'A', 1, 100, timestamptz '2001-01-01'), (${id}, 2, ${variantId}, 'B', 1, 100, null)`);
    expect(await placed()).toEqual({ same: true, n: 2 });
    await app.sql(sql`update orders set placed_at = placed_at - interval '3 days' where id = ${id}`);
    expect(await placed()).toEqual({ same: true, n: 2 });
    await app.sql(sql`update order_items set placed_at = timestamptz '2001-01-01' where order_id = ${id}`);
    expect(await placed()).toEqual({ same: true, n: 2 });
  });

  it('open cases raise the hold and late flags, and resolving them lowers them', async () => {
    const id = await newOrder();
    await app.sql(sql`insert into order_resolution_cases (order_id, store_id, reason, detail)
                      values (${id}, ${storeId}, 'compliance_hold', 'dealer only'), (${id}, ${storeId}, 'vendor_late', 'late')`);
    expect(await order(id)).toMatchObject({ open_cases: 2, compliance_hold: true, is_late: true });
    await app.sql(sql`update order_resolution_cases set resolved_at = now(), resolution = 'reason gone' where order_id = ${id} and reason = 'compliance_hold'`);
    expect(await order(id)).toMatchObject({ open_cases: 1, compliance_hold: false, is_late: true });
    await app.sql(sql`delete from order_resolution_cases where order_id = ${id}`);
    expect(await order(id)).toMatchObject({ open_cases: 0, is_late: false });
  });

  it('an order is split while two sources ship it', async () => {
    const id = await newOrder();
    await app.sql(sql`insert into vendor_orders (number, order_id, source_kind, vendor_id) values (${`VO-D${kind}${id}`}, ${id}, 'vendor', ${vendorId})`);
    expect(await order(id)).toMatchObject({ is_split: false });
    await app.sql(sql`insert into vendor_orders (number, order_id, source_kind, location_id) values (${`VO-W${kind}${id}`}, ${id}, 'warehouse', ${locationId})`);
    expect(await order(id)).toMatchObject({ is_split: true });
    await app.sql(sql`update vendor_orders set status = 'cancelled' where order_id = ${id} and source_kind = 'warehouse'`);
    expect(await order(id)).toMatchObject({ is_split: false });
  });
});

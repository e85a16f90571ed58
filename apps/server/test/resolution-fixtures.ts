/** Orders, items, vendor orders and resolution cases written in plain SQL, for the resolution and order report tests. */
import { sql } from 'drizzle-orm';
import type { TestApp } from './harness.js';

export interface Fixture {
  storeA: number;
  storeB: number;
  variant: number;
  vendor: number;
  location: number;
}

export async function baseFixture(t: TestApp, tag: string): Promise<Fixture> {
  const one = async (q: ReturnType<typeof sql>) => (await t.sql<{ id: number }>(q))[0]!.id;
  const storeA = await one(sql`insert into stores (name, code) values (${`Resolution Store A ${tag}`}, ${`res-a-${tag}`}) returning id`);
  const storeB = await one(sql`insert into stores (name, code) values (${`Resolution Store B ${tag}`}, ${`res-b-${tag}`}) returning id`);
  const product = await one(sql`insert into products (type, variation_type) values ('physical', 'rounds') returning id`);
  const variant = await one(sql`insert into variants (product_id, sku, units_per_package, is_default) values (${product}, ${`RES-${tag}`}, 50, true) returning id`);
  const vendor = await one(sql`insert into vendors (name, code, handling_days, can_drop_ship) values (${`Resolution Vendor ${tag}`}, ${`RV${tag}`.slice(0, 10)}, 2, true) returning id`);
  const location = await one(sql`insert into locations (code, name) values (${`RL${tag}`.slice(0, 10)}, ${`Resolution WH ${tag}`}) returning id`);
  return { storeA, storeB, variant, vendor, location };
}

let seq = 0;

export interface OrderSpec {
  store: number;
  placedAt?: string;
  status?: string;
  lines?: { qty: number; price: number; discount?: number; cancelled?: number; cost?: number | null }[];
  shipping?: number;
  tax?: number;
  /** The route's total cost (null: not routed). */
  cost?: number | null;
  csStatus?: string;
}

export async function makeOrder(t: TestApp, f: Fixture, o: OrderSpec): Promise<{ id: number; number: string; items: number[] }> {
  const number = `RES-${process.pid}-${++seq}`;
  const [row] = await t.sql<{ id: number }>(sql`
    insert into orders (store_id, number, placed_at, status, cs_status, customer_name, customer_email, ship_name, ship_line1, ship_city, ship_state, ship_zip,
                        bill_name, bill_line1, bill_city, bill_state, bill_zip, payment_method, shipping_charged_cents, tax_cents, cost_cents)
    values (${o.store}, ${number}, ${o.placedAt ?? new Date().toISOString()}::timestamptz, ${o.status ?? 'processing'}, ${o.csStatus ?? 'none'},
            'Avery Quinn', 'avery@example.com', 'Avery Quinn', '1 Main St', 'Austin', 'TX', '78701',
            'Avery Quinn', '1 Main St', 'Austin', 'TX', '78701', 'card', ${o.shipping ?? 0}, ${o.tax ?? 0}, ${o.cost === undefined ? null : o.cost}) returning id`);
  const items: number[] = [];
  let line = 0;
  for (const l of o.lines ?? [{ qty: 1, price: 1000 }]) {
    const [it] = await t.sql<{ id: number }>(sql`
      insert into order_items (order_id, line_no, variant_id, sku, title, quantity, unit_price_cents, discount_cents, cancelled_quantity, cost_cents)
      values (${row!.id}, ${++line}, ${f.variant}, ${`RES-SKU`}, 'Resolution 9mm', ${l.qty}, ${l.price}, ${l.discount ?? 0}, ${l.cancelled ?? 0}, ${l.cost ?? null}) returning id`);
    items.push(it!.id);
  }
  return { id: row!.id, number, items };
}

export async function makeVendorOrder(
  t: TestApp,
  f: Fixture,
  v: { order: number; item: number; status?: string; expected?: string | null; createdAt?: string; items?: number; fees?: number; shipping?: number; qty?: number; warehouse?: boolean },
): Promise<{ id: number; number: string }> {
  const number = `VO-RES-${process.pid}-${++seq}`;
  const items = v.items ?? 800;
  const fees = v.fees ?? 100;
  const shipping = v.shipping ?? 500;
  const [row] = await t.sql<{ id: number }>(sql`
    insert into vendor_orders (number, order_id, source_kind, vendor_id, location_id, status, items_cents, fees_cents, shipping_cents, total_cents, units, expected_ship_date, created_at)
    values (${number}, ${v.order}, ${v.warehouse ? 'warehouse' : 'vendor'}, ${v.warehouse ? null : f.vendor}, ${v.warehouse ? f.location : null}, ${v.status ?? 'submitted'},
            ${items}, ${fees}, ${shipping}, ${items + fees + shipping}, ${v.qty ?? 1}, ${v.expected ?? null}::date, ${v.createdAt ?? new Date().toISOString()}::timestamptz) returning id`);
  await t.sql(sql`insert into vendor_order_items (vendor_order_id, order_item_id, variant_id, quantity, unit_cost_cents) values (${row!.id}, ${v.item}, ${f.variant}, ${v.qty ?? 1}, ${Math.round(items / (v.qty ?? 1))})`);
  return { id: row!.id, number };
}

export async function makeCase(t: TestApp, orderId: number, reason: string, opts: { openedAt?: string; resolvedAt?: string | null; detail?: string } = {}) {
  const [row] = await t.sql<{ id: number }>(sql`
    insert into order_resolution_cases (order_id, store_id, reason, detail, opened_at, resolved_at, resolution)
    select id, store_id, ${reason}, ${opts.detail ?? `${reason} found`}, ${opts.openedAt ?? new Date().toISOString()}::timestamptz, ${opts.resolvedAt ?? null}::timestamptz,
           ${opts.resolvedAt ? 'reason gone' : null} from orders where id = ${orderId} returning id`);
  return row!.id;
}

export const daysAgoIso = (days: number, hours = 0) => new Date(Date.now() - days * 86_400_000 - hours * 3_600_000).toISOString();

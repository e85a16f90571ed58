import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addressProblem } from '../src/modules/orders/service.js';
import { useTestApp } from './harness.js';

/** The demo's orders as staff read them: each has lines, each line names what was sold. */
describe('demo orders', () => {
  const t = useTestApp('pglite');

  it('every line names its product; a product without its title is not sold', async () => {
    const [r] = await t.sql<{ lines: number; untitled: number; unsold_untitled: number }>(sql`
      select count(*)::int as lines, count(*) filter (where i.title is null)::int as untitled,
             (select count(*)::int from products p where p.title is null) as unsold_untitled
        from order_items i`);
    expect(r!.lines).toBeGreaterThan(1000);
    expect(r!.untitled).toBe(0);
    // the catalogue's to-do keeps its untitled products (the demo shows them), none of them in an order
    expect(r!.unsold_untitled).toBeGreaterThan(0);
  });

  it("an open address problem says what is wrong with the order's address", async () => {
    const cases = await t.sql<{ detail: string; state: string; zip: string }>(sql`
      select c.detail, o.ship_state as state, o.ship_zip as zip
        from order_resolution_cases c join orders o on o.id = c.order_id
       where c.reason = 'address_problem' and c.resolved_at is null`);
    expect(cases.length).toBeGreaterThan(4);
    const zipWrong = cases.filter((c) => addressProblem(c.state, c.zip));
    expect(zipWrong.length).toBeGreaterThan(0);
    for (const c of cases) expect(c.detail, `${c.state} ${c.zip}`).toBe(addressProblem(c.state, c.zip) ?? 'The carrier could not verify the street address');
  });

  it('an order that cannot be routed has a line no live vendor order places, and costs only what is placed', async () => {
    const rows = await t.sql<{ number: string; unplaced: number; cost: number | null; placed_cost: number | null }>(sql`
      select o.number, o.cost_cents as cost,
             (select count(*)::int from order_items oi
               where oi.order_id = o.id
                 and oi.quantity - oi.cancelled_quantity > coalesce((select sum(voi.quantity) from vendor_order_items voi join vendor_orders vo on vo.id = voi.vendor_order_id
                                                                      where voi.order_item_id = oi.id and vo.status not in ('cancelled', 'rejected')), 0)) as unplaced,
             (select sum(vo.total_cents)::int8 from vendor_orders vo where vo.order_id = o.id and vo.status not in ('cancelled', 'rejected')) as placed_cost
        from orders o
       where exists (select 1 from order_resolution_cases c where c.order_id = o.id and c.reason = 'unroutable' and c.resolved_at is null)`);
    expect(rows.length).toBeGreaterThan(3);
    for (const r of rows) {
      expect(r.unplaced, r.number).toBeGreaterThan(0);
      expect(r.cost === null ? null : Number(r.cost), r.number).toBe(r.placed_cost === null ? null : Number(r.placed_cost));
    }
  });

  it('every order has lines', async () => {
    const [r] = await t.sql<{ empty: number }>(sql`select count(*)::int as empty from orders o where not exists (select 1 from order_items i where i.order_id = o.id)`);
    expect(r!.empty).toBe(0);
  });

  it('a vendor order’s days follow each other: placed, made, sent, confirmed, due to ship', async () => {
    const rows = await t.sql<{ number: string; why: string }>(sql`
      select vo.number, case
               when vo.created_at < o.placed_at then 'made before its order was placed'
               when vo.sent_at < vo.created_at then 'sent before it was made'
               when vo.confirmed_at < vo.sent_at then 'confirmed before it was sent'
               when vo.expected_ship_date < vo.sent_at::date then 'due to ship before it was sent'
               when vo.expected_ship_date < o.placed_at::date then 'due to ship before its order was placed'
               when greatest(vo.created_at, vo.sent_at, vo.confirmed_at, vo.shipped_at) > now() then 'made, sent, confirmed or shipped after now'
             end as why
        from vendor_orders vo join orders o on o.id = vo.order_id
       where vo.created_at < o.placed_at or vo.sent_at < vo.created_at or vo.confirmed_at < vo.sent_at
          or vo.expected_ship_date < vo.sent_at::date or vo.expected_ship_date < o.placed_at::date
          or greatest(vo.created_at, vo.sent_at, vo.confirmed_at, vo.shipped_at) > now()
       limit 5`);
    expect(rows).toEqual([]);
    // an order placed with its sources costs what its vendor orders do
    const unpriced = await t.sql<{ number: string }>(sql`
      select o.number from orders o
       where o.status in ('awaiting_fulfillment', 'partially_shipped', 'shipped', 'delivered')
         and o.cost_cents is distinct from (select sum(total_cents) from vendor_orders vo where vo.order_id = o.id and vo.status <> 'cancelled')
       limit 5`);
    expect(unpriced).toEqual([]);
    // and the late ones the resolution demo shows are still there
    const [late] = await t.sql<{ n: number }>(sql`select count(*)::int as n from order_resolution_cases where reason = 'vendor_late' and resolved_at is null`);
    expect(late!.n).toBeGreaterThan(0);
  });
});

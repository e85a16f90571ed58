/**
 * Writing orders: the intake from a store and the staff's actions. Each is one transaction that locks
 * the order, checks its rule (the status state machine, what may still change), writes, records the
 * change in `order_status_history` where a status moves, opens or closes resolution cases through
 * `cases.ts`, and audits before → after.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  csStatusIsOpen,
  CS_STATUS_LABELS,
  ORDER_STATUS_LABELS,
  stateOfZip,
  type CsStatus,
  OrderAddressChange,
  OrderCancelItems,
  type OrderDetail,
  OrderIntake,
  type OrderIntakeAnswer,
  type OrderStatus,
  centsText,
} from '@qm/contracts';
import { query, queryOne, type Db } from '../../db/connect.js';
import { audit, type Actor } from '../../db/audit.js';
import { inTx, lockRow } from '../../http/crud.js';
import { badRequest, notFound, ruleViolated } from '../../http/errors.js';
import type { KeyHolder } from '../../http/kit.js';
import { resolveCase, setCase } from './cases.js';
import { canMove, goodsChangeable, refusalMessage } from './order-state.js';
import { loadOrder } from './queries.js';

const money = centsText;

/** Why a ship-to address looks wrong (its zip cannot be in its state), or null. */
export function addressProblem(state: string, zip: string): string | null {
  const zipState = stateOfZip(zip);
  if (zipState === null) return `The zip code ${zip} is not in use in any state`;
  if (zipState !== state) return `The zip code ${zip} belongs to ${zipState}, not ${state}`;
  return null;
}

/** Why the payment does not cover the order, or null. */
export function paymentProblem(captured: number, total: number): string | null {
  return captured < total ? `Captured ${money(captured)} of the order's ${money(total)}: ${money(total - captured)} short` : null;
}

/** Marks the order's routes that are still open as stale: their options no longer fit the order. */
export async function markRoutesStale(t: Db, orderId: number): Promise<void> {
  await t.execute(sql`update order_routes set is_stale = true where order_id = ${orderId} and status in ('pending', 'computed', 'needs_review') and not is_stale`);
}

async function history(t: Db, orderId: number, field: 'status' | 'internal_status' | 'cs_status', from: string | null, to: string | null, userId: number | null, note?: string | null) {
  await t.execute(sql`insert into order_status_history (order_id, field, from_value, to_value, user_id, note) values (${orderId}, ${field}, ${from}, ${to}, ${userId}, ${note ?? null})`);
}

const touch = (t: Db, id: number) => t.execute(sql`update orders set updated_at = now(), version = version + 1 where id = ${id}`);

// ───────────────────────────── intake ─────────────────────────────

type Intake = z.output<typeof OrderIntake>;

/**
 * Takes an order from a store. Idempotent by (store, number): an order the store sent before is
 * answered as it is (`created: false`), whatever this request says. Unknown SKUs refuse the whole
 * order (400 naming each line); nothing is written for a refused order.
 */
export async function intakeOrder(db: Db, holder: KeyHolder, body: Intake, requestId: string): Promise<OrderIntakeAnswer> {
  const storeId = holder.ownerId;
  const actor: Actor = { userId: null, impersonatorId: null, requestId };
  const existing = async (t: Db) => {
    const o = await queryOne<{ id: number; number: string; status: OrderStatus; total_cents: number }>(
      t,
      sql`select id, number, status, total_cents from orders where store_id = ${storeId} and number = ${body.number}`,
    );
    if (!o) return null;
    const cases = await query<{ reason: string }>(t, sql`select reason from order_resolution_cases where order_id = ${o.id} and resolved_at is null order by reason`);
    return { ...o, created: false, cases: cases.map((c) => c.reason) };
  };
  const before = await existing(db);
  if (before) return before;

  const skus = [...new Set(body.items.map((i) => i.sku.toUpperCase()))];
  const variants = await query<{ id: number; sku: string; title: string | null }>(
    db,
    sql`select v.id, upper(v.sku) as sku, p.title from variants v join products p on p.id = v.product_id
         where upper(v.sku) in (${sql.join(skus.map((s) => sql`${s}`), sql`, `)})`,
  );
  const bySku = new Map(variants.map((v) => [v.sku, v]));
  const unknown: Record<string, string> = {};
  body.items.forEach((i, n) => {
    if (!bySku.has(i.sku.toUpperCase())) unknown[`items.${n}.sku`] = `No product has the SKU ${i.sku}`;
  });
  if (Object.keys(unknown).length)
    throw badRequest(`The order was refused: ${Object.keys(unknown).length === 1 ? 'a SKU is' : 'SKUs are'} not in the catalogue`, unknown);

  return inTx(db, async (t) => {
    const ship = body.shipping_address;
    const bill = body.billing_address;
    const [row] = await query<{ id: number }>(
      t,
      sql`insert into orders (store_id, number, placed_at, customer_name, customer_email, customer_phone,
                              ship_name, ship_company, ship_line1, ship_line2, ship_city, ship_state, ship_zip, ship_to_dealer, ship_dealer_license,
                              bill_name, bill_line1, bill_line2, bill_city, bill_state, bill_zip,
                              shipping_charged_cents, tax_cents, payment_method, payment_captured_cents, customer_notes)
          values (${storeId}, ${body.number}, ${body.placed_at}, ${body.customer.name}, ${body.customer.email}, ${body.customer.phone},
                  ${ship.name}, ${ship.company}, ${ship.line1}, ${ship.line2}, ${ship.city}, ${ship.state}, ${ship.zip}, ${ship.to_dealer}, ${ship.dealer_license},
                  ${bill.name}, ${bill.line1}, ${bill.line2}, ${bill.city}, ${bill.state}, ${bill.zip},
                  ${body.shipping_charged_cents}, ${body.tax_cents}, ${body.payment.method}, ${body.payment.captured_cents}, ${body.customer_notes})
          on conflict (store_id, number) do nothing
          returning id`,
    );
    // The same order sent twice at once: the other request created it.
    if (!row) return (await existing(t))!;
    const id = row.id;
    const lines = body.items.map((i, n) => {
      const v = bySku.get(i.sku.toUpperCase())!;
      return sql`(${id}::int, ${n + 1}::int, ${v.id}::int, ${i.sku}, ${i.title ?? v.title}, ${i.quantity}::int, ${i.unit_price_cents}::int, ${i.discount_cents}::int)`;
    });
    await t.execute(sql`insert into order_items (order_id, line_no, variant_id, sku, title, quantity, unit_price_cents, discount_cents) values ${sql.join(lines, sql`, `)}`);
    await history(t, id, 'status', null, 'pending', null, `Received from the store (key ${holder.label})`);
    const o = (await queryOne<{ total_cents: number }>(t, sql`select total_cents from orders where id = ${id}`))!;
    const cases: string[] = [];
    const address = addressProblem(ship.state, ship.zip);
    if (address) {
      await setCase(t, id, 'address_problem', address, null);
      cases.push('address_problem');
    }
    const payment = paymentProblem(body.payment.captured_cents, o.total_cents);
    if (payment) {
      await setCase(t, id, 'payment_problem', payment, null);
      cases.push('payment_problem');
    }
    const after = await loadOrder(t, id);
    await audit(t, actor, { action: 'intake', entity: 'order', entityId: id, after: { ...after, store_api_key_id: holder.keyId } });
    return { id, number: body.number, status: 'pending' as const, created: true, total_cents: o.total_cents, cases: cases.sort() };
  });
}

// ───────────────────────────── actions ─────────────────────────────

/** One write of an order: lock → load → write → load → audit, in one transaction. */
async function changeOrder(db: Db, actor: Actor, id: number, action: string, write: (t: Db, before: OrderDetail) => Promise<void>): Promise<OrderDetail> {
  return inTx(db, async (t) => {
    await lockRow(t, 'orders', id, 'order');
    const before = await loadOrder(t, id);
    await write(t, before);
    await touch(t, id);
    const after = await loadOrder(t, id);
    await audit(t, actor, { action, entity: 'order', entityId: id, before, after });
    return after;
  });
}

export function changeStatus(db: Db, actor: Actor, id: number, to: OrderStatus, note?: string) {
  return changeOrder(db, actor, id, 'status', async (t, before) => {
    if (!canMove(before.status, to)) {
      const message = refusalMessage(before.status, to);
      throw ruleViolated(message, { status: message });
    }
    await t.execute(sql`update orders set status = ${to} where id = ${id}`);
    await history(t, id, 'status', before.status, to, actor.userId, note || null);
    if (to === 'cancelled') await markRoutesStale(t, id);
  });
}

export function setInternalStatus(db: Db, actor: Actor, id: number, internalStatusId: number | null) {
  return changeOrder(db, actor, id, 'internal_status', async (t, before) => {
    let name: string | null = null;
    if (internalStatusId !== null) {
      const s = await queryOne<{ name: string }>(t, sql`select name from internal_statuses where id = ${internalStatusId}`);
      if (!s) throw ruleViolated(`There is no internal status with id ${internalStatusId}`, { internal_status_id: 'No such internal status' });
      name = s.name;
    }
    if (before.internal_status_id === internalStatusId) return;
    await t.execute(sql`update orders set internal_status_id = ${internalStatusId} where id = ${id}`);
    await history(t, id, 'internal_status', before.internal_status_name, name, actor.userId);
  });
}

/** Sets the customer-service status; a status that needs a person keeps a `cs_open` case open. */
export function setCsStatus(db: Db, actor: Actor, id: number, cs: CsStatus, note?: string) {
  return changeOrder(db, actor, id, 'cs_status', async (t, before) => {
    if (before.cs_status === cs) return;
    await t.execute(sql`update orders set cs_status = ${cs} where id = ${id}`);
    await history(t, id, 'cs_status', before.cs_status, cs, actor.userId, note || null);
    await setCase(t, id, 'cs_open', csStatusIsOpen(cs) ? `Customer service: ${CS_STATUS_LABELS[cs]}${note ? ` — ${note}` : ''}` : null, actor.userId, `customer service: ${CS_STATUS_LABELS[cs]}`);
  });
}

export async function addNote(db: Db, actor: Actor, id: number, body: string): Promise<OrderDetail> {
  return inTx(db, async (t) => {
    await lockRow(t, 'orders', id, 'order');
    const [n] = await query<{ id: number }>(t, sql`insert into order_notes (order_id, user_id, body) values (${id}, ${actor.userId}, ${body}) returning id`);
    await audit(t, actor, { action: 'note', entity: 'order', entityId: id, after: { note_id: n!.id, body } });
    return loadOrder(t, id);
  });
}

/**
 * Cancels units of some lines (with the reason in the history). The totals follow by trigger; open
 * routes become stale; when nothing is left the order is cancelled; the payment case is looked at again.
 */
export function cancelItems(db: Db, actor: Actor, id: number, body: z.output<typeof OrderCancelItems>) {
  return changeOrder(db, actor, id, 'cancel_items', async (t, before) => {
    if (!goodsChangeable(before.status))
      throw ruleViolated(`Items can be cancelled only before anything ships; the order is ${ORDER_STATUS_LABELS[before.status]}.`, { items: 'Not now' });
    const lines = new Map(before.items.map((i) => [i.id, i]));
    const fields: Record<string, string> = {};
    const problems: string[] = [];
    body.items.forEach((c, n) => {
      const line = lines.get(c.order_item_id);
      if (!line) {
        fields[`items.${n}.order_item_id`] = 'Not an item of this order';
        problems.push(`item ${c.order_item_id} is not on order ${before.number}`);
        return;
      }
      const open = line.quantity - line.cancelled_quantity;
      if (c.quantity > open) {
        fields[`items.${n}.quantity`] = `At most ${open}`;
        problems.push(`${line.sku}: ${c.quantity} to cancel but ${open} not cancelled yet`);
      }
    });
    if (problems.length) throw ruleViolated(`Cannot cancel more than is left on a line: ${problems.join('; ')}.`, fields);
    for (const c of body.items)
      await t.execute(sql`update order_items set cancelled_quantity = cancelled_quantity + ${c.quantity} where id = ${c.order_item_id} and order_id = ${id}`);
    await markRoutesStale(t, id);
    const o = (await queryOne<{ units: number; total_cents: number; payment_captured_cents: number }>(
      t,
      sql`select units, total_cents, payment_captured_cents from orders where id = ${id}`,
    ))!;
    const what = body.items.map((c) => `${c.quantity} × ${lines.get(c.order_item_id)!.sku}`).join(', ');
    if (o.units === 0 && canMove(before.status, 'cancelled')) {
      await t.execute(sql`update orders set status = 'cancelled' where id = ${id}`);
      await history(t, id, 'status', before.status, 'cancelled', actor.userId, `Every item cancelled: ${body.reason}`);
      for (const reason of ['address_problem', 'payment_problem', 'unroutable', 'compliance_hold'] as const) await resolveCase(t, id, reason, 'order cancelled', actor.userId);
    } else {
      await history(t, id, 'status', before.status, before.status, actor.userId, `Items cancelled (${what}): ${body.reason}`);
      await setCase(t, id, 'payment_problem', paymentProblem(o.payment_captured_cents, o.total_cents), actor.userId, 'items cancelled');
    }
  });
}

/** Changes the shipping address before anything ships: the address case is checked again; open routes become stale. */
export function changeAddress(db: Db, actor: Actor, id: number, a: z.output<typeof OrderAddressChange>) {
  return changeOrder(db, actor, id, 'address', async (t, before) => {
    if (!goodsChangeable(before.status))
      throw ruleViolated(`The shipping address can be changed only before anything ships; the order is ${ORDER_STATUS_LABELS[before.status]}.`, { ship_line1: 'Not now' });
    await t.execute(sql`update orders set ship_name = ${a.ship_name}, ship_company = ${a.ship_company ?? null}, ship_line1 = ${a.ship_line1},
                                         ship_line2 = ${a.ship_line2 ?? null}, ship_city = ${a.ship_city}, ship_state = ${a.ship_state}, ship_zip = ${a.ship_zip},
                                         ship_to_dealer = ${a.ship_to_dealer ?? false}, ship_dealer_license = ${a.ship_dealer_license ?? null}
                         where id = ${id}`);
    await setCase(t, id, 'address_problem', addressProblem(a.ship_state, a.ship_zip), actor.userId, 'address corrected');
    await markRoutesStale(t, id);
  });
}

export async function requireOrder(db: Db, id: number) {
  const o = await queryOne(db, sql`select 1 as x from orders where id = ${id}`);
  if (!o) throw notFound('The order');
}

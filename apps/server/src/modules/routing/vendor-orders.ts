/**
 * Vendor orders: what one source (a drop-ship vendor or our warehouse) is asked to ship for one order.
 * The status moves only by the actions of the state machine (vo-state.ts); each action locks the
 * vendor order, checks the version it was read at (409 when stale), checks the rule (422 naming the
 * allowed actions), writes and audits in one transaction. Sending writes the outbox on the vendor's
 * channel (nothing leaves the machine). A backorder opens a `vendor_backorder` case that leaving the
 * status resolves; a rejection or cancellation sends the order back to resolution (`unroutable`) and
 * marks its route stale; a cancelled warehouse order puts its stock back. The order's status follows
 * its vendor orders (shipped, partially shipped, delivered).
 */
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { VendorOrderAction, VendorOrderActionBody, VendorOrderDetail, VendorOrderListItem, VendorOrderReasonBody, VendorOrderStatus } from '@qm/contracts';
import { query, queryOne, type Db } from '../../db/connect.js';
import { audit, type Actor } from '../../db/audit.js';
import { inTx } from '../../http/crud.js';
import { notFound, ruleViolated, stale } from '../../http/errors.js';
import { columns, filters, type ListSpec } from '../../http/list.js';
import { openCase, resolveCase } from '../orders/cases.js';
import { insertMovements, lockItems } from '../purchasing/inventory.js';
import { followVendorOrders, refreshOrderCosts } from './service.js';
import { allowedActions, canDo, isDead, nextStatus, refusalMessage, VO_STATUS_LABELS } from './vo-state.js';

/** Open past its expected ship date — by `qm_today()`, so the list's kept total of late ones is the day's. */
const LATE = sql`(vo.status in ('draft', 'submitted', 'acknowledged', 'backordered') and vo.expected_ship_date < qm_today())`;

export const vendorOrderList: ListSpec<VendorOrderListItem> = {
  from: sql`vendor_orders vo join orders o on o.id = vo.order_id left join vendors v on v.id = vo.vendor_id left join locations l on l.id = vo.location_id`,
  select: sql`vo.id, vo.number, vo.order_id, o.number as order_number, vo.source_kind, vo.vendor_id, vo.location_id,
              coalesce(v.name, l.name) as source_name, vo.status,
              (select count(*)::int from vendor_order_items i where i.vendor_order_id = vo.id) as item_count, vo.units,
              vo.items_cents, vo.fees_cents, vo.shipping_cents, vo.total_cents, vo.tracking_numbers, vo.sent_at,
              to_char(vo.expected_ship_date, 'YYYY-MM-DD') as expected_ship_date, ${LATE} as is_late, vo.created_at, vo.updated_at, vo.version`,
  sort: {
    ...columns('vo', 'id', 'number', 'status', 'total_cents', 'sent_at', 'expected_ship_date', 'created_at'),
    source_name: sql`lower(coalesce(v.name, l.name))`,
  },
  defaultSort: '-id',
  key: sql`vo.id`,
  filters: {
    ...filters.ints('vo', 'id', 'order_id', 'vendor_id', 'location_id'),
    ...filters.eqs('vo', 'source_kind', 'status'),
    is_late: filters.bool(LATE, 'is_late'),
    ...filters.dateRange(sql`vo.created_at`),
  },
  search: (q) => {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return sql`vo.number ilike ${like} or o.number ilike ${like} or v.name ilike ${like}
               or exists (select 1 from vendor_order_items si join variants sv on sv.id = si.variant_id where si.vendor_order_id = vo.id and sv.sku ilike ${like})`;
  },
  csv: [
    { key: 'number', header: 'Number' },
    { key: 'order_number', header: 'Order' },
    { key: 'source_name', header: 'Source' },
    { key: 'status', header: 'Status' },
    { key: 'units', header: 'Units' },
    { key: 'items_cents', header: 'Items ($)', value: (r) => r.items_cents / 100 },
    { key: 'fees_cents', header: 'Fees ($)', value: (r) => r.fees_cents / 100 },
    { key: 'shipping_cents', header: 'Shipping ($)', value: (r) => r.shipping_cents / 100 },
    { key: 'total_cents', header: 'Total ($)', value: (r) => r.total_cents / 100 },
    { key: 'tracking_numbers', header: 'Tracking', value: (r) => r.tracking_numbers.join(' ') },
    { key: 'sent_at', header: 'Sent' },
    { key: 'expected_ship_date', header: 'Expected ship date' },
    { key: 'is_late', header: 'Late' },
  ],
};

/** The vendor order with its items, outbox and what may be done now; 404 when there is none. */
export async function loadVendorOrder(db: Db, id: number): Promise<VendorOrderDetail> {
  const head = await queryOne<Omit<VendorOrderDetail, 'items' | 'outbox' | 'allowed_actions'>>(
    db,
    sql`select ${vendorOrderList.select}, vo.route_id, vo.option_id, v.order_channel, vo.instructions, vo.confirmed_at, vo.shipped_at,
               vo.cancelled_at, vo.cancel_reason, (select name from users u where u.id = vo.created_by) as created_by_name
          from ${vendorOrderList.from} where vo.id = ${id}`,
  );
  if (!head) throw notFound('The vendor order');
  const items = await query<VendorOrderDetail['items'][number]>(
    db,
    sql`select i.id, i.order_item_id, i.variant_id, va.sku, p.title, i.vendor_sku, i.quantity, i.unit_cost_cents,
               (i.quantity::bigint * i.unit_cost_cents) as line_cents
          from vendor_order_items i join variants va on va.id = i.variant_id join products p on p.id = va.product_id
         where i.vendor_order_id = ${id} order by i.id`,
  );
  const outbox = await query<VendorOrderDetail['outbox'][number]>(
    db,
    sql`select id, channel, kind, created_at from vendor_order_outbox where vendor_order_id = ${id} order by id`,
  );
  return { ...head, items, outbox, allowed_actions: allowedActions(head.status) };
}

type Body =
  | { action: 'send' | 'confirm' | 'deliver'; body: z.output<z.ZodType<VendorOrderActionBody>> }
  | { action: 'ship'; body: { version: number; tracking_numbers: string[]; partial?: boolean } }
  | { action: 'backorder' | 'reject' | 'cancel'; body: VendorOrderReasonBody };

/** One action of the state machine on a vendor order (see the file's comment). */
export async function actOnVendorOrder(db: Db, actor: Actor, id: number, req: Body): Promise<VendorOrderDetail> {
  const { action } = req;
  return inTx(db, async (t) => {
    const locked = await queryOne<{ id: number }>(t, sql`select id from vendor_orders where id = ${id} for update`);
    if (!locked) throw notFound('The vendor order');
    const before = await loadVendorOrder(t, id);
    if (before.version !== req.body.version) throw stale('vendor order');
    if (!canDo(before.status, action)) throw ruleViolated(refusalMessage(before.status, action), { status: refusalMessage(before.status, action) });
    const partial = req.action === 'ship' ? req.body.partial === true : false;
    const to: VendorOrderStatus = nextStatus(before.status, action, partial);
    const userId = actor.userId;
    const reason = 'reason' in req.body ? req.body.reason : null;

    if (action === 'send') {
      await t.execute(sql`update vendor_orders set sent_at = now() where id = ${id}`);
      if (before.source_kind === 'vendor')
        await t.execute(sql`insert into vendor_order_outbox (vendor_order_id, channel, kind, payload, created_by)
                            values (${id}, ${before.order_channel ?? 'email'}, 'send', ${JSON.stringify(await outboxPayload(t, before))}::jsonb, ${userId})`);
    }
    if (action === 'confirm') await t.execute(sql`update vendor_orders set confirmed_at = coalesce(confirmed_at, now()) where id = ${id}`);
    if (action === 'ship') {
      const body = req.body as { tracking_numbers: string[] };
      const numbers = [...new Set([...before.tracking_numbers, ...body.tracking_numbers.map((n) => n.trim())])];
      await t.execute(sql`update vendor_orders set tracking_numbers = ${`{${numbers.map((n) => `"${n}"`).join(',')}}`}::text[], shipped_at = now() where id = ${id}`);
    }
    if (action === 'cancel' || action === 'reject') {
      await t.execute(sql`update vendor_orders set cancelled_at = now(), cancel_reason = ${reason} where id = ${id}`);
      if (before.source_kind === 'vendor' && before.sent_at)
        await t.execute(sql`insert into vendor_order_outbox (vendor_order_id, channel, kind, payload, created_by)
                            values (${id}, ${before.order_channel ?? 'email'}, 'cancel', ${JSON.stringify({ number: before.number, reason })}::jsonb, ${userId})`);
      if (before.source_kind === 'warehouse' && before.items.length) {
        // The stock taken when the option was chosen goes back on the shelf.
        await lockItems(t, before.items.map((i) => ({ variant_id: i.variant_id, location_id: before.location_id! })));
        await insertMovements(
          t,
          actor,
          before.items.map((i) => ({
            variant_id: i.variant_id,
            location_id: before.location_id!,
            kind: 'return' as const,
            quantity: i.quantity,
            unit_cost_cents: i.unit_cost_cents,
            reference: `order:${before.order_id}`,
            reason: `${before.number} cancelled: ${reason}`,
          })),
        );
      }
    }
    await t.execute(sql`update vendor_orders set status = ${to}, updated_at = now(), version = version + 1 where id = ${id}`);

    if (action === 'backorder') await openCase(t, before.order_id, 'vendor_backorder', `${before.number} backordered at ${before.source_name}: ${reason}`);
    if (before.status === 'backordered' && to !== 'backordered') {
      const others = await queryOne<{ n: number }>(t, sql`select count(*)::int as n from vendor_orders where order_id = ${before.order_id} and status = 'backordered'`);
      if (!others?.n) await resolveCase(t, before.order_id, 'vendor_backorder', `${before.number} ${VO_STATUS_LABELS[to].toLowerCase()}`, userId);
    }
    if (isDead(to)) {
      await openCase(t, before.order_id, 'unroutable', `vendor order ${before.number} ${to === 'rejected' ? 'rejected by the vendor' : 'cancelled'}: ${reason}`);
      if (before.route_id) await t.execute(sql`update order_routes set is_stale = true, updated_at = now() where id = ${before.route_id}`);
      await refreshOrderCosts(t, before.order_id);
    }
    if (action === 'send' && before.route_id) {
      const drafts = await queryOne<{ n: number }>(t, sql`select count(*)::int as n from vendor_orders where route_id = ${before.route_id} and status = 'draft'`);
      if (!drafts?.n) await t.execute(sql`update order_routes set status = 'submitted', updated_at = now() where id = ${before.route_id} and status = 'selected'`);
    }
    if (action === 'ship' || action === 'deliver' || isDead(to)) await followVendorOrders(t, before.order_id, userId, `${before.number} ${VO_STATUS_LABELS[to].toLowerCase()}`);

    const after = await loadVendorOrder(t, id);
    await audit(t, actor, { action, entity: 'vendor_order', entityId: id, before, after });
    return after;
  });
}

/** What the vendor is sent: the order's number, ship-to, lines with their SKUs, and the instructions. */
async function outboxPayload(t: Db, vo: VendorOrderDetail) {
  const o = await queryOne<Record<string, string | boolean | null>>(
    t,
    sql`select number, ship_name, ship_company, ship_line1, ship_line2, ship_city, ship_state, ship_zip, ship_to_dealer, ship_dealer_license from orders where id = ${vo.order_id}`,
  );
  return {
    number: vo.number,
    order_number: o?.number ?? null,
    ship_to: o,
    lines: vo.items.map((i) => ({ sku: i.vendor_sku ?? i.sku, quantity: i.quantity, unit_cost_cents: i.unit_cost_cents })),
    instructions: vo.instructions,
    expected_ship_date: vo.expected_ship_date,
  };
}

export type { VendorOrderAction };

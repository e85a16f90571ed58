/**
 * Purchase orders: stock bought for our warehouses from one vendor under one purchasing entity. The
 * status moves only by the actions of the state machine (po-state.ts); each action, like every write,
 * runs in one transaction that locks the order, checks the version it was read at (409 when stale),
 * checks the rule (422 in words), writes and audits before → after. Receiving writes the ledger rows
 * (inventory.ts) in the same transaction. Totals are kept from the lines by a trigger.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  dataResponse,
  IdParams,
  PURCHASE_ORDER_LIST,
  PurchaseOrderActionBody,
  PurchaseOrderCreate,
  PurchaseOrderDetail,
  PurchaseOrderInvoice,
  PurchaseOrderListResponse,
  PurchaseOrderOptions,
  PurchaseOrderReceive,
  PurchaseOrderUpdate,
  UnitCostAnswer,
  UnitCostQuery,
  type PoAction,
  type PoStatus,
  type PurchaseOrderLine,
  type PurchaseOrderLineInput,
  type PurchaseOrderListItem,
  countText,
} from '@qm/contracts';
import { query, queryOne, type Db } from '../../db/connect.js';
import { purchaseOrderLines, purchaseOrders } from '../../db/schema/index.js';
import { actorOf } from '../../http/auth.js';
import { inTx, lockRow, registerList } from '../../http/crud.js';
import { insertRow, updateRow } from '../../db/write.js';
import { notFound, ruleViolated, stale } from '../../http/errors.js';
import { action } from '../../http/kit.js';
import { columns, filters, type ListSpec } from '../../http/list.js';
import { audit, type Actor } from '../../db/audit.js';
import { insertMovements, lockItems } from './inventory.js';
import { allowedActions, canDo, invoiceAllowed, linesEditable, nextStatus, refusalMessage, STATUS_LABELS } from './po-state.js';

const TAGS = ['purchasing'];
const fmt = countText;

function escapeLike(q: string) {
  return q.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `q`: the order number, the vendor's name, or a SKU (prefix) on one of its lines. */
function poSearch(q: string): SQL {
  const contains = sql`${`%${escapeLike(q)}%`}`;
  const prefix = sql`${`${escapeLike(q.toUpperCase())}%`}`;
  return sql`po.number ilike ${contains} or v.name ilike ${contains}
             or exists (select 1 from purchase_order_lines sl join variants sv on sv.id = sl.variant_id
                         where sl.purchase_order_id = po.id and upper(sv.sku) like ${prefix})`;
}

export const purchaseOrderList: ListSpec<PurchaseOrderListItem> = {
  from: sql`purchase_orders po join vendors v on v.id = po.vendor_id join locations l on l.id = po.location_id`,
  select: sql`po.id, po.number, po.vendor_id, v.name as vendor_name, po.entity, po.status, po.invoice_status, po.location_id,
              l.code as location_code, to_char(po.expected_date, 'YYYY-MM-DD') as expected_date, po.line_count, po.ordered_cents,
              po.received_cents, po.open_cents, po.invoice_number, po.created_at, po.updated_at, po.version`,
  sort: {
    ...columns('po', 'id', 'number', 'status', 'invoice_status', 'expected_date', 'ordered_cents', 'open_cents', 'created_at'),
    vendor_name: sql`lower(v.name)`,
  } satisfies Record<(typeof PURCHASE_ORDER_LIST.sort)[number], unknown>,
  defaultSort: '-id',
  key: sql`po.id`,
  filters: {
    ...filters.ints('po', 'id', 'vendor_id', 'location_id'),
    ...filters.eqs('po', 'entity', 'status', 'invoice_status'),
    ...filters.dateRange(sql`po.created_at`),
  } satisfies Record<(typeof PURCHASE_ORDER_LIST.filter)[number], unknown>,
  search: poSearch,
  csv: [
    { key: 'number', header: 'Number' },
    { key: 'vendor_name', header: 'Vendor' },
    { key: 'entity', header: 'Entity' },
    { key: 'status', header: 'Status' },
    { key: 'invoice_status', header: 'Invoice status' },
    { key: 'location_code', header: 'Receiving location' },
    { key: 'expected_date', header: 'Expected' },
    { key: 'line_count', header: 'Lines' },
    { key: 'ordered_cents', header: 'Ordered ($)', value: (r) => r.ordered_cents / 100 },
    { key: 'received_cents', header: 'Received ($)', value: (r) => r.received_cents / 100 },
    { key: 'open_cents', header: 'Open ($)', value: (r) => r.open_cents / 100 },
    { key: 'invoice_number', header: 'Invoice number' },
    { key: 'created_at', header: 'Created' },
  ],
};

type Detail = z.infer<typeof PurchaseOrderDetail>;

/** The order with its lines and what may be done now; 404 when there is none. */
export async function loadOrder(db: Db, id: number): Promise<Detail> {
  const head = await queryOne<Omit<Detail, 'lines' | 'allowed_actions'>>(
    db,
    sql`select ${purchaseOrderList.select}, l.name as location_name, po.shipping_cents, po.notes,
               to_char(po.invoice_date, 'YYYY-MM-DD') as invoice_date, po.invoice_amount_cents, po.submitted_at, po.closed_at,
               (select name from users u where u.id = po.created_by) as created_by_name
          from ${purchaseOrderList.from} where po.id = ${id}`,
  );
  if (!head) throw notFound('The purchase order');
  const lines = await query<PurchaseOrderLine>(
    db,
    sql`select pl.id, pl.variant_id, va.sku, p.title as product_title, va.units_per_package, pl.quantity, pl.unit_cost_cents,
               pl.quantity_received, pl.quantity_cancelled, (pl.quantity - pl.quantity_received - pl.quantity_cancelled) as quantity_open,
               (pl.quantity::bigint * pl.unit_cost_cents) as line_cents, pl.sort_order
          from purchase_order_lines pl join variants va on va.id = pl.variant_id join products p on p.id = va.product_id
         where pl.purchase_order_id = ${id} order by pl.sort_order, pl.id`,
  );
  return { ...head, lines, allowed_actions: allowedActions(head.status) };
}

/**
 * Costs for lines sent without one: the vendor's catalogue cost for the variant (vendor_products),
 * else the variant's own cost. 422 naming the line when a variant does not exist or no cost is known.
 */
async function resolveLines(t: Db, vendorId: number, lines: PurchaseOrderLineInput[]) {
  if (!lines.length) return [];
  const ids = [...new Set(lines.map((l) => l.variant_id))];
  const known = await query<{ id: number; sku: string; vendor_cost: number | null; own_cost: number | null }>(
    t,
    sql`select va.id, va.sku, va.cost_cents as own_cost,
               (select vp.cost_cents from vendor_products vp
                 where vp.vendor_id = ${vendorId} and vp.variant_id = va.id and vp.cost_cents is not null
                 order by vp.updated_at desc, vp.id desc limit 1) as vendor_cost
          from variants va where va.id in (${sql.join(ids.map((i) => sql`${i}::int`), sql`, `)})`,
  );
  const byId = new Map(known.map((k) => [k.id, k]));
  return lines.map((l, i) => {
    const v = byId.get(l.variant_id);
    if (!v) throw ruleViolated(`Line ${i + 1}: there is no variant with id ${l.variant_id}`, { [`lines.${i}.variant_id`]: 'No such variant' });
    const cost = l.unit_cost_cents ?? v.vendor_cost ?? v.own_cost;
    if (cost === null || cost === undefined)
      throw ruleViolated(`Line ${i + 1} (${v.sku}): the vendor's catalogue has no cost for this variant; enter the unit cost`, {
        [`lines.${i}.unit_cost_cents`]: 'Enter the unit cost',
      });
    return { variant_id: l.variant_id, quantity: l.quantity, unit_cost_cents: cost, sort_order: i };
  });
}

async function replaceLines(t: Db, poId: number, vendorId: number, lines: PurchaseOrderLineInput[]) {
  const rows = await resolveLines(t, vendorId, lines);
  await t.execute(sql`delete from purchase_order_lines where purchase_order_id = ${poId}`);
  if (rows.length) await t.insert(purchaseOrderLines).values(rows.map((r) => ({ ...r, purchase_order_id: poId })));
}

async function requireVendorAndLocation(t: Db, vendorId: number, locationId: number) {
  const r = await queryOne<{ vendor: boolean | null; location: boolean | null }>(
    t,
    sql`select (select is_active from vendors where id = ${vendorId}) as vendor, (select is_active from locations where id = ${locationId}) as location`,
  );
  if (r!.vendor === null) throw ruleViolated(`There is no vendor with id ${vendorId}`, { vendor_id: 'No such vendor' });
  if (!r!.vendor) throw ruleViolated('This vendor is inactive: purchase orders cannot be placed with it', { vendor_id: 'Inactive vendor' });
  if (r!.location === null) throw ruleViolated(`There is no location with id ${locationId}`, { location_id: 'No such location' });
  if (!r!.location) throw ruleViolated('This location is inactive: it cannot receive purchase orders', { location_id: 'Inactive location' });
}

/** The next number: PO-<year>-<five digits>. */
async function nextNumber(t: Db): Promise<string> {
  const r = await queryOne<{ n: string }>(
    t,
    sql`select 'PO-' || to_char(now(), 'YYYY') || '-' || lpad(nextval('purchase_order_number_seq')::text, 5, '0') as n`,
  );
  return r!.n;
}

export async function createOrder(db: Db, actor: Actor, body: z.output<typeof PurchaseOrderCreate>): Promise<Detail> {
  return inTx(db, async (t) => {
    await requireVendorAndLocation(t, body.vendor_id, body.location_id);
    const id = await insertRow(t, purchaseOrders, {
      number: await nextNumber(t),
      vendor_id: body.vendor_id,
      entity: body.entity,
      location_id: body.location_id,
      expected_date: body.expected_date ?? null,
      shipping_cents: body.shipping_cents,
      notes: body.notes ?? null,
      created_by: actor.userId,
    });
    await replaceLines(t, id, body.vendor_id, body.lines);
    const after = await loadOrder(t, id);
    await audit(t, actor, { action: 'create', entity: 'purchase_order', entityId: id, after });
    return after;
  });
}

/**
 * One versioned write of an order: lock → load → version (409) → checks and write → load → audit.
 * `auditAction` names the audit entry (`update`, `submit`, `receive`…).
 */
async function changeOrder(
  db: Db,
  actor: Actor,
  id: number,
  version: number,
  auditAction: string,
  write: (t: Db, before: Detail) => Promise<unknown>,
): Promise<Detail> {
  return inTx(db, async (t) => {
    await lockRow(t, 'purchase_orders', id, 'purchase order');
    const before = await loadOrder(t, id);
    if (before.version !== version) throw stale('purchase order');
    await write(t, before);
    const after = await loadOrder(t, id);
    await audit(t, actor, { action: auditAction, entity: 'purchase_order', entityId: id, before, after });
    return after;
  });
}

const requireAllowed = (status: PoStatus, a: PoAction) => {
  if (!canDo(status, a)) throw ruleViolated(refusalMessage(status, a), { status: refusalMessage(status, a) });
};

export function updateOrder(db: Db, actor: Actor, id: number, body: z.output<typeof PurchaseOrderUpdate>) {
  return changeOrder(db, actor, id, body.version, 'update', async (t, before) => {
    if (before.status === 'closed' || before.status === 'cancelled')
      throw ruleViolated(`A purchase order that is ${STATUS_LABELS[before.status]} cannot be changed.`);
    if (!linesEditable(before.status)) {
      const fields: Record<string, string> = {};
      if (body.lines !== undefined) fields.lines = 'Only while a draft';
      if (body.vendor_id !== before.vendor_id) fields.vendor_id = 'Only while a draft';
      if (body.entity !== before.entity) fields.entity = 'Only while a draft';
      if (body.location_id !== before.location_id && before.received_cents > 0) fields.location_id = 'Goods have been received';
      if (Object.keys(fields).length)
        throw ruleViolated(`Lines, vendor and entity can be changed only while the purchase order is a draft; it is ${STATUS_LABELS[before.status]}.`, fields);
    }
    if (body.vendor_id !== before.vendor_id || body.location_id !== before.location_id) await requireVendorAndLocation(t, body.vendor_id, body.location_id);
    const ok = await updateRow(t, purchaseOrders, id, body.version, {
      vendor_id: body.vendor_id,
      entity: body.entity,
      location_id: body.location_id,
      expected_date: body.expected_date ?? null,
      shipping_cents: body.shipping_cents,
      notes: body.notes ?? null,
    });
    if (!ok) throw stale('purchase order');
    if (body.lines !== undefined) await replaceLines(t, id, body.vendor_id, body.lines);
  });
}

/** Submit, confirm, cancel or close. */
export function transitionOrder(db: Db, actor: Actor, id: number, a: Exclude<PoAction, 'receive'>, body: z.output<typeof PurchaseOrderActionBody>) {
  return changeOrder(db, actor, id, body.version, a, async (t, before) => {
    requireAllowed(before.status, a);
    if (a === 'submit' && before.lines.length === 0) throw ruleViolated('Add at least one line before submitting the purchase order', { lines: 'Add a line' });
    const to = nextStatus(before.status, a);
    if (a === 'cancel')
      await t.execute(sql`update purchase_order_lines set quantity_cancelled = quantity - quantity_received, version = version + 1, updated_at = now()
                           where purchase_order_id = ${id} and quantity_cancelled <> quantity - quantity_received`);
    const note = body.note ? `${before.notes ? `${before.notes}\n` : ''}${STATUS_LABELS[to]}: ${body.note}` : undefined;
    await updateRow(t, purchaseOrders, id, body.version, {
      status: to,
      ...(a === 'submit' && { submitted_at: new Date() }),
      ...(to === 'closed' && { closed_at: new Date() }),
      ...(note !== undefined && { notes: note.slice(0, 4000) }),
    });
  });
}

/** Receives some units of some lines into a location: ledger receipts at the line's cost, then the status. */
export function receiveOrder(db: Db, actor: Actor, id: number, body: z.output<typeof PurchaseOrderReceive>) {
  return changeOrder(db, actor, id, body.version, 'receive', async (t, before) => {
    requireAllowed(before.status, 'receive');
    const locationId = body.location_id ?? before.location_id;
    const lines = new Map(before.lines.map((l) => [l.id, l]));
    const fields: Record<string, string> = {};
    const problems: string[] = [];
    body.lines.forEach((r, i) => {
      const line = lines.get(r.line_id);
      if (!line) {
        fields[`lines.${i}.line_id`] = 'Not a line of this purchase order';
        problems.push(`line ${r.line_id} is not a line of ${before.number}`);
      } else if (r.quantity > line.quantity_open) {
        fields[`lines.${i}.quantity`] = `At most ${fmt(line.quantity_open)}`;
        problems.push(
          `${line.sku}: ${fmt(r.quantity)} to receive but only ${fmt(line.quantity_open)} open ` +
            `(ordered ${fmt(line.quantity)}, received ${fmt(line.quantity_received)}, cancelled ${fmt(line.quantity_cancelled)})`,
        );
      }
    });
    if (problems.length)
      throw ruleViolated(`A line cannot receive more than is still open on it: ${problems.join('; ')}.`, fields);
    const states = await lockItems(t, body.lines.map((r) => ({ variant_id: lines.get(r.line_id)!.variant_id, location_id: locationId })));
    const anyState = states.values().next().value!;
    if (anyState.location_code === null) throw ruleViolated(`There is no location with id ${locationId}`, { location_id: 'No such location' });
    if (!anyState.location_active) throw ruleViolated(`${anyState.location_code} is inactive: it cannot receive goods`, { location_id: 'Inactive location' });
    for (const r of body.lines)
      await t.execute(sql`update purchase_order_lines set quantity_received = quantity_received + ${r.quantity}, version = version + 1, updated_at = now()
                           where id = ${r.line_id} and purchase_order_id = ${id}`);
    await insertMovements(
      t,
      actor,
      body.lines.map((r) => {
        const line = lines.get(r.line_id)!;
        return {
          variant_id: line.variant_id,
          location_id: locationId,
          kind: 'receipt' as const,
          quantity: r.quantity,
          unit_cost_cents: line.unit_cost_cents,
          purchase_order_line_id: line.id,
          reference: before.number,
        };
      }),
    );
    const received = new Map(body.lines.map((r) => [r.line_id, r.quantity]));
    const openAfter = before.lines.reduce((n, l) => n + l.quantity_open - (received.get(l.id) ?? 0), 0);
    await updateRow(t, purchaseOrders, id, body.version, { status: nextStatus(before.status, 'receive', openAfter) });
  });
}

export function invoiceOrder(db: Db, actor: Actor, id: number, body: z.output<typeof PurchaseOrderInvoice>) {
  return changeOrder(db, actor, id, body.version, 'invoice', async (t, before) => {
    if (!invoiceAllowed(before.status))
      throw ruleViolated(`An invoice can be recorded once the purchase order is submitted, and not when it is cancelled; it is ${STATUS_LABELS[before.status]}.`, {
        invoice_status: 'Not now',
      });
    await updateRow(t, purchaseOrders, id, body.version, {
      invoice_number: body.invoice_number,
      invoice_date: body.invoice_date,
      invoice_amount_cents: body.invoice_amount_cents,
      invoice_status: body.invoice_status,
    });
  });
}

export async function unitCost(db: Db, vendorId: number, variantId: number) {
  const r = await queryOne<{ own: number | null; vendor: number | null; vendor_sku: string | null; found: number | null }>(
    db,
    sql`select va.id as found, va.cost_cents as own, vp.cost_cents as vendor, vp.vendor_sku
          from variants va
          left join lateral (select cost_cents, vendor_sku from vendor_products
                              where vendor_id = ${vendorId} and variant_id = va.id and cost_cents is not null
                              order by updated_at desc, id desc limit 1) vp on true
         where va.id = ${variantId}`,
  );
  if (!r) throw notFound('The variant');
  const source = r.vendor !== null ? 'vendor' : r.own !== null ? 'variant' : null;
  return { variant_id: variantId, unit_cost_cents: r.vendor ?? r.own, source, vendor_sku: r.vendor_sku } as const;
}

const Detail = dataResponse(PurchaseOrderDetail);

export function purchaseOrderRoutes(app: FastifyInstance, db: Db) {
  registerList(app, db, {
    url: '/api/purchase-order',
    permission: 'purchasing.read',
    tags: TAGS,
    summary: 'Purchase orders: search by number, vendor or SKU; filter by vendor, entity, status, invoice status, location, created from/to',
    response: PurchaseOrderListResponse,
    fields: PURCHASE_ORDER_LIST, spec: purchaseOrderList,
    filename: 'purchase-orders',
  });

  action(app, {
    method: 'GET',
    url: '/api/purchase-order/unit-cost',
    access: 'purchasing.read',
    tags: TAGS,
    summary: "The default unit cost of a variant bought from a vendor (the vendor's catalogue, else the variant's cost)",
    query: UnitCostQuery,
    response: { 200: dataResponse(UnitCostAnswer) },
    handler: async (req) => ({ data: await unitCost(db, req.query.vendor_id, req.query.variant_id) }),
  });

  action(app, {
    method: 'GET',
    url: '/api/purchase-order/options',
    access: 'purchasing.read',
    tags: TAGS,
    summary: 'Vendors and receiving locations to choose from on a purchase order',
    response: { 200: dataResponse(PurchaseOrderOptions) },
    handler: async () => ({
      data: {
        vendors: await query<{ id: number; name: string; code: string; is_active: boolean }>(db, sql`select id, name, code, is_active from vendors order by lower(name), id`),
        locations: await query<{ id: number; code: string; name: string; is_active: boolean }>(db, sql`select id, code, name, is_active from locations order by code, id`),
      },
    }),
  });

  action(app, {
    method: 'GET',
    url: '/api/purchase-order/:id',
    access: 'purchasing.read',
    tags: TAGS,
    summary: 'One purchase order with its lines, totals and the actions allowed now',
    params: IdParams,
    response: { 200: Detail },
    handler: async (req) => ({ data: await loadOrder(db, req.params.id) }),
  });

  action(app, {
    method: 'POST',
    url: '/api/purchase-order',
    access: 'purchasing.write',
    tags: TAGS,
    summary: 'Create a draft purchase order (lines without a unit cost take the vendor catalogue cost)',
    body: PurchaseOrderCreate,
    response: { 201: Detail },
    handler: async (req, reply) => reply.status(201).send({ data: await createOrder(db, actorOf(req), req.body) }),
  });

  action(app, {
    method: 'PUT',
    url: '/api/purchase-order/:id',
    access: 'purchasing.write',
    tags: TAGS,
    summary: 'Update a purchase order (lines, vendor and entity only while a draft)',
    params: IdParams,
    body: PurchaseOrderUpdate,
    response: { 200: Detail },
    handler: async (req) => ({ data: await updateOrder(db, actorOf(req), req.params.id, req.body) }),
  });

  for (const a of ['submit', 'confirm', 'cancel', 'close'] as const)
    action(app, {
      method: 'POST',
      url: `/api/purchase-order/:id/${a}`,
      access: 'purchasing.write',
      tags: TAGS,
      summary: `${a[0]!.toUpperCase()}${a.slice(1)} a purchase order (422 naming the allowed transitions when its status does not allow it)`,
      params: IdParams,
      body: PurchaseOrderActionBody,
      response: { 200: Detail },
      handler: async (req) => ({ data: await transitionOrder(db, actorOf(req), req.params.id, a, req.body) }),
    });

  action(app, {
    method: 'POST',
    url: '/api/purchase-order/:id/receive',
    access: 'purchasing.write',
    tags: TAGS,
    summary: 'Receive some or all open units of lines into a location (ledger receipts); over-receiving is refused',
    params: IdParams,
    body: PurchaseOrderReceive,
    response: { 200: Detail },
    handler: async (req) => ({ data: await receiveOrder(db, actorOf(req), req.params.id, req.body) }),
  });

  action(app, {
    method: 'POST',
    url: '/api/purchase-order/:id/invoice',
    access: 'purchasing.write',
    tags: TAGS,
    summary: "Record the vendor's invoice (number, date, amount) and the invoice status",
    params: IdParams,
    body: PurchaseOrderInvoice,
    response: { 200: Detail },
    handler: async (req) => ({ data: await invoiceOrder(db, actorOf(req), req.params.id, req.body) }),
  });
}

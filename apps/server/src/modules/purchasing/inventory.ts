/**
 * Inventory: every movement of stock is one row of the ledger (`inventory_transactions`); on hand is
 * derived from it by the ledger trigger (migration purchasing_triggers), never written here. Services
 * lock the items a movement touches first (in a fixed order), check that stock does not go below
 * zero (a 422 in words: the trigger and the table's check refuse it anyway), then insert the rows.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  ADJUSTMENT_REASONS,
  INVENTORY_ITEM_LIST,
  InventoryAdjust,
  InventoryItem,
  InventoryItemListResponse,
  InventoryMovement,
  InventoryMovementResult,
  InventoryTransfer,
  type InventoryTransaction,
  type InventoryTransactionKind,
  countText,
} from '@qm/contracts';
import type { z } from 'zod';
import { query, queryOne, type Db } from '../../db/connect.js';
import { actorOf } from '../../http/auth.js';
import { inTx, registerList } from '../../http/crud.js';
import { ruleViolated } from '../../http/errors.js';
import { action } from '../../http/kit.js';
import { columns, filters, type ListSpec } from '../../http/list.js';
import { audit, type Actor } from '../../db/audit.js';

const TAGS = ['inventory'];

export interface Movement {
  variant_id: number;
  location_id: number;
  kind: InventoryTransactionKind;
  /** Signed: what enters the location is positive. */
  quantity: number;
  unit_cost_cents?: number | null;
  reason?: string | null;
  reference?: string | null;
  purchase_order_line_id?: number | null;
  transfer_id?: number | null;
}

interface ItemState {
  variant_id: number;
  location_id: number;
  sku: string | null;
  location_code: string | null;
  location_active: boolean | null;
  item_id: number | null;
  on_hand: number;
  avg_cost_cents: number | null;
}

const fmt = countText;

/**
 * Locks the items of these (variant, location) pairs that exist, in (variant, location) order so two
 * movements never wait on each other crosswise, and reads their state with the variant's SKU and the
 * location's code (null when the variant or location does not exist).
 */
export async function lockItems(t: Db, pairs: { variant_id: number; location_id: number }[]): Promise<Map<string, ItemState>> {
  const uniq = [...new Map(pairs.map((p) => [`${p.variant_id}:${p.location_id}`, p])).values()].sort(
    (a, b) => a.variant_id - b.variant_id || a.location_id - b.location_id,
  );
  const out = new Map<string, ItemState>();
  for (const p of uniq) {
    const locked = await queryOne<{ id: number; on_hand: number; avg_cost_cents: number | null }>(
      t,
      sql`select id, on_hand, avg_cost_cents from inventory_items where variant_id = ${p.variant_id} and location_id = ${p.location_id} for update`,
    );
    const names = await queryOne<{ sku: string | null; code: string | null; active: boolean | null }>(
      t,
      sql`select (select sku from variants where id = ${p.variant_id}) as sku,
                 (select code from locations where id = ${p.location_id}) as code,
                 (select is_active from locations where id = ${p.location_id}) as active`,
    );
    out.set(`${p.variant_id}:${p.location_id}`, {
      ...p,
      sku: names!.sku,
      location_code: names!.code,
      location_active: names!.active,
      item_id: locked?.id ?? null,
      on_hand: locked?.on_hand ?? 0,
      avg_cost_cents: locked?.avg_cost_cents ?? null,
    });
  }
  return out;
}

/** 422 unless the variant and location exist (and the location is active when stock enters it). */
function requireKnown(s: ItemState, fields: { variant: string; location: string }, entering: boolean) {
  if (s.sku === null) throw ruleViolated(`There is no variant with id ${s.variant_id}`, { [fields.variant]: 'No such variant' });
  if (s.location_code === null) throw ruleViolated(`There is no location with id ${s.location_id}`, { [fields.location]: 'No such location' });
  if (entering && !s.location_active)
    throw ruleViolated(`${s.location_code} is inactive: stock cannot be moved into it`, { [fields.location]: 'Inactive location' });
}

/** 422 in words when taking `remove` units would leave less than zero on hand. */
function requireStock(s: ItemState, remove: number, what: string, field = 'quantity') {
  if (s.on_hand - remove >= 0) return;
  throw ruleViolated(
    `${what} would take ${s.sku} at ${s.location_code} below zero: ${fmt(s.on_hand)} on hand, ${fmt(remove)} to remove. ` +
      'Stock cannot go negative; if the shelf holds more than the system says, record a count first.',
    { [field]: `At most ${fmt(s.on_hand)}` },
  );
}

const TX_COLUMNS = sql`id, at, inventory_item_id, variant_id, location_id, kind, quantity, balance_after, unit_cost_cents, reason,
                       purchase_order_line_id, reference, transfer_id, user_id`;

/** Inserts ledger rows (the trigger moves on hand and fills item and balance); returns them as stored. */
export async function insertMovements(t: Db, actor: Actor, rows: Movement[]): Promise<InventoryTransaction[]> {
  if (!rows.length) return [];
  const values = rows.map(
    (r) => sql`(${r.variant_id}::int, ${r.location_id}::int, ${r.kind}, ${r.quantity}::int, ${r.unit_cost_cents ?? null}::int,
                ${r.reason ?? null}, ${r.reference ?? null}, ${r.purchase_order_line_id ?? null}::int, ${r.transfer_id ?? null}::bigint, ${actor.userId}::int)`,
  );
  return query<InventoryTransaction>(
    t,
    sql`insert into inventory_transactions (variant_id, location_id, kind, quantity, unit_cost_cents, reason, reference,
                                            purchase_order_line_id, transfer_id, user_id)
        values ${sql.join(values, sql`, `)} returning ${TX_COLUMNS}`,
  );
}

const reasonLabel = (code: string) => ADJUSTMENT_REASONS.find((r) => r.value === code)?.label ?? code;

/** `POST inventory/adjust`: a signed change, or a count (the change is the difference from on hand). */
export async function adjust(db: Db, actor: Actor, body: z.output<typeof InventoryAdjust>): Promise<InventoryTransaction[]> {
  return inTx(db, async (t) => {
    const state = (await lockItems(t, [body]))!.get(`${body.variant_id}:${body.location_id}`)!;
    const delta = body.quantity_delta ?? body.counted_quantity! - state.on_hand;
    requireKnown(state, { variant: 'variant_id', location: 'location_id' }, delta > 0);
    if (delta === 0) return [];
    if (delta < 0) requireStock(state, -delta, 'This adjustment', body.counted_quantity === undefined ? 'quantity_delta' : 'counted_quantity');
    const counted = body.counted_quantity !== undefined || body.reason === 'count_correction';
    const reason = body.note ? `${reasonLabel(body.reason)}: ${body.note}` : reasonLabel(body.reason);
    const rows = await insertMovements(t, actor, [
      {
        variant_id: body.variant_id,
        location_id: body.location_id,
        kind: counted ? 'count' : 'adjustment',
        quantity: delta,
        unit_cost_cents: state.avg_cost_cents,
        reason,
      },
    ]);
    await audit(t, actor, {
      action: 'adjust',
      entity: 'inventory_item',
      entityId: rows[0]!.inventory_item_id,
      before: { sku: state.sku, location: state.location_code, on_hand: state.on_hand },
      after: { sku: state.sku, location: state.location_code, on_hand: rows[0]!.balance_after, change: delta, reason, transaction_id: rows[0]!.id },
    });
    return rows;
  });
}

/** `POST inventory/transfer`: two ledger rows sharing a transfer id, out of one location and into the other. */
export async function transfer(db: Db, actor: Actor, body: z.output<typeof InventoryTransfer>): Promise<InventoryTransaction[]> {
  return inTx(db, async (t) => {
    const from = { variant_id: body.variant_id, location_id: body.from_location_id };
    const to = { variant_id: body.variant_id, location_id: body.to_location_id };
    const states = await lockItems(t, [from, to]);
    const src = states.get(`${from.variant_id}:${from.location_id}`)!;
    const dst = states.get(`${to.variant_id}:${to.location_id}`)!;
    requireKnown(src, { variant: 'variant_id', location: 'from_location_id' }, false);
    requireKnown(dst, { variant: 'variant_id', location: 'to_location_id' }, true);
    requireStock(src, body.quantity, 'This transfer');
    const id = (await queryOne<{ id: number }>(t, sql`select nextval('inventory_transfer_seq')::int as id`))!.id;
    const common = { variant_id: body.variant_id, unit_cost_cents: src.avg_cost_cents, reason: body.note ?? null, transfer_id: id, reference: `${src.location_code} → ${dst.location_code}` };
    const rows = await insertMovements(t, actor, [
      { ...common, location_id: body.from_location_id, kind: 'transfer_out', quantity: -body.quantity },
      { ...common, location_id: body.to_location_id, kind: 'transfer_in', quantity: body.quantity },
    ]);
    await audit(t, actor, {
      action: 'transfer',
      entity: 'inventory_item',
      entityId: rows[0]!.inventory_item_id,
      before: { sku: src.sku, [src.location_code!]: src.on_hand, [dst.location_code!]: dst.on_hand },
      after: { sku: src.sku, [src.location_code!]: rows[0]!.balance_after, [dst.location_code!]: rows[1]!.balance_after, quantity: body.quantity, transfer_id: id },
    });
    return rows;
  });
}

/** `POST inventory/movement`: a sale out of a location, or a customer's return into it. */
export async function movement(db: Db, actor: Actor, body: z.output<typeof InventoryMovement>): Promise<InventoryTransaction[]> {
  return inTx(db, async (t) => {
    const state = (await lockItems(t, [body])).get(`${body.variant_id}:${body.location_id}`)!;
    requireKnown(state, { variant: 'variant_id', location: 'location_id' }, body.kind === 'return');
    if (body.kind === 'sale') requireStock(state, body.quantity, 'This sale');
    const rows = await insertMovements(t, actor, [
      {
        variant_id: body.variant_id,
        location_id: body.location_id,
        kind: body.kind,
        quantity: body.kind === 'sale' ? -body.quantity : body.quantity,
        unit_cost_cents: state.avg_cost_cents,
        reference: body.reference ?? null,
      },
    ]);
    await audit(t, actor, {
      action: body.kind,
      entity: 'inventory_item',
      entityId: rows[0]!.inventory_item_id,
      before: { sku: state.sku, location: state.location_code, on_hand: state.on_hand },
      after: { sku: state.sku, location: state.location_code, on_hand: rows[0]!.balance_after, transaction_id: rows[0]!.id, reference: body.reference ?? null },
    });
    return rows;
  });
}

function skuOrTitle(q: string): SQL {
  const escaped = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);
  const prefix = `${escaped(q.toUpperCase())}%`;
  const contains = `%${escaped(q)}%`;
  return sql`upper(va.sku) like ${prefix} or p.title ilike ${contains} or l.code ilike ${contains}`;
}

export const inventoryItemList: ListSpec<InventoryItem> = {
  from: sql`inventory_items i join variants va on va.id = i.variant_id join products p on p.id = va.product_id join locations l on l.id = i.location_id`,
  select: sql`i.id, i.variant_id, va.sku, p.title as product_title, i.location_id, l.code as location_code, i.on_hand, i.avg_cost_cents,
              (i.on_hand::bigint * i.avg_cost_cents) as value_cents, i.updated_at`,
  sort: {
    ...columns('i', 'id', 'on_hand', 'updated_at'),
    sku: sql`upper(va.sku)`,
    location_code: sql`l.code`,
    value_cents: sql`(i.on_hand::bigint * coalesce(i.avg_cost_cents, 0))`,
  } satisfies Record<(typeof INVENTORY_ITEM_LIST.sort)[number], unknown>,
  defaultSort: 'sku',
  key: sql`i.id`,
  filters: {
    ...filters.ints('i', 'id', 'variant_id', 'location_id'),
    in_stock: filters.bool(sql`(i.on_hand > 0)`, 'in_stock'),
  } satisfies Record<(typeof INVENTORY_ITEM_LIST.filter)[number], unknown>,
  search: skuOrTitle,
  csv: [
    { key: 'id', header: 'ID' },
    { key: 'sku', header: 'SKU' },
    { key: 'product_title', header: 'Product' },
    { key: 'location_code', header: 'Location' },
    { key: 'on_hand', header: 'On hand' },
    { key: 'avg_cost_cents', header: 'Average cost (cents)' },
    { key: 'value_cents', header: 'Value at cost (cents)' },
  ],
};

export function inventoryRoutes(app: FastifyInstance, db: Db) {
  registerList(app, db, {
    url: '/api/inventory-item',
    permission: 'inventory.read',
    tags: TAGS,
    summary: 'Inventory items (variant × location) with on hand (from the ledger) and value at average cost',
    response: InventoryItemListResponse,
    fields: INVENTORY_ITEM_LIST, spec: inventoryItemList,
    filename: 'inventory-items',
  });

  action(app, {
    method: 'POST',
    url: '/api/inventory/adjust',
    access: 'inventory.write',
    tags: TAGS,
    summary: 'Adjust stock by a change or to a counted quantity, with a reason (never below zero)',
    body: InventoryAdjust,
    response: { 201: InventoryMovementResult },
    handler: async (req, reply) => reply.status(201).send({ data: { transactions: await adjust(db, actorOf(req), req.body) } }),
  });

  action(app, {
    method: 'POST',
    url: '/api/inventory/transfer',
    access: 'inventory.write',
    tags: TAGS,
    summary: 'Move stock from one location to another (two ledger rows sharing a transfer id)',
    body: InventoryTransfer,
    response: { 201: InventoryMovementResult },
    handler: async (req, reply) => reply.status(201).send({ data: { transactions: await transfer(db, actorOf(req), req.body) } }),
  });

  action(app, {
    method: 'POST',
    url: '/api/inventory/movement',
    access: 'inventory.write',
    tags: TAGS,
    summary: 'Record a sale out of a location or a customer return into it',
    body: InventoryMovement,
    response: { 201: InventoryMovementResult },
    handler: async (req, reply) => reply.status(201).send({ data: { transactions: await movement(db, actorOf(req), req.body) } }),
  });
}

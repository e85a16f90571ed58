/**
 * Routing an order: the engine's input built from the database, its answer stored as a route, and
 * choosing one of its options. Both run in one transaction each, audited.
 *
 * - `routeOrder` places what is still to place of the order's lines (ordered − cancelled − what live
 *   vendor orders already carry) over the sources: active drop-ship vendors (their catalogue lines for
 *   the variants: cost, quantity available, drop-ship flag; their fee schema, shipping terms and
 *   minimum order) and our warehouses that ship orders (on hand at average cost, the location's flat
 *   shipping). Compliance at the ship-to address decides per line: `block` forbids the line
 *   everywhere; `licensed_dealer` while the order does not ship to a dealer holds the route (a
 *   `compliance_hold` case); documents, age and signature become the vendor orders' instructions.
 *   No feasible option opens an `unroutable` case with the reason in words. When the store routes
 *   automatically and nothing holds the route, the best option is chosen at once.
 * - `chooseOption` creates exactly the vendor orders the option showed (one per source), the
 *   warehouses' sale movements in the ledger, the order's costs and status, and closes the cases the
 *   choice resolves. A stale route (stock, cost or rules changed: triggers of migration routing_stale)
 *   is refused until recomputed.
 */
import { isDeepStrictEqual } from 'node:util';
import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { type ComplianceEffect, type RouteStatus, type RoutingStrategyCode, centsText, countText } from '@qm/contracts';
import { query, queryOne, type Db } from '../../db/connect.js';
import { audit, SYSTEM_ACTOR, type Actor } from '../../db/audit.js';
import { insertRow } from '../../db/write.js';
import { orderRouteItems, orderRouteOptions, orderRouteOptionVendorTotals, orderRoutes, vendorOrderItems, vendorOrders } from '../../db/schema/index.js';
import { inTx } from '../../http/crud.js';
import { conflict, notFound, ruleViolated } from '../../http/errors.js';
import { checkShipment } from '../compliance/service.js';
import { resolveCase, setCase } from '../orders/cases.js';
import { insertMovements, lockItems } from '../purchasing/inventory.js';
import type { FeeRule, ShippingTerms, UnitKind } from '../vendors/fees.js';
import { type EngineLine, type EngineSource, type RoutingResult } from './engine.js';
import { routeOrderExact } from './milp.js';

const fmt = countText;
const money = centsText;
const intArray = (xs: readonly number[]) => sql`${`{${xs.join(',')}}`}::int[]`;
const today = () => new Date().toISOString().slice(0, 10);

/** Vendor orders in these statuses no longer carry their items (the order needs them placed again). */
export const DEAD_VENDOR_ORDER = ['cancelled', 'rejected'] as const;
/** Orders in these statuses are not routed. */
const CLOSED_ORDER = ['cancelled', 'refunded', 'shipped', 'delivered'];

interface OrderFacts {
  id: number;
  number: string;
  store_id: number;
  status: string;
  ship_state: string;
  ship_zip: string;
  ship_to_dealer: boolean;
  ship_dealer_license: string | null;
}

interface LineFacts {
  order_item_id: number;
  variant_id: number;
  sku: string;
  product_id: number;
  to_place: number;
  brand_id: number | null;
  category_ids: number[];
  unit_kind: UnitKind;
  units_per_package: number;
}

interface LineCompliance {
  outcome: ComplianceEffect | null;
  reason: string | null;
}

async function lockOrder(t: Db, orderId: number): Promise<OrderFacts> {
  const o = await queryOne<OrderFacts>(
    t,
    sql`select id, number, store_id, status, ship_state, ship_zip, ship_to_dealer, ship_dealer_license from orders where id = ${orderId} for update`,
  );
  if (!o) throw notFound('The order');
  return o;
}

/** The order's lines with what is still to place and what the fees look at of each. */
async function linesToPlace(t: Db, orderId: number): Promise<LineFacts[]> {
  const rows = await query<LineFacts>(
    t,
    sql`with recursive lines as (
          select oi.id, oi.variant_id, oi.line_no,
                 oi.quantity - oi.cancelled_quantity
                   - coalesce((select sum(voi.quantity) from vendor_order_items voi join vendor_orders vo on vo.id = voi.vendor_order_id
                                where voi.order_item_id = oi.id and vo.status not in ('cancelled', 'rejected')), 0)::int as to_place
            from order_items oi where oi.order_id = ${orderId}
        ), cats(product_id, category_id) as (
          select pc.product_id, pc.category_id from product_categories pc
           where pc.product_id in (select v.product_id from lines join variants v on v.id = lines.variant_id)
          union
          select cats.product_id, c.parent_id from cats join categories c on c.id = cats.category_id where c.parent_id is not null
        )
        select l.id as order_item_id, l.variant_id, v.sku, v.product_id, l.to_place, p.brand_id, p.variation_type as unit_kind, v.units_per_package,
               coalesce((select array_agg(distinct cats.category_id) from cats where cats.product_id = p.id), '{}') as category_ids
          from lines l join variants v on v.id = l.variant_id join products p on p.id = v.product_id
         where l.to_place > 0
         order by l.line_no, l.id`,
  );
  return rows.map((r) => ({ ...r, category_ids: (r.category_ids ?? []).map(Number) }));
}

/** What compliance says of each line at the ship-to address. */
async function complianceOf(t: Db, order: OrderFacts, lines: LineFacts[]): Promise<LineCompliance[]> {
  const result = await checkShipment(
    t,
    lines.map((l) => ({ variant_id: l.variant_id, quantity: l.to_place })),
    { state: order.ship_state, zip: /^\d{5}/.test(order.ship_zip) ? order.ship_zip.slice(0, 5) : null },
  );
  // the engine's reason opens with the outcome in words ("Minimum age 18 because of …")
  return result.items.map((item) => ({ outcome: item.outcome, reason: item.outcome ? item.reason : null }));
}

interface VendorRow {
  id: number;
  name: string;
  min_order_cents: number | null;
  shipping_model: ShippingTerms['shipping_model'];
  shipping_cents: number;
  free_shipping_above_cents: number | null;
  shipping_tiers: { from_cents: number; cost_cents: number }[];
  fees: FeeRule[] | null;
  offers: { variant_id: number; unit_cost_cents: number; available: number; can_drop_ship: boolean }[];
}

interface LocationRow {
  id: number;
  code: string;
  name: string;
  shipping_cents: number;
  offers: { variant_id: number; unit_cost_cents: number; available: number }[];
}

/** The sources that stock any of the variants: drop-ship vendors and our shipping warehouses. */
async function sourcesFor(t: Db, variantIds: number[]): Promise<EngineSource[]> {
  const ids = intArray(variantIds);
  const vendors = await query<VendorRow>(
    t,
    sql`select v.id, v.name, v.min_order_cents, v.shipping_model, v.shipping_cents, v.free_shipping_above_cents, v.shipping_tiers,
               (select json_agg(json_build_object('id', f.id, 'name', f.name, 'application', f.application, 'amount_cents', f.amount_cents,
                                                  'unit_basis', f.unit_basis, 'brand_id', f.brand_id, 'category_id', f.category_id,
                                                  'waived_above_cents', f.waived_above_cents,
                                                  'effective_from', to_char(f.effective_from, 'YYYY-MM-DD'), 'effective_to', to_char(f.effective_to, 'YYYY-MM-DD'))
                                order by f.sort_order, f.id)
                  from vendor_fees f where f.fee_schema_id = v.fee_schema_id) as fees,
               (select json_agg(json_build_object('variant_id', o.variant_id, 'unit_cost_cents', o.cost_cents, 'available', o.quantity_available,
                                                  'can_drop_ship', o.can_drop_ship) order by o.variant_id)
                  from (select distinct on (vp.variant_id) vp.variant_id, vp.cost_cents, vp.quantity_available, vp.can_drop_ship
                          from vendor_products vp
                         where vp.vendor_id = v.id and vp.variant_id = any(${ids}) and vp.cost_cents is not null
                         order by vp.variant_id, vp.can_drop_ship desc, (vp.quantity_available > 0) desc, vp.cost_cents, vp.id) o) as offers
          from vendors v
         where v.is_active and v.can_drop_ship
           and exists (select 1 from vendor_products vp where vp.vendor_id = v.id and vp.variant_id = any(${ids}) and vp.cost_cents is not null)
         order by v.id`,
  );
  const locations = await query<LocationRow>(
    t,
    sql`select l.id, l.code, l.name, l.shipping_cents,
               (select json_agg(json_build_object('variant_id', i.variant_id, 'unit_cost_cents', coalesce(i.avg_cost_cents, va.cost_cents, 0),
                                                  'available', i.on_hand) order by i.variant_id)
                  from inventory_items i join variants va on va.id = i.variant_id
                 where i.location_id = l.id and i.variant_id = any(${ids}) and i.on_hand > 0) as offers
          from locations l
         where l.is_active and l.ships_orders
           and exists (select 1 from inventory_items i where i.location_id = l.id and i.variant_id = any(${ids}) and i.on_hand > 0)
         order by l.id`,
  );
  return [
    ...locations.map(
      (l): EngineSource => ({
        key: `warehouse:${l.id}`,
        kind: 'warehouse',
        id: l.id,
        name: l.name,
        min_order_cents: null,
        shipping: { shipping_model: 'flat', shipping_cents: l.shipping_cents, free_shipping_above_cents: null, shipping_tiers: [] },
        fees: [],
        offers: (l.offers ?? []).map((o) => ({ ...o, can_drop_ship: true })),
      }),
    ),
    ...vendors.map(
      (v): EngineSource => ({
        key: `vendor:${v.id}`,
        kind: 'vendor',
        id: v.id,
        name: v.name,
        min_order_cents: v.min_order_cents,
        shipping: { shipping_model: v.shipping_model, shipping_cents: v.shipping_cents, free_shipping_above_cents: v.free_shipping_above_cents, shipping_tiers: v.shipping_tiers ?? [] },
        fees: v.fees ?? [],
        offers: v.offers ?? [],
      }),
    ),
  ];
}

const sourceRef = (key: string) => {
  const [kind, id] = key.split(':') as ['vendor' | 'warehouse', string];
  return { kind, vendor_id: kind === 'vendor' ? Number(id) : null, location_id: kind === 'warehouse' ? Number(id) : null };
};

/** Why no option is feasible, in words. */
function failureOf(result: RoutingResult, lines: LineFacts[], compliance: LineCompliance[]): string {
  const at = (id: number) => lines.findIndex((l) => l.order_item_id === id);
  const sku = (id: number) => lines[at(id)]?.sku ?? `line ${id}`;
  const parts = result.unroutable.map((u) => {
    const c = compliance[at(u.line_id)];
    return `${sku(u.line_id)}: ${c?.outcome === 'block' ? c.reason : u.reason}`;
  });
  if (!parts.length && result.infeasible.length) parts.push(...result.infeasible.slice(0, 3).map((i) => `${i.description}: ${i.reason}`));
  // one sentence a part: a reason that is a sentence already keeps its own full stop
  return ['No feasible route.', ...parts.map((p) => (/[.!?]$/.test(p) ? p : `${p}.`))].join(' ');
}

async function recordStatus(t: Db, orderId: number, from: string, to: string, userId: number | null, note: string) {
  if (from === to) return;
  await t.execute(sql`update orders set status = ${to}, updated_at = now(), version = version + 1 where id = ${orderId}`);
  await t.execute(sql`insert into order_status_history (order_id, field, from_value, to_value, user_id, note) values (${orderId}, 'status', ${from}, ${to}, ${userId}, ${note})`);
}

/**
 * What a routing reads and computes before its transaction (not inside a caller's): the lines'
 * compliance, and for an order of more than `EARLY_ROUTE_LINES` lines also its sources and the
 * engine's answer. Proving a large order's best option may take a second or two; the transaction,
 * which holds the order's row (and on PGlite the process's only connection), must not wait for it.
 * Inside, everything is read again and the answer is kept only when every input is the same;
 * otherwise (stock, a cost or the lines changed meanwhile) it is computed there.
 */
interface Early {
  order: OrderFacts;
  lines: LineFacts[];
  compliance: LineCompliance[];
  route: { strategy: RoutingStrategyCode; date: string; sources: EngineSource[]; result: RoutingResult } | null;
}

/** Orders of more lines than this are routed before the transaction (see `Early`). */
export const EARLY_ROUTE_LINES = 8;

export async function earlyRoute(db: Db, orderId: number, strategyAsked?: RoutingStrategyCode): Promise<Early | null> {
  if ((db as unknown) instanceof PgTransaction) return null;
  const order = await queryOne<OrderFacts>(db, sql`select id, number, store_id, status, ship_state, ship_zip, ship_to_dealer, ship_dealer_license from orders where id = ${orderId}`);
  if (!order) return null;
  const lines = await linesToPlace(db, orderId);
  if (!lines.length) return null;
  let compliance: LineCompliance[];
  try {
    compliance = await complianceOf(db, order, lines);
  } catch {
    return null;
  }
  if (lines.length <= EARLY_ROUTE_LINES || CLOSED_ORDER.includes(order.status)) return { order, lines, compliance, route: null };
  const strategy = strategyAsked ?? (await storeStrategy(db, order.store_id)).strategy;
  const sources = await sourcesFor(db, [...new Set(lines.map((l) => l.variant_id))]);
  const date = today();
  return { order, lines, compliance, route: { strategy, date, sources, result: await computeRoute(lines, compliance, strategy, sources, date) } };
}

const sameLines = (e: Early, order: OrderFacts, lines: LineFacts[]) =>
  e.order.ship_state === order.ship_state &&
  e.order.ship_zip === order.ship_zip &&
  e.order.ship_to_dealer === order.ship_to_dealer &&
  e.lines.length === lines.length &&
  e.lines.every((l, i) => l.order_item_id === lines[i]!.order_item_id && l.variant_id === lines[i]!.variant_id && l.to_place === lines[i]!.to_place);

async function storeStrategy(t: Db, storeId: number): Promise<{ strategy: RoutingStrategyCode; auto_route: boolean }> {
  const row = await queryOne<{ strategy: RoutingStrategyCode; auto_route: boolean }>(t, sql`select strategy, auto_route from store_routing_settings where store_id = ${storeId}`);
  return row ?? { strategy: 'cheapest', auto_route: false };
}

/** The engine's answer for the lines still to place (blocked lines forbidden everywhere). */
function computeRoute(lines: LineFacts[], compliance: LineCompliance[], strategy: RoutingStrategyCode, sources: EngineSource[], date: string): Promise<RoutingResult> {
  const forbidden = lines.flatMap((l, i) => (compliance[i]!.outcome === 'block' ? [{ line_id: l.order_item_id, reason: compliance[i]!.reason ?? 'blocked at the address' }] : []));
  const engineLines: EngineLine[] = lines.map((l) => ({
    line_id: l.order_item_id,
    variant_id: l.variant_id,
    sku: l.sku,
    quantity: l.to_place,
    brand_id: l.brand_id,
    category_ids: l.category_ids,
    unit_kind: l.unit_kind,
    units_per_package: l.units_per_package,
  }));
  return routeOrderExact({ date, strategy, lines: engineLines, sources, forbidden, max_options: 5 }, { proofMs: proof.ms });
}

export interface RouteAnswer {
  route_id: number;
  status: RouteStatus;
}

/** How long a routing may spend proving its best option (config `ROUTING_PROOF_MS`, set when the module registers). */
const proof = { ms: 2000 };
export function setRoutingProofMs(ms: number): void {
  proof.ms = ms;
}

/**
 * Computes a new route for the order (see the file's comment) in its own transaction, or inside the
 * caller's. `automatic`: the run after intake (no person; the store's auto-routing may choose);
 * `strategy`: instead of the store's, this once.
 */
export async function routeOrder(db: Db, orderId: number, actor: Actor, opts: { automatic?: boolean; strategy?: RoutingStrategyCode } = {}): Promise<RouteAnswer> {
  // Compliance (and a large order's whole routing) is worked out before the transaction, where the
  // rules compiled once per process serve and a long proof holds nothing; see `Early`.
  const before = await earlyRoute(db, orderId, opts.strategy);
  return inTx(db, async (t) => {
    const order = await lockOrder(t, orderId);
    if (CLOSED_ORDER.includes(order.status)) throw ruleViolated(`Order ${order.number} is ${order.status.replace(/_/g, ' ')}: it is not routed any more.`);
    const lines = await linesToPlace(t, orderId);
    if (!lines.length) throw ruleViolated(`Every item of order ${order.number} is already placed with a vendor or warehouse, or cancelled: nothing is left to route.`);
    const settings = await storeStrategy(t, order.store_id);
    const strategy: RoutingStrategyCode = opts.strategy ?? settings.strategy;
    const same = before !== null && sameLines(before, order, lines);
    const compliance = same ? before.compliance : await complianceOf(t, order, lines);
    const holds = lines.filter((_, i) => compliance[i]!.outcome === 'licensed_dealer' && !order.ship_to_dealer);
    const sources = await sourcesFor(t, [...new Set(lines.map((l) => l.variant_id))]);
    const date = today();
    const kept = same && before.route && before.route.strategy === strategy && before.route.date === date && isDeepStrictEqual(before.route.sources, sources) ? before.route.result : null;
    const result = kept ?? (await computeRoute(lines, compliance, strategy, sources, date));

    const hold = holds.length
      ? `Compliance hold: ${holds.map((l) => l.sku).join(', ')} ${holds.length === 1 ? 'ships' : 'ship'} only to a licensed dealer, and order ${order.number} ships to ${order.ship_state} ${order.ship_zip}, not to a dealer. Change the ship-to address to a licensed dealer or cancel the item${holds.length === 1 ? '' : 's'}, then recompute.`
      : null;
    const status: RouteStatus = !result.feasible ? 'failed' : hold ? 'needs_review' : 'computed';
    const failure = result.feasible ? null : failureOf(result, lines, compliance);

    // Earlier routes of the order that were never chosen are superseded by this one.
    await t.execute(sql`update order_routes set is_stale = true where order_id = ${orderId} and chosen_option_id is null and not is_stale`);
    const routeId = await insertRow(t, orderRoutes, {
      order_id: orderId,
      status,
      strategy,
      created_by: opts.automatic ? null : actor.userId,
      computed_at: new Date(),
      failure_reason: failure,
    });
    await t.insert(orderRouteItems).values(
      lines.map((l, i) => ({
        route_id: routeId,
        order_item_id: l.order_item_id,
        variant_id: l.variant_id,
        sku: l.sku,
        quantity: l.to_place,
        compliance_outcome: compliance[i]!.outcome,
        compliance_reason: compliance[i]!.reason,
      })),
    );
    const skuOf = new Map(lines.map((l) => [l.order_item_id, l.sku]));
    const nameOf = new Map(sources.map((s) => [s.key, s.name]));
    let rank = 0;
    for (const option of result.options) {
      rank++;
      const optionId = await insertRow(t, orderRouteOptions, {
        route_id: routeId,
        rank,
        is_feasible: true,
        description: option.vendor_totals.map((v) => v.name).join(' + '),
        total_cents: option.total_cents,
        shipments: option.shipments,
        delta_to_next_cents: option.delta_to_next_cents,
        explanation: option.explanation,
      });
      if (option.vendor_totals.length)
        await t.insert(orderRouteOptionVendorTotals).values(
          option.vendor_totals.map((v) => {
            const ref = sourceRef(v.source_key);
            return {
              option_id: optionId,
              source_kind: v.kind,
              vendor_id: ref.vendor_id,
              location_id: ref.location_id,
              items_cents: v.items_cents,
              fixed_fees_cents: v.fixed_fees_cents,
              per_unit_fees_cents: v.per_unit_fees_cents,
              shipping_cents: v.shipping_cents,
              total_cents: v.total_cents,
              min_order_cents: v.min_order_cents,
              min_order_met: v.min_order_met,
              lines: v.lines.map((l) => ({
                order_item_id: l.line_id,
                variant_id: l.variant_id,
                sku: skuOf.get(l.line_id) ?? '',
                quantity: l.quantity,
                unit_cost_cents: l.unit_cost_cents,
                reason: option.placements.find((p) => p.line_id === l.line_id && p.source_key === v.source_key)?.reason ?? '',
              })),
              fee_lines: v.fee_lines.map((f) => ({
                fee_id: f.fee_id,
                name: f.name,
                application: f.application,
                unit_basis: f.unit_basis,
                amount_cents: f.amount_cents,
                status: f.status,
                reason: f.reason,
                units: f.units,
                total_cents: f.total_cents,
              })),
            };
          }),
        );
    }
    for (const bad of result.infeasible) {
      rank++;
      await insertRow(t, orderRouteOptions, {
        route_id: routeId,
        rank,
        is_feasible: false,
        description: bad.description || bad.source_keys.map((k) => nameOf.get(k) ?? k).join(' + '),
        infeasible_reason: bad.reason,
      });
    }

    await setCase(t, orderId, 'compliance_hold', hold, actor.userId);
    if (failure) await setCase(t, orderId, 'unroutable', failure, actor.userId);
    // a route with no feasible option leaves a pending order pending: it waits for routing (its case says why)
    if (order.status === 'pending' && (hold || !failure))
      await recordStatus(t, orderId, 'pending', hold ? 'awaiting_compliance' : 'processing', opts.automatic ? null : actor.userId, 'Routed');
    else if (order.status === 'awaiting_compliance' && !hold) await recordStatus(t, orderId, order.status, 'processing', actor.userId, 'Compliance hold cleared');
    await audit(t, actor, {
      action: 'route',
      entity: 'order_route',
      entityId: routeId,
      after: { order_id: orderId, status, strategy, options: result.options.map((o) => ({ rank: o.rank, total_cents: o.total_cents, shipments: o.shipments })), failure_reason: failure, hold },
    });

    if (opts.automatic && settings.auto_route && status === 'computed') {
      const best = await queryOne<{ id: number }>(t, sql`select id from order_route_options where route_id = ${routeId} and rank = 1 and is_feasible`);
      if (best) {
        await choose(t, routeId, best.id, actor, true);
        return { route_id: routeId, status: 'selected' as RouteStatus };
      }
    }
    return { route_id: routeId, status };
  });
}

interface TotalRow {
  id: number;
  source_kind: 'vendor' | 'warehouse';
  vendor_id: number | null;
  location_id: number | null;
  source_name: string;
  items_cents: number;
  fixed_fees_cents: number;
  per_unit_fees_cents: number;
  shipping_cents: number;
  total_cents: number;
  handling_days: number;
  lines: { order_item_id: number; variant_id: number; sku: string; quantity: number; unit_cost_cents: number }[];
}

/** Chooses a feasible option of an open, current route: the vendor orders, stock moves, costs and status (see the file's comment). */
export async function chooseOption(db: Db, routeId: number, optionId: number, actor: Actor): Promise<void> {
  await inTx(db, (t) => choose(t, routeId, optionId, actor, false));
}

async function choose(t: Db, routeId: number, optionId: number, actor: Actor, automatic: boolean): Promise<void> {
  // The order first, then the route: the order a new routing of the same order takes its locks in.
  const of = await queryOne<{ order_id: number }>(t, sql`select order_id from order_routes where id = ${routeId}`);
  if (!of) throw notFound('The order route');
  await lockOrder(t, of.order_id);
  const route = await queryOne<{ id: number; order_id: number; status: RouteStatus; is_stale: boolean; chosen_option_id: number | null }>(
    t,
    sql`select id, order_id, status, is_stale, chosen_option_id from order_routes where id = ${routeId} for update`,
  );
  if (!route) throw notFound('The order route');
  const order = await lockOrder(t, route.order_id);
  if (route.chosen_option_id !== null) throw conflict('An option of this route was already chosen; its vendor orders exist.');
  if (route.is_stale) throw conflict('Stock, costs or rules changed since this route was computed: recompute first.');
  if (route.status === 'failed') throw conflict('This route has no feasible option: recompute it once stock or rules change, or cancel the items.');
  const hold = await queryOne<{ detail: string }>(
    t,
    sql`select detail from order_resolution_cases where order_id = ${order.id} and reason = 'compliance_hold' and resolved_at is null`,
  );
  if (hold) throw conflict(hold.detail);
  if (CLOSED_ORDER.includes(order.status)) throw conflict(`Order ${order.number} is ${order.status.replace(/_/g, ' ')}: its routes cannot be chosen.`);
  const option = await queryOne<{ id: number; rank: number; is_feasible: boolean; total_cents: number }>(
    t,
    sql`select id, rank, is_feasible, total_cents from order_route_options where id = ${optionId} and route_id = ${routeId}`,
  );
  if (!option) throw ruleViolated(`Option ${optionId} is not an option of route ${routeId}.`, { option_id: 'Not an option of this route' });
  if (!option.is_feasible) throw ruleViolated(`Option ${option.rank} cannot be chosen: it is not feasible.`, { option_id: 'Not feasible' });

  const totals = await query<TotalRow>(
    t,
    sql`select t.id, t.source_kind, t.vendor_id, t.location_id, coalesce(v.name, l.name) as source_name, t.items_cents,
               t.fixed_fees_cents, t.per_unit_fees_cents, t.shipping_cents, t.total_cents, coalesce(v.handling_days, l.handling_days, 1) as handling_days, t.lines
          from order_route_option_vendor_totals t left join vendors v on v.id = t.vendor_id left join locations l on l.id = t.location_id
         where t.option_id = ${optionId} order by t.id`,
  );
  // The route is taken first, so the stock it moves does not mark it stale.
  await t.execute(sql`update order_routes set status = 'selected', chosen_option_id = ${optionId}, chosen_at = now(), chosen_by = ${actor.userId},
                                              updated_at = now(), version = version + 1 where id = ${routeId}`);

  // Warehouse stock: locked in a fixed order, refused in words when it is no longer there.
  const sales = totals
    .filter((v) => v.source_kind === 'warehouse')
    .flatMap((v) => v.lines.map((l) => ({ variant_id: l.variant_id, location_id: v.location_id!, quantity: l.quantity, unit_cost_cents: l.unit_cost_cents, sku: l.sku, where: v.source_name })));
  if (sales.length) {
    const states = await lockItems(t, sales);
    const need = new Map<string, number>();
    for (const s of sales) need.set(`${s.variant_id}:${s.location_id}`, (need.get(`${s.variant_id}:${s.location_id}`) ?? 0) + s.quantity);
    const short = [...need].flatMap(([k, n]) => {
      const st = states.get(k)!;
      return st.on_hand < n ? [`${st.sku} at ${st.location_code}: ${fmt(st.on_hand)} on hand, the option needs ${fmt(n)}`] : [];
    });
    if (short.length) throw conflict(`The warehouse no longer has the stock this option showed (${short.join('; ')}). Recompute the route first.`);
  }

  const routeItems = await query<{ order_item_id: number; compliance_outcome: string | null; compliance_reason: string | null; sku: string }>(
    t,
    sql`select order_item_id, compliance_outcome, compliance_reason, sku from order_route_items where route_id = ${routeId}`,
  );
  const orderCompliance = instructionsOf(order, routeItems);
  const created: { id: number; number: string; source: string; total_cents: number }[] = [];
  for (const v of totals) {
    const numbered = await queryOne<{ n: string }>(t, sql`select 'VO-' || lpad(nextval('vendor_order_number_seq')::text, 6, '0') as n`);
    const words = [...new Set(v.lines.map((l) => orderCompliance.get(l.order_item_id)).filter((x): x is string => !!x))];
    const id = await insertRow(t, vendorOrders, {
      number: numbered!.n,
      order_id: order.id,
      route_id: routeId,
      option_id: optionId,
      source_kind: v.source_kind,
      vendor_id: v.vendor_id,
      location_id: v.location_id,
      status: 'draft',
      items_cents: v.items_cents,
      fees_cents: v.fixed_fees_cents + v.per_unit_fees_cents,
      shipping_cents: v.shipping_cents,
      total_cents: v.total_cents,
      units: v.lines.reduce((n, l) => n + l.quantity, 0),
      instructions: words.length ? words.join('\n') : null,
      expected_ship_date: addDays(today(), v.handling_days),
      created_by: actor.userId,
    });
    const skus = v.vendor_id
      ? await query<{ variant_id: number; vendor_sku: string }>(
          t,
          sql`select distinct on (variant_id) variant_id, vendor_sku from vendor_products where vendor_id = ${v.vendor_id}
               and variant_id = any(${intArray(v.lines.map((l) => l.variant_id))}) order by variant_id, can_drop_ship desc, cost_cents nulls last, id`,
        )
      : [];
    const vendorSku = new Map(skus.map((s) => [s.variant_id, s.vendor_sku]));
    await t.insert(vendorOrderItems).values(
      v.lines.map((l) => ({
        vendor_order_id: id,
        order_item_id: l.order_item_id,
        variant_id: l.variant_id,
        vendor_sku: vendorSku.get(l.variant_id) ?? null,
        quantity: l.quantity,
        unit_cost_cents: l.unit_cost_cents,
      })),
    );
    if (v.source_kind === 'warehouse')
      await insertMovements(
        t,
        actor,
        v.lines.map((l) => ({
          variant_id: l.variant_id,
          location_id: v.location_id!,
          kind: 'sale' as const,
          quantity: -l.quantity,
          unit_cost_cents: l.unit_cost_cents,
          reference: `order:${order.id}`,
          reason: `${numbered!.n} for order ${order.number}`,
        })),
      );
    created.push({ id, number: numbered!.n, source: v.source_name, total_cents: v.total_cents });
  }
  await refreshOrderCosts(t, order.id);
  // Other open routes of the order are superseded by the choice.
  await t.execute(sql`update order_routes set is_stale = true where order_id = ${order.id} and id <> ${routeId} and chosen_option_id is null and not is_stale`);
  if (!['awaiting_fulfillment', 'partially_shipped'].includes(order.status))
    await recordStatus(t, order.id, order.status, 'awaiting_fulfillment', automatic ? null : actor.userId, `Option ${option.rank} chosen: ${created.map((c) => c.number).join(', ')}`);
  await resolveCase(t, order.id, 'unroutable', automatic ? 'routed automatically' : 'route chosen', actor.userId);
  await resolveCase(t, order.id, 'compliance_hold', 'route chosen', actor.userId);
  await audit(t, actor, [
    { action: automatic ? 'choose_automatically' : 'choose', entity: 'order_route', entityId: routeId, before: { status: route.status }, after: { order_id: order.id, status: 'selected', option_id: optionId, rank: option.rank, vendor_orders: created } },
    ...created.map((c) => ({ action: 'create', entity: 'vendor_order', entityId: c.id, after: { ...c, order_id: order.id } })),
  ]);
}

/** Each route item's instruction for the vendor (documents, age, signature, dealer), as the route found it at the address. */
function instructionsOf(order: OrderFacts, items: { order_item_id: number; compliance_outcome: string | null; compliance_reason: string | null; sku: string }[]): Map<number, string> {
  const out = new Map<number, string>();
  for (const i of items) {
    if (!i.compliance_outcome || i.compliance_outcome === 'block') continue;
    if (i.compliance_outcome === 'licensed_dealer' && !order.ship_to_dealer) continue;
    const dealer = i.compliance_outcome === 'licensed_dealer' && order.ship_dealer_license ? ` (ships to licensed dealer ${order.ship_dealer_license})` : '';
    out.set(i.order_item_id, `${i.sku}: ${i.compliance_reason ?? i.compliance_outcome}${dealer}`);
  }
  return out;
}

export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** Order items' and the order's cost: what live vendor orders pay (items per line; items, fees and shipping for the order). */
export async function refreshOrderCosts(t: Db, orderId: number): Promise<void> {
  await t.execute(sql`update order_items oi set cost_cents = c.cost
                        from (select oi2.id, (select sum(voi.quantity::bigint * voi.unit_cost_cents) from vendor_order_items voi
                                               join vendor_orders vo on vo.id = voi.vendor_order_id
                                              where voi.order_item_id = oi2.id and vo.status not in ('cancelled', 'rejected')) as cost
                                from order_items oi2 where oi2.order_id = ${orderId}) c
                       where oi.id = c.id and oi.cost_cents is distinct from c.cost`);
  await t.execute(sql`update orders set cost_cents = (select sum(total_cents) from vendor_orders where order_id = ${orderId} and status not in ('cancelled', 'rejected'))
                       where id = ${orderId}`);
}

/** Sets the order's status as its vendor orders say (all shipped → shipped, some → partially shipped, all delivered → delivered). */
export async function followVendorOrders(t: Db, orderId: number, userId: number | null, note: string): Promise<void> {
  const r = await queryOne<{ status: string; live: number; shipped: number; delivered: number; placed: boolean }>(
    t,
    sql`select o.status,
               count(vo.id) filter (where vo.status not in ('cancelled', 'rejected'))::int as live,
               count(vo.id) filter (where vo.status in ('shipped', 'delivered', 'partially_shipped'))::int as shipped,
               count(vo.id) filter (where vo.status = 'delivered')::int as delivered,
               bool_and(vo.status in ('shipped', 'delivered')) filter (where vo.status not in ('cancelled', 'rejected')) as placed
          from orders o left join vendor_orders vo on vo.order_id = o.id where o.id = ${orderId} group by o.id, o.status`,
  );
  if (!r || r.live === 0 || CLOSED_ORDER.slice(0, 2).includes(r.status)) return;
  const open = await queryOne<{ n: number }>(
    t,
    sql`select count(*)::int as n from order_items oi
         where oi.order_id = ${orderId}
           and oi.quantity - oi.cancelled_quantity > coalesce((select sum(voi.quantity) from vendor_order_items voi join vendor_orders vo on vo.id = voi.vendor_order_id
                                                               where voi.order_item_id = oi.id and vo.status not in ('cancelled', 'rejected')), 0)`,
  );
  const allPlaced = (open?.n ?? 0) === 0;
  let to = r.status;
  if (allPlaced && r.delivered === r.live) to = 'delivered';
  else if (allPlaced && r.placed) to = 'shipped';
  else if (r.shipped > 0) to = 'partially_shipped';
  await recordStatus(t, orderId, r.status, to, userId, note);
}

export { money };

/**
 * The automatic run after a new order committed (intake): routes it as the system, choosing at once
 * when the store routes automatically. A failure to route never undoes the intake: the order simply
 * waits for a person (the answer is null and the reason is logged).
 */
export async function routeAfterIntake(db: Db, orderId: number, log?: { warn: (o: object, msg: string) => void }): Promise<RouteAnswer | null> {
  try {
    return await routeOrder(db, orderId, SYSTEM_ACTOR, { automatic: true });
  } catch (err) {
    log?.warn({ err, orderId }, 'The new order could not be routed automatically');
    return null;
  }
}

/**
 * Stand-in for the routing engine (engine.ts) until it is merged: its types, and a simple greedy
 * `routeOrder` (cheapest unit cost per line, then each source alone). Removed once engine.ts lands.
 */
import { computeFees, shippingCost, type FeeLine, type FeeRule, type ShippingTerms, type UnitKind } from '../vendors/fees.js';

export type RoutingStrategy = 'cheapest' | 'fewest_shipments' | 'single_source';
export interface EngineLine { line_id: number; variant_id: number; sku: string; quantity: number; brand_id: number | null; category_ids: readonly number[]; unit_kind: UnitKind; units_per_package: number }
export interface EngineOffer { variant_id: number; unit_cost_cents: number; available: number; can_drop_ship: boolean }
export interface EngineSource { key: string; kind: 'vendor' | 'warehouse'; id: number; name: string; min_order_cents: number | null; shipping: ShippingTerms; fees: readonly FeeRule[]; offers: readonly EngineOffer[] }
export interface RoutingInput { date: string; strategy: RoutingStrategy; lines: readonly EngineLine[]; sources: readonly EngineSource[]; forbidden?: readonly { line_id: number; source_key?: string; reason: string }[]; max_options?: number }
export interface Placement { line_id: number; variant_id: number; source_key: string; quantity: number; unit_cost_cents: number; reason: string }
export interface VendorTotal { source_key: string; kind: 'vendor' | 'warehouse'; id: number; name: string; lines: { line_id: number; variant_id: number; quantity: number; unit_cost_cents: number }[]; items_cents: number; fixed_fees_cents: number; per_unit_fees_cents: number; fee_lines: FeeLine[]; shipping_cents: number; total_cents: number; min_order_cents: number | null; min_order_met: boolean }
export interface RouteOption { rank: number; total_cents: number; shipments: number; placements: Placement[]; vendor_totals: VendorTotal[]; delta_to_next_cents: number | null; explanation: string[] }
export interface Infeasible { description: string; source_keys: string[]; reason: string }
export interface RoutingResult { feasible: boolean; options: RouteOption[]; infeasible: Infeasible[]; unroutable: { line_id: number; reason: string }[] }

const money = (c: number) => `$${(c / 100).toFixed(2)}`;

function offerOf(input: RoutingInput, s: EngineSource, line: EngineLine): EngineOffer | null {
  if ((input.forbidden ?? []).some((f) => f.line_id === line.line_id && (f.source_key === undefined || f.source_key === s.key))) return null;
  const o = s.offers.find((x) => x.variant_id === line.variant_id);
  if (!o || o.available <= 0 || (s.kind === 'vendor' && !o.can_drop_ship)) return null;
  return o;
}

function optionOf(input: RoutingInput, placements: Placement[]): RouteOption {
  const totals: VendorTotal[] = [];
  for (const s of input.sources) {
    const mine = placements.filter((p) => p.source_key === s.key);
    if (!mine.length) continue;
    const basket = mine.map((p) => {
      const l = input.lines.find((x) => x.line_id === p.line_id)!;
      return { ...l, quantity: p.quantity, unit_cost_cents: p.unit_cost_cents };
    });
    const items = basket.reduce((n, b) => n + b.quantity * b.unit_cost_cents, 0);
    const fees = computeFees({ fees: s.fees, lines: basket, date: input.date, order_amount_cents: items });
    const fixed = fees.fees.filter((f) => f.application === 'fixed').reduce((n, f) => n + f.total_cents, 0);
    const shipping = shippingCost(s.shipping, items, basket.reduce((n, b) => n + b.quantity, 0));
    totals.push({
      source_key: s.key, kind: s.kind, id: s.id, name: s.name,
      lines: mine.map((p) => ({ line_id: p.line_id, variant_id: p.variant_id, quantity: p.quantity, unit_cost_cents: p.unit_cost_cents })),
      items_cents: items, fixed_fees_cents: fixed, per_unit_fees_cents: fees.total_cents - fixed, fee_lines: fees.fees, shipping_cents: shipping,
      total_cents: items + fees.total_cents + shipping, min_order_cents: s.min_order_cents, min_order_met: s.min_order_cents === null || items >= s.min_order_cents,
    });
  }
  return {
    rank: 0, total_cents: totals.reduce((n, t) => n + t.total_cents, 0), shipments: totals.length, placements, vendor_totals: totals, delta_to_next_cents: null,
    explanation: placements.map((p) => `${input.lines.find((l) => l.line_id === p.line_id)!.sku} × ${p.quantity} from ${input.sources.find((s) => s.key === p.source_key)!.name}: ${p.reason}`),
  };
}

export function routeOrder(input: RoutingInput): RoutingResult {
  const unroutable: { line_id: number; reason: string }[] = [];
  const greedy: Placement[] = [];
  for (const line of input.lines) {
    const offers = input.sources.map((s) => ({ s, o: offerOf(input, s, line) })).filter((x) => x.o).sort((a, b) => a.o!.unit_cost_cents - b.o!.unit_cost_cents || a.s.key.localeCompare(b.s.key));
    let left = line.quantity;
    for (const { s, o } of offers) {
      if (left <= 0) break;
      const q = Math.min(left, o!.available);
      greedy.push({ line_id: line.line_id, variant_id: line.variant_id, source_key: s.key, quantity: q, unit_cost_cents: o!.unit_cost_cents, reason: `lowest unit cost ${money(o!.unit_cost_cents)}` });
      left -= q;
    }
    if (left > 0) unroutable.push({ line_id: line.line_id, reason: offers.length ? `only ${line.quantity - left} of ${line.quantity} ${line.sku} in stock at eligible sources` : `no eligible source stocks ${line.sku}` });
  }
  const options: RouteOption[] = [];
  const infeasible: Infeasible[] = [];
  if (!unroutable.length) options.push(optionOf(input, greedy));
  for (const s of input.sources) {
    const single = input.lines.map((l) => ({ l, o: offerOf(input, s, l) }));
    const short = single.find((x) => !x.o || x.o.available < x.l.quantity);
    if (short) {
      infeasible.push({ description: `Everything from ${s.name}`, source_keys: [s.key], reason: short.o ? `${s.name} has ${short.o.available} of ${short.l.quantity} ${short.l.sku}` : `${s.name} cannot ship ${short.l.sku}` });
      continue;
    }
    const opt = optionOf(input, single.map(({ l, o }) => ({ line_id: l.line_id, variant_id: l.variant_id, source_key: s.key, quantity: l.quantity, unit_cost_cents: o!.unit_cost_cents, reason: `everything from one source` })));
    if (!options.some((x) => x.vendor_totals.map((v) => v.source_key).join() === s.key && x.total_cents === opt.total_cents)) options.push(opt);
  }
  const ranked = options
    .filter((o) => input.strategy !== 'single_source' || o.shipments === 1)
    .sort((a, b) => (input.strategy === 'fewest_shipments' ? a.shipments - b.shipments : 0) || a.total_cents - b.total_cents || a.shipments - b.shipments)
    .slice(0, input.max_options ?? 5);
  ranked.forEach((o, i) => {
    o.rank = i + 1;
    o.delta_to_next_cents = ranked[i + 1] ? ranked[i + 1]!.total_cents - o.total_cents : null;
  });
  return { feasible: ranked.length > 0, options: ranked, infeasible, unroutable };
}

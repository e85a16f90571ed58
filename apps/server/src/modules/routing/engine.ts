/**
 * The order routing engine: where each line of an order is shipped from (our warehouses and drop-ship
 * vendors), at the lowest total that may ship. Pure: no database, no clock, no I/O; integer cents in
 * and out; the same input (in any order of lines and sources) always gives the same answer.
 *
 * ## The cost of a placement
 * A placement gives every line's quantity to one or more eligible sources (a source stocks the variant
 * with `available > 0`, is a warehouse or may drop-ship it, and is not forbidden for the line; a line's
 * quantity splits when one source lacks the stock, never above `available`). Per source used:
 * items = Σ quantity × unit cost; fees = `computeFees` of its basket with order amount = its items;
 * shipping = `shippingCost(terms, items, packages)`; total = items + fees + shipping. A vendor whose
 * items do not reach its `min_order_cents` cannot be used. Waivers, free-shipping thresholds, shipping
 * tiers and "once per order" fees make this non-linear and non-monotone: adding items to a source can
 * lower its total.
 *
 * ## Method: branch and bound, exact
 * Depth-first search over the lines (largest first), and for each line over its eligible sources,
 * choosing how many packages each takes (all of them first, down to none), so every placement that
 * respects the stock is reachable. A branch is cut only when a *lower bound* on every placement below
 * it is not better than the options already kept; at a leaf the cost is computed exactly. Since the
 * bound never exceeds the true cost of any completion, no cut removes a placement better than the
 * ones kept, so the best option is the true optimum (and, when the search completes, the others the
 * true best per set of sources).
 *
 * The bound (a Lagrangian relaxation of "each line's quantity is placed once"): give every line a
 * price p per package (the marginal unit cost of filling it from the cheapest eligible stock). For any
 * completion, total = Σ over the remaining packages of p + Σ over sources of [items already there +
 * Σ x·(unit cost − p) over what it still receives + its fees and shipping]. Each source's bracket is
 * bounded from below on its own, over every basket it could still receive (each remaining line up to
 * its stock and quantity), by splitting its possible items total into bands at every breakpoint of its
 * terms (minimum order, each fee's waiver, free shipping, shipping tiers): inside a band the shipping
 * and which fees are waived are fixed, per-unit fees and per-package shipping are linear, and the
 * cheapest way to land in the band is a fractional knapsack (an LP relaxation, solved greedily by
 * cost per cent of items). A source still empty may also stay empty (0). "Once per order" fees not yet
 * triggered count 0 (unless every line the source could ship is in their scope). Every relaxation
 * only lowers the value, so the bound is valid; the prices are improved by subgradient steps before
 * the search (any prices give a valid bound; better ones cut more).
 *
 * Strategies: `cheapest` minimises total, ties by fewer shipments (options: the best placement per
 * set of sources used, the `max_options` best sets); `fewest_shipments` minimises the number of
 * sources, ties by total: for k = 1, 2, … the sets of k sources whose stock can hold the order, the
 * least their items could cost first, are searched as above for their cheapest placement using all k
 * (a set whose items alone cost more than the `max_options` placements of size k already kept is not,
 * nor any after it), until some set of size k has one;
 * `single_source` tries each source alone. Ties left are broken by the order of the search,
 * which runs over lines sorted by id and sources sorted by key — deterministic.
 *
 * The search starts from good placements (`firstPlacements`: the greedy one and the rounded answer of
 * the relaxation above, each improved by a local search that moves packages between sources and
 * empties sources), so it prunes from its first node. A search that would visit more than
 * `node_limit` nodes stops and says so (`search.proven_optimal` false, and the best option's
 * explanation says so). Small orders are proven in a few nodes. On a 50-line order over 20 sources
 * the bound is within ~0.1 % of the optimum but the proof is not reached by this search: the
 * service calls `routeOrderExact` (milp.ts), which solves the same costs as a mixed-integer program
 * with HiGHS: on a large order its optimum with one of its sources left out in turn makes the other
 * options (`provenAnswer`, `alternativesTo`); on a small one that the search leaves unproven,
 * `withOptimum` puts the proven optimum first among the search's options.
 *
 * Fees: the search evaluates baskets with a compiled form of the fee schema built from fees.ts' own
 * rules (`inForce`, `inScope`, `unitsOf`, `shippingCost`); every figure shown (vendor totals, fee
 * lines) comes from `computeFees` and `shippingCost`, and the tests check both agree on random baskets.
 */
import { centsText, countText } from '@qm/contracts';
import { computeFees, inForce, inScope, shippingCost, unitsOf, type BasketLine, type FeeLine, type FeeRule, type ShippingTerms, type UnitKind } from '../vendors/fees.js';

export type RoutingStrategy = 'cheapest' | 'fewest_shipments' | 'single_source';
export interface EngineLine { line_id: number; variant_id: number; sku: string; quantity: number; brand_id: number | null; category_ids: readonly number[]; unit_kind: UnitKind; units_per_package: number }
export interface EngineOffer { variant_id: number; unit_cost_cents: number; available: number; can_drop_ship: boolean }
export interface EngineSource {
  /** 'vendor:12' | 'warehouse:1' — unique */
  key: string;
  kind: 'vendor' | 'warehouse';
  id: number;
  name: string;
  /** Vendors: the order's items must reach it, else that vendor order is not allowed. */
  min_order_cents: number | null;
  /** Warehouses: { shipping_model: 'flat', shipping_cents, free_shipping_above_cents: null, shipping_tiers: [] } */
  shipping: ShippingTerms;
  /** Warehouses: [] */
  fees: readonly FeeRule[];
  /** What it stocks; a vendor may ship a line only if can_drop_ship; warehouses ship what they hold. */
  offers: readonly EngineOffer[];
}
export interface RoutingInput {
  /** YYYY-MM-DD, for fee effective dates */
  date: string;
  strategy: RoutingStrategy;
  lines: readonly EngineLine[];
  sources: readonly EngineSource[];
  /** Placements refused by rules outside the engine (compliance, …): source_key absent = no source may ship the line. */
  forbidden?: readonly { line_id: number; source_key?: string; reason: string }[];
  /** default 5 */
  max_options?: number;
  /** Nodes the search may visit before it stops with the best found (default 50,000). */
  node_limit?: number;
}
export interface Placement { line_id: number; variant_id: number; source_key: string; quantity: number; unit_cost_cents: number; reason: string }
export interface VendorTotal {
  source_key: string; kind: 'vendor' | 'warehouse'; id: number; name: string;
  lines: { line_id: number; variant_id: number; quantity: number; unit_cost_cents: number }[];
  items_cents: number; fixed_fees_cents: number; per_unit_fees_cents: number; fee_lines: FeeLine[];
  shipping_cents: number; total_cents: number; min_order_cents: number | null; min_order_met: boolean;
}
export interface RouteOption {
  rank: number; total_cents: number; shipments: number; placements: Placement[]; vendor_totals: VendorTotal[];
  /** How much more the next option costs (null for the last). */
  delta_to_next_cents: number | null;
  /** Why each item went where, in words. */
  explanation: string[];
}
export interface Infeasible { description: string; source_keys: string[]; reason: string }
export interface SearchStats {
  /** `milp`: the branch and bound did not finish and the mixed-integer program (milp.ts) proved its best option. */
  method: 'branch_and_bound' | 'each_source_alone' | 'milp';
  /** Nodes visited. */
  nodes: number;
  /** False only when the node limit stopped the search: the options are then the best found. */
  proven_optimal: boolean;
  /** Milliseconds the mixed-integer program took (method `milp`). */
  proof_ms?: number;
}
export interface RoutingResult {
  feasible: boolean;
  options: RouteOption[];
  infeasible: Infeasible[];
  unroutable: { line_id: number; reason: string }[];
  search: SearchStats;
}

// ───────────────────────────── helpers ─────────────────────────────

const money = centsText;
const whole = (n: number) => (Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);
const cmpStr = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
/** Weight of one shipment in the fewest-shipments key: above any order total. */
const SHIPMENT_WEIGHT = 2 ** 36;
/** Nodes a search may visit by default (~0.5 s of CPU on a 50-line order over 20 sources). */
const DEFAULT_NODE_LIMIT = 50_000;
/** Subgradient steps on the line prices before the search. */
const PRICE_ITERATIONS = 40;

// ───────────────────────────── the compiled problem ─────────────────────────────

export interface Line { idx: number; src: EngineLine; q: number; basket: Omit<BasketLine, 'quantity' | 'unit_cost_cents'> }
export interface Offer { cost: number; avail: number }
export interface CFee { perUnit: boolean; /** every line the source may ship is in scope */ everyLine: boolean; amount: number; waiver: number | null; /** per line: in scope */ scope: boolean[]; /** per line: units of the fee's basis per package */ upp: number[] }
export interface Band {
  lo: number; hi: number; shipFlat: number; shipPerPkg: number; active: boolean[]; feasible: boolean;
  /** per line: what a package costs in this band besides its unit cost (per-package shipping, per-unit fees in force) */
  extra: Float64Array;
}
export interface Src {
  idx: number; src: EngineSource; vendor: boolean; min: number; fees: CFee[]; bands: Band[];
  /** per line: the offer it may ship, or null */
  offers: (Offer | null)[];
}

export interface Problem {
  input: RoutingInput;
  lines: Line[];
  sources: Src[];
  /** per line: why it cannot be routed (null: routable) */
  blocked: (string | null)[];
  /** per line, per source: the compliance (or other) reason it may not ship from there */
  forbiddenWhy: (string | null)[][];
}

function pickOffer(s: EngineSource, variant: number): Offer | null {
  let best: Offer | null = null;
  for (const o of s.offers) {
    if (o.variant_id !== variant || whole(o.available) <= 0) continue;
    if (s.kind === 'vendor' && !o.can_drop_ship) continue;
    const cand = { cost: whole(o.unit_cost_cents), avail: whole(o.available) };
    if (!best || cand.cost < best.cost || (cand.cost === best.cost && cand.avail > best.avail)) best = cand;
  }
  return best;
}

/** The input with its rules resolved: eligible offers, fees in force, the bands of each source's terms (also read by milp.ts). */
export function compile(input: RoutingInput): Problem {
  const lines: Line[] = [...input.lines]
    .sort((a, b) => a.line_id - b.line_id || a.variant_id - b.variant_id)
    .map((l, idx) => ({ idx, src: l, q: whole(l.quantity), basket: { variant_id: l.variant_id, brand_id: l.brand_id, category_ids: l.category_ids, unit_kind: l.unit_kind, units_per_package: l.units_per_package } }));
  const raw = [...input.sources].sort((a, b) => cmpStr(a.key, b.key));
  const forbidden = input.forbidden ?? [];
  const forbiddenWhy = lines.map((l) => raw.map((s) => forbidden.find((f) => f.line_id === l.src.line_id && (f.source_key === undefined || f.source_key === s.key))?.reason ?? null));
  const sources: Src[] = raw.map((s, si) => {
    const fees: CFee[] = s.fees
      .filter((f) => inForce(f, input.date))
      .map((f) => {
        const perUnit = f.application === 'per_unit';
        const basis = perUnit ? (f.unit_basis ?? 'item') : null;
        const scope = lines.map((l) => inScope(f, l.basket));
        return {
          perUnit,
          everyLine: false,
          amount: whole(f.amount_cents),
          waiver: f.waived_above_cents === null ? null : Math.max(0, Math.ceil(f.waived_above_cents)),
          scope,
          upp: lines.map((l) => (basis ? unitsOf(basis, { quantity: 1, unit_kind: l.basket.unit_kind, units_per_package: l.basket.units_per_package }) : 0)),
        };
      });
    const min = s.kind === 'vendor' && s.min_order_cents !== null ? Math.max(0, Math.ceil(s.min_order_cents)) : 0;
    const cuts = new Set<number>([0, min]);
    for (const f of fees) if (f.waiver !== null) cuts.add(f.waiver);
    if (s.shipping.free_shipping_above_cents !== null) cuts.add(Math.max(0, Math.ceil(s.shipping.free_shipping_above_cents)));
    if (s.shipping.shipping_model === 'tiers') for (const t of s.shipping.shipping_tiers) cuts.add(Math.max(0, Math.ceil(t.from_cents)));
    const points = [...cuts].sort((a, b) => a - b);
    const bands: Band[] = points.map((lo, i) => {
      const hi = i + 1 < points.length ? points[i + 1]! : Infinity;
      const perPkg = s.shipping.shipping_model === 'per_unit';
      return {
        lo, hi,
        shipFlat: perPkg ? 0 : shippingCost(s.shipping, lo, 0),
        shipPerPkg: perPkg ? shippingCost(s.shipping, lo, 1) : 0,
        active: fees.map((f) => f.waiver === null || lo < f.waiver),
        feasible: lo >= min || hi === 0,
        extra: new Float64Array(lines.length),
      };
    });
    for (const band of bands) {
      for (const l of lines) {
        let e = band.shipPerPkg;
        fees.forEach((f, fi) => {
          if (band.active[fi] && f.perUnit && f.scope[l.idx]) e += f.amount * f.upp[l.idx]!;
        });
        band.extra[l.idx] = e;
      }
    }
    const offers = lines.map((l, li) => (forbiddenWhy[li]![si] ? null : pickOffer(s, l.src.variant_id)));
    for (const f of fees) f.everyLine = lines.every((l) => !offers[l.idx] || f.scope[l.idx]);
    return { idx: si, src: s, vendor: s.kind === 'vendor', min, fees, bands, offers };
  });
  const blocked = lines.map((l, li) => {
    if (l.q === 0) return null;
    const all = forbidden.find((f) => f.line_id === l.src.line_id && f.source_key === undefined);
    if (all) return `no source may ship it: ${all.reason}`;
    const stock = sources.reduce((n, s) => n + (s.offers[li]?.avail ?? 0), 0);
    if (stock === 0) return 'no eligible source has it in stock (or may drop-ship it)';
    if (stock < l.q) return `only ${stock} of ${l.q} available at eligible sources`;
    return null;
  });
  return { input, lines, sources, blocked, forbiddenWhy };
}

// ───────────────────────────── a source's basket ─────────────────────────────

/** Running state of one source's basket during the search. */
interface Basket { items: number; pkgs: number; lines: number; matched: number[]; units: number[] }

const emptyBasket = (s: Src): Basket => ({ items: 0, pkgs: 0, lines: 0, matched: s.fees.map(() => 0), units: s.fees.map(() => 0) });

function bandOf(s: Src, items: number): Band {
  const b = s.bands;
  let i = b.length - 1;
  while (i > 0 && b[i]!.lo > items) i--;
  return b[i]!;
}

/** Fees and shipping of a basket (not the items), from the compiled schema. */
function overhead(s: Src, k: Basket): number {
  if (k.lines === 0) return 0;
  const band = bandOf(s, k.items);
  let c = band.shipFlat + band.shipPerPkg * k.pkgs;
  for (let f = 0; f < s.fees.length; f++) {
    if (!band.active[f]) continue;
    const fee = s.fees[f]!;
    c += fee.perUnit ? fee.amount * k.units[f]! : k.matched[f]! > 0 ? fee.amount : 0;
  }
  return c;
}

function add(s: Src, k: Basket, li: number, x: number, cost: number): void {
  if (x === 0) return;
  k.items += x * cost;
  k.pkgs += x;
  k.lines += 1;
  for (let f = 0; f < s.fees.length; f++) {
    const fee = s.fees[f]!;
    if (!fee.scope[li]) continue;
    k.matched[f]! += 1;
    k.units[f]! += x * fee.upp[li]!;
  }
}
function remove(s: Src, k: Basket, li: number, x: number, cost: number): void {
  if (x === 0) return;
  k.items -= x * cost;
  k.pkgs -= x;
  k.lines -= 1;
  for (let f = 0; f < s.fees.length; f++) {
    const fee = s.fees[f]!;
    if (!fee.scope[li]) continue;
    k.matched[f]! -= 1;
    k.units[f]! -= x * fee.upp[li]!;
  }
}

// ───────────────────────────── the bound ─────────────────────────────

/**
 * Per source and band: the lines' reduced cost per package ρ = unit cost − price + per-package
 * shipping + per-unit fees in force in that band (`Band.extra`), and the lines with ρ ≥ 0 and ρ < 0;
 * each side is sorted for the fractional knapsack the first time a bound needs it (`sortedLines`):
 * most bands' bounds never do, and the price steps build these forty times per source.
 */
interface BandLP { band: Band; rho: Float64Array; /** ρ ≥ 0, by line */ pos: Int32Array; /** ρ < 0, by line */ neg: Int32Array; posSorted?: Int32Array; negSorted?: Int32Array }

function bandLPs(p: Problem, s: Src, price: Float64Array): BandLP[] {
  const out: BandLP[] = [];
  const L = p.lines.length;
  for (const band of s.bands) {
    if (!band.feasible) continue;
    const rho = new Float64Array(L);
    const pos = new Int32Array(L);
    const neg = new Int32Array(L);
    let np = 0;
    let nn = 0;
    for (let li = 0; li < L; li++) {
      const o = s.offers[li];
      if (!o || p.blocked[li] || p.lines[li]!.q === 0) continue;
      const r = o.cost - price[li]! + band.extra[li]!;
      rho[li] = r;
      if (r >= 0) pos[np++] = li;
      else neg[nn++] = li;
    }
    out.push({ band, rho, pos: pos.subarray(0, np), neg: neg.subarray(0, nn) });
  }
  return out;
}

/** The band's lines with ρ ≥ 0 by ρ / cost ascending, or with ρ < 0 by |ρ| / cost ascending (ties by line). */
function sortedLines(s: Src, lp: BandLP, negative: boolean): Int32Array {
  const have = negative ? lp.negSorted : lp.posSorted;
  if (have) return have;
  const lines = Array.from(negative ? lp.neg : lp.pos);
  const ratio = new Float64Array(lp.rho.length);
  for (const li of lines) {
    const c = s.offers[li]!.cost;
    ratio[li] = c === 0 ? Infinity : (negative ? -lp.rho[li]! : lp.rho[li]!) / c;
  }
  lines.sort((a, b) => ratio[a]! - ratio[b]! || a - b);
  const sorted = Int32Array.from(lines);
  if (negative) lp.negSorted = sorted;
  else lp.posSorted = sorted;
  return sorted;
}

/**
 * Lower bound of items-so-far + Σ x·ρ over what the source may still receive + fees and shipping,
 * over every basket it may end with. `room[li]`: packages of line li it may still receive.
 */
function sourceBound(s: Src, k: Basket, lps: BandLP[], room: (li: number) => number, xOut?: Float64Array, tmp?: Float64Array): number {
  let best = k.lines === 0 ? 0 : Infinity;
  if (xOut) xOut.fill(0);
  for (const lp of lps) {
    if (tmp) tmp.fill(0);
    const band = lp.band;
    if (band.hi <= k.items) continue;
    let base = band.shipFlat + band.shipPerPkg * k.pkgs;
    for (let f = 0; f < s.fees.length; f++) {
      if (!band.active[f]) continue;
      const fee = s.fees[f]!;
      // a fee "once per order" that every line it could ship matches is charged on any basket in the band
      base += fee.perUnit ? fee.amount * k.units[f]! : k.matched[f]! > 0 || fee.everyLine ? fee.amount : 0;
    }
    // take every line that lowers the bracket
    let amount = k.items;
    let cost = 0;
    for (let i = 0; i < lp.neg.length; i++) {
      const li = lp.neg[i]!;
      const u = room(li);
      if (u === 0) continue;
      amount += u * s.offers[li]!.cost;
      cost += u * lp.rho[li]!;
      if (tmp) tmp[li] = u;
    }
    const lo = band.lo;
    const top = band.hi - 1;
    if (amount < lo) {
      let need = lo - amount;
      const pos = sortedLines(s, lp, false);
      for (let i = 0; i < pos.length && need > 0; i++) {
        const li = pos[i]!;
        const u = room(li);
        const c = s.offers[li]!.cost;
        if (u === 0 || c === 0) continue;
        const take = Math.min(u, need / c);
        cost += take * lp.rho[li]!;
        need -= take * c;
        if (tmp) tmp[li] = take;
      }
      if (need > 1e-9) continue; // the band cannot be reached
    } else if (amount > top) {
      let over = amount - top;
      const neg = sortedLines(s, lp, true);
      for (let i = 0; i < neg.length && over > 0; i++) {
        const li = neg[i]!;
        const u = room(li);
        const c = s.offers[li]!.cost;
        if (u === 0 || c === 0) continue;
        const drop = Math.min(u, over / c);
        cost -= drop * lp.rho[li]!;
        over -= drop * c;
        if (tmp) tmp[li]! -= drop;
      }
      if (over > 1e-9) continue;
    }
    const v = base + cost;
    if (v < best) {
      best = v;
      if (xOut && tmp) xOut.set(tmp);
    }
  }
  return k.items + best;
}

// ───────────────────────────── search ─────────────────────────────

interface Found { key: number; total: number; ships: number; set: string; x: Map<number, number>[] /* per line: source idx → qty */ }

interface SearchResult { found: Found[]; nodes: number; complete: boolean }

/** The lines the search places, largest amount at their marginal price first. */
function lineOrder(p: Problem, lines: number[], price: Float64Array): number[] {
  return [...lines].sort((a, b) => p.lines[b]!.q * price[b]! - p.lines[a]!.q * price[a]! || a - b);
}

/** Marginal unit cost of filling each line from the cheapest eligible stock. */
function marginalPrices(p: Problem): Float64Array {
  const price = new Float64Array(p.lines.length);
  for (const l of p.lines) {
    if (p.blocked[l.idx] || l.q === 0) continue;
    const offers = p.sources.map((s) => s.offers[l.idx]).filter((o): o is Offer => o !== null).sort((a, b) => a.cost - b.cost);
    let left = l.q;
    for (const o of offers) {
      price[l.idx] = o.cost;
      left -= o.avail;
      if (left <= 0) break;
    }
  }
  return price;
}

/**
 * The search (see the file's comment). `start`: placements to start from, the lines' order and their
 * prices already improved for this problem (`firstPlacements`); without it the prices are improved here.
 * `ceiling`: only placements whose key is below it are wanted (what the caller already has is better).
 */
function search(p: Problem, want: number, keyOf: (total: number, ships: number) => number, cap: number, nodeLimit: number, fewest = false, start?: FirstPlacements, ceiling = Infinity): SearchResult {
  /** fewest shipments: only placements that use exactly `cap` sources count */
  const exactly = fewest;
  const L = p.lines.length;
  const S = p.sources.length;
  const price = start?.price ?? marginalPrices(p);
  const order = start?.order ?? lineOrder(p, p.lines.filter((l) => !p.blocked[l.idx] && l.q > 0).map((l) => l.idx), price);
  if (!start) improvePrices(p, price, order, greedyTotal(p, order), PRICE_ITERATIONS);
  const lps = p.sources.map((s) => bandLPs(p, s, price));
  const baskets = p.sources.map(emptyBasket);
  const x: Map<number, number>[] = Array.from({ length: L }, () => new Map());
  const remaining = new Int32Array(L);
  for (const li of order) remaining[li] = p.lines[li]!.q;
  /** per line: sources it may still receive from (position in its current source order) */
  const srcOrder: number[][] = Array.from({ length: L }, () => []);
  const pos = new Int32Array(L); // sources of srcOrder[li] before pos[li] are decided
  const closed = new Uint8Array(L * S); // line × source: decided, may receive no more
  let restPrice = 0;
  for (const li of order) restPrice += remaining[li]! * price[li]!;
  let opened = 0;
  const found = new Map<string, Found>();
  let top: Found[] = [];
  let threshold = ceiling;
  let nodes = 0;
  let stopped = false;
  /** Keeps a complete placement when it is among the `want` best sets of sources so far. */
  const keep = (total: number, used: number[], placed: () => Map<number, number>[]) => {
    if (exactly && used.length !== cap) return;
    const key = keyOf(total, used.length);
    if (key >= threshold) return;
    const set = used.join(',');
    const had = found.get(set);
    if (had && had.key <= key) return;
    found.set(set, { key, total, ships: used.length, set, x: placed() });
    top = [...found.values()].sort((a, b) => a.key - b.key || cmpStr(a.set, b.set));
    if (top.length > want) {
      for (const gone of top.slice(want)) found.delete(gone.set);
      top = top.slice(0, want);
    }
    threshold = top.length >= want ? Math.min(ceiling, top[want - 1]!.key) : ceiling;
  };
  for (const seed of start?.seeds ?? []) {
    const t = fastTotal(p, seed);
    if (t !== null) keep(t, [...new Set(seed.flatMap((m) => [...m.keys()]))].sort((a, b) => a - b), () => seed.map((m) => new Map(m)));
  }

  const bound = (): number => {
    let lb = restPrice;
    for (let si = 0; si < S; si++) {
      const s = p.sources[si]!;
      const k = baskets[si]!;
      lb += sourceBound(s, k, lps[si]!, (li) => {
        const r = remaining[li]!;
        if (r === 0 || closed[li * S + si]) return 0;
        return Math.min(r, s.offers[li]!.avail);
      });
      if (lb === Infinity) return lb;
    }
    return lb;
  };
  /** With no source left to open: whether the sources in use can still take every remaining package. */
  const coveredByOpened = (): boolean => {
    for (const li of order) {
      const r = remaining[li]!;
      if (r === 0) continue;
      let room = 0;
      for (let si = 0; si < S; si++) if (baskets[si]!.lines > 0 && !closed[li * S + si] && p.sources[si]!.offers[li]) room += p.sources[si]!.offers[li]!.avail;
      if (room < r) return false;
    }
    return true;
  };
  const lbKey = (lb: number) => keyOf(Math.ceil(lb - 1e-7), opened);

  const record = () => {
    let total = 0;
    const used: number[] = [];
    for (let si = 0; si < S; si++) {
      const k = baskets[si]!;
      if (k.lines === 0) continue;
      const s = p.sources[si]!;
      if (s.vendor && k.items < s.min) return;
      total += k.items + overhead(s, k);
      used.push(si);
    }
    keep(total, used, () => x.map((m) => new Map(m)));
  };

  /** Order of the sources for a line: cheapest exact change of the total first. */
  const coverage = p.sources.map((s) => order.filter((li) => (s.offers[li]?.avail ?? 0) >= p.lines[li]!.q).length);
  const sourcesFor = (li: number): number[] => {
    const l = p.lines[li]!;
    const cands: { si: number; d: number }[] = [];
    for (let si = 0; si < S; si++) {
      const s = p.sources[si]!;
      const o = s.offers[li];
      if (!o) continue;
      const k = baskets[si]!;
      const qty = Math.min(o.avail, l.q);
      const before = k.items + overhead(s, k);
      add(s, k, li, qty, o.cost);
      const after = k.items + overhead(s, k);
      remove(s, k, li, qty, o.cost);
      cands.push({ si, d: (after - before) / qty });
    }
    if (fewest) {
      // fewest shipments: sources already used first, then those that can ship the most lines whole
      const rank = (si: number) => (baskets[si]!.lines > 0 ? -1e6 : -coverage[si]!);
      return cands.sort((a, b) => rank(a.si) - rank(b.si) || a.d - b.d || a.si - b.si).map((c) => c.si);
    }
    return cands.sort((a, b) => a.d - b.d || a.si - b.si).map((c) => c.si);
  };

  const dfsOrdered = (depth: number): void => {
    if (depth < order.length) {
      const li = order[depth]!;
      if (pos[li] === 0 && remaining[li] === p.lines[li]!.q) {
        const saved = srcOrder[li]!;
        srcOrder[li] = sourcesFor(li);
        step(depth);
        srcOrder[li] = saved;
        return;
      }
    }
    step(depth);
  };
  const step = (depth: number): void => {
    if (stopped) return;
    if (++nodes > nodeLimit) {
      stopped = true;
      return;
    }
    if (depth === order.length) {
      record();
      return;
    }
    const li = order[depth]!;
    const ord = srcOrder[li]!;
    const at = pos[li]!;
    if (at >= ord.length) return;
    const si = ord[at]!;
    const s = p.sources[si]!;
    const o = s.offers[li]!;
    const k = baskets[si]!;
    const r = remaining[li]!;
    const max = Math.min(o.avail, r);
    pos[li] = at + 1;
    closed[li * S + si] = 1;
    for (let q = max; q >= 0 && !stopped; q--) {
      const opens = q > 0 && k.lines === 0;
      if (opens && opened >= cap) continue;
      if (q > 0) {
        add(s, k, li, q, o.cost);
        x[li]!.set(si, q);
        if (opens) opened++;
      }
      remaining[li] = r - q;
      restPrice -= q * price[li]!;
      const done = remaining[li] === 0;
      if ((done || pos[li]! < ord.length) && (opened < cap || coveredByOpened())) {
        if (lbKey(bound()) < threshold) (done ? dfsOrdered(depth + 1) : step(depth));
      }
      restPrice += q * price[li]!;
      remaining[li] = r;
      if (q > 0) {
        remove(s, k, li, q, o.cost);
        x[li]!.delete(si);
        if (opens) opened--;
      }
    }
    pos[li] = at;
    closed[li * S + si] = 0;
  };
  if (lbKey(bound()) < threshold) dfsOrdered(0);
  return { found: top, nodes, complete: !stopped };
}

/**
 * Subgradient ascent on the line prices (the Lagrangian dual of "each line is placed once"): move
 * each price by how far the relaxed sources over- or under-take the line, with Polyak steps towards
 * `target`, keeping the prices of the best bound seen. Any prices give a valid bound; these cut more.
 */
function improvePrices(p: Problem, price: Float64Array, order: number[], target: number, iterations: number): number {
  const L = p.lines.length;
  const xs = new Float64Array(L);
  const tmp = new Float64Array(L);
  const g = new Float64Array(L);
  let bestLb = -Infinity;
  let bestPrice = price.slice();
  let theta = 1;
  let stale = 0;
  for (let it = 0; it < iterations; it++) {
    let lb = 0;
    g.fill(0);
    for (const li of order) {
      lb += p.lines[li]!.q * price[li]!;
      g[li] = p.lines[li]!.q;
    }
    for (const s of p.sources) {
      const lps = bandLPs(p, s, price);
      lb += sourceBound(s, emptyBasket(s), lps, (li) => (s.offers[li] && !p.blocked[li] ? Math.min(s.offers[li]!.avail, p.lines[li]!.q) : 0), xs, tmp);
      for (const li of order) g[li]! -= xs[li]!;
    }
    if (lb > bestLb + 1e-9) {
      bestLb = lb;
      bestPrice = price.slice();
      stale = 0;
    } else if (++stale >= 4) {
      theta /= 2;
      stale = 0;
      price.set(bestPrice);
    }
    if (target - bestLb < 0.5) break;
    let norm = 0;
    for (const li of order) norm += g[li]! * g[li]!;
    if (norm < 1e-12) break;
    const step = (theta * Math.max(target - lb, 1)) / norm;
    for (const li of order) price[li] = price[li]! + step * g[li]!;
  }
  price.set(bestPrice);
  return bestLb;
}

// ───────────────────────────── a good first placement ─────────────────────────────

/** The sources' baskets of a placement. */
function basketsOf(p: Problem, x: Map<number, number>[]): Basket[] {
  const baskets = p.sources.map(emptyBasket);
  x.forEach((m, li) => m.forEach((qty, si) => add(p.sources[si]!, baskets[si]!, li, qty, p.sources[si]!.offers[li]!.cost)));
  return baskets;
}

/** The greedy placement's total, minimums aside: the target of the price steps (any finite guess is valid). */
function greedyTotal(p: Problem, order: number[]): number {
  const x = greedyPlacement(p, order);
  if (!x) return Infinity;
  const baskets = basketsOf(p, x);
  return p.sources.reduce((n, s) => n + baskets[s.idx]!.items + overhead(s, baskets[s.idx]!), 0);
}

/** Cost of a source's basket, with a vendor's unmet minimum as a penalty (so the search leaves it). */
const UNMET_MINIMUM = 1e12;
function basketCost(s: Src, k: Basket): number {
  if (k.lines === 0) return 0;
  return k.items + overhead(s, k) + (s.vendor && k.items < s.min ? UNMET_MINIMUM : 0);
}

/** A first placement: each line (in order) where it adds least to the total, splitting by stock. */
function greedyPlacement(p: Problem, order: number[]): Map<number, number>[] | null {
  const baskets = p.sources.map(emptyBasket);
  const x: Map<number, number>[] = p.lines.map(() => new Map());
  for (const li of order) {
    let left = p.lines[li]!.q;
    while (left > 0) {
      let best = -1;
      let bestD = Infinity;
      for (const s of p.sources) {
        const o = s.offers[li];
        if (!o || x[li]!.has(s.idx)) continue;
        const k = baskets[s.idx]!;
        const qty = Math.min(o.avail, left);
        const before = k.items + overhead(s, k);
        add(s, k, li, qty, o.cost);
        const d = (k.items + overhead(s, k) - before) / qty;
        remove(s, k, li, qty, o.cost);
        if (d < bestD) {
          bestD = d;
          best = s.idx;
        }
      }
      if (best < 0) return null;
      const s = p.sources[best]!;
      const qty = Math.min(s.offers[li]!.avail, left);
      add(s, baskets[best]!, li, qty, s.offers[li]!.cost);
      x[li]!.set(best, qty);
      left -= qty;
    }
  }
  return x;
}

/** A line's packages at source `si` become `to` (the basket kept in step). */
function setQty(p: Problem, baskets: Basket[], si: number, li: number, from: number, to: number): void {
  const s = p.sources[si]!;
  const c = s.offers[li]!.cost;
  remove(s, baskets[si]!, li, from, c);
  add(s, baskets[si]!, li, to, c);
}

/**
 * Moves every package that source `a` holds of `lines` (in that order) to the other sources, as many at
 * a time as one has room for, each to the source where it adds least to the total (a vendor's unmet
 * minimum counts as a penalty), in place; false when a package finds no room (the placement is then
 * partial). `moving(li)` is told of each line before it moves.
 */
function emptySource(p: Problem, x: Map<number, number>[], baskets: Basket[], a: number, lines: readonly number[], moving?: (li: number) => void): boolean {
  for (const li of lines) {
    const qa = x[li]!.get(a);
    if (!qa) continue;
    moving?.(li);
    setQty(p, baskets, a, li, qa, 0);
    x[li]!.delete(a);
    let left = qa;
    while (left > 0) {
      let bestB = -1;
      let bestD = Infinity;
      for (const sb of p.sources) {
        const b = sb.idx;
        const o = sb.offers[li];
        if (b === a || !o) continue;
        const qb = x[li]!.get(b) ?? 0;
        const t = Math.min(left, o.avail - qb);
        if (t <= 0) continue;
        const before = basketCost(sb, baskets[b]!);
        setQty(p, baskets, b, li, qb, qb + t);
        const d = (basketCost(sb, baskets[b]!) - before) / t;
        setQty(p, baskets, b, li, qb + t, qb);
        if (d < bestD) {
          bestD = d;
          bestB = b;
        }
      }
      if (bestB < 0) return false;
      const qb = x[li]!.get(bestB) ?? 0;
      const t = Math.min(left, p.sources[bestB]!.offers[li]!.avail - qb);
      setQty(p, baskets, bestB, li, qb, qb + t);
      x[li]!.set(bestB, qb + t);
      left -= t;
    }
  }
  return true;
}

/**
 * Local search on a placement, in place: move a line's packages from one source to another (as many
 * as the other has room for), or empty a source by moving each of its lines where it adds least,
 * while the exact total goes down (a vendor's unmet minimum counts as a penalty).
 */
function localSearch(p: Problem, order: number[], x: Map<number, number>[]): void {
  const baskets = basketsOf(p, x);
  const cost = p.sources.map((s) => basketCost(s, baskets[s.idx]!));
  const set = (si: number, li: number, from: number, to: number) => setQty(p, baskets, si, li, from, to);
  for (let pass = 0; pass < 50; pass++) {
    let improved = false;
    // shift packages of a line between two sources
    for (const li of order) {
      for (const a of [...x[li]!.keys()]) {
        const qa = x[li]!.get(a) ?? 0;
        if (!qa) continue;
        let best = -1e-9;
        let bestB = -1;
        let bestT = 0;
        for (const sb of p.sources) {
          const b = sb.idx;
          const o = sb.offers[li];
          if (b === a || !o) continue;
          const qb = x[li]!.get(b) ?? 0;
          const t = Math.min(qa, o.avail - qb);
          if (t <= 0) continue;
          set(a, li, qa, qa - t);
          set(b, li, qb, qb + t);
          const d = basketCost(p.sources[a]!, baskets[a]!) + basketCost(sb, baskets[b]!) - cost[a]! - cost[b]!;
          set(b, li, qb + t, qb);
          set(a, li, qa - t, qa);
          if (d < best) {
            best = d;
            bestB = b;
            bestT = t;
          }
        }
        if (bestB < 0) continue;
        const qb = x[li]!.get(bestB) ?? 0;
        set(a, li, qa, qa - bestT);
        set(bestB, li, qb, qb + bestT);
        if (qa - bestT > 0) x[li]!.set(a, qa - bestT);
        else x[li]!.delete(a);
        x[li]!.set(bestB, qb + bestT);
        cost[a] = basketCost(p.sources[a]!, baskets[a]!);
        cost[bestB] = basketCost(p.sources[bestB]!, baskets[bestB]!);
        improved = true;
      }
    }
    // empty a source
    for (const sa of p.sources) {
      const a = sa.idx;
      if (baskets[a]!.lines === 0) continue;
      const moved: { li: number; from: Map<number, number> }[] = [];
      const ok = emptySource(p, x, baskets, a, order, (li) => moved.push({ li, from: new Map(x[li]!) }));
      const after = ok ? p.sources.reduce((n, s) => n + basketCost(s, baskets[s.idx]!), 0) : Infinity;
      const before = cost.reduce((n, c) => n + c, 0);
      if (after < before - 1e-9) {
        for (const s of p.sources) cost[s.idx] = basketCost(s, baskets[s.idx]!);
        improved = true;
      } else {
        // undo, newest first
        for (const { li, from } of moved.reverse()) {
          for (const [si, q] of x[li]!) set(si, li, q, 0);
          x[li] = from;
          for (const [si, q] of from) set(si, li, 0, q);
        }
      }
    }
    if (!improved) break;
  }
}

/**
 * Good placements to start the search from, so that it prunes from its first node: the greedy one,
 * and the Lagrangian relaxation's own answer (each source's basket at the best line prices, rounded
 * and completed from the cheapest stock), each improved by `localSearch`. On 50-line orders over 20
 * sources the second lands within 0–0.3 % of the optimum where the search alone stayed 0.3–1 % above.
 */
interface FirstPlacements { seeds: Map<number, number>[][]; order: number[]; price: Float64Array }

function firstPlacements(p: Problem, routable: number[], iterations: number): FirstPlacements {
  const price = marginalPrices(p);
  const order = lineOrder(p, routable, price);
  const out: Map<number, number>[][] = [];
  const greedy = greedyPlacement(p, order);
  const target = greedyTotal(p, order);
  if (greedy) {
    localSearch(p, order, greedy);
    out.push(greedy);
  }
  improvePrices(p, price, order, target, iterations);
  const L = p.lines.length;
  const tmp = new Float64Array(L);
  const share = p.sources.map((s) => {
    const xs = new Float64Array(L);
    sourceBound(s, emptyBasket(s), bandLPs(p, s, price), (li) => (s.offers[li] && !p.blocked[li] ? Math.min(s.offers[li]!.avail, p.lines[li]!.q) : 0), xs, tmp);
    return xs;
  });
  const x: Map<number, number>[] = p.lines.map(() => new Map());
  for (const li of order) {
    let left = p.lines[li]!.q;
    // the relaxation's largest shares first, rounded; then the cheapest stock for what is left
    const takers = p.sources.filter((s) => s.offers[li] && share[s.idx]![li]! > 1e-6).sort((a, b) => share[b.idx]![li]! - share[a.idx]![li]! || a.idx - b.idx);
    for (const s of takers) {
      if (left <= 0) break;
      const t = Math.min(left, s.offers[li]!.avail, Math.max(1, Math.round(share[s.idx]![li]!)));
      x[li]!.set(s.idx, t);
      left -= t;
    }
    const byCost = p.sources.filter((s) => s.offers[li]).sort((a, b) => a.offers[li]!.cost - b.offers[li]!.cost || a.idx - b.idx);
    for (const s of byCost) {
      if (left <= 0) break;
      const have = x[li]!.get(s.idx) ?? 0;
      const t = Math.min(left, s.offers[li]!.avail - have);
      if (t > 0) {
        x[li]!.set(s.idx, have + t);
        left -= t;
      }
    }
    if (left > 0) return { seeds: out, order, price };
  }
  localSearch(p, order, x);
  out.push(x);
  return { seeds: out, order, price };
}

// ───────────────────────────── options in words ─────────────────────────────

function vendorTotal(p: Problem, si: number, entries: { li: number; qty: number }[]): VendorTotal {
  const s = p.sources[si]!;
  const sorted = [...entries].sort((a, b) => a.li - b.li);
  const basket: BasketLine[] = sorted.map((e) => ({ ...p.lines[e.li]!.basket, quantity: e.qty, unit_cost_cents: s.offers[e.li]!.cost }));
  const items = basket.reduce((n, b) => n + b.quantity * b.unit_cost_cents, 0);
  const fees = computeFees({ fees: s.src.fees, lines: basket, date: p.input.date, order_amount_cents: items });
  const fixed = fees.fees.filter((f) => f.application === 'fixed').reduce((n, f) => n + f.total_cents, 0);
  const shipping = shippingCost(s.src.shipping, items, basket.reduce((n, b) => n + b.quantity, 0));
  return {
    source_key: s.src.key, kind: s.src.kind, id: s.src.id, name: s.src.name,
    lines: sorted.map((e) => ({ line_id: p.lines[e.li]!.src.line_id, variant_id: p.lines[e.li]!.src.variant_id, quantity: e.qty, unit_cost_cents: s.offers[e.li]!.cost })),
    items_cents: items, fixed_fees_cents: fixed, per_unit_fees_cents: fees.total_cents - fixed, fee_lines: fees.fees,
    shipping_cents: shipping, total_cents: items + fees.total_cents + shipping,
    min_order_cents: s.src.min_order_cents, min_order_met: !s.vendor || s.src.min_order_cents === null || items >= s.src.min_order_cents,
  };
}

/** Total of a placement from the compiled schema (fast), or null when a vendor's minimum is not met. */
export function fastTotal(p: Problem, x: Map<number, number>[]): number | null {
  const baskets = basketsOf(p, x);
  let total = 0;
  for (const s of p.sources) {
    const k = baskets[s.idx]!;
    if (k.lines === 0) continue;
    if (s.vendor && k.items < s.min) return null;
    total += k.items + overhead(s, k);
  }
  return total;
}

function describe(p: Problem, x: Map<number, number>[], rank: number): RouteOption {
  const per = new Map<number, { li: number; qty: number }[]>();
  x.forEach((m, li) => m.forEach((qty, si) => (per.get(si) ?? per.set(si, []).get(si)!).push({ li, qty })));
  const vendor_totals = [...per.keys()].sort((a, b) => a - b).map((si) => vendorTotal(p, si, per.get(si)!));
  const total = vendor_totals.reduce((n, v) => n + v.total_cents, 0);
  const placements: Placement[] = [];
  const explanation: string[] = [];
  const baskets = basketsOf(p, x);
  const costOf = (s: Src) => (baskets[s.idx]!.lines ? baskets[s.idx]!.items + overhead(s, baskets[s.idx]!) : 0);
  /** What moving `qty` packages of a line from one source to another does to the total (null: a minimum would be unmet). */
  const moveDelta = (li: number, from: Src, to: Src, qty: number): number | null => {
    const before = costOf(from) + costOf(to);
    remove(from, baskets[from.idx]!, li, qty, from.offers[li]!.cost);
    add(to, baskets[to.idx]!, li, qty, to.offers[li]!.cost);
    const after = costOf(from) + costOf(to);
    const unmet = [from, to].some((s) => s.vendor && baskets[s.idx]!.lines > 0 && baskets[s.idx]!.items < s.min);
    remove(to, baskets[to.idx]!, li, qty, to.offers[li]!.cost);
    add(from, baskets[from.idx]!, li, qty, from.offers[li]!.cost);
    return unmet ? null : after - before;
  };
  for (const l of p.lines) {
    const m = x[l.idx]!;
    if (!m.size) continue;
    const used = [...m.entries()].sort((a, b) => a[0] - b[0]);
    const eligible = p.sources.filter((s) => s.offers[l.idx]);
    const cheapest = [...eligible].sort((a, b) => a.offers[l.idx]!.cost - b.offers[l.idx]!.cost || a.idx - b.idx)[0]!;
    for (const [si, qty] of used) {
      const s = p.sources[si]!;
      const o = s.offers[l.idx]!;
      let reason: string;
      if (used.length > 1) {
        const other = used.filter(([sj]) => sj !== si).map(([sj, q]) => `${q} from ${p.sources[sj]!.src.name}`).join(', ');
        reason = o.avail === qty && qty < l.q ? `split: ${s.src.name} has only ${o.avail} available (${other})` : `split with ${other}: the whole order costs less this way`;
      } else if (cheapest.idx === si) {
        const next = eligible.filter((e) => e.idx !== si).sort((a, b) => a.offers[l.idx]!.cost - b.offers[l.idx]!.cost || a.idx - b.idx)[0];
        reason = `lowest cost, ${money(o.cost)} a package` + (next ? ` (next: ${next.src.name} at ${money(next.offers[l.idx]!.cost)})` : ' (the only eligible source)');
      } else {
        // what moving the line to its cheapest source would do to the whole order
        let why = '';
        if (cheapest.offers[l.idx]!.avail >= l.q) {
          const d = moveDelta(l.idx, s, cheapest, qty);
          why = d === null ? ` — there it would leave a minimum order unmet` : ` — moving it there would cost ${money(d)} more in total (fees, shipping or minimums)`;
        } else why = ` — it has only ${cheapest.offers[l.idx]!.avail} available`;
        reason = `${money(o.cost)} a package; ${cheapest.src.name} is cheaper at ${money(cheapest.offers[l.idx]!.cost)}${why}`;
      }
      placements.push({ line_id: l.src.line_id, variant_id: l.src.variant_id, source_key: s.src.key, quantity: qty, unit_cost_cents: o.cost, reason });
      explanation.push(`${l.src.sku} × ${qty} from ${s.src.name}: ${reason}`);
    }
  }
  for (const v of vendor_totals) {
    const parts = [`items ${money(v.items_cents)}`];
    if (v.fixed_fees_cents + v.per_unit_fees_cents) parts.push(`fees ${money(v.fixed_fees_cents + v.per_unit_fees_cents)}`);
    parts.push(v.shipping_cents ? `shipping ${money(v.shipping_cents)}` : 'free shipping');
    const waived = v.fee_lines.filter((f) => f.status === 'waived').map((f) => f.name);
    if (waived.length) parts.push(`waived: ${waived.join(', ')}`);
    explanation.push(`${v.name}: ${parts.join(', ')} = ${money(v.total_cents)}`);
  }
  return { rank, total_cents: total, shipments: vendor_totals.length, placements, vendor_totals, delta_to_next_cents: null, explanation };
}

// ───────────────────────────── the engine ─────────────────────────────

function infeasibleCandidates(p: Problem, routable: number[]): Infeasible[] {
  const out: Infeasible[] = [];
  for (const s of p.sources) {
    const missing = routable.filter((li) => !s.offers[li] || s.offers[li]!.avail < p.lines[li]!.q);
    if (missing.length) {
      const li = missing[0]!;
      const l = p.lines[li]!;
      const o = s.offers[li];
      const why = p.forbiddenWhy[li]![s.idx]
        ? `may not ship SKU ${l.src.sku}: ${p.forbiddenWhy[li]![s.idx]}`
        : !s.src.offers.some((of) => of.variant_id === l.src.variant_id && whole(of.available) > 0)
          ? `has no stock of SKU ${l.src.sku}`
          : !o
            ? `cannot drop-ship SKU ${l.src.sku}`
            : `has only ${o.avail} of ${l.q} of SKU ${l.src.sku}`;
      out.push({ description: `Single source: ${s.src.name}`, source_keys: [s.src.key], reason: why + (missing.length > 1 ? ` (and ${missing.length - 1} more line${missing.length > 2 ? 's' : ''})` : '') });
    } else if (s.vendor && s.min > 0) {
      const items = routable.reduce((n, li) => n + p.lines[li]!.q * s.offers[li]!.cost, 0);
      if (items < s.min) out.push({ description: `Single source: ${s.src.name}`, source_keys: [s.src.key], reason: `minimum order ${money(s.min)} not met (${money(items)} of items)` });
    }
    if (s.vendor && s.min > 0) {
      const reach = routable.reduce((n, li) => n + (s.offers[li] ? Math.min(s.offers[li]!.avail, p.lines[li]!.q) * s.offers[li]!.cost : 0), 0);
      if (reach < s.min && reach > 0) out.push({ description: `Any placement at ${s.src.name}`, source_keys: [s.src.key], reason: `minimum order ${money(s.min)} not met: at most ${money(reach)} of this order can go there` });
    }
  }
  for (const f of p.input.forbidden ?? []) {
    const l = p.lines.find((x) => x.src.line_id === f.line_id);
    if (!l) continue;
    out.push({ description: f.source_key ? `SKU ${l.src.sku} from ${p.sources.find((s) => s.src.key === f.source_key)?.src.name ?? f.source_key}` : `SKU ${l.src.sku} from any source`, source_keys: f.source_key ? [f.source_key] : [], reason: f.reason });
  }
  return out;
}

function keyFor(strategy: RoutingStrategy): (total: number, ships: number) => number {
  return strategy === 'fewest_shipments' ? (t, s) => s * SHIPMENT_WEIGHT + t : (t, s) => t * 64 + s;
}

/**
 * An order compiled once for several searches of it (milp.ts: a quick one, the solver's model, a
 * longer one): the problem, and the cheapest strategy's starting placements once a search made them.
 * Only `node_limit` may differ between the inputs that share it.
 */
export interface Compiled {
  p: Problem;
  first?: FirstPlacements;
}

/** Route an order (see the file's comment). `compiled`: the same order compiled by an earlier call. */
export function routeOrder(input: RoutingInput, compiled: Compiled = { p: compile(input) }): RoutingResult {
  const p = compiled.p;
  const want = Math.max(1, Math.floor(input.max_options ?? 5));
  const nodeLimit = input.node_limit ?? DEFAULT_NODE_LIMIT;
  const unroutable = p.lines.filter((l) => p.blocked[l.idx]).map((l) => ({ line_id: l.src.line_id, reason: p.blocked[l.idx]! }));
  const routable = p.lines.filter((l) => !p.blocked[l.idx] && l.q > 0).map((l) => l.idx);
  const infeasible = infeasibleCandidates(p, routable);
  let found: Found[] = [];
  let search: SearchStats;
  if (!routable.length) {
    search = { method: 'branch_and_bound', nodes: 0, proven_optimal: true };
  } else if (input.strategy === 'single_source') {
    const key = keyFor('cheapest');
    for (const s of p.sources) {
      if (!routable.every((li) => s.offers[li] && s.offers[li]!.avail >= p.lines[li]!.q)) continue;
      const x = p.lines.map((l) => (routable.includes(l.idx) ? new Map([[s.idx, l.q]]) : new Map<number, number>()));
      const t = fastTotal(p, x);
      if (t !== null) found.push({ key: key(t, 1), total: t, ships: 1, set: String(s.idx), x });
    }
    found.sort((a, b) => a.key - b.key || cmpStr(a.set, b.set));
    found = found.slice(0, want);
    search = { method: 'each_source_alone', nodes: p.sources.length, proven_optimal: true };
  } else if (input.strategy === 'fewest_shipments') {
    // k = 1, 2, …: every set of k sources that can hold every line, each searched for its cheapest placement
    const key = keyFor('fewest_shipments');
    let nodes = 0;
    let complete = true;
    let provenBest: boolean | null = null;
    const all: Found[] = [];
    for (let k = 1; k <= p.sources.length && all.length < want && complete; k++) {
      // once `want` placements of this size cost less than a set's items could, no later set can enter
      const level: Found[] = [];
      for (const { set, floor } of sourceSets(p, routable, k)) {
        const kth = level.length >= want ? level[want - 1]! : null;
        if (kth && key(floor, k) > kth.key) break;
        // a placement that ties the want-th still counts (ties go by the sets' order)
        const r = search_(restrictTo(p, set), 1, key, k, nodeLimit - nodes, true, undefined, kth ? kth.key + 1 : Infinity);
        nodes += r.nodes;
        if (!r.complete) complete = false;
        for (const f of r.found) if (f.ships === k) level.push(f);
        level.sort((a, b) => a.key - b.key || cmpStr(a.set, b.set));
        if (nodes >= nodeLimit) break;
      }
      all.push(...level);
      // the best option is proven once every set of the smallest feasible size was searched to the end
      if (all.length && provenBest === null) provenBest = complete;
    }
    found = all.sort((a, b) => a.key - b.key || cmpStr(a.set, b.set)).slice(0, want);
    search = { method: 'branch_and_bound', nodes, proven_optimal: provenBest ?? complete };
  } else {
    const first = (compiled.first ??= firstPlacements(p, routable, PRICE_ITERATIONS));
    const r = search_(p, want, keyFor('cheapest'), p.sources.length, nodeLimit, false, first);
    found = r.found;
    search = { method: 'branch_and_bound', nodes: r.nodes, proven_optimal: r.complete };
  }
  return present(p, found, search, infeasible, unroutable, routable.length);
}

/** The answer in words: the found placements as ranked options, each with how much more the next costs. */
function present(p: Problem, found: Found[], search: SearchStats, infeasible: Infeasible[], unroutable: RoutingResult['unroutable'], routable: number): RoutingResult {
  const options = found.map((f, i) => describe(p, f.x, i + 1));
  for (let i = 0; i < options.length; i++) {
    const next = options[i + 1];
    options[i]!.delta_to_next_cents = next ? next.total_cents - options[i]!.total_cents : null;
    if (next) options[i]!.explanation.push(`The next option (${next.shipments} shipment${next.shipments === 1 ? '' : 's'}) costs ${money(next.total_cents - options[i]!.total_cents)} more.`);
  }
  if (!search.proven_optimal && options[0]) options[0].explanation.push('The search stopped at its node limit: this is the best placement found, not proven optimal.');
  if (search.proven_optimal && options[0]) options[0].explanation.push(provenIn(p.input.strategy, search));
  const cannot = [...infeasible];
  if (!options.length && routable && !cannot.length) cannot.push({ description: 'Every placement', source_keys: [], reason: 'no placement meets the sources\u2019 minimum orders' });
  return { feasible: unroutable.length === 0 && options.length > 0, options, infeasible: cannot, unroutable, search };
}

/** The best option's last line: what it is proven to be, and how. */
function provenIn(strategy: RoutingStrategy, search: SearchStats): string {
  const how = search.method === 'milp' ? 'mixed-integer program' : search.method === 'each_source_alone' ? 'each source priced alone' : `branch and bound, ${countText(search.nodes)} node${search.nodes === 1 ? '' : 's'}`;
  const what =
    strategy === 'fewest_shipments' ? 'no placement ships in fewer shipments, and none in as few costs less' : strategy === 'single_source' ? 'no single source ships the order for less' : 'no placement that may ship costs less';
  return `Proven optimal: ${what} (${how}).`;
}

/**
 * `result` (the engine's answer for the order compiled as `p` with `strategy`) with a placement an exact
 * solver proved optimal (milp.ts) as its first option; the engine's options with other sets of sources
 * follow, ranked as the strategy ranks them (its option with the optimum's set of sources, not better,
 * is dropped). `optimum`: per line of the compiled problem, source index → packages.
 */
export function withOptimum(p: Problem, result: RoutingResult, optimum: Map<number, number>[], proof: { ms: number }, strategy: Exclude<RoutingStrategy, 'single_source'> = 'cheapest'): RoutingResult {
  const lineOf = new Map(p.lines.map((l) => [l.src.line_id, l.idx]));
  const sourceOf = new Map(p.sources.map((s) => [s.src.key, s.idx]));
  const others = result.options.flatMap((o) => {
    const x: Map<number, number>[] = p.lines.map(() => new Map());
    for (const pl of o.placements) x[lineOf.get(pl.line_id)!]!.set(sourceOf.get(pl.source_key)!, pl.quantity);
    const f = foundOf(p, x, keyFor(strategy));
    return f ? [f] : [];
  });
  return rankedWithOptimum(p, optimum, others, { ...proof, nodes: result.search.nodes }, result.infeasible, result.unroutable, strategy) ?? result;
}

/** A placement as the search keeps it (its key, total, sources), or null when a vendor's minimum is unmet. */
function foundOf(p: Problem, x: Map<number, number>[], key: (total: number, ships: number) => number): Found | null {
  const total = fastTotal(p, x);
  if (total === null) return null;
  const used = [...new Set(x.flatMap((m) => [...m.keys()]))].sort((a, b) => a - b);
  return { key: key(total, used.length), total, ships: used.length, set: used.join(','), x };
}

/** The proven optimum first, then the other placements on other sets of sources, ranked, as the answer (null: the optimum is not a placement). */
function rankedWithOptimum(p: Problem, optimum: Map<number, number>[], others: Found[], proof: { ms: number; nodes: number }, infeasible: Infeasible[], unroutable: RoutingResult['unroutable'], strategy: Exclude<RoutingStrategy, 'single_source'>): RoutingResult | null {
  const want = Math.max(1, Math.floor(p.input.max_options ?? 5));
  const best = foundOf(p, optimum, keyFor(strategy));
  if (!best) return null;
  const ranked = [best, ...others.filter((f) => f.set !== best.set)].sort((a, b) => a.key - b.key || cmpStr(a.set, b.set)).slice(0, want);
  const routable = p.lines.filter((l) => !p.blocked[l.idx] && l.q > 0).length;
  return present(p, ranked, { method: 'milp', nodes: proof.nodes, proven_optimal: true, proof_ms: proof.ms }, infeasible, unroutable, routable);
}

/**
 * Other options beside a proven optimum, without a search: for each source the optimum uses, the
 * optimum without it — each of its lines moved, as stock allows, to the source where it adds least to
 * the total (a vendor left under its minimum counts as a penalty) — kept when every minimum is met.
 * Each is a different set of sources, ranked by the strategy's key.
 */
export function alternativesTo(p: Problem, optimum: Map<number, number>[], strategy: Exclude<RoutingStrategy, 'single_source'>): Found[] {
  const key = keyFor(strategy);
  const used = [...new Set(optimum.flatMap((m) => [...m.keys()]))].sort((a, b) => a - b);
  const out = new Map<string, Found>();
  for (const gone of used) {
    const s0 = p.sources[gone]!;
    const x = optimum.map((m) => new Map(m));
    // the largest lines first: they decide which thresholds the others can still reach
    const amount = (li: number) => (optimum[li]!.get(gone) ?? 0) * (s0.offers[li]?.cost ?? 0);
    const lines = optimum.map((_, li) => li).filter((li) => optimum[li]!.has(gone)).sort((a, b) => amount(b) - amount(a) || a - b);
    const placed = emptySource(p, x, basketsOf(p, x), gone, lines);
    const f = placed ? foundOf(p, x, key) : null;
    if (!f) continue;
    const had = out.get(f.set);
    if (!had || f.key < had.key) out.set(f.set, f);
  }
  return [...out.values()].sort((a, b) => a.key - b.key || cmpStr(a.set, b.set));
}

/**
 * The answer for a placement an exact solver proved optimal (milp.ts), with `alternativesTo` it as the
 * other options — no search: what a large order's routing returns once its proof is in. Null when the
 * placement does not meet every minimum (never, for a proof of these costs).
 */
export function provenAnswer(p: Problem, optimum: Map<number, number>[], proof: { ms: number }, strategy: Exclude<RoutingStrategy, 'single_source'>): RoutingResult | null {
  const routable = p.lines.filter((l) => !p.blocked[l.idx] && l.q > 0).map((l) => l.idx);
  const unroutable = p.lines.filter((l) => p.blocked[l.idx]).map((l) => ({ line_id: l.src.line_id, reason: p.blocked[l.idx]! }));
  return rankedWithOptimum(p, optimum, alternativesTo(p, optimum, strategy), { ...proof, nodes: 0 }, infeasibleCandidates(p, routable), unroutable, strategy);
}

const search_ = search;

/**
 * The sets of k sources whose stock can hold every routable line, by the least their items could cost
 * there (`floor`: fees and shipping are never negative, so no placement on the set costs less), in
 * the sets' order for equal floors.
 */
export function sourceSets(p: Problem, routable: number[], k: number): { set: number[]; floor: number }[] {
  const sets: { set: number[]; floor: number }[] = [];
  for (const set of subsets(p.sources.length, k)) {
    if (routable.every((li) => set.reduce((n, si) => n + (p.sources[si]!.offers[li]?.avail ?? 0), 0) >= p.lines[li]!.q)) sets.push({ set, floor: itemsFloor(p, routable, set) });
  }
  return sets.sort((a, b) => a.floor - b.floor);
}

/** The problem with only these sources (by index) able to ship. */
export function restrictTo(p: Problem, set: readonly number[]): Problem {
  const inSet = new Set(set);
  return { ...p, sources: p.sources.map((src) => (inSet.has(src.idx) ? src : { ...src, offers: src.offers.map(() => null) })) };
}

/** The least the routable lines' items can cost at these sources: each line from their cheapest stock first. */
function itemsFloor(p: Problem, routable: number[], set: number[]): number {
  let total = 0;
  for (const li of routable) {
    const offers = set.map((si) => p.sources[si]!.offers[li]).filter((o): o is Offer => o !== null).sort((a, b) => a.cost - b.cost);
    let left = p.lines[li]!.q;
    for (const o of offers) {
      const take = Math.min(left, o.avail);
      total += take * o.cost;
      left -= take;
      if (left === 0) break;
    }
  }
  return total;
}

/** Every k-subset of 0..n-1, in lexicographic order. */
function* subsets(n: number, k: number): Generator<number[]> {
  const idx = Array.from({ length: k }, (_, i) => i);
  if (k > n) return;
  for (;;) {
    yield [...idx];
    let i = k - 1;
    while (i >= 0 && idx[i] === n - k + i) i--;
    if (i < 0) return;
    idx[i]!++;
    for (let j = i + 1; j < k; j++) idx[j] = idx[j - 1]! + 1;
  }
}

// ───────────────────────────── brute force (tests) ─────────────────────────────

/** Brute force over every placement (for tests on small instances). */
export function exhaustiveOptimum(input: RoutingInput): RouteOption | null {
  const p = compile(input);
  const routable = p.lines.filter((l) => !p.blocked[l.idx] && l.q > 0).map((l) => l.idx);
  const key = keyFor(input.strategy === 'fewest_shipments' ? 'fewest_shipments' : 'cheapest');
  // every way to split each line over its eligible sources
  const ways = routable.map((li) => {
    const l = p.lines[li]!;
    const srcs = p.sources.filter((s) => s.offers[li]);
    const out: Map<number, number>[] = [];
    const rec = (i: number, left: number, acc: Map<number, number>) => {
      if (i === srcs.length) {
        if (left === 0) out.push(new Map(acc));
        return;
      }
      const s = srcs[i]!;
      for (let q = 0; q <= Math.min(left, s.offers[li]!.avail); q++) {
        if (q) acc.set(s.idx, q);
        rec(i + 1, left - q, acc);
        acc.delete(s.idx);
      }
    };
    rec(0, l.q, new Map());
    return out;
  });
  let best: { k: number; x: Map<number, number>[] } | null = null;
  const x: Map<number, number>[] = p.lines.map(() => new Map());
  const rec = (i: number) => {
    if (i === routable.length) {
      const per = new Map<number, { li: number; qty: number }[]>();
      x.forEach((m, li) => m.forEach((qty, si) => (per.get(si) ?? per.set(si, []).get(si)!).push({ li, qty })));
      if (input.strategy === 'single_source' && per.size !== 1) return;
      let total = 0;
      for (const [si, entries] of per) {
        const v = vendorTotal(p, si, entries);
        if (!v.min_order_met) return;
        total += v.total_cents;
      }
      const k = key(total, per.size);
      if (!best || k < best.k) best = { k, x: x.map((m) => new Map(m)) };
      return;
    }
    for (const w of ways[i]!) {
      x[routable[i]!] = w;
      rec(i + 1);
    }
    x[routable[i]!] = new Map();
  };
  if (!routable.length) return null;
  rec(0);
  const b = best as { k: number; x: Map<number, number>[] } | null;
  return b ? describe(p, b.x, 1) : null;
}

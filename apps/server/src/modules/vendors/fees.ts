/**
 * The fees a vendor charges on one vendor order, worked out from its fee schema (SPEC §3 fee
 * applications). One pure function, `computeFees`, used by the fee-schema preview and by order
 * routing: no database, no clock, no floating point — integer cents in, integer cents out, and the
 * same input always gives the same answer (fees and lines keep the order they were given in).
 *
 * Rules, fee by fee:
 * - **In force**: `effective_from` ≤ `date` ≤ `effective_to` (days, inclusive; either may be open).
 *   A fee not in force is listed with status `not_effective` and charges nothing.
 * - **Scope**: a fee with a `brand_id` counts only lines of that brand; with a `category_id` only lines
 *   whose product is in that category or any of its subcategories (`category_ids` of a line carry the
 *   ancestry). Both given: both must match. No line matches → `no_matching_lines`, nothing charged.
 * - **Waived**: when the order's items reach `waived_above_cents` (order amount ≥ threshold) the fee is
 *   listed as `waived` and charges nothing.
 * - `fixed`: `amount_cents` once per order (however many lines match).
 * - `per_unit`: `amount_cents` × the matching lines' units in the fee's basis: `rounds`, `pieces` or
 *   `shells` count `quantity × units_per_package` of lines whose product is sold in that unit (other
 *   lines count 0); `item` counts packages (`quantity`).
 *
 * The total is the sum of the fee lines' `total_cents`; nothing is ever negative.
 */
import { centsText, countText } from '@qm/contracts';

export type FeeApplication = 'fixed' | 'per_unit';
export type FeeUnitBasis = 'rounds' | 'pieces' | 'shells' | 'item';
/** How a product is counted (products.variation_type). */
export type UnitKind = 'rounds' | 'pieces' | 'shells';

/** One fee of a schema (a `vendor_fees` row). */
export interface FeeRule {
  id: number;
  name: string;
  application: FeeApplication;
  /** Per order (`fixed`) or per unit of `unit_basis` (`per_unit`); whole cents, ≥ 0. */
  amount_cents: number;
  /** Only for `per_unit`. */
  unit_basis: FeeUnitBasis | null;
  brand_id: number | null;
  /** The category; its subcategories are matched through the lines' `category_ids`. */
  category_id: number | null;
  /** Waived when the order amount reaches this (≥); null: never waived. */
  waived_above_cents: number | null;
  /** `YYYY-MM-DD`, inclusive; null: open. */
  effective_from: string | null;
  effective_to: string | null;
}

/** One line of the basket: a variant and the facts of its product the fees look at. */
export interface BasketLine {
  variant_id: number;
  brand_id: number | null;
  /** Every category the product is in, and all their ancestors. */
  category_ids: readonly number[];
  /** Packages ordered (whole, ≥ 0). */
  quantity: number;
  /** What the product is counted in, and how many of those one package holds. */
  unit_kind: UnitKind;
  units_per_package: number;
  /** Cost of one package, whole cents (feeds the order amount when none is given). */
  unit_cost_cents: number;
}

export interface FeeInput {
  fees: readonly FeeRule[];
  lines: readonly BasketLine[];
  /** The order's day, `YYYY-MM-DD`. */
  date: string;
  /** The vendor order's items total; default Σ quantity × unit_cost_cents. */
  order_amount_cents?: number;
}

export type FeeStatus = 'charged' | 'waived' | 'not_effective' | 'no_matching_lines';

/** What one fee charges on one basket line (per-unit fees; a fixed fee lists the lines that matched with 0). */
export interface FeeLineShare {
  variant_id: number;
  units: number;
  cents: number;
}

export interface FeeLine {
  fee_id: number;
  name: string;
  application: FeeApplication;
  unit_basis: FeeUnitBasis | null;
  amount_cents: number;
  status: FeeStatus;
  /** Why, in words: "in force, scope matched 2 lines, 1,500 rounds × $0.01". */
  reason: string;
  /** Units counted (per_unit) or 1 (a fixed fee that applies), else 0. */
  units: number;
  total_cents: number;
  /** The basket lines the fee's scope matched, with their share. */
  lines: FeeLineShare[];
}

export interface FeeResult {
  order_amount_cents: number;
  fees: FeeLine[];
  total_cents: number;
}

const money = centsText;
const count = countText;
const whole = (n: number) => (Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);

/** Whether the fee is in force on `date` (inclusive bounds, `YYYY-MM-DD` compare as text). */
export function inForce(fee: Pick<FeeRule, 'effective_from' | 'effective_to'>, date: string): boolean {
  return (fee.effective_from === null || fee.effective_from <= date) && (fee.effective_to === null || date <= fee.effective_to);
}

/** Whether a basket line falls under the fee's brand and category scope. */
export function inScope(fee: Pick<FeeRule, 'brand_id' | 'category_id'>, line: Pick<BasketLine, 'brand_id' | 'category_ids'>): boolean {
  if (fee.brand_id !== null && line.brand_id !== fee.brand_id) return false;
  if (fee.category_id !== null && !line.category_ids.includes(fee.category_id)) return false;
  return true;
}

/** Units of `basis` in one line: packages for `item`, else quantity × units per package when the product is sold in that unit. */
export function unitsOf(basis: FeeUnitBasis, line: Pick<BasketLine, 'quantity' | 'unit_kind' | 'units_per_package'>): number {
  const quantity = whole(line.quantity);
  if (basis === 'item') return quantity;
  return line.unit_kind === basis ? quantity * whole(line.units_per_package) : 0;
}

/** The order amount when none is given: Σ quantity × unit cost. */
export function orderAmountOf(lines: readonly BasketLine[]): number {
  return lines.reduce((sum, l) => sum + whole(l.quantity) * whole(l.unit_cost_cents), 0);
}

/** The fees of one vendor order (see the file's comment for the rules). */
export function computeFees(input: FeeInput): FeeResult {
  const order = input.order_amount_cents === undefined ? orderAmountOf(input.lines) : whole(input.order_amount_cents);
  const fees = input.fees.map((fee) => feeLine(fee, input.lines, input.date, order));
  return { order_amount_cents: order, fees, total_cents: fees.reduce((s, f) => s + f.total_cents, 0) };
}

function feeLine(fee: FeeRule, lines: readonly BasketLine[], date: string, order: number): FeeLine {
  const amount = whole(fee.amount_cents);
  const base = { fee_id: fee.id, name: fee.name, application: fee.application, unit_basis: fee.application === 'per_unit' ? (fee.unit_basis ?? 'item') : null, amount_cents: amount };
  const basis = base.unit_basis;
  const matched = lines.filter((l) => whole(l.quantity) > 0 && inScope(fee, l));
  const shares = (charge: boolean): FeeLineShare[] =>
    matched.map((l) => {
      const units = basis ? unitsOf(basis, l) : 0;
      return { variant_id: l.variant_id, units, cents: charge && basis ? units * amount : 0 };
    });
  const none = (status: FeeStatus, reason: string): FeeLine => ({ ...base, status, reason, units: 0, total_cents: 0, lines: shares(false) });

  if (!inForce(fee, date)) {
    const when = fee.effective_from && date < fee.effective_from ? `not yet in force (from ${fee.effective_from})` : `no longer in force (ended ${fee.effective_to})`;
    return none('not_effective', when);
  }
  const scoped = fee.brand_id !== null || fee.category_id !== null;
  if (!matched.length) return none('no_matching_lines', scoped ? 'no line of the basket is in its scope' : 'the basket is empty');
  const scope = scoped ? `scope matched ${count(matched.length)} of ${count(lines.length)} lines` : 'applies to every line';
  const units = basis ? matched.reduce((s, l) => s + unitsOf(basis, l), 0) : 1;
  if (basis && units === 0) return none('no_matching_lines', `${scope}, but none is counted in ${basis}`);
  if (fee.waived_above_cents !== null && order >= fee.waived_above_cents)
    return none('waived', `waived: the order's ${money(order)} reaches ${money(fee.waived_above_cents)}`);
  const total = basis ? units * amount : amount;
  const how = basis ? `${count(units)} ${basis === 'item' ? 'items' : basis} × ${money(amount)}` : `${money(amount)} once per order`;
  return { ...base, status: 'charged', reason: `${scope}; ${how}`, units, total_cents: total, lines: shares(true) };
}

/** A vendor's shipping terms (the `vendors` row): see db/schema/purchasing.ts. */
export interface ShippingTerms {
  shipping_model: 'flat' | 'per_unit' | 'tiers';
  shipping_cents: number;
  free_shipping_above_cents: number | null;
  shipping_tiers: readonly { from_cents: number; cost_cents: number }[];
}

/**
 * What the vendor charges to ship one order of `packages` packages worth `order_amount_cents`: free
 * once the amount reaches `free_shipping_above_cents`; else `flat` per order, `per_unit` per package,
 * or the last tier (by `from_cents`) the amount reaches.
 */
export function shippingCost(terms: ShippingTerms, order_amount_cents: number, packages: number): number {
  const order = whole(order_amount_cents);
  if (terms.free_shipping_above_cents !== null && order >= terms.free_shipping_above_cents) return 0;
  if (terms.shipping_model === 'flat') return whole(terms.shipping_cents);
  if (terms.shipping_model === 'per_unit') return whole(terms.shipping_cents) * whole(packages);
  const tier = [...terms.shipping_tiers].sort((a, b) => a.from_cents - b.from_cents).filter((t) => order >= t.from_cents).pop();
  return tier ? whole(tier.cost_cents) : 0;
}

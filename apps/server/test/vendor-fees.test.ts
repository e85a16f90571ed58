import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeFees, inForce, shippingCost, unitsOf, type BasketLine, type FeeRule } from '../src/modules/vendors/fees.js';

/** The fee computation (modules/vendors/fees.ts): examples, then properties over generated schemas and baskets. */

const AMMO = 1;
const HANDGUN = 2;
const ACCESSORIES = 3;

const fee = (f: Partial<FeeRule> & Pick<FeeRule, 'application' | 'amount_cents'>): FeeRule => ({
  id: 1,
  name: 'Fee',
  unit_basis: f.application === 'per_unit' ? 'item' : null,
  brand_id: null,
  category_id: null,
  waived_above_cents: null,
  effective_from: null,
  effective_to: null,
  ...f,
});
const ammo = (quantity: number, units = 50, cost = 1_500, extra: Partial<BasketLine> = {}): BasketLine => ({
  variant_id: 10,
  brand_id: 7,
  category_ids: [HANDGUN, AMMO],
  quantity,
  unit_kind: 'rounds',
  units_per_package: units,
  unit_cost_cents: cost,
  ...extra,
});
const target = (quantity: number, cost = 800): BasketLine => ({ variant_id: 20, brand_id: 9, category_ids: [ACCESSORIES], quantity, unit_kind: 'pieces', units_per_package: 10, unit_cost_cents: cost });

describe('fees by example', () => {
  it('a drop-ship fee once per order and a cent per round of ammunition', () => {
    const r = computeFees({
      fees: [fee({ id: 1, name: 'Drop-ship', application: 'fixed', amount_cents: 250 }), fee({ id: 2, name: 'Per round', application: 'per_unit', amount_cents: 1, unit_basis: 'rounds', category_id: AMMO })],
      lines: [ammo(4), target(2)],
      date: '2026-11-23',
    });
    expect(r.order_amount_cents).toBe(4 * 1_500 + 2 * 800);
    expect(r.fees.map((f) => [f.status, f.total_cents])).toEqual([
      ['charged', 250],
      ['charged', 200],
    ]);
    expect(r.fees[1]!.reason).toBe('scope matched 1 of 2 lines; 200 rounds × $0.01');
    expect(r.fees[1]!.lines).toEqual([{ variant_id: 10, units: 200, cents: 200 }]);
    expect(r.total_cents).toBe(450);
  });

  it('says why a fee charges nothing: not yet in force, ended, waived, out of scope', () => {
    const lines = [target(20, 1_000)];
    const r = computeFees({
      fees: [
        fee({ id: 1, application: 'fixed', amount_cents: 100, effective_from: '2026-12-01' }),
        fee({ id: 2, application: 'fixed', amount_cents: 100, effective_to: '2026-11-22' }),
        fee({ id: 3, application: 'fixed', amount_cents: 500, waived_above_cents: 10_000 }),
        fee({ id: 4, application: 'fixed', amount_cents: 3_500, category_id: AMMO }),
        fee({ id: 5, application: 'per_unit', amount_cents: 2, unit_basis: 'shells' }),
      ],
      lines,
      date: '2026-11-23',
    });
    expect(r.fees.map((f) => f.status)).toEqual(['not_effective', 'not_effective', 'waived', 'no_matching_lines', 'no_matching_lines']);
    expect(r.fees[0]!.reason).toMatch(/not yet in force \(from 2026-12-01\)/);
    expect(r.fees[1]!.reason).toMatch(/no longer in force \(ended 2026-11-22\)/);
    expect(r.fees[2]!.reason).toBe("waived: the order's $200.00 reaches $100.00");
    expect(r.fees[4]!.reason).toMatch(/none is counted in shells/);
    expect(r.total_cents).toBe(0);
  });

  it('brand and category scope together; an empty basket has no fees', () => {
    const f = fee({ application: 'fixed', amount_cents: 100, brand_id: 7, category_id: AMMO });
    expect(computeFees({ fees: [f], lines: [ammo(1, 50, 1_000, { brand_id: 8 })], date: '2026-01-01' }).total_cents).toBe(0);
    expect(computeFees({ fees: [f], lines: [ammo(1)], date: '2026-01-01' }).total_cents).toBe(100);
    expect(computeFees({ fees: [fee({ application: 'fixed', amount_cents: 100 })], lines: [], date: '2026-01-01' }).fees[0]!.status).toBe('no_matching_lines');
  });

  it('units: item counts packages, a unit basis counts that unit only', () => {
    expect(unitsOf('item', ammo(3))).toBe(3);
    expect(unitsOf('rounds', ammo(3, 20))).toBe(60);
    expect(unitsOf('pieces', ammo(3, 20))).toBe(0);
  });

  it('an order amount given wins over the basket cost; the waiver threshold is reached at equality', () => {
    const f = fee({ application: 'fixed', amount_cents: 500, waived_above_cents: 10_000 });
    expect(computeFees({ fees: [f], lines: [target(1)], date: '2026-01-01', order_amount_cents: 10_000 }).fees[0]!.status).toBe('waived');
    expect(computeFees({ fees: [f], lines: [target(1)], date: '2026-01-01', order_amount_cents: 9_999 }).fees[0]!.status).toBe('charged');
  });

  it('shipping: free above the threshold, flat, per package, tiers', () => {
    const base = { shipping_cents: 995, free_shipping_above_cents: 100_000, shipping_tiers: [] };
    expect(shippingCost({ ...base, shipping_model: 'flat' }, 50_000, 3)).toBe(995);
    expect(shippingCost({ ...base, shipping_model: 'flat' }, 100_000, 3)).toBe(0);
    expect(shippingCost({ ...base, shipping_model: 'per_unit', shipping_cents: 95 }, 50_000, 3)).toBe(285);
    const tiers = { shipping_model: 'tiers' as const, shipping_cents: 0, free_shipping_above_cents: null, shipping_tiers: [{ from_cents: 50_000, cost_cents: 995 }, { from_cents: 0, cost_cents: 1_495 }] };
    expect(shippingCost(tiers, 10_000, 1)).toBe(1_495);
    expect(shippingCost(tiers, 50_000, 1)).toBe(995);
  });
});

// ───────────────────────────── properties ─────────────────────────────

const day = fc.integer({ min: 0, max: 730 }).map((n) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 10));
const cents = fc.integer({ min: 0, max: 100_000 });
const feeArb: fc.Arbitrary<FeeRule> = fc
  .record({
    id: fc.integer({ min: 1, max: 1_000 }),
    application: fc.constantFrom('fixed' as const, 'per_unit' as const),
    amount_cents: fc.integer({ min: 0, max: 5_000 }),
    basis: fc.constantFrom('rounds' as const, 'pieces' as const, 'shells' as const, 'item' as const),
    brand_id: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
    category_id: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
    waived_above_cents: fc.option(cents, { nil: null }),
    from: fc.option(day, { nil: null }),
    to: fc.option(day, { nil: null }),
  })
  .map((r) => ({
    id: r.id,
    name: `Fee ${r.id}`,
    application: r.application,
    amount_cents: r.amount_cents,
    unit_basis: r.application === 'per_unit' ? r.basis : null,
    brand_id: r.brand_id,
    category_id: r.category_id,
    waived_above_cents: r.waived_above_cents,
    effective_from: r.from && r.to && r.from > r.to ? r.to : r.from,
    effective_to: r.from && r.to && r.from > r.to ? r.from : r.to,
  }));
const lineArb: fc.Arbitrary<BasketLine> = fc.record({
  variant_id: fc.integer({ min: 1, max: 50 }),
  brand_id: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
  category_ids: fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { maxLength: 3 }),
  quantity: fc.integer({ min: 0, max: 500 }),
  unit_kind: fc.constantFrom('rounds' as const, 'pieces' as const, 'shells' as const),
  units_per_package: fc.integer({ min: 1, max: 1_000 }),
  unit_cost_cents: fc.integer({ min: 0, max: 50_000 }),
});
const basket = fc.array(lineArb, { maxLength: 8 });
const always = (f: FeeRule): FeeRule => ({ ...f, waived_above_cents: null, effective_from: null, effective_to: null });

describe('fee properties', () => {
  it('the total is the sum of the fee lines, whole cents, never negative; the same input gives the same answer', () => {
    fc.assert(
      fc.property(fc.array(feeArb, { maxLength: 6 }), basket, day, (fees, lines, date) => {
        const r = computeFees({ fees, lines, date });
        expect(r.total_cents).toBe(r.fees.reduce((s, f) => s + f.total_cents, 0));
        for (const f of r.fees) {
          expect(Number.isSafeInteger(f.total_cents) && f.total_cents >= 0).toBe(true);
          expect(f.total_cents === 0).toBe(f.status !== 'charged' || f.amount_cents === 0 || f.units === 0);
        }
        expect(computeFees({ fees, lines, date })).toEqual(r);
      }),
    );
  });

  it('a fixed fee is counted once per order, however many lines match', () => {
    fc.assert(
      fc.property(feeArb, basket, fc.integer({ min: 1, max: 5 }), day, (f0, lines, copies, date) => {
        const f = { ...f0, application: 'fixed' as const, unit_basis: null };
        const once = computeFees({ fees: [f], lines, date, order_amount_cents: 0 }).total_cents;
        const many = computeFees({ fees: [f], lines: Array.from({ length: copies }, () => lines).flat(), date, order_amount_cents: 0 }).total_cents;
        expect(once === 0 || once === f.amount_cents).toBe(true);
        expect(many).toBe(once);
      }),
    );
  });

  it('a per-unit fee scales linearly with the quantity in its basis', () => {
    fc.assert(
      fc.property(feeArb, basket, fc.integer({ min: 0, max: 20 }), day, (f0, lines, k, date) => {
        const f = always({ ...f0, application: 'per_unit', unit_basis: f0.unit_basis ?? 'item' });
        const one = computeFees({ fees: [f], lines, date }).total_cents;
        const scaled = computeFees({ fees: [f], lines: lines.map((l) => ({ ...l, quantity: l.quantity * k })), date }).total_cents;
        expect(scaled).toBe(one * k);
        const units = lines.filter((l) => l.quantity > 0 && (f.brand_id === null || l.brand_id === f.brand_id) && (f.category_id === null || l.category_ids.includes(f.category_id))).reduce((s, l) => s + unitsOf(f.unit_basis!, l), 0);
        expect(one).toBe(units * f.amount_cents);
      }),
    );
  });

  it('a scoped fee charges only matching lines: adding lines outside its scope changes nothing', () => {
    fc.assert(
      fc.property(feeArb, basket, basket, day, (f0, lines, others, date) => {
        const f = always({ ...f0, category_id: 1 });
        const outside = others.map((l) => ({ ...l, category_ids: l.category_ids.filter((c) => c !== 1) }));
        expect(computeFees({ fees: [f], lines: [...lines, ...outside], date }).total_cents).toBe(computeFees({ fees: [f], lines, date }).total_cents);
      }),
    );
  });

  it('a fee is waived when the order amount reaches its threshold, charged below it', () => {
    fc.assert(
      fc.property(feeArb, basket, cents, cents, day, (f0, lines, threshold, order, date) => {
        const f = { ...f0, waived_above_cents: threshold, effective_from: null, effective_to: null };
        const r = computeFees({ fees: [f], lines, date, order_amount_cents: order }).fees[0]!;
        if (order >= threshold) expect(['waived', 'no_matching_lines']).toContain(r.status);
        else expect(r.status).not.toBe('waived');
        if (r.status === 'waived') expect(r.total_cents).toBe(0);
      }),
    );
  });

  it('effective dates are inclusive: charged on the first and the last day, not the day before or after', () => {
    fc.assert(
      fc.property(day, day, (a, b) => {
        const [from, to] = a <= b ? [a, b] : [b, a];
        const f = { effective_from: from, effective_to: to };
        expect(inForce(f, from)).toBe(true);
        expect(inForce(f, to)).toBe(true);
        const shift = (d: string, n: number) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
        expect(inForce(f, shift(from, -1))).toBe(false);
        expect(inForce(f, shift(to, 1))).toBe(false);
        const charged = computeFees({ fees: [fee({ application: 'fixed', amount_cents: 100, ...f })], lines: [ammo(1)], date: from });
        expect(charged.total_cents).toBe(100);
      }),
    );
  });
});

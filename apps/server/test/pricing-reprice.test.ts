import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAP_GATES, REPRICE_MARGIN_FLOOR_PCT, REPRICE_MAX_STEP_PCT, REPRICE_STEP_MAX_PCT, REPRICE_UNDERCUT_CPR_CENTS, REPRICE_UNDERCUT_MAX_CPR_CENTS } from '@qm/contracts';
import { advertisedMap, marginFloorPrice, suggestPrice, type RepriceInput } from '../src/modules/pricing/reprice.js';

const input = fc.record({
  price_cents: fc.option(fc.integer({ min: 1, max: 200_000 }), { nil: null }),
  cost_cents: fc.option(fc.integer({ min: 0, max: 150_000 }), { nil: null }),
  rounds: fc.option(fc.integer({ min: 1, max: 2_000 }), { nil: null }),
  map_price_cents: fc.option(fc.integer({ min: 1, max: 200_000 }), { nil: null }),
  map_gate: fc.option(fc.constantFrom(...MAP_GATES), { nil: null }),
  map_lifted: fc.boolean(),
  excluded: fc.boolean(),
  exclude_reason: fc.option(fc.string({ maxLength: 20 }), { nil: null }),
  market: fc.option(fc.record({ cpr_cents: fc.integer({ min: 1, max: 50_000 }).map((h) => h / 100), competitor: fc.constantFrom('Lucky Gunner', 'SGAmmo') }), { nil: null }),
  // a store's repricing rule, or the defaults
  undercut_cpr_cents: fc.oneof(fc.constant(REPRICE_UNDERCUT_CPR_CENTS), fc.integer({ min: 0, max: REPRICE_UNDERCUT_MAX_CPR_CENTS * 100 }).map((h) => h / 100)),
  max_step_pct: fc.oneof(fc.constant(REPRICE_MAX_STEP_PCT), fc.integer({ min: 1, max: REPRICE_STEP_MAX_PCT })),
}) satisfies fc.Arbitrary<RepriceInput>;

const base: RepriceInput = { price_cents: 2_500, cost_cents: 1_800, rounds: 50, map_price_cents: null, map_gate: null, map_lifted: false, excluded: false, exclude_reason: null, market: null,
  undercut_cpr_cents: REPRICE_UNDERCUT_CPR_CENTS, max_step_pct: REPRICE_MAX_STEP_PCT };

describe('repricing rule', () => {
  it('undercuts the lowest comparable offer by a tenth of a cent per round', () => {
    const s = suggestPrice({ ...base, market: { cpr_cents: 48, competitor: 'SGAmmo' } });
    // 47.9¢ × 50 rounds
    expect(s).toMatchObject({ price_cents: 2_395, basis: 'market' });
    expect(s.reason).toContain('SGAmmo');
  });

  it("follows the store's repricing rule: its undercut per round and its largest step", () => {
    const s = suggestPrice({ ...base, market: { cpr_cents: 48, competitor: 'SGAmmo' }, undercut_cpr_cents: 0.5 });
    // 47.5¢ × 50 rounds
    expect(s).toMatchObject({ price_cents: 2_375, basis: 'market' });
    expect(s.reason).toBe('0.50¢/rd under SGAmmo (48.00¢/rd): 47.50¢/rd');
    // the market asks $23.75; 5 % down from $25.00 at most
    const capped = suggestPrice({ ...base, market: { cpr_cents: 48, competitor: 'SGAmmo' }, undercut_cpr_cents: 0.5, max_step_pct: 5 });
    expect(capped).toMatchObject({ price_cents: 2_375, basis: 'market' });
    expect(suggestPrice({ ...base, market: { cpr_cents: 45, competitor: 'X' }, max_step_pct: 5 })).toMatchObject({ price_cents: 2_375, basis: 'step_cap' });
    expect(suggestPrice({ ...base, market: { cpr_cents: 45, competitor: 'X' }, max_step_pct: 5 }).reason).toContain('down at most 5 % in one step');
    // no undercut: the market's own cost per round
    expect(suggestPrice({ ...base, market: { cpr_cents: 48, competitor: 'X' }, undercut_cpr_cents: 0 })).toMatchObject({ price_cents: 2_400, basis: 'market' });
  });

  it('moves at most the step cap, holds the margin floor and advertised MAP, leaves excluded and cost-less variants alone', () => {
    expect(suggestPrice({ ...base, market: { cpr_cents: 30, competitor: 'X' } })).toMatchObject({ price_cents: 2_125, basis: 'step_cap' });
    expect(suggestPrice({ ...base, price_cents: 1_900, market: { cpr_cents: 30, competitor: 'X' } })).toMatchObject({ price_cents: marginFloorPrice(1_800), basis: 'margin_floor' });
    expect(suggestPrice({ ...base, map_price_cents: 2_450, market: { cpr_cents: 48, competitor: 'X' } })).toMatchObject({ price_cents: 2_450, basis: 'map' });
    // a gated MAP hides the price: the market may go under it
    expect(suggestPrice({ ...base, map_price_cents: 2_450, map_gate: 'map_gated', market: { cpr_cents: 48, competitor: 'X' } })).toMatchObject({ price_cents: 2_395, basis: 'market' });
    expect(suggestPrice({ ...base, excluded: true, exclude_reason: 'Clearance' })).toEqual({ price_cents: null, basis: 'excluded', reason: 'Excluded from repricing: Clearance' });
    expect(suggestPrice({ ...base, cost_cents: null })).toMatchObject({ price_cents: null, basis: 'no_cost' });
    expect(suggestPrice(base)).toMatchObject({ price_cents: 2_500, basis: 'hold' });
  });

  it('never suggests under the margin floor, nor under an advertised MAP (property)', () => {
    fc.assert(
      fc.property(input, (i) => {
        const s = suggestPrice(i);
        if (i.excluded || i.cost_cents === null) return s.price_cents === null;
        const p = s.price_cents!;
        const map = advertisedMap(i);
        const floor = marginFloorPrice(i.cost_cents);
        // the floor is the margin: (price − cost) ÷ price ≥ the floor's percent
        const marginOk = p >= floor && (p === 0 || (p - i.cost_cents) * 100 >= REPRICE_MARGIN_FLOOR_PCT * p);
        return Number.isInteger(p) && marginOk && (map === null || map < floor || p >= map);
      }),
    );
  });

  it('respects an advertised MAP at or above the floor, and moves at most the step cap unless a floor forces it (property)', () => {
    fc.assert(
      fc.property(input, (i) => {
        const s = suggestPrice(i);
        if (s.price_cents === null) return true;
        const floor = marginFloorPrice(i.cost_cents!);
        const map = advertisedMap(i);
        if (map !== null && map >= floor && s.price_cents < map) return false;
        if (i.price_cents !== null && (s.basis === 'market' || s.basis === 'step_cap')) {
          const step = Math.abs(s.price_cents - i.price_cents) * 100;
          if (step > i.max_step_pct * i.price_cents) return false;
        }
        // the market's price, when it sets it, is the store's undercut under the market per round, to the cent below
        if (s.basis === 'market') {
          const aim = Math.max(0, Math.round(i.market!.cpr_cents * 100) - Math.round(i.undercut_cpr_cents * 100)) * i.rounds!;
          return s.price_cents * 100 <= aim && (s.price_cents + 1) * 100 > aim;
        }
        return true;
      }),
    );
  });

  it('a MAP holiday lifts an advertised MAP: the market may go under it, and the reason says so', () => {
    const s = suggestPrice({ ...base, map_price_cents: 2_450, map_lifted: true, market: { cpr_cents: 48, competitor: 'X' } });
    expect(s).toMatchObject({ price_cents: 2_395, basis: 'market' });
    expect(s.reason).toContain("under MAP $24.50 for its brand's MAP holiday");
  });

  it('on a MAP holiday the price is the one suggested with no MAP at all (property)', () => {
    fc.assert(
      fc.property(input, (i) => {
        const lifted = suggestPrice({ ...i, map_lifted: true });
        const noMap = suggestPrice({ ...i, map_price_cents: null, map_lifted: false });
        return lifted.price_cents === noMap.price_cents && lifted.basis === noMap.basis && lifted.basis !== 'map';
      }),
    );
  });

  it('is deterministic and answers a whole-cent price', () => {
    fc.assert(fc.property(input, (i) => JSON.stringify(suggestPrice(i)) === JSON.stringify(suggestPrice(structuredClone(i)))));
  });
});

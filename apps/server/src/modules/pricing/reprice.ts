/**
 * Repricing, a pure rule (contracts' REPRICE_* constants): the price one store variant should have
 * against the market for its caliber and package size, and which limit set it.
 *
 * 1. Excluded SKUs and variants without a cost are left alone (no suggestion).
 * 2. With a comparable offer (same caliber and round group, in stock, recent, competitor not
 *    blacklisted — the service finds it) and rounds per package: aim the store's undercut per round
 *    under its cost per round, rounded down to the cent; with a current price, move at most the
 *    store's largest step up or down in one step (its repricing rule, else `REPRICE_UNDERCUT_CPR_CENTS`
 *    and `REPRICE_MAX_STEP_PCT`). Without one: the current price stays.
 * 3. Never under the margin floor (`REPRICE_MARGIN_FLOOR_PCT` of the price over cost), nor — where
 *    MAP is advertised, i.e. MAP set, no MAP gate and no MAP holiday of the brand on today — under
 *    MAP. The floors win over the step cap.
 */
import {
  centsText,
  REPRICE_MARGIN_FLOOR_PCT,
  type MapGate,
  type PriceSuggestion,
  type SuggestionBasis,
} from '@qm/contracts';

export interface RepriceInput {
  price_cents: number | null;
  cost_cents: number | null;
  /** Rounds (or shells) per package; null for products sold by the piece. */
  rounds: number | null;
  map_price_cents: number | null;
  map_gate: MapGate | null;
  /** A MAP holiday of the product's brand is on today (contracts' MapHoliday): MAP does not bind. */
  map_lifted: boolean;
  excluded: boolean;
  exclude_reason: string | null;
  /** The lowest comparable offer (cost per round in cents, two decimals), or none. */
  market: { cpr_cents: number; competitor: string } | null;
  /** The store's repricing rule (contracts' RepricingRule), else the defaults: cents per round under the market (two decimals), and the largest step in percent. */
  undercut_cpr_cents: number;
  max_step_pct: number;
}

/** The least price that keeps the margin floor on this cost: (price − cost) ÷ price ≥ floor. */
export const marginFloorPrice = (cost: number) => Math.ceil((cost * 100) / (100 - REPRICE_MARGIN_FLOOR_PCT));

/** The MAP a price may not go under: set, advertised (no gate hides the price) and not lifted by a MAP holiday. */
export const advertisedMap = (i: Pick<RepriceInput, 'map_price_cents' | 'map_gate' | 'map_lifted'>) =>
  i.map_price_cents !== null && i.map_gate === null && !i.map_lifted ? i.map_price_cents : null;

const cpr = (cents: number) => `${(Math.round(cents * 100) / 100).toFixed(2)}¢/rd`;

export function suggestPrice(i: RepriceInput): PriceSuggestion {
  if (i.excluded) return { price_cents: null, basis: 'excluded', reason: `Excluded from repricing${i.exclude_reason ? `: ${i.exclude_reason}` : ''}` };
  if (i.cost_cents === null) return { price_cents: null, basis: 'no_cost', reason: 'No cost on the variant: repricing needs it for the margin floor' };
  const floor = marginFloorPrice(i.cost_cents);
  const map = advertisedMap(i);

  let target: number;
  let basis: SuggestionBasis;
  let reason: string;
  if (i.market && i.rounds !== null && i.rounds > 0) {
    // in hundredths of a cent, so the cents of a case of 1,000 rounds come out exact
    const aim = Math.max(0, Math.round(i.market.cpr_cents * 100) - Math.round(i.undercut_cpr_cents * 100));
    const wanted = Math.floor((aim * i.rounds) / 100);
    target = wanted;
    basis = 'market';
    reason = `${cpr(i.undercut_cpr_cents)} under ${i.market.competitor} (${cpr(i.market.cpr_cents)}): ${cpr(wanted / i.rounds)}`;
    if (i.price_cents !== null) {
      const lo = Math.ceil((i.price_cents * (100 - i.max_step_pct)) / 100);
      const hi = Math.floor((i.price_cents * (100 + i.max_step_pct)) / 100);
      if (wanted < lo || wanted > hi) {
        target = wanted < lo ? lo : hi;
        basis = 'step_cap';
        reason = `The market (${i.market.competitor}, ${cpr(i.market.cpr_cents)}) asks for ${centsText(wanted)}; ${wanted < lo ? 'down' : 'up'} at most ${i.max_step_pct} % in one step`;
      }
    }
  } else if (i.price_cents !== null) {
    target = i.price_cents;
    basis = 'hold';
    reason = i.rounds === null ? 'Sold by the piece: no cost per round to compare' : 'No comparable competitor offer: the price stays';
  } else {
    target = 0;
    basis = 'hold';
    reason = 'No price and no comparable competitor offer';
  }

  if (map !== null && map >= floor && target < map) return { price_cents: map, basis: 'map', reason: `Held at MAP ${centsText(map)}: MAP is advertised (no MAP gate)` };
  if (target < floor) return { price_cents: floor, basis: 'margin_floor', reason: `Held at the ${REPRICE_MARGIN_FLOOR_PCT} % margin floor on a cost of ${centsText(i.cost_cents)}` };
  // MAP would have held it: say why it did not
  const lifted = i.map_lifted ? advertisedMap({ ...i, map_lifted: false }) : null;
  if (lifted !== null && target < lifted) reason += `; under MAP ${centsText(lifted)} for its brand's MAP holiday`;
  return { price_cents: target, basis, reason };
}

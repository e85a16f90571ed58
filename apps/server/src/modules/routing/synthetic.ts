/**
 * Synthetic orders for the routing engine: the bench's (bench/routing.ts), the tests' and the solver's
 * warm-up (`warmSolver`, milp.ts). Seeded, so every caller sees the same orders: `nLines` lines
 * (ammunition by the box: 1–6 boxes of $12–$60; one line in eight 10–20 boxes) over `nSources`
 * sources — two warehouses (flat shipping, stock of about half the lines) and vendors that stock about
 * 85 % of the lines (one offer in ten not drop-shippable), each line's cost spread ±15 % around its
 * list price, flat / per-package / tiered shipping, free shipping above $99–$499 for two vendors in
 * three, a fee schema (fixed order fee, waived above a threshold, per-round or per-item fees, some
 * scoped to a brand or category) for half of them, and a minimum order ($100–$400) for a third.
 */
import type { EngineLine, EngineSource, RoutingInput, RoutingStrategy } from './engine.js';

function prng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 2 ** 32;
  };
}

export function generateOrder(seed: number, nLines = 50, nSources = 20, strategy: RoutingStrategy = 'cheapest'): RoutingInput {
  const r = prng(seed * 7919 + 17);
  const int = (a: number, b: number) => a + Math.floor(r() * (b - a + 1));
  const list: number[] = [];
  const lines: EngineLine[] = Array.from({ length: nLines }, (_, i) => {
    list.push(int(1200, 6000));
    const kind = r() < 0.75 ? 'rounds' : r() < 0.5 ? 'shells' : 'pieces';
    return {
      line_id: 1000 + i, variant_id: 5000 + i, sku: `QM-${5000 + i}`,
      quantity: r() < 0.125 ? int(10, 20) : int(1, 6),
      brand_id: int(1, 8), category_ids: r() < 0.5 ? [1, 2] : [1, 3],
      unit_kind: kind, units_per_package: kind === 'rounds' ? [20, 50, 100][int(0, 2)]! : kind === 'shells' ? 25 : 1,
    };
  });
  const sources: EngineSource[] = Array.from({ length: nSources }, (_, j) => {
    const warehouse = j < 2;
    const model = warehouse ? 'flat' : (['flat', 'flat', 'per_unit', 'tiers'] as const)[int(0, 3)];
    return {
      key: warehouse ? `warehouse:${j + 1}` : `vendor:${j + 1}`, kind: warehouse ? 'warehouse' : 'vendor', id: j + 1, name: warehouse ? `Warehouse ${j + 1}` : `Vendor ${j + 1}`,
      min_order_cents: !warehouse && r() < 0.33 ? int(10, 40) * 1000 : null,
      shipping: warehouse
        ? { shipping_model: 'flat', shipping_cents: int(600, 1200), free_shipping_above_cents: null, shipping_tiers: [] }
        : {
            shipping_model: model,
            shipping_cents: model === 'per_unit' ? int(50, 150) : int(900, 2500),
            free_shipping_above_cents: r() < 0.67 ? int(99, 499) * 100 : null,
            shipping_tiers: model === 'tiers' ? [{ from_cents: 0, cost_cents: int(1500, 2500) }, { from_cents: 10000, cost_cents: int(800, 1400) }, { from_cents: 25000, cost_cents: int(0, 600) }] : [],
          },
      fees: !warehouse && r() < 0.5
        ? [
            { id: 1, name: 'Order fee', application: 'fixed', amount_cents: int(200, 600), unit_basis: null, brand_id: null, category_id: null, waived_above_cents: int(100, 400) * 100, effective_from: null, effective_to: null },
            r() < 0.5
              ? { id: 2, name: 'Hazmat per round', application: 'per_unit', amount_cents: 1, unit_basis: 'rounds', brand_id: null, category_id: r() < 0.5 ? 2 : null, waived_above_cents: r() < 0.5 ? int(300, 800) * 100 : null, effective_from: null, effective_to: null }
              : { id: 2, name: 'Handling per box', application: 'per_unit', amount_cents: int(10, 50), unit_basis: 'item', brand_id: r() < 0.3 ? int(1, 8) : null, category_id: null, waived_above_cents: null, effective_from: null, effective_to: null },
          ]
        : [],
      offers: lines.filter(() => r() < (warehouse ? 0.5 : 0.85)).map((l, k) => ({
        variant_id: l.variant_id,
        unit_cost_cents: Math.round(list[l.variant_id - 5000]! * (0.85 + 0.3 * r())),
        available: r() < 0.1 ? int(1, 5) : int(20, 200),
        can_drop_ship: warehouse || r() < 0.9 || k < 0,
      })),
    };
  });
  return { date: '2026-06-01', strategy, lines, sources };
}


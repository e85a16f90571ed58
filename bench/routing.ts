/**
 * The routing engine on realistic orders, timed in-process (no database): `npm run bench:routing`
 * (or `node --import tsx bench/routing.ts [--runs=20] [--lines=50] [--sources=20] [--proof-ms=10000] [--fast-nodes=5000]`).
 *
 * Each run routes a different generated order (seeded, so every run of the bench sees the same
 * orders): `--lines` lines (ammunition by the box: 1–6 boxes of $12–$60; one line in eight 10–20
 * boxes) over `--sources` sources — two warehouses (flat shipping, stock of about half the lines)
 * and vendors that stock about 85 % of the lines (one offer in ten not drop-shippable), each line's
 * cost spread ±15 % around its list price, flat / per-package / tiered shipping, free shipping above
 * $99–$499 for two vendors in three, a fee schema (fixed order fee, waived above a threshold, per-round
 * or per-item fees, some scoped to a brand or category) for half of them, and a minimum order
 * ($100–$400) for a third. Budget: a 50-line order over 20 sources in under 50 ms (p99).
 */
import os from 'node:os';
import highsModule from 'highs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { routeOrder, type EngineLine, type EngineSource, type RoutingInput, type RoutingResult, type RoutingStrategy } from '../apps/server/src/modules/routing/engine.js';
import { FIRST_NODES, PROOF_MARGINS, PROBE_NODES, routeOrderExact, SOLVER_OPTIONS } from '../apps/server/src/modules/routing/milp.js';

const arg = (name: string, def: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? def);
const RUNS = arg('runs', 20);
const LINES = arg('lines', 50);
const SOURCES = arg('sources', 20);
const BUDGET_MS = 50;

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

export function generateOrder(seed: number, nLines = LINES, nSources = SOURCES, strategy: RoutingStrategy = 'cheapest'): RoutingInput {
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

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const ms = (x: number) => Math.round(x * 100) / 100;

type Router = (input: RoutingInput) => RoutingResult | Promise<RoutingResult>;

async function measure(label: string, strategy: RoutingStrategy, nodeLimit: number | undefined, reference?: number[], route: Router = routeOrder) {
  for (let i = 0; i < 3; i++) await route({ ...generateOrder(100_000 + i, LINES, SOURCES, strategy), node_limit: nodeLimit });
  const times: number[] = [];
  const cpu: number[] = [];
  const nodes: number[] = [];
  const totals: number[] = [];
  let proven = 0;
  let milp = 0;
  let shipments = 0;
  for (let i = 0; i < RUNS; i++) {
    const input = { ...generateOrder(i + 1, LINES, SOURCES, strategy), node_limit: nodeLimit };
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const res = await route(input);
    if (res.search.method === 'milp') milp++;
    times.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
    nodes.push(res.search.nodes);
    if (res.search.proven_optimal) proven++;
    shipments += res.options[0]?.shipments ?? 0;
    totals.push(res.options[0]?.total_cents ?? 0);
  }
  const gaps = reference ? totals.map((t, i) => t - reference[i]!) : [];
  console.log(JSON.stringify({
    label, lines: LINES, sources: SOURCES, runs: RUNS, node_limit: nodeLimit ?? 'default',
    p50: ms(pct(times, 50)), p90: ms(pct(times, 90)), p99: ms(pct(times, 99)), max: ms(Math.max(...times)),
    cpu_p50: ms(pct(cpu, 50)), cpu_p99: ms(pct(cpu, 99)), load_1m: ms(os.loadavg()[0]!),
    nodes_p50: pct(nodes, 50), nodes_max: Math.max(...nodes), proven_optimal: `${proven}/${RUNS}`, proven_by_milp: milp, mean_shipments: ms(shipments / RUNS),
    ...(reference ? { dearer_than_optimum: gaps.filter((g) => g > 0).length, gap_cents_max: Math.max(...gaps), gap_pct_max: ms((100 * Math.max(...gaps.map((g, i) => g / reference[i]!)))) } : {}),
    budget_ms: BUDGET_MS, pass: pct(times, 99) < BUDGET_MS,
  }));
  return totals;
}

/**
 * The solver's own floor: HiGHS on a 30-variable knapsack (no routing in it), with the options of
 * milp.ts, in this process. What any proof by the mixed-integer program costs at least on this machine.
 */
async function solverFloor() {
  // the package's types describe a CommonJS default; at run time (ESM) the import is the loader itself
  const highs = await (highsModule as unknown as typeof highsModule.default)();
  const n = 30;
  const model = {
    numCols: n, numRows: 1,
    colCost: Array.from({ length: n }, (_, i) => -(10 + ((i * 7) % 13))), colLower: Array<number>(n).fill(0), colUpper: Array<number>(n).fill(3),
    rowLower: [-highs.infinity], rowUpper: [50],
    matrix: { format: 'csr' as const, numRows: 1, numCols: n, starts: [0, n], indices: Array.from({ length: n }, (_, i) => i), values: Array.from({ length: n }, (_, i) => 3 + ((i * 5) % 7)) },
    integrality: Array<number>(n).fill(1),
  };
  const times: number[] = [];
  for (let i = 0; i < RUNS + 3; i++) {
    const t0 = performance.now();
    highs.withModel(model as unknown as Parameters<typeof highs.withModel>[0], (m: { options: { set(o: object): void }; run(): void }) => {
      m.options.set(SOLVER_OPTIONS);
      m.run();
    });
    if (i >= 3) times.push(performance.now() - t0);
  }
  console.log(JSON.stringify({ label: 'HiGHS floor: a 30-variable knapsack, same options (no routing)', runs: RUNS, p50: ms(pct(times, 50)), p90: ms(pct(times, 90)), p99: ms(pct(times, 99)), load_1m: ms(os.loadavg()[0]!) }));
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await solverFloor();
  const PROOF = arg('proof-ms', 10_000);
  const FAST = arg('fast-nodes', FIRST_NODES);
  const exact = await measure(`routeOrderExact cheapest (the MILP within ${PROOF} ms: relaxation, guesses ${PROOF_MARGINS.join(', ')} cents above it, then the search's best; the branch and bound searches ${PROBE_NODES} nodes meanwhile) — what the service runs`, 'cheapest', undefined, undefined, (input) => routeOrderExact(input, { proofMs: PROOF }));
  await measure(`routeOrder cheapest alone (node limit ${FAST}), against the proven optimum`, 'cheapest', FAST, exact);
  await measure('routeOrder fewest_shipments (default node limit)', 'fewest_shipments', undefined);
  await measure('routeOrder single_source', 'single_source', undefined);
}

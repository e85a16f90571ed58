/**
 * The routing engine on realistic orders, timed in-process (no database): `npm run bench:routing`
 * (or `node --import tsx bench/routing.ts [--runs=20] [--warmup=20] [--lines=50] [--sources=20] [--proof-ms=10000] [--fast-nodes=5000]`).
 *
 * Each run routes a different synthetic order (`generateOrder`, modules/routing/synthetic.ts: seeded,
 * so every run of the bench sees the same orders), after `--warmup` others. Budget: a 50-line order
 * over 20 sources in under 50 ms (p99).
 */
import os from 'node:os';
import highsModule from 'highs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { routeOrder, type RoutingInput, type RoutingResult, type RoutingStrategy } from '../apps/server/src/modules/routing/engine.js';
import { FIRST_NODES, PROOF_MARGINS, routeOrderExact, SOLVER_OPTIONS } from '../apps/server/src/modules/routing/milp.js';
import { generateOrder } from '../apps/server/src/modules/routing/synthetic.js';

const arg = (name: string, def: number) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? def);
const RUNS = arg('runs', 20);
const LINES = arg('lines', 50);
const SOURCES = arg('sources', 20);
/** Orders routed before each row is timed (seeds apart from the timed ones): a server's steady state, its solver's WebAssembly optimised. */
const WARMUP = arg('warmup', 20);
const BUDGET_MS = 50;

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const ms = (x: number) => Math.round(x * 100) / 100;

type Router = (input: RoutingInput) => RoutingResult | Promise<RoutingResult>;

async function measure(label: string, strategy: RoutingStrategy, nodeLimit: number | undefined, reference?: number[], route: Router = routeOrder) {
  for (let i = 0; i < WARMUP; i++) await route({ ...generateOrder(100_000 + i, LINES, SOURCES, strategy), node_limit: nodeLimit });
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
  // timed after FLOOR_WARMUP solves, as the routing rows are after their warm-up orders: Node
  // compiles HiGHS's WebAssembly in tiers, and the first ~100 solves of even this program run 3–6× slower
  const FLOOR_WARMUP = 200;
  for (let i = 0; i < RUNS + FLOOR_WARMUP; i++) {
    const t0 = performance.now();
    highs.withModel(model as unknown as Parameters<typeof highs.withModel>[0], (m: { options: { set(o: object): void }; run(): void }) => {
      m.options.set(SOLVER_OPTIONS);
      m.run();
    });
    if (i >= FLOOR_WARMUP) times.push(performance.now() - t0);
  }
  console.log(JSON.stringify({ label: 'HiGHS floor: a 30-variable knapsack, same options (no routing), after 200 others', runs: RUNS, p50: ms(pct(times, 50)), p90: ms(pct(times, 90)), p99: ms(pct(times, 99)), load_1m: ms(os.loadavg()[0]!) }));
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await solverFloor();
  const PROOF = arg('proof-ms', 10_000);
  const FAST = arg('fast-nodes', FIRST_NODES);
  const exact = await measure(`routeOrderExact cheapest (the MILP within ${PROOF} ms: relaxation, guesses ${PROOF_MARGINS.join(', ')} cents above it, then the whole program; the other options the optimum with one source left out) — what the service runs`, 'cheapest', undefined, undefined, (input) => routeOrderExact(input, { proofMs: PROOF }));
  await measure(`routeOrder cheapest alone (node limit ${FAST}), against the proven optimum`, 'cheapest', FAST, exact);
  await measure(`routeOrderExact fewest_shipments (the branch and bound ${FIRST_NODES} nodes, then the proof: the source sets of each size, cheapest items first, each solved by the MILP) — what the service runs`, 'fewest_shipments', undefined, undefined, (input) => routeOrderExact(input, { proofMs: PROOF }));
  await measure('routeOrder fewest_shipments alone (default node limit)', 'fewest_shipments', undefined);
  await measure('routeOrder single_source', 'single_source', undefined);
}

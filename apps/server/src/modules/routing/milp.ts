/**
 * The cheapest placement as a mixed-integer program, solved exactly by HiGHS (the `highs` package:
 * the HiGHS solver compiled to WebAssembly). The branch and bound of engine.ts proves small orders in
 * a few nodes; on large ones (50 lines over 20 sources) its bound is tight but its proof is not
 * reached, and `routeOrderExact` hands the same problem to HiGHS, whose answer is then the engine's
 * best option, proven. The solver runs in its own thread (milp-worker.mjs): a solve of up to
 * `ROUTING_PROOF_MS` never holds up the other requests of the process; the other options are the
 * optimum with one of its sources left out (engine.ts `alternativesTo`), worked out once it is in.
 *
 * ## The model (every cost of engine.ts, exactly)
 * A source ships its basket in one band of its terms (engine.ts `Band`: every waiver, free-shipping
 * threshold, shipping tier and the minimum is a cut; inside a band the shipping and which fees are
 * waived are fixed). Per source s and band b it can reach: z[s,b] ∈ {0,1} (s ships in band b),
 * Σ_b z[s,b] ≤ 1; per line l it may ship: x[l,s,b] ∈ {0…min(available, quantity)} packages,
 * x ≤ ub·z (a line goes to a source only in the band it ships in); Σ_{s,b} x[l,s,b] = quantity; the
 * band's window on the items, lo·z ≤ Σ_l cost·x ≤ (hi − 1)·z (a vendor's minimum is the lowest cut:
 * the bands below it are left out). The objective is the order's total in cents: per z the band's
 * flat shipping and the fixed fees every line of the source is in scope of; per x the unit cost, the
 * band's per-package shipping and per-unit fees; a fixed fee with a narrower scope is t[s,b,f] ∈ {0,1}
 * with x ≤ ub·t for the lines in its scope. Every solution's value is its exact total (the tests
 * compare it with `computeFees` and `shippingCost`).
 *
 * This is the disjunctive ("convex hull") form: its linear relaxation is 14–620 cents under the
 * optimum on 50-line orders over 20 sources (median 85, on totals of $5,000–$10,000), where the form
 * with one items variable per source and big-M band switches was 3–10 times further. The solver's
 * thread uses that closeness: it solves the relaxation (value v, reduced costs d), then asks for a
 * solution of at most a guess g = v + margin (`PROOF_MARGINS`, then the cutoff, when one is given)
 * in the program where every column at its lower bound with d > 0 may rise at most
 * ⌊(g − v) / d⌋ — any solution of total ≤ g obeys those caps (linear programming duality), so an
 * optimum found there that is ≤ g is the optimum of the whole program; above g, or none, the next
 * guess is tried. The caps leave about a fifth of the columns, and most such programs are proven at
 * the root in 10–50 ms.
 */
import { Worker } from 'node:worker_threads';
import { compile, fastTotal, provenAnswer, restrictTo, routeOrder, sourceSets, withOptimum, type Compiled, type Problem, type RoutingInput, type RoutingResult } from './engine.js';
import { generateOrder } from './synthetic.js';

/** The solver's thread, started on first use and kept; it holds the process open only while a solve is pending. */
let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, (answer: SolveAnswer) => void>();
interface SolveAnswer { status: ProofStatus; x?: number[] }

/** Stops the solver's thread (the app's close; tests). A later solve starts it again. */
export async function closeSolver(): Promise<void> {
  if (warming) warming.stop = true;
  const w = worker;
  worker = null;
  if (w) await w.terminate();
}

let warming: { stop: boolean } | null = null;

/**
 * Warms the solver's thread (at the server's start; not in tests): HiGHS's WebAssembly runs its first
 * solves at about half speed while the engine optimises its hot functions (bench: the first 20 proofs
 * of 50-line orders p50 51 ms, the next 20 27 ms). Proves `runs` synthetic 50-line orders one after the
 * other in the background — a request's solve waits for one of them at most; closing the solver stops it.
 */
export async function warmSolver(runs = 20): Promise<void> {
  const me = { stop: false };
  warming = me;
  for (let i = 1; i <= runs && !me.stop; i++) await solveCheapest(compile(generateOrder(1_000 + i)), { timeLimitMs: 2_000 });
  if (warming === me) warming = null;
}

function solveInWorker(model: object, options: object, timeLimitMs: number, cutoff: number | null, margins: readonly number[], signal?: AbortSignal): Promise<SolveAnswer> {
  if (!worker) {
    // plain JavaScript: it needs none of the parent's loader flags
    const w = new Worker(new URL('./milp-worker.mjs', import.meta.url), { execArgv: [] });
    const failAll = () => {
      for (const [, resolve] of waiting) resolve({ status: 'error' });
      waiting.clear();
      if (worker === w) worker = null;
    };
    w.on('message', (m: SolveAnswer & { id: number }) => {
      const resolve = waiting.get(m.id);
      waiting.delete(m.id);
      if (!waiting.size) w.unref();
      resolve?.(m);
    });
    w.on('error', failAll);
    w.on('exit', failAll);
    worker = w;
  }
  const w = worker;
  const id = nextId++;
  return new Promise((resolve) => {
    // HiGHS keeps its own time limit; past it and a margin, the thread is stopped and started afresh.
    const timer = setTimeout(() => {
      if (!waiting.has(id)) return;
      waiting.delete(id);
      resolve({ status: 'time_limit' });
      void w.terminate();
    }, timeLimitMs + 5_000);
    timer.unref();
    waiting.set(id, (a) => {
      clearTimeout(timer);
      resolve(a);
    });
    // held open while a solve is pending, let go when none is (set after the listeners, which hold it)
    w.ref();
    // shared with the thread: set to 1 when the answer is no longer wanted (see milp-worker.mjs)
    const cancel = new Int32Array(new SharedArrayBuffer(4));
    if (signal?.aborted) Atomics.store(cancel, 0, 1);
    else signal?.addEventListener('abort', () => Atomics.store(cancel, 0, 1), { once: true });
    w.postMessage({ id, model, options, cancel, cutoff, margins, timeLimitMs });
  });
}

interface Col { cost: number; lo: number; hi: number; int: boolean }
interface Model { cols: Col[]; rows: { lo: number; hi: number; idx: number[]; val: number[] }[]; /** per (line, source, band) column */ x: { li: number; si: number; col: number }[] }

/** Build the program of the cheapest placement of the routable lines (see the file's comment). */
export function buildModel(p: Problem): Model {
  const cols: Col[] = [];
  const rows: Model['rows'] = [];
  const col = (cost: number, hi: number) => cols.push({ cost, lo: 0, hi, int: true }) - 1;
  const row = (idx: number[], val: number[], lo: number, hi: number) => rows.push({ lo, hi, idx, val });
  const routable = p.lines.filter((l) => !p.blocked[l.idx] && l.q > 0);
  const cover = new Map<number, number[]>(routable.map((l) => [l.idx, []]));
  const xs: Model['x'] = [];
  for (const s of p.sources) {
    const mine = routable.flatMap((l) => {
      const o = s.offers[l.idx];
      const ub = o ? Math.min(o.avail, l.q) : 0;
      return o && ub > 0 ? [{ li: l.idx, ub, cost: o.cost }] : [];
    });
    if (!mine.length) continue;
    const maxItems = mine.reduce((n, m) => n + m.ub * m.cost, 0);
    const states: number[] = [];
    s.bands.forEach((band, b) => {
      // a band below the minimum, or above what the source could ever hold, cannot be shipped in
      if (!band.feasible || band.lo > maxItems) return;
      let fixed = band.shipFlat;
      const scoped: number[] = [];
      s.fees.forEach((fee, f) => {
        if (!band.active[f] || fee.perUnit || !mine.some((m) => fee.scope[m.li])) return;
        if (fee.everyLine) fixed += fee.amount;
        else scoped.push(f);
      });
      const z = col(fixed, 1);
      states.push(z);
      const triggers = scoped.map((f) => {
        const t = col(s.fees[f]!.amount, 1);
        row([t, z], [1, -1], -Infinity, 0);
        return { f, t };
      });
      const items: number[] = [];
      const costs: number[] = [];
      for (const m of mine) {
        const x = col(m.cost + band.extra[m.li]!, m.ub);
        xs.push({ li: m.li, si: s.idx, col: x });
        cover.get(m.li)!.push(x);
        row([x, z], [1, -m.ub], -Infinity, 0);
        for (const { f, t } of triggers) if (s.fees[f]!.scope[m.li]) row([x, t], [1, -m.ub], -Infinity, 0);
        items.push(x);
        costs.push(m.cost);
      }
      if (band.lo > 0) row([...items, z], [...costs, -band.lo], 0, Infinity);
      if (band.hi - 1 < maxItems) row([...items, z], [...costs, -(band.hi - 1)], -Infinity, 0);
    });
    if (states.length > 1) row(states, states.map(() => 1), -Infinity, 1);
  }
  for (const l of routable) row(cover.get(l.idx)!, cover.get(l.idx)!.map(() => 1), l.q, l.q);
  return { cols, rows, x: xs };
}

/** HiGHS's options for every proof (the bench's solver floor uses them too). */
export const SOLVER_OPTIONS = {
  output_flag: false,
  // totals are whole cents: a gap under one cent is no gap
  mip_rel_gap: 0,
  mip_abs_gap: 0.99,
  // its feasibility-jump heuristic costs 20–40 ms on every solve, even of a 30-variable program, and
  // rarely finds what its other heuristics do not: without it a routing's median proof is ~20 % faster
  mip_heuristic_run_feasibility_jump: false,
  // the proof is given its bound (a guess, see the file's comment): the sub-MIP heuristics look for
  // solutions it mostly finds at the root anyway (−10 to −25 % on the slower bench orders)
  mip_heuristic_run_rins: false,
  mip_heuristic_run_rens: false,
  // its root reduced-cost heuristic runs sub-MIPs that go on looking for solutions under the guess the
  // proof already has a bound for (0.9 of 1.5 s on the slowest bench order): without it the proofs of
  // 100 bench orders take 11 % less in all, and a routing's CPU p50 ~60 → ~46 ms
  mip_heuristic_run_root_reduced_cost: false,
} as const;

/**
 * The guesses above the relaxation's value (cents) the solver's thread tries in turn before the
 * engine's best total (see the file's comment). On 100 bench orders (50 lines over 20 sources) the
 * optimum is 85 cents above it at the median, 277 at p90, 620 at most; a guess too low costs one solve
 * that finds nothing (~10–70 ms), a guess far too high a solve with more columns (the guess of 1,024
 * cents took 0.2–1.7 s where the optimum was 250–620 above): small steps (p50 23 ms, p90 115 against
 * 30 and 237 with 128, 256, 1,024).
 */
export const PROOF_MARGINS = [96, 192, 288, 384, 512, 768, 1024] as const;

export type ProofStatus = 'optimal' | 'time_limit' | 'infeasible' | 'cancelled' | 'error';
export interface Proof {
  status: ProofStatus;
  /** The optimum's total (cents), when proven. */
  total_cents: number | null;
  /** The optimum: per line (by index in the compiled problem), source index → packages. */
  x: Map<number, number>[] | null;
  ms: number;
}

/**
 * Solve the cheapest placement to optimality (or until `timeLimitMs`), in the solver's thread. The
 * model is built and posted before the first await, so the caller's thread is free for other work
 * while it solves. `cutoffCents`: only a placement of at most this total is wanted — the last
 * guess, and the solver discards anything dearer (status `infeasible`: none).
 * `signal`: aborted, the solve stops at the solver's next checkpoint (status `cancelled`). `margins`:
 * the guesses above the relaxation (default `PROOF_MARGINS`).
 */
export async function solveCheapest(p: Problem, opts: { timeLimitMs: number; cutoffCents?: number; signal?: AbortSignal; margins?: readonly number[] }): Promise<Proof> {
  const t0 = performance.now();
  const m = buildModel(p);
  const n = m.cols.length;
  // an empty program (HiGHS calls it "empty", not optimal): nothing routable — the empty placement —
  // or no source can ship in any band (every one's minimum out of reach) — no placement
  if (n === 0) {
    const ms = Math.round(performance.now() - t0);
    if (p.lines.some((l) => !p.blocked[l.idx] && l.q > 0)) return { status: 'infeasible', total_cents: null, x: null, ms };
    return { status: 'optimal', total_cents: 0, x: p.lines.map(() => new Map()), ms };
  }
  const starts = [0];
  const indices: number[] = [];
  const values: number[] = [];
  for (const r of m.rows) {
    for (let i = 0; i < r.idx.length; i++) {
      indices.push(r.idx[i]!);
      values.push(r.val[i]!);
    }
    starts.push(indices.length);
  }
  const cutoff = opts.cutoffCents !== undefined && Number.isFinite(opts.cutoffCents) ? opts.cutoffCents : null;
  const answer = await solveInWorker(
    {
      numCols: n,
      numRows: m.rows.length,
      colCost: m.cols.map((c) => c.cost),
      colLower: m.cols.map((c) => c.lo),
      colUpper: m.cols.map((c) => c.hi),
      rowLower: m.rows.map((r) => r.lo),
      rowUpper: m.rows.map((r) => r.hi),
      matrix: { format: 'csr', numRows: m.rows.length, numCols: n, starts, indices, values },
      integrality: m.cols.map((c) => (c.int ? 1 : 0)),
    },
    SOLVER_OPTIONS,
    opts.timeLimitMs,
    cutoff,
    opts.margins ?? PROOF_MARGINS,
    opts.signal,
  );
  const ms = Math.round(performance.now() - t0);
  if (answer.status !== 'optimal' || !answer.x) return { status: answer.status === 'optimal' ? 'error' : answer.status, total_cents: null, x: null, ms };
  const x: Map<number, number>[] = p.lines.map(() => new Map());
  for (const v of m.x) {
    const q = Math.round(answer.x[v.col]!);
    if (q > 0) x[v.li]!.set(v.si, (x[v.li]!.get(v.si) ?? 0) + q);
  }
  return { status: 'optimal', total_cents: fastTotal(p, x), x, ms };
}

/**
 * The fewest-shipments optimum, proven: for k = 1, 2, … the sets of k sources that can hold the order
 * (`sourceSets`: the least their items could cost first), each solved for its cheapest placement
 * (`solveCheapest` on the order restricted to the set, wanting only what beats the best so far) until
 * the next set's items alone cost more than the best found. The first k with a placement is the
 * fewest: a placement on fewer sources would have been found at a smaller k.
 */
export async function solveFewest(p: Problem, opts: { timeLimitMs: number; signal?: AbortSignal }): Promise<Proof> {
  const t0 = performance.now();
  const ms = () => Math.round(performance.now() - t0);
  const routable = p.lines.filter((l) => !p.blocked[l.idx] && l.q > 0).map((l) => l.idx);
  if (!routable.length) return { status: 'optimal', total_cents: 0, x: p.lines.map(() => new Map()), ms: ms() };
  for (let k = 1; k <= p.sources.length; k++) {
    let best: Proof | null = null;
    for (const { set, floor } of sourceSets(p, routable, k)) {
      if (best && floor > best.total_cents!) break;
      const left = opts.timeLimitMs - (performance.now() - t0);
      if (left <= 0) return { status: 'time_limit', total_cents: null, x: null, ms: ms() };
      const proof = await solveCheapest(restrictTo(p, set), { timeLimitMs: left, signal: opts.signal, cutoffCents: best ? best.total_cents! - 1 : undefined });
      if (proof.status === 'infeasible') continue;
      if (proof.status !== 'optimal') return { ...proof, ms: ms() };
      best = proof;
    }
    if (best) return { ...best, ms: ms() };
  }
  return { status: 'infeasible', total_cents: null, x: null, ms: ms() };
}

/** Nodes the branch and bound visits on an order of up to `SMALL_ORDER_LINES` lines before the solver is asked. */
export const FIRST_NODES = 2_000;
/** Nodes of the search on a larger order whose proof ran out of time: the answer then, marked not proven. */
export const PROBE_NODES = 200;
/**
 * Orders of this many lines or fewer are searched with `FIRST_NODES` before the solver is asked: the
 * branch and bound proves most of them within that (a 3-line order over 20 sources in ~500 nodes),
 * and sooner than the solver would.
 */
export const SMALL_ORDER_LINES = 6;

/**
 * Route an order with a proven best option. Strategy fewest shipments: the branch and bound
 * (`FIRST_NODES`); without its proof, `solveFewest`. Strategy cheapest, up to `SMALL_ORDER_LINES`
 * lines: the branch and bound (`FIRST_NODES`), which proves most; without a proof, the mixed-integer
 * program with its best total as cutoff, and the program's optimum becomes the first option
 * (`withOptimum`). Larger orders: the program alone, nothing else on this thread while it solves (on
 * this machine's two cores a search beside it slowed the solver's thread: bench p50 45–58 against
 * 37–40 ms), and the other options are the optimum with one of its sources left out (engine.ts
 * `provenAnswer`). When the proof's time (`proofMs`) runs out, the answer is the search's (`PROBE_NODES`
 * for a large order), marked as not proven. Single source: each source alone, which is its own proof.
 */
export async function routeOrderExact(input: RoutingInput, opts: { proofMs: number }): Promise<RoutingResult> {
  const nodes = input.node_limit ?? FIRST_NODES;
  if (input.strategy === 'single_source' || opts.proofMs <= 0) return routeOrder({ ...input, node_limit: nodes });
  const small = input.lines.filter((l) => l.quantity > 0).length <= SMALL_ORDER_LINES;
  // compiled once, with the starting placements the search makes, for every step below
  const compiled: Compiled = { p: compile(input) };
  const p = compiled.p;
  if (input.strategy === 'fewest_shipments') {
    // the search for the options (it proves small orders), then the proof of the best one
    const search = routeOrder({ ...input, node_limit: nodes }, compiled);
    if (search.search.proven_optimal) return search;
    return proven(p, search, await solveFewest(p, { timeLimitMs: opts.proofMs }), 'fewest_shipments');
  }
  if (!small) {
    const proof = await solveCheapest(p, { timeLimitMs: opts.proofMs });
    const answer = proof.status === 'optimal' && proof.x ? provenAnswer(p, proof.x, proof, 'cheapest') : null;
    return answer ?? proven(p, routeOrder({ ...input, node_limit: Math.min(nodes, PROBE_NODES) }, compiled), proof, 'cheapest');
  }
  const search = routeOrder({ ...input, node_limit: nodes }, compiled);
  if (search.search.proven_optimal) return search;
  return proven(p, search, await solveCheapest(p, { timeLimitMs: opts.proofMs, cutoffCents: search.options[0]?.total_cents }), 'cheapest');
}

/** The search's answer with the proven optimum as its first option, or as it is when the proof has none. */
function proven(p: Problem, search: RoutingResult, proof: Proof, strategy: 'cheapest' | 'fewest_shipments'): RoutingResult {
  const best = search.options[0];
  // proven: no placement meets the sources' minimums
  if (proof.status === 'infeasible' && !best) return { ...search, search: { method: 'milp', nodes: search.search.nodes, proven_optimal: true, proof_ms: proof.ms } };
  if (proof.status !== 'optimal' || !proof.x || proof.total_cents === null) return search;
  // the proof's answer is never worse than a placement found; were it so, the search's answer stands, unproven
  const ships = new Set(proof.x.flatMap((m) => [...m.keys()])).size;
  const foundBetter =
    strategy === 'fewest_shipments' ? best && (best.shipments < ships || (best.shipments === ships && best.total_cents < proof.total_cents)) : best && best.total_cents < proof.total_cents;
  if (foundBetter) return search;
  return withOptimum(p, search, proof.x, proof, strategy);
}

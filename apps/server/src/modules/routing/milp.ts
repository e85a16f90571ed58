/**
 * The cheapest placement as a mixed-integer program, solved exactly by HiGHS (the `highs` package:
 * the HiGHS solver compiled to WebAssembly). The branch and bound of engine.ts proves small orders in
 * a few nodes; on large ones (50 lines over 20 sources) its bound is tight but its proof is not
 * reached, and `routeOrderExact` hands the same problem to HiGHS, whose answer is then the engine's
 * best option, proven. The solver runs in its own thread (milp-worker.mjs): a solve of up to
 * `ROUTING_PROOF_MS` never holds up the other requests of the process, and the branch and bound
 * looks for the other options on the request's thread meanwhile.
 *
 * ## The model (every cost of engine.ts, exactly)
 * Per line l and source s it may ship from: x[l,s] ∈ {0…min(available, quantity)} packages;
 * Σ_s x[l,s] = quantity. Per source: y (used), I = Σ cost·x its items; x ≤ ub·y; a vendor's
 * minimum: I ≥ min·y. The source's terms split I into bands (engine.ts `Band`: every waiver,
 * free-shipping threshold, shipping tier and the minimum is a cut); w[k] = 1 when I reaches the k-th
 * cut (I ≥ lo[k]·w[k]; w[k] ≤ w[k−1] ≤ … ≤ y; where reaching a cut raises a cost, also
 * I ≤ lo[k] − 1 + M·w[k], so w[k] = 1 exactly when I reaches it). Any figure f(band) × Q (flat
 * shipping with Q = y, per-package shipping with Q = packages, a per-unit fee with Q = its units, a
 * fixed fee with Q = "a line in its scope is here") is f[0]·Q + Σ_k (f[k] − f[k−1])·(Q·w[k]); each
 * product Q·w[k] is a variable v held to it from the side the objective pushes against
 * (v ≤ Q, v ≤ M·w when the difference is negative; v ≥ Q − M·(1 − w) when positive). The objective
 * is the whole order's total in cents; every solution's value is its exact total (the tests compare
 * it with `computeFees` and `shippingCost`).
 */
import { Worker } from 'node:worker_threads';
import { compile, fastTotal, routeOrder, withOptimum, type Compiled, type Problem, type RoutingInput, type RoutingResult } from './engine.js';

/** The solver's thread, started on first use and kept; it holds the process open only while a solve is pending. */
let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, (answer: SolveAnswer) => void>();
interface SolveAnswer { status: ProofStatus; x?: number[] }

/** Stops the solver's thread (the app's close; tests). A later solve starts it again. */
export async function closeSolver(): Promise<void> {
  const w = worker;
  worker = null;
  if (w) await w.terminate();
}

function solveInWorker(model: object, options: object, timeLimitMs: number, signal?: AbortSignal): Promise<SolveAnswer> {
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
    w.postMessage({ id, model, options, cancel });
  });
}

interface Col { cost: number; lo: number; hi: number; int: boolean }
interface Model { cols: Col[]; rows: { lo: number; hi: number; idx: number[]; val: number[] }[]; x: { li: number; si: number; col: number }[] }

/** Build the program of the cheapest placement of the routable lines (see the file's comment). */
export function buildModel(p: Problem): Model {
  const cols: Col[] = [];
  const rows: Model['rows'] = [];
  const col = (cost: number, lo: number, hi: number, int: boolean) => cols.push({ cost, lo, hi, int }) - 1;
  const row = (terms: [number, number][], lo: number, hi: number) => {
    const t = terms.filter(([, v]) => v !== 0);
    rows.push({ lo, hi, idx: t.map(([c]) => c), val: t.map(([, v]) => v) });
  };
  const INF = Infinity;
  const routable = p.lines.filter((l) => !p.blocked[l.idx] && l.q > 0);
  const cover = new Map<number, [number, number][]>(routable.map((l) => [l.idx, []]));
  const xs: Model['x'] = [];
  for (const s of p.sources) {
    const mine = routable.flatMap((l) => {
      const o = s.offers[l.idx];
      const ub = o ? Math.min(o.avail, l.q) : 0;
      if (!o || ub <= 0) return [];
      const c = col(o.cost, 0, ub, true);
      cover.get(l.idx)!.push([c, 1]);
      xs.push({ li: l.idx, si: s.idx, col: c });
      return [{ li: l.idx, c, ub, cost: o.cost }];
    });
    if (!mine.length) continue;
    const y = col(0, 0, 1, true);
    for (const m of mine) row([[m.c, 1], [y, -m.ub]], -INF, 0);
    const items: [number, number][] = mine.map((m) => [m.c, m.cost]);
    const maxItems = mine.reduce((n, m) => n + m.ub * m.cost, 0);
    if (s.vendor && s.min > 0) row([...items, [y, -s.min]], 0, INF);
    // the cuts this source can reach (bands above what it could ever hold are left out)
    const bands = s.bands.filter((b) => b.lo <= maxItems);
    const w: number[] = [y];
    for (let k = 1; k < bands.length; k++) {
      const wk = col(0, 0, 1, true);
      row([...items, [wk, -bands[k]!.lo]], 0, INF);
      row([[wk, 1], [w[k - 1]!, -1]], -INF, 0);
      w.push(wk);
    }
    const raised = new Set<number>();
    /** f[k] (per band) × the quantity `q` (a sum of columns); `big`: the largest value `q` can take. */
    const banded = (f: (k: number) => number, q: [number, number][], big: number) => {
      const f0 = f(0);
      for (const [c, v] of q) cols[c]!.cost += f0 * v;
      for (let k = 1; k < bands.length; k++) {
        const d = f(k) - f(k - 1);
        if (d === 0) continue;
        const v = col(d, 0, big, false);
        if (d < 0) {
          // v ≤ Q and v ≤ big·w: the solver raises v as far as both allow
          row([[v, 1], ...q.map(([c, a]) => [c, -a] as [number, number])], -INF, 0);
          row([[v, 1], [w[k]!, -big]], -INF, 0);
        } else {
          // v ≥ Q − big·(1 − w): the solver lowers v as far as it may
          row([[v, 1], ...q.map(([c, a]) => [c, -a] as [number, number]), [w[k]!, -big]], -big, INF);
          raised.add(k);
        }
      }
    };
    const packages: [number, number][] = mine.map((m) => [m.c, 1]);
    const maxPackages = mine.reduce((n, m) => n + m.ub, 0);
    banded((k) => bands[k]!.shipFlat, [[y, 1]], 1);
    banded((k) => bands[k]!.shipPerPkg, packages, maxPackages);
    s.fees.forEach((fee, f) => {
      const scoped = mine.filter((m) => fee.scope[m.li]);
      if (!scoped.length) return;
      const active = (k: number) => (bands[k]!.active[f] ? fee.amount : 0);
      if (fee.perUnit) {
        const units: [number, number][] = scoped.filter((m) => fee.upp[m.li]! > 0).map((m) => [m.c, fee.upp[m.li]!]);
        if (units.length) banded(active, units, units.reduce((n, [c, u]) => n + u * cols[c]!.hi, 0));
      } else {
        let t = y;
        if (scoped.length < mine.length) {
          t = col(0, 0, 1, true);
          for (const m of scoped) row([[m.c, 1], [t, -m.ub]], -INF, 0);
        }
        banded(active, [[t, 1]], 1);
      }
    });
    // where reaching a cut raises a cost, the cut must be taken exactly when the items reach it
    for (const k of raised) row([...items, [w[k]!, -(maxItems + 1)]], -INF, bands[k]!.lo - 1);
  }
  for (const l of routable) row(cover.get(l.idx)!, l.q, l.q);
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
} as const;

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
 * while it solves. `cutoffCents`: a total already reached, so the solver discards anything dearer
 * from the start (it shortens small programs' solves). `signal`: aborted, the solve stops at the
 * solver's next checkpoint (status `cancelled`).
 */
export async function solveCheapest(p: Problem, opts: { timeLimitMs: number; cutoffCents?: number; signal?: AbortSignal }): Promise<Proof> {
  const t0 = performance.now();
  const m = buildModel(p);
  const n = m.cols.length;
  // nothing routable: the empty placement (HiGHS calls an empty model "empty", not optimal)
  if (n === 0) return { status: 'optimal', total_cents: 0, x: p.lines.map(() => new Map()), ms: Math.round(performance.now() - t0) };
  const starts = [0];
  const indices: number[] = [];
  const values: number[] = [];
  for (const r of m.rows) {
    indices.push(...r.idx);
    values.push(...r.val);
    starts.push(indices.length);
  }
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
    {
      ...SOLVER_OPTIONS,
      time_limit: Math.max(0.01, opts.timeLimitMs / 1000),
      ...(opts.cutoffCents !== undefined ? { objective_bound: opts.cutoffCents + 0.5 } : {}),
    },
    opts.timeLimitMs,
    opts.signal,
  );
  const ms = Math.round(performance.now() - t0);
  if (answer.status !== 'optimal' || !answer.x) return { status: answer.status === 'optimal' ? 'error' : answer.status, total_cents: null, x: null, ms };
  const x: Map<number, number>[] = p.lines.map(() => new Map());
  for (const v of m.x) {
    const q = Math.round(answer.x[v.col]!);
    if (q > 0) x[v.li]!.set(v.si, q);
  }
  return { status: 'optimal', total_cents: fastTotal(p, x), x, ms };
}

/** Nodes the branch and bound visits for the options besides the optimum (and the answer should the proof run out of time). */
export const FIRST_NODES = 2_000;
/** Nodes of the first, quick search of an order of more than `SMALL_ORDER_LINES` lines (one it proves never reaches the solver). */
export const PROBE_NODES = 200;
/**
 * Orders of this many lines or fewer are searched with `FIRST_NODES` before the solver is asked: the
 * branch and bound proves most of them within that (a 3-line order over 20 sources in ~500 nodes),
 * and sooner than the solver would.
 */
export const SMALL_ORDER_LINES = 6;

/**
 * Route an order with a proven best option. Strategy cheapest: a quick branch and bound first
 * (`PROBE_NODES`, or `FIRST_NODES` for a small order: most are proven there); when it has no proof, the mixed-integer
 * program starts in the solver's thread and, at the same time on this one, the branch and bound
 * searches on (`FIRST_NODES`). When the search proves its best option (orders of a few lines), that is
 * the answer; otherwise the program's optimum becomes the first option (`withOptimum`), and when its
 * time (`proofMs`) runs out, the answer is the search's, marked as not proven. Other strategies: the
 * branch and bound alone.
 */
export async function routeOrderExact(input: RoutingInput, opts: { proofMs: number }): Promise<RoutingResult> {
  const nodes = input.node_limit ?? FIRST_NODES;
  if (input.strategy !== 'cheapest' || opts.proofMs <= 0) return routeOrder({ ...input, node_limit: nodes });
  const small = input.lines.filter((l) => l.quantity > 0).length <= SMALL_ORDER_LINES;
  // compiled once, with the starting placements the first search makes, for every step below
  const compiled: Compiled = { p: compile(input) };
  const p = compiled.p;
  const quick = routeOrder({ ...input, node_limit: small ? nodes : Math.min(nodes, PROBE_NODES) }, compiled);
  if (quick.search.proven_optimal) return quick;
  // posted to the solver's thread before the search below occupies this one
  const stop = new AbortController();
  const pending = solveCheapest(p, { timeLimitMs: opts.proofMs, cutoffCents: quick.options[0]?.total_cents, signal: stop.signal });
  const full = !small && nodes > PROBE_NODES ? routeOrder({ ...input, node_limit: nodes }, compiled) : quick;
  // the search proved it first (orders of a few lines over many sources): the solve is called off
  if (full.search.proven_optimal) {
    stop.abort();
    return full;
  }
  const proof = await pending;
  const best = full.options[0];
  // proven: no placement meets the sources' minimums
  if (proof.status === 'infeasible' && !best) return { ...full, search: { method: 'milp', nodes: full.search.nodes, proven_optimal: true, proof_ms: proof.ms } };
  if (proof.status !== 'optimal' || !proof.x || proof.total_cents === null) return full;
  // the program's answer is never dearer than a placement found; were it so, the search's answer stands, unproven
  if (best && best.total_cents < proof.total_cents) return full;
  return withOptimum(p, full, proof.x, proof);
}

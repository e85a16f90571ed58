// The HiGHS solver in its own thread (see milp.ts): a solve blocks the thread that runs it for as
// long as it takes, so it never runs on the thread that answers requests. One message in, one out:
// { id, model, options, cancel, cutoff, margins, timeLimitMs }
//   → { id, status: 'optimal' | 'infeasible' | 'time_limit' | 'cancelled' | 'error', x? }.
// `cancel`: an Int32Array over shared memory; the caller sets it to 1 when it no longer needs the
// answer, and the solve stops at the solver's next checkpoint (or does not start). `cutoff`: only a
// solution of at most this total is wanted (null: any) — none → 'infeasible'.
//
// The proof (milp.ts explains why it holds): the linear relaxation (value v, reduced costs d); then,
// for each guess g — v + each margin below the cutoff, then the cutoff — the
// program with every column at its lower bound capped at ⌊(g − v) / d⌋ above it, solved with g as
// the objective bound; an optimum there of at most g is the optimum. With no guess left, the whole
// program.
import { parentPort } from 'node:worker_threads';
import highsLoader from 'highs';

const highs = await highsLoader();
const codes = highs.constants.modelStatus;
const fin = (v) => (v === Infinity ? highs.infinity : v === -Infinity ? -highs.infinity : v);

parentPort.on('message', ({ id, model, options, cancel, cutoff, margins, timeLimitMs }) => {
  const cancelled = () => cancel !== undefined && Atomics.load(cancel, 0) === 1;
  if (cancelled()) {
    parentPort.postMessage({ id, status: 'cancelled' });
    return;
  }
  try {
    parentPort.postMessage({ id, ...prove(model, options, cancelled, cutoff, margins ?? [], performance.now() + timeLimitMs) });
  } catch {
    parentPort.postMessage({ id, status: 'error' });
  }
});

function prove(model, options, cancelled, cutoff, margins, deadline) {
  const base = { ...model, rowLower: model.rowLower.map(fin), rowUpper: model.rowUpper.map(fin) };
  const left = () => Math.max(0.001, (deadline - performance.now()) / 1000);
  const lp = highs.withModel({ ...base, integrality: undefined }, (m) => {
    // a cold start of this program is faster without presolve (4 ms against 9 ms at 50 lines × 20 sources)
    m.options.set({ output_flag: false, presolve: 'off', time_limit: left() });
    m.run();
    const status = m.getModelStatus();
    if (status !== codes.optimal) return { status };
    const sol = m.getSolution();
    return { status, value: m.getObjectiveValue(), x: Float64Array.from(sol.colValue), d: Float64Array.from(sol.colDual) };
  });
  if (lp.status === codes.infeasible) return { status: 'infeasible' };
  if (lp.status === codes.timeLimit) return { status: 'time_limit' };
  const relaxed = lp.status === codes.optimal;
  const guesses = relaxed ? margins.map((m) => lp.value + m) : [];
  for (let i = 0; i <= guesses.length; i++) {
    if (cancelled()) return { status: 'cancelled' };
    const most = cutoff ?? Infinity;
    const guess = Math.min(i < guesses.length ? guesses[i] : Infinity, most);
    const lower = Float64Array.from(model.colLower);
    const upper = Float64Array.from(model.colUpper);
    if (relaxed && guess < Infinity) {
      // any solution of total ≤ guess has v + d·(x − x*) ≤ guess; half a cent of slack for rounding
      const room = guess - lp.value + 0.5;
      for (let c = 0; c < upper.length; c++) {
        const d = lp.d[c];
        if (d > 1e-9 && lp.x[c] <= lower[c] + 1e-9) upper[c] = Math.max(lower[c], Math.min(upper[c], lower[c] + Math.floor(room / d)));
        else if (d < -1e-9 && lp.x[c] >= upper[c] - 1e-9) lower[c] = Math.min(upper[c], Math.max(lower[c], upper[c] - Math.floor(room / -d)));
      }
    }
    const bound = guess < Infinity ? Math.floor(guess) + 0.5 : undefined;
    const answer = highs.withModel({ ...base, colLower: lower, colUpper: upper }, (m) => {
      m.options.set({ ...options, time_limit: left(), ...(bound !== undefined ? { objective_bound: bound } : {}) });
      m.run({
        [highs.constants.callbackType.mipInterrupt](event) {
          if (cancelled()) event.interrupt();
        },
      });
      const status = m.getModelStatus();
      if (status === codes.optimal) return { status, value: m.getObjectiveValue(), x: Array.from(m.getSolution().colValue) };
      return { status };
    });
    // nothing of at most the guess: none found under the bound, or the capped program's own optimum above it
    const none = answer.status === codes.infeasible || (answer.status === codes.optimal && bound !== undefined && answer.value > bound);
    if (answer.status === codes.optimal && !none) return { status: 'optimal', x: answer.x };
    if (answer.status === codes.interrupted) return { status: 'cancelled' };
    if (answer.status === codes.timeLimit) return { status: 'time_limit' };
    if (!none) return { status: 'error' };
    // nothing at all: no placement meets the sources' minimums
    if (bound === undefined) return { status: 'infeasible' };
    // nothing up to the cutoff: nothing wanted
    if (guess === most) return { status: 'infeasible' };
    // the next guess
  }
  return { status: 'error' };
}

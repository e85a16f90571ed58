// The HiGHS solver in its own thread (see milp.ts): a solve blocks the thread that runs it for as
// long as it takes, so it never runs on the thread that answers requests. One message in, one out:
// { id, model, options, cancel } → { id, status: 'optimal' | 'infeasible' | 'time_limit' | 'cancelled' | 'error', x? }.
// `cancel`: an Int32Array over shared memory; the caller sets it to 1 when it no longer needs the
// answer, and the solve stops at the solver's next checkpoint (or does not start).
import { parentPort } from 'node:worker_threads';
import highsLoader from 'highs';

const highs = await highsLoader();
const codes = highs.constants.modelStatus;
const fin = (v) => (v === Infinity ? highs.infinity : v === -Infinity ? -highs.infinity : v);

parentPort.on('message', ({ id, model, options, cancel }) => {
  const cancelled = () => cancel !== undefined && Atomics.load(cancel, 0) === 1;
  if (cancelled()) {
    parentPort.postMessage({ id, status: 'cancelled' });
    return;
  }
  try {
    const answer = highs.withModel({ ...model, rowLower: model.rowLower.map(fin), rowUpper: model.rowUpper.map(fin) }, (m) => {
      m.options.set(options);
      m.run({
        [highs.constants.callbackType.mipInterrupt](event) {
          if (cancelled()) event.interrupt();
        },
      });
      const status = m.getModelStatus();
      if (status === codes.optimal) return { status: 'optimal', x: Array.from(m.getSolution().colValue) };
      return { status: status === codes.infeasible ? 'infeasible' : status === codes.timeLimit ? 'time_limit' : status === codes.interrupted ? 'cancelled' : 'error' };
    });
    parentPort.postMessage({ id, ...answer });
  } catch {
    parentPort.postMessage({ id, status: 'error' });
  }
});

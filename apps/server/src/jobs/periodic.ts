/**
 * Work a process repeats every few minutes (a check, the feeds' schedule): in processes that run jobs
 * only, never in tests (which call the work themselves). It first runs once the server listens — every
 * onReady hook has run by then, the job runner's start among them — then every `minutes`; a failure is
 * logged and the next run comes as usual; closing the server stops it.
 */
import type { Kit } from '../http/kit.js';

export function everyFewMinutes({ app, config }: Pick<Kit, 'app' | 'config'>, name: string, minutes: number, run: () => Promise<unknown>): void {
  if (config.env === 'test' || config.jobConcurrency <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  const once = () =>
    run().catch((err: Error) => {
      app.log.warn(`${name}: ${err.message}`);
    });
  app.addHook('onListen', async () => {
    void once();
    timer = setInterval(() => void once(), minutes * 60_000);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
  });
}

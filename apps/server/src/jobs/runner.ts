/**
 * The job runner: long work (imports, large exports; later feeds, routing recomputation, repricing)
 * runs in the background, once, in whichever API process takes it.
 *
 * - The queue is pg-boss's, in the same database (schema `pgboss`): a job is handed to one process
 *   only (SKIP LOCKED); a process that dies while running one leaves it to expire and be run again.
 * - What people see is the `jobs` row: who started it, status, progress, the result or why it failed.
 *   `progress()` writes it (at most every PROGRESS_MS) and reads whether a cancel was asked for, so a
 *   cancel reaches the job from any process.
 * - A job's own work decides what "all or nothing" means: imports stage their rows in short
 *   transactions and apply them in one at the end, so cancelling or failing before that changes nothing.
 */
import PgBoss from 'pg-boss';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { driverClientOf, queryOne, type Database, type Db } from '../db/connect.js';
import { SYSTEM_ACTOR, type Actor } from '../db/audit.js';

export const QUEUE = 'qm-jobs';
const PROGRESS_MS = 250;

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

/** Thrown inside a job when its cancel was asked for; the runner marks it cancelled. */
export class JobCancelled extends Error {
  constructor() {
    super('Cancelled');
  }
}

/** A failure whose message is meant for the person who started the job (else a generic one is shown). */
export class JobFailed extends Error {}

export interface JobContext<P> {
  id: number;
  params: P;
  /** The person who started it (audit entries of the job's writes name them). */
  actor: Actor;
  db: Db;
  /**
   * Progress so far (`done` of `total`, with a note); at most one write every PROGRESS_MS, so call
   * it as often as convenient. Throws JobCancelled once a cancel was asked for.
   */
  progress(done: number, total?: number | null, message?: string): Promise<void>;
  /** Throws JobCancelled if a cancel was asked for (checked at most every PROGRESS_MS). */
  checkCancelled(): Promise<void>;
}

export interface JobKind<P = unknown, R = unknown> {
  kind: string;
  params: z.ZodType<P>;
  /** Runs the job; what it returns is stored as the job's result (JSON) and shown to its owner. */
  run(ctx: JobContext<P>): Promise<R>;
  /** How long a run may take before it is counted as lost and run again (default 30 minutes). */
  expireInSeconds?: number;
}

export interface JobRow {
  id: number;
  kind: string;
  title: string;
  status: JobStatus;
  progress: number;
  total: number | null;
  message: string | null;
  result: unknown;
  error: string | null;
  created_by: number | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  cancel_requested_at: string | null;
}

export interface RunnerOptions {
  /** Jobs one process runs at once. */
  concurrency: number;
  /** How often an idle worker looks for work (pg-boss's polling; at least 0.5). */
  pollSeconds: number;
}

export class JobRunner {
  private readonly kinds = new Map<string, JobKind<any, any>>();
  private boss: PgBoss | undefined;
  private workers: string[] = [];
  private readonly running = new Set<Promise<unknown>>();

  constructor(
    private readonly database: Database,
    private readonly options: RunnerOptions,
  ) {}

  define<P, R>(kind: JobKind<P, R>): JobKind<P, R> {
    if (this.kinds.has(kind.kind)) throw new Error(`Job kind ${kind.kind} is defined twice`);
    this.kinds.set(kind.kind, kind);
    return kind;
  }

  has(kind: string) {
    return this.kinds.has(kind);
  }

  /** Starts the queue (installing its tables when missing) and this process's workers, if it runs jobs. */
  async start(): Promise<void> {
    if (this.boss) return;
    const boss = new PgBoss({ db: bossDb(this.database), schedule: false, supervise: true, migrate: true, maintenanceIntervalSeconds: 300 });
    boss.on('error', (err) => console.warn(`job queue: ${err.message}`));
    await boss.start();
    await boss.createQueue(QUEUE, { name: QUEUE, retryLimit: 2, retryDelay: 5, expireInSeconds: 1800 });
    this.boss = boss;
    for (let i = 0; i < this.options.concurrency; i++) {
      this.workers.push(
        await boss.work<{ job_id: number }>(QUEUE, { pollingIntervalSeconds: this.options.pollSeconds, batchSize: 1 }, async ([job]) => {
          const done = this.execute(job!.data.job_id);
          this.running.add(done);
          try {
            await done;
          } finally {
            this.running.delete(done);
          }
        }),
      );
    }
  }

  /** Stops taking work; waits up to `timeoutMs` for running jobs (those left are run again elsewhere). */
  async stop(timeoutMs = 10_000): Promise<void> {
    const boss = this.boss;
    if (!boss) return;
    this.boss = undefined;
    await Promise.all(this.workers.map((id) => boss.offWork({ id }).catch(() => {})));
    this.workers = [];
    await Promise.race([Promise.allSettled([...this.running]), new Promise((r) => setTimeout(r, timeoutMs))]);
    await boss.stop({ graceful: false, close: false, wait: true, timeout: 1000 }).catch(() => {});
  }

  /**
   * Queues a job in the caller's transaction (`t`): the `jobs` row and the queue entry are written
   * together, so a job exists exactly when what asked for it was committed.
   */
  async enqueue<P>(t: Db, actor: Actor, kind: JobKind<P, unknown>, params: P, title: string): Promise<JobRow> {
    if (!this.kinds.has(kind.kind)) throw new Error(`Job kind ${kind.kind} is not defined`);
    const parsed = kind.params.parse(params);
    const row = await queryOne<{ id: number }>(
      t,
      sql`insert into jobs (kind, title, params, created_by) values (${kind.kind}, ${title.slice(0, 300)}, ${JSON.stringify(parsed)}::jsonb, ${actor.userId})
          returning id`,
    );
    const boss = this.requireBoss();
    await boss.send(QUEUE, { job_id: row!.id }, { db: bossDb(t), expireInSeconds: kind.expireInSeconds ?? 1800 });
    return (await jobById(t, row!.id))!;
  }

  /** After the enqueueing transaction committed: wakes this process's idle workers at once. */
  wake() {
    for (const id of this.workers) this.boss?.notifyWorker(id);
  }

  /**
   * Asks a job to stop. A queued job is cancelled at once; a running one stops at its next progress
   * report (any process). Returns the job as it is now; false when it had already ended.
   */
  async cancel(db: Db, id: number): Promise<JobRow | false> {
    const queued = await queryOne<{ id: number }>(
      db,
      sql`update jobs set status = 'cancelled', cancel_requested_at = now(), finished_at = now(), message = 'Cancelled before it started'
           where id = ${id} and status = 'queued' returning id`,
    );
    if (!queued) {
      const running = await queryOne<{ id: number }>(
        db,
        sql`update jobs set cancel_requested_at = coalesce(cancel_requested_at, now()) where id = ${id} and status = 'running' returning id`,
      );
      if (!running) return false;
    }
    return (await jobById(db, id))!;
  }

  /** Runs one job by id (the worker's handler; tests call it to run a job in the foreground). */
  async execute(id: number): Promise<void> {
    const db = this.database.db;
    const claimed = await queryOne<JobRow & { params: unknown }>(
      db,
      sql`update jobs set status = 'running', started_at = now(), attempts = attempts + 1, progress = 0, message = null
           where id = ${id} and status in ('queued', 'running') and cancel_requested_at is null
           returning id, kind, title, status, params, created_by`,
    );
    if (!claimed) return; // cancelled, or already ended
    const kind = this.kinds.get(claimed.kind);
    if (!kind) {
      await finish(db, id, 'failed', { error: `This server does not know jobs of kind ${claimed.kind}.` });
      return;
    }
    const actor: Actor = { ...SYSTEM_ACTOR, userId: claimed.created_by, requestId: `job-${id}` };
    let lastWrite = 0;
    let cancelled = false;
    /** The last progress reported, written when the job ends if the throttle held it back. */
    let reported: { done: number; total: number | null | undefined } | undefined;
    const check = async (force: boolean, write?: { done: number; total: number | null | undefined; message: string | undefined }) => {
      if (write) reported = write;
      const now = Date.now();
      if (!force && now - lastWrite < PROGRESS_MS) return;
      lastWrite = now;
      const row = write
        ? await queryOne<{ c: string | null }>(
            db,
            sql`update jobs set progress = ${Math.max(0, Math.floor(write.done))}, total = coalesce(${write.total ?? null}::int, total),
                                message = coalesce(${write.message ?? null}, message)
                 where id = ${id} returning cancel_requested_at as c`,
          )
        : await queryOne<{ c: string | null }>(db, sql`select cancel_requested_at as c from jobs where id = ${id}`);
      if (row?.c) cancelled = true;
      if (cancelled) throw new JobCancelled();
    };
    const ctx: JobContext<unknown> = {
      id,
      params: claimed.params,
      actor,
      db,
      progress: (done, total, message) => check(false, { done, total, message }),
      checkCancelled: () => check(false),
    };
    try {
      const parsed = kind.params.safeParse(claimed.params);
      if (!parsed.success) throw new JobFailed('The job was queued with parameters this version cannot read.');
      ctx.params = parsed.data;
      const result = await kind.run(ctx);
      await finish(db, id, 'succeeded', { result: result ?? null, progress: reported });
    } catch (err) {
      if (err instanceof JobCancelled) await finish(db, id, 'cancelled', { message: 'Cancelled; nothing was changed' });
      else {
        if (!(err instanceof JobFailed)) console.warn(`job ${id} (${claimed.kind}) failed: ${(err as Error).stack ?? err}`);
        await finish(db, id, 'failed', { error: err instanceof JobFailed ? err.message : 'The job failed on the server. The error was logged.' });
      }
    }
  }

  private requireBoss(): PgBoss {
    if (!this.boss) throw new Error('The job runner is not started');
    return this.boss;
  }
}

async function finish(
  db: Db,
  id: number,
  status: JobStatus,
  out: { result?: unknown; error?: string; message?: string; progress?: { done: number; total: number | null | undefined } },
) {
  await db.execute(sql`
    update jobs set status = ${status}, finished_at = now(), result = ${out.result === undefined ? null : JSON.stringify(out.result)}::jsonb,
                    error = ${out.error ?? null}, message = coalesce(${out.message ?? null}, message),
                    progress = coalesce(${out.progress ? Math.floor(out.progress.done) : null}::int, progress),
                    total = coalesce(${out.progress?.total ?? null}::int, total)
     where id = ${id}`);
}

export const JOB_COLUMNS = sql`j.id, j.kind, j.title, j.status, j.progress, j.total, j.message, j.result, j.error, j.created_by,
  (select u.name from users u where u.id = j.created_by) as created_by_name, j.created_at, j.started_at, j.finished_at, j.cancel_requested_at`;

export const jobById = (db: Db, id: number) => queryOne<JobRow>(db, sql`select ${JOB_COLUMNS} from jobs j where j.id = ${id}`);

/**
 * pg-boss's database adapter over one of our handles (the pool, PGlite, or a transaction of either),
 * through the driver as it is: pg-boss reads its own rows with the driver's types.
 */
function bossDb(target: Database | Db): PgBoss.Db {
  const db = 'kind' in target ? target.db : target;
  const client = driverClientOf(db) as unknown as {
    query(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
    exec?(text: string): Promise<{ rows: any[] }[]>;
  };
  return {
    async executeSql(text: string, values?: unknown[]) {
      // Several statements in one text (pg-boss's installation) take PGlite's simple protocol.
      if (!values?.length && client.exec) {
        const results = await client.exec(text);
        return { rows: results[results.length - 1]?.rows ?? [] };
      }
      return client.query(text, values ?? []);
    },
  };
}

/**
 * The server's one scheduler (README.md, docs/design.md#9-money-charges-and-time): each process ticks every job every
 * `everyMs`; a tick runs the job in a transaction under its advisory lock, only when the job is due (`scheduled_jobs`),
 * and moves its due time on in the same transaction. Several processes on one database thus run a job once per period
 * whoever ticks first; a run that fails (or dies with its process) commits nothing, so the job stays due and is retried,
 * after a failure later and later (`retryDelayMs`). A job is a function of the database and the time.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { startTimer } from './metrics';
import type { Transaction } from './transaction';

export interface ScheduledJob {
  /** For the log. */
  name: string;
  /** Any constant of the job's own: the advisory lock's key (distinct from db/client.ts's migration lock). */
  lockKey: number;
  everyMs: number;
  run(tx: Transaction, now: Date): Promise<unknown>;
}

/** One tick: runs the job unless another process holds its lock; answers whether it ran. */
export const runJobOnce = async (db: Database, job: ScheduledJob, now = new Date()): Promise<boolean> =>
  db.transaction(async (tx) => {
    const result: unknown = await tx.execute(sql`select pg_try_advisory_xact_lock(${job.lockKey}) as locked`);
    // node-postgres and PGlite both answer { rows }.
    const [row] = (result as { rows: { locked: boolean }[] }).rows;
    if (!row?.locked) {
      return false;
    }
    await job.run(tx, now);
    return true;
  });

/**
 * A due time is moved on by a little less than the period, so that a process whose timer fires a few milliseconds
 * early still finds the job due: without it, a job ticked by two processes would run every other period.
 */
const DUE_EARLY_FRACTION = 0.1;

/** After `failures` failed runs in a row the job waits this long: its period doubled each time, at most an hour. */
export const retryDelayMs = (job: Pick<ScheduledJob, 'everyMs'>, failures: number) =>
  Math.min(job.everyMs * 2 ** Math.min(failures, 20), Math.max(job.everyMs, 3_600_000));

export type TickOutcome = 'ran' | 'skipped' | 'not_due' | 'failed';

/**
 * One tick of a scheduled job in this process: 'skipped' while another process runs it, 'not_due' when another ran it
 * this period (or it waits after failures), 'ran' once it ran and committed; 'failed' when it threw (nothing it wrote is
 * kept; the failure is recorded, and the job retried later).
 */
export const runDueJob = async (db: Database, job: ScheduledJob, now = new Date()): Promise<TickOutcome> => {
  try {
    return await db.transaction(async (tx) => {
      const result: unknown = await tx.execute(sql`select pg_try_advisory_xact_lock(${job.lockKey}) as locked`);
      if (!(result as { rows: { locked: boolean }[] }).rows[0]?.locked) {
        return 'skipped';
      }
      const due: unknown = await tx.execute(
        sql`select next_run_at <= ${now.toISOString()}::timestamptz as due from scheduled_jobs where name = ${job.name}`,
      );
      const [row] = (due as { rows: { due: boolean }[] }).rows;
      if (row && !row.due) {
        return 'not_due';
      }
      await job.run(tx, now);
      const next = new Date(now.getTime() + Math.round(job.everyMs * (1 - DUE_EARLY_FRACTION))).toISOString();
      await tx.execute(
        sql`insert into scheduled_jobs (name, next_run_at, last_run_at, failures)
            values (${job.name}, ${next}::timestamptz, ${now.toISOString()}::timestamptz, 0)
            on conflict (name) do update set next_run_at = excluded.next_run_at, last_run_at = excluded.last_run_at,
              failures = 0`,
      );
      return 'ran';
    });
  } catch (error) {
    // The run's own writes are gone with its transaction; its failure is kept, and its next attempt put off.
    const message = error instanceof Error ? error.message : String(error);
    await db
      .transaction(async (tx) => {
        const result: unknown = await tx.execute(
          sql`insert into scheduled_jobs (name, next_run_at, failures, last_failed_at, last_error)
              values (${job.name}, ${now.toISOString()}::timestamptz, 1, ${now.toISOString()}::timestamptz, ${message})
              on conflict (name) do update set failures = scheduled_jobs.failures + 1,
                last_failed_at = excluded.last_failed_at, last_error = excluded.last_error
              returning failures`,
        );
        const failures = (result as { rows: { failures: number }[] }).rows[0]?.failures ?? 1;
        const next = new Date(now.getTime() + retryDelayMs(job, failures)).toISOString();
        await tx.execute(sql`update scheduled_jobs set next_run_at = ${next}::timestamptz where name = ${job.name}`);
      })
      .catch(() => undefined);
    throw error;
  }
};

/** Starts the job with the app (after `ready`) and stops it on close. */
export const scheduleJob = (app: FastifyInstance, db: Database, job: ScheduledJob): void => {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let isClosed = false;
  const tick = () => {
    running = running.then(async () => {
      if (isClosed) {
        return;
      }
      const elapsed = startTimer();
      let outcome: TickOutcome = 'failed';
      try {
        outcome = await runDueJob(db, job);
      } catch (error) {
        app.log.error({ err: error, job: job.name }, 'scheduled job failed');
      }
      app.metrics.jobRuns.observe({ job: job.name, outcome }, elapsed());
    });
  };
  app.addHook('onReady', async () => {
    tick();
    timer = setInterval(tick, job.everyMs);
    // A job alone never keeps the process alive.
    timer.unref();
  });
  app.addHook('onClose', async () => {
    isClosed = true;
    clearInterval(timer);
    await running;
  });
};

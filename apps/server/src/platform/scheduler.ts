/**
 * The server's one scheduler (README.md, docs/design.md#9-money-charges-and-time): each tick in a transaction under an
 * advisory lock, so that several processes on one database run it once; a job is a function of the database and the time.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
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
      try {
        await runJobOnce(db, job);
      } catch (error) {
        app.log.error({ err: error, job: job.name }, 'scheduled job failed');
      }
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

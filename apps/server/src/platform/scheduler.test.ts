import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app';
import { listVersions } from './list-versions.tables';
import { retryDelayMs, runDueJob, type ScheduledJob } from './scheduler';
import { scheduledJobs } from './scheduler.tables';

// The scheduler's ticks (scheduler.ts): a job runs once per period whoever ticks, a failed run keeps nothing it wrote
// and is retried later and later, and a success starts the count again. On the embedded database and on PostgreSQL.
let ctx: TestContext;
const db = () => ctx.database.db;
let serial = 0;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

/** A job that counts its runs and, while `failing`, writes a row and then throws. */
const countingJob = (everyMs: number) => {
  serial += 1;
  const name = `test.job-${serial}-${Date.now()}`;
  const state = { runs: 0, failing: false };
  const job: ScheduledJob = {
    name,
    lockKey: 0x5c4ed000 + serial,
    everyMs,
    run: async (tx) => {
      state.runs += 1;
      if (state.failing) {
        await tx.insert(listVersions).values({ name, version: 1 });
        throw new Error('the job broke');
      }
    },
  };
  return { job, state };
};

const rowOf = async (name: string) => (await db().select().from(scheduledJobs).where(eq(scheduledJobs.name, name)))[0];

const at = (start: Date, ms: number) => new Date(start.getTime() + ms);

describe('a scheduled job', () => {
  it('runs once per period, whichever process ticks: a tick a little early still finds it due', async () => {
    const { job, state } = countingJob(10_000);
    const start = new Date('2026-11-29T06:00:00Z');
    expect(await runDueJob(db(), job, start)).toBe('ran');
    // Another process's tick later in the same period.
    expect(await runDueJob(db(), job, at(start, 5_000))).toBe('not_due');
    // The next period's tick, its timer a little early.
    expect(await runDueJob(db(), job, at(start, 9_500))).toBe('ran');
    expect(state.runs).toBe(2);
    const row = await rowOf(job.name);
    expect(row?.lastRunAt?.toISOString()).toBe(at(start, 9_500).toISOString());
    expect(row?.failures).toBe(0);
  });

  it('ticked by many at the same moment, runs once', async () => {
    const { job, state } = countingJob(60_000);
    const now = new Date('2026-11-29T07:00:00Z');
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => runDueJob(db(), job, now)));
    expect(outcomes.filter((outcome) => outcome === 'ran')).toHaveLength(1);
    expect(outcomes.every((outcome) => ['ran', 'not_due', 'skipped'].includes(outcome))).toBe(true);
    expect(state.runs).toBe(1);
  });

  it('keeps nothing of a failed run, records it, retries it later and later, and forgets it after a success', async () => {
    const { job, state } = countingJob(10_000);
    const start = new Date('2026-11-29T08:00:00Z');
    state.failing = true;
    await expect(runDueJob(db(), job, start)).rejects.toThrow('the job broke');
    // What the run wrote went with its transaction.
    expect(await db().select().from(listVersions).where(eq(listVersions.name, job.name))).toEqual([]);
    let row = await rowOf(job.name);
    expect(row).toMatchObject({ failures: 1, lastError: 'the job broke' });
    expect(row?.nextRunAt.toISOString()).toBe(at(start, retryDelayMs(job, 1)).toISOString());

    // Not retried before its delay; then retried, and failing again it waits twice as long.
    expect(await runDueJob(db(), job, at(start, 10_000))).toBe('not_due');
    await expect(runDueJob(db(), job, at(start, 20_000))).rejects.toThrow('the job broke');
    row = await rowOf(job.name);
    expect(row?.failures).toBe(2);
    expect(row?.nextRunAt.toISOString()).toBe(at(start, 20_000 + retryDelayMs(job, 2)).toISOString());

    state.failing = false;
    expect(await runDueJob(db(), job, at(start, 20_000 + retryDelayMs(job, 2)))).toBe('ran');
    row = await rowOf(job.name);
    expect(row?.failures).toBe(0);
    expect(state.runs).toBe(3);
  });

  it('waits at most an hour between retries, or its period when that is longer', () => {
    const job = { everyMs: 60_000 };
    expect([1, 2, 3].map((failures) => retryDelayMs(job, failures))).toEqual([120_000, 240_000, 480_000]);
    expect(retryDelayMs(job, 50)).toBe(3_600_000);
    expect(retryDelayMs({ everyMs: 86_400_000 }, 3)).toBe(86_400_000);
  });

  it('is due from its first tick, before any process has run it', async () => {
    const { job } = countingJob(10_000);
    const rows = await db().execute(sql`select count(*)::int as n from scheduled_jobs where name = ${job.name}`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    expect(await runDueJob(db(), job, new Date())).toBe('ran');
  });
});

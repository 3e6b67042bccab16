import { integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * A scheduled job's bookkeeping (scheduler.ts): when it is next due across every process, and how its last run went.
 * A run's effects and its row's advance commit in one transaction: a run that fails or dies with its process leaves the
 * job due, and the next tick of any process runs it again.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: varchar('name', { length: 63 }).primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  /** Failed runs in a row; each one puts the next attempt further off (scheduler.ts, `retryDelayMs`). */
  failures: integer('failures').notNull().default(0),
  lastFailedAt: timestamp('last_failed_at', { withTimezone: true }),
  lastError: text('last_error'),
});

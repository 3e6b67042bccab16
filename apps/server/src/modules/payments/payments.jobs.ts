/**
 * The payments' scheduled jobs (docs/product/payments.md#4-states-and-rules), each once across processes:
 * - the late payments' status checks, every PAYMENT_CHECK_AFTER_S / 2: a payment whose callback never came is asked of
 *   the provider and settled as it says (paid: credited once; unpaid past its lifetime: expired);
 * - the daily reconciliation: every open payment asked, then the payments and the ledger compared; a mismatch is
 *   logged here and raised by the alerts' nightly ledger check (modules/alerts, `ledger_mismatch`);
 * - the automatic top-ups, every AUTO_TOP_UP_CHECK_S: the drivers due are read in the job's transaction, and each is
 *   started after it (payments.auto-top-up.ts): a payment's row must be committed before its provider is asked, or
 *   the callback, which may come at once, would not find it.
 */
import type { ScheduledJob } from '../../platform/scheduler';
import type { AutoTopUps } from './payments.auto-top-up';
import type { Payments } from './payments.service';

export const paymentsCheckJob = (payments: Payments, checkAfterS: number): ScheduledJob => ({
  name: 'payments.check',
  lockKey: 720_390_101,
  everyMs: Math.max(30, Math.floor(checkAfterS / 2)) * 1000,
  async run(tx, now) {
    if (payments.available()) {
      await payments.checkOpen(now, 100, tx);
    }
  },
});

export const reconcileJob = (
  payments: Payments,
  log: { error: (object: object, message: string) => void },
): ScheduledJob => ({
  name: 'payments.reconcile',
  lockKey: 720_390_102,
  everyMs: 86_400_000,
  async run(tx, now) {
    const mismatches = await payments.reconcile(now, tx);
    if (mismatches.length > 0) {
      log.error({ mismatches: mismatches.slice(0, 20), count: mismatches.length }, 'payments: the ledger disagrees');
    }
  },
});

export const autoTopUpJob = (
  autoTopUps: AutoTopUps,
  checkS: number,
  log: { error: (object: object, message: string) => void },
): ScheduledJob => {
  // One batch at a time in this process; another process's batch is kept apart by the database (one open each).
  let running: Promise<unknown> = Promise.resolve();
  return {
    name: 'payments.auto-top-up',
    lockKey: 720_390_103,
    everyMs: checkS * 1000,
    async run(tx, now) {
      const due = await autoTopUps.due(now, 100, tx);
      if (due.length === 0) {
        return;
      }
      running = running.then(async () => {
        for (const userId of due) {
          try {
            await autoTopUps.start(userId);
          } catch (error) {
            log.error({ err: error, userId }, 'payments: an automatic top-up failed to start');
          }
        }
      });
    },
  };
};

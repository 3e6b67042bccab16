/**
 * The payments' scheduled jobs (docs/product/payments.md#4-states-and-rules), each once across processes:
 * - the late payments' status checks, every PAYMENT_CHECK_AFTER_S / 2: a payment whose callback never came is asked of
 *   the provider and settled as it says (paid: credited once; unpaid past its lifetime: expired);
 * - the daily reconciliation: every open payment asked, then the payments and the ledger compared; a mismatch is
 *   logged here and raised by the alerts' nightly ledger check (modules/alerts, `ledger_mismatch`).
 */
import type { ScheduledJob } from '../../platform/scheduler';
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

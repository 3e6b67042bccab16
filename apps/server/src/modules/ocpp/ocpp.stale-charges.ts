/**
 * Running charges nobody hears of any more (issue 17, item 3): no meter value for OCPP_STALE_CHARGE_S, because the
 * charge point went away mid-session, lost the transaction, or never existed (an operator-entered charge left
 * running). The scheduler closes them through THE charges engine, at their last meter reading.
 *
 * Status 'stopped', not 'not_completed': the energy up to the last meter value was delivered and metered, so it is
 * booked and paid as a stop without the charge point would book it ('not_completed' books nothing and would give that
 * energy away); closed_by 'auto' tells these charges from the others.
 */
import { and, asc, inArray, lt } from 'drizzle-orm';
import { formatSom, RUNNING_CHARGE_STATUSES } from '@zaryad/contracts';
import type { ScheduledJob } from '../../platform/scheduler';
import type { Transaction } from '../../platform/transaction';
import { recordAudit, SYSTEM_ACTOR } from '../audit';
import { charges, finishCharge, formatKwh } from '../charges';

/** The advisory lock of the job (scheduler.ts): distinct from the other jobs' keys. */
const STALE_LOCK_KEY = 720_170_001;
/** Charges closed per tick at most: a network-wide outage is worked off over a few ticks, not in one long transaction. */
const PER_TICK = 500;

/**
 * Closes the running charges whose last meter value is older than `staleS` seconds at `now`, each in a savepoint of
 * `tx` with the charge row locked; a charge that heard a meter value meanwhile, or that ended meanwhile (a stop, its
 * StopTransaction, another process's tick), is left as it is. Answers the ids it closed.
 */
export const closeStaleCharges = async (tx: Transaction, now: Date, staleS: number): Promise<number[]> => {
  const cutoff = new Date(now.getTime() - staleS * 1000);
  const stale = await tx
    .select({ id: charges.id })
    .from(charges)
    .where(and(inArray(charges.status, [...RUNNING_CHARGE_STATUSES]), lt(charges.meterAt, cutoff)))
    .orderBy(asc(charges.meterAt))
    .limit(PER_TICK);
  const closed: number[] = [];
  for (const { id } of stale) {
    const result = await finishCharge(tx, {
      chargeId: id,
      status: 'stopped',
      closedBy: 'auto',
      finishedAt: now,
      onlyIf: (charge) => charge.meterAt < cutoff,
      afterFinish: (inner, ended, before) =>
        recordAudit(inner, {
          actor: SYSTEM_ACTOR,
          action: 'auto_finish',
          entity: 'charge',
          entityId: ended.id,
          before: { status: before.status, closed_by: null, meter_at: before.meterAt },
          after: {
            status: ended.status,
            transaction_status: ended.transactionStatus,
            closed_by: ended.closedBy,
            consumption_kwh: formatKwh(ended.energyWh),
            total_cost: formatSom(ended.totalCost),
          },
        }),
    });
    if (result?.finished) {
      closed.push(id);
    }
  }
  return closed.sort((a, b) => a - b);
};

/** The scheduled job: every minute, charges silent for `staleS` seconds. */
export const staleChargesJob = (staleS: number): ScheduledJob => ({
  name: 'ocpp.stale-charges',
  lockKey: STALE_LOCK_KEY,
  everyMs: 60_000,
  run: (tx, now) => closeStaleCharges(tx, now, staleS),
});

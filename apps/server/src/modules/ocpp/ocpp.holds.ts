/**
 * The holds job (docs/product/payments.md#holds): every HOLD_CHECK_S, once across processes, each running charge paid
 * from the balance is priced as the list prices it (runningPrices, less its discount) and its hold is checked by the
 * charges engine's rule (`nextHold`): raised, under the driver's row lock, when the cost so far and the lead no longer
 * fit; and when the balance cannot cover them, the charge point is told RemoteStopTransaction, so that the charge stops
 * before its cost passes the balance. The finish then debits at most what the balance holds (never below zero) and
 * closes the charge `closed_by: balance`.
 *
 * A stop is asked once, and again after STOP_AGAIN_MS while the charge still runs (a lost answer, a charge point that
 * was away). Each raise is a savepoint of the job's transaction (PGlite has one connection); the RemoteStops are sent
 * without waiting for the charge points' answers, so that the job holds its locks for the checks only.
 */
import { RUNNING_CHARGE_STATUSES } from '@zaryad/contracts';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { ChargePointGateway } from '../../platform/charge-points';
import type { ScheduledJob } from '../../platform/scheduler';
import type { Transaction } from '../../platform/transaction';
import {
  chargeCost,
  charges,
  holdLead,
  nextHold,
  readHoldConfig,
  runningPrices,
  type HoldConfig,
  type TChargeRow,
} from '../charges';
import { chargeHolds, heldBy, lockDriver } from '../users';

const HOLDS_LOCK_KEY = 720_390_001;
/** A stop asked and not followed by the charge's end is asked again after this long. */
export const STOP_AGAIN_MS = 60_000;
/**
 * Running charges read and priced a page at a time: each page's rows are mapped and priced in one go on the event loop,
 * which 2,000 charges and their meter rises held for a quarter of a second while charge points waited for their answers
 * (docs/benchmarks.md, section 7). Every running charge is looked at on every tick, page after page. With the rises read
 * a row a charge (runningPrices), a page of 250 still held the loop for 30-56 ms on a quiet host: pages of 100 now.
 */
const HOLDS_PAGE = 100;

export interface HoldCheck {
  chargeId: number;
  hold: bigint;
  cost: bigint;
  /** The hold after the check. */
  raisedTo: bigint;
  stop: boolean;
}

/**
 * Checks every running charge's hold at `now`: raises the holds that must rise, marks the charges that must stop, and
 * answers what it decided (the charges to stop with their station and transaction).
 */
export const checkHolds = async (
  db: Database | Transaction,
  config: HoldConfig,
  now: Date,
  pageSize = HOLDS_PAGE,
): Promise<HoldDecisions> => {
  const decided: HoldDecisions = { checks: [], stops: [] };
  let after = 0;
  let page: RunningWithHold[];
  do {
    page = await db
      .select({ charge: charges, hold: chargeHolds.amount, stopRequestedAt: chargeHolds.stopRequestedAt })
      .from(chargeHolds)
      .innerJoin(charges, eq(charges.id, chargeHolds.chargeId))
      .where(
        and(
          isNull(chargeHolds.releasedAt),
          inArray(charges.status, [...RUNNING_CHARGE_STATUSES]),
          gt(chargeHolds.chargeId, after),
        ),
      )
      .orderBy(asc(chargeHolds.chargeId))
      .limit(pageSize);
    await checkPage(db, config, now, page, decided);
    after = page.at(-1)?.charge.id ?? after;
  } while (page.length === pageSize);
  return decided;
};

interface HoldStop {
  chargeId: number;
  stationId: number;
  transactionId: number | null;
}

interface HoldDecisions {
  checks: HoldCheck[];
  /** The charges to ask to stop, with their station and transaction. */
  stops: HoldStop[];
}

interface RunningWithHold {
  charge: TChargeRow;
  hold: bigint;
  stopRequestedAt: Date | null;
}

/** One page of running charges priced, and each hold that must rise raised, into `decided`. */
const checkPage = async (
  db: Database | Transaction,
  config: HoldConfig,
  now: Date,
  running: RunningWithHold[],
  { checks, stops }: HoldDecisions,
) => {
  const prices = await runningPrices(
    db,
    running.map((row) => row.charge),
  );
  for (const { charge, hold, stopRequestedAt } of running) {
    if (charge.userId === null) {
      continue;
    }
    const priced = prices.get(charge.id);
    const cost = chargeCost(priced?.amount ?? 0n, charge.discountPercent, charge.discountFixed).totalCost;
    const lead = holdLead(config, charge.pricePerKwh, charge.connectorPowerW);
    if (cost + lead <= hold) {
      continue;
    }
    const userId = charge.userId;
    // Raised under the driver's row lock: the driver's other charges, a refund or a correction wait, and see it.
    const decision = await (db as Database).transaction(async (tx) => {
      const balance = await lockDriver(tx, userId);
      const [current] = await tx
        .select({ amount: chargeHolds.amount, releasedAt: chargeHolds.releasedAt })
        .from(chargeHolds)
        .where(eq(chargeHolds.chargeId, charge.id));
      if (!current || current.releasedAt !== null) {
        return null;
      }
      const available = balance - (await heldBy(tx, userId));
      const next = nextHold({ hold: current.amount, cost, available, lead });
      const stopNow =
        next.stop && (stopRequestedAt === null || now.getTime() - stopRequestedAt.getTime() >= STOP_AGAIN_MS);
      if (next.hold !== current.amount || stopNow) {
        await tx
          .update(chargeHolds)
          .set({
            amount: next.hold,
            updatedAt: now,
            ...(next.hold !== current.amount && { rises: sql`${chargeHolds.rises} + 1` }),
            ...(stopNow && { stopRequestedAt: now }),
          })
          .where(eq(chargeHolds.chargeId, charge.id));
      }
      return { next, stopNow, hold: current.amount };
    });
    if (!decision) {
      continue;
    }
    checks.push({
      chargeId: charge.id,
      hold: decision.hold,
      cost,
      raisedTo: decision.next.hold,
      stop: decision.next.stop,
    });
    if (decision.stopNow) {
      stops.push({ chargeId: charge.id, stationId: charge.stationId, transactionId: charge.ocppTransactionId });
    }
  }
};

/** The scheduled job: checks, then sends the stops it decided. */
export const holdsJob = (
  gateway: () => ChargePointGateway,
  log: { warn: (object: object, message: string) => void },
  config: HoldConfig = readHoldConfig(),
): ScheduledJob => ({
  name: 'ocpp.holds',
  lockKey: HOLDS_LOCK_KEY,
  everyMs: config.checkSeconds * 1000,
  async run(tx, now) {
    const { stops } = await checkHolds(tx, config, now);
    for (const stop of stops) {
      void gateway()
        .send({
          stationId: stop.stationId,
          action: 'RemoteStopTransaction',
          payload: { transactionId: stop.transactionId },
          accountId: null,
        })
        .then((outcome) => {
          if (outcome.status !== 'accepted') {
            log.warn({ ...stop, outcome: outcome.status }, 'holds: the charge point did not accept the stop');
          }
        })
        .catch((error: unknown) => log.warn({ ...stop, error }, 'holds: the stop could not be sent'));
    }
  },
});

/**
 * The holds job (docs/product/payments.md#holds): every HOLD_CHECK_S, once across processes, each running charge paid
 * from the balance is priced as the list prices it (runningPrices, less its discount) and its hold is checked by the
 * charges engine's rule (`nextHold`): raised, under the driver's row lock, when the cost so far and the lead no longer
 * fit; and when the balance cannot cover them, the charge point is told RemoteStopTransaction, so that the charge stops
 * before its cost passes the balance. The finish then debits at most what the balance holds (never below zero) and
 * closes the charge `closed_by: balance`.
 *
 * A stop is asked once, and again after STOP_AGAIN_MS while the charge still runs (a lost answer, a charge point that
 * was away). A page's raises are one savepoint of the job's transaction (PGlite has one connection) with four
 * statements, whatever their number (a raise was a savepoint of its own with four: at 2,000 running charges a check
 * sent thousands); the RemoteStops are sent without waiting for the charge points' answers, so that the job holds its
 * locks for the checks only.
 */
import { RUNNING_CHARGE_STATUSES } from '@zaryad/contracts';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { ChargePointGateway } from '../../platform/charge-points';
import type { ScheduledJob } from '../../platform/scheduler';
import { sqlArray } from '../../platform/sql-arrays';
import type { Transaction } from '../../platform/transaction';
import {
  chargeCost,
  charges,
  holdLead,
  nextHold,
  readHoldConfig,
  runningPrices,
  type HoldConfig,
  type HoldDecision,
  type TChargeRow,
  type TPricedCharge,
} from '../charges';
import { chargeHolds, heldByUsers, lockDrivers } from '../users';

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
      .select({
        charge: {
          id: charges.id,
          userId: charges.userId,
          stationId: charges.stationId,
          ocppTransactionId: charges.ocppTransactionId,
          rateId: charges.rateId,
          startedAt: charges.startedAt,
          meterAt: charges.meterAt,
          pricePerKwh: charges.pricePerKwh,
          meterStartWh: charges.meterStartWh,
          meterLastWh: charges.meterLastWh,
          connectorPowerW: charges.connectorPowerW,
          discountPercent: charges.discountPercent,
          discountFixed: charges.discountFixed,
        },
        hold: chargeHolds.amount,
        stopRequestedAt: chargeHolds.stopRequestedAt,
      })
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
  charge: TPricedCharge &
    Pick<TChargeRow, 'userId' | 'stationId' | 'ocppTransactionId' | 'discountPercent' | 'discountFixed'>;
  hold: bigint;
  stopRequestedAt: Date | null;
}

/** A running charge whose hold no longer covers its cost so far and the lead, as the page read it. */
interface Short {
  row: RunningWithHold;
  userId: number;
  cost: bigint;
  lead: bigint;
}

/**
 * One page of running charges priced, and each hold that must rise raised, into `decided`. The holds that fall short
 * are settled together, in one savepoint: their drivers locked (in the order of their ids), their holds and the
 * drivers' other holds read again under the locks, and every change written by one statement. A driver's charges of
 * the page are settled one after another, each rise taken from what the driver had left after the one before.
 */
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
  const short: Short[] = [];
  for (const row of running) {
    const { charge } = row;
    if (charge.userId === null) {
      continue;
    }
    const priced = prices.get(charge.id);
    const cost = chargeCost(priced?.amount ?? 0n, charge.discountPercent, charge.discountFixed).totalCost;
    const lead = holdLead(config, charge.pricePerKwh, charge.connectorPowerW);
    if (cost + lead > row.hold) {
      short.push({ row, userId: charge.userId, cost, lead });
    }
  }
  if (short.length === 0) {
    return;
  }
  // Raised under the drivers' row locks: their other charges, a refund or a correction wait, and see it.
  const settled = await (db as Database).transaction(async (tx) => {
    const userIds = [...new Set(short.map(({ userId }) => userId))].sort((a, b) => a - b);
    const balances = await lockDrivers(tx, userIds);
    const current = new Map(
      (
        await tx
          .select({ chargeId: chargeHolds.chargeId, amount: chargeHolds.amount, releasedAt: chargeHolds.releasedAt })
          .from(chargeHolds)
          .where(
            inArray(
              chargeHolds.chargeId,
              short.map(({ row }) => row.charge.id),
            ),
          )
      ).map((hold) => [hold.chargeId, hold] as const),
    );
    const held = await heldByUsers(tx, userIds);
    const available = new Map(userIds.map((id) => [id, (balances.get(id) ?? 0n) - (held.get(id) ?? 0n)]));
    const decisions: { short: Short; hold: bigint; next: HoldDecision; stopNow: boolean }[] = [];
    for (const item of short) {
      const hold = current.get(item.row.charge.id);
      if (!hold || hold.releasedAt !== null) {
        continue;
      }
      const next = nextHold({
        hold: hold.amount,
        cost: item.cost,
        available: available.get(item.userId) ?? 0n,
        lead: item.lead,
      });
      const { stopRequestedAt } = item.row;
      const stopNow =
        next.stop && (stopRequestedAt === null || now.getTime() - stopRequestedAt.getTime() >= STOP_AGAIN_MS);
      available.set(item.userId, (available.get(item.userId) ?? 0n) - (next.hold - hold.amount));
      decisions.push({ short: item, hold: hold.amount, next, stopNow });
    }
    const changed = decisions.filter(({ hold, next, stopNow }) => next.hold !== hold || stopNow);
    if (changed.length > 0) {
      await tx.execute(sql`
        update ${chargeHolds} h
        set amount = v.amount,
            updated_at = ${now},
            rises = h.rises + v.rise,
            stop_requested_at = case when v.stop then ${now} else h.stop_requested_at end
        from unnest(
          ${sqlArray(changed.map(({ short: item }) => item.row.charge.id))}::bigint[],
          ${sqlArray(changed.map(({ next }) => next.hold))}::bigint[],
          ${sqlArray(changed.map(({ hold, next }) => (next.hold !== hold ? 1 : 0)))}::int[],
          ${sqlArray(changed.map(({ stopNow }) => stopNow))}::boolean[]
        ) as v(charge_id, amount, rise, stop)
        where h.charge_id = v.charge_id
      `);
    }
    return decisions;
  });
  for (const { short: item, hold, next, stopNow } of settled) {
    const { charge } = item.row;
    checks.push({ chargeId: charge.id, hold, cost: item.cost, raisedTo: next.hold, stop: next.stop });
    if (stopNow) {
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

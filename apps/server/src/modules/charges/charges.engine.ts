/**
 * The one charges service's life cycle (docs/design.md#9-money-charges-and-time): start a charge, take its meter values, finish it. The stop
 * action uses it now, the charge-point connection (OCPP) and the demo seed later: whoever asks, the money is computed
 * and booked here only.
 *
 * Finishing is one transaction: the charge row locked, consumption and cost from the tariff fixed at the start less the
 * discount, the balance debited through the ledger when paid by balance (never more than the balance less the driver's
 * other holds: what it cannot take is the charge's shortfall, and the balance never goes below zero through a charge),
 * the charge's hold released (charges.holds.ts), the statuses, and the station's daily rollup. A second finish finds
 * the charge ended and changes nothing.
 */
import {
  parseTyiyn,
  type TChargeCloser,
  type TChargeSource,
  type TChargeStatus,
  type TPaymentMethod,
  type TPlatform,
  type TTariffKind,
  type TTariffSource,
} from '@zaryad/contracts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ApiError } from '../../http/api-errors';
import { placeholder, prepared } from '../../platform/prepared';
import type { Transaction } from '../../platform/transaction';
import { choosePromotion, settleRedemptions } from '../promotions';
import {
  energyOnlyTariff,
  priceAt,
  priceCharge,
  type PriceResult,
  rateVersions,
  type TariffVersion,
  toTariffVersion,
  versionAt,
  versionsDuring,
  versionsFrom,
} from '../rates';
import { rewardReferral } from '../referrals';
import { connectorTariff, groupBy } from '../stations';
import { appUsers, availableLocked, balanceEntries, chargeHolds, lockDriver, otherHoldsOf } from '../users';
import { placeHold } from './charges.holds';
import { chargeMeterSamples, charges } from './charges.tables';

export type TChargeRow = typeof charges.$inferSelect;

const RUNNING: TChargeStatus[] = ['initiated', 'in_progress', 'pause'];
export const isRunning = (status: string) => (RUNNING as string[]).includes(status);

/** How a charge may end: the first two are charges that delivered, the rest failed ones. */
export type TEndStatus = Extract<TChargeStatus, 'finished' | 'stopped' | 'canceled' | 'not_completed' | 'unauthorized'>;

export interface StartCharge {
  userId: number | null;
  stationId: number;
  /** The OCPP connectorId (ocpp_16_id) at the station. */
  connectorOcppId: number;
  source: TChargeSource;
  paymentMethod: TPaymentMethod;
  idTag?: string | null;
  appVersion?: string;
  platform?: TPlatform | null;
  meterStartWh?: number;
  startedAt?: Date;
  /** A promotion applied to this charge: its id, a percentage and/or a fixed amount in tyiyn. */
  promotion?: { id: number; percent: number; fixedTyiyn: bigint } | null;
  /** 'initiated' until the charge point confirms (OCPP), 'in_progress' when it already runs. */
  status?: Extract<TChargeStatus, 'initiated' | 'in_progress'>;
  /**
   * A charge paid from the balance holds part of it while it runs (charges.holds.ts); false for a charge told whole by
   * bookCharges, which finishes in the same transaction.
   */
  hold?: boolean;
}

/** How a charge names its connector: `CCS2 · 60 kW`, kept as it was at the start. */
const connectorLabel = (connector: { typeName: string; power: string | number }) =>
  `${connector.typeName} · ${Number(connector.power)} kW`.slice(0, 64);

/** Watts of a power in kW kept as numeric text (`"7.40"`), without floating point. */
const powerWatts = (power: string) => Number(parseTyiyn(power) ?? 0n) * 10;

const TARIFF_KIND: Record<TTariffSource, TTariffKind> = {
  personal: 'personal',
  custom_fee: 'personal',
  merchant: 'merchant',
  default: 'default',
};

/** The connector, its name and the tariff of a charge starting at `at` (stations' connectorTariff decides which). */
const connectorAndTariff = async (tx: Transaction | Database, stationId: number, ocppId: number, at: Date) => {
  const found = await connectorTariff(tx, { stationId, ocppId });
  if (!found) {
    throw new ApiError(404, `connector_not_found:${ocppId}`);
  }
  const { connector, tariff } = found;
  if (!tariff) {
    throw new ApiError(409, 'charge_no_tariff');
  }
  const powerW = powerWatts(connector.power);
  const name = connectorLabel(connector);
  if (tariff.rateId === null) {
    return {
      connector,
      name,
      powerW,
      kind: TARIFF_KIND[tariff.source],
      rateId: null,
      price: parseTyiyn(tariff.customFee ?? '0') ?? 0n,
    };
  }
  const versions = await versionsDuring(tx, tariff.rateId, at, at);
  const price = priceAt(versionAt(versions, at.getTime()).tariff, 'energy', at.getTime(), powerW / 1000);
  return { connector, name, powerW, kind: TARIFF_KIND[tariff.source], rateId: tariff.rateId, price };
};

/** Starts a charge with its tariff fixed now, and its hold on the balance in the same transaction. */
export const startCharge = async (db: Database | Transaction, start: StartCharge): Promise<TChargeRow> =>
  (db as Database).transaction(async (tx) => {
    const holds = start.hold !== false && start.paymentMethod === 'personal_balance' && start.userId !== null;
    // The driver's row first: the charge's insert takes a key-share lock on it (its foreign key) and the rollups'
    // rows, and a second start of the driver would otherwise hold the rollups while waiting for this one's share. What
    // the hold may take is read here too, under that lock, and the hold written before the charge: from the charge's
    // insert to the commit the network's rollup rows are held, and every start of the network waits for them in turn,
    // so only the commit is left in that span (three statements more there made 2,000 starts at once queue past the
    // charge points' 30 s wait: docs/benchmarks.md, section 7).
    const available = holds ? await availableLocked(tx, start.userId!) : undefined;
    const values = await chargeValues(tx, start);
    if (!holds) {
      return insertCharge(tx, values);
    }
    // The hold goes in before the charge, with the charge's id taken first (charge_holds has no foreign key to it):
    // after the insert only the commit is left.
    const id = await nextChargeId(tx);
    await placeHold(tx, {
      id,
      userId: start.userId!,
      pricePerKwh: values.pricePerKwh,
      connectorPowerW: values.connectorPowerW,
      available,
    });
    return insertCharge(tx, { ...values, id });
  });

/** The next charge id of the table's own sequence, for a charge whose hold is written before it. */
const nextChargeId = async (tx: Transaction) => {
  const result = (await tx.execute(
    sql`select nextval(pg_get_serial_sequence('charges', 'id'))::text as id`,
  )) as unknown as { rows: { id: string }[] };
  return Number(result.rows[0]?.id);
};

const insertCharge = async (db: Transaction, values: typeof charges.$inferInsert): Promise<TChargeRow> => {
  const [row] = await db.insert(charges).values(values).returning();
  if (!row) {
    throw new Error('the charge was not inserted');
  }
  return row;
};

/** A starting charge's row: its connector and its tariff fixed now. */
const chargeValues = async (
  db: Transaction,
  start: StartCharge,
): Promise<typeof charges.$inferInsert & { pricePerKwh: bigint; connectorPowerW: number }> => {
  const startedAt = start.startedAt ?? new Date();
  const { connector, name, powerW, kind, rateId, price } = await connectorAndTariff(
    db,
    start.stationId,
    start.connectorOcppId,
    startedAt,
  );
  const meterStart = start.meterStartWh ?? 0;
  return {
    userId: start.userId,
    stationId: start.stationId,
    connectorId: connector.id,
    connectorName: name,
    connectorOcppId: start.connectorOcppId,
    connectorPowerW: powerW,
    idTag: start.idTag ?? null,
    appVersion: start.appVersion ?? '',
    platform: start.platform ?? null,
    source: start.source,
    startedAt,
    meterStartWh: meterStart,
    meterLastWh: meterStart,
    // The server's own clock: a charge point's may lag, and staleness is measured in the server's time.
    meterAt: new Date(),
    tariffKind: kind,
    rateId,
    pricePerKwh: price,
    promotionId: start.promotion?.id ?? null,
    discountPercent: start.promotion?.percent ?? 0,
    discountFixed: start.promotion?.fixedTyiyn ?? 0n,
    paymentMethod: start.paymentMethod,
    status: start.status ?? 'in_progress',
  };
};

/**
 * A meter value of a running charge (OCPP MeterValues). The meter only moves forward: an older or lower value
 * changes nothing. Answers false when the charge no longer runs.
 */
export const recordMeterValue = async (
  db: Database | Transaction,
  chargeId: number,
  meterWh: number,
  at: Date = new Date(),
): Promise<boolean> => {
  // A reading that moves the meter is kept as a rise (pricing.ts reads them); read before the update moves it.
  await db.execute(sql`insert into ${chargeMeterSamples} (charge_id, wh, at)
    select ${charges.id}, ${meterWh}, ${at} from ${charges}
    where ${charges.id} = ${chargeId} and ${charges.meterLastWh} < ${meterWh} and ${inArray(charges.status, RUNNING)}
    on conflict do nothing`);
  const updated = await db
    .update(charges)
    .set({
      meterLastWh: sql`greatest(${charges.meterLastWh}, ${meterWh})`,
      // Heard of, even when the value did not move: the charge point still reports this charge.
      meterAt: at,
      status: sql`case when ${charges.status} = 'initiated' then 'in_progress' else ${charges.status} end`,
    })
    .where(and(eq(charges.id, chargeId), inArray(charges.status, RUNNING)))
    .returning({ id: charges.id });
  return updated.length > 0;
};

/** Integer division rounding half up, for non-negative values: rounding happens once, at the end. */
const divideHalfUp = (numerator: bigint, denominator: bigint) => (numerator * 2n + denominator) / (denominator * 2n);

// The statements of a finish are prepared (platform/prepared.ts): built, parsed and planned once, not on every finish.
const risesOf = prepared('charges_rises', (db) =>
  db
    .select({ wh: chargeMeterSamples.wh, at: chargeMeterSamples.at })
    .from(chargeMeterSamples)
    .where(eq(chargeMeterSamples.chargeId, sql.placeholder('chargeId'))),
);

/**
 * The inputs of a charge's price: the versions of its rate in force from its start to `until` (its price fixed at the
 * start when it has no rate: a custom fee, or a charge started before versions) and its meter's rises.
 */
export const pricingInputs = async (db: Database | Transaction, charge: TChargeRow, until: Date) => {
  const versions: TariffVersion[] =
    charge.rateId === null
      ? [{ id: null, effectiveFrom: charge.startedAt, tariff: energyOnlyTariff(charge.pricePerKwh) }]
      : await versionsDuring(db, charge.rateId, charge.startedAt, until);
  const rises = await risesOf(db, { chargeId: charge.id });
  return { versions, rises };
};

/** What a charge costs before any discount, ended at `finishedAt` with the meter at `meterStopWh` (pricing.ts). */
export const priceOf = async (
  db: Database | Transaction,
  charge: TChargeRow,
  finishedAt: Date,
  meterStopWh: number,
): Promise<PriceResult> => {
  const { versions, rises } = await pricingInputs(db, charge, finishedAt);
  return priceCharge({
    versions,
    startedAt: charge.startedAt,
    finishedAt,
    meterStartWh: charge.meterStartWh,
    meterStopWh,
    rises,
    powerKw: charge.connectorPowerW / 1000,
  });
};

/**
 * The cost so far of running charges (the list, the live board): each priced as if it ended at its last meter reading,
 * by the same priceCharge, with the inputs of all of them read in two queries.
 */
/** What pricing a running charge reads of its row. */
export type TPricedCharge = Pick<
  TChargeRow,
  'id' | 'rateId' | 'startedAt' | 'meterAt' | 'pricePerKwh' | 'meterStartWh' | 'meterLastWh' | 'connectorPowerW'
>;

export const runningPrices = async (
  db: Database | Transaction,
  running: TPricedCharge[],
): Promise<Map<number, PriceResult>> => {
  const result = new Map<number, PriceResult>();
  if (running.length === 0) {
    return result;
  }
  const rateIds = [...new Set(running.flatMap((charge) => (charge.rateId === null ? [] : [charge.rateId])))];
  const versionRows =
    rateIds.length === 0
      ? []
      : await db
          .select()
          .from(rateVersions)
          .where(inArray(rateVersions.rateId, rateIds))
          .orderBy(asc(rateVersions.effectiveFrom), asc(rateVersions.id));
  // One row a charge, its rises a JSON array of [wh, epoch ms] pairs: the holds job prices 2,000 running charges with
  // tens of thousands of rises, and a row a rise (each timestamp parsed into a Date by the driver, then mapped) held
  // the event loop for 100-150 ms a page while charge points waited for their answers (docs/benchmarks.md, 7). The
  // milliseconds are floored, as the driver's Date of the timestamp is.
  const riseRows = await db
    .select({
      chargeId: chargeMeterSamples.chargeId,
      rises: sql<[number, number][]>`json_agg(json_build_array(${chargeMeterSamples.wh},
        floor(extract(epoch from ${chargeMeterSamples.at}) * 1000)::bigint))`,
    })
    .from(chargeMeterSamples)
    .where(
      inArray(
        chargeMeterSamples.chargeId,
        running.map((charge) => charge.id),
      ),
    )
    .groupBy(chargeMeterSamples.chargeId);
  const versionsOf = new Map(
    [...groupBy(versionRows, (row) => row.rateId)].map(([id, rows]) => [id, rows.map(toTariffVersion)]),
  );
  const risesOf = new Map(
    riseRows.map((row) => [row.chargeId, row.rises.map(([wh, at]) => ({ wh, at: new Date(at) }))] as const),
  );
  for (const charge of running) {
    const until = charge.meterAt.getTime() > charge.startedAt.getTime() ? charge.meterAt : charge.startedAt;
    const versions: TariffVersion[] =
      charge.rateId === null
        ? [{ id: null, effectiveFrom: charge.startedAt, tariff: energyOnlyTariff(charge.pricePerKwh) }]
        : versionsFrom(versionsOf.get(charge.rateId) ?? [], charge.startedAt, until);
    if (versions.length === 0) {
      continue;
    }
    result.set(
      charge.id,
      priceCharge({
        versions,
        startedAt: charge.startedAt,
        finishedAt: until,
        meterStartWh: charge.meterStartWh,
        meterStopWh: charge.meterLastWh,
        rises: risesOf.get(charge.id) ?? [],
        powerKw: charge.connectorPowerW / 1000,
      }),
    );
  }
  return result;
};

/** A charge's amount less its discount: a percentage (half up) and a fixed sum, never more than the amount. */
export const chargeCost = (amount: bigint, discountPercent: number, discountFixed: bigint) => {
  const byPercent = divideHalfUp(amount * BigInt(discountPercent), 100n);
  const wanted = byPercent + discountFixed;
  const discount = wanted > amount ? amount : wanted;
  return { amount, discount, totalCost: amount - discount };
};

export type FinishCharge = FinishOptions &
  (
    | { chargeId: number }
    | {
        /**
         * A charge point's StopTransaction: the charge found by its station and OCPP transaction id, in the finish's
         * own locking read (no read before it), and its stop reading never below the readings it sent before (a
         * meter going backwards does not take energy back).
         */
        ocppTransaction: { stationId: number; transactionId: number };
      }
  );

interface FinishOptions {
  status: TEndStatus;
  /** The meter's stop value; the last value received when absent (a stop without the charge point). */
  meterStopWh?: number;
  finishedAt?: Date;
  /** The dashboard account that ended it (the stop action); null for the charge point and the seed. */
  accountId?: number | null;
  /** How it was closed; 'charge_point' unless told (its StopTransaction, the seed, a refused start). */
  closedBy?: TChargeCloser;
  /**
   * Checked on the locked row before anything changes: false leaves the charge as it is (`finished: false`). The
   * stale-charge job checks again that no meter value arrived since it chose the charge.
   */
  onlyIf?: (charge: TChargeRow) => boolean;
  /**
   * Writes that belong to this finish, in its transaction, run only when this call ended the charge (the stop action's
   * audit entry): a finish that found the charge already ended runs nothing.
   */
  afterFinish?: (tx: Transaction, ended: TChargeRow, before: TChargeRow) => Promise<void>;
}

export interface FinishResult {
  /** False when the charge had already ended: nothing was changed. */
  finished: boolean;
  charge: TChargeRow;
}

/** `"12.345"` kWh from watt-hours, without floating point. */
export const formatKwh = (wattHours: number) =>
  `${Math.trunc(wattHours / 1000)}.${String(wattHours % 1000).padStart(3, '0')}`;

/**
 * Ends a charge and books it (see the file's comment); harmless when it has already ended. Inside a transaction (a
 * scheduled job's) it runs as a savepoint of it.
 */
export const finishCharge = async (db: Database | Transaction, finish: FinishCharge): Promise<FinishResult | null> =>
  (db as Database).transaction(async (tx) => finishIn(tx, finish));

const lockCharge = prepared('finish_lock_charge', (db) =>
  db
    .select()
    .from(charges)
    .where(eq(charges.id, sql.placeholder('chargeId')))
    .for('update'),
);
const lockChargeByTransaction = prepared('finish_lock_charge_by_transaction', (db) =>
  db
    .select()
    .from(charges)
    .where(
      and(
        eq(charges.ocppTransactionId, sql.placeholder('transactionId')),
        eq(charges.stationId, sql.placeholder('stationId')),
      ),
    )
    .for('update'),
);
const insertChargePayment = prepared('finish_charge_payment', (db) =>
  db.insert(balanceEntries).values({
    userId: sql.placeholder('userId'),
    createdAt: sql.placeholder('createdAt'),
    basis: 'charge_payment',
    method: 'personal_balance',
    debit: sql.placeholder('debit'),
    chargeId: sql.placeholder('chargeId'),
    accountId: sql.placeholder('accountId'),
  }),
);
/** Releases the charge's hold, and sums the driver's (`userId`) other holds not released, in one statement. */
const releaseHold = prepared('finish_release_hold', (db) => {
  const released = db.$with('released').as(
    db
      .update(chargeHolds)
      .set({ releasedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(chargeHolds.chargeId, sql.placeholder('chargeId')), isNull(chargeHolds.releasedAt)))
      .returning({ stopRequestedAt: chargeHolds.stopRequestedAt }),
  );
  // The same snapshot as the update's: the charge's own hold, the one row it changes, is left out of the sum.
  const othersHeld = otherHoldsOf(db);
  return db
    .with(released)
    .select({
      stopRequestedAt: sql<Date | null>`(select ${released.stopRequestedAt} from ${released})`.mapWith(
        chargeHolds.stopRequestedAt,
      ),
      othersHeld: sql<string>`(${othersHeld})`,
    })
    .from(sql`(values (1)) as one`);
});
/** The finish's last statement, whose triggers keep the rollups (see finishIn); one with a promotion chosen sets it. */
const endedValues = {
  status: placeholder(charges.status, 'status'),
  transactionStatus: placeholder(charges.transactionStatus, 'transactionStatus'),
  finishedAt: placeholder(charges.finishedAt, 'finishedAt'),
  meterLastWh: placeholder(charges.meterLastWh, 'meterStop'),
  meterStopWh: placeholder(charges.meterStopWh, 'meterStop'),
  energyWh: placeholder(charges.energyWh, 'energyWh'),
  amount: placeholder(charges.amount, 'amount'),
  discount: placeholder(charges.discount, 'discount'),
  totalCost: placeholder(charges.totalCost, 'totalCost'),
  costBreakdown: placeholder(charges.costBreakdown, 'costBreakdown'),
  shortfall: placeholder(charges.shortfall, 'shortfall'),
  closedBy: placeholder(charges.closedBy, 'closedBy'),
  updatedAt: placeholder(charges.updatedAt, 'updatedAt'),
};
const endCharge = prepared('finish_end_charge', (db) =>
  db
    .update(charges)
    .set(endedValues)
    .where(eq(charges.id, sql.placeholder('chargeId')))
    .returning(),
);
const endChargeWithPromotion = prepared('finish_end_charge_promotion', (db) =>
  db
    .update(charges)
    .set({
      ...endedValues,
      promotionId: placeholder(charges.promotionId, 'promotionId'),
      discountPercent: placeholder(charges.discountPercent, 'discountPercent'),
      discountFixed: placeholder(charges.discountFixed, 'discountFixed'),
    })
    .where(eq(charges.id, sql.placeholder('chargeId')))
    .returning(),
);

/** finishCharge's work, in the caller's transaction: bookCharges runs many in one. */
const finishIn = async (tx: Transaction, finish: FinishCharge): Promise<FinishResult | null> => {
  const byTransaction = 'ocppTransaction' in finish;
  const [charge] =
    'ocppTransaction' in finish
      ? await lockChargeByTransaction(tx, finish.ocppTransaction)
      : await lockCharge(tx, { chargeId: finish.chargeId });
  if (!charge) {
    return null;
  }
  if (!isRunning(charge.status) || (finish.onlyIf && !finish.onlyIf(charge))) {
    return { finished: false, charge };
  }
  const delivered = finish.status === 'finished' || finish.status === 'stopped';
  const finishedAt = finish.finishedAt ?? new Date();
  const meterStop = Math.max(
    finish.meterStopWh ?? charge.meterLastWh,
    byTransaction ? charge.meterLastWh : 0,
    charge.meterStartWh,
  );
  const energyWh = delivered ? meterStop - charge.meterStartWh : 0;
  // A charge that did not deliver costs nothing: no session fee, no minimum.
  const priced = delivered ? await priceOf(tx, charge, finishedAt, meterStop) : null;
  const amount = priced?.amount ?? 0n;
  // A charge without a promotion from its start gets the best one it qualifies for (modules/promotions).
  const promotion =
    delivered && charge.promotionId === null
      ? await choosePromotion(tx, {
          chargeId: charge.id,
          userId: charge.userId,
          stationId: charge.stationId,
          startedAt: charge.startedAt,
          finishedAt,
          energyWh,
          amount,
          countUserCharges: () =>
            tx.$count(
              charges,
              and(eq(charges.userId, charge.userId ?? 0), inArray(charges.status, ['finished', 'stopped'])),
            ),
        })
      : null;
  const percent = promotion?.percent ?? charge.discountPercent;
  const fixed = promotion?.fixedTyiyn ?? charge.discountFixed;
  const cost = chargeCost(amount, percent, fixed);
  const payer = charge.paymentMethod === 'personal_balance' && cost.totalCost > 0n ? charge.userId : null;
  // Under the driver's row lock: the debit takes at most the balance less the driver's other holds, so that their
  // other running charges stay covered and the balance never goes below zero; the rest is the shortfall.
  const balance = payer === null ? 0n : await lockDriver(tx, payer);
  // The charge's hold goes, replaced by the debit in this transaction, in the statement that reads the driver's other
  // holds (after the lock, as the debit needs them: one statement less per finish); a charge the holds job asked to
  // stop closed for its balance.
  const [released] = await releaseHold(tx, { chargeId: charge.id, userId: payer ?? 0 });
  let shortfall = 0n;
  if (payer !== null) {
    const payable = balance - BigInt(released?.othersHeld ?? '0');
    const debit = payable <= 0n ? 0n : payable < cost.totalCost ? payable : cost.totalCost;
    shortfall = cost.totalCost - debit;
    if (debit > 0n) {
      // Dated at the finish; the ledger's trigger moves it after the user's newest entry when one is later (0033).
      await insertChargePayment(tx, {
        userId: payer,
        createdAt: finishedAt,
        debit,
        chargeId: charge.id,
        accountId: finish.accountId ?? null,
      });
    }
  }
  const closedBy: TChargeCloser =
    released?.stopRequestedAt && (finish.closedBy ?? 'charge_point') === 'charge_point'
      ? 'balance'
      : (finish.closedBy ?? 'charge_point');
  await promotion?.record(tx, cost.discount);
  // A promo code's redemption that gave the promotion takes the charge; others that named it wait for the next one.
  await settleRedemptions(tx, charge.id, promotion?.redemptionId ?? null);
  if (delivered && charge.userId !== null) {
    // The invited user's first delivered charge rewards their referral, once (modules/referrals).
    await rewardReferral(tx, { invitedUserId: charge.userId, chargeId: charge.id, finishedAt });
  }
  // The charges' rollups (its totals, the station's day, the dashboard's) follow by the table's triggers (0014, 0021,
  // 0036), in this transaction. This update comes last: its triggers write rows that every finish of the network
  // writes (the network's totals of the day and the hour) and hold them to the commit, so that concurrent finishes
  // queue there; of the finish, only the caller's afterFinish runs while it holds them (docs/benchmarks.md, section 7).
  const ending = {
    chargeId: charge.id,
    status: finish.status,
    transactionStatus: delivered ? 'successful' : 'failed',
    finishedAt,
    meterStop,
    energyWh,
    amount: cost.amount,
    discount: cost.discount,
    totalCost: cost.totalCost,
    costBreakdown: priced?.breakdown ?? null,
    shortfall,
    closedBy,
    updatedAt: new Date(),
  };
  const [ended] = promotion
    ? await endChargeWithPromotion(tx, {
        ...ending,
        promotionId: promotion.id,
        discountPercent: percent,
        discountFixed: fixed,
      })
    : await endCharge(tx, ending);
  await finish.afterFinish?.(tx, ended ?? charge, charge);
  return { finished: true, charge: ended ?? charge };
};

/**
 * A charge told whole, for bookCharges: started, and ended unless `end` is absent (then it still runs, at
 * `meterLastWh`). An ended charge's meter stops `energyWh` after its start.
 */
export interface ChargeDraft {
  userId: number | null;
  stationId: number;
  connectorOcppId: number;
  source: TChargeSource;
  paymentMethod: TPaymentMethod;
  platform: TPlatform | null;
  appVersion: string;
  idTag?: string | null;
  promotion?: { id: number; percent: number; fixedTyiyn: bigint } | null;
  startedAt: Date;
  meterStartWh: number;
  /** The meter so far of a charge still running. */
  meterLastWh?: number;
  /** chargedUntil: when the car was full, if it then stayed parked until finishedAt (the meter's last rise). */
  end?: { status: TEndStatus; finishedAt: Date; energyWh: number; chargedUntil?: Date };
}

/** A top-up at an operator, booked through the ledger in its place in time among the charges. */
export interface ScheduledCredit {
  userId: number;
  at: Date;
  amount: bigint;
  method: Extract<TPaymentMethod, 'cash' | 'other_card'>;
  comment?: string;
  accountId?: number | null;
}

export interface BookOptions {
  /** Credits to book among the charges, each before the charges that finish after it (any order given). */
  credits?: ScheduledCredit[];
  /**
   * Asked before each balance payment with the user's balance and the charge's cost before any promotion: a top-up to
   * book first, or null. The demo seed keeps its drivers from running far into the red this way.
   */
  topUpBefore?: (
    user: { balance: bigint; registeredAt: Date },
    cost: bigint,
    draft: ChargeDraft,
  ) => Omit<ScheduledCredit, 'userId'> | null;
  /**
   * The caller rebuilds the dashboard's rollups from all the charges afterwards (the demo seed, before the analytics
   * seed's rebuildAnalytics): this transaction's writes skip their incremental additions (migrations 0035, 0036).
   */
  analyticsRebuiltAfter?: boolean;
}

/** Books a top-up through the ledger (its trigger moves the balance and sets the deposit). */
const bookCredit = (tx: Transaction, credit: ScheduledCredit) =>
  tx.insert(balanceEntries).values({
    userId: credit.userId,
    createdAt: credit.at,
    basis: 'top_up',
    method: credit.method,
    credit: credit.amount,
    comment: credit.comment ?? '',
    accountId: credit.accountId ?? null,
  });

/**
 * Books charges told whole (the demo seed, the benchmarks, the tests), in the order they finish, with the credits in
 * their places, in one transaction: each through startCharge then finishCharge's own work, as the charge point's
 * would. Answers the number of charges booked.
 */
export const bookCharges = async (db: Database, drafts: ChargeDraft[], options: BookOptions = {}): Promise<number> =>
  db.transaction(async (tx) => {
    if (options.analyticsRebuiltAfter) {
      await tx.execute(sql`select set_config('zaryad.analytics_rebuilt_after', 'on', true)`);
    }
    const credits = [...(options.credits ?? [])].sort((a, b) => a.at.getTime() - b.at.getTime());
    const endOf = (draft: ChargeDraft) => (draft.end?.finishedAt ?? draft.startedAt).getTime();
    let nextCredit = 0;
    const bookCreditsUntil = async (until: number) => {
      for (; nextCredit < credits.length && (credits[nextCredit] as ScheduledCredit).at.getTime() <= until;) {
        await bookCredit(tx, credits[nextCredit++] as ScheduledCredit);
      }
    };
    for (const draft of [...drafts].sort((a, b) => endOf(a) - endOf(b))) {
      await bookCreditsUntil(endOf(draft));
      // A charge told whole holds nothing: it ends in this transaction; one left running holds as a live one does.
      const started = await startCharge(tx, { ...draft, hold: !draft.end });
      const { end, userId } = draft;
      if (!end) {
        await recordMeterValue(tx, started.id, draft.meterLastWh ?? draft.meterStartWh);
        continue;
      }
      const delivered = end.status === 'finished' || end.status === 'stopped';
      const meterStopWh = draft.meterStartWh + (delivered ? end.energyWh : 0);
      if (delivered && end.chargedUntil) {
        await recordMeterValue(tx, started.id, meterStopWh, end.chargedUntil);
      }
      if (options.topUpBefore && userId !== null && draft.paymentMethod === 'personal_balance') {
        const priced = await priceOf(tx, started, end.finishedAt, draft.meterStartWh + end.energyWh);
        const cost = chargeCost(priced.amount, started.discountPercent, started.discountFixed);
        const [user] = await tx
          .select({ balance: appUsers.balance, registeredAt: appUsers.registeredAt })
          .from(appUsers)
          .where(eq(appUsers.id, userId));
        const topUp = user && options.topUpBefore(user, cost.totalCost, draft);
        if (topUp) {
          await bookCredit(tx, { ...topUp, userId });
        }
      }
      await finishIn(tx, { chargeId: started.id, status: end.status, finishedAt: end.finishedAt, meterStopWh });
    }
    await bookCreditsUntil(Number.POSITIVE_INFINITY);
    return drafts.length;
  });

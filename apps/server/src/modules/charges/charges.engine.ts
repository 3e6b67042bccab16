/**
 * The one charges service's life cycle (DESIGN.md section 9): start a charge, take its meter values, finish it. The stop
 * action uses it now, the charge-point connection (OCPP) and the demo seed later: whoever asks, the money is computed
 * and booked here only.
 *
 * Finishing is one transaction: the charge row locked, consumption and cost from the tariff fixed at the start less the
 * discount, the balance debited through the ledger when paid by balance (a shortfall is recorded, the balance may go
 * negative), the statuses, and the station's daily rollup. A second finish finds the charge ended and changes nothing.
 */
import {
  formatSom,
  type TChargeSource,
  type TChargeStatus,
  type TPaymentMethod,
  type TPlatform,
} from '@zaryad/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ApiError } from '../../http/api-errors';
import { formatBishkekDateTime } from '../../platform/bishkek-time';
import type { Transaction } from '../../platform/transaction';
import { connectorTypes } from '../connectors';
import { rates } from '../rates';
import { stationConnectors, stationDailyTotals } from '../stations';
import { balanceEntries } from '../users';
import { charges } from './charges.tables';

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
}

/** Tyiyn of a som price kept as numeric text (`"12.50"`). */
const priceTyiyn = (fee: string) => {
  const [whole = '0', fraction = ''] = fee.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
};

/** The connector, its name and the tariff of a charge starting now: the personal tariff, else the type's default rate. */
const connectorAndTariff = async (tx: Transaction | Database, stationId: number, ocppId: number) => {
  const [connector] = await tx
    .select({
      id: stationConnectors.id,
      typo: stationConnectors.typo,
      typeName: connectorTypes.name,
      power: stationConnectors.powerKwh,
      customFee: stationConnectors.customFee,
    })
    .from(stationConnectors)
    .innerJoin(connectorTypes, eq(connectorTypes.key, stationConnectors.typo))
    .where(and(eq(stationConnectors.stationId, stationId), eq(stationConnectors.ocpp16Id, ocppId)))
    .limit(1);
  if (!connector) {
    throw new ApiError(404, `connector_not_found:${ocppId}`);
  }
  const name = `${connector.typeName} · ${Number(connector.power)} kW`;
  if (connector.customFee !== null) {
    return { connector, name, tariffKind: 'personal' as const, price: priceTyiyn(connector.customFee) };
  }
  const [rate] = await tx
    .select({ fee: rates.fee })
    .from(rates)
    .where(and(eq(rates.typo, connector.typo), eq(rates.rateType, 'default'), eq(rates.status, 0)))
    .limit(1);
  if (!rate) {
    throw new ApiError(409, 'charge_no_tariff');
  }
  return { connector, name, tariffKind: 'default' as const, price: priceTyiyn(rate.fee) };
};

/** Starts a charge with its tariff fixed now. */
export const startCharge = async (db: Database | Transaction, start: StartCharge): Promise<TChargeRow> => {
  const { connector, name, tariffKind, price } = await connectorAndTariff(db, start.stationId, start.connectorOcppId);
  const meterStart = start.meterStartWh ?? 0;
  const [row] = await db
    .insert(charges)
    .values({
      userId: start.userId,
      stationId: start.stationId,
      connectorId: connector.id,
      connectorName: name.slice(0, 64),
      connectorOcppId: start.connectorOcppId,
      idTag: start.idTag ?? null,
      appVersion: start.appVersion ?? '',
      platform: start.platform ?? null,
      source: start.source,
      startedAt: start.startedAt ?? new Date(),
      meterStartWh: meterStart,
      meterLastWh: meterStart,
      tariffKind,
      pricePerKwh: price,
      promotionId: start.promotion?.id ?? null,
      discountPercent: start.promotion?.percent ?? 0,
      discountFixed: start.promotion?.fixedTyiyn ?? 0n,
      paymentMethod: start.paymentMethod,
      status: start.status ?? 'in_progress',
    })
    .returning();
  if (!row) {
    throw new Error('the charge was not inserted');
  }
  return row;
};

/**
 * A meter value of a running charge (OCPP MeterValues). The meter only moves forward: an older or lower value
 * changes nothing. Answers false when the charge no longer runs.
 */
export const recordMeterValue = async (db: Database, chargeId: number, meterWh: number): Promise<boolean> => {
  const updated = await db
    .update(charges)
    .set({
      meterLastWh: sql`greatest(${charges.meterLastWh}, ${meterWh})`,
      status: sql`case when ${charges.status} = 'initiated' then 'in_progress' else ${charges.status} end`,
    })
    .where(and(eq(charges.id, chargeId), inArray(charges.status, RUNNING)))
    .returning({ id: charges.id });
  return updated.length > 0;
};

/** Integer division rounding half up, for non-negative values: rounding happens once, at the end. */
const divideHalfUp = (numerator: bigint, denominator: bigint) => (numerator * 2n + denominator) / (denominator * 2n);

/** The money of a charge that delivered `energyWh` at `pricePerKwh` tyiyn, with its discount. */
export const chargeCost = (energyWh: number, pricePerKwh: bigint, discountPercent: number, discountFixed: bigint) => {
  const amount = divideHalfUp(BigInt(energyWh) * pricePerKwh, 1000n);
  const byPercent = divideHalfUp(amount * BigInt(discountPercent), 100n);
  const wanted = byPercent + discountFixed;
  const discount = wanted > amount ? amount : wanted;
  return { amount, discount, totalCost: amount - discount };
};

export interface FinishCharge {
  chargeId: number;
  status: TEndStatus;
  /** The meter's stop value; the last value received when absent (a stop without the charge point). */
  meterStopWh?: number;
  finishedAt?: Date;
  /** The dashboard account that ended it (the stop action); null for the charge point and the seed. */
  accountId?: number | null;
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

/** The Bishkek day of an instant, `YYYY-MM-DD`. */
const bishkekDay = (instant: Date) => formatBishkekDateTime(instant).slice(0, 10);

/** Ends a charge and books it (see the file's comment); harmless when it has already ended. */
export const finishCharge = async (db: Database, finish: FinishCharge): Promise<FinishResult | null> =>
  db.transaction(async (tx) => {
    const [charge] = await tx.select().from(charges).where(eq(charges.id, finish.chargeId)).for('update');
    if (!charge) {
      return null;
    }
    if (!isRunning(charge.status)) {
      return { finished: false, charge };
    }
    const delivered = finish.status === 'finished' || finish.status === 'stopped';
    const finishedAt = finish.finishedAt ?? new Date();
    const meterStop = Math.max(finish.meterStopWh ?? charge.meterLastWh, charge.meterStartWh);
    const energyWh = delivered ? meterStop - charge.meterStartWh : 0;
    const cost = chargeCost(energyWh, charge.pricePerKwh, charge.discountPercent, charge.discountFixed);
    let shortfall = 0n;
    if (charge.paymentMethod === 'personal_balance' && charge.userId !== null && cost.totalCost > 0n) {
      const [entry] = await tx
        .insert(balanceEntries)
        .values({
          userId: charge.userId,
          createdAt: finishedAt,
          basis: 'charge_payment',
          method: 'personal_balance',
          debit: cost.totalCost,
          chargeId: charge.id,
          accountId: finish.accountId ?? null,
        })
        .returning({ deposit: balanceEntries.deposit });
      const after = entry?.deposit ?? 0n;
      // What the balance held before could not cover this much of the cost.
      shortfall = after < 0n ? (-after < cost.totalCost ? -after : cost.totalCost) : 0n;
    }
    const [ended] = await tx
      .update(charges)
      .set({
        status: finish.status,
        transactionStatus: delivered ? 'successful' : 'failed',
        finishedAt,
        meterLastWh: meterStop,
        meterStopWh: meterStop,
        energyWh,
        amount: cost.amount,
        discount: cost.discount,
        totalCost: cost.totalCost,
        shortfall,
        updatedAt: new Date(),
      })
      .where(eq(charges.id, charge.id))
      .returning();
    if (delivered) {
      // The station's day rollup: reports and dashboards read these, never raw charges.
      await tx
        .insert(stationDailyTotals)
        .values({
          stationId: charge.stationId,
          day: bishkekDay(finishedAt),
          charges: 1,
          energyKwh: formatKwh(energyWh),
          turnover: formatSom(cost.totalCost),
        })
        .onConflictDoUpdate({
          target: [stationDailyTotals.stationId, stationDailyTotals.day],
          set: {
            charges: sql`${stationDailyTotals.charges} + 1`,
            energyKwh: sql`${stationDailyTotals.energyKwh} + excluded.energy_kwh`,
            turnover: sql`${stationDailyTotals.turnover} + excluded.turnover`,
          },
        });
    }
    await finish.afterFinish?.(tx, ended ?? charge, charge);
    return { finished: true, charge: ended ?? charge };
  });

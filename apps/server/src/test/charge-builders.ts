import type { TChargeSource, TPaymentMethod, TPlatform } from '@zaryad/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { auditLog } from '../modules/audit';
import {
  type ChargeDraft,
  charges,
  finishCharge,
  recordMeterValue,
  startCharge,
  type TEndStatus,
} from '../modules/charges';
import { buildEntry, buildUser } from './user-builders';
import { buildMerchant } from './network-builders';
import { buildStation } from './station-builders';

export interface ChargeOverrides {
  userId: number | null;
  stationId: number;
  /** The connector's OCPP id at the station; 1 unless told. */
  connectorOcppId?: number;
  source?: TChargeSource;
  paymentMethod?: TPaymentMethod;
  appVersion?: string;
  platform?: TPlatform | null;
  startedAt?: Date;
  meterStartWh?: number;
  promotion?: { id: number; percent: number; fixedTyiyn: bigint } | null;
  /** A meter value while it runs (a running charge's consumption). */
  meterWh?: number;
  /** Ends it through the engine (booked, debited, rolled up); a running charge when absent. */
  finish?: { status: TEndStatus; meterStopWh?: number; finishedAt?: Date };
}

/**
 * A charge made the way production makes one, through the one charges engine: started (tariff fixed now), metered,
 * and finished when asked, so that its money, ledger entry and rollup are what the service would book. Shared by the
 * tests, the demo seed and the benchmark. The station's connector needs a tariff (a personal fee or its type's
 * active default rate).
 */
export const buildCharge = async (db: Database, overrides: ChargeOverrides) => {
  const started = await startCharge(db, {
    userId: overrides.userId,
    stationId: overrides.stationId,
    connectorOcppId: overrides.connectorOcppId ?? 1,
    source: overrides.source ?? 'app',
    paymentMethod: overrides.paymentMethod ?? 'personal_balance',
    appVersion: overrides.appVersion ?? '2.4.1',
    platform: overrides.platform === undefined ? 2 : overrides.platform,
    startedAt: overrides.startedAt,
    meterStartWh: overrides.meterStartWh,
    promotion: overrides.promotion,
  });
  if (overrides.meterWh !== undefined) {
    await recordMeterValue(db, started.id, overrides.meterWh);
  }
  if (!overrides.finish) {
    return started;
  }
  const result = await finishCharge(db, { chargeId: started.id, ...overrides.finish });
  if (!result) {
    throw new Error('the charge was not finished');
  }
  return result.charge;
};

/**
 * A running charge of a new user holding 500 som, with `meterWh` on the meter (5 kWh from 1 kWh unless told), last
 * heard of `silentS` seconds ago when given (its `meter_at`, as the stale-charge job reads it).
 */
export const buildRunningCharge = async (
  db: Database,
  stationId: number,
  options: { meterStartWh?: number; meterWh?: number; silentS?: number } = {},
) => {
  const user = await buildUser(db);
  await buildEntry(db, user.id, { credit: '500.00' });
  const charge = await buildCharge(db, {
    userId: user.id,
    stationId,
    meterStartWh: options.meterStartWh ?? 1_000,
    meterWh: options.meterWh ?? 6_000,
  });
  if (options.silentS !== undefined) {
    await db
      .update(charges)
      .set({ meterAt: new Date(Date.now() - options.silentS * 1000) })
      .where(eq(charges.id, charge.id));
  }
  return { user, charge };
};

/** The audit log's entries of these charges. */
export const chargeAuditOf = (db: Database, chargeIds: number[]) =>
  db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'charge'),
        inArray(
          auditLog.entityId,
          chargeIds.map((id) => String(id)),
        ),
      ),
    );

/** A draft for `bookCharges`: an app charge paid from the balance, 30 minutes to `finishedAt`, 10 kWh. */
export const finishedDraft = (userId: number, stationId: number, finishedAt: Date, energyWh = 10_000): ChargeDraft => ({
  userId,
  stationId,
  connectorOcppId: 1,
  source: 'app',
  paymentMethod: 'personal_balance',
  platform: 2,
  appVersion: '2.4.1',
  startedAt: new Date(finishedAt.getTime() - 30 * 60_000),
  meterStartWh: 0,
  end: { status: 'finished', finishedAt, energyWh },
});

/**
 * A new merchant's station whose connectors (`evse_id` 1 unless told) charge 20.00 som per kWh: 10 kWh cost 200.00
 * som, the figure the engine's tests count in. Answers the station's id.
 */
export const buildPricedStation = async (db: Database, evseIds: number[] = [1]) => {
  const merchant = await buildMerchant(db);
  const station = await buildStation(db, {
    merchantId: merchant.id,
    connectors: evseIds.map((evse_id) => ({ evse_id, custom_fee: '20.00' })),
  });
  return station.id;
};

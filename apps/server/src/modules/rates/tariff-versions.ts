/**
 * A rate's versions read for pricing, and what the price preview answers (docs/product/rates.md): the price in force
 * now, the next 24 hours' stretches, an estimate. Every figure comes from pricing.ts.
 */
import {
  formatSom,
  parseTyiyn,
  type TPricePreview,
  type TTariff,
  type TTariffPeriod,
  type TTariffPrices,
} from '@zaryad/contracts';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { placeholder, prepared } from '../../platform/prepared';
import type { Transaction } from '../../platform/transaction';
import {
  priceAt,
  priceBoundaries,
  priceCharge,
  type StoredPeriod,
  type Tariff,
  type TariffVersion,
  versionAt,
} from './pricing';
import { rateVersions } from './rates.tables';

type TVersionRow = typeof rateVersions.$inferSelect;

export const toTariff = (row: TVersionRow): Tariff => ({
  energy: row.energyFee,
  time: row.timeFee,
  idle: row.idleFee,
  idleGraceMinutes: row.idleGraceMinutes,
  session: row.sessionFee,
  minCost: row.minCost,
  maxCost: row.maxCost,
  periods: row.periods as StoredPeriod[],
});

export const toTariffVersion = (row: TVersionRow): TariffVersion => ({
  id: row.id,
  effectiveFrom: row.effectiveFrom,
  tariff: toTariff(row),
});

/** A stored tariff as the API answers it. */
export const tariffFields = (tariff: Tariff): TTariff => ({
  fee: formatSom(tariff.energy),
  time_fee: formatSom(tariff.time),
  idle_fee: formatSom(tariff.idle),
  idle_grace_minutes: tariff.idleGraceMinutes,
  session_fee: formatSom(tariff.session),
  min_cost: tariff.minCost === null ? null : formatSom(tariff.minCost),
  max_cost: tariff.maxCost === null ? null : formatSom(tariff.maxCost),
  periods: tariff.periods.map((period) => ({ ...period, price: formatSom(period.price) })),
});

/** The API's periods (validated, prices as som text) as stored: prices in tyiyn. */
export const storedPeriods = (periods: readonly TTariffPeriod[]): StoredPeriod[] =>
  periods.map((period) => ({ ...period, price: Number(parseTyiyn(period.price) ?? 0n) }));

// Prepared (platform/prepared.ts): a charge's start and finish read them.
const versionsUntil = prepared('rates_versions_until', (db) =>
  db
    .select()
    .from(rateVersions)
    .where(
      and(
        eq(rateVersions.rateId, sql.placeholder('rateId')),
        lte(rateVersions.effectiveFrom, placeholder(rateVersions.effectiveFrom, 'to')),
      ),
    )
    .orderBy(asc(rateVersions.effectiveFrom), asc(rateVersions.id)),
);

/**
 * The versions of a rate that price a stretch from `from` to `to`, oldest first: the one in force at `from` and every
 * one taking effect until `to`.
 */
export const versionsDuring = async (
  db: Database | Transaction,
  rateId: number,
  from: Date,
  to: Date,
): Promise<TariffVersion[]> => {
  const rows = await versionsUntil(db, { rateId, to });
  return versionsFrom(rows.map(toTariffVersion), from, to);
};

/** Of a rate's versions (oldest first), those that price the stretch from `from` to `to`. */
export const versionsFrom = (versions: readonly TariffVersion[], from: Date, to: Date): TariffVersion[] => {
  let first = 0;
  versions.forEach((version, index) => {
    // Versions superseded before `from` price nothing of it.
    if (version.effectiveFrom.getTime() <= from.getTime()) {
      first = index;
    }
  });
  return versions
    .slice(first)
    .filter((version, index) => index === 0 || version.effectiveFrom.getTime() <= to.getTime());
};

/** The prices in force at a moment for a connector of this power (periods applied). */
export const pricesAt = (versions: readonly TariffVersion[], at: Date, powerKw: number): TTariffPrices => {
  const { tariff } = versionAt(versions, at.getTime());
  const moment = at.getTime();
  return {
    fee: formatSom(priceAt(tariff, 'energy', moment, powerKw)),
    time_fee: formatSom(priceAt(tariff, 'time', moment, powerKw)),
    idle_fee: formatSom(priceAt(tariff, 'idle', moment, powerKw)),
    idle_grace_minutes: tariff.idleGraceMinutes,
    session_fee: formatSom(priceAt(tariff, 'session', moment, powerKw)),
    min_cost: tariff.minCost === null ? null : formatSom(tariff.minCost),
    max_cost: tariff.maxCost === null ? null : formatSom(tariff.maxCost),
  };
};

const HOURS_AHEAD = 24;

/** The preview's prices: now, the next 24 hours in stretches of equal prices, and an estimate when asked. */
export const previewPrices = (
  versions: readonly TariffVersion[],
  now: Date,
  powerKw: number,
  estimate?: { wh: number; minutes: number },
): Pick<TPricePreview, 'now' | 'timeline' | 'estimate'> => {
  const from = now.getTime();
  const to = from + HOURS_AHEAD * 3_600_000;
  const edges = [from, ...priceBoundaries(versions, from, to), to];
  const timeline: TPricePreview['timeline'] = [];
  for (let index = 0; index + 1 < edges.length; index += 1) {
    const start = edges[index] as number;
    const prices = pricesAt(versions, new Date(start), powerKw);
    const previous = timeline[timeline.length - 1];
    const end = new Date(edges[index + 1] as number).toISOString();
    if (
      previous &&
      previous.fee === prices.fee &&
      previous.time_fee === prices.time_fee &&
      previous.idle_fee === prices.idle_fee
    ) {
      previous.to = end;
    } else {
      timeline.push({
        from: new Date(start).toISOString(),
        to: end,
        fee: prices.fee,
        time_fee: prices.time_fee,
        idle_fee: prices.idle_fee,
      });
    }
  }
  return {
    now: pricesAt(versions, now, powerKw),
    timeline,
    estimate: estimate
      ? priceCharge({
          versions,
          startedAt: now,
          finishedAt: new Date(from + estimate.minutes * 60_000),
          meterStartWh: 0,
          meterStopWh: estimate.wh,
          rises: [],
          powerKw,
        }).breakdown
      : null,
  };
};

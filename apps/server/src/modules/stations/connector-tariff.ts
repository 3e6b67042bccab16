/**
 * Which tariff a connector charges by (docs/product/rates.md#4-states-and-rules), first found: its personal rate while
 * that rate is active, its custom fee (a personal price per kWh), its merchant's active default rate of the connector's type (a site tariff), the network's
 * active default rate of the type. The charges engine fixes it at a charge's start; the price preview shows it.
 */
import { parseTyiyn, STATUS, type TPricePreview, type TTariffSource } from '@zaryad/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { FieldErrors, notFound } from '../../http/api-errors';
import type { Transaction } from '../../platform/transaction';
import { connectorTypes } from '../connectors';
import { energyOnlyTariff, previewPrices, rates, versionsDuring } from '../rates';
import { stationConnectors, stations } from './stations.tables';

export interface ConnectorTariff {
  connector: { id: number; stationId: number; ocppId: number; typeName: string; power: string };
  /** Null when no tariff applies: a charge there is refused (charge_no_tariff). */
  tariff: { source: TTariffSource; rateId: number | null; rateName: string; customFee: string | null } | null;
}

/** The connector found by its id, or by its station and OCPP connectorId; null when there is none. */
export const connectorTariff = async (
  db: Database | Transaction,
  where: { connectorId: number } | { stationId: number; ocppId: number },
): Promise<ConnectorTariff | null> => {
  const [row] = await db
    .select({
      id: stationConnectors.id,
      stationId: stationConnectors.stationId,
      ocppId: stationConnectors.ocpp16Id,
      typeName: connectorTypes.name,
      power: stationConnectors.powerKwh,
      customFee: stationConnectors.customFee,
      // Its personal rate while that rate is active.
      personalRateId: sql<number | null>`(select ${rates.id} from ${rates}
        where ${rates.id} = ${stationConnectors.rateId} and ${rates.status} = ${STATUS.active})`,
      // The merchant's own default first, then the network's (merchant_id null sorts last).
      rateId: sql<number | null>`(select ${rates.id} from ${rates}
        where ${rates.typo} = ${stationConnectors.typo} and ${rates.rateType} = 'default' and ${rates.status} = ${STATUS.active}
          and (${rates.merchantId} = ${stations.merchantId} or ${rates.merchantId} is null)
        order by ${rates.merchantId} nulls last limit 1)`,
    })
    .from(stationConnectors)
    .innerJoin(stations, eq(stations.id, stationConnectors.stationId))
    .innerJoin(connectorTypes, eq(connectorTypes.key, stationConnectors.typo))
    .where(
      'connectorId' in where
        ? eq(stationConnectors.id, where.connectorId)
        : and(eq(stationConnectors.stationId, where.stationId), eq(stationConnectors.ocpp16Id, where.ocppId)),
    )
    .limit(1);
  if (!row) {
    return null;
  }
  const connector = {
    id: row.id,
    stationId: row.stationId,
    ocppId: row.ocppId,
    typeName: row.typeName,
    power: row.power,
  };
  if (row.personalRateId === null && row.customFee !== null) {
    return { connector, tariff: { source: 'custom_fee', rateId: null, rateName: '', customFee: row.customFee } };
  }
  const rateId = row.personalRateId ?? row.rateId;
  if (rateId === null) {
    return { connector, tariff: null };
  }
  const [rate] = await db
    .select({ id: rates.id, name: rates.name, merchantId: rates.merchantId, rateType: rates.rateType })
    .from(rates)
    .where(eq(rates.id, Number(rateId)));
  if (!rate) {
    return { connector, tariff: null };
  }
  return {
    connector,
    tariff: {
      source: rate.rateType === 'personal' ? 'personal' : rate.merchantId === null ? 'default' : 'merchant',
      rateId: rate.id,
      rateName: rate.name,
      customFee: null,
    },
  };
};

/** Watt-hours of a kWh text of up to 3 decimals (ZPriceQuery checked it), without floating point. */
const whOfKwh = (kwh: string) => {
  const [whole = '0', fraction = ''] = kwh.split('.');
  return Number(whole) * 1000 + Number(fraction.padEnd(3, '0'));
};

/** How far the preview looks ahead, and an estimate can last at most (ZPriceQuery's minutes). */
const PREVIEW_AHEAD_MS = 48 * 3_600_000;

/**
 * GET /stations/connectors/{id}/price/: the connector's tariff, its prices now and over the next 24 hours, and the
 * estimate of `kwh` delivered evenly over `minutes` from now (both or neither: estimate_incomplete).
 */
export const connectorPrice = async (
  db: Database,
  connectorId: number,
  query: { kwh?: string; minutes?: number },
  now: Date = new Date(),
): Promise<TPricePreview> => {
  if ((query.kwh === undefined) !== (query.minutes === undefined)) {
    throw new FieldErrors({ [query.kwh === undefined ? 'kwh' : 'minutes']: ['estimate_incomplete'] });
  }
  const found = await connectorTariff(db, { connectorId });
  if (!found) {
    throw notFound();
  }
  const { connector, tariff } = found;
  const powerKw = Number(connector.power);
  const answer = { connector: { id: connector.id, name: connector.typeName, power_kw: powerKw } };
  if (!tariff) {
    return { ...answer, rate: null, now: null, timeline: [], estimate: null };
  }
  const versions =
    tariff.rateId === null
      ? [{ id: null, effectiveFrom: now, tariff: energyOnlyTariff(parseTyiyn(tariff.customFee ?? '0') ?? 0n) }]
      : await versionsDuring(db, tariff.rateId, now, new Date(now.getTime() + PREVIEW_AHEAD_MS));
  const estimate =
    query.kwh !== undefined && query.minutes !== undefined
      ? { wh: whOfKwh(query.kwh), minutes: query.minutes }
      : undefined;
  return {
    ...answer,
    rate: { id: tariff.rateId, name: tariff.rateName, source: tariff.source },
    ...previewPrices(versions, now, powerKw, estimate),
  };
};

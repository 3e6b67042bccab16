import { formatSom, STATUS, type TConnectorType } from '@zaryad/contracts';
import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { connectorTypes } from '../connectors';
import { rates, rateVersions } from './rates.tables';

/** The energy price (tyiyn, as text) of a rate's version in force now; null without a rate. */
export const energyFeeNowSql = (rateId: PgColumn | SQL): SQL<string | null> =>
  sql<string | null>`(select ${rateVersions.energyFee}::text from ${rateVersions}
    where ${rateVersions.rateId} = ${rateId} and ${rateVersions.effectiveFrom} <= now()
    order by ${rateVersions.effectiveFrom} desc, ${rateVersions.id} desc limit 1)`;

/** Som text of a tyiyn text, null staying null. */
export const somOrNull = (tyiyn: string | null) => (tyiyn === null ? null : formatSom(tyiyn));

// The fee of a connector type is its active default rate: a rates rule, read here so that the connectors module (the
// types themselves, which rates reference) never imports rates.

/**
 * Every connector type in display order with the energy price now of the network's active default rate (null when it
 * has none); a merchant's own defaults are not the network's.
 */
export const listConnectorTypesWithDefaultFee = async (db: Database) => {
  const rows = await db
    .select({
      key: connectorTypes.key,
      name: connectorTypes.name,
      current: connectorTypes.current,
      fee: energyFeeNowSql(rates.id),
    })
    .from(connectorTypes)
    .leftJoin(
      rates,
      and(
        eq(rates.typo, connectorTypes.key),
        eq(rates.rateType, 'default'),
        eq(rates.status, STATUS.active),
        isNull(rates.merchantId),
      ),
    )
    .orderBy(asc(connectorTypes.sortOrder), asc(connectorTypes.key));
  return rows.map((row) => ({ ...row, fee: somOrNull(row.fee) }));
};

/** The station form's connector types: `info=types` of /stations/connectors-types-positions/. */
export const listConnectorTypes = async (db: Database): Promise<TConnectorType[]> => {
  const rows = await listConnectorTypesWithDefaultFee(db);
  return rows.map((row) => ({
    key: row.key,
    name: row.name,
    current: row.current === 'DC' ? 'DC' : 'AC',
    fee_default: row.fee,
  }));
};

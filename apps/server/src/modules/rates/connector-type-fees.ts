import { STATUS, type TConnectorType } from '@zaryad/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { connectorTypes } from '../connectors';
import { rates } from './rates.tables';

// The fee of a connector type is its active default rate: a rates rule, read here so that the connectors module (the
// types themselves, which rates reference) never imports rates.

/** Every connector type in display order with the fee of its active default rate (null when it has none). */
export const listConnectorTypesWithDefaultFee = async (db: Database) =>
  db
    .select({
      key: connectorTypes.key,
      name: connectorTypes.name,
      current: connectorTypes.current,
      fee: rates.fee,
    })
    .from(connectorTypes)
    .leftJoin(
      rates,
      and(eq(rates.typo, connectorTypes.key), eq(rates.rateType, 'default'), eq(rates.status, STATUS.active)),
    )
    .orderBy(asc(connectorTypes.sortOrder), asc(connectorTypes.key));

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

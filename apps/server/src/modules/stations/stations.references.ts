import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { TMessage } from '../../http/api-errors';
import { connectorTypes } from '../connectors';
import { countries, settlements } from '../locations';
import { merchants } from '../merchants';
import { rates } from '../rates';
import { surroundings } from '../surroundings';
import { tags } from '../tags';

type Reader = Pick<Database, 'select'>;

export interface TReferences {
  merchant?: number | undefined;
  country?: number | undefined;
  city?: number | undefined;
  tags?: number[] | undefined;
  environment?: number[] | undefined;
  /** Connector type keys (and personal rates) with the request index of their connector. */
  connectorTypes?: { index: number; typo: string; rateId?: number | null }[] | undefined;
}

const missingIds = async (db: Reader, ids: number[], table: typeof tags | typeof surroundings) => {
  const unique = [...new Set(ids)];
  if (unique.length === 0) {
    return [];
  }
  const found = await db.select({ id: table.id }).from(table).where(inArray(table.id, unique));
  const known = new Set(found.map((row) => row.id));
  return unique.filter((id) => !known.has(id));
};

/**
 * Checks that every record a station form points at exists (and that the city lies in the country). Answers the
 * field errors; the caller raises them together with its own.
 */
export const checkReferences = async (db: Reader, references: TReferences): Promise<Record<string, TMessage[]>> => {
  const errors: Record<string, TMessage[]> = {};
  if (references.merchant !== undefined) {
    const [merchant] = await db
      .select({ id: merchants.id })
      .from(merchants)
      .where(eq(merchants.id, references.merchant))
      .limit(1);
    if (!merchant) {
      errors.merchant = ['merchant_not_found'];
    }
  }
  if (references.country !== undefined) {
    const [country] = await db
      .select({ id: countries.id })
      .from(countries)
      .where(eq(countries.id, references.country))
      .limit(1);
    if (!country) {
      errors.country = ['invalid_choice'];
    }
  }
  if (references.city !== undefined && !errors.country) {
    const condition =
      references.country === undefined
        ? eq(settlements.id, references.city)
        : and(eq(settlements.id, references.city), eq(settlements.countryId, references.country));
    const [city] = await db.select({ id: settlements.id }).from(settlements).where(condition).limit(1);
    if (!city) {
      errors.city = ['invalid_choice'];
    }
  }
  if (references.tags && (await missingIds(db, references.tags, tags)).length > 0) {
    errors.tags = ['invalid_choice'];
  }
  if (references.environment && (await missingIds(db, references.environment, surroundings)).length > 0) {
    errors.environment = ['invalid_choice'];
  }
  const wanted = references.connectorTypes ?? [];
  if (wanted.length > 0) {
    const keys = [...new Set(wanted.map((entry) => entry.typo))];
    const found = await db
      .select({ key: connectorTypes.key })
      .from(connectorTypes)
      .where(inArray(connectorTypes.key, keys));
    const known = new Set(found.map((row) => row.key));
    for (const entry of wanted) {
      if (!known.has(entry.typo)) {
        errors[`connectors.${entry.index}.typo`] = ['connector_type_invalid'];
      }
    }
    // A connector's personal rate: a personal rate of the connector's own type (active or not: it prices while active).
    const rateIds = [...new Set(wanted.flatMap((entry) => (entry.rateId == null ? [] : [entry.rateId])))];
    if (rateIds.length > 0) {
      const found = await db
        .select({ id: rates.id, typo: rates.typo, rateType: rates.rateType })
        .from(rates)
        .where(inArray(rates.id, rateIds));
      for (const entry of wanted) {
        const rate = found.find((row) => row.id === entry.rateId);
        if (entry.rateId != null && (!rate || rate.rateType !== 'personal' || rate.typo !== entry.typo)) {
          errors[`connectors.${entry.index}.rate_id`] = ['rate_invalid'];
        }
      }
    }
  }
  return errors;
};

import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { FieldErrors, type TMessage } from '../../http/api-errors';
import { countries, settlements } from '../locations';
import { surroundings } from '../surroundings';
import { tags } from '../tags';

export interface TMerchantReferences {
  countryId: number;
  cityId: number;
  tagIds?: number[] | undefined;
  environmentIds?: number[] | undefined;
}

type TReader = Pick<Database, 'select'>;

const missingIds = async (
  db: TReader,
  table: typeof tags | typeof surroundings,
  ids: readonly number[],
): Promise<number[]> => {
  if (ids.length === 0) {
    return [];
  }
  const found = await db.select({ id: table.id }).from(table).where(inArray(table.id, [...ids]));
  const known = new Set(found.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
};

/**
 * Checks that the referenced records exist and that the city lies in the country; raises one FieldErrors with
 * every problem, so that the form shows them all at once.
 */
export const checkMerchantReferences = async (db: TReader, references: TMerchantReferences): Promise<void> => {
  const fields: Record<string, TMessage[]> = {};
  const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, references.countryId));
  if (!country) {
    fields.country = ['country_not_found'];
  }
  const [city] = await db
    .select({ countryId: settlements.countryId })
    .from(settlements)
    .where(eq(settlements.id, references.cityId));
  if (!city || city.countryId !== references.countryId) {
    fields.city = ['city_not_in_country'];
  }
  const missingTags = await missingIds(db, tags, references.tagIds ?? []);
  if (missingTags.length > 0) {
    fields.tags = missingTags.map((id): TMessage => `tag_not_found:${id}`);
  }
  const missingEnvironment = await missingIds(db, surroundings, references.environmentIds ?? []);
  if (missingEnvironment.length > 0) {
    fields.environment = missingEnvironment.map((id): TMessage => `surrounding_not_found:${id}`);
  }
  if (Object.keys(fields).length > 0) {
    throw new FieldErrors(fields);
  }
};

import type { Database } from '../../db/client';
import { surroundings } from '../surroundings';
import { tags } from '../tags';

let sequence = 0;

/** A tag for station tests (the tags module's own tests build theirs through the API). */
export const buildTag = async (db: Database) => {
  sequence += 1;
  const [row] = await db
    .insert(tags)
    .values({ titleRu: `Метка станции ${sequence}-${Date.now()}`, titleEn: `Station tag ${sequence}` })
    .returning();
  if (!row) {
    throw new Error('tag insert returned nothing');
  }
  return row;
};

export const buildSurrounding = async (db: Database) => {
  sequence += 1;
  const [row] = await db
    .insert(surroundings)
    .values({ titleRu: `Рядом со станцией ${sequence}-${Date.now()}`, titleEn: `Nearby ${sequence}` })
    .returning();
  if (!row) {
    throw new Error('surrounding insert returned nothing');
  }
  return row;
};

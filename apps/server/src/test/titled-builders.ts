import { STATUS } from '@zaryad/contracts';
import type { Database } from '../db/client';
import { surroundings } from '../modules/surroundings/surroundings.tables';
import { tags } from '../modules/tags/tags.tables';

export interface TitledOverrides {
  titleRu?: string;
  isActive?: boolean;
}

let sequence = 0;

/** A title no other built record has: the Russian title is unique in both catalogues. */
const nextTitles = (prefix: string, titleRu: string | undefined) => {
  sequence += 1;
  const suffix = `${Date.now().toString(36)}-${sequence}`;
  return {
    titleRu: titleRu ?? `${prefix} ${suffix}`,
    titleEn: `${prefix} en ${suffix}`,
    titleKy: `${prefix} ky ${suffix}`,
  };
};

/** Inserts a tag straight into the database: active unless told otherwise. */
export const buildTag = async (db: Database, overrides: TitledOverrides = {}) => {
  const [row] = await db
    .insert(tags)
    .values({
      ...nextTitles('Метка', overrides.titleRu),
      status: overrides.isActive === false ? STATUS.inactive : STATUS.active,
    })
    .returning();
  if (!row) {
    throw new Error('tag insert returned nothing');
  }
  return row;
};

/** Inserts an infrastructure item without an icon file: active unless told otherwise. */
export const buildSurrounding = async (db: Database, overrides: TitledOverrides = {}) => {
  const [row] = await db
    .insert(surroundings)
    .values({
      ...nextTitles('Инфраструктура', overrides.titleRu),
      iconPath: null,
      status: overrides.isActive === false ? STATUS.inactive : STATUS.active,
    })
    .returning();
  if (!row) {
    throw new Error('surrounding insert returned nothing');
  }
  return row;
};

import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { buildMerchant } from '../../test/network-builders';
import { seedLocations } from '../locations';
import { surroundings } from '../surroundings';
import { tags } from '../tags';
import { DEMO_MERCHANTS } from './merchants.seed.data';
import { merchants } from './merchants.tables';

const idsByTitle = async (db: Database, table: typeof tags | typeof surroundings, titles: string[]) => {
  if (titles.length === 0) {
    return new Map<string, number>();
  }
  const rows = await db.select({ id: table.id, title: table.titleRu }).from(table).where(inArray(table.titleRu, titles));
  return new Map(rows.map((row) => [row.title, row.id]));
};

/**
 * Adds the demo merchants that are missing (by name); running it twice changes nothing. Tags and infrastructure
 * are linked by their Russian titles, so seed them first; a title that is missing is skipped.
 */
export const seedMerchants = async (db: Database): Promise<number> => {
  // The server writes the reference locations when it starts; a fresh database seeded first has none yet.
  await seedLocations(db);
  const existing = await db
    .select({ name: merchants.name })
    .from(merchants)
    .where(inArray(merchants.name, DEMO_MERCHANTS.map((merchant) => merchant.name)));
  const taken = new Set(existing.map((row) => row.name));
  const missing = DEMO_MERCHANTS.filter((merchant) => !taken.has(merchant.name));
  const tagIds = await idsByTitle(db, tags, [...new Set(missing.flatMap((merchant) => merchant.tags))]);
  const environmentIds = await idsByTitle(db, surroundings, [...new Set(missing.flatMap((merchant) => merchant.environment))]);
  const pick = (titles: string[], ids: Map<string, number>) =>
    titles.flatMap((title) => {
      const id = ids.get(title);
      return id === undefined ? [] : [id];
    });
  for (const merchant of missing) {
    await buildMerchant(db, {
      ...merchant,
      tagIds: pick(merchant.tags, tagIds),
      environmentIds: pick(merchant.environment, environmentIds),
    });
  }
  return missing.length;
};

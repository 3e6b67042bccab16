import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { serverPath } from '../../paths';
import { type FileStorage, sanitizeSvg } from '../media';
import { SYSTEM_ACTOR } from '../audit';
import { createSurroundingsService } from './surroundings.service';
import { surroundings } from './surroundings.tables';

interface DemoSurrounding {
  title_ru: string;
  title_en: string;
  title_ky: string;
  /** A file of ./icons/. */
  icon: string;
}

/** Infrastructure found around the demo network's stations, each with its hand-drawn 24x24 icon. */
export const DEMO_SURROUNDINGS: DemoSurrounding[] = [
  { title_ru: 'Кафе', title_en: 'Café', title_ky: 'Кафе', icon: 'cafe.svg' },
  { title_ru: 'Туалет', title_en: 'Toilet', title_ky: 'Даараткана', icon: 'toilet.svg' },
  { title_ru: 'Wi-Fi', title_en: 'Wi-Fi', title_ky: 'Wi-Fi', icon: 'wifi.svg' },
  { title_ru: 'Магазин', title_en: 'Shop', title_ky: 'Дүкөн', icon: 'shop.svg' },
  { title_ru: 'Парковка', title_en: 'Parking', title_ky: 'Автотурак', icon: 'parking.svg' },
  { title_ru: 'Ресторан', title_en: 'Restaurant', title_ky: 'Ресторан', icon: 'restaurant.svg' },
  { title_ru: 'Гостиница', title_en: 'Hotel', title_ky: 'Мейманкана', icon: 'hotel.svg' },
  { title_ru: 'Детская площадка', title_en: 'Playground', title_ky: 'Балдар аянтчасы', icon: 'playground.svg' },
  { title_ru: 'Автомойка', title_en: 'Car wash', title_ky: 'Унаа жуучу жай', icon: 'car-wash.svg' },
  { title_ru: 'Банкомат', title_en: 'ATM', title_ky: 'Банкомат', icon: 'atm.svg' },
];

const ICONS_DIR = pathToFileURL(serverPath('src/modules/surroundings/icons/'));

/**
 * Adds the demo infrastructure whose Russian title is not taken yet (running it twice changes nothing); the icons go
 * through the same sanitiser as uploads. Answers how many it added.
 */
export const seedSurroundings = async (db: Database, storage: FileStorage): Promise<number> => {
  const service = createSurroundingsService(db, storage);
  const existing = await db.select({ title: sql<string>`lower(${surroundings.titleRu})` }).from(surroundings);
  const taken = new Set(existing.map((row) => row.title));
  let added = 0;
  for (const { icon, ...titles } of DEMO_SURROUNDINGS) {
    if (taken.has(titles.title_ru.toLowerCase())) {
      continue;
    }
    const sanitized = sanitizeSvg(await readFile(new URL(icon, ICONS_DIR)));
    if (!sanitized.ok) {
      throw new Error(`demo icon ${icon} is not a valid svg`);
    }
    await service.create(titles, sanitized.svg, SYSTEM_ACTOR);
    added += 1;
  }
  return added;
};

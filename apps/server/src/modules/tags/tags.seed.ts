import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { SYSTEM_ACTOR } from '../audit';
import { createTagsService } from './tags.service';
import { tags } from './tags.tables';

interface DemoTag {
  title_ru: string;
  title_en: string;
  title_ky: string;
  isActive: boolean;
}

/** The demo network's tags; one is inactive so that the screen shows both statuses and a deletable row. */
export const DEMO_TAGS: DemoTag[] = [
  { title_ru: 'Быстрая зарядка', title_en: 'Fast charging', title_ky: 'Тез кубаттоо', isActive: true },
  { title_ru: 'Круглосуточно', title_en: 'Open 24/7', title_ky: 'Күнү-түнү иштейт', isActive: true },
  { title_ru: 'Крытая парковка', title_en: 'Covered parking', title_ky: 'Жабык автотурак', isActive: true },
  { title_ru: 'Бесплатная парковка', title_en: 'Free parking', title_ky: 'Акысыз автотурак', isActive: true },
  { title_ru: 'Быстрая зарядка DC', title_en: 'DC fast charging', title_ky: 'DC тез кубаттоо', isActive: true },
  {
    title_ru: 'Рядом с торговым центром',
    title_en: 'Near a shopping mall',
    title_ky: 'Соода борборунун жанында',
    isActive: true,
  },
  { title_ru: 'У трассы', title_en: 'On the highway', title_ky: 'Трассанын жанында', isActive: true },
  { title_ru: 'Оплата картой', title_en: 'Card payment', title_ky: 'Карта менен төлөө', isActive: true },
  {
    title_ru: 'Доступно для колясок',
    title_en: 'Wheelchair accessible',
    title_ky: 'Майыптар арабасы үчүн ыңгайлуу',
    isActive: true,
  },
  {
    title_ru: 'Временно недоступно',
    title_en: 'Temporarily unavailable',
    title_ky: 'Убактылуу иштебейт',
    isActive: false,
  },
];

/** Adds the demo tags whose Russian title is not taken yet; running it twice changes nothing. Answers how many it added. */
export const seedTags = async (db: Database): Promise<number> => {
  const service = createTagsService(db);
  const existing = await db.select({ title: sql<string>`lower(${tags.titleRu})` }).from(tags);
  const taken = new Set(existing.map((row) => row.title));
  let added = 0;
  for (const { isActive, ...titles } of DEMO_TAGS) {
    if (taken.has(titles.title_ru.toLowerCase())) {
      continue;
    }
    const tag = await service.create(titles, SYSTEM_ACTOR);
    if (!isActive) {
      await service.setStatuses({ ids: [tag.id], active: false }, SYSTEM_ACTOR);
    }
    added += 1;
  }
  return added;
};

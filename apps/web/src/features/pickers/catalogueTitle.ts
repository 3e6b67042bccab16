import type { TLanguage } from '@zaryad/contracts';

type TTitled = { title_ru: string; title_en: string; title_ky: string };

/** The title in the interface language; Russian (always filled) when that language's title is empty. */
export const catalogueTitle = (item: TTitled, language: TLanguage): string => {
  const titles: Record<TLanguage, string> = { ru: item.title_ru, en: item.title_en, ky: item.title_ky };
  return titles[language].trim() === '' ? item.title_ru : titles[language];
};

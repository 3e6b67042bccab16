import type { TLanguage } from '@zaryad/contracts';

/** A tag's or infrastructure item's titles; an empty en or ky title means "not filled in that language". */
export type TTitles = { title_ru: string; title_en: string; title_ky: string };

export const TITLE_FIELD = { ru: 'title_ru', en: 'title_en', ky: 'title_ky' } as const satisfies Record<
  TLanguage,
  keyof TTitles
>;

const TITLE_NAMES = Object.values(TITLE_FIELD);

/** The title in the interface language, falling back to Russian (the default language) when that one is empty. */
export const localizedTitle = (record: TTitles, language: TLanguage): string => {
  const own = record[TITLE_FIELD[language]].trim();
  return own === '' ? record.title_ru : own;
};

export const trimTitles = (values: TTitles): TTitles => ({
  title_ru: values.title_ru.trim(),
  title_en: (values.title_en ?? '').trim(),
  title_ky: (values.title_ky ?? '').trim(),
});

/** An edit sends only what changed (docs/product/catalogues.md#4-states-and-rules), compared after trimming so stray spaces are no change. */
export const changedTitles = (initial: TTitles, values: TTitles): Partial<TTitles> => {
  const before = trimTitles(initial);
  const after = trimTitles(values);
  return Object.fromEntries(
    TITLE_NAMES.filter((name) => before[name] !== after[name]).map((name) => [name, after[name]]),
  );
};

import type { TLanguage } from '@zaryad/contracts';

/** Local storage key of the chosen interface language (docs/product/common.md#1-what-it-is-for). */
export const LANGUAGE_KEY = 'language';

export type { TLanguage };

// The contract's LANGUAGES, restated (and type-checked against it) so the entry chunk does not import zod.
export const LANGUAGES = ['ru', 'en', 'ky'] as const satisfies readonly TLanguage[];
export const DEFAULT_LANGUAGE: TLanguage = 'ru';

/**
 * The switcher's labels are the language codes operators know from the old dashboard (ENG, RU, KG) and read
 * the same in every language, so they are constants rather than translations; the title is the native name.
 */
export const LANGUAGE_OPTIONS: ReadonlyArray<{ value: TLanguage; label: string; title: string }> = [
  { value: 'en', label: 'ENG', title: 'English' },
  { value: 'ru', label: 'RU', title: 'Русский' },
  { value: 'ky', label: 'KG', title: 'Кыргызча' },
];

export const toLanguage = (value: unknown): TLanguage =>
  LANGUAGES.find((language) => language === value) ?? DEFAULT_LANGUAGE;

export const readStoredLanguage = (): TLanguage => {
  try {
    return toLanguage(window.localStorage.getItem(LANGUAGE_KEY));
  } catch {
    return DEFAULT_LANGUAGE;
  }
};

import type { TLanguage } from '@zaryad/contracts';

export type { TLanguage };

/** The drivers' app keeps its own choice, apart from the dashboard's (one browser may hold both). */
export const LANGUAGE_KEY = 'zaryad.driver.language';
export const LANGUAGES = ['ru', 'en', 'ky'] as const satisfies readonly TLanguage[];
export const DEFAULT_LANGUAGE: TLanguage = 'ru';

/** Each language named in itself: the switcher reads the same whatever the app's language is. */
export const LANGUAGE_NAMES: Record<TLanguage, string> = { ru: 'Русский', en: 'English', ky: 'Кыргызча' };

export const toLanguage = (value: unknown): TLanguage =>
  LANGUAGES.find((language) => language === value) ?? DEFAULT_LANGUAGE;

export const readStoredLanguage = (): TLanguage => {
  try {
    return toLanguage(window.localStorage.getItem(LANGUAGE_KEY));
  } catch {
    return DEFAULT_LANGUAGE;
  }
};

export const storeLanguage = (language: TLanguage) => {
  try {
    window.localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // A private window without storage keeps the choice for this visit only.
  }
};

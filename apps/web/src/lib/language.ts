import { DEFAULT_LANGUAGE, LANGUAGES, ZLanguage, type TLanguage } from '@zaryad/contracts';

/** Local storage key of the chosen interface language (SPEC.md section 1). */
export const LANGUAGE_KEY = 'language';

export { DEFAULT_LANGUAGE, LANGUAGES, type TLanguage };

/**
 * The switcher's labels are the language codes operators know from the old dashboard (ENG, RU, KG) and read
 * the same in every language, so they are constants rather than translations; the title is the native name.
 */
export const LANGUAGE_OPTIONS: ReadonlyArray<{ value: TLanguage; label: string; title: string }> = [
  { value: 'en', label: 'ENG', title: 'English' },
  { value: 'ru', label: 'RU', title: 'Русский' },
  { value: 'ky', label: 'KG', title: 'Кыргызча' },
];

export const toLanguage = (value: string | null | undefined): TLanguage => {
  const parsed = ZLanguage.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_LANGUAGE;
};

export const readStoredLanguage = (): TLanguage => {
  try {
    return toLanguage(window.localStorage.getItem(LANGUAGE_KEY));
  } catch {
    return DEFAULT_LANGUAGE;
  }
};

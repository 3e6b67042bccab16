import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { resources, NAMESPACES } from '@/locales';
import { setDatesLanguage } from '@/lib/dates';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_KEY,
  LANGUAGES,
  readStoredLanguage,
  toLanguage,
  type TLanguage,
} from '@/lib/language';

export const i18n = i18next.createInstance();

const applyLanguage = (language: TLanguage) => {
  try {
    window.localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Private mode or a full storage: the choice then lasts until the reload, which is acceptable.
  }
  document.documentElement.lang = language;
  setDatesLanguage(language);
};

i18n.on('languageChanged', (language) => {
  applyLanguage(toLanguage(language));
});

void i18n.use(initReactI18next).init({
  resources,
  lng: readStoredLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES,
  ns: NAMESPACES,
  defaultNS: 'common',
  // React escapes what it renders; escaping here too would show `&amp;` in names.
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

/** The language every API call announces in `Accept-Language`. */
export const currentLanguage = (): TLanguage => toLanguage(i18n.resolvedLanguage ?? i18n.language);

export const changeLanguage = async (language: TLanguage) => {
  await i18n.changeLanguage(language);
};

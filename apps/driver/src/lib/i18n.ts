import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStoredLanguage, storeLanguage, type TLanguage } from '@/lib/language';

/** A feature's texts in the three languages: one namespace each, the same keys in every language. */
export type TTexts = Record<TLanguage, Record<string, unknown>>;

/**
 * The app's texts (docs/product/driver-app.md): each feature registers its own namespace from its `texts.ts`, so a
 * screen's words travel with its chunk. Russian is the default and the fallback.
 */
export const i18n = i18next.createInstance();

export const i18nReady = i18n.use(initReactI18next).init({
  lng: readStoredLanguage(),
  fallbackLng: 'ru',
  supportedLngs: ['ru', 'en', 'ky'],
  resources: {},
  interpolation: { escapeValue: false },
  returnNull: false,
});

export const registerTexts = (namespace: string, texts: TTexts) => {
  for (const [language, bundle] of Object.entries(texts)) {
    if (!i18n.hasResourceBundle(language, namespace)) {
      i18n.addResourceBundle(language, namespace, bundle, true, false);
    }
  }
};

export const setLanguage = async (language: TLanguage) => {
  storeLanguage(language);
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
};

export const currentLanguage = (): TLanguage => (i18n.resolvedLanguage ?? i18n.language ?? 'ru') as TLanguage;

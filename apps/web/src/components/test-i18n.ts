import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '@/locales/en/kit';
import ky from '@/locales/ky/kit';
import ru from '@/locales/ru/kit';

export const kitResources = { en: { kit: en }, ru: { kit: ru }, ky: { kit: ky } } as const;
export type TKitLanguage = keyof typeof kitResources;

/**
 * A private i18next instance for the kit's tests, so they do not depend on the app's i18n setup
 * (which registers the same files as `resources[lang].kit`).
 */
export const createKitI18n = (language: TKitLanguage = 'en'): i18n => {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: kitResources,
    lng: language,
    fallbackLng: 'ru',
    ns: ['kit'],
    defaultNS: 'kit',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
};

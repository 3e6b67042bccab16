import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadLazyNamespace, loadTexts, type TLanguageTexts } from '@/locales';
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
};

i18n.on('languageChanged', (language) => {
  applyLanguage(toLanguage(language));
});

/**
 * Serves i18next each namespace from the language's one chunk, so `i18n.changeLanguage` (whoever calls it)
 * fetches the new language's texts before it switches and no screen shows raw keys.
 */
const languageChunks: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init: () => undefined,
  read: (language, namespace, callback) => {
    loadTexts(toLanguage(language))
      .then(async (texts) => texts[namespace] ?? (await loadLazyNamespace(toLanguage(language), namespace)) ?? {})
      .then(
        (texts) => callback(null, texts),
        (error: unknown) => callback(error instanceof Error ? error : String(error), null),
      );
  },
};

const initialLanguage = readStoredLanguage();

/**
 * Settles once the stored language's texts (and ru's, the fallback) are in: the first render waits for it
 * (main.tsx), so nothing flashes untranslated keys.
 */
export const i18nReady: Promise<void> = loadTexts(initialLanguage)
  // A network failure still starts the app: the backend retries each namespace as a screen asks for it.
  .catch((): TLanguageTexts => ({}))
  .then(async (texts) => {
    await i18n
      .use(languageChunks)
      .use(initReactI18next)
      .init({
        // The chunk just loaded; the backend fetches other languages on demand (the fallback, a switch).
        resources: { [initialLanguage]: texts },
        partialBundledLanguages: true,
        lng: initialLanguage,
        fallbackLng: DEFAULT_LANGUAGE,
        supportedLngs: LANGUAGES,
        // Every language has the same namespaces (locales.test.ts): all of them are ready before any screen.
        ns: Object.keys(texts).length > 0 ? Object.keys(texts) : ['common'],
        defaultNS: 'common',
        // React escapes what it renders; escaping here too would show `&amp;` in names.
        interpolation: { escapeValue: false },
        returnNull: false,
      });
  });

/** The language every API call announces in `Accept-Language`. */
export const currentLanguage = (): TLanguage => toLanguage(i18n.resolvedLanguage ?? i18n.language);

/** Starts fetching a language's texts (the switcher can call it on hover), so the switch itself is instant. */
export const preloadLanguage = (language: TLanguage) => {
  void loadTexts(language).catch(() => undefined);
};

/** Loads namespaces kept out of the language chunks (locales/index.ts), in the current language and the fallback. */
export const loadNamespaces = async (...namespaces: string[]) => {
  await i18nReady;
  await i18n.loadNamespaces(namespaces);
};

export const changeLanguage = async (language: TLanguage) => {
  await i18nReady;
  await i18n.changeLanguage(language);
};

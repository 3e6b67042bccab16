import 'i18next';
import type { TResources } from '@/locales';

/**
 * English is the reference shape: `t('layout.menu.unknown')` does not compile. ru and ky are checked against
 * it by `locales.test.ts` and by their `satisfies TTranslation<...>` annotations.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: TResources;
    returnNull: false;
  }
}

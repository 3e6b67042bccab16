import { loadNamespaces } from '@/lib/i18n';

/** The banners' texts (locales/<language>/lazy/banners.ts), loaded with the first of its screens. */
export const bannerTextsReady: Promise<void> = loadNamespaces('banners');

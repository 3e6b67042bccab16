import { loadNamespaces } from '@/lib/i18n';

/** The promotions' texts (locales/<language>/lazy/promotions.ts), loaded with the first of its screens. */
export const promotionTextsReady: Promise<void> = loadNamespaces('promotions');

import { loadNamespaces } from '@/lib/i18n';

/** The dashboard's and the heat map's texts (locales/<language>/lazy/analytics.ts), loaded with either screen. */
export const analyticsTextsReady: Promise<void> = loadNamespaces('analytics');

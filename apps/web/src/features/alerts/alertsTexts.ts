import { loadNamespaces } from '@/lib/i18n';

/** The alerts' texts (locales/<language>/lazy/alerts.ts), loaded with their screens. */
export const alertsTextsReady = (): Promise<void> => loadNamespaces('alerts');

import { loadNamespaces } from '@/lib/i18n';

/** The preferences' and webhooks' texts (locales/<language>/lazy/notificationSettings.ts), loaded with either screen. */
export const textsReady: Promise<void> = loadNamespaces('notificationSettings');

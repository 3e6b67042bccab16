import { loadNamespaces } from '@/lib/i18n';

/** The live board's texts (locales/<language>/lazy/live.ts), loaded with its screen. */
export const liveTextsReady: Promise<void> = loadNamespaces('live');

import { loadNamespaces } from '@/lib/i18n';

/** The uptime texts (locales/<language>/lazy/uptime.ts), loaded with its screen and panels. */
export const uptimeTextsReady = (): Promise<void> => loadNamespaces('uptime');

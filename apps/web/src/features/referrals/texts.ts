import { loadNamespaces } from '@/lib/i18n';

/** The referrals' texts (locales/<language>/lazy/referrals.ts), loaded by whichever of its pieces shows first. */
export const textsReady: Promise<void> = loadNamespaces('referrals');

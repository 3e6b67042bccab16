import { loadNamespaces } from '@/lib/i18n';

/** The card payments' texts (locales/<language>/lazy/cardPayments.ts): only the screens that show them load them. */
export const textsReady: Promise<void> = loadNamespaces('cardPayments');

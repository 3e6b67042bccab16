import { lazy } from 'react';
import { loadNamespaces } from '@/lib/i18n';

/**
 * The money form of a refund or a correction (LedgerModal) with its texts (locales/<language>/lazy/wallet.ts), loaded
 * when an operator opens it. One chunk for the three screens that use it, and none of their own: each chunk that
 * imports antd's form, modal or table counts towards moving them into what every screen loads
 * (apps/web/build/chunkGroups.ts), so the screens keep only the thin part (figures, hooks) and render this.
 */
export const LazyLedgerModal = lazy(async () => {
  const [module] = await Promise.all([import('@/components/ledger-modal/LedgerModal'), loadNamespaces('wallet')]);
  return { default: module.LedgerModal };
});

import { lazy } from 'react';
import type { TFeature } from '@/app/feature';
import { cardPaymentsRoutes } from '@/features/card-payments/routes';

/** Card payments through the payment provider (issue 39): the list with its totals and exports, one payment, refunds. */
export const cardPaymentsFeature: TFeature = { routes: cardPaymentsRoutes, menu: ['cardPayments'] };

// What the user's page shows of card payments, a chunk of its own loaded with the card payments' texts.
/** A driver's saved cards and automatic top-up, for the user's page (`card_payments.view`). */
export const CardWalletCard = lazy(async () => {
  const module = await import('@/features/card-payments/CardWalletCard');
  await module.textsReady;
  return { default: module.CardWalletCard };
});

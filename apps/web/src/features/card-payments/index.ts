import { lazy } from 'react';

// What the user's page shows of card payments, a chunk of its own loaded with the card payments' texts.
/** A driver's saved cards and automatic top-up, for the user's page (`card_payments.view`). */
export const CardWalletCard = lazy(async () => {
  const module = await import('@/features/card-payments/CardWalletCard');
  await module.textsReady;
  return { default: module.CardWalletCard };
});

import { lazy } from 'react';

// Redeeming a code for a driver on user/{id}, with its texts, loaded when an operator opens it.
export const RedeemCodeModal = lazy(async () => {
  const module = await import('@/features/promo-codes/RedeemCodeModal');
  await module.textsReady;
  return { default: module.RedeemCodeModal };
});

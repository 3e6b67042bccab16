import { lazy } from 'react';
import type { TFeature } from '@/app/feature';
import { promoCodesRoutes } from '@/features/promo-codes/routes';

/** Promo codes: the list with its filters, deactivation and the generate modal. */
export const promoCodesFeature: TFeature = { routes: promoCodesRoutes, menu: ['promoCodes'] };

// Redeeming a code for a driver on user/{id}, with its texts, loaded when an operator opens it.
export const RedeemCodeModal = lazy(async () => {
  const module = await import('@/features/promo-codes/RedeemCodeModal');
  await module.textsReady;
  return { default: module.RedeemCodeModal };
});

import type { TFeature } from '@/app/feature';
import { promoCodesRoutes } from '@/features/promo-codes/routes';

/** Promo codes: the list with its filters, deactivation and the generate modal. */
export const promoCodesFeature: TFeature = { routes: promoCodesRoutes, menu: ['promoCodes'] };

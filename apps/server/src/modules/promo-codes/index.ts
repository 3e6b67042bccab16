// Promo codes of promotions: /api/v1/promo-codes/ (generation, list, deactivation, redemption). Their tables belong to
// modules/promotions, whose chooser gives a promotion with codes only to the charges its redemptions reach.
import { defineDomain } from '../../platform/domain';
import { promoCodesRoutes } from './promo-codes.routes';
import { createPromoCodesService } from './promo-codes.service';

export { promoCodes, promoCodeRedemptions } from '../promotions';
export { createPromoCodesService, type PromoCodesService } from './promo-codes.service';

export const promoCodesDomain = defineDomain({
  name: 'promo-codes',
  prefix: '/api/v1/promo-codes',
  services: ({ db }) => ({ promoCodes: createPromoCodesService(db) }),
  routes: promoCodesRoutes,
});

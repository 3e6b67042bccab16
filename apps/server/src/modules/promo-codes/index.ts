// Promo codes of promotions: /api/v1/promo-codes/ (generation, list, deactivation, redemption).
import { defineDomain } from '../../platform/domain';
import { promoCodesRoutes } from './promo-codes.routes';
import { createPromoCodesService } from './promo-codes.service';
import * as promoCodesTables from './promo-codes.tables';

export { promoCodes, promoCodeRedemptions } from './promo-codes.tables';

export const promoCodesDomain = defineDomain({
  name: 'promo-codes',
  prefix: '/api/v1/promo-codes',
  tables: promoCodesTables,
  services: ({ db }) => ({ promoCodes: createPromoCodesService(db) }),
  routes: promoCodesRoutes,
});

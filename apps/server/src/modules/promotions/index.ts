// Promotions: discounts on charges at /api/v1/ads/promotions/, the job that ends them, and the chooser the charges
// engine calls when a charge finishes.
import { defineDomain } from '../../platform/domain';
import { scheduleJob } from '../../platform/scheduler';
import { promotionsRoutes } from './promotions.routes';
import { seedPromotions } from './promotions.seed';
import { createPromotionsService, endJob } from './promotions.service';
import * as promotionsTables from './promotions.tables';

export { promoCodeRedemptions, promoCodes, promotions, promotionStations, promotionUses } from './promotions.tables';
export { endPassedPromotions } from './promotions.service';
export {
  choosePromotion,
  type ChosenPromotion,
  type CodeRedemption,
  type PromotionCandidateCharge,
  promotionUse,
  settleRedemptions,
} from './promotions.chooser';

/** Where its images go under DATA_DIR/uploads. */
const UPLOADS_FOLDER = 'promotions';

export const promotionsDomain = defineDomain({
  name: 'promotions',
  prefix: '/api/v1/ads/promotions',
  tables: promotionsTables,
  services: ({ db, storage }) => ({ db, promotions: createPromotionsService(db, storage(UPLOADS_FOLDER)) }),
  plugins: async (app, { db }) => {
    scheduleJob(app, db, endJob);
  },
  routes: async (app, { promotions, db }) => promotionsRoutes(app, { promotions, db }),
  seed: {
    demo: async ({ db, storage }) => `Promotions added: ${await seedPromotions(db, storage(UPLOADS_FOLDER))}.`,
  },
});

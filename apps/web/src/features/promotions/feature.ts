import type { TFeature } from '@/app/feature';
import { promotionsRoutes } from '@/features/promotions/routes';

/** Promotions: the list with its validity tabs and the multi-language form. */
export const promotionsFeature: TFeature = { routes: promotionsRoutes, menu: ['promotions'] };

import type { TFeature } from '@/app/feature';
import { ratesRoutes } from '@/features/rates/routes';

export const ratesFeature: TFeature = { routes: ratesRoutes, menu: ['rates'] };

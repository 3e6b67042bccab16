import type { TFeature } from '@/app/feature';
import { chargesRoutes } from '@/features/charges/routes';

export const chargesFeature: TFeature = { routes: [chargesRoutes], menu: ['chargersList'] };

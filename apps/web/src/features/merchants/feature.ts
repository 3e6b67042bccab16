import type { TFeature } from '@/app/feature';
import { merchantsRoutes } from '@/features/merchants/routes';

export const merchantsFeature: TFeature = { routes: merchantsRoutes, menu: ['merchants'] };

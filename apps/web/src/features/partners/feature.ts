import type { TFeature } from '@/app/feature';
import { partnersRoutes } from '@/features/partners/routes';

export const partnersFeature: TFeature = { routes: [partnersRoutes], menu: ['softwareRentalPartners'] };

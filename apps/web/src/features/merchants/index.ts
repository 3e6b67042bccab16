import type { TFeature } from '@/app/feature';
import { merchantsRoutes } from '@/features/merchants/routes';

export const merchantsFeature: TFeature = { routes: merchantsRoutes, menu: ['merchants'] };

// What the station screens use of merchants: the query keys to refresh after a station changes.
export { merchantKeys } from '@/features/merchants/api';
// The station screens' way back to their merchant (breadcrumbs, the station card's link).
export { merchantPath, useMerchantCrumb } from '@/features/merchants/merchantCrumb';

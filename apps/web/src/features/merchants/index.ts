// What the station screens use of merchants: the query keys to refresh after a station changes.
export { merchantKeys } from '@/features/merchants/api';
// The station screens' way back to their merchant (breadcrumbs, the station card's link).
export { merchantPath, useMerchantCrumb } from '@/features/merchants/merchantCrumb';

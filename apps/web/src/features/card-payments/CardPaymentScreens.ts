// Both screens of the feature in one chunk: they share nearly everything they import, and one chunk instead of two
// keeps antd's table and descriptions out of what every screen loads (apps/web/build/chunkGroups.ts counts chunks).
export { CardPaymentsListPage } from '@/features/card-payments/CardPaymentsListPage';
export { CardPaymentPage } from '@/features/card-payments/CardPaymentPage';
export { textsReady } from '@/features/card-payments/texts';

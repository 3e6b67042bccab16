import type { TFeature } from '@/app/feature';
import { cardPaymentsRoutes } from '@/features/card-payments/routes';

/** Card payments through the payment provider (issue 39): the list with its totals and exports, one payment, refunds. */
export const cardPaymentsFeature: TFeature = { routes: cardPaymentsRoutes, menu: ['cardPayments'] };

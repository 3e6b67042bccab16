import type { RouteObject } from 'react-router';
import type { TRouteHandle } from '@/app/layout/routeHandle';
import { lazyPage } from '@/lib/lazyPage';

const handle = (value: TRouteHandle) => value;

/** `/card-payments` and `/card-payments/{id}` (issue 39): each screen loads with the card payments' texts. */
export const cardPaymentsRoutes: RouteObject[] = [
  {
    path: 'card-payments',
    handle: handle({ menu: 'cardPayments' }),
    lazy: lazyPage(
      async () => {
        const module = await import('@/features/card-payments/CardPaymentScreens');
        await module.textsReady;
        return module;
      },
      (m) => m.CardPaymentsListPage,
    ),
  },
  {
    path: 'card-payments/:id',
    handle: handle({ menu: 'cardPayments', crumb: 'details', title: 'cardPaymentDetails' }),
    lazy: lazyPage(
      async () => {
        const module = await import('@/features/card-payments/CardPaymentScreens');
        await module.textsReady;
        return module;
      },
      (m) => m.CardPaymentPage,
    ),
  },
];

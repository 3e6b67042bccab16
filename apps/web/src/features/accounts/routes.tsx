import type { RouteObject } from 'react-router';
import type { TRouteHandle } from '@/app/layout/routeHandle';
import { lazyPage } from '@/lib/lazyPage';

const handle = (value: TRouteHandle) => value;

/** `/accounts`, `accounts/create`, `accounts/edit/{id}`, `accounts/details/{id}` (SPEC.md section 2). */
export const accountsRoutes: RouteObject = {
  path: 'accounts',
  handle: handle({ menu: 'accounts' }),
  children: [
    {
      index: true,
      lazy: lazyPage(
        () => import('@/features/accounts/AccountsListPage'),
        (m) => m.AccountsListPage,
      ),
    },
    {
      path: 'create',
      handle: handle({ crumb: 'create', permission: 'accounts.create' }),
      lazy: lazyPage(
        () => import('@/features/accounts/AccountCreatePage'),
        (m) => m.AccountCreatePage,
      ),
    },
    {
      path: 'edit/:id',
      handle: handle({ crumb: 'edit', permission: 'accounts.edit' }),
      lazy: lazyPage(
        () => import('@/features/accounts/AccountEditPage'),
        (m) => m.AccountEditPage,
      ),
    },
    {
      path: 'details/:id',
      handle: handle({ crumb: 'details' }),
      lazy: lazyPage(
        () => import('@/features/accounts/AccountDetailsPage'),
        (m) => m.AccountDetailsPage,
      ),
    },
  ],
};

import type { RouteObject } from 'react-router';
import type { TRouteHandle } from '@/app/layout/routeHandle';
import { lazyPage } from '@/lib/lazyPage';

const handle = (value: TRouteHandle) => value;

/** `/users`, `user/{id}` and `/extract-balance` (docs/product/users.md#2-screens). */
export const usersRoutes: RouteObject[] = [
  {
    path: 'users',
    handle: handle({ menu: 'users' }),
    lazy: lazyPage(
      () => import('@/features/users/UsersListPage'),
      (m) => m.UsersListPage,
    ),
  },
  {
    path: 'user/:id',
    handle: handle({ menu: 'users', crumb: 'details', title: 'userDetails' }),
    lazy: lazyPage(
      () => import('@/features/users/UserDetailPage'),
      (m) => m.UserDetailPage,
    ),
  },
  {
    path: 'extract-balance',
    handle: handle({ menu: 'extractBalance' }),
    lazy: lazyPage(
      () => import('@/features/users/ExtractBalancePage'),
      (m) => m.ExtractBalancePage,
    ),
  },
];

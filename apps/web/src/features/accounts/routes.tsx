import type { RouteObject } from 'react-router';
import type { TRouteHandle } from '@/app/layout/routeHandle';
import { lazyPage } from '@/lib/lazyPage';

const handle = (value: TRouteHandle) => value;

const roleFormPage = (pick: 'create' | 'edit' | 'view') =>
  lazyPage(
    () => import('@/features/accounts/roles/RoleFormPage'),
    (m) => ({ create: m.RoleCreatePage, edit: m.RoleEditPage, view: m.RoleViewPage })[pick],
  );

/**
 * `/accounts`, `accounts/create`, `accounts/edit/{id}`, `accounts/details/{id}` (docs/product/accounts.md#2-screens), and the roles
 * under them (issue 11): `accounts/roles`, `accounts/roles/create`, `accounts/roles/edit/{id}`, `accounts/roles/view/{id}`.
 */
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
      handle: handle({ crumb: 'create', title: 'accountCreate', permission: 'accounts.create' }),
      lazy: lazyPage(
        () => import('@/features/accounts/AccountCreatePage'),
        (m) => m.AccountCreatePage,
      ),
    },
    {
      path: 'edit/:id',
      handle: handle({ crumb: 'edit', title: 'accountEdit', permission: 'accounts.edit' }),
      lazy: lazyPage(
        () => import('@/features/accounts/AccountEditPage'),
        (m) => m.AccountEditPage,
      ),
    },
    {
      path: 'details/:id',
      handle: handle({ crumb: 'details', title: 'accountDetails' }),
      lazy: lazyPage(
        () => import('@/features/accounts/AccountDetailsPage'),
        (m) => m.AccountDetailsPage,
      ),
    },
    {
      path: 'roles',
      handle: handle({ crumb: 'roles', permission: 'roles.view' }),
      children: [
        {
          index: true,
          lazy: lazyPage(
            () => import('@/features/accounts/roles/RolesListPage'),
            (m) => m.RolesListPage,
          ),
        },
        {
          path: 'create',
          handle: handle({ crumb: 'create', title: 'roleCreate', permission: 'roles.manage' }),
          lazy: roleFormPage('create'),
        },
        // Viewing is enough: a built-in role, or any role for an account without `roles.manage`, is sent on to its
        // view page (issue 33, item 3).
        { path: 'edit/:id', handle: handle({ crumb: 'edit', title: 'roleEdit' }), lazy: roleFormPage('edit') },
        { path: 'view/:id', handle: handle({ crumb: 'view', title: 'roleView' }), lazy: roleFormPage('view') },
      ],
    },
  ],
};

/** `/profile`: the signed-in account and its open sessions; every account may open it (no menu item, no permission). */
export const profileRoutes: RouteObject = {
  path: 'profile',
  lazy: lazyPage(
    () => import('@/features/accounts/profile/ProfilePage'),
    (m) => m.ProfilePage,
  ),
};

import type { RouteObject } from 'react-router';
import { RouteError } from '@/app/RouteError';
import { PageFallback } from '@/app/PageFallback';
import { lazyPage } from '@/lib/lazyPage';

const loginPage = lazyPage(
  () => import('@/features/auth/LoginPage'),
  (m) => m.LoginPage,
);

/** The signed-out area (either token missing): recovery screens, and the login screen on any other path. */
export const signedOutRoutes: RouteObject[] = [
  {
    path: '/',
    lazy: lazyPage(
      () => import('@/features/auth/AuthLayout'),
      (m) => m.AuthLayout,
    ),
    HydrateFallback: PageFallback,
    errorElement: <RouteError />,
    children: [
      { index: true, lazy: loginPage },
      {
        path: 'reset-password',
        lazy: lazyPage(
          () => import('@/features/auth/ResetPasswordPage'),
          (m) => m.ResetPasswordPage,
        ),
      },
      {
        path: 'change-password',
        lazy: lazyPage(
          () => import('@/features/auth/ChangePasswordPage'),
          (m) => m.ChangePasswordPage,
        ),
      },
      { path: '*', lazy: loginPage },
    ],
  },
];

import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { Loading } from '@/app/states';

const SignInPage = lazy(() => import('@/features/auth/SignInPage').then((module) => ({ default: module.SignInPage })));

export const authRoutes: RouteObject[] = [
  {
    path: 'sign-in',
    element: (
      <Suspense fallback={<Loading />}>
        <SignInPage />
      </Suspense>
    ),
  },
];

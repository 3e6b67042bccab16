import { lazy, Suspense } from 'react';

// The error page needs antd's Result and Typography (~40 KB): loaded only when an error actually happens.
const ErrorPage = lazy(() => import('@/app/ErrorPage').then((module) => ({ default: module.ErrorPage })));

/** The routes' `errorElement`. */
export const RouteError = () => (
  <Suspense fallback={null}>
    <ErrorPage />
  </Suspense>
);

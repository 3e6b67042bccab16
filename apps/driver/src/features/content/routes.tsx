import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';

const NewsPage = lazy(() => import('@/features/content/NewsPage').then((module) => ({ default: module.NewsPage })));
const LazyMainFullscreen = lazy(() =>
  import('@/features/content/MainFullscreen').then((module) => ({ default: module.MainFullscreen })),
);

export const contentRoutes: RouteObject[] = [{ path: 'news', element: <NewsPage /> }];

/** The `main` fullscreen in a chunk of its own, so that the first load does not carry it; nothing shows meanwhile. */
export const MainFullscreen = () => (
  <Suspense fallback={null}>
    <LazyMainFullscreen />
  </Suspense>
);

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { routes } from '@/app/routes';
import { ApiError } from '@/lib/api';
import { i18n } from '@/lib/i18n';

/** A refused call (4xx) is not worth asking again; a network blip is, twice. */
const shouldRetry = (failures: number, error: unknown) =>
  !(error instanceof ApiError && error.status < 500) && failures < 2;

export const createQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: shouldRetry, staleTime: 10_000 }, mutations: { retry: false } } });

export const App = () => {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createBrowserRouter(routes, { basename: '/app' }));
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>
  );
};

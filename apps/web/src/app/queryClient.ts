import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/apiError';

/** A 4xx will not change by asking again; network trouble and 5xx get one more try. */
const shouldRetry = (failureCount: number, error: unknown) =>
  failureCount < 1 && !(error instanceof ApiError && error.status < 500);

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });

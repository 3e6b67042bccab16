import { useQuery } from '@tanstack/react-query';
import type { TAccount } from '@zaryad/contracts';
import { api } from '@/lib/apiClient';

export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
};

/** The signed-in manager, for the header label. Here rather than in features/auth: the sign-in screens load no Query. */
export const useMe = () =>
  useQuery({ queryKey: authKeys.me(), queryFn: ({ signal }) => api.get<TAccount>('/accounts/me/', { signal }) });

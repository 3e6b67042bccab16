import { useQuery } from '@tanstack/react-query';
import type { TAccount } from '@zaryad/contracts';
import { createQueryKeys } from '@/components/domain-hooks/queryKeys';
import { api } from '@/lib/apiClient';

export const authKeys = createQueryKeys('auth', (of) => ({ me: () => of('me') }));

/** The signed-in manager, for the header label. Here rather than in features/auth: the sign-in screens load no Query. */
export const useMe = () =>
  useQuery({ queryKey: authKeys.me(), queryFn: ({ signal }) => api.get<TAccount>('/accounts/me/', { signal }) });

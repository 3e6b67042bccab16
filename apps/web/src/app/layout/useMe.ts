import { useQuery } from '@tanstack/react-query';
import type { TMe } from '@zaryad/contracts';
import { queryKeys } from '@/components/domain-hooks/queryKeys';
import { takeEarlyMe } from '@/app/earlyMe';
import { api } from '@/lib/apiClient';

export const authKeys = queryKeys.auth;

/** The signed-in manager and their permissions, for the header label, the menu and every screen's controls. Here rather than in features/auth: the sign-in screens load no Query. */
export const useMe = () =>
  useQuery({
    queryKey: authKeys.me(),
    queryFn: ({ signal }) => takeEarlyMe() ?? api.get<TMe>('/accounts/me/', { signal }),
  });

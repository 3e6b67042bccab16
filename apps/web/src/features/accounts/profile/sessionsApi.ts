import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSession } from '@zaryad/contracts';
import { queryKeys } from '@/components/domain-hooks/queryKeys';
import { api } from '@/lib/apiClient';

export const sessionKeys = queryKeys.sessions;

/** The signed-in account's open sign-ins (device, address, last use). */
export const useOwnSessions = () =>
  useQuery({
    queryKey: sessionKeys.own(),
    queryFn: ({ signal }) => api.get<TSession[]>('/accounts/sessions/', { signal }),
  });

/** Ends one sign-in: its access and refresh tokens stop working at once. */
export const useEndSession = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`/accounts/sessions/${id}/`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
};

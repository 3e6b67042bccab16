import { useQuery } from '@tanstack/react-query';
import type { TMe } from '@zaryad/contracts';
import { queryKeys } from '@/components/domain-hooks/queryKeys';
import { takeEarlyMe } from '@/app/earlyMe';
import { api } from '@/lib/apiClient';
import { rememberPermissions } from '@/lib/prerender';

export const authKeys = queryKeys.auth;

/** The signed-in manager and their permissions, for the header label, the menu and every screen's controls. Here rather than in features/auth: the sign-in screens load no Query. */
export const useMe = () =>
  useQuery({
    queryKey: authKeys.me(),
    queryFn: async ({ signal }) => {
      const me = await (takeEarlyMe() ?? api.get<TMe>('/accounts/me/', { signal }));
      rememberPermissions(me.permissions);
      return me;
    },
  });

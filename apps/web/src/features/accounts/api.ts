import { useQuery } from '@tanstack/react-query';
import type { TAccount, TAccountCreateBody, TAccountListQuery, TAccountUpdateBody, TRole } from '@zaryad/contracts';
import { createDomainHooks } from '@/components/domain-hooks/createDomainHooks';
import { createQueryKeys } from '@/components/domain-hooks/queryKeys';
import { api } from '@/lib/apiClient';

export const accountKeys = createQueryKeys('accounts', (of) => ({ roles: () => of('roles') }));

/** Dashboard accounts; a list row is the whole account. The server has no delete: useDelete stays unused. */
export const accountHooks = createDomainHooks<TAccount, TAccountListQuery, TAccountCreateBody, TAccountUpdateBody>({
  keys: accountKeys,
  path: '/accounts/',
  isRowTheDetail: true,
});

export const useAccounts = accountHooks.useList;
export const useAccount = accountHooks.useGet;
export const useCreateAccount = accountHooks.useCreate;
export const useUpdateAccount = accountHooks.useUpdateOne;
/** Block (active false) or unblock accounts; answers the updated records. */
export const useSetAccountsStatus = accountHooks.useSetStatuses;

export const useRoles = () =>
  useQuery({
    queryKey: accountKeys.roles(),
    queryFn: ({ signal }) => api.get<TRole[]>('/accounts/roles/', { signal }),
    staleTime: 5 * 60_000,
  });

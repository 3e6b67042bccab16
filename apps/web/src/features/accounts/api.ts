import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TAccount,
  TAccountCreateBody,
  TAccountListQuery,
  TAccountUpdateBody,
  TRoleCreateBody,
  TRoleDetails,
  TRoleUpdateBody,
} from '@zaryad/contracts';
import { createDomainHooks } from '@/components/domain-hooks/createDomainHooks';
import { queryKeys } from '@/components/domain-hooks/queryKeys';
import { api } from '@/lib/apiClient';

export const accountKeys = queryKeys.accounts;

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

/** Every role with its permissions and holders' count: the roles screen and the account form's role list. */
export const useRoles = <TData = TRoleDetails[]>(select?: (roles: TRoleDetails[]) => TData) =>
  useQuery({
    queryKey: accountKeys.roles(),
    queryFn: ({ signal }) => api.get<TRoleDetails[]>('/accounts/roles/', { signal }),
    staleTime: 5 * 60_000,
    select,
  });

export const useRole = (id: number) =>
  useQuery({
    queryKey: accountKeys.role(id),
    queryFn: ({ signal }) => api.get<TRoleDetails>(`/accounts/roles/${id}/`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });

/**
 * After a role changes, the roles (list and records) and the accounts' pages, whose rows carry the role's name,
 * are read again; nothing else holds a role.
 */
const useInvalidateRoles = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: accountKeys.all });
};

export const useCreateRole = () => {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: (body: TRoleCreateBody) => api.post<TRoleDetails>('/accounts/roles/', body),
    onSuccess: invalidate,
  });
};

export const useUpdateRole = (id: number) => {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: (body: TRoleUpdateBody) => api.patch<TRoleDetails>(`/accounts/roles/${id}/`, body),
    onSuccess: invalidate,
  });
};

/** A role in use is refused with a 400 array of messages (how many accounts hold it); the caller explains it. */
export const useDeleteRole = () => {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: (id: number) => api.delete<unknown>(`/accounts/roles/${id}/`),
    onSuccess: invalidate,
  });
};

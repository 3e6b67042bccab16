import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TAccount,
  TAccountCreateBody,
  TAccountListQuery,
  TAccountUpdateBody,
  TBulkStatusBody,
  TPaged,
  TRole,
} from '@zaryad/contracts';
import { api } from '@/lib/apiClient';
import type { TQuery } from '@/lib/api';

/** Query keys of the accounts domain, from the widest to the narrowest, so invalidation can pick its scope. */
export const accountKeys = {
  all: ['accounts'] as const,
  lists: () => [...accountKeys.all, 'list'] as const,
  list: (query: TAccountListQuery) => [...accountKeys.lists(), query] as const,
  details: () => [...accountKeys.all, 'detail'] as const,
  detail: (id: number) => [...accountKeys.details(), id] as const,
  roles: () => [...accountKeys.all, 'roles'] as const,
};

export const useAccounts = (query: TAccountListQuery) =>
  useQuery({
    queryKey: accountKeys.list(query),
    queryFn: ({ signal }) => api.get<TPaged<TAccount>>('/accounts/', { query: query as TQuery, signal }),
    // Paging and filtering keep the previous rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });

export const useAccount = (id: number) =>
  useQuery({
    queryKey: accountKeys.detail(id),
    queryFn: ({ signal }) => api.get<TAccount>(`/accounts/${id}/`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });

export const useRoles = () =>
  useQuery({
    queryKey: accountKeys.roles(),
    queryFn: ({ signal }) => api.get<TRole[]>('/accounts/roles/', { signal }),
    staleTime: 5 * 60_000,
  });

export const useCreateAccount = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAccountCreateBody) => api.post<TAccount>('/accounts/', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.lists() }),
  });
};

export const useUpdateAccount = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAccountUpdateBody) => api.patch<TAccount>(`/accounts/${id}/`, body),
    onSuccess: (account) => {
      queryClient.setQueryData(accountKeys.detail(account.id), account);
      return queryClient.invalidateQueries({ queryKey: accountKeys.lists() });
    },
  });
};

/** Block (active false) or unblock accounts; answers the updated records. */
export const useSetAccountsStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBulkStatusBody) => api.patch<TAccount[]>('/accounts/statuses/', body),
    onSuccess: (accounts) => {
      for (const account of accounts) {
        queryClient.setQueryData(accountKeys.detail(account.id), account);
      }
      return queryClient.invalidateQueries({ queryKey: accountKeys.lists() });
    },
  });
};

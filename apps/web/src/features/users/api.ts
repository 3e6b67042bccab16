import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAppDevice } from '@zaryad/contracts/app';
import type { TCorrectionBody, TLedgerResult } from '@zaryad/contracts/payments';
import type {
  TBalanceEntry,
  TPaged,
  TPaymentListQuery,
  TPaymentTotals,
  TTopUpBody,
  TTopUpResult,
  TUser,
  TUserListQuery,
  TUserRow,
} from '@zaryad/contracts';
import { createDomainHooks } from '@/components/domain-hooks/createDomainHooks';
import { queryKeys } from '@/components/domain-hooks/queryKeys';
import type { TQuery } from '@/lib/api';
import { api } from '@/lib/apiClient';

export const USERS_PATH = '/users/';
export const PAYMENTS_PATH = '/users/payments/';

/** The statement's filters without paging: what its totals and its export take. */
export type TPaymentFilters = Omit<TPaymentListQuery, 'page' | 'size'>;

/** Query keys of app users and their ledger: every statement read sits under `payments()`. */
export const userKeys = queryKeys.users;

/** Users are not created or edited from the dashboard: the list, one user, and the bulk block/unblock. */
export const userHooks = createDomainHooks<TUserRow, TUserListQuery, never, never, TUser>({
  keys: userKeys,
  path: USERS_PATH,
});

export const useUsers = userHooks.useList;
export const useUser = userHooks.useGet;
export const useSetUsersStatus = userHooks.useSetStatuses;

/** The user's sign-ins to the app (`GET /users/{id}/devices/`), as the user screen's Devices card lists them. */
export const useUserDevices = (userId: number) =>
  useQuery({
    queryKey: userKeys.devices(userId),
    queryFn: ({ signal }) => api.get<{ items: TAppDevice[] }>(`${USERS_PATH}${userId}/devices/`, { signal }),
  });

/** One page of the statement: all users', or one user's with `search_by_user_id`. */
export const usePayments = (query: TPaymentListQuery, enabled = true) =>
  useQuery({
    queryKey: userKeys.paymentPage(query),
    queryFn: ({ signal }) => api.get<TPaged<TBalanceEntry>>(PAYMENTS_PATH, { query: query as TQuery, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** Debit, credit and the count of the filtered statement: the /extract-balance totals line. */
export const usePaymentTotals = (query: TPaymentFilters) =>
  useQuery({
    queryKey: userKeys.paymentTotals(query),
    queryFn: ({ signal }) => api.get<TPaymentTotals>(`${PAYMENTS_PATH}totals/`, { query: query as TQuery, signal }),
    placeholderData: keepPreviousData,
  });

/**
 * `PATCH /users/{id}/balance/` with the modal's `Idempotency-Key`: a retry or a second click with the same key answers
 * the first top-up and adds nothing. The answer's balance goes into the cached user at once; the user's pages, the
 * statement and its totals are read again.
 */
export const useTopUp = (userId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: TTopUpBody; key: string }) =>
      api.patch<TTopUpResult>(`${USERS_PATH}${userId}/balance/`, body, { headers: { 'Idempotency-Key': key } }),
    onSuccess: (result) => {
      queryClient.setQueryData<TUser>(userKeys.detail(userId), (user) =>
        user ? { ...user, balance: result.balance } : user,
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.detail(userId) }),
        queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: userKeys.payments() }),
      ]);
    },
  });
};

/**
 * `POST /users/{id}/corrections/` with the modal's `Idempotency-Key`: a credit or a debit with its reason. The answer's
 * balance goes into the cached user at once; the user (held, available), the lists and the statements are read again.
 */
export const useCorrectBalance = (userId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: TCorrectionBody; key: string }) =>
      api.post<TLedgerResult>(`${USERS_PATH}${userId}/corrections/`, body, { headers: { 'Idempotency-Key': key } }),
    onSuccess: (result) => {
      queryClient.setQueryData<TUser>(userKeys.detail(userId), (user) =>
        user ? { ...user, balance: result.balance } : user,
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.detail(userId) }),
        queryClient.invalidateQueries({ queryKey: userKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: userKeys.payments() }),
      ]);
    },
  });
};

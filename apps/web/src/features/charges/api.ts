import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TChargeRefundBody, TChargeRefunds, TLedgerResult } from '@zaryad/contracts/payments';
import type {
  TChargeListQuery,
  TChargeTotals,
  TPaged,
  TCharge,
  TStopChargeBody,
  TStopChargeResult,
} from '@zaryad/contracts';
import { queryKeys } from '@/components/domain-hooks/queryKeys';
import type { TQuery } from '@/lib/api';
import { api } from '@/lib/apiClient';
import { isRunning } from '@/features/charges/chargeText';

/** docs/product/charges.md#7-calls: charges live under the users' API. */
export const CHARGES_PATH = '/users/transactions/';

/** The list's filters without paging: what the totals and the export take. */
export type TChargeFilters = Omit<TChargeListQuery, 'page' | 'size'>;

export const chargeKeys = queryKeys.charges;

/** How often a page with running charges is read again (their figures so far). */
export const RUNNING_REFRESH_MS = 30_000;

/** One page of charges, newest first; paging and filtering keep the previous rows until the next page arrives. */
export const useCharges = (query: TChargeListQuery, enabled = true) =>
  useQuery({
    queryKey: chargeKeys.list(query),
    queryFn: ({ signal }) => api.get<TPaged<TCharge>>(CHARGES_PATH, { query: query as TQuery, signal }),
    placeholderData: keepPreviousData,
    enabled,
    // A page holding running charges is read again every half minute while in view: their kWh and cost so far move.
    refetchInterval: (current) =>
      current.state.data?.items.some((charge) => isRunning(charge.status)) ? RUNNING_REFRESH_MS : false,
  });

/** Count, kWh, turnover and discount of every charge the filters select (not only the page on screen). */
export const useChargeTotals = (query: TChargeFilters) =>
  useQuery({
    queryKey: chargeKeys.totals(query),
    queryFn: ({ signal }) => api.get<TChargeTotals>(`${CHARGES_PATH}totals/`, { query: query as TQuery, signal }),
    placeholderData: keepPreviousData,
  });

/**
 * `POST /users/transactions/stop/`. `{success: false}` is an answer, not an error: the caller shows its translated
 * detail. Either way the charges and their totals are read again (a charge that had already ended shows its end), and
 * so are the users' balances and statements, which a finished charge paid by balance moves.
 */
export const useStopCharge = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TStopChargeBody) => api.post<TStopChargeResult>(`${CHARGES_PATH}stop/`, body),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: chargeKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
      ]),
  });
};

/** What is refunded of an ended charge and what is left (`GET /users/transactions/{id}/refunds/`). */
export const useChargeRefunds = (id: number) =>
  useQuery({
    queryKey: chargeKeys.refunds(id),
    queryFn: ({ signal }) => api.get<TChargeRefunds>(`${CHARGES_PATH}${id}/refunds/`, { signal }),
  });

/**
 * `POST /users/transactions/{id}/refund/`: the charge's cost, whole or part, back to the driver's balance. The charges
 * (and the refunds of this one) and the users' balances and statements are read again.
 */
export const useRefundCharge = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: TChargeRefundBody; key: string }) =>
      api.post<TLedgerResult>(`${CHARGES_PATH}${id}/refund/`, body, { headers: { 'Idempotency-Key': key } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: chargeKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
      ]),
  });
};

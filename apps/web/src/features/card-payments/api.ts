import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TPaged } from '@zaryad/contracts';
import type {
  TCardPayment,
  TCardPaymentDetail,
  TCardPaymentListQuery,
  TCardPaymentTotals,
  TCardRefundBody,
  TCardWallet,
  TLedgerResult,
} from '@zaryad/contracts/payments';
import { queryKeys } from '@/components/domain-hooks/queryKeys';
import type { TQuery } from '@/lib/api';
import { api } from '@/lib/apiClient';

/** The dashboard's card payments (issue 39); the statement keeps its own /users/payments/. */
export const CARD_PAYMENTS_PATH = '/card-payments/';

export const cardPaymentKeys = queryKeys.cardPayments;

/** One page of card payments, newest first; the previous rows stay until the next page arrives. */
export const useCardPayments = (query: TCardPaymentListQuery) =>
  useQuery({
    queryKey: cardPaymentKeys.list(query),
    queryFn: ({ signal }) => api.get<TPaged<TCardPayment>>(CARD_PAYMENTS_PATH, { query: query as TQuery, signal }),
    placeholderData: keepPreviousData,
  });

/** Count, paid and refunded of every payment the filters select (not only the page on screen). */
export const useCardPaymentTotals = (query: TQuery) =>
  useQuery({
    queryKey: cardPaymentKeys.totals(query),
    queryFn: ({ signal }) => api.get<TCardPaymentTotals>(`${CARD_PAYMENTS_PATH}totals/`, { query, signal }),
    placeholderData: keepPreviousData,
  });

/** One payment with its refunds and what the provider said. */
export const useCardPayment = (id: number) =>
  useQuery({
    queryKey: cardPaymentKeys.detail(id),
    queryFn: ({ signal }) => api.get<TCardPaymentDetail>(`${CARD_PAYMENTS_PATH}${id}/`, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });

/** A driver's saved cards and automatic top-up (`GET /card-payments/wallets/{user_id}/`), for the user's page. */
export const useCardWallet = (userId: number) =>
  useQuery({
    queryKey: cardPaymentKeys.wallet(userId),
    queryFn: ({ signal }) => api.get<TCardWallet>(`${CARD_PAYMENTS_PATH}wallets/${userId}/`, { signal }),
  });

/**
 * `POST /card-payments/{id}/refund/`: back to the card through the provider, taken from the driver's balance. The
 * payments (their refunded sums and totals) and the users (balance, statement) are read again.
 */
export const useRefundCardPayment = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: TCardRefundBody; key: string }) =>
      api.post<TLedgerResult>(`${CARD_PAYMENTS_PATH}${id}/refund/`, body, { headers: { 'Idempotency-Key': key } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: cardPaymentKeys.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
      ]),
  });
};

import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ZAppBalance, ZAppStatementEntry } from '@zaryad/contracts/app';
import type { TPaged } from '@zaryad/contracts';
import type { TAppPayment, TAppTopUp, TAutoTopUp, TSavedCard } from '@zaryad/contracts/payments';
import type { z } from 'zod';
import { api } from '@/lib/api';

export type TAppBalance = z.infer<typeof ZAppBalance>;
export type TStatementEntry = z.infer<typeof ZAppStatementEntry>;
export type TAutoTopUpInput = { enabled: boolean; card_id: number | null; threshold: string; amount: string };

/** The wallet's query keys: everything money under `wallet`, so that a settled payment refreshes it all at once. */
export const walletKeys = {
  all: ['wallet'] as const,
  balance: ['wallet', 'balance'] as const,
  payments: ['wallet', 'payments'] as const,
  payment: (id: number) => ['wallet', 'payments', id] as const,
  statement: ['wallet', 'statement'] as const,
  cards: ['wallet', 'cards'] as const,
  autoTopUp: ['wallet', 'auto-top-up'] as const,
};

const OPEN: ReadonlySet<TAppPayment['status']> = new Set(['created', 'pending']);
/** A payment the driver may still be paying: asked again every few seconds for its first hour. */
export const PAYMENT_POLL_MS = 5_000;
const PAYMENT_WATCH_MS = 3_600_000;
export const isOpen = (payment: TAppPayment) => OPEN.has(payment.status);
const isWatched = (payment: TAppPayment) =>
  isOpen(payment) && Date.now() - new Date(payment.created_at).getTime() < PAYMENT_WATCH_MS;

export const useBalance = () =>
  useQuery({ queryKey: walletKeys.balance, queryFn: ({ signal }) => api.get<TAppBalance>('/balance/', { signal }) });

/** The driver's latest card payments, newest first. */
export const usePayments = () =>
  useQuery({
    queryKey: walletKeys.payments,
    queryFn: ({ signal }) => api.get<TPaged<TAppPayment>>('/payments/', { query: { size: 5 }, signal }),
  });

/**
 * One open payment followed until it settles (the server asks the provider a minute after it began); its settling
 * refreshes the balance, the payments and the statement.
 */
export const usePaymentWatch = (payment: TAppPayment) => {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: walletKeys.payment(payment.id),
    enabled: isWatched(payment),
    queryFn: async ({ signal }) => {
      const current = await api.get<TAppPayment>(`/payments/${payment.id}/`, { signal });
      if (!isOpen(current)) {
        void queryClient.invalidateQueries({ queryKey: walletKeys.balance });
        void queryClient.invalidateQueries({ queryKey: walletKeys.statement });
        void queryClient.invalidateQueries({ queryKey: walletKeys.payments, exact: true });
      }
      return current;
    },
    refetchInterval: (query) => (query.state.data && !isWatched(query.state.data) ? false : PAYMENT_POLL_MS),
  });
};

/** A card top-up: the payment and the provider's page to open. The key makes a retry answer the same payment. */
export const useTopUp = () =>
  useMutation({
    mutationFn: ({ amount, saveCard, key }: { amount: string; saveCard: boolean; key: string }) =>
      api.post<TAppTopUp>('/payments/top-up/', { amount, save_card: saveCard }, { headers: { 'Idempotency-Key': key } }),
  });

const STATEMENT_PAGE_SIZE = 20;

/** The ledger, newest first, a page at a time. */
export const useStatement = () =>
  useInfiniteQuery({
    queryKey: walletKeys.statement,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      api.get<TPaged<TStatementEntry>>('/statement/', { query: { page: pageParam, size: STATEMENT_PAGE_SIZE }, signal }),
    getNextPageParam: (last) => (last.page < last.pages ? last.page + 1 : undefined),
  });

export const useRedeemPromoCode = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<{ detail: string; code: string }>('/promo-codes/', { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.statement }),
  });
};

export const useSavedCards = () =>
  useQuery({
    queryKey: walletKeys.cards,
    queryFn: ({ signal }) => api.get<{ items: TSavedCard[] }>('/payments/cards/', { signal }),
  });

/** Forgets a card; an automatic top-up from it stops, so its setting is read again. */
export const useRemoveCard = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/payments/cards/${id}/`),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: walletKeys.cards }),
        queryClient.invalidateQueries({ queryKey: walletKeys.autoTopUp }),
      ]);
    },
  });
};

export const useAutoTopUp = () =>
  useQuery({
    queryKey: walletKeys.autoTopUp,
    queryFn: ({ signal }) => api.get<TAutoTopUp>('/payments/auto-top-up/', { signal }),
  });

export const useSaveAutoTopUp = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAutoTopUpInput) => api.put<TAutoTopUp>('/payments/auto-top-up/', body),
    onSuccess: (saved) => queryClient.setQueryData(walletKeys.autoTopUp, saved),
  });
};

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TSmsListQuery, TSmsPage } from '@zaryad/contracts/sms';
import { queryKeys } from '@/components/domain-hooks/queryKeys';
import type { TQuery } from '@/lib/api';
import { api } from '@/lib/apiClient';

/** `/sms-outbox/`: read-only; the server writes a message when it sends one (a driver's sign-in code). */
export const SMS_PATH = '/sms-outbox/';
export const smsKeys = queryKeys.sms;

export const useSmsOutbox = (query: TSmsListQuery) =>
  useQuery({
    queryKey: smsKeys.list(query),
    queryFn: ({ signal }) => api.get<TSmsPage>(SMS_PATH, { query: query as TQuery, signal }),
    placeholderData: keepPreviousData,
  });

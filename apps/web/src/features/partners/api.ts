import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TBulkStatusBody,
  TPaged,
  TRentalPartner,
  TRentalPartnerCreateBody,
  TRentalPartnerUpdateBody,
} from '@zaryad/contracts';
import type { TQuery } from '@/lib/api';
import { api } from '@/lib/apiClient';

const BASE = '/software-rental-partners/';

export type TPartnerListQuery = { page: number; size: number; search?: string; active?: 'true' | 'false' };

/** Query keys of the rental partners, from the widest to the narrowest. */
export const partnerKeys = {
  all: ['partners'] as const,
  lists: () => [...partnerKeys.all, 'list'] as const,
  list: (query: TPartnerListQuery) => [...partnerKeys.lists(), query] as const,
};

export const usePartners = (query: TPartnerListQuery) =>
  useQuery({
    queryKey: partnerKeys.list(query),
    queryFn: ({ signal }) => api.get<TPaged<TRentalPartner>>(BASE, { query: query as TQuery, signal }),
    placeholderData: keepPreviousData,
  });

export const useCreatePartner = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TRentalPartnerCreateBody) => api.post<TRentalPartner>(BASE, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.lists() }),
  });
};

export const useUpdatePartner = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: TRentalPartnerUpdateBody }) =>
      api.patch<TRentalPartner>(`${BASE}${id}/`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.lists() }),
  });
};

export const useSetPartnersStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TBulkStatusBody) => api.patch<TRentalPartner[]>(`${BASE}statuses/`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerKeys.lists() }),
  });
};

import type { TRentalPartner, TRentalPartnerCreateBody, TRentalPartnerUpdateBody } from '@zaryad/contracts';
import { createDomainHooks } from '@/components/domain-hooks/createDomainHooks';
import { queryKeys } from '@/components/domain-hooks/queryKeys';

export type TPartnerListQuery = { page: number; size: number; search?: string; active?: 'true' | 'false' };

export const partnerKeys = queryKeys.partners;

/** Software rental partners; created and edited in a drawer on the list, so the id travels with the body. */
export const partnerHooks = createDomainHooks<
  TRentalPartner,
  TPartnerListQuery,
  TRentalPartnerCreateBody,
  TRentalPartnerUpdateBody
>({ keys: partnerKeys, path: '/software-rental-partners/', isRowTheDetail: true });

export const usePartners = partnerHooks.useList;
export const useCreatePartner = partnerHooks.useCreate;
export const useUpdatePartner = partnerHooks.useUpdate;
export const useSetPartnersStatus = partnerHooks.useSetStatuses;

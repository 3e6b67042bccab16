import { REFERRAL_STATUSES } from '@zaryad/contracts';
import { dayParam, idParam, oneOf } from '@/components/data-table/listParams';

/** `/list-of-referrals`' URL filters, by the contract's names (ZReferralListQuery); every one survives a reload. */
export const REFERRAL_FILTERS = {
  status: oneOf(REFERRAL_STATUSES),
  /** One user's referrals, from their page's links. */
  inviter: idParam,
  invited: idParam,
  registration_date__from: dayParam,
  registration_date__to: dayParam,
  rewarded_date__from: dayParam,
  rewarded_date__to: dayParam,
};
export type TReferralFilterShape = typeof REFERRAL_FILTERS;

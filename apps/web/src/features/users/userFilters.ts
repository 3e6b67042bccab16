// The lists alone, not the barrel: its schemas would bring zod into the users list (apps/web size budget).
import { BALANCE_BASES, GENDERS, PAYMENT_METHODS } from '@zaryad/contracts/users-constants';
import { clockParam, dayParam, idParam, moneyParam, oneOf } from '@/components/data-table/listParams';
import { STATUS_FILTERS } from '@/components/status-filter/StatusFilter';

/** `/users`' URL filters, beside page, size and search (the contract's ZUserListQuery names). */
export const USER_FILTERS = {
  ...STATUS_FILTERS,
  search_by_user_id: idParam,
  registration_date__from: dayParam,
  registration_date__to: dayParam,
  registration_time__from: clockParam,
  registration_time__to: clockParam,
  gender: oneOf(GENDERS),
  balance__from: moneyParam,
  balance__to: moneyParam,
};
export type TUserFilterShape = typeof USER_FILTERS;

/** The filters that live in the foldable panel (the status filter sits in the toolbar). */
export const PANEL_FILTERS = [
  'search_by_user_id',
  'registration_date__from',
  'registration_date__to',
  'registration_time__from',
  'registration_time__to',
  'gender',
  'balance__from',
  'balance__to',
] as const satisfies readonly (keyof TUserFilterShape)[];

/** `/extract-balance`'s URL filters (ZPaymentListQuery's names). */
export const PAYMENT_FILTERS = {
  search_by_user_id: idParam,
  period__from: dayParam,
  period__to: dayParam,
  basis: oneOf(BALANCE_BASES),
  method: oneOf(PAYMENT_METHODS),
};
export type TPaymentFilterShape = typeof PAYMENT_FILTERS;

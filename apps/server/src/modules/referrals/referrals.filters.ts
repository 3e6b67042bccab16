/**
 * The conditions and order of the referrals list, written once: the paged list and its export read the same rows in
 * the same order.
 */
import type { TReferralListFilters } from '@zaryad/contracts/referrals';
import { eq, type SQL, sql } from 'drizzle-orm';
import { bishkekDays } from '../../platform/bishkek-time';
import { allOf, anyOf, descending, phoneSearch, searchAny, searchLowered } from '../../platform/list-query';
import { appUsers } from '../users';
import { referrals } from './referrals.tables';

export type TReferralFilters = Omit<TReferralListFilters, 'page' | 'size'>;

/** Newest registrations first. */
export const REFERRALS_ORDER = descending(referrals.registeredAt, referrals.id);

/** Either side's name, email, personal account (users' `search_text`) or phone, as the users list searches them. */
const userSearch = (search: string | undefined): SQL | undefined => {
  const matches = anyOf(searchLowered(search, appUsers.searchText), phoneSearch(search, appUsers.phone));
  return matches
    ? sql`exists (select 1 from ${appUsers} where ${appUsers.id} in (${referrals.inviterUserId}, ${referrals.invitedUserId}) and ${matches})`
    : undefined;
};

export const referralConditions = (filters: TReferralFilters): SQL | undefined =>
  allOf(
    anyOf(searchAny(filters.search, [referrals.code]), userSearch(filters.search)),
    filters.status ? eq(referrals.status, filters.status) : undefined,
    filters.inviter !== undefined ? eq(referrals.inviterUserId, filters.inviter) : undefined,
    filters.invited !== undefined ? eq(referrals.invitedUserId, filters.invited) : undefined,
    ...bishkekDays(referrals.registeredAt, filters.registration_date__from, filters.registration_date__to),
    ...bishkekDays(referrals.rewardedAt, filters.rewarded_date__from, filters.rewarded_date__to),
  );

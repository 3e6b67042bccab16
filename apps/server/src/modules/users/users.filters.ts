/**
 * The conditions and orders of the users list and of the statement, written once: the paged lists, their totals and
 * their exports all read the same rows in the same order.
 */
import type { TPaymentListFilters, TUserListFilters } from '@zaryad/contracts';
import { eq, gte, lte, type SQL } from 'drizzle-orm';
import { bishkekDays, bishkekTimeOfDay } from '../../platform/bishkek-time';
import { allOf, anyOf, descending, phoneSearch, searchLowered, statusFilter } from '../../platform/list-query';
import { appUsers, balanceEntries, balanceEntryTotals } from './users.tables';

export type TUserFilters = Omit<TUserListFilters, 'page' | 'size'>;
export type TPaymentFilters = Omit<TPaymentListFilters, 'page' | 'size'>;

/** Newest registrations first. */
export const USERS_ORDER = descending(appUsers.registeredAt, appUsers.id);

/** Search over name, email, personal account and phone (typed with or without the mask), and every filter. */
export const userConditions = (filters: TUserFilters): SQL | undefined =>
  allOf(
    anyOf(searchLowered(filters.search, appUsers.searchText), phoneSearch(filters.search, appUsers.phone)),
    filters.search_by_user_id !== undefined ? eq(appUsers.id, filters.search_by_user_id) : undefined,
    ...bishkekDays(appUsers.registeredAt, filters.registration_date__from, filters.registration_date__to),
    ...bishkekTimeOfDay(appUsers.registeredAt, filters.registration_time__from, filters.registration_time__to),
    filters.gender ? eq(appUsers.gender, filters.gender) : undefined,
    statusFilter(appUsers.status, filters.active),
    filters.balance__from !== undefined ? gte(appUsers.balance, filters.balance__from) : undefined,
    filters.balance__to !== undefined ? lte(appUsers.balance, filters.balance__to) : undefined,
  );

/**
 * Balances move with every top-up and charge without bumping the users' list version (`src/db/routines/list-versions.sql`): a count
 * filtered by balance must not be remembered.
 */
export const dependsOnBalance = (filters: TUserFilters) =>
  filters.balance__from !== undefined || filters.balance__to !== undefined;

/** Newest entries first. */
export const PAYMENTS_ORDER = descending(balanceEntries.createdAt, balanceEntries.id);

/** The statement of everyone, or of one user, over Bishkek days, by basis and method. */
export const paymentConditions = (filters: TPaymentFilters): SQL | undefined =>
  allOf(
    filters.search_by_user_id !== undefined ? eq(balanceEntries.userId, filters.search_by_user_id) : undefined,
    ...bishkekDays(balanceEntries.createdAt, filters.period__from, filters.period__to),
    filters.basis ? eq(balanceEntries.basis, filters.basis) : undefined,
    filters.method ? eq(balanceEntries.method, filters.method) : undefined,
  );

/**
 * The statement's filters on the ledger's rollup (balance_entry_totals, `src/db/routines/ledger.sql`), when they can be answered
 * there: the statement of all users (periods are whole Bishkek days, basis and method are rollup keys). One user's
 * statement is not: `undefined` then, and it is counted over its own rows.
 */
export const paymentRollupConditions = (filters: TPaymentFilters): { where: SQL | undefined } | undefined =>
  filters.search_by_user_id !== undefined
    ? undefined
    : {
        where: allOf(
          filters.period__from ? gte(balanceEntryTotals.day, filters.period__from) : undefined,
          filters.period__to ? lte(balanceEntryTotals.day, filters.period__to) : undefined,
          filters.basis ? eq(balanceEntryTotals.basis, filters.basis) : undefined,
          filters.method ? eq(balanceEntryTotals.method, filters.method) : undefined,
        ),
      };

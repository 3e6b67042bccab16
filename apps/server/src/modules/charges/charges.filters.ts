/**
 * The conditions and order of the charges list, written once: the paged list, its totals and its exports all read the
 * same rows in the same order.
 */
import type { TChargeListFilters } from '@zaryad/contracts';
import { eq, inArray, lt, type SQL } from 'drizzle-orm';
import { bishkekDayEnd, bishkekDays, bishkekTimeOfDay, bishkekWeekdays } from '../../platform/bishkek-time';
import { allOf, descending } from '../../platform/list-query';
import { charges } from './charges.tables';

/** Every filter of the list; the totals and the exports take the same ones (without paging, with a format). */
export type TChargeFilters = Omit<TChargeListFilters, 'page' | 'size'>;

/** Newest starts first; the id makes the order total, and the (started_at, id) indexes serve it read backwards. */
export const CHARGES_ORDER = descending(charges.startedAt, charges.id);

/** `IN (…)` over a list that may be absent or empty: an empty list sets no condition, as an absent one. */
const oneOf = <T extends string | number>(column: Parameters<typeof inArray>[0], values: T[] | undefined) =>
  values && values.length > 0 ? inArray(column, values) : undefined;

/**
 * An hour of margin for a charge point whose clock lags behind the server's (OCPP charge points set their clocks from
 * the central system's heartbeats): its charge may be recorded as finished a little before it started.
 */
const CLOCK_LAG_MS = 3600 * 1000;

/**
 * A charge finished before an instant started before it too (within a day of clock lag). The list reads the
 * (started_at, id) index backwards: with this bound the read starts at the finished days asked for, not at today's
 * charges, which would all be read and dropped first (page 1 of a month three months ago: 1.4 s over 10,000,000 charges).
 */
const startedBeforeFinish = (finishedTo: string | undefined) =>
  finishedTo ? lt(charges.startedAt, new Date(bishkekDayEnd(finishedTo).getTime() + CLOCK_LAG_MS)) : undefined;

/**
 * The charges a filter selects: numbers, transaction id and user exactly, stations, statuses and promotions as lists,
 * started days (period), finished days, finished time of day and finished weekdays in Bishkek.
 */
export const chargeConditions = (filters: TChargeFilters): SQL | undefined =>
  allOf(
    filters.search_by_id !== undefined ? eq(charges.id, filters.search_by_id) : undefined,
    filters.search_by_tx_id !== undefined ? eq(charges.ocppTransactionId, filters.search_by_tx_id) : undefined,
    filters.search_by_user_id !== undefined ? eq(charges.userId, filters.search_by_user_id) : undefined,
    oneOf(charges.stationId, filters.station_id__in),
    oneOf(charges.status, filters.status),
    filters.source ? eq(charges.source, filters.source) : undefined,
    oneOf(charges.promotionId, filters.promotion_id__in),
    filters.payment_method ? eq(charges.paymentMethod, filters.payment_method) : undefined,
    filters.platform !== undefined ? eq(charges.platform, filters.platform) : undefined,
    ...bishkekDays(charges.startedAt, filters.period__from, filters.period__to),
    ...bishkekDays(charges.finishedAt, filters.finished_date__from, filters.finished_date__to),
    startedBeforeFinish(filters.finished_date__to),
    ...bishkekTimeOfDay(charges.finishedAt, filters.finished_time__from, filters.finished_time__to),
    ...bishkekWeekdays(charges.finishedAt, filters.finished_weekday),
  );

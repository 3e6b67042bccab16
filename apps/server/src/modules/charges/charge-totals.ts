/**
 * GET /users/transactions/totals/: count, energy, turnover and discount of the filtered charges, fast at 10,000,000
 * charges (issue 13: a month < 100 ms, any filter combination < 300 ms). When every filter given is a rollup key
 * (station, status, source, payment method, platform, promotion, whole Bishkek days of start or finish, the finish's
 * weekday) the sums come from the rollups (charge-totals.tables.ts): the network's when no station is asked for, else
 * the stations' rows of those stations. A time of day of the finish (without stations) is answered from the hourly
 * rollup for the whole hours it covers and from the charges for the minutes at its ends (`timeOfDayTotals`). Filters
 * the rollups do not hold (charge number, transaction id, user, a time of day with stations) read the charges
 * themselves (the list's own conditions, charges.filters.ts), each through its index where it has one.
 */
import { formatSom, isTimeOfDayAcrossMidnight, type TChargeTotals } from '@zaryad/contracts';
import { and, between, count, eq, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { allOf } from '../../platform/list-query';
import { chargeStationTotalsDaily, chargeTotalsDaily, chargeTotalsHourly } from './charge-totals.tables';
import { formatKwh } from './charges.engine';
import { chargeConditions, type TChargeFilters } from './charges.filters';
import { charges } from './charges.tables';

/** A list filter given with no values is no filter (as every empty filter value). */
const some = <T>(values: T[] | undefined): values is T[] => values !== undefined && values.length > 0;

/** A range of days, either end optional, on a date column holding Bishkek days. */
const dayRange = (column: PgColumn, from: string | undefined, to: string | undefined): SQL | undefined => {
  if (from && to) {
    return between(column, from, to);
  }
  return from ? gte(column, from) : to ? lte(column, to) : undefined;
};

const hasTimeOfDay = (filters: TChargeFilters) =>
  filters.finished_time__from !== undefined || filters.finished_time__to !== undefined;

/**
 * True when the rollups answer the filters: no charge number, transaction id or user, and no time of day together
 * with stations (the hourly rollup is the network's).
 */
export const totalsFromRollups = (filters: TChargeFilters) =>
  filters.search_by_id === undefined &&
  filters.search_by_tx_id === undefined &&
  filters.search_by_user_id === undefined &&
  !(hasTimeOfDay(filters) && some(filters.station_id__in));

type TRollup = typeof chargeTotalsDaily | typeof chargeStationTotalsDaily | typeof chargeTotalsHourly;

const rollupConditions = (rollup: TRollup, filters: TChargeFilters): SQL | undefined =>
  allOf(
    dayRange(rollup.day, filters.period__from, filters.period__to),
    dayRange(rollup.finishedDay, filters.finished_date__from, filters.finished_date__to),
    some(filters.status) ? inArray(rollup.status, filters.status) : undefined,
    filters.source ? eq(rollup.source, filters.source) : undefined,
    filters.payment_method ? eq(rollup.paymentMethod, filters.payment_method) : undefined,
    filters.platform !== undefined ? eq(rollup.platform, filters.platform) : undefined,
    some(filters.promotion_id__in) ? inArray(rollup.promotionId, filters.promotion_id__in) : undefined,
    // The finish's weekday is its Bishkek day's (a day without a finish has none: running charges are not selected).
    some(filters.finished_weekday)
      ? sql`extract(isodow from ${rollup.finishedDay}) in (${sql.join(
          filters.finished_weekday.map((weekday) => sql`${weekday}`),
          sql`, `,
        )})`
      : undefined,
  );

interface TSums {
  charges: string | number | null;
  energy: string | number | null;
  turnover: string | number | null;
  discount: string | number | null;
}

const toTotals = (row: TSums | undefined): TChargeTotals => ({
  count: Number(row?.charges ?? 0),
  consumption_kwh: formatKwh(Number(row?.energy ?? 0)),
  turnover: formatSom(BigInt(row?.turnover ?? 0)),
  discount: formatSom(BigInt(row?.discount ?? 0)),
});

const HOUR_US = 3_600_000_000;
const DAY_US = 24 * HOUR_US;

/** `HH:MM` or `HH:MM:SS` as microseconds after midnight. */
const clockMicros = (time: string) => {
  const [hours = 0, minutes = 0, seconds = 0] = time.split(':').map(Number);
  return ((hours * 60 + minutes) * 60 + seconds) * 1_000_000;
};

/**
 * A part of a time-of-day total, added (sign 1) or taken away (-1): the finishes in whole hours `[from, to)` read from
 * the hourly rollup, or the finishes between two clock times (microseconds after midnight) within one hour read from
 * the charges.
 */
type TPart = { hours: [number, number]; sign: 1 | -1 } | { clock: [number, number]; sign: 1 | -1 };

/**
 * The clock range `[from, to)` (microseconds) within one hour, as parts: the minutes themselves when they are at most
 * half the hour, else the whole hour less the minutes around them, so that no more than half an hour is read raw.
 */
const partialHour = (from: number, to: number): TPart[] => {
  if (2 * (to - from) <= HOUR_US) {
    return [{ clock: [from, to], sign: 1 }];
  }
  const start = Math.floor(from / HOUR_US) * HOUR_US;
  const end = start + HOUR_US;
  return [
    { hours: [start / HOUR_US, end / HOUR_US], sign: 1 },
    ...(start < from ? [{ clock: [start, from] as [number, number], sign: -1 as const }] : []),
    ...(to < end ? [{ clock: [to, end] as [number, number], sign: -1 as const }] : []),
  ];
};

/**
 * The time-of-day filter (both ends included to the end of the minute or second given, as `bishkekTimeOfDay`) as
 * parts: its whole hours, and the partial hours at its ends. `from` after `to` runs across midnight, as the list reads
 * it (`isTimeOfDayAcrossMidnight`): the parts of `from` to midnight and of midnight to `to`.
 */
export const timeOfDayParts = (from: string | undefined, to: string | undefined): TPart[] => {
  if (isTimeOfDayAcrossMidnight(from, to)) {
    return [...timeOfDayParts(from, undefined), ...timeOfDayParts(undefined, to)];
  }
  const low = from ? clockMicros(from) : 0;
  const high = to ? clockMicros(to) + (to.length === 5 ? 60_000_000 : 1_000_000) : DAY_US;
  if (low >= high) {
    return [];
  }
  const firstWhole = Math.ceil(low / HOUR_US);
  const lastWhole = Math.floor(high / HOUR_US);
  const headEnd = Math.min(firstWhole * HOUR_US, high);
  const tailStart = Math.max(lastWhole * HOUR_US, headEnd);
  return [
    ...(low < headEnd ? partialHour(low, headEnd) : []),
    ...(firstWhole < lastWhole ? [{ hours: [firstWhole, lastWhole] as [number, number], sign: 1 as const }] : []),
    ...(tailStart < high ? partialHour(tailStart, high) : []),
  ];
};

/** A Bishkek day (a date column) at a clock time (microseconds), as an instant. */
const instantOf = (day: SQL, micros: number) =>
  sql`((${day} + ${`${micros} microseconds`}::interval - interval '6 hours') at time zone 'UTC')`;

/**
 * The totals of a time-of-day filter (no stations): each whole hour's rows of the hourly rollup, and for each partial
 * hour the charges finished within its minutes, read over the finish index on those days only that the hourly rollup
 * holds charges of the other filters in that hour. One statement, so one snapshot: exact at every commit.
 */
const timeOfDayTotals = async (db: Database, filters: TChargeFilters): Promise<TChargeTotals> => {
  const parts = timeOfDayParts(filters.finished_time__from, filters.finished_time__to);
  if (parts.length === 0) {
    return toTotals(undefined);
  }
  const rollup = chargeTotalsHourly;
  const held = rollupConditions(rollup, filters);
  const { finished_time__from: _from, finished_time__to: _to, ...otherFilters } = filters;
  const others = chargeConditions(otherFilters);
  const selects = parts.map((part) => {
    const sign = sql.raw(String(part.sign));
    if ('hours' in part) {
      return sql`
        select ${sign} * sum(${rollup.charges}) as charges, ${sign} * sum(${rollup.energyWh}) as energy,
               ${sign} * sum(${rollup.turnover}) as turnover, ${sign} * sum(${rollup.discount}) as discount
        from ${rollup}
        where ${allOf(gte(rollup.finishedHour, part.hours[0]), lt(rollup.finishedHour, part.hours[1]), held)}`;
    }
    const [from, to] = part.clock;
    const hour = Math.floor(from / HOUR_US);
    const day = sql.raw('"days"."finished_day"');
    const minutes = sql`${charges.finishedAt} >= ${instantOf(day, from)} and ${charges.finishedAt} < ${instantOf(day, to)}`;
    // Day by day (lateral): each day's minutes are one range of the finish index. The other filters are checked on
    // those rows only (behind `offset 0`): a month's period would otherwise be read through its own index every day.
    const rows = others
      ? sql`(select * from ${charges} where ${minutes} offset 0) as ${charges} where ${others}`
      : sql`${charges} where ${minutes}`;
    return sql`
      select ${sign} * sum(part.charges) as charges, ${sign} * sum(part.energy) as energy,
             ${sign} * sum(part.turnover) as turnover, ${sign} * sum(part.discount) as discount
      from (
        select distinct ${rollup.finishedDay} as finished_day from ${rollup}
        where ${allOf(eq(rollup.finishedHour, hour), sql`${rollup.charges} <> 0`, held)}
      ) as days
      cross join lateral (
        select count(*) as charges, sum(${charges.energyWh}) as energy, sum(${charges.totalCost}) as turnover,
               sum(${charges.discount}) as discount
        from ${rows}
      ) as part`;
  });
  const result = await db.execute(sql`
    select sum(charges)::text as charges, sum(energy)::text as energy, sum(turnover)::text as turnover,
           sum(discount)::text as discount
    from (${sql.join(selects, sql` union all `)}) as parts`);
  return toTotals((result as unknown as { rows: TSums[] }).rows[0]);
};

/** The totals of the charges the filters select (see the file's comment for where they are read). */
export const chargeTotals = async (db: Database, filters: TChargeFilters): Promise<TChargeTotals> => {
  if (!totalsFromRollups(filters)) {
    const [row] = await db
      .select({
        charges: count(),
        energy: sql<string | null>`sum(${charges.energyWh})`,
        turnover: sql<string | null>`sum(${charges.totalCost})`,
        discount: sql<string | null>`sum(${charges.discount})`,
      })
      .from(charges)
      .where(chargeConditions(filters));
    return toTotals(row);
  }
  if (hasTimeOfDay(filters)) {
    return timeOfDayTotals(db, filters);
  }
  const stations = some(filters.station_id__in) ? filters.station_id__in : undefined;
  const rollup: TRollup = stations ? chargeStationTotalsDaily : chargeTotalsDaily;
  const where = stations
    ? and(inArray(chargeStationTotalsDaily.stationId, stations), rollupConditions(rollup, filters))
    : rollupConditions(rollup, filters);
  const [row] = await db
    .select({
      charges: sql<string | null>`sum(${rollup.charges})`,
      energy: sql<string | null>`sum(${rollup.energyWh})`,
      turnover: sql<string | null>`sum(${rollup.turnover})`,
      discount: sql<string | null>`sum(${rollup.discount})`,
    })
    .from(rollup)
    .where(where);
  return toTotals(row);
};

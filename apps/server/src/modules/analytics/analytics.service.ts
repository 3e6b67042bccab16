/**
 * GET /analytics/ and /analytics/graph/: read from the rollups only (analytics.tables.ts), whatever the number of
 * charges: a period's sums are at most 8,784 hourly rows of one scope (the network or a merchant), its distinct user
 * counts one primary-key lookup each.
 */
import { formatSom } from '@zaryad/contracts';
import {
  type TAnalytics,
  type TAnalyticsGraph,
  type TAnalyticsPeriod,
  type TAnalyticsQuery,
  bishkekToday,
} from '@zaryad/contracts/analytics';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  addDays,
  bishkekDayOf,
  bishkekMidnight,
  bishkekMinute,
  periodBounds,
  periodCut,
  type PeriodBounds,
  type PeriodCut,
} from './analytics.periods';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The network's rollups are kept under merchant 0. */
const NETWORK = 0;

/** Change in percent with one decimal, null when there was nothing before. */
export const changePercent = (value: number, previous: number) =>
  previous === 0 ? null : Math.round(((value - previous) / previous) * 1000) / 10;

const kpi = (value: number, previous: number) => ({ value, previous, change: changePercent(value, previous) });

const moneyKpi = (value: bigint, previous: bigint) => ({
  value: formatSom(value),
  previous: formatSom(previous),
  change: changePercent(Number(value), Number(previous)),
});

const kwh = (wattHours: bigint) => `${wattHours / 1000n}.${String(wattHours % 1000n).padStart(3, '0')}`;

/** Integer division rounding half up, non-negative values. */
const divideHalfUp = (numerator: bigint, denominator: bigint) =>
  denominator === 0n ? 0n : (numerator * 2n + denominator) / (denominator * 2n);

const hourText = (day: string) => `${day} 00:00:00`;

interface Sums {
  charges: number;
  failed: number;
  energyWh: bigint;
  turnover: bigint;
  durationS: bigint;
}

const sumsOf = (row: Record<string, unknown> | undefined, suffix: string): Sums => ({
  charges: Number(row?.[`charges${suffix}`] ?? 0),
  failed: Number(row?.[`failed${suffix}`] ?? 0),
  energyWh: BigInt(String(row?.[`energy${suffix}`] ?? 0)),
  turnover: BigInt(String(row?.[`turnover${suffix}`] ?? 0)),
  durationS: BigInt(String(row?.[`duration${suffix}`] ?? 0)),
});

export interface AnalyticsServiceOptions {
  /** The clock (tests set "now"); the real one unless told. */
  now?: () => Date;
}

/** Bishkek local `YYYY-MM-DD HH:00:00` of the hour an instant falls in, and that hour's start as an instant. */
const hourOf = (instant: Date) => {
  const start = new Date(Math.floor(instant.getTime() / 3_600_000) * 3_600_000);
  return { local: `${bishkekMinute(start).replace('T', ' ').slice(0, 13)}:00:00`, start };
};

/** The years (January 1sts) from the one of `from` to the one of `to`. */
const yearsBetween = (from: string, to: string) => {
  const years: string[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year += 1) {
    years.push(`${year}-01-01`);
  }
  return years;
};

export const createAnalyticsService = (db: Database, options: AnalyticsServiceOptions = {}) => {
  const clock = options.now ?? (() => new Date());
  const scopeOf = (query: TAnalyticsQuery) => query.merchant ?? NETWORK;
  const boundsOf = (query: TAnalyticsQuery): PeriodBounds =>
    periodBounds(query.period, query.date ?? bishkekToday(clock()));

  /**
   * Everything GET /analytics/ answers in one statement (one round trip, one plan), for the period up to its cut and
   * the previous period up to its own (PeriodCut): the sums of the whole hours before each cut in one range scan of the
   * scope's hours, and the cut's partial hour from the raw charges (an index range on finished_at); the distinct users
   * of the whole hours before each cut's hour as a sum of the period's rows keyed by the hour of the user's first finish
   * in it (at most 8,784), and the cut's partial hour from the raw charges, a user counting there when the user days
   * hold no finish of it in the period before that hour (one probe per user of the partial hour, where the cut's day
   * took one per user of the day: 25,000 late in a day on a year's network); the new users as the sum of the scope's registration days before each cut's day (a
   * merchant's: of the users it brought) and the cut's partial day's registrations; the merchants, stations and connectors added by each
   * cut (active: active now) in one pass over each table.
   */
  const figures = async (scope: number, period: TAnalyticsPeriod, cut: PeriodCut) => {
    const current = { day: cut.start, until: cut.until, hour: hourOf(cut.until), cutDay: bishkekDayOf(cut.until) };
    const previous = {
      day: cut.previousStart,
      until: cut.previousUntil,
      hour: hourOf(cut.previousUntil),
      cutDay: bishkekDayOf(cut.previousUntil),
    };
    const until = current.until.toISOString();
    const previousUntil = previous.until.toISOString();
    const currentHour = current.hour.start.toISOString();
    const previousHour = previous.hour.start.toISOString();
    const currentCutDay = bishkekMidnight(current.cutDay).toISOString();
    const previousCutDay = bishkekMidnight(previous.cutDay).toISOString();
    const merchantCondition = scope === NETWORK ? sql`true` : sql`m.id = ${scope}`;
    const chargeScope = scope === NETWORK ? sql`true` : sql`s.merchant_id = ${scope}`;
    const delivered = sql`c.status in ('finished', 'stopped')`;
    const seconds = sql`greatest(floor(extract(epoch from c.finished_at - c.started_at)), 0)`;
    // New users: the scope's registration days before each cut's day (merchant 0: every registration; a merchant: the
    // users it brought), and the cut's partial day from app_users (an index range on registered_at).
    const years = yearsBetween(previous.day, current.cutDay);
    const brought =
      scope === NETWORK ? sql`` : sql`join analytics_first_charges f on f.user_id = u.id and f.merchant_id = ${scope}`;
    const newUsers = sql`
        new_days as (
          select
            coalesce(sum(users) filter (where first_day >= ${current.day}::date and first_day < ${current.cutDay}::date), 0)
              as new,
            coalesce(sum(users) filter (where first_day >= ${previous.day}::date and first_day < ${previous.cutDay}::date), 0)
              as new_before
          from analytics_period_counts
          where kind = 'year' and period_start = any(${sql.raw(`array['${years.join("','")}']`)}::date[])
            and merchant_id = ${scope} and metric = 'new'),
        new_partial as (
          select
            count(*) filter (where u.registered_at >= ${currentCutDay}::timestamptz) as new,
            count(*) filter (where u.registered_at < ${previousUntil}::timestamptz) as new_before
          from app_users u ${brought}
          where (u.registered_at >= ${currentCutDay}::timestamptz and u.registered_at < ${until}::timestamptz)
            or (u.registered_at >= ${previousCutDay}::timestamptz and u.registered_at < ${previousUntil}::timestamptz)),
        new_users as (
          select (d.new + p.new)::int as new, (d.new_before + p.new_before)::int as new_before
          from new_days d, new_partial p)`;
    // Whether the user days hold a finish of the period before the cut's hour: a day of the period up to the cut's
    // day whose first finish is before the hour (an earlier day's always is).
    const finishBefore = (promo: boolean, from: string, cutDay: string, hour: string) => sql`exists (
      select from analytics_user_days u
      where u.merchant_id = ${scope} and u.promo = ${promo} and u.user_id = p.user_id
        and u.day >= ${from}::date and u.day <= ${cutDay}::date and u.first_at < ${hour}::timestamp)`;
    const [row] = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        with hours as (
          select
            coalesce(sum(charges) filter (where current), 0) as charges,
            coalesce(sum(failed) filter (where current), 0) as failed,
            coalesce(sum(energy_wh) filter (where current), 0) as energy,
            coalesce(sum(turnover) filter (where current), 0) as turnover,
            coalesce(sum(duration_s) filter (where current), 0) as duration,
            coalesce(sum(charges) filter (where not current), 0) as charges_before,
            coalesce(sum(failed) filter (where not current), 0) as failed_before,
            coalesce(sum(energy_wh) filter (where not current), 0) as energy_before,
            coalesce(sum(turnover) filter (where not current), 0) as turnover_before,
            coalesce(sum(duration_s) filter (where not current), 0) as duration_before
          from (
            select hour >= ${hourText(current.day)}::timestamp as current, charges, failed, energy_wh, turnover, duration_s
            from analytics_hourly
            where merchant_id = ${scope} and hour >= ${hourText(previous.day)}::timestamp
              and hour < ${current.hour.local}::timestamp
              and (hour < ${previous.hour.local}::timestamp or hour >= ${hourText(current.day)}::timestamp)) h),
        partial_hours as (
          select
            count(*) filter (where current and ${delivered}) as charges,
            count(*) filter (where current and not ${delivered}) as failed,
            coalesce(sum(c.energy_wh) filter (where current and ${delivered}), 0) as energy,
            coalesce(sum(c.total_cost) filter (where current and ${delivered}), 0) as turnover,
            coalesce(sum(${seconds}) filter (where current and ${delivered}), 0) as duration,
            count(*) filter (where not current and ${delivered}) as charges_before,
            count(*) filter (where not current and not ${delivered}) as failed_before,
            coalesce(sum(c.energy_wh) filter (where not current and ${delivered}), 0) as energy_before,
            coalesce(sum(c.total_cost) filter (where not current and ${delivered}), 0) as turnover_before,
            coalesce(sum(${seconds}) filter (where not current and ${delivered}), 0) as duration_before
          from charges c join stations s on s.id = c.station_id
          cross join lateral (select c.finished_at >= ${currentHour}::timestamptz as current) x
          where ((c.finished_at >= ${currentHour}::timestamptz and c.finished_at < ${until}::timestamptz)
              or (c.finished_at >= ${previousHour}::timestamptz and c.finished_at < ${previousUntil}::timestamptz))
            and ${chargeScope}),
        sums as (
          select
            (h.charges + p.charges)::text as charges, (h.failed + p.failed)::text as failed,
            (h.energy + p.energy)::text as energy, (h.turnover + p.turnover)::text as turnover,
            (h.duration + p.duration)::text as duration,
            (h.charges_before + p.charges_before)::text as charges_before,
            (h.failed_before + p.failed_before)::text as failed_before,
            (h.energy_before + p.energy_before)::text as energy_before,
            (h.turnover_before + p.turnover_before)::text as turnover_before,
            (h.duration_before + p.duration_before)::text as duration_before
          from hours h, partial_hours p),
        hour_users as (
          select
            coalesce(sum(users) filter (where period_start = ${current.day}::date and metric = 'active'
              and first_hour < ${current.hour.local}::timestamp), 0) as active,
            coalesce(sum(users) filter (where period_start = ${previous.day}::date and metric = 'active'
              and first_hour < ${previous.hour.local}::timestamp), 0) as active_before,
            coalesce(sum(users) filter (where period_start = ${current.day}::date and metric = 'promo'
              and first_hour < ${current.hour.local}::timestamp), 0) as promo,
            coalesce(sum(users) filter (where period_start = ${previous.day}::date and metric = 'promo'
              and first_hour < ${previous.hour.local}::timestamp), 0) as promo_before
          from analytics_period_hours
          where kind = ${period} and period_start in (${current.day}::date, ${previous.day}::date)
            and merchant_id = ${scope} and metric in ('active', 'promo')),
        partial_hour as (
          select c.user_id, c.finished_at >= ${currentHour}::timestamptz as current,
                 bool_or(c.promotion_id is not null) as promo
          from charges c join stations s on s.id = c.station_id
          where ((c.finished_at >= ${currentHour}::timestamptz and c.finished_at < ${until}::timestamptz)
              or (c.finished_at >= ${previousHour}::timestamptz and c.finished_at < ${previousUntil}::timestamptz))
            and ${delivered} and c.user_id is not null and ${chargeScope}
          group by 1, 2),
        partial_users as (
          select
            count(*) filter (where current
              and not ${finishBefore(false, current.day, current.cutDay, current.hour.local)}) as active,
            count(*) filter (where not current
              and not ${finishBefore(false, previous.day, previous.cutDay, previous.hour.local)}) as active_before,
            count(*) filter (where current and promo
              and not ${finishBefore(true, current.day, current.cutDay, current.hour.local)}) as promo,
            count(*) filter (where not current and promo
              and not ${finishBefore(true, previous.day, previous.cutDay, previous.hour.local)}) as promo_before
          from partial_hour p),
        users as (
          select (d.active + p.active)::int as active, (d.active_before + p.active_before)::int as active_before,
                 (d.promo + p.promo)::int as promo, (d.promo_before + p.promo_before)::int as promo_before
          from hour_users d, partial_users p),
        ${newUsers},
        merchant_counts as (
          select
            count(*) filter (where m.created_at < ${until}::timestamptz)::int as merchants,
            count(*) filter (where m.created_at < ${previousUntil}::timestamptz)::int as merchants_before,
            count(*) filter (where m.created_at < ${until}::timestamptz and m.status = 0)::int as merchants_active
          from merchants m where ${merchantCondition}),
        station_counts as (
          select
            count(*) filter (where s.created_at < ${until}::timestamptz)::int as stations,
            count(*) filter (where s.created_at < ${previousUntil}::timestamptz)::int as stations_before,
            count(*) filter (where s.created_at < ${until}::timestamptz and s.status = 0)::int as stations_active,
            coalesce(sum(c.connectors) filter (where s.created_at < ${until}::timestamptz), 0)::int as connectors,
            coalesce(sum(c.connectors) filter (where s.created_at < ${previousUntil}::timestamptz), 0)::int
              as connectors_before,
            coalesce(sum(c.connectors) filter (where s.created_at < ${until}::timestamptz and s.status = 0), 0)::int
              as connectors_active
          from stations s join merchants m on m.id = s.merchant_id
          left join (select station_id, count(*) as connectors from station_connectors group by station_id) c
            on c.station_id = s.id
          where ${merchantCondition})
        select * from sums, users, new_users, merchant_counts, station_counts`),
    );
    const pair = (name: string) => kpi(Number(row?.[name] ?? 0), Number(row?.[`${name}_before`] ?? 0));
    const withActive = (name: string) => ({ ...pair(name), active: Number(row?.[`${name}_active`] ?? 0) });
    return {
      current: sumsOf(row, ''),
      previous: sumsOf(row, '_before'),
      users: { active: pair('active'), promo: pair('promo'), new: pair('new') },
      counts: {
        merchants: withActive('merchants'),
        stations: withActive('stations'),
        connectors: withActive('connectors'),
      },
    };
  };

  return {
    /** The dashboard's figures; `now` (tests) replaces the service's clock for this call. */
    async summary(query: TAnalyticsQuery, now: Date = clock()): Promise<TAnalytics> {
      const scope = scopeOf(query);
      const cut = periodCut(query.period, query.date ?? bishkekToday(now), now);
      const { current, previous, users, counts } = await figures(scope, query.period, cut);
      const averageCheck = (s: Sums) => divideHalfUp(s.turnover, BigInt(s.charges));
      const averageSession = (s: Sums) => Number(divideHalfUp(s.durationS, BigInt(s.charges)));
      return {
        period: query.period,
        start: cut.start,
        end: addDays(cut.end, -1),
        previous_start: cut.previousStart,
        previous_end: addDays(cut.start, -1),
        in_progress: cut.inProgress,
        until: cut.inProgress ? bishkekMinute(cut.until) : null,
        previous_until: cut.inProgress ? bishkekMinute(cut.previousUntil) : null,
        turnover: moneyKpi(current.turnover, previous.turnover),
        energy_kwh: {
          value: kwh(current.energyWh),
          previous: kwh(previous.energyWh),
          change: changePercent(Number(current.energyWh), Number(previous.energyWh)),
        },
        charges: kpi(current.charges, previous.charges),
        failed_charges: kpi(current.failed, previous.failed),
        new_users: users.new,
        promo_users: users.promo,
        active_users: users.active,
        ...counts,
        average_check: moneyKpi(averageCheck(current), averageCheck(previous)),
        average_session_seconds: kpi(averageSession(current), averageSession(previous)),
      };
    },

    async graph(query: TAnalyticsQuery): Promise<TAnalyticsGraph> {
      const scope = scopeOf(query);
      const bounds = boundsOf(query);
      // One grouping of the period's hours by the series' slot (an hour of a day, a day of a week or month, a month of a
      // year), the weekday and the hour of day: at most 2,016 rows (a year's 12 months x 7 x 24), from which the series,
      // the weekdays, the hours of day and the grid's cells are summed below. One plain grouping plans in a tenth of a
      // millisecond, where four grouped branches of a union took most of a day's answer.
      const [unit, slotFormat] =
        query.period === 'day'
          ? ['hour', 'YYYY-MM-DD"T"HH24:00']
          : query.period === 'year'
            ? ['month', 'YYYY-MM']
            : ['day', 'YYYY-MM-DD'];
      const rows = rowsOf<{
        slot: string;
        weekday: number;
        hour_of_day: number;
        charges: number;
        energy_wh: string;
        turnover: string;
      }>(
        await db.execute(sql`
          select to_char(date_trunc(${unit}, hour), ${slotFormat}) as slot, extract(isodow from hour)::int as weekday,
                 extract(hour from hour)::int as hour_of_day, sum(charges)::int as charges,
                 sum(energy_wh)::text as energy_wh, sum(turnover)::text as turnover
          from analytics_hourly
          where merchant_id = ${scope} and hour >= ${hourText(bounds.start)}::timestamp
            and hour < ${hourText(bounds.end)}::timestamp
          group by 1, 2, 3`),
      );
      interface Bucket {
        charges: number;
        energyWh: bigint;
        turnover: bigint;
      }
      const empty = (): Bucket => ({ charges: 0, energyWh: 0n, turnover: 0n });
      const add = (bucket: Bucket, row: (typeof rows)[number]) => {
        bucket.charges += Number(row.charges);
        bucket.energyWh += BigInt(row.energy_wh);
        bucket.turnover += BigInt(row.turnover);
      };
      const answer = (bucket: Bucket) => ({
        charges: bucket.charges,
        energy_kwh: kwh(bucket.energyWh),
        turnover: formatSom(bucket.turnover),
      });
      // The series' slots, every one present (an empty hour or day answers zeros).
      const slots: string[] = [];
      if (query.period === 'day') {
        for (let hour = 0; hour < 24; hour += 1) {
          slots.push(`${bounds.start}T${String(hour).padStart(2, '0')}:00`);
        }
      } else if (query.period === 'year') {
        for (let month = 1; month <= 12; month += 1) {
          slots.push(`${bounds.start.slice(0, 4)}-${String(month).padStart(2, '0')}`);
        }
      } else {
        for (let day = bounds.start; day < bounds.end; day = addDays(day, 1)) {
          slots.push(day);
        }
      }
      const series = new Map(slots.map((slot) => [slot, empty()]));
      const weekdays = Array.from({ length: 7 }, empty);
      const hours = Array.from({ length: 24 }, empty);
      const grid = Array.from({ length: 7 * 24 }, () => 0);
      for (const row of rows) {
        const weekday = Number(row.weekday);
        const hour = Number(row.hour_of_day);
        for (const bucket of [series.get(row.slot), weekdays[weekday - 1], hours[hour]]) {
          if (bucket) {
            add(bucket, row);
          }
        }
        const cell = (weekday - 1) * 24 + hour;
        grid[cell] = (grid[cell] ?? 0) + Number(row.charges);
      }
      return {
        period: query.period,
        start: bounds.start,
        end: addDays(bounds.end, -1),
        series: [...series].map(([start, bucket]) => ({ start, ...answer(bucket) })),
        by_weekday: weekdays.map((bucket, index) => ({ weekday: index + 1, ...answer(bucket) })),
        by_hour: hours.map((bucket, hour) => ({ hour, ...answer(bucket) })),
        grid: grid.map((charges, index) => ({ weekday: Math.floor(index / 24) + 1, hour: index % 24, charges })),
      };
    },
  };
};

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;

/** `npm run analytics:rebuild`: every rollup of this domain from the charges, under a SHARE lock on charges. */
export const rebuildAnalytics = async (db: Database) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`lock table charges in share mode`);
    await tx.execute(sql`select analytics_rebuild()`);
    const [row] = rowsOf<{ hours: number }>(
      await tx.execute(sql`select count(*)::int as hours from analytics_station_hourly`),
    );
    return Number(row?.hours ?? 0);
  });

/**
 * The arithmetic of power limits (docs/product/ocpp.md#4-states-and-rules): a limit with its windows as a daily
 * schedule (periods from Bishkek midnight, whole watts), a site's limit split into the running charges' shares, and the
 * step functions the rebalance compares. Pure: no database, no charge point.
 */
import { BISHKEK_OFFSET_MS } from '@zaryad/contracts/bishkek-time';
import { minutesOfDay, POWER_SHARE_MIN_W } from '@zaryad/contracts/ocpp-smart';
import type { DailyPeriod, PowerWindowRow } from './ocpp.smart-charging.tables';

export const DAY_S = 86_400;

/** Equal neighbours merged, the first period at 0. */
const merged = (periods: DailyPeriod[]): DailyPeriod[] => {
  const result: DailyPeriod[] = [];
  for (const period of [...periods].sort((a, b) => a.startPeriod - b.startPeriod)) {
    if (result.at(-1)?.limit === period.limit) {
      continue;
    }
    if (result.at(-1)?.startPeriod === period.startPeriod) {
      result.pop();
    }
    result.push(period);
  }
  return result;
};

/** A limit (W) with its windows as a day's periods: the windows' own limits inside them, the limit elsewhere. */
export const dailyPeriods = (limitW: number, windows: PowerWindowRow[]): DailyPeriod[] => {
  const periods: DailyPeriod[] = [{ startPeriod: 0, limit: limitW }];
  const ordered = [...windows].sort((a, b) => minutesOfDay(a.from) - minutesOfDay(b.from));
  for (const window of ordered) {
    const from = minutesOfDay(window.from) * 60;
    const to = minutesOfDay(window.to) * 60;
    periods.push({ startPeriod: from, limit: window.limitW });
    if (to < DAY_S) {
      periods.push({ startPeriod: to, limit: limitW });
    }
  }
  // A window that ends where the next starts: the later start wins (sorted by start, then pushed in order).
  const byStart = new Map<number, number>();
  for (const period of periods) {
    byStart.set(period.startPeriod, period.limit);
  }
  return merged([...byStart].map(([startPeriod, limit]) => ({ startPeriod, limit })));
};

/** The limit of a day's periods at `second` of the day. */
export const limitAt = (periods: DailyPeriod[], second: number) => {
  let limit = 0;
  for (const period of periods) {
    if (period.startPeriod <= second) {
      limit = period.limit;
    }
  }
  return limit;
};

/** Every second of the day where one of these schedules may change. */
const boundaries = (...schedules: DailyPeriod[][]) =>
  [...new Set([0, ...schedules.flat().map((period) => period.startPeriod)])].sort((a, b) => a - b);

/** Two schedules combined at every boundary of either (min for the lower, max for the higher). */
export const combine = (a: DailyPeriod[], b: DailyPeriod[], pick: (x: number, y: number) => number) =>
  merged(
    boundaries(a, b).map((startPeriod) => ({
      startPeriod,
      limit: pick(limitAt(a, startPeriod), limitAt(b, startPeriod)),
    })),
  );

export const sameSchedule = (a: DailyPeriod[], b: DailyPeriod[]) =>
  boundaries(a, b).every((second) => limitAt(a, second) === limitAt(b, second));

/** The sum of several schedules at every boundary of any, as [second, sum] pairs. */
export const sums = (schedules: DailyPeriod[][]) =>
  boundaries(...schedules).map(
    (second) => [second, schedules.reduce((sum, s) => sum + limitAt(s, second), 0)] as const,
  );

/** A schedule that stays within `limit` (another schedule) at every moment of the day. */
export const fitsUnder = (total: DailyPeriod[][], limit: DailyPeriod[]) =>
  boundaries(limit, ...total).every(
    (second) => total.reduce((sum, schedule) => sum + limitAt(schedule, second), 0) <= limitAt(limit, second),
  );

/**
 * A site's limit split into the shares of `count` running charges, earliest-started first: at each period of the day
 * as many charges as can each get POWER_SHARE_MIN_W share the limit equally (whole watts, rounded down); the rest get 0.
 */
export const allocateShares = (site: DailyPeriod[], count: number, minimumW = POWER_SHARE_MIN_W): DailyPeriod[][] =>
  Array.from({ length: count }, (_, index) =>
    merged(
      site.map(({ startPeriod, limit }) => {
        const served = Math.min(count, Math.floor(limit / minimumW));
        return { startPeriod, limit: index < served ? Math.floor(limit / served) : 0 };
      }),
    ),
  );

/** Bishkek's midnight of `now` as an ISO time: where the daily recurring profiles start. */
export const bishkekMidnight = (now = Date.now()) => {
  const local = now + BISHKEK_OFFSET_MS;
  return new Date(local - (local % (DAY_S * 1000)) - BISHKEK_OFFSET_MS).toISOString();
};

/** Seconds since Bishkek midnight at `now`. */
export const secondOfDay = (now = Date.now()) => Math.floor(((now + BISHKEK_OFFSET_MS) % (DAY_S * 1000)) / 1000);

/** The profile ids the server gives (a charge point replaces a profile of the same id). */
export const STATION_MAX_PROFILE_ID = 9_100;
export const SITE_DEFAULT_PROFILE_ID = 9_200;
/** Plus the connector's id: one TxProfile per connector. */
export const SITE_SHARE_PROFILE_ID = 9_300;

/** SetChargingProfile.req of a daily recurring profile in watts. */
export const dailyProfile = (
  options: {
    id: number;
    connectorId: number;
    purpose: 'ChargePointMaxProfile' | 'TxDefaultProfile' | 'TxProfile';
    transactionId?: number;
  },
  periods: DailyPeriod[],
  now = Date.now(),
) => ({
  connectorId: options.connectorId,
  csChargingProfiles: {
    chargingProfileId: options.id,
    ...(options.transactionId === undefined ? {} : { transactionId: options.transactionId }),
    stackLevel: 1,
    chargingProfilePurpose: options.purpose,
    chargingProfileKind: 'Recurring',
    recurrencyKind: 'Daily',
    chargingSchedule: {
      duration: DAY_S,
      startSchedule: bishkekMidnight(now),
      chargingRateUnit: 'W',
      chargingSchedulePeriod: periods.map((period) => ({ startPeriod: period.startPeriod, limit: period.limit })),
    },
  },
});

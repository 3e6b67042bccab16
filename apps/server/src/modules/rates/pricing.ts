/**
 * The one price function of a charge (docs/product/rates.md#4-states-and-rules): the versions of its rate in force while
 * it ran, its meter's rises and its timestamps in, the amount and its breakdown out. Pure: the charges engine loads the
 * inputs, books the result; the price preview and the running cost call it too.
 *
 * - The charge's time is cut where anything could change a price: a version taking effect, Bishkek's midnights and
 *   every period's start and end minute, the moment the car stopped taking energy (the meter's last rise) and the end
 *   of the idle grace after it. Within a stretch every price holds, read at its start.
 * - Energy of a stretch: the meter at its ends, read between two readings on a straight line and rounded down to the
 *   watt-hour, so the stretches' energies add up to the charge's exactly.
 * - Energy is priced over the whole charge, charging time until the car stopped taking energy, idle time after the grace
 *   (of the version in force when charging ended); the session fee, the minimum and the maximum are the start's.
 * - Money stays exact: every part is a fraction of a tyiyn over 60,000,000 (kWh × minute); the sum is rounded once, half
 *   up, and the components share that total by largest remainder, so they always add up to it.
 */
import { clockMinutes, formatSom, type TCostBreakdown, type TTariffComponent } from '@zaryad/contracts';

/** A period as stored in rate_versions.periods: the API's, with its price in tyiyn. */
export interface StoredPeriod {
  component: TTariffComponent;
  price: number;
  start_time: string | null;
  end_time: string | null;
  weekdays: number[];
  start_date: string | null;
  end_date: string | null;
  min_power_kw: number | null;
  max_power_kw: number | null;
}

export interface Tariff {
  energy: bigint;
  time: bigint;
  idle: bigint;
  idleGraceMinutes: number;
  session: bigint;
  minCost: bigint | null;
  maxCost: bigint | null;
  periods: readonly StoredPeriod[];
}

export interface TariffVersion {
  /** Null for a price that is no rate's (a connector's custom fee, a charge started before versions). */
  id: number | null;
  effectiveFrom: Date;
  tariff: Tariff;
}

/** A reading that moved the meter: its watt-hours and when the server heard it. */
export interface MeterRise {
  wh: number;
  at: Date;
}

export interface PriceInput {
  /** Oldest first; the first one applies before its effective_from too (a charge never goes unpriced). */
  versions: readonly TariffVersion[];
  startedAt: Date;
  finishedAt: Date;
  meterStartWh: number;
  meterStopWh: number;
  rises: readonly MeterRise[];
  powerKw: number;
}

export interface PriceResult {
  amount: bigint;
  breakdown: TCostBreakdown;
}

const MINUTE = 60_000;
const DAY = 86_400_000;
const BISHKEK_OFFSET = 6 * 3_600_000;
/** Tyiyn × kWh-in-Wh × minute-in-ms: every part of a price is a whole number of 1/60,000,000 tyiyn. */
const WH_PER_KWH = 1000n;
const MS_PER_MINUTE = 60_000n;
const DENOMINATOR = WH_PER_KWH * MS_PER_MINUTE;

/** A tariff of an energy price only: a connector's custom fee, or a charge's price fixed before versions existed. */
export const energyOnlyTariff = (energy: bigint): Tariff => ({
  energy,
  time: 0n,
  idle: 0n,
  idleGraceMinutes: 0,
  session: 0n,
  minCost: null,
  maxCost: null,
  periods: [],
});

/** Bishkek's day number (days since 1970-01-01 on its wall clock) and the minute of that day. */
const bishkekClock = (at: number) => {
  const local = at + BISHKEK_OFFSET;
  const day = Math.floor(local / DAY);
  return { day, minute: Math.floor((local - day * DAY) / MINUTE) };
};

/** Whether a period's restrictions all hold at a moment, for a connector of this power. */
export const periodHolds = (period: StoredPeriod, at: number, powerKw: number) => {
  const { day, minute } = bishkekClock(at);
  if (period.start_time !== null && period.end_time !== null) {
    const start = clockMinutes(period.start_time);
    const end = clockMinutes(period.end_time);
    const inside = start < end ? minute >= start && minute < end : minute >= start || minute < end;
    if (!inside) {
      return false;
    }
  }
  // 1970-01-01 was a Thursday (ISO weekday 4).
  if (period.weekdays.length > 0 && !period.weekdays.includes(((day + 3) % 7) + 1)) {
    return false;
  }
  if (period.start_date !== null || period.end_date !== null) {
    const date = new Date(day * DAY).toISOString().slice(0, 10);
    if (
      (period.start_date !== null && date < period.start_date) ||
      (period.end_date !== null && date > period.end_date)
    ) {
      return false;
    }
  }
  if (period.min_power_kw !== null && powerKw < period.min_power_kw) {
    return false;
  }
  return period.max_power_kw === null || powerKw < period.max_power_kw;
};

const BASE: Record<TTariffComponent, (tariff: Tariff) => bigint> = {
  energy: (tariff) => tariff.energy,
  time: (tariff) => tariff.time,
  idle: (tariff) => tariff.idle,
  session: (tariff) => tariff.session,
};

/** A component's price at a moment: the first of its periods that holds, else the base price. */
export const priceAt = (tariff: Tariff, component: TTariffComponent, at: number, powerKw: number): bigint => {
  const period = tariff.periods.find(
    (candidate) => candidate.component === component && periodHolds(candidate, at, powerKw),
  );
  return period ? BigInt(period.price) : BASE[component](tariff);
};

/** The version in force at a moment: the newest that took effect by then, else the oldest. */
export const versionAt = (versions: readonly TariffVersion[], at: number): TariffVersion => {
  let found = versions[0];
  for (const version of versions) {
    if (version.effectiveFrom.getTime() <= at) {
      found = version;
    }
  }
  if (!found) {
    throw new Error('a price needs at least one tariff version');
  }
  return found;
};

/** Every moment within (from, to) where a price could change: versions taking effect, midnights, period edges. */
export const priceBoundaries = (versions: readonly TariffVersion[], from: number, to: number): number[] => {
  const cuts = new Set<number>();
  const minutes = new Set<number>([0]);
  for (const version of versions) {
    const at = version.effectiveFrom.getTime();
    if (at > from && at < to) {
      cuts.add(at);
    }
    for (const period of version.tariff.periods) {
      if (period.start_time !== null && period.end_time !== null) {
        minutes.add(clockMinutes(period.start_time) % 1440);
        minutes.add(clockMinutes(period.end_time) % 1440);
      }
    }
  }
  const firstDay = bishkekClock(from).day;
  const lastDay = bishkekClock(to).day;
  for (let day = firstDay; day <= lastDay; day += 1) {
    for (const minute of minutes) {
      const at = day * DAY + minute * MINUTE - BISHKEK_OFFSET;
      if (at > from && at < to) {
        cuts.add(at);
      }
    }
  }
  return [...cuts].sort((a, b) => a - b);
};

/** The meter's curve: its readings in time order, from the start's value to the stop's. */
const meterCurve = (input: PriceInput) => {
  const start = input.startedAt.getTime();
  const end = Math.max(input.finishedAt.getTime(), start);
  const stop = Math.max(input.meterStopWh, input.meterStartWh);
  const points: { at: number; wh: number }[] = [{ at: start, wh: input.meterStartWh }];
  for (const rise of [...input.rises].sort((a, b) => a.wh - b.wh)) {
    const previous = points[points.length - 1] as { at: number; wh: number };
    if (rise.wh <= previous.wh || rise.wh >= stop) {
      continue;
    }
    points.push({ at: Math.min(Math.max(rise.at.getTime(), previous.at), end), wh: rise.wh });
  }
  const last = points[points.length - 1] as { at: number; wh: number };
  // The stop's value arrives at the finish, unless the meter had reached it before (then charging ended there).
  const reachedAt = input.rises.find((rise) => rise.wh >= stop && rise.wh === stop)?.at.getTime();
  if (stop > last.wh) {
    points.push({ at: reachedAt === undefined ? end : Math.min(Math.max(reachedAt, last.at), end), wh: stop });
  }
  /** The meter at a moment, on the straight line between readings, rounded down to the watt-hour. */
  const at = (moment: number) => {
    let index = 0;
    while (index + 1 < points.length && (points[index + 1] as { at: number }).at <= moment) {
      index += 1;
    }
    const from = points[index] as { at: number; wh: number };
    const next = points[index + 1];
    if (!next || moment <= from.at) {
      return from.wh;
    }
    const part = (BigInt(next.wh - from.wh) * BigInt(moment - from.at)) / BigInt(next.at - from.at);
    return from.wh + Number(part);
  };
  const chargingEnd = stop > input.meterStartWh ? (points[points.length - 1] as { at: number }).at : start;
  return { at, chargingEnd, start, end };
};

/** Round half up, for non-negative values. */
const divideHalfUp = (numerator: bigint, denominator: bigint) => (numerator * 2n + denominator) / (denominator * 2n);

type TPhase = 'charging' | 'grace' | 'idle';

/** The price of a charge as the file's comment tells. */
export const priceCharge = (input: PriceInput): PriceResult => {
  const curve = meterCurve(input);
  const { start, end } = curve;
  const chargingEnd = Math.min(curve.chargingEnd, end);
  const grace = versionAt(input.versions, chargingEnd).tariff.idleGraceMinutes;
  const graceEnd = Math.min(chargingEnd + grace * MINUTE, end);
  const cuts = new Set(priceBoundaries(input.versions, start, end));
  for (const moment of [chargingEnd, graceEnd]) {
    if (moment > start && moment < end) {
      cuts.add(moment);
    }
  }
  const edges = end > start ? [start, ...[...cuts].sort((a, b) => a - b), end] : [start, start];
  const parts = { energy: 0n, time: 0n, idle: 0n };
  const segments: TCostBreakdown['segments'] = [];
  for (let index = 0; index + 1 < edges.length; index += 1) {
    const from = edges[index] as number;
    const to = edges[index + 1] as number;
    if (to < from || (to === from && edges.length > 2)) {
      continue;
    }
    const version = versionAt(input.versions, from);
    const phase: TPhase = from < chargingEnd ? 'charging' : from < graceEnd ? 'grace' : 'idle';
    // A charge whose end is not after its start (a charge point's clock behind the server's) has one stretch, of no time.
    const energyWh = to === from ? Math.max(input.meterStopWh - input.meterStartWh, 0) : curve.at(to) - curve.at(from);
    const fees = {
      energy: priceAt(version.tariff, 'energy', from, input.powerKw),
      time: phase === 'charging' ? priceAt(version.tariff, 'time', from, input.powerKw) : 0n,
      idle: phase === 'idle' ? priceAt(version.tariff, 'idle', from, input.powerKw) : 0n,
    };
    const ms = BigInt(to - from);
    parts.energy += BigInt(energyWh) * fees.energy * MS_PER_MINUTE;
    parts.time += ms * fees.time * WH_PER_KWH;
    parts.idle += ms * fees.idle * WH_PER_KWH;
    const previous = segments[segments.length - 1];
    const same =
      previous &&
      previous.version_id === version.id &&
      previous.phase === phase &&
      previous.fee === formatSom(fees.energy) &&
      previous.time_fee === formatSom(fees.time) &&
      previous.idle_fee === formatSom(fees.idle);
    if (previous && same) {
      previous.to = new Date(to).toISOString();
      previous.energy_wh += energyWh;
    } else {
      segments.push({
        from: new Date(from).toISOString(),
        to: new Date(to).toISOString(),
        version_id: version.id,
        phase,
        energy_wh: energyWh,
        fee: formatSom(fees.energy),
        time_fee: formatSom(fees.time),
        idle_fee: formatSom(fees.idle),
      });
    }
  }
  const opening = versionAt(input.versions, start).tariff;
  const session = priceAt(opening, 'session', start, input.powerKw);
  const subtotal = divideHalfUp(parts.energy + parts.time + parts.idle, DENOMINATOR) + session;
  let amount = subtotal;
  if (opening.minCost !== null && amount < opening.minCost) {
    amount = opening.minCost;
  }
  if (opening.maxCost !== null && amount > opening.maxCost) {
    amount = opening.maxCost;
  }
  // The components share the rounded sum by largest remainder: each is its exact value rounded down, and the tyiyn the
  // rounding left go to the largest fractions.
  const shares = (['energy', 'time', 'idle'] as const).map((key) => ({
    key,
    whole: parts[key] / DENOMINATOR,
    rest: parts[key] % DENOMINATOR,
  }));
  let left = subtotal - session - shares.reduce((sum, share) => sum + share.whole, 0n);
  for (const share of [...shares].sort((a, b) => (b.rest > a.rest ? 1 : b.rest < a.rest ? -1 : 0))) {
    if (left > 0n && share.rest > 0n) {
      share.whole += 1n;
      left -= 1n;
    }
  }
  const component = (key: 'energy' | 'time' | 'idle') =>
    formatSom(shares.find((share) => share.key === key)?.whole ?? 0n);
  return {
    amount,
    breakdown: {
      energy: component('energy'),
      time: component('time'),
      idle: component('idle'),
      session: formatSom(session),
      adjustment: formatSom(amount - subtotal),
      amount: formatSom(amount),
      charging_ended_at: input.meterStopWh > input.meterStartWh ? new Date(chargingEnd).toISOString() : null,
      segments,
    },
  };
};

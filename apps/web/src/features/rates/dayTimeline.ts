import type { TTariff, TTariffComponent } from '@zaryad/contracts';

const DAY_MINUTES = 1440;

/** A stretch of a day at one price: minutes of Bishkek's day, `to` exclusive. */
export type TStretch = { from: number; to: number; price: string; isPeriod: boolean };

const BASE: Record<TTariffComponent, 'fee' | 'time_fee' | 'idle_fee' | 'session_fee'> = {
  energy: 'fee',
  time: 'time_fee',
  idle: 'idle_fee',
  session: 'session_fee',
};

/** Minutes of an `HH:MM` (24:00 is the day's end). */
const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

type TPeriod = TTariff['periods'][number];

/** Whether a period only some days or connectors see (dates, power): a day's picture cannot draw it. */
export const isDrawable = (period: TPeriod) =>
  period.start_date === null &&
  period.end_date === null &&
  period.min_power_kw === null &&
  period.max_power_kw === null;

/** A period's time restriction at minute `minute`: none holds always; an end before the start runs past midnight. */
const holdsAt = (period: TPeriod, minute: number) => {
  if (period.start_time === null || period.end_time === null) {
    return true;
  }
  const start = minutesOf(period.start_time);
  const end = minutesOf(period.end_time);
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
};

/**
 * One component's price over a weekday (ISO 1..7) of a price (docs/product/rates.md, Tariffs II): the first period of
 * the component whose weekday and time hold wins, else the base price; the weekday is the moment's own, so an
 * overnight period of Monday stops at Tuesday's midnight. Periods restricted by dates or power are left out
 * (isDrawable). Adjacent stretches of the same price are one.
 */
export const dayTimeline = (price: TTariff, component: TTariffComponent, weekday: number): TStretch[] => {
  const periods = price.periods.filter(
    (period) =>
      period.component === component &&
      isDrawable(period) &&
      (period.weekdays.length === 0 || period.weekdays.includes(weekday)),
  );
  const bounds = new Set([0, DAY_MINUTES]);
  for (const period of periods) {
    if (period.start_time !== null && period.end_time !== null) {
      bounds.add(minutesOf(period.start_time) % DAY_MINUTES);
      bounds.add(minutesOf(period.end_time) % DAY_MINUTES);
    }
  }
  const edges = [...bounds].sort((left, right) => left - right);
  const stretches: TStretch[] = [];
  for (let index = 0; index < edges.length - 1; index += 1) {
    const from = edges[index] ?? 0;
    const to = edges[index + 1] ?? DAY_MINUTES;
    const period = periods.find((candidate) => holdsAt(candidate, from));
    const stretchPrice = period ? period.price : price[BASE[component]];
    const last = stretches.at(-1);
    if (last && Number(last.price) === Number(stretchPrice) && last.isPeriod === (period !== undefined)) {
      last.to = to;
    } else {
      stretches.push({ from, to, price: stretchPrice, isPeriod: period !== undefined });
    }
  }
  return stretches;
};

/** `HH:MM` of a minute of the day (1440 is 24:00). */
export const clockOf = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

import { describe, expect, it } from 'vitest';
import { energyOnlyTariff, type PriceInput, priceCharge, type StoredPeriod, type Tariff } from './pricing';

/** A moment given on Bishkek's wall clock (UTC+6): `2026-11-02 22:30` or with seconds. */
const bishkek = (wall: string) => new Date(`${wall.replace(' ', 'T')}${wall.length === 16 ? ':00' : ''}+06:00`);

const tariff = (overrides: Partial<Tariff>): Tariff => ({ ...energyOnlyTariff(0n), ...overrides });

const period = (overrides: Partial<StoredPeriod> & Pick<StoredPeriod, 'component' | 'price'>): StoredPeriod => ({
  start_time: null,
  end_time: null,
  weekdays: [],
  start_date: null,
  end_date: null,
  min_power_kw: null,
  max_power_kw: null,
  ...overrides,
});

/** One version in force long before, a charge of `wh` delivered evenly unless rises say otherwise. */
const charge = (input: Partial<PriceInput> & { tariff?: Tariff; from: string; to: string; wh: number }) =>
  priceCharge({
    versions: input.versions ?? [
      { id: 1, effectiveFrom: new Date('2020-01-01T00:00:00Z'), tariff: input.tariff ?? tariff({}) },
    ],
    startedAt: bishkek(input.from),
    finishedAt: bishkek(input.to),
    meterStartWh: input.meterStartWh ?? 0,
    meterStopWh: input.wh + (input.meterStartWh ?? 0),
    rises: input.rises ?? [],
    powerKw: input.powerKw ?? 22,
  });

describe('pricing cases, to the tyiyn', () => {
  it('energy only', () => {
    const priced = charge({
      tariff: tariff({ energy: 2000n }),
      from: '2026-11-02 10:00',
      to: '2026-11-02 11:00',
      wh: 12_345,
    });
    expect(priced.amount).toBe(24_690n);
    expect(priced.breakdown).toMatchObject({
      energy: '246.90',
      time: '0.00',
      idle: '0.00',
      session: '0.00',
      amount: '246.90',
    });
  });

  it('a session fee and energy', () => {
    const priced = charge({
      tariff: tariff({ energy: 1500n, session: 2000n }),
      from: '2026-11-02 10:00',
      to: '2026-11-02 10:40',
      wh: 10_000,
    });
    expect(priced.breakdown).toMatchObject({ energy: '150.00', session: '20.00', amount: '170.00' });
  });

  it('a night price across midnight in Bishkek', () => {
    // 20.00 by day, 8.00 from 23:00 to 07:00; 12 kWh evenly from 22:00 to 01:00: 4 kWh by day, 8 by night.
    const night = tariff({
      energy: 2000n,
      periods: [period({ component: 'energy', price: 800, start_time: '23:00', end_time: '07:00' })],
    });
    const priced = charge({ tariff: night, from: '2026-11-02 22:00', to: '2026-11-03 01:00', wh: 12_000 });
    expect(priced.breakdown.energy).toBe('144.00');
    expect(priced.breakdown.segments.map((segment) => [segment.fee, segment.energy_wh])).toEqual([
      ['20.00', 4000],
      ['8.00', 8000],
    ]);
  });

  it('a weekday price holds on its own days only', () => {
    // Sunday 2026-11-08 is 7; Saturday 2026-11-07 is 6.
    const weekend = tariff({
      energy: 2000n,
      periods: [period({ component: 'energy', price: 1000, weekdays: [6, 7] })],
    });
    expect(charge({ tariff: weekend, from: '2026-11-08 10:00', to: '2026-11-08 11:00', wh: 1000 }).amount).toBe(1000n);
    expect(charge({ tariff: weekend, from: '2026-11-09 10:00', to: '2026-11-09 11:00', wh: 1000 }).amount).toBe(2000n);
  });

  it('charging time, then idle time after the grace', () => {
    // Charging 10:00-11:00 (the meter's last rise), grace to 11:10, idle to 11:30: 60 min × 1.00 + 20 min × 5.00.
    const priced = charge({
      tariff: tariff({ energy: 1000n, time: 100n, idle: 500n, idleGraceMinutes: 10 }),
      from: '2026-11-02 10:00',
      to: '2026-11-02 11:30',
      wh: 10_000,
      rises: [
        { wh: 5000, at: bishkek('2026-11-02 10:30') },
        { wh: 10_000, at: bishkek('2026-11-02 11:00') },
      ],
    });
    expect(priced.breakdown).toMatchObject({
      energy: '100.00',
      time: '60.00',
      idle: '100.00',
      amount: '260.00',
      charging_ended_at: bishkek('2026-11-02 11:00').toISOString(),
    });
    expect(priced.breakdown.segments.map((segment) => segment.phase)).toEqual(['charging', 'grace', 'idle']);
  });

  it('a minimum and a maximum per charge', () => {
    const bounded = tariff({ energy: 1000n, minCost: 5000n, maxCost: 10_000n });
    expect(
      charge({ tariff: bounded, from: '2026-11-02 10:00', to: '2026-11-02 10:10', wh: 1000 }).breakdown,
    ).toMatchObject({
      energy: '10.00',
      adjustment: '40.00',
      amount: '50.00',
    });
    expect(
      charge({ tariff: bounded, from: '2026-11-02 10:00', to: '2026-11-02 12:00', wh: 20_000 }).breakdown,
    ).toMatchObject({
      energy: '200.00',
      adjustment: '-100.00',
      amount: '100.00',
    });
  });

  it('a version taking effect while the charge runs', () => {
    const priced = charge({
      versions: [
        { id: 1, effectiveFrom: new Date('2020-01-01T00:00:00Z'), tariff: tariff({ energy: 1000n }) },
        { id: 2, effectiveFrom: bishkek('2026-11-02 10:30'), tariff: tariff({ energy: 2000n }) },
      ],
      from: '2026-11-02 10:00',
      to: '2026-11-02 11:00',
      wh: 10_000,
    });
    expect(priced.breakdown.energy).toBe('150.00');
    expect(priced.breakdown.segments.map((segment) => segment.version_id)).toEqual([1, 2]);
  });

  it('a DC price by the connector power', () => {
    const byPower = tariff({
      energy: 1500n,
      periods: [period({ component: 'energy', price: 2500, min_power_kw: 50 })],
    });
    expect(
      charge({ tariff: byPower, from: '2026-11-02 10:00', to: '2026-11-02 11:00', wh: 10_000, powerKw: 60 }).amount,
    ).toBe(25_000n);
    expect(
      charge({ tariff: byPower, from: '2026-11-02 10:00', to: '2026-11-02 11:00', wh: 10_000, powerKw: 22 }).amount,
    ).toBe(15_000n);
  });

  it('rounds once at the end, half up, and the components add up to it', () => {
    // 5 Wh at 1.00 som/kWh is half a tyiyn: 1 tyiyn.
    expect(
      charge({ tariff: tariff({ energy: 100n }), from: '2026-11-02 10:00', to: '2026-11-02 10:01', wh: 5 }).amount,
    ).toBe(1n);
    // Energy 0.6 tyiyn and time 0.6 tyiyn: 1.2 rounds to 1 once, not 1 + 1.
    const priced = charge({
      tariff: tariff({ energy: 120n, time: 1n }),
      from: '2026-11-02 10:00',
      to: '2026-11-02 10:00:36',
      wh: 5,
    });
    expect(priced.amount).toBe(1n);
    expect(Number(priced.breakdown.energy) + Number(priced.breakdown.time)).toBeCloseTo(0.01);
  });

  it('a charge whose stop is not after its start is priced by its energy', () => {
    const priced = charge({
      tariff: tariff({ energy: 2000n }),
      from: '2026-11-02 10:00',
      to: '2026-11-02 09:59',
      wh: 1000,
    });
    expect(priced.amount).toBe(2000n);
  });
});

// A brute force beside the engine: every minute priced on its own, its restrictions read from the calendar anew.
const BISHKEK_MS = 6 * 3_600_000;

const holdsByCalendar = (candidate: StoredPeriod, at: number, powerKw: number) => {
  const wall = new Date(at + BISHKEK_MS);
  const minute = wall.getUTCHours() * 60 + wall.getUTCMinutes();
  const clock = (text: string) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3));
  if (candidate.start_time && candidate.end_time) {
    const [start, end] = [clock(candidate.start_time), clock(candidate.end_time)];
    if (start < end ? minute < start || minute >= end : minute < start && minute >= end) {
      return false;
    }
  }
  const weekday = wall.getUTCDay() === 0 ? 7 : wall.getUTCDay();
  if (candidate.weekdays.length > 0 && !candidate.weekdays.includes(weekday)) {
    return false;
  }
  const date = wall.toISOString().slice(0, 10);
  if ((candidate.start_date && date < candidate.start_date) || (candidate.end_date && date > candidate.end_date)) {
    return false;
  }
  return (candidate.min_power_kw ?? -1) <= powerKw && powerKw < (candidate.max_power_kw ?? Number.POSITIVE_INFINITY);
};

const bruteForce = (input: PriceInput) => {
  const start = input.startedAt.getTime();
  const end = input.finishedAt.getTime();
  const points = [
    { at: start, wh: input.meterStartWh },
    ...input.rises.map((rise) => ({ at: rise.at.getTime(), wh: rise.wh })),
  ];
  if (input.meterStopWh > (points[points.length - 1]?.wh ?? 0)) {
    points.push({ at: end, wh: input.meterStopWh });
  }
  const meter = (at: number) => {
    let value = input.meterStartWh;
    for (let index = 0; index < points.length; index += 1) {
      const here = points[index] as { at: number; wh: number };
      const next = points[index + 1];
      if (at >= here.at) {
        value = here.wh;
        if (next && at < next.at) {
          value = here.wh + Number((BigInt(next.wh - here.wh) * BigInt(at - here.at)) / BigInt(next.at - here.at));
        }
      }
    }
    return value;
  };
  const version = (at: number) =>
    [...input.versions].reverse().find((candidate) => candidate.effectiveFrom.getTime() <= at) ?? input.versions[0];
  const price = (at: number, component: StoredPeriod['component']) => {
    const { tariff: current } = version(at) as { tariff: Tariff };
    const found = current.periods.find(
      (candidate) => candidate.component === component && holdsByCalendar(candidate, at, input.powerKw),
    );
    return found
      ? BigInt(found.price)
      : { energy: current.energy, time: current.time, idle: current.idle, session: current.session }[component];
  };
  const chargingEnd = input.meterStopWh > input.meterStartWh ? (points[points.length - 1] as { at: number }).at : start;
  const graceEnd = chargingEnd + (version(chargingEnd) as { tariff: Tariff }).tariff.idleGraceMinutes * 60_000;
  const cuts = new Set([
    start,
    end,
    chargingEnd,
    graceEnd,
    ...input.versions.map((candidate) => candidate.effectiveFrom.getTime()),
  ]);
  for (let minute = Math.ceil(start / 60_000) * 60_000; minute < end; minute += 60_000) {
    cuts.add(minute);
  }
  const edges = [...cuts].filter((at) => at >= start && at <= end).sort((a, b) => a - b);
  let exact = 0n;
  for (let index = 0; index + 1 < edges.length; index += 1) {
    const [from, to] = [edges[index] as number, edges[index + 1] as number];
    exact += BigInt(meter(to) - meter(from)) * price(from, 'energy') * 60_000n;
    if (from < chargingEnd) {
      exact += BigInt(to - from) * price(from, 'time') * 1000n;
    } else if (from >= graceEnd) {
      exact += BigInt(to - from) * price(from, 'idle') * 1000n;
    }
  }
  const opening = (version(start) as { tariff: Tariff }).tariff;
  let amount = (exact * 2n + 60_000_000n) / 120_000_000n + price(start, 'session');
  if (opening.minCost !== null && amount < opening.minCost) {
    amount = opening.minCost;
  }
  if (opening.maxCost !== null && amount > opening.maxCost) {
    amount = opening.maxCost;
  }
  return amount;
};

/** A small deterministic generator (mulberry32): the same cases on every run, a failing seed reproducible. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let value = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
  return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
};

describe('the engine against a brute force, minute by minute', () => {
  it('agrees on 300 random sessions and tariffs', () => {
    const next = random(37);
    const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
    const clock = () => `${String(int(0, 23)).padStart(2, '0')}:${String(int(0, 59)).padStart(2, '0')}`;
    const randomTariff = (): Tariff => ({
      energy: BigInt(int(0, 4000)),
      time: BigInt(int(0, 3) === 0 ? int(0, 300) : 0),
      idle: BigInt(int(0, 2) === 0 ? int(0, 1000) : 0),
      idleGraceMinutes: int(0, 30),
      session: BigInt(int(0, 3) === 0 ? int(0, 5000) : 0),
      minCost: int(0, 4) === 0 ? BigInt(int(0, 5000)) : null,
      maxCost: int(0, 4) === 0 ? BigInt(int(5000, 50_000)) : null,
      periods: Array.from({ length: int(0, 3) }, () => {
        const timed = int(0, 2) > 0;
        const start = clock();
        const end = clock();
        return period({
          component: (['energy', 'time', 'idle', 'session'] as const)[int(0, 3)] as StoredPeriod['component'],
          price: int(0, 5000),
          ...(timed && start !== end && { start_time: start, end_time: end }),
          weekdays: int(0, 2) === 0 ? [int(1, 7)] : [],
          min_power_kw: int(0, 3) === 0 ? 50 : null,
        });
      }),
    });
    for (let run = 0; run < 300; run += 1) {
      const startedAt = new Date(Date.UTC(2026, 10, 1) + int(0, 7 * 24 * 3600) * 1000);
      const finishedAt = new Date(startedAt.getTime() + int(1, 10 * 3600) * 1000);
      const versions = [{ id: 1, effectiveFrom: new Date('2020-01-01T00:00:00Z'), tariff: randomTariff() }];
      if (int(0, 1) === 1) {
        versions.push({
          id: 2,
          effectiveFrom: new Date(startedAt.getTime() + int(0, 10 * 3600) * 1000),
          tariff: randomTariff(),
        });
      }
      const meterStartWh = int(0, 100_000);
      const rises: { wh: number; at: Date }[] = [];
      let wh = meterStartWh;
      let at = startedAt.getTime();
      for (let count = int(0, 6); count > 0; count -= 1) {
        at += int(1, Math.max(1, Math.floor((finishedAt.getTime() - at) / 4000))) * 1000;
        if (at >= finishedAt.getTime()) {
          break;
        }
        wh += int(1, 20_000);
        rises.push({ wh, at: new Date(at) });
      }
      const meterStopWh = wh + (int(0, 1) === 1 ? int(1, 20_000) : 0);
      const input: PriceInput = {
        versions,
        startedAt,
        finishedAt,
        meterStartWh,
        meterStopWh,
        rises,
        powerKw: int(0, 1) ? 60 : 22,
      };
      expect({ run, amount: priceCharge(input).amount }).toEqual({ run, amount: bruteForce(input) });
    }
  });
});

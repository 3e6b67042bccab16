import type { TTariff } from '@zaryad/contracts';
import { expect, test } from 'vitest';
import { clockOf, dayTimeline } from '@/features/rates/dayTimeline';

const period = (overrides: Partial<TTariff['periods'][number]>): TTariff['periods'][number] => ({
  component: 'energy',
  price: '5.00',
  start_time: null,
  end_time: null,
  weekdays: [],
  start_date: null,
  end_date: null,
  min_power_kw: null,
  max_power_kw: null,
  ...overrides,
});

const price = (periods: TTariff['periods']): TTariff => ({
  fee: '12.00',
  time_fee: '1.00',
  idle_fee: '2.00',
  idle_grace_minutes: 10,
  session_fee: '0.00',
  min_cost: null,
  max_cost: null,
  periods,
});

const shown = (stretches: ReturnType<typeof dayTimeline>) =>
  stretches.map((stretch) => `${clockOf(stretch.from)}-${clockOf(stretch.to)} ${stretch.price}`);

test('without periods the whole day is the base price of the component', () => {
  expect(shown(dayTimeline(price([]), 'energy', 1))).toEqual(['00:00-24:00 12.00']);
  expect(shown(dayTimeline(price([]), 'idle', 1))).toEqual(['00:00-24:00 2.00']);
});

test('a night period across midnight cuts the day in three, and the first matching period wins', () => {
  const periods = [
    period({ start_time: '23:00', end_time: '07:00', price: '6.00' }),
    period({ start_time: '06:00', end_time: '08:00', price: '9.00' }),
  ];
  expect(shown(dayTimeline(price(periods), 'energy', 3))).toEqual([
    '00:00-07:00 6.00',
    '07:00-08:00 9.00',
    '08:00-23:00 12.00',
    '23:00-24:00 6.00',
  ]);
});

test("weekdays are the moment's own; other components, dates and power are not drawn", () => {
  const periods = [
    period({ start_time: '18:00', end_time: '22:00', weekdays: [6, 7], price: '15.00' }),
    period({ component: 'time', start_time: '00:00', end_time: '12:00', price: '3.00' }),
    period({ start_date: '2026-12-31', end_date: '2026-12-31', price: '1.00' }),
    period({ min_power_kw: 50, price: '20.00' }),
  ];
  expect(shown(dayTimeline(price(periods), 'energy', 1))).toEqual(['00:00-24:00 12.00']);
  expect(shown(dayTimeline(price(periods), 'energy', 6))).toEqual([
    '00:00-18:00 12.00',
    '18:00-22:00 15.00',
    '22:00-24:00 12.00',
  ]);
  expect(shown(dayTimeline(price(periods), 'time', 6))).toEqual(['00:00-12:00 3.00', '12:00-24:00 1.00']);
});

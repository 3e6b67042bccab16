import { expect, test } from 'vitest';
import { hourChargesLink, slotChargesLink, weekdayChargesLink } from '@/features/analytics/chargesLink';

const query = (url: string | undefined) => {
  const [path, search] = (url ?? '').split('?');
  const params = new URLSearchParams(search);
  const lists = ['status'];
  return {
    path,
    status: params.getAll('status'),
    ...Object.fromEntries([...params].filter(([key]) => !lists.includes(key))),
  };
};

test('an hour of the day chart leads to the delivered charges finished in that hour of that day', () => {
  expect(query(slotChargesLink('day', '2026-11-28T14:00'))).toEqual({
    path: '/chargers-list',
    status: ['finished', 'stopped'],
    finished_date__from: '2026-11-28',
    finished_date__to: '2026-11-28',
    finished_time__from: '14:00',
    finished_time__to: '14:59',
  });
  expect(query(slotChargesLink('day', '2026-11-28T00:00'))).toMatchObject({
    finished_time__from: '00:00',
    finished_time__to: '00:59',
  });
});

test('a day of a week or month leads to that day; a month of the year to its first to last day', () => {
  for (const period of ['week', 'month'] as const) {
    const link = query(slotChargesLink(period, '2026-11-03'));
    expect(link).toMatchObject({ finished_date__from: '2026-11-03', finished_date__to: '2026-11-03' });
    expect(link).not.toHaveProperty('finished_time__from');
  }
  expect(query(slotChargesLink('year', '2026-02'))).toMatchObject({
    finished_date__from: '2026-02-01',
    finished_date__to: '2026-02-28',
  });
  expect(query(slotChargesLink('year', '2028-02'))).toMatchObject({ finished_date__to: '2028-02-29' });
  expect(query(slotChargesLink('year', '2026-12'))).toMatchObject({ finished_date__to: '2026-12-31' });
});

test('an hour of the hour-of-day chart leads to that hour over every day of the period shown', () => {
  const week = { series: ['2026-11-23', '2026-11-24', '2026-11-29'].map((start) => ({ start })) };
  expect(query(hourChargesLink(week as never, 9))).toMatchObject({
    finished_date__from: '2026-11-23',
    finished_date__to: '2026-11-29',
    finished_time__from: '09:00',
    finished_time__to: '09:59',
  });
  const year = { series: ['2026-01', '2026-12'].map((start) => ({ start })) };
  expect(query(hourChargesLink(year as never, 23))).toMatchObject({
    finished_date__from: '2026-01-01',
    finished_date__to: '2026-12-31',
  });
  expect(hourChargesLink({ series: [] }, 9)).toBeUndefined();
});

test('a bar of the weekday chart leads to that weekday of the finish over every day of the period shown', () => {
  const month = { series: ['2026-11-01', '2026-11-15', '2026-11-30'].map((start) => ({ start })) };
  const link = query(weekdayChargesLink(month as never, 6));
  expect(link).toEqual({
    path: '/chargers-list',
    status: ['finished', 'stopped'],
    finished_date__from: '2026-11-01',
    finished_date__to: '2026-11-30',
    finished_weekday: '6',
  });
  // A year keeps its twelve months; a day its one day (its weekday chart has the one bar).
  const year = { series: ['2026-01', '2026-12'].map((start) => ({ start })) };
  expect(query(weekdayChargesLink(year as never, 1))).toMatchObject({
    finished_date__from: '2026-01-01',
    finished_date__to: '2026-12-31',
    finished_weekday: '1',
  });
  const day = { series: ['2026-11-28T00:00', '2026-11-28T23:00'].map((start) => ({ start })) };
  expect(query(weekdayChargesLink(day as never, 6))).toMatchObject({
    finished_date__from: '2026-11-28',
    finished_date__to: '2026-11-28',
  });
  expect(weekdayChargesLink({ series: [] }, 6)).toBeUndefined();
});

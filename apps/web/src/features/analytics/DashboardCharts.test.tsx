import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TAnalyticsGraph } from '@zaryad/contracts/analytics';
import { beforeEach, expect, test, vi } from 'vitest';
import { analyticsTextsReady } from '@/features/analytics/analyticsTexts';
import { DashboardCharts } from '@/features/analytics/DashboardCharts';
import { changeLanguage } from '@/lib/i18n';
import { renderWithChargesList } from '@/test/renderWithChargesList';

vi.setConfig({ testTimeout: 60_000 });

vi.mock('react-chartjs-2', () => import('@/test/fakeChart'));

const GRAPH: TAnalyticsGraph = {
  period: 'week',
  start: '2026-11-23',
  end: '2026-11-29',
  series: ['2026-11-23', '2026-11-24', '2026-11-25'].map((start, index) => ({
    start,
    charges: index + 1,
    turnover: '100.00',
    energy_kwh: '10.000',
  })),
  by_weekday: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, charges: weekday })),
  by_hour: Array.from({ length: 24 }, (_, hour) => ({ hour, charges: hour })),
  grid: [],
} as unknown as TAnalyticsGraph;

const renderCharts = (graph: TAnalyticsGraph, merchant?: number) =>
  renderWithChargesList(<DashboardCharts graph={graph} isLoading={false} merchant={merchant} />);

beforeEach(async () => {
  await changeLanguage('en');
  await analyticsTextsReady;
});

test('a day of the period chart opens the charges list of that day, filtered in its URL', async () => {
  const router = renderCharts(GRAPH);
  const period = screen.getByRole('group', { name: 'Turnover and charges over the period' });
  // Axes named, the tooltip says the day in full and what a click does.
  expect(within(period).getByTestId('axes').textContent).toBe('Day | Charges | Turnover, som');
  const bar = within(period).getAllByRole('button')[1] as HTMLElement;
  expect(bar.title).toBe('Tu 24.11.2026 | Charges: 2 | Click to see these charges');
  await userEvent.click(bar);
  const url = new URL(`http://x${(await screen.findByTestId('where')).textContent ?? ''}`);
  expect(url.pathname).toBe('/chargers-list');
  expect(url.searchParams.getAll('status')).toEqual(['finished', 'stopped']);
  expect(url.searchParams.get('finished_date__from')).toBe('2026-11-24');
  expect(url.searchParams.get('finished_date__to')).toBe('2026-11-24');
  expect(router.state.location.search).toContain('finished_date__from=2026-11-24');
});

test('an hour of the hour-of-day chart opens that hour over the days shown', async () => {
  renderCharts(GRAPH);
  const hours = screen.getByRole('group', { name: 'By time of day' });
  expect(within(hours).getByTestId('axes').textContent).toContain('Hour of the day');
  const bar = within(hours).getByRole('button', { name: '14' });
  expect(bar.title).toBe('14:00–15:00 | Charges: 14 | Click to see these charges');
  await userEvent.click(bar);
  const url = new URL(`http://x${(await screen.findByTestId('where')).textContent ?? ''}`);
  expect(Object.fromEntries(url.searchParams)).toMatchObject({
    finished_date__from: '2026-11-23',
    finished_date__to: '2026-11-25',
    finished_time__from: '14:00',
    finished_time__to: '14:59',
  });
});

test('a weekday of the weekday chart opens that weekday of the finish over the days shown', async () => {
  renderCharts(GRAPH);
  const weekdays = screen.getByRole('group', { name: 'By weekday' });
  expect(within(weekdays).getByTestId('axes').textContent).toContain('Day of the week');
  const bar = within(weekdays).getByRole('button', { name: 'Sat' });
  expect(bar.title).toBe('Sat | Charges: 6 | Click to see these charges');
  await userEvent.click(bar);
  const url = new URL(`http://x${(await screen.findByTestId('where')).textContent ?? ''}`);
  expect(url.searchParams.getAll('status')).toEqual(['finished', 'stopped']);
  expect(Object.fromEntries(url.searchParams)).toMatchObject({
    finished_date__from: '2026-11-23',
    finished_date__to: '2026-11-25',
    finished_weekday: '6',
  });
  expect(url.searchParams.has('finished_time__from')).toBe(false);
});

test("a merchant's charts lead nowhere (the charges list has no merchant filter) and say nothing of a click", async () => {
  const router = renderCharts(GRAPH, 7);
  const period = screen.getByRole('group', { name: 'Turnover and charges over the period' });
  const bar = within(period).getAllByRole('button')[0] as HTMLElement;
  expect(bar.title).toBe('Mo 23.11.2026 | Charges: 1 | ');
  await userEvent.click(bar);
  expect(router.state.location.pathname).toBe('/');
});

test('a period without charges says so instead of drawing empty axes', () => {
  renderCharts({ ...GRAPH, series: GRAPH.series.map((point) => ({ ...point, charges: 0 })) });
  expect(screen.getByText('No charges in this period')).toBeTruthy();
  expect(screen.getByText('No charge finished in this period. Choose another period or date.')).toBeTruthy();
  expect(screen.queryByRole('group')).toBeNull();
});

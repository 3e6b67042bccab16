import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TPromotion, TPromotionReport } from '@zaryad/contracts/promotions';
import { App as AntApp } from 'antd';
import { Outlet } from 'react-router';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch } from '@/app/testing/renderRoutes';
import { toFormData, toFormValues } from '@/features/promotions/promotionForm';
import { promotionsRoutes } from '@/features/promotions/routes';
import { changeLanguage } from '@/lib/i18n';

const routes = [
  {
    element: (
      <AntApp>
        <Outlet />
      </AntApp>
    ),
    children: promotionsRoutes,
  },
];

const PROMOTION: TPromotion = {
  id: 7,
  title_ru: 'Ночная скидка',
  title_en: 'Night discount',
  title_ky: 'Түнкү арзандатуу',
  image: '/media/promotions/a.png',
  initiator: 'merchant',
  merchant: 3,
  merchant_name: 'Bishkek Park',
  stations: [11, 12],
  min_charge_amount: '500.00',
  min_charges_count: 2,
  discount_percent: null,
  discount_amount: '1500.50',
  start_date: '2026-12-01T03:00:00.000Z',
  end_date: '2026-12-31T17:59:00.000Z',
  happy_hours_start: '22:00',
  happy_hours_end: '06:00',
  status: 0,
  validity: 'current',
  created_at: '2026-11-20T00:00:00.000Z',
};

vi.setConfig({ testTimeout: 45_000 });

beforeAll(async () => {
  await import('@/features/promotions/PromotionsPage');
}, 60_000);

beforeEach(async () => {
  await changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Answers each validity tab with its own promotions, the way the server filters them. */
const stubPromotions = (byTab: Record<string, TPromotion[]>) =>
  stubFetch((url, init) => {
    if (url.pathname !== '/api/v1/ads/promotions/' || (init?.method ?? 'GET') !== 'GET') {
      return undefined;
    }
    const items = byTab[url.searchParams.get('validity') ?? ''] ?? [];
    return jsonResponse(200, { items, page: 1, pages: 1, size: 10, total: items.length });
  });

test('the validity tabs are kept in the URL and each asks for its own promotions', async () => {
  const requests = stubPromotions({ current: [PROMOTION], ended: [{ ...PROMOTION, id: 8, title_en: 'Summer' }] });
  const user = userEvent.setup();
  const { router } = renderRoutes(routes, '/promotions');
  expect(await screen.findByText('Night discount')).toBeTruthy();
  expect(screen.getByText('Bishkek Park')).toBeTruthy();
  // The initiator under the name.
  expect(screen.getByText('Night discount').closest('td')?.textContent).toBe('Night discountMerchant');
  expect(screen.getByText('1,500.50 som')).toBeTruthy();
  expect(screen.getByText('01.12.2026 09:00 – 31.12.2026 23:59')).toBeTruthy();
  expect(screen.getByText('Happy hours: 22:00–06:00')).toBeTruthy();
  expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Current', 'Upcoming', 'Ended']);

  await user.click(screen.getByRole('tab', { name: 'Ended' }));
  expect(await screen.findByText('Summer')).toBeTruthy();
  expect(router.state.location.search).toBe('?tab=ended');
  expect(
    requests
      .filter(({ url }) => url.pathname === '/api/v1/ads/promotions/')
      .map(({ url }) => url.searchParams.get('validity')),
  ).toEqual(['current', 'ended']);
});

test('an empty list shows the promotions empty state', async () => {
  stubPromotions({});
  renderRoutes(routes, '/promotions');
  expect(await screen.findByText('There are no promotions yet')).toBeTruthy();
});

test('after an edit the promotion leaves the list, with a message saying where it went', async () => {
  stubPromotions({ current: [PROMOTION, { ...PROMOTION, id: 8, title_en: 'Coffee' }] });
  const { router } = renderRoutes(routes, '/promotions');
  expect(await screen.findByText('Night discount')).toBeTruthy();
  await router.navigate('/promotions', { state: { edited: { id: 7, name: 'Night discount', tab: 'ended' } } });
  expect(await screen.findByText('«Night discount» is saved. You will find it in the «Ended» tab.')).toBeTruthy();
  await waitFor(() => {
    expect(within(screen.getByRole('table')).queryByText('Night discount')).toBeNull();
  });
  expect(within(screen.getByRole('table')).getByText('Coffee')).toBeTruthy();
});

test('the form sends the chosen kind of discount, the other one empty, and times in Bishkek', () => {
  const values = toFormValues(PROMOTION);
  expect(values.discountKind).toBe('amount');
  const body = toFormData({ ...values, image: [] });
  expect(Object.fromEntries([...body.keys()].map((key) => [key, body.getAll(key)]))).toEqual({
    title_ru: ['Ночная скидка'],
    title_en: ['Night discount'],
    title_ky: ['Түнкү арзандатуу'],
    initiator: ['merchant'],
    merchant: ['3'],
    stations: ['11', '12'],
    min_charge_amount: ['500.00'],
    min_charges_count: ['2'],
    discount_percent: [''],
    discount_amount: ['1500.50'],
    start_date: ['2026-12-01T09:00:00+06:00'],
    end_date: ['2026-12-31T23:59:00+06:00'],
    happy_hours_start: ['22:00'],
    happy_hours_end: ['06:00'],
    status: ['0'],
  });
  const percent = toFormData({ ...values, image: [], discountKind: 'percent', discount_percent: '15' });
  expect([percent.get('discount_percent'), percent.get('discount_amount')]).toEqual(['15', '']);
});

const FIGURES = { turnover: '1234567.00', discount: '123456.70', average_discount: '100.05' };
const REPORT: TPromotionReport = {
  period__from: '2026-11-01',
  period__to: '2026-11-03',
  rows: [
    {
      promotion_id: 7,
      title_ru: 'Ночная',
      title_en: 'Night discount',
      title_ky: 'Түнкү',
      charges: 1234,
      users: 1001,
      energy_kwh: '35021.610',
      ...FIGURES,
    },
  ],
  totals: { charges: 1234, users: 1001, energy_kwh: '35021.610', ...FIGURES },
  daily: [
    { day: '2026-11-01', charges: 600 },
    { day: '2026-11-02', charges: 0 },
    { day: '2026-11-03', charges: 634 },
  ],
};

const stubReport = (report: TPromotionReport) =>
  stubFetch((url) => (url.pathname === '/api/v1/ads/promotions/report/' ? jsonResponse(200, report) : undefined));

test('the report groups its figures as sums are and draws the uses per day', async () => {
  stubReport(REPORT);
  renderRoutes(routes, '/promotions-report?period__from=2026-11-01&period__to=2026-11-03');
  expect(await screen.findByText('Night discount')).toBeTruthy();
  // The row and the totals: counts and kWh grouped by thousands, a comma before the fraction (the queries read the
  // no-break spaces as spaces).
  expect(screen.getAllByText('1,234')).toHaveLength(2);
  expect(screen.getAllByText('35,021.610')).toHaveLength(2);
  expect(screen.getAllByText('1,234,567.00')).toHaveLength(2);
  // The chart (chart.js, its own chunk) is named by every day's uses; its axes, tooltip and click: PromotionsDailyChart.test.
  const chart = await screen.findByRole('img', {
    name: /^Uses per day: 2026-11-01 600, 2026-11-02 0, 2026-11-03 634$/,
  });
  expect(chart.tagName).toBe('CANVAS');
});

test('a period without a use shows the empty table and no chart', async () => {
  stubReport({
    ...REPORT,
    rows: [],
    totals: { ...REPORT.totals, charges: 0, users: 0, energy_kwh: '0.000' },
    daily: REPORT.daily.map((day) => ({ ...day, charges: 0 })),
  });
  renderRoutes(routes, '/promotions-report?period__from=2026-11-01&period__to=2026-11-03');
  expect(await screen.findByText('No promotion was used in this period')).toBeTruthy();
  expect(screen.queryByRole('img', { name: /^Uses per day/ })).toBeNull();
});

import { screen, waitFor, within } from '@testing-library/react';
import type { TAnalytics } from '@zaryad/contracts/analytics';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { signedInRoutes } from '@/app/routes/signedIn';
import { fakeMe } from '@/app/testing/fakeMe';
import { jsonResponse, renderRoutes, stubFetch } from '@/app/testing/renderRoutes';
import { changeLanguage } from '@/lib/i18n';

vi.setConfig({ testTimeout: 60_000 });

const kpi = (value: number, previous: number, change: number | null) => ({ value, previous, change });
const withActive = (value: number) => ({ ...kpi(value, value, 0), active: value });

// 08:15 of a day in progress, as the issue saw it: every figure counted to now, the day before to the same time.
const ANALYTICS: TAnalytics = {
  period: 'day',
  start: '2026-11-28',
  end: '2026-11-28',
  previous_start: '2026-11-27',
  previous_end: '2026-11-27',
  in_progress: true,
  until: '2026-11-28T08:15',
  previous_until: '2026-11-27T08:15',
  turnover: { value: '1234567.50', previous: '11090.50', change: 11031.7 },
  energy_kwh: { value: '723840.456', previous: '0.000', change: null },
  charges: kpi(201309, 205369, -2),
  failed_charges: kpi(97, 10, 870),
  new_users: kpi(32, 48, -33.3),
  promo_users: kpi(5, 4, 25),
  active_users: kpi(1500, 1400, 7.1),
  merchants: withActive(12),
  stations: withActive(1204),
  connectors: withActive(2408),
  average_check: { value: '583.71', previous: '600.00', change: -2.7 },
  average_session_seconds: kpi(2700, 2400, 12.5),
};

const serve = () =>
  stubFetch((url) => {
    if (url.pathname === '/api/v1/accounts/me/') {
      return jsonResponse(200, fakeMe());
    }
    if (url.pathname === '/api/v1/analytics/') {
      return jsonResponse(200, ANALYTICS);
    }
    if (url.pathname === '/api/v1/analytics/timeline/') {
      return jsonResponse(200, { items: [], next_before: null });
    }
    return undefined;
  });

const card = async (id: string) => screen.findByTestId(`kpi-${id}`);
const text = (element: Element) => element.textContent ?? '';

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

test.each([
  [
    'en' as const,
    {
      turnover: '1,234,567.50\u00a0som',
      energy: '723,840.5\u00a0kWh',
      charges: '201,309',
      change: '+11,031.7%',
      caption: 'Today: 28.11.2026 until 08:15 · compared with yesterday: 27.11.2026 until 08:15',
    },
  ],
  [
    'ru' as const,
    {
      turnover: '1\u202f234\u202f567,50\u00a0сом',
      energy: '723\u202f840,5\u00a0кВт·ч',
      charges: '201\u202f309',
      change: '+11\u202f031,7\u00a0%',
      caption: 'Сегодня: 28.11.2026 до 08:15 · в сравнении со вчерашним днём: 27.11.2026 до 08:15',
    },
  ],
  [
    'ky' as const,
    {
      turnover: '1\u202f234\u202f567,50\u00a0сом',
      energy: '723\u202f840,5\u00a0кВт·саат',
      charges: '201\u202f309',
      change: '+11\u202f031,7\u00a0%',
      caption: 'Бүгүн: 28.11.2026, саат 08:15 чейин · салыштыруу үчүн кечээ: 27.11.2026, саат 08:15 чейин',
    },
  ],
])('the dashboard writes its figures in %s and says what it compares', async (language, expected) => {
  await changeLanguage(language);
  serve();
  renderRoutes(signedInRoutes, '/');
  const turnover = await card('turnover');
  // Issue 31: kWh to three decimals, the unit wrapped to a line of its own, Russian separators in English.
  await waitFor(() => {
    expect(text(turnover)).toContain(expected.turnover);
  });
  expect(text(await card('energy'))).toContain(expected.energy);
  expect(text(await card('charges'))).toContain(expected.charges);
  expect(text(within(turnover).getByTestId('kpi-change'))).toContain(expected.change);
  expect(screen.getByTestId('period-range').textContent).toBe(expected.caption);
});

test('the colour of a change says good or bad for its figure: more failed charges is bad', async () => {
  serve();
  renderRoutes(signedInRoutes, '/');
  const tone = async (id: string) => within(await card(id)).getByTestId('kpi-change').dataset['tone'];
  await waitFor(async () => {
    expect(await tone('failed-charges')).toBe('bad');
  });
  expect(await tone('turnover')).toBe('good');
  expect(await tone('charges')).toBe('bad');
  // A rise from nothing is up, and good for energy.
  expect(await tone('energy')).toBe('good');
  expect(await tone('average-session')).toBe('neutral');
  expect(await tone('average-check')).toBe('bad');
});

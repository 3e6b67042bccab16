import { screen, waitFor, within } from '@testing-library/react';
import type { TPermission } from '@zaryad/contracts';
import type { TStationUptime, TUptimeReport } from '@zaryad/contracts/uptime';
import { Suspense } from 'react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { signedInRoutes } from '@/app/routes/signedIn';
import { fakeMe } from '@/app/testing/fakeMe';
import { jsonResponse, renderRoutes, stubFetch } from '@/app/testing/renderRoutes';
import { StationUptimePanel } from '@/features/uptime';
import { changeLanguage } from '@/lib/i18n';

vi.setConfig({ testTimeout: 60_000 });

const HOUR = 3600;
const zero = { available: 0, charging: 0, occupied: 0, faulted: 0, unavailable: 0, maintenance: 0, offline: 0, unknown: 0 };

const REPORT: TUptimeReport = {
  merchant: null,
  from: '2026-03-01',
  to: '2026-03-02',
  rows: [
    {
      station_id: 7,
      station_name: 'Alamedin',
      merchant: { id: 3, name: 'Uptime Energy' },
      connectors: 2,
      uptime_percent: 81.25,
      seconds: { ...zero, available: 72 * HOUR, charging: 6 * HOUR, faulted: 6 * HOUR, offline: 12 * HOUR },
    },
    {
      station_id: 8,
      station_name: 'Quiet',
      merchant: { id: 3, name: 'Uptime Energy' },
      connectors: 1,
      uptime_percent: null,
      seconds: { ...zero, unknown: 48 * HOUR },
    },
  ],
  total: { uptime_percent: 81.25, seconds: { ...zero, available: 72 * HOUR, charging: 6 * HOUR, faulted: 6 * HOUR, offline: 12 * HOUR, unknown: 48 * HOUR } },
};

const day = (period: string, uptime_percent: number | null) => ({ period, uptime_percent, seconds: { ...zero, available: 24 * HOUR } });

const STATION: TStationUptime = {
  station: { id: 7, name: 'Alamedin' },
  from: '2026-03-01',
  to: '2026-03-02',
  granularity: 'day',
  total: { uptime_percent: 81.25, seconds: { ...zero, available: 78 * HOUR, offline: 18 * HOUR } },
  periods: [day('2026-03-01', 100), day('2026-03-02', 75)],
  connectors: [
    {
      connector_id: 1,
      typo: 'type2',
      total: { uptime_percent: 75, seconds: { ...zero, available: 36 * HOUR, offline: 12 * HOUR } },
      periods: [day('2026-03-01', 100), day('2026-03-02', null)],
    },
  ],
};

const serve = (permissions?: readonly TPermission[]) =>
  stubFetch((url) => {
    if (url.pathname === '/api/v1/accounts/me/') {
      return jsonResponse(200, fakeMe(permissions ? { permissions } : {}));
    }
    if (url.pathname === '/api/v1/uptime/') {
      return jsonResponse(200, REPORT);
    }
    if (url.pathname === '/api/v1/uptime/stations/7/') {
      return jsonResponse(200, STATION);
    }
    return undefined;
  });

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

test('the report lists each station with its uptime and hours by state, the network total, and the downloads', async () => {
  const requests = serve();
  renderRoutes(signedInRoutes, '/uptime?from=2026-03-01&to=2026-03-02');
  const table = await screen.findByRole('table', { name: 'Uptime' });
  await within(table).findByText('Alamedin');
  expect(within(table).getByText('81.25%')).toBeTruthy();
  expect(within(table).getByText('No data')).toBeTruthy();
  expect(within(table).getAllByText('Uptime Energy', { selector: 'td' })).toHaveLength(2);
  expect(within(screen.getByTestId('uptime-total')).getByText('Network total')).toBeTruthy();
  expect(screen.getByRole('button', { name: /Download XLSX/ })).toBeTruthy();
  const asked = requests.find((request) => request.url.pathname === '/api/v1/uptime/');
  expect(asked?.url.searchParams.get('from')).toBe('2026-03-01');
  expect(asked?.url.searchParams.has('merchant_id')).toBe(false);
});

test('in Russian, without merchants.export, the report has no download', async () => {
  await changeLanguage('ru');
  serve(['merchants.view', 'stations.view']);
  renderRoutes(signedInRoutes, '/uptime?from=2026-03-01&to=2026-03-02&merchant=3');
  const table = await screen.findByRole('table', { name: 'Время работы' });
  await within(table).findByText('Alamedin');
  expect(within(table).getByText('81,25 %')).toBeTruthy();
  expect(screen.queryByRole('button', { name: /Скачать/ })).toBeNull();
});

test('the station panel shows each connector: its uptime, a bar a day, and its shares', async () => {
  serve();
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <Suspense fallback={null}>
            <StationUptimePanel stationId={7} />
          </Suspense>
        ),
      },
    ],
    '/',
  );
  const panel = await screen.findByTestId('station-uptime');
  await within(panel).findByText('Connector 1');
  await waitFor(() => {
    expect(within(panel).getAllByText('81.25%').length).toBeGreaterThan(0);
  });
  const days = within(panel).getByRole('list', { name: 'Uptime of connector 1 by day' });
  expect(within(days).getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual([
    '01.03: 100%',
    '02.03: No data',
  ]);
  expect(within(panel).getByRole('img', { name: 'Available 75%, Offline 25%' })).toBeTruthy();
});

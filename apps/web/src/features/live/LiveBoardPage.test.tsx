import { screen, waitFor, within } from '@testing-library/react';
import type { TLiveDelta, TLiveSnapshot } from '@zaryad/contracts';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch } from '@/app/testing/renderRoutes';
import { PermissionsProvider } from '@/components/permissions/permissions';
import { LiveBoardPage, textsReady } from '@/features/live/LiveBoardPage';
import { changeLanguage } from '@/lib/i18n';

const snapshot: TLiveSnapshot = {
  at: '2026-11-29T05:00:00.000Z',
  counts: { charging: 0, available: 2, offline: 5, faulted: 1 },
  merchants: [{ id: 3, name: 'Merchant' }],
  stations: [
    [1, 'Ала-Тоо', 3, 42.87, 74.57, 'available'],
    [2, 'Station 2', 3, 42.88, 74.58, 'available'],
  ],
  charges: [],
  charges_total: 0,
  incidents: [
    {
      id: 8,
      rule: 'connector_faulted',
      severity: 'critical',
      status: 'open',
      station: { id: 2, name: 'Station 2' },
      connector_id: 1,
      charge_id: null,
      first_seen_at: '2026-11-29T04:00:00.000Z',
      last_seen_at: '2026-11-29T04:10:00.000Z',
      count: 3,
    },
  ],
  incidents_total: 1,
};

/** An event stream the test writes deltas into; it stays open. */
const eventStream = () => {
  let push: (text: string) => void = () => undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (text) => controller.enqueue(new TextEncoder().encode(text));
    },
  });
  return { body, send: (delta: TLiveDelta) => push(`data: ${JSON.stringify(delta)}\n\n`) };
};

beforeEach(async () => {
  await changeLanguage('en');
  await textsReady;
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const counter = (state: string) =>
  within(screen.getByTestId(`live-counter-${state}`)).getByTestId('live-counter-value');

test('shows the snapshot, then applies the events to it without reading it again', async () => {
  const stream = eventStream();
  const requests = stubFetch((url) => {
    if (url.pathname === '/api/v1/live/') {
      return jsonResponse(200, snapshot);
    }
    if (url.pathname === '/api/v1/live/events/') {
      return new Response(stream.body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    }
    return undefined;
  });
  renderRoutes(
    [
      {
        path: '/live',
        element: (
          <PermissionsProvider permissions={['alerts.view', 'stations.view', 'users.view']}>
            <LiveBoardPage />
          </PermissionsProvider>
        ),
      },
    ],
    '/live',
  );

  await waitFor(() => expect(counter('offline').textContent).toBe('5'));
  expect(counter('available').textContent).toBe('2');
  expect(counter('faulted').textContent).toBe('1');
  expect(screen.getByText('Nobody is charging now')).toBeTruthy();
  const incidents = screen.getByTestId('live-incidents');
  expect(within(incidents).getByRole('link', { name: 'Connector faulted' }).getAttribute('href')).toBe('/incidents/8');
  expect(within(incidents).getByText('×3')).toBeTruthy();
  expect(screen.getByText('Updating live')).toBeTruthy();
  const events = requests.find((request) => request.url.pathname === '/api/v1/live/events/');
  expect(new Headers(events?.init?.headers).get('accept')).toBe('text/event-stream');

  stream.send({
    at: '2026-11-29T05:00:01.000Z',
    stations: [
      {
        id: 1,
        state: 'charging',
        charges: [
          {
            id: 41,
            station: { id: 1, name: 'Ала-Тоо' },
            connector: { id: 1, name: 'CCS2 · 60 kW', ocpp_16_id: 1 },
            user: { id: 7, name: 'Бакыт Асанов', personal_account: '100007' },
            started_at: '2026-11-29T04:59:00.000Z',
            consumption_kwh: '5.000',
            power_w: 11_000,
            cost: { amount: '100.00', discount: '0.00', total_cost: '100.00', meter_at: '2026-11-29T05:00:00.000Z' },
          },
        ],
      },
    ],
    incidents: [{ id: 8, open: false, incident: null }],
  });
  await waitFor(() => expect(counter('charging').textContent).toBe('1'));
  expect(counter('available').textContent).toBe('1');
  const table = screen.getByTestId('live-charges');
  expect(within(table).getByRole('link', { name: 'Ала-Тоо' }).getAttribute('href')).toBe('/merchant/3/station-info/1');
  expect(within(table).getByRole('link', { name: 'Бакыт Асанов' }).getAttribute('href')).toBe('/user/7');
  expect(within(table).getByTestId('live-charge-energy').textContent?.replace(/\s/g, ' ')).toBe('5.000 kWh');
  expect(within(table).getByText(/^11\skW$/)).toBeTruthy();
  expect(within(table).getByTestId('live-charge-cost').textContent?.replace(/\s/g, ' ')).toBe('100.00 som');
  expect(screen.getByText('No open incidents')).toBeTruthy();
  // One snapshot read: the event was applied to it.
  expect(requests.filter((request) => request.url.pathname === '/api/v1/live/')).toHaveLength(1);
});

test('says so when the board cannot be loaded', async () => {
  stubFetch((url) => (url.pathname === '/api/v1/live/events/' ? jsonResponse(500, { detail: 'down' }) : undefined));
  renderRoutes(
    [
      {
        path: '/live',
        element: (
          <PermissionsProvider permissions={['alerts.view']}>
            <LiveBoardPage />
          </PermissionsProvider>
        ),
      },
    ],
    '/live',
  );
  expect(await screen.findByText('The live board could not be loaded. It will try again by itself.')).toBeTruthy();
});

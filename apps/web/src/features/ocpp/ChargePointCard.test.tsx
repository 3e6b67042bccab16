import { screen, waitFor } from '@testing-library/react';
import type { TChargePointState } from '@zaryad/contracts/ocpp';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { PermissionsProvider } from '@/components/permissions/permissions';
import { jsonResponse, renderRoutes, stubFetch } from '@/app/testing/renderRoutes';
import { ChargePointCard } from '@/features/ocpp/ChargePointCard';
import { changeLanguage } from '@/lib/i18n';

const stateWith = (status: string): TChargePointState => ({
  station_id: 5,
  online: true,
  connected: true,
  last_heartbeat: '2026-11-24T06:00:00.000Z',
  heartbeat_interval: 300,
  vendor: 'Zaryad',
  model: 'ZR-60',
  serial_number: 'SN-1',
  firmware_version: '1.4.2',
  connectors: [
    {
      connector_id: 0,
      status: 'Available',
      error_code: 'NoError',
      info: null,
      power_w: null,
      meter_wh: null,
      reported_at: '2026-11-24T06:00:00.000Z',
    },
    {
      connector_id: 1,
      status,
      error_code: 'NoError',
      info: null,
      power_w: null,
      meter_wh: null,
      reported_at: '2026-11-24T06:00:00.000Z',
    },
  ],
});

/** An event stream that sends one event when `send` is called and then stays open. */
const eventStream = () => {
  let push: (text: string) => void = () => undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (text) => controller.enqueue(new TextEncoder().encode(text));
    },
  });
  return { body, send: (stationId: number) => push(`data: {"station_id":${stationId}}\n\n`) };
};

beforeEach(async () => {
  await changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

test('shows the charge point live: an event from the server reloads its state without a reload of the page', async () => {
  let status = 'Available';
  const stream = eventStream();
  const requests = stubFetch((url) => {
    if (url.pathname === '/api/v1/ocpp/stations/' && url.searchParams.get('ids') === '5') {
      return jsonResponse(200, { items: [stateWith(status)] });
    }
    if (url.pathname === '/api/v1/ocpp/stations/5/commands/') {
      return jsonResponse(200, { items: [], page: 1, pages: 1, size: 10, total: 0 });
    }
    if (url.pathname === '/api/v1/ocpp/events/') {
      return new Response(stream.body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    }
    return undefined;
  });
  // A role that only reads stations: the panel's actions are left out (ChargePointActions.test.tsx shows them).
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <PermissionsProvider permissions={['stations.view']}>
            <ChargePointCard stationId={5} />
          </PermissionsProvider>
        ),
      },
    ],
    '/',
  );

  expect(await screen.findByText('Connector 1: Available')).toBeTruthy();
  expect(screen.getByText('Station: Available')).toBeTruthy();
  expect(screen.getByText('Online')).toBeTruthy();
  expect(screen.getByText('ZR-60')).toBeTruthy();
  expect(screen.getByText('No commands yet')).toBeTruthy();
  expect(screen.queryByTestId('charge-point-actions')).toBeNull();
  await waitFor(() => expect(requests.some((request) => request.url.pathname === '/api/v1/ocpp/events/')).toBe(true));
  const events = requests.find((request) => request.url.pathname === '/api/v1/ocpp/events/');
  expect(new Headers(events?.init?.headers).get('accept')).toBe('text/event-stream');

  status = 'Charging';
  stream.send(5);
  expect(await screen.findByText('Connector 1: Charging')).toBeTruthy();
});

test('a change told before the event stream opened is not lost: the state is read again once it listens', async () => {
  let status = 'Available';
  const stream = eventStream();
  let openStream: () => void = () => undefined;
  const streamAnswered = new Promise<Response>((resolve) => {
    openStream = () => {
      resolve(new Response(stream.body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } }));
    };
  });
  stubFetch((url) => {
    if (url.pathname === '/api/v1/ocpp/stations/' && url.searchParams.get('ids') === '5') {
      return jsonResponse(200, { items: [stateWith(status)] });
    }
    if (url.pathname === '/api/v1/ocpp/stations/5/commands/') {
      return jsonResponse(200, { items: [], page: 1, pages: 1, size: 10, total: 0 });
    }
    if (url.pathname === '/api/v1/ocpp/events/') {
      return streamAnswered;
    }
    return undefined;
  });
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <PermissionsProvider permissions={['stations.view']}>
            <ChargePointCard stationId={5} />
          </PermissionsProvider>
        ),
      },
    ],
    '/',
  );
  expect(await screen.findByText('Connector 1: Available')).toBeTruthy();
  // The car plugged in after the first read, while the stream was still connecting: its event went to nobody.
  status = 'Charging';
  openStream();
  expect(await screen.findByText('Connector 1: Charging')).toBeTruthy();
});

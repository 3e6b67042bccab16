import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TStationPowerLimit } from '@zaryad/contracts/ocpp-smart';
import { App } from 'antd';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch } from '@/app/testing/renderRoutes';
import { SmartChargingSection } from '@/features/ocpp/SmartChargingSection';
import { changeLanguage } from '@/lib/i18n';

// jsdom draws no canvas: the chart stands in as its accessible name.
vi.mock('react-chartjs-2', () => ({
  Line: (props: { 'aria-label'?: string }) => <div role="img" aria-label={props['aria-label']} />,
}));

const kept: TStationPowerLimit = {
  station_id: 5,
  limit_kw: 22,
  windows: [],
  updated_at: '2026-11-24T06:00:00.000Z',
  account: 'Admin Anna',
  site_limit_kw: 7,
  commands: [],
};

const state = {
  station_id: 5,
  online: true,
  connected: true,
  last_heartbeat: null,
  heartbeat_interval: 300,
  vendor: null,
  model: null,
  serial_number: null,
  firmware_version: null,
  connectors: [
    {
      connector_id: 1,
      status: 'Available',
      error_code: 'NoError',
      info: null,
      power_w: null,
      meter_wh: null,
      reported_at: '2026-11-24T06:00:00.000Z',
    },
  ],
};

beforeEach(async () => {
  await changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const render = (canManage = true) =>
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <App>
            <SmartChargingSection stationId={5} canManage={canManage} />
          </App>
        ),
      },
    ],
    '/',
  );

test(
  'shows the limit kept, saves one with a time window after a confirmation, and shows the charge point’s answer',
  { timeout: 60_000 },
  async () => {
    const requests = stubFetch((url, init) => {
      if (url.pathname === '/api/v1/ocpp/stations/5/power-limit/' && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as { limit_kw: number; windows: TStationPowerLimit['windows'] };
        return jsonResponse(200, {
          ...kept,
          ...body,
          commands: [
            { station_id: 5, action: 'SetChargingProfile', status: 'accepted', response: { status: 'Accepted' } },
          ],
        });
      }
      if (url.pathname === '/api/v1/ocpp/stations/5/power-limit/') {
        return jsonResponse(200, kept);
      }
      if (url.pathname === '/api/v1/ocpp/stations/' && url.searchParams.get('ids') === '5') {
        return jsonResponse(200, { items: [state] });
      }
      return undefined;
    });
    const user = userEvent.setup();
    render();
    expect(await screen.findByText('Site limit now: 7 kW')).toBeTruthy();
    const limit = screen.getByLabelText('Limit, kW');
    await waitFor(() => expect((limit as HTMLInputElement).value).toBe('22.0'));
    fireEvent.change(limit, { target: { value: '11' } });
    await user.click(screen.getByRole('button', { name: 'Add a window' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '18:00' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '22:00' } });
    fireEvent.change(screen.getAllByLabelText('Limit, kW')[1]!, { target: { value: '7.4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the limit' }));
    expect(await screen.findByText('Send this limit to the charge point?')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Save the limit' }).at(-1)!);
    const answer = await screen.findByTestId('power-limit-answer');
    expect(answer.textContent).toBe('SetChargingProfile: Accepted');
    const put = requests.find((request) => request.init?.method === 'PUT');
    expect(JSON.parse(String(put?.init?.body))).toEqual({
      limit_kw: 11,
      windows: [{ from: '18:00', to: '22:00', limit_kw: 7.4 }],
    });
  },
);

test('puts the server’s translated message on the field', { timeout: 60_000 }, async () => {
  stubFetch((url, init) => {
    if (url.pathname === '/api/v1/ocpp/stations/5/power-limit/' && init?.method === 'PUT') {
      return jsonResponse(400, { limit_kw: ['The limit is given in steps of 0.1 kW'] });
    }
    if (url.pathname === '/api/v1/ocpp/stations/5/power-limit/') {
      return jsonResponse(200, { ...kept, limit_kw: null, updated_at: null, account: null, site_limit_kw: null });
    }
    if (url.pathname === '/api/v1/ocpp/stations/' && url.searchParams.get('ids') === '5') {
      return jsonResponse(200, { items: [state] });
    }
    return undefined;
  });
  render();
  expect(await screen.findByText('No limit set')).toBeTruthy();
  // A first limit: typed, then the field left (as a click on the button does).
  const limit = screen.getByLabelText('Limit, kW');
  fireEvent.focus(limit);
  fireEvent.change(limit, { target: { value: '5' } });
  fireEvent.blur(limit);
  fireEvent.click(screen.getByRole('button', { name: 'Save the limit' }));
  expect(await screen.findByText('Send this limit to the charge point?')).toBeTruthy();
  fireEvent.click(screen.getAllByRole('button', { name: 'Save the limit' }).at(-1)!);
  expect(
    (await screen.findAllByText('The limit is given in steps of 0.1 kW', {}, { timeout: 10_000 })).length,
  ).toBeGreaterThan(0);
});

test(
  'asks for the composite schedule and draws it; a role without the permission sees the limit only',
  { timeout: 60_000 },
  async () => {
    const requests = stubFetch((url, init) => {
      if (url.pathname === '/api/v1/ocpp/stations/5/commands/' && init?.method === 'POST') {
        return jsonResponse(200, {
          status: 'accepted',
          reboot_required: false,
          detail: 'Accepted',
          response: {
            status: 'Accepted',
            connectorId: 0,
            scheduleStart: '2026-11-24T06:00:00.000Z',
            chargingSchedule: {
              duration: 86_400,
              startSchedule: '2026-11-24T06:00:00.000Z',
              chargingRateUnit: 'W',
              chargingSchedulePeriod: [
                { startPeriod: 0, limit: 22_000 },
                { startPeriod: 3_600, limit: 7_400 },
              ],
            },
          },
        });
      }
      if (url.pathname === '/api/v1/ocpp/stations/5/power-limit/') {
        return jsonResponse(200, kept);
      }
      if (url.pathname === '/api/v1/ocpp/stations/' && url.searchParams.get('ids') === '5') {
        return jsonResponse(200, { items: [state] });
      }
      return undefined;
    });
    const user = userEvent.setup();
    const { unmount } = render();
    await user.click(await screen.findByRole('button', { name: 'Show the schedule' }));
    const chart = await screen.findByRole('img', { name: /Power limit over the next 24 h/ });
    expect(chart.getAttribute('aria-label')).toBe('Power limit over the next 24 h: 12:00 22, 13:00 7.4');
    const post = requests.find((request) => request.init?.method === 'POST');
    expect(JSON.parse(String(post?.init?.body))).toEqual({
      action: 'GetCompositeSchedule',
      payload: { connectorId: 0, duration: 86_400, chargingRateUnit: 'W' },
    });
    unmount();

    render(false);
    expect(await screen.findByText('Station power limit')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save the limit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Show the schedule' })).toBeNull();
  },
);

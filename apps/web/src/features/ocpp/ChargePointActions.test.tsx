import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TPermission } from '@zaryad/contracts';
import type { TChargePointState } from '@zaryad/contracts/ocpp';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch, type TFakeRoute } from '@/app/testing/renderRoutes';
import { PermissionsProvider } from '@/components/permissions/permissions';
import { ChargePointActions } from '@/features/ocpp/ChargePointActions';
import { changeLanguage } from '@/lib/i18n';

const STATE: TChargePointState = {
  station_id: 5,
  online: true,
  connected: true,
  last_heartbeat: '2026-11-24T06:00:00.000Z',
  heartbeat_interval: 300,
  vendor: 'Zaryad',
  model: 'ZR-60',
  serial_number: 'SN-1',
  firmware_version: '1.4.2',
  connectors: [1, 2].map((id) => ({
    connector_id: id,
    status: 'Available',
    error_code: 'NoError',
    info: null,
    power_w: null,
    meter_wh: null,
    reported_at: '2026-11-24T06:00:00.000Z',
  })),
};

const EMPTY_PAGE = { items: [], page: 1, pages: 1, size: 10, total: 0 };

/** The reads every section makes, and the command call answered by `command`. */
const serve =
  (command: (body: { action: string; payload: Record<string, unknown> }) => unknown): TFakeRoute =>
  (url, init) => {
    if (url.pathname === '/api/v1/ocpp/stations/' && url.searchParams.get('ids') === '5') {
      return jsonResponse(200, { items: [STATE] });
    }
    if (url.pathname === '/api/v1/ocpp/stations/5/commands/' && init?.method === 'POST') {
      return jsonResponse(200, command(JSON.parse(String(init.body)) as never));
    }
    if (url.pathname === '/api/v1/users/transactions/') {
      return jsonResponse(200, EMPTY_PAGE);
    }
    return undefined;
  };

const renderPanel = (permissions: TPermission[]) =>
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <PermissionsProvider permissions={permissions}>
            <p>station info</p>
            <ChargePointActions stationId={5} />
          </PermissionsProvider>
        ),
      },
    ],
    '/',
  );

/** The confirmation just opened (antd's popover; an earlier one may still be fading out before it). */
const confirmation = async () => {
  const open = () => [...document.querySelectorAll<HTMLElement>('.ant-popover:not(.ant-popover-hidden)')].at(-1);
  await waitFor(() => expect(open()).toBeTruthy());
  return within(open()!);
};

beforeEach(async () => {
  await changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

test('the actions follow the role: none without a charge point permission, the older set with stations.reset, every profile with stations.manage_charge_point', async () => {
  stubFetch(serve(() => ({ status: 'accepted', reboot_required: false, detail: '', response: {} })));
  const view = renderPanel(['stations.view']);
  expect(await screen.findByText('station info')).toBeTruthy();
  expect(screen.queryByTestId('charge-point-actions')).toBeNull();
  view.unmount();

  const reset = renderPanel(['stations.view', 'stations.reset']);
  expect(await screen.findByTestId('cp-unlock')).toBeTruthy();
  // Reset is the station header's buttons (StationInfoPage), not a second time here.
  expect(screen.queryByTestId('cp-reset')).toBeNull();
  expect(screen.getByRole('tab', { name: 'Configuration' })).toBeTruthy();
  expect(screen.queryByTestId('cp-remote-start')).toBeNull();
  expect(screen.queryByTestId('cp-clear-cache')).toBeNull();
  expect(screen.queryByRole('tab', { name: 'Firmware and diagnostics' })).toBeNull();
  expect(screen.queryByRole('tab', { name: 'Reservations' })).toBeNull();
  reset.unmount();

  renderPanel(['stations.view', 'stations.manage_charge_point', 'charges.view', 'charges.stop']);
  expect(await screen.findByTestId('cp-remote-start')).toBeTruthy();
  expect(screen.getByTestId('cp-remote-stop')).toBeTruthy();
  expect(screen.getByTestId('cp-data-transfer')).toBeTruthy();
  for (const tab of ['Commands', 'Configuration', 'Firmware and diagnostics', 'Local list', 'Reservations']) {
    expect(screen.getByRole('tab', { name: tab })).toBeTruthy();
  }
}, 30_000);

test('a command is sent only once confirmed, and the charge point’s answer shows with its payload', async () => {
  const user = userEvent.setup();
  const sent: unknown[] = [];
  const requests = stubFetch(
    serve((body) => {
      sent.push(body);
      return {
        status: 'rejected',
        reboot_required: false,
        detail: 'The charge point rejected the command',
        response: { status: 'Rejected', data: 'vendor says no' },
      };
    }),
  );
  renderPanel(['stations.view', 'stations.manage_charge_point']);
  const card = await screen.findByTestId('cp-data-transfer');
  await user.type(within(card).getByLabelText('Vendor id'), 'com.zaryad');
  await user.type(within(card).getByLabelText('Data'), 'ping');
  await user.click(within(card).getByRole('button', { name: 'Send data' }));

  const dialog = await confirmation();
  expect(dialog.getByText('Send this data to the charge point?')).toBeTruthy();
  expect(sent).toEqual([]);
  await user.click(dialog.getByRole('button', { name: 'Send data' }));

  const answer = await within(card).findByTestId('command-answer');
  expect(sent).toEqual([{ action: 'DataTransfer', payload: { vendorId: 'com.zaryad', data: 'ping' } }]);
  expect(answer.getAttribute('data-status')).toBe('rejected');
  expect(within(answer).getByText('Rejected')).toBeTruthy();
  expect(within(answer).getByText('The charge point rejected the command')).toBeTruthy();
  expect(within(answer).getByLabelText('The charge point’s answer').textContent).toContain('vendor says no');
  expect(requests.filter((request) => request.init?.method === 'POST')).toHaveLength(1);
}, 30_000);

test('a cancelled confirmation sends nothing; a remote start names the driver by id tag', async () => {
  const user = userEvent.setup();
  const sent: unknown[] = [];
  stubFetch(
    serve((body) => {
      sent.push(body);
      return { status: 'accepted', reboot_required: false, detail: 'Accepted', response: { status: 'Accepted' } };
    }),
  );
  renderPanel(['stations.view', 'stations.manage_charge_point']);
  const card = await screen.findByTestId('cp-remote-start');
  await user.click(within(card).getByText('By id tag'));
  await user.type(await within(card).findByLabelText('Id tag (RFID card or app token)'), 'RFID-77');
  await user.click(within(card).getByRole('button', { name: 'Start the charge' }));
  await user.click((await confirmation()).getByRole('button', { name: 'Cancel' }));
  expect(sent).toEqual([]);

  await user.click(within(card).getByRole('button', { name: 'Start the charge' }));
  await user.click((await confirmation()).getByRole('button', { name: 'Start the charge' }));
  const answer = await within(card).findByTestId('command-answer');
  expect(answer.getAttribute('data-status')).toBe('accepted');
  expect(sent).toEqual([{ action: 'RemoteStartTransaction', payload: { connectorId: 1, idTag: 'RFID-77' } }]);
}, 30_000);

test('the configuration is a table: read-only keys shown as such, a change answered RebootRequired flagged', async () => {
  const user = userEvent.setup();
  const sent: Array<{ action: string; payload: Record<string, unknown> }> = [];
  stubFetch(
    serve((body) => {
      sent.push(body);
      return body.action === 'GetConfiguration'
        ? {
            status: 'accepted',
            reboot_required: false,
            detail: 'Accepted',
            response: {
              configurationKey: [
                { key: 'HeartbeatInterval', readonly: false, value: '300' },
                { key: 'NumberOfConnectors', readonly: true, value: '2' },
              ],
              unknownKey: [],
            },
          }
        : { status: 'accepted', reboot_required: true, detail: 'Accepted; applies after a reboot', response: {} };
    }),
  );
  renderPanel(['stations.view', 'stations.manage_charge_point']);
  await user.click(await screen.findByRole('tab', { name: 'Configuration' }));
  await user.click(await screen.findByRole('button', { name: 'Read the configuration' }));
  await user.click((await confirmation()).getByRole('button', { name: 'Read the configuration' }));

  const row = (await screen.findByText('NumberOfConnectors')).closest('tr')!;
  expect(within(row).getByText('Read-only')).toBeTruthy();
  expect(within(row).queryByRole('textbox')).toBeNull();
  const editable = screen.getByText('HeartbeatInterval').closest('tr')!;
  const value = within(editable).getByLabelText('Value of HeartbeatInterval');
  await user.clear(value);
  await user.type(value, '60');
  await user.click(within(editable).getByRole('button', { name: 'Change' }));
  await user.click((await confirmation()).getByRole('button', { name: 'Change' }));
  expect(await within(editable).findByText('Reboot required')).toBeTruthy();
  expect(sent.at(-1)).toEqual({ action: 'ChangeConfiguration', payload: { key: 'HeartbeatInterval', value: '60' } });
}, 30_000);

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TPermission } from '@zaryad/contracts';
import type { TBulkCommandBody, TBulkCommandItem } from '@zaryad/contracts/ocpp';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch } from '@/app/testing/renderRoutes';
import { PermissionsProvider } from '@/components/permissions/permissions';
import { BulkChargePointActions } from '@/features/ocpp/BulkChargePointActions';
import { changeLanguage } from '@/lib/i18n';

const STATIONS = [
  { id: 1, name: 'Ala-Too' },
  { id: 2, name: 'Osh Bazaar' },
];

const item = (stationId: number, result: TBulkCommandItem['result'], detail: string): TBulkCommandItem => ({
  station_id: stationId,
  name: STATIONS.find((station) => station.id === stationId)?.name ?? null,
  result,
  status: result === 'offline' ? 'not_connected' : result === 'error' ? 'failed' : result,
  reboot_required: false,
  detail,
  response: null,
});

const renderActions = (permissions: TPermission[], answer: (body: TBulkCommandBody) => TBulkCommandItem[]) => {
  const bodies: TBulkCommandBody[] = [];
  stubFetch((url, init) => {
    if (url.pathname === '/api/v1/ocpp/commands/bulk/' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as TBulkCommandBody;
      bodies.push(body);
      return jsonResponse(200, { items: answer(body) });
    }
    return undefined;
  });
  const view = renderRoutes(
    [
      {
        path: '/',
        element: (
          <PermissionsProvider permissions={permissions}>
            <p>stations</p>
            <BulkChargePointActions selected={STATIONS} />
          </PermissionsProvider>
        ),
      },
    ],
    '/',
  );
  return { bodies, view };
};

beforeEach(async () => {
  await changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

test('selection → confirmation naming the action and the count → each station’s result → retry of the failed ones', async () => {
  let calls = 0;
  const { bodies } = renderActions(['stations.view', 'stations.reset', 'stations.manage_charge_point'], (body) => {
    calls += 1;
    return calls === 1
      ? [
          item(1, 'accepted', 'The charge point accepted the command'),
          item(2, 'offline', 'The charge point is not connected'),
        ]
      : body.station_ids.map((id) => item(id, 'accepted', 'The charge point accepted the command'));
  });
  await userEvent.click(await screen.findByRole('button', { name: /Charge points \(2\)/ }));
  await userEvent.click(await screen.findByText('Restart'));
  const confirm = await screen.findByTestId('bulk-confirm');
  expect(confirm.textContent).toBe('“Restart” goes to the charge points of the selected stations (2). Send it?');
  expect(bodies).toEqual([]);
  await userEvent.click(screen.getByLabelText('Hard restart'));
  await userEvent.click(screen.getByTestId('bulk-send'));
  const results = await screen.findByTestId('bulk-results');
  expect(bodies).toEqual([{ station_ids: [1, 2], action: 'Reset', payload: { type: 'Hard' } }]);
  expect(within(results).getByText('Ala-Too')).toBeTruthy();
  expect(within(results).getByText('Osh Bazaar')).toBeTruthy();
  expect(screen.getByTestId('bulk-result-1').textContent).toBe('Accepted');
  expect(screen.getByTestId('bulk-result-2').textContent).toBe('Offline');
  expect(within(results).getByText('The charge point is not connected')).toBeTruthy();
  expect(screen.getByTestId('bulk-summary').textContent).toBe('Accepted: 1 of 2');

  await userEvent.click(screen.getByRole('button', { name: 'Retry the failed ones (1)' }));
  await waitFor(() => expect(screen.getByTestId('bulk-result-2').textContent).toBe('Accepted'));
  expect(bodies[1]).toEqual({ station_ids: [2], action: 'Reset', payload: { type: 'Hard' } });
  expect(screen.getByTestId('bulk-summary').textContent).toBe('Accepted: 2 of 2');
  expect(screen.queryByRole('button', { name: /Retry the failed ones/ })).toBeNull();
});

test('the actions follow the role: none without a charge point permission; Reset and configuration with stations.reset', async () => {
  const none = renderActions(['stations.view'], () => []);
  expect(await screen.findByText('stations')).toBeTruthy();
  expect(screen.queryByTestId('bulk-charge-points')).toBeNull();
  none.view.unmount();

  await changeLanguage('ru');
  renderActions(['stations.view', 'stations.reset'], () => []);
  await userEvent.click(await screen.findByRole('button', { name: /Зарядные станции \(2\)/ }));
  expect(await screen.findByText('Перезагрузка')).toBeTruthy();
  expect(screen.getByText('Изменить конфигурацию')).toBeTruthy();
  expect(screen.queryByText('Обновить прошивку')).toBeNull();
});

test('ChangeConfiguration sends the key and value typed', async () => {
  const { bodies } = renderActions(['stations.view', 'stations.manage_charge_point'], (body) =>
    body.station_ids.map((id) => item(id, 'rejected', 'The charge point rejected the command')),
  );
  await userEvent.click(await screen.findByRole('button', { name: /Charge points \(2\)/ }));
  await userEvent.click(await screen.findByText('Change configuration'));
  await userEvent.type(await screen.findByLabelText('Configuration key'), 'HeartbeatInterval');
  await userEvent.type(screen.getByLabelText('Value'), '120');
  await userEvent.click(screen.getByTestId('bulk-send'));
  expect(await screen.findByTestId('bulk-results')).toBeTruthy();
  expect(bodies).toEqual([
    { station_ids: [1, 2], action: 'ChangeConfiguration', payload: { key: 'HeartbeatInterval', value: '120' } },
  ]);
  expect(screen.getByRole('button', { name: 'Retry the failed ones (2)' })).toBeTruthy();
});

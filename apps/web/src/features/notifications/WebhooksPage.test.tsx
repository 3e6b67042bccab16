import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TWebhook } from '@zaryad/contracts/notifications';
import { App as AntApp } from 'antd';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch } from '@/app/testing/renderRoutes';
import { PermissionsProvider } from '@/components/permissions/permissions';
import { textsReady, WebhooksPage } from '@/features/notifications/WebhooksPage';
import { changeLanguage } from '@/lib/i18n';

vi.setConfig({ testTimeout: 60_000 });

const hook: TWebhook = {
  id: 4,
  name: 'NOC',
  url: 'https://noc.example/hook',
  secret: 'a-secret-of-the-noc-1234',
  rules: ['station_offline', 'ledger_mismatch'],
  enabled: true,
  created_at: '2026-11-29T04:00:00.000Z',
  updated_at: '2026-11-29T04:00:00.000Z',
  last_delivery: { status: 'failed', status_code: 500, at: '2026-11-29T04:01:00.000Z' },
};

beforeEach(async () => {
  await changeLanguage('en');
  await textsReady;
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const render = () =>
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <AntApp>
            <PermissionsProvider permissions={['alerts.manage']}>
              <WebhooksPage />
            </PermissionsProvider>
          </AntApp>
        ),
      },
    ],
    '/',
  );

test('lists the webhooks, adds one with its rules, sends a test and shows the delivery log', async () => {
  const requests = stubFetch((url, init) => {
    if (url.pathname === '/api/v1/webhooks/' && init?.method === 'POST') {
      return jsonResponse(201, { ...hook, id: 5, name: 'Grafana' });
    }
    if (url.pathname === '/api/v1/webhooks/') {
      return jsonResponse(200, { items: [hook] });
    }
    if (url.pathname === '/api/v1/webhooks/4/test/') {
      return jsonResponse(201, { id: 9, event: 'test', detail: 'A test delivery has been queued' });
    }
    if (url.pathname === '/api/v1/webhooks/4/deliveries/') {
      return jsonResponse(200, {
        items: [
          {
            id: 9,
            event: 'test',
            incident_id: null,
            status: 'sent',
            attempts: 2,
            status_code: 204,
            duration_ms: 31,
            last_error: null,
            created_at: '2026-11-29T04:02:00.000Z',
            sent_at: '2026-11-29T04:02:01.000Z',
            next_attempt_at: null,
          },
        ],
        page: 1,
        pages: 1,
        size: 20,
        total: 1,
      });
    }
    return undefined;
  });
  const user = userEvent.setup();
  render();
  const table = await screen.findByTestId('webhooks-table');
  expect(await within(table).findByText('NOC')).toBeTruthy();
  expect(within(table).getByText('Station offline')).toBeTruthy();
  expect(within(table).getByText('Failed')).toBeTruthy();

  await user.click(screen.getByRole('button', { name: 'Add a webhook' }));
  const dialog = await screen.findByRole('dialog');
  await user.type(within(dialog).getByLabelText('Name'), 'Grafana');
  const url = within(dialog).getByLabelText('Address');
  await user.clear(url);
  await user.type(url, 'https://grafana.example/hook');
  await user.click(within(dialog).getByLabelText('Payment failed'));
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  await waitFor(() =>
    expect(
      requests.some((request) => request.init?.method === 'POST' && request.url.pathname === '/api/v1/webhooks/'),
    ).toBe(true),
  );
  const created = requests.find(
    (request) => request.init?.method === 'POST' && request.url.pathname === '/api/v1/webhooks/',
  );
  const body = JSON.parse(String(created?.init?.body)) as { rules: string[] };
  expect(body).toMatchObject({ name: 'Grafana', url: 'https://grafana.example/hook', enabled: true });
  expect(body.rules).not.toContain('payment_failed');
  expect(body.rules).toHaveLength(8);

  await user.click(within(table).getByRole('button', { name: 'Send a test' }));
  expect(await screen.findByText('A test delivery has been queued')).toBeTruthy();
  const log = await screen.findByTestId('webhook-deliveries');
  expect(await within(log).findByText('Sent')).toBeTruthy();
  expect(within(log).getByText('204')).toBeTruthy();
  expect(within(log).getByText('31 ms')).toBeTruthy();
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TIncident, TIncidentDetail } from '@zaryad/contracts/alerts-schemas';
import { App } from 'antd';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch } from '@/app/testing/renderRoutes';
import { PermissionsProvider } from '@/components/permissions/permissions';
import { IncidentsPage, textsReady } from '@/features/alerts/IncidentsPage';
import { changeLanguage } from '@/lib/i18n';

vi.setConfig({ testTimeout: 60_000 });

const incident: TIncident = {
  id: 41,
  rule: 'connector_faulted',
  severity: 'critical',
  status: 'open',
  station: { id: 7, name: 'Ala-Too Square' },
  connector_id: 2,
  charge_id: null,
  user: null,
  merchant: { id: 3, name: 'Zaryad City' },
  details: { status: 'Faulted', error_code: 'GroundFailure', vendor_error_code: 'E-17', info: null },
  first_seen_at: '2026-11-29T04:00:00.000Z',
  last_seen_at: '2026-11-29T04:05:00.000Z',
  count: 2,
  acknowledged_by: null,
  acknowledged_at: null,
  acknowledged_note: null,
  assigned_to: null,
  resolved_at: null,
  resolved_by: null,
  resolution: null,
};
const detail: TIncidentDetail = {
  ...incident,
  events: [
    { id: 1, event: 'opened', account: null, note: null, created_at: '2026-11-29T04:00:00.000Z' },
    { id: 2, event: 'repeated', account: null, note: null, created_at: '2026-11-29T04:05:00.000Z' },
  ],
};
const drawerOf = async (title: string) => {
  const heading = await screen.findByText(title, { selector: '.ant-drawer-title' });
  const dialog = heading.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) {
    throw new Error('no drawer');
  }
  return dialog;
};
const me = { id: 12, email: 'aida@zaryad.test', first_name: 'Aida', last_name: 'Toktogulova', permissions: [] };

beforeEach(async () => {
  await changeLanguage('en');
  await textsReady();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const render = (path: string, permissions: ('alerts.view' | 'alerts.edit')[] = ['alerts.view', 'alerts.edit']) =>
  renderRoutes(
    [
      {
        path: '/incidents',
        element: (
          <PermissionsProvider permissions={permissions}>
            <App>
              <IncidentsPage />
            </App>
          </PermissionsProvider>
        ),
      },
    ],
    path,
  );

test('lists incidents with their severity, status, station link and what was seen, filtered through the URL', async () => {
  const requests = stubFetch((url) =>
    url.pathname === '/api/v1/incidents/'
      ? jsonResponse(200, { items: [incident], page: 1, pages: 1, size: 20, total: 1 })
      : undefined,
  );
  render('/incidents?status=open&rule=connector_faulted');
  expect(await screen.findByRole('button', { name: '#41 Connector faulted' })).toBeTruthy();
  expect(screen.getAllByText('Critical').length).toBeGreaterThan(0);
  expect(screen.getAllByText('Open').length).toBeGreaterThan(0);
  expect(screen.getByRole('link', { name: 'Ala-Too Square' }).getAttribute('href')).toBe('/merchant/3/station-info/7');
  expect(screen.getByText('Connector 2 · Faulted: Error GroundFailure · vendor code E-17')).toBeTruthy();
  const list = requests.find((request) => request.url.pathname === '/api/v1/incidents/');
  expect(list?.url.searchParams.get('status')).toBe('open');
  expect(list?.url.searchParams.get('rule')).toBe('connector_faulted');
  expect(screen.getByRole('link', { name: /Alert rules/ }).getAttribute('href')).toBe('/settings/alerts');
});

test('opens the drawer with its timeline and acknowledges with a note after the confirmation', async () => {
  let current: TIncidentDetail = detail;
  const requests = stubFetch((url, init) => {
    if (url.pathname === '/api/v1/incidents/') {
      return jsonResponse(200, { items: [incident], page: 1, pages: 1, size: 20, total: 1 });
    }
    if (url.pathname === '/api/v1/incidents/41/acknowledge/' && init?.method === 'POST') {
      current = {
        ...detail,
        status: 'acknowledged',
        acknowledged_by: { id: 12, name: 'Toktogulova Aida' },
        acknowledged_at: '2026-11-29T04:06:00.000Z',
        acknowledged_note: 'On my way',
        events: [
          ...detail.events,
          {
            id: 3,
            event: 'acknowledged',
            account: { id: 12, name: 'Toktogulova Aida' },
            note: 'On my way',
            created_at: '2026-11-29T04:06:00.000Z',
          },
        ],
      };
      return jsonResponse(200, current);
    }
    if (url.pathname === '/api/v1/incidents/41/') {
      return jsonResponse(200, current);
    }
    if (url.pathname === '/api/v1/accounts/me/') {
      return jsonResponse(200, me);
    }
    return undefined;
  });
  const user = userEvent.setup();
  render('/incidents?id=41');
  const drawer = await drawerOf('Incident #41');
  expect(await within(drawer).findByText('Repeated')).toBeTruthy();
  expect(within(drawer).getByText('Opened')).toBeTruthy();
  await user.click(within(drawer).getByRole('button', { name: 'Acknowledge' }));
  const confirm = (
    await screen.findByText('Acknowledge incident #41?', { selector: '.ant-modal-title' })
  ).closest<HTMLElement>('.ant-modal') as HTMLElement;
  await user.type(within(confirm).getByLabelText('Note'), 'On my way');
  await user.click(within(confirm).getByRole('button', { name: 'Acknowledge' }));
  await waitFor(() =>
    expect(requests.some((request) => request.url.pathname === '/api/v1/incidents/41/acknowledge/')).toBe(true),
  );
  const sent = requests.find((request) => request.url.pathname === '/api/v1/incidents/41/acknowledge/');
  expect(JSON.parse(String(sent?.init?.body))).toEqual({ note: 'On my way' });
  expect(await screen.findByText('Incident acknowledged')).toBeTruthy();
  expect(await within(drawer).findByText('On my way')).toBeTruthy();
  expect(within(drawer).queryByRole('button', { name: 'Acknowledge' })).toBeNull();
});

test('shows no actions on a resolved incident nor without alerts.edit', async () => {
  const resolved: TIncidentDetail = {
    ...detail,
    status: 'resolved',
    resolved_at: '2026-11-29T04:10:00.000Z',
    resolution: 'cleared',
    events: [
      ...detail.events,
      { id: 3, event: 'resolved', account: null, note: null, created_at: '2026-11-29T04:10:00.000Z' },
    ],
  };
  stubFetch((url) => {
    if (url.pathname === '/api/v1/incidents/') {
      return jsonResponse(200, { items: [{ ...incident, status: 'resolved' }], page: 1, pages: 1, size: 20, total: 1 });
    }
    if (url.pathname === '/api/v1/incidents/41/') {
      return jsonResponse(200, resolved);
    }
    return undefined;
  });
  render('/incidents?id=41');
  const drawer = await drawerOf('Incident #41');
  expect(await within(drawer).findByText(/condition cleared/)).toBeTruthy();
  expect(within(drawer).queryByRole('button', { name: 'Resolve' })).toBeNull();
  expect(within(drawer).queryByRole('button', { name: 'Assign' })).toBeNull();
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALERT_RULE_DEFAULTS, ALERT_RULES } from '@zaryad/contracts';
import type { TAlertRuleSetting } from '@zaryad/contracts/alerts-schemas';
import { App } from 'antd';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch } from '@/app/testing/renderRoutes';
import { PermissionsProvider } from '@/components/permissions/permissions';
import { AlertRulesPage, textsReady } from '@/features/alerts/AlertRulesPage';
import { changeLanguage } from '@/lib/i18n';

vi.setConfig({ testTimeout: 60_000 });

const settings: TAlertRuleSetting[] = ALERT_RULES.map((rule) => ({
  rule,
  enabled: ALERT_RULE_DEFAULTS[rule].enabled,
  severity: ALERT_RULE_DEFAULTS[rule].severity,
  thresholds: ALERT_RULE_DEFAULTS[rule].thresholds,
  clears: ALERT_RULE_DEFAULTS[rule].clears,
  defaults: { ...ALERT_RULE_DEFAULTS[rule] },
  updated_at: null,
  updated_by: null,
}));

beforeEach(async () => {
  await changeLanguage('en');
  await textsReady();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const render = (permissions: ('alerts.view' | 'alerts.manage')[]) =>
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <PermissionsProvider permissions={permissions}>
            <App>
              <AlertRulesPage />
            </App>
          </PermissionsProvider>
        ),
      },
    ],
    '/',
  );

test('saves one rule with its thresholds, and shows the field error the server answers', async () => {
  let answer = 'error';
  const requests = stubFetch((url, init) => {
    if (url.pathname === '/api/v1/alerts/rules/') {
      return jsonResponse(200, { items: settings });
    }
    if (url.pathname === '/api/v1/alerts/rules/station_offline/' && init?.method === 'PUT') {
      if (answer === 'error') {
        answer = 'ok';
        return jsonResponse(400, { 'thresholds.minutes': ['Ensure this value is less than or equal to 1440.'] });
      }
      const body = JSON.parse(String(init.body)) as Pick<TAlertRuleSetting, 'enabled' | 'severity' | 'thresholds'>;
      return jsonResponse(200, {
        ...settings[0],
        ...body,
        updated_at: '2026-11-29T04:00:00.000Z',
        updated_by: { id: 1, name: 'Toktogulova Aida' },
      });
    }
    return undefined;
  });
  const user = userEvent.setup();
  render(['alerts.view', 'alerts.manage']);
  const card = await screen.findByTestId('alert-rule-station_offline');
  expect(within(card).getByText('1–1440')).toBeTruthy();
  const minutes = within(card).getByLabelText('Minutes');
  await user.clear(minutes);
  await user.type(minutes, '25');
  await user.click(within(card).getByRole('button', { name: 'Save' }));
  expect(await within(card).findByText('Ensure this value is less than or equal to 1440.')).toBeTruthy();
  await user.click(await within(card).findByRole('button', { name: /Save/ }));
  await waitFor(() => expect(requests.filter((request) => request.init?.method === 'PUT')).toHaveLength(2));
  const sent = requests.filter((request) => request.init?.method === 'PUT')[1];
  expect(JSON.parse(String(sent?.init?.body))).toEqual({
    enabled: true,
    severity: 'critical',
    thresholds: { minutes: 25 },
  });
  expect(await screen.findByText('Rule saved')).toBeTruthy();
  expect(await within(screen.getByTestId('alert-rule-station_offline')).findByText(/Toktogulova Aida/)).toBeTruthy();
  // The share's rule has both of its thresholds; the connector's its switch.
  const share = screen.getByTestId('alert-rule-failed_charge_share');
  expect(within(share).getByLabelText('Share above, %')).toBeTruthy();
  expect(within(share).getByLabelText('From charges a day')).toBeTruthy();
  expect(
    within(screen.getByTestId('alert-rule-connector_faulted')).getByLabelText('Count Unavailable too'),
  ).toBeTruthy();
});

test('shows the rules read-only without alerts.manage', async () => {
  stubFetch((url) => (url.pathname === '/api/v1/alerts/rules/' ? jsonResponse(200, { items: settings }) : undefined));
  render(['alerts.view']);
  const card = await screen.findByTestId('alert-rule-station_offline');
  expect(screen.getByText(/changing them needs the alerts management permission/)).toBeTruthy();
  expect(within(card).queryByRole('button', { name: 'Save' })).toBeNull();
  expect((within(card).getByLabelText('Minutes') as HTMLInputElement).disabled).toBe(true);
});

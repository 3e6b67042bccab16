import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TNotificationPreferences } from '@zaryad/contracts/notifications';
import { App as AntApp } from 'antd';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch } from '@/app/testing/renderRoutes';
import { NotificationPreferences, textsReady } from '@/features/notifications/NotificationPreferences';
import { changeLanguage } from '@/lib/i18n';

vi.setConfig({ testTimeout: 60_000 });

const preferences: TNotificationPreferences = {
  rules: ['station_offline', 'connector_faulted'],
  merchant_ids: null,
  quiet_hours: null,
  channels: ['in_app'],
  language: 'en',
  telegram: { configured: true, linked: false, bot_username: 'zaryad_bot' },
};

beforeEach(async () => {
  await changeLanguage('en');
  await textsReady;
});
afterEach(() => {
  vi.unstubAllGlobals();
});

test('saves the channels, rules and quiet hours, and gives a Telegram link code with its instructions', async () => {
  const requests = stubFetch((url, init) => {
    if (url.pathname === '/api/v1/notifications/preferences/' && init?.method === 'PUT') {
      return jsonResponse(200, { ...preferences, ...(JSON.parse(String(init.body)) as object) });
    }
    if (url.pathname === '/api/v1/notifications/preferences/') {
      return jsonResponse(200, preferences);
    }
    if (url.pathname === '/api/v1/notifications/telegram/link/') {
      return jsonResponse(200, {
        code: 'ABCDE23456',
        expires_at: '2026-11-29T05:00:00.000Z',
        bot_username: 'zaryad_bot',
        url: 'https://t.me/zaryad_bot?start=ABCDE23456',
      });
    }
    return undefined;
  });
  const user = userEvent.setup();
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <AntApp>
            <NotificationPreferences />
          </AntApp>
        ),
      },
    ],
    '/',
  );
  await screen.findByTestId('notification-preferences');
  await user.click(screen.getByLabelText('E-mail'));
  await user.click(screen.getByLabelText('Charge failed'));
  await user.click(screen.getByRole('switch', { name: 'Quiet hours' }));
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(requests.some((request) => request.init?.method === 'PUT')).toBe(true));
  const saved = requests.find((request) => request.init?.method === 'PUT');
  expect(JSON.parse(String(saved?.init?.body))).toEqual({
    rules: ['station_offline', 'connector_faulted', 'charge_failed'],
    merchant_ids: null,
    quiet_hours: { from: '22:00', to: '08:00' },
    channels: ['in_app', 'email'],
  });
  expect(await screen.findByText('The notification settings have been saved')).toBeTruthy();

  await user.click(screen.getByRole('button', { name: 'Get a link code' }));
  expect(await screen.findByText('Open the bot @zaryad_bot in Telegram and send it this message:')).toBeTruthy();
  expect(screen.getByTestId('telegram-code').textContent).toContain('/start ABCDE23456');
  expect(screen.getByRole('link', { name: 'Open in Telegram' }).getAttribute('href')).toBe(
    'https://t.me/zaryad_bot?start=ABCDE23456',
  );
});

test('shows the server has no bot', async () => {
  stubFetch((url) =>
    url.pathname === '/api/v1/notifications/preferences/'
      ? jsonResponse(200, { ...preferences, telegram: { configured: false, linked: false, bot_username: null } })
      : undefined,
  );
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <AntApp>
            <NotificationPreferences />
          </AntApp>
        ),
      },
    ],
    '/',
  );
  expect(await screen.findByText(/This server has no Telegram bot/)).toBeTruthy();
});

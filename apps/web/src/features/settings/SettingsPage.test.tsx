import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { Outlet } from 'react-router';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch } from '@/app/testing/renderRoutes';
import { settingsRoutes } from '@/features/settings/routes';
import { changeLanguage, i18n } from '@/lib/i18n';

// antd's <App> (message) sits in the signed-in layout; the screen gets it here without the layout.
const routes = [
  {
    element: (
      <AntApp>
        <Outlet />
      </AntApp>
    ),
    children: [settingsRoutes],
  },
];

// The screen's lazy chunk (antd included) is loaded once before the tests: slow on a busy machine.
vi.setConfig({ testTimeout: 45_000 });

beforeAll(async () => {
  await import('@/features/settings/SettingsPage');
}, 60_000);

beforeEach(async () => {
  await changeLanguage('ru');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

test('saving another language stores it on the server and switches the interface and local storage', async () => {
  let stored = { language: 'ru', time_zone: 'Asia/Bishkek', date_format: 'DD.MM.YYYY' };
  const requests = stubFetch((url, init) => {
    if (url.pathname !== '/api/v1/accounts/settings/') {
      return undefined;
    }
    if (init?.method === 'PATCH') {
      stored = { ...stored, ...(JSON.parse(String(init.body)) as typeof stored) };
    }
    return jsonResponse(200, stored);
  });
  const user = userEvent.setup();
  renderRoutes(routes, '/settings');

  await user.click(await screen.findByLabelText('Язык интерфейса'));
  await user.click(await screen.findByText('English'));
  await user.click(screen.getByLabelText('Часовой пояс'));
  await user.click(await screen.findByText('Алматы (UTC+5)'));
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));

  expect(await screen.findByText('The settings have been saved')).toBeTruthy();
  expect(i18n.language).toBe('en');
  expect(localStorage.getItem('language')).toBe('en');
  expect(screen.getByText('Interface language')).toBeTruthy();
  await waitFor(() => {
    const patch = requests.find(({ init }) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.init?.body))).toEqual({
      language: 'en',
      time_zone: 'Asia/Almaty',
      date_format: 'DD.MM.YYYY',
    });
  });
});

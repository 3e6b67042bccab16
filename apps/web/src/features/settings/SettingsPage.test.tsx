import { screen, waitFor, within } from '@testing-library/react';
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

test('links to the alert rules and the webhooks like its other sections', async () => {
  stubFetch((url) =>
    url.pathname === '/api/v1/accounts/settings/'
      ? jsonResponse(200, { language: 'ru', time_zone: 'Asia/Bishkek', date_format: 'DD.MM.YYYY' })
      : undefined,
  );
  renderRoutes(routes, '/settings');

  const rules = await screen.findByRole('link', { name: /Правила оповещений/ });
  expect(rules.getAttribute('href')).toBe('/settings/alerts');
  expect(screen.getByRole('link', { name: /Вебхуки/ }).getAttribute('href')).toBe('/settings/webhooks');
});

test("a superadmin sees the server's scheduled jobs, a failing one with its failures and last error", async () => {
  stubFetch((url) => {
    if (url.pathname === '/api/v1/accounts/settings/') {
      return jsonResponse(200, { language: 'ru', time_zone: 'Asia/Bishkek', date_format: 'DD.MM.YYYY' });
    }
    if (url.pathname === '/api/v1/system/jobs/') {
      return jsonResponse(200, {
        items: [
          {
            name: 'ocpp.stale-charges',
            next_run_at: '2026-11-29T08:10:00.000Z',
            last_run_at: '2026-11-29T07:00:00.000Z',
            failures: 3,
            last_failed_at: '2026-11-29T08:00:00.000Z',
            last_error: 'canceling statement due to statement timeout',
          },
          {
            name: 'banners.archive',
            next_run_at: '2026-11-29T08:01:00.000Z',
            last_run_at: '2026-11-29T08:00:00.000Z',
            failures: 0,
            last_failed_at: null,
            last_error: null,
          },
        ],
      });
    }
    return undefined;
  });
  renderRoutes(routes, '/settings');

  const card = await screen.findByTestId('scheduled-jobs');
  expect(await within(card).findByText('ocpp.stale-charges')).toBeTruthy();
  expect(within(card).getByText('Сбоев подряд: 3')).toBeTruthy();
  expect(within(card).getByText(/canceling statement due to statement timeout/)).toBeTruthy();
  expect(within(card).getByText('Работает')).toBeTruthy();
  expect(within(card).getByText('banners.archive')).toBeTruthy();
});

test('a superadmin reads the SMS outbox below the jobs: codes in full without a gateway, searched by phone', async () => {
  const requests = stubFetch((url) => {
    if (url.pathname === '/api/v1/accounts/settings/') {
      return jsonResponse(200, { language: 'ru', time_zone: 'Asia/Bishkek', date_format: 'DD.MM.YYYY' });
    }
    if (url.pathname === '/api/v1/system/jobs/') {
      return jsonResponse(200, { items: [] });
    }
    if (url.pathname === '/api/v1/sms-outbox/') {
      const searched = url.searchParams.get('search');
      return jsonResponse(200, {
        items: searched
          ? []
          : [
              {
                id: 7,
                created_at: '2026-11-29T08:00:00.000Z',
                phone: '996555123456',
                kind: 'otp',
                text: 'Код Заряд: 482913. Никому его не сообщайте.',
                status: 'kept',
                error: '',
              },
            ],
        page: 1,
        pages: 1,
        size: 10,
        total: searched ? 0 : 1,
        gateway: false,
      });
    }
    return undefined;
  });
  const user = userEvent.setup();
  renderRoutes(routes, '/settings');

  const card = await screen.findByTestId('sms-outbox');
  expect(await within(card).findByText('Код Заряд: 482913. Никому его не сообщайте.')).toBeTruthy();
  expect(within(card).getByText('+996 (555) 12-34-56')).toBeTruthy();
  expect(within(card).getByText('Сохранено')).toBeTruthy();
  expect(within(card).getByText('SMS-шлюз не настроен: коды входа показаны полностью')).toBeTruthy();

  await user.type(within(card).getByRole('searchbox', { name: 'Поиск по номеру телефона' }), '+996 700{Enter}');
  expect(await within(card).findByText('SMS на этот номер нет.')).toBeTruthy();
  expect(requests.some((request) => request.url.searchParams.get('search') === '996700')).toBe(true);
});

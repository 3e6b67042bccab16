import type { TMe, TSession } from '@zaryad/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { Outlet } from 'react-router';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch } from '@/app/testing/renderRoutes';
import { profileRoutes } from '@/features/accounts/routes';
import { changeLanguage } from '@/lib/i18n';
import { SESSION_KEY } from '@/lib/session';

const routes = [
  {
    element: (
      <AntApp>
        <Outlet />
      </AntApp>
    ),
    children: [profileRoutes, { path: 'logout', element: <p>signed out</p> }],
  },
];

vi.setConfig({ testTimeout: 45_000 });

beforeAll(async () => {
  await import('@/features/accounts/profile/ProfilePage');
}, 60_000);

beforeEach(async () => {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ access: 'a', refresh: 'r' }));
  await changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const ME = {
  id: 3,
  first_name: 'Aida',
  last_name: 'Toktogulova',
  email: 'aida@zaryad.kg',
  role: { id: 2, key: 'manager', name: 'Manager' },
  permissions: [],
} as unknown as TMe;

const session = (overrides: Partial<TSession>): TSession => ({
  id: '00000000-0000-4000-8000-000000000001',
  device: 'Chrome 120, Windows',
  ip: '10.0.0.5',
  created_at: '2026-11-23T08:00:00+00:00',
  last_used_at: '2026-11-24T02:30:00+00:00',
  expires_at: '2026-11-25T08:00:00+00:00',
  is_current: true,
  ...overrides,
});

test('lists the open sessions with device, address and last use, and ends another one', async () => {
  let sessions = [
    session({}),
    session({
      id: '00000000-0000-4000-8000-000000000002',
      device: 'Safari 17, iOS',
      ip: '10.0.0.6',
      is_current: false,
    }),
  ];
  const requests = stubFetch((url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/v1/accounts/me/') {
      return jsonResponse(200, ME);
    }
    if (url.pathname === '/api/v1/accounts/sessions/' && method === 'GET') {
      return jsonResponse(200, sessions);
    }
    if (url.pathname.startsWith('/api/v1/accounts/sessions/') && method === 'DELETE') {
      sessions = sessions.filter((one) => !url.pathname.includes(one.id));
      return new Response(null, { status: 204 });
    }
    return undefined;
  });
  const user = userEvent.setup();
  renderRoutes(routes, '/profile');

  expect(await screen.findByText('Open sessions')).toBeTruthy();
  const phoneRow = within((await screen.findByText('Safari 17, iOS')).closest('tr') as HTMLElement);
  expect(phoneRow.getByText('10.0.0.6')).toBeTruthy();
  expect(phoneRow.getByText('24.11.2026 08:30')).toBeTruthy();
  const desktopRow = within((await screen.findByText('Chrome 120, Windows')).closest('tr') as HTMLElement);
  expect(desktopRow.getByText('This device')).toBeTruthy();

  await user.click(phoneRow.getByRole('button', { name: /End session/ }));
  const dialog = within(await screen.findByRole('dialog'));
  await user.click(dialog.getByRole('button', { name: /End session/ }));
  await waitFor(() => {
    expect(screen.queryByText('Safari 17, iOS')).toBeNull();
  });
  const deleted = requests.find((request) => request.init?.method === 'DELETE');
  expect(deleted?.url.pathname).toBe('/api/v1/accounts/sessions/00000000-0000-4000-8000-000000000002/');
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TNotification, TNotificationPage } from '@zaryad/contracts/notifications';
import { App as AntApp } from 'antd';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch } from '@/app/testing/renderRoutes';
import { NotificationBell } from '@/features/notifications';
import { changeLanguage } from '@/lib/i18n';

vi.setConfig({ testTimeout: 60_000 });

const notification = (id: number, overrides: Partial<TNotification> = {}): TNotification => ({
  id,
  incident_id: 100 + id,
  rule: 'station_offline',
  event: 'opened',
  severity: 'warning',
  title: `Station offline: opened ${id}`,
  body: 'Station «Ala-Too 1»',
  station_id: 7,
  read: false,
  created_at: '2026-11-29T04:00:00.000Z',
  ...overrides,
});

/** An event stream the test writes to. */
const eventStream = () => {
  let push: (text: string) => void = () => undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (text) => controller.enqueue(new TextEncoder().encode(text));
    },
  });
  return { body, send: (item: TNotification) => push(`data: ${JSON.stringify(item)}\n\n`) };
};

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

test('shows the unread count, lists the newest on opening, marks all read, and follows the stream live', async () => {
  let page: TNotificationPage = {
    items: [notification(2), notification(1, { read: true })],
    page: 1,
    pages: 1,
    size: 10,
    total: 2,
    unread: 1,
  };
  const stream = eventStream();
  const requests = stubFetch((url, init) => {
    if (url.pathname === '/api/v1/notifications/') {
      return jsonResponse(200, page);
    }
    if (url.pathname === '/api/v1/notifications/read/' && init?.method === 'POST') {
      page = { ...page, items: page.items.map((item) => ({ ...item, read: true })), unread: 0 };
      return jsonResponse(200, { updated: 1, unread: 0 });
    }
    if (url.pathname === '/api/v1/notifications/events/') {
      return new Response(stream.body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    }
    return undefined;
  });
  const user = userEvent.setup();
  const { router } = renderRoutes(
    [
      {
        path: '/',
        element: (
          <AntApp>
            <NotificationBell />
          </AntApp>
        ),
      },
      { path: '/incidents', element: <p>incidents page</p> },
    ],
    '/',
  );
  const bell = await screen.findByRole('button', { name: 'Notifications. Unread: 1' });
  await user.click(bell);
  expect(await screen.findByText('Station offline: opened 2')).toBeTruthy();
  expect(screen.getByText('Station offline: opened 1')).toBeTruthy();

  await user.click(screen.getByRole('button', { name: 'Mark all read' }));
  await waitFor(() =>
    expect(requests.some((request) => request.url.pathname === '/api/v1/notifications/read/')).toBe(true),
  );
  const read = requests.find((request) => request.url.pathname === '/api/v1/notifications/read/');
  expect(JSON.parse(String(read?.init?.body))).toEqual({ all: true });
  await screen.findByRole('button', { name: 'Notifications' });

  // A critical one arrives over the stream: the badge counts it and a toast leads to its incident.
  const events = requests.find((request) => request.url.pathname === '/api/v1/notifications/events/');
  expect(new Headers(events?.init?.headers).get('accept')).toBe('text/event-stream');
  const critical = notification(3, { severity: 'critical', title: 'Connector faulted: opened', incident_id: 42 });
  page = { ...page, items: [critical, ...page.items], total: 3, unread: 1 };
  stream.send(critical);
  expect(await screen.findByRole('button', { name: 'Notifications. Unread: 1' })).toBeTruthy();
  const toast = await screen.findAllByText('Connector faulted: opened');
  expect(toast.length).toBeGreaterThan(0);
  await user.click(screen.getByRole('button', { name: 'Open the incident' }));
  await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/incidents?id=42'));
});

test('opening a notification marks it read and leads to its incident', async () => {
  const page: TNotificationPage = { items: [notification(5)], page: 1, pages: 1, size: 10, total: 1, unread: 1 };
  const requests = stubFetch((url) => {
    if (url.pathname === '/api/v1/notifications/') {
      return jsonResponse(200, page);
    }
    if (url.pathname === '/api/v1/notifications/read/') {
      return jsonResponse(200, { updated: 1, unread: 0 });
    }
    return undefined;
  });
  const user = userEvent.setup();
  const { router } = renderRoutes(
    [
      {
        path: '/',
        element: (
          <AntApp>
            <NotificationBell />
          </AntApp>
        ),
      },
      { path: '/incidents', element: <p>incidents page</p> },
    ],
    '/',
  );
  await user.click(await screen.findByRole('button', { name: /Notifications/ }));
  await user.click(await screen.findByText('Station offline: opened 5'));
  await screen.findByText('incidents page');
  expect(router.state.location.search).toBe('?id=105');
  const read = requests.find((request) => request.url.pathname === '/api/v1/notifications/read/');
  expect(JSON.parse(String(read?.init?.body))).toEqual({ ids: [5] });
});

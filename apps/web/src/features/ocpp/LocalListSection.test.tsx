import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch } from '@/app/testing/renderRoutes';
import { LocalListSection } from '@/features/ocpp/LocalListSection';
import { changeLanguage } from '@/lib/i18n';

beforeEach(async () => {
  await changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

test('the full list is sent once confirmed; the answer and the version sent show', async () => {
  const sent: string[] = [];
  stubFetch((url, init) => {
    if (url.pathname === '/api/v1/ocpp/stations/5/local-list/') {
      return jsonResponse(200, {
        station_id: 5,
        supported: true,
        version: 3,
        network_version: 7,
        in_sync: false,
        checked_at: null,
        entries: 1200,
      });
    }
    if (url.pathname === '/api/v1/ocpp/stations/5/local-list/send-full/' && init?.method === 'POST') {
      sent.push(url.pathname);
      return jsonResponse(200, {
        status: 'accepted',
        detail: 'The charge point accepted the full list, version 7',
        response: { status: 'Accepted' },
        list_version: 7,
        entries: 1200,
      });
    }
    return undefined;
  });
  renderRoutes([{ path: '/', element: <LocalListSection stationId={5} canManage /> }], '/');
  const card = await screen.findByTestId('cp-local-list-full');
  await userEvent.click(within(card).getByRole('button', { name: 'Send the full list' }));
  expect(sent).toEqual([]);
  const popover = await waitFor(() => {
    const open = [...document.querySelectorAll<HTMLElement>('.ant-popover:not(.ant-popover-hidden)')].at(-1);
    expect(open).toBeTruthy();
    return open!;
  });
  await userEvent.click(within(popover).getByRole('button', { name: /OK|Yes/ }));
  expect(await within(card).findByText('The charge point accepted the full list, version 7')).toBeTruthy();
  expect(within(card).getByTestId('local-list-sent').textContent).toBe('Version sent: 7, cards: 1,200');
  expect(sent).toHaveLength(1);
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TFullscreen } from '@zaryad/contracts';
import { App as AntApp } from 'antd';
import { Outlet } from 'react-router';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch } from '@/app/testing/renderRoutes';
import { bannersRoutes } from '@/features/banners/routes';
import { changeLanguage } from '@/lib/i18n';

const routes = [
  {
    element: (
      <AntApp>
        <Outlet />
      </AntApp>
    ),
    children: bannersRoutes,
  },
];

const FULLSCREEN: TFullscreen = {
  id: 9,
  type: 'fullscreen',
  is_banner: false,
  name: 'Zaryad 3.0',
  image: '/media/banners/f.png',
  merchant: null,
  merchant_name: null,
  link: 'https://zaryad.kg/app',
  categories: ['main'],
  destination: 'browser',
  status: 0,
  start_date: '2026-12-01T03:00:00.000Z',
  end_date: '2026-12-31T17:59:00.000Z',
  is_archived: false,
  created_at: '2026-11-20T00:00:00.000Z',
};

vi.setConfig({ testTimeout: 45_000 });

beforeAll(async () => {
  await import('@/features/banners/BannerFormPage');
  await import('@/components/period-field/PeriodField');
}, 60_000);

beforeEach(async () => {
  await changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const patches = (requests: ReturnType<typeof stubFetch>) =>
  requests
    .filter(({ init }) => init?.method === 'PATCH')
    .map(({ init }) => [...(init?.body as FormData).entries()].map(([name, value]) => [name, String(value)]));

test('an edit sends only what changed; the server refusal lands on its fields', async () => {
  let isRefused = true;
  const requests = stubFetch((url, init) => {
    if (url.pathname !== '/api/v1/ads/banners/9/') {
      return undefined;
    }
    if (init?.method === 'PATCH') {
      return isRefused
        ? jsonResponse(400, { end_date: ['The start must be earlier than the end'], link: ['Bad link'] })
        : jsonResponse(200, { ...FULLSCREEN, name: 'Zaryad 4.0' });
    }
    return jsonResponse(200, FULLSCREEN);
  });
  const user = userEvent.setup();
  const { router } = renderRoutes(routes, '/banners/create-fullscr/9');
  const name = await screen.findByLabelText('Name');
  expect(screen.getByText('Fullscreen «Zaryad 3.0»')).toBeTruthy();
  expect(screen.getAllByRole('img', { name: 'Zaryad 3.0' }).map((image) => image.getAttribute('src'))).toContain(
    '/media/banners/f.png',
  );
  await user.clear(name);
  await user.type(name, 'Zaryad 4.0');
  await user.click(screen.getByRole('button', { name: 'Save' }));

  // docs/product/banners.md#8-messages: the messages on their fields (the dates on the period), the first one as a notification.
  expect(await screen.findByText('Bad link')).toBeTruthy();
  expect((await screen.findAllByText('The start must be earlier than the end')).length).toBeGreaterThan(0);
  expect(patches(requests)).toEqual([[['name', 'Zaryad 4.0']]]);

  isRefused = false;
  await user.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => {
    expect(router.state.location.pathname).toBe('/banners');
  });
  expect(router.state.location.state).toEqual({ edited: { id: 9, name: 'Zaryad 4.0', tab: 'fullscreen' } });
});

test('the fullscreen form refuses a missing image, link and category before sending', async () => {
  const requests = stubFetch(() => undefined);
  const user = userEvent.setup();
  renderRoutes(routes, '/banners/create-fullscr');
  await user.type(await screen.findByLabelText('Name'), 'New');
  await user.type(screen.getByLabelText('Link'), 'zaryad.kg');
  // A plain text input: the browser's own URL check would block the submit before the form's messages show.
  await user.click(screen.getByRole('button', { name: 'Create' }));
  expect(await screen.findByText('Upload an image')).toBeTruthy();
  expect(screen.getByText('Enter a valid link starting with http:// or https://')).toBeTruthy();
  expect(screen.getByText('Select at least one category')).toBeTruthy();
  expect(screen.getByText('Choose when it starts and ends')).toBeTruthy();
  expect(screen.getByText('Choose an image to see it on a phone screen')).toBeTruthy();
  expect(requests.filter(({ init }) => init?.method === 'POST')).toHaveLength(0);
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TBannerItem, TFullscreen } from '@zaryad/contracts';
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

const BANNER: TBannerItem = {
  id: 7,
  type: 'banner',
  is_banner: true,
  name: 'Night discount',
  image: '/media/banners/a.png',
  source_link: 'https://zaryad.kg/night',
  button_name: 'More',
  button_color: '#22A699',
  merchant: 3,
  merchant_name: 'Bishkek Park',
  stations: [],
  status: 0,
  start_date: '2026-12-01T03:00:00.000Z',
  end_date: '2026-12-31T17:59:00.000Z',
  is_archived: false,
  created_at: '2026-11-20T00:00:00.000Z',
};

const FULLSCREEN: TFullscreen = {
  ...BANNER,
  id: 9,
  type: 'fullscreen',
  is_banner: false,
  name: 'Zaryad 3.0',
  merchant: null,
  merchant_name: null,
  link: 'https://zaryad.kg/app',
  categories: ['main', 'maps'],
  destination: 'browser',
};

vi.setConfig({ testTimeout: 45_000 });

beforeAll(async () => {
  await import('@/features/banners/BannersPage');
}, 60_000);

beforeEach(async () => {
  await changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Answers each tab with its own items, the way the server filters them. */
const stubBanners = (
  byTab: Record<string, TBannerItem[]>,
  override?: (url: URL, init?: RequestInit) => Response | undefined,
) =>
  stubFetch((url, init) => {
    const answer = override?.(url, init);
    if (answer) {
      return answer;
    }
    if (url.pathname !== '/api/v1/ads/banners/' || (init?.method ?? 'GET') !== 'GET') {
      return undefined;
    }
    const key = `${url.searchParams.get('type') ?? ''}:${url.searchParams.get('archive') ?? ''}`;
    const items = byTab[key] ?? [];
    return jsonResponse(200, { items, page: 1, pages: 1, size: 10, total: items.length });
  });

const listRequests = (requests: ReturnType<typeof stubFetch>) =>
  requests
    .filter(({ url, init }) => url.pathname === '/api/v1/ads/banners/' && (init?.method ?? 'GET') === 'GET')
    .map(({ url }) => `${url.searchParams.get('type') ?? ''}:${url.searchParams.get('archive') ?? ''}`);

test('the four tabs are kept in the URL and each asks for its type and archive', async () => {
  const requests = stubBanners({ 'banner:false': [BANNER], 'fullscreen:true': [FULLSCREEN] });
  const user = userEvent.setup();
  const { router } = renderRoutes(routes, '/banners');
  expect(await screen.findByText('Night discount')).toBeTruthy();
  expect(screen.getByText('Bishkek Park')).toBeTruthy();
  expect(screen.getByText('01.12.2026 09:00 – 31.12.2026 23:59')).toBeTruthy();
  expect(screen.getByRole('img', { name: 'Night discount' }).getAttribute('src')).toBe('/media/banners/a.png');
  expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
    'Banner',
    'Fullscreen',
    'Archive banner',
    'Archive fullscreens',
  ]);
  expect(screen.getByRole('button', { name: 'Add banner' })).toBeTruthy();

  await user.click(screen.getByRole('tab', { name: 'Archive fullscreens' }));
  expect(await screen.findByText('Zaryad 3.0')).toBeTruthy();
  expect(screen.getByText('Whole network')).toBeTruthy();
  // Nothing is created into an archive (issue 33, item 6).
  expect(screen.queryByRole('button', { name: /^Add / })).toBeNull();
  expect(router.state.location.search).toBe('?tab=archive-fullscreen');
  expect(listRequests(requests)).toEqual(['banner:false', 'fullscreen:true']);
});

test('empty tabs say so in their own words', async () => {
  stubBanners({});
  const user = userEvent.setup();
  renderRoutes(routes, '/banners?tab=fullscreen');
  expect(await screen.findByText('There are no fullscreens yet')).toBeTruthy();
  await user.click(screen.getByRole('tab', { name: 'Banner' }));
  expect(await screen.findByText('There are no banners yet')).toBeTruthy();
  await user.click(screen.getByRole('tab', { name: 'Archive banner' }));
  expect(await screen.findByText(/Nothing has ended yet/)).toBeTruthy();
});

test('after an edit the item leaves the list it came back to, with a message saying where it went', async () => {
  stubBanners({ 'banner:false': [BANNER, { ...BANNER, id: 8, name: 'Coffee' }] });
  const { router } = renderRoutes(routes, '/banners');
  expect(await screen.findByText('Night discount')).toBeTruthy();
  await router.navigate('/banners', { state: { edited: { id: 7, name: 'Night discount', tab: 'archive-banner' } } });
  expect(
    await screen.findByText('«Night discount» is saved. You will find it in the «Archive banner» tab.'),
  ).toBeTruthy();
  await waitFor(() => {
    expect(within(screen.getByRole('table')).queryByText('Night discount')).toBeNull();
  });
  expect(within(screen.getByRole('table')).getByText('Coffee')).toBeTruthy();
});

test('bulk status asks for confirmation and sends the selected ids', async () => {
  const requests = stubBanners({ 'banner:false': [BANNER] }, (url) =>
    url.pathname === '/api/v1/ads/banners/statuses/' ? jsonResponse(200, [{ ...BANNER, status: 1 }]) : undefined,
  );
  const user = userEvent.setup();
  renderRoutes(routes, '/banners');
  await user.click(await screen.findByRole('checkbox', { name: 'Select row 7' }));
  await user.click(screen.getByRole('button', { name: 'Deactivate (1)' }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Deactivate' }));
  await waitFor(() => {
    expect(
      requests
        .filter(({ init }) => init?.method === 'PATCH')
        .map(({ init }) => JSON.parse(String(init?.body)) as unknown),
    ).toEqual([{ ids: [7], active: false }]);
  });
  expect(await screen.findByText('Inactive')).toBeTruthy();
});

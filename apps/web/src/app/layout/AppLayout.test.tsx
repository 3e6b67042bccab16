import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { signedInRoutes } from '@/app/routes/signedIn';
import { jsonResponse, renderRoutes, stubFetch } from '@/app/testing/renderRoutes';
import { changeLanguage } from '@/lib/i18n';
import { SESSION_KEY } from '@/lib/session';
import { fakeMe } from '@/app/testing/fakeMe';

// Every menu item has its screen now: the 'being prepared' page is shown by a build without one feature (referrals
// here), as a menu item whose feature is not registered yet gets it.
vi.mock('@/app/features', async (importOriginal) => {
  const { FEATURES } = await importOriginal<typeof import('@/app/features')>();
  const { referralsFeature } = await import('@/features/referrals/feature');
  return { FEATURES: FEATURES.filter((feature) => feature !== referralsFeature) };
});

const ME = fakeMe();

const answer = (url: URL) => {
  if (url.pathname === '/api/v1/accounts/me/') {
    return jsonResponse(200, ME);
  }
  if (url.pathname === '/api/v1/accounts/roles/') {
    return jsonResponse(200, [ME.role]);
  }
  return undefined;
};

/** The window's width, as the media queries of the layout see it (happy-dom's default is 1024 px). */
const setWidth = (width: number) => {
  (
    window as unknown as { happyDOM: { setViewport: (size: { width: number; height: number }) => void } }
  ).happyDOM.setViewport({
    width,
    height: 900,
  });
};

beforeEach(async () => {
  setWidth(1440);
  localStorage.setItem(SESSION_KEY, JSON.stringify({ access: 'a', refresh: 'r' }));
  await changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const breadcrumbTexts = () =>
  within(screen.getByRole('navigation', { name: 'Breadcrumbs' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent?.replace('/', '').trim());

test('breadcrumbs start at the menu root and the header title follows the route', async () => {
  stubFetch(answer);
  renderRoutes(signedInRoutes, '/accounts/create');

  // The title says what the page is about (issue 33, item 3); the breadcrumb its step.
  expect(await screen.findByRole('heading', { level: 1, name: 'New account' })).toBeTruthy();
  expect(breadcrumbTexts()).toEqual(['Users', 'Accounts', 'Create']);
  expect(document.title).toBe('New account · Zaryad');
  expect(await screen.findByText('Bakyt Asanov')).toBeTruthy();
});

test('a group named as its item is said once', async () => {
  stubFetch(answer);
  renderRoutes(signedInRoutes, '/users');

  expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeTruthy();
  expect(breadcrumbTexts()).toEqual(['Users']);
});

test('a menu item whose feature is not registered shows the translated notice; switching language re-labels it', async () => {
  const requests = stubFetch(answer);
  const user = userEvent.setup();
  renderRoutes(signedInRoutes, '/list-of-referrals');

  expect(await screen.findByText('This section is being prepared')).toBeTruthy();
  expect(breadcrumbTexts()).toEqual(['Promotions', 'Referrals']);

  await user.click(screen.getByText('KG'));
  expect(await screen.findByText('Бул бөлүм даярдалууда')).toBeTruthy();
  expect(localStorage.getItem('language')).toBe('ky');
  // The language change refetches what the server translated, in the new language.
  await vi.waitFor(() => {
    expect(new Headers(requests.at(-1)?.init?.headers).get('Accept-Language')).toBe('ky');
  });
});

test('the sider collapses and expands from its labelled trigger', async () => {
  stubFetch(answer);
  const user = userEvent.setup();
  renderRoutes(signedInRoutes, '/');

  await user.click(await screen.findByRole('button', { name: 'Collapse the menu' }));
  expect(screen.getByTestId('app-sider').style.width).toBe('68px');
  await user.click(screen.getByRole('button', { name: 'Expand the menu' }));
  expect(screen.getByTestId('app-sider').style.width).toBe('240px');
});

test('below 1280 px the sider starts collapsed and still expands', async () => {
  setWidth(1024);
  stubFetch(answer);
  const user = userEvent.setup();
  renderRoutes(signedInRoutes, '/users');

  const expand = await screen.findByRole('button', { name: 'Expand the menu' });
  // Collapsed, the current group's items wait for the pointer: no popup stands open over the screen.
  expect(screen.queryByRole('menuitem', { name: 'Accounts' })).toBeNull();
  await user.click(expand);
  expect(screen.getByTestId('app-sider').style.width).toBe('240px');
  // Back past 1280 px: the wide window's default, expanded.
  setWidth(1440);
  expect(await screen.findByRole('button', { name: 'Collapse the menu' })).toBeTruthy();
});

test('on a phone the menu is a drawer opened from the header, put away when a screen is chosen', async () => {
  setWidth(412);
  stubFetch(answer);
  const user = userEvent.setup();
  renderRoutes(signedInRoutes, '/users');

  const open = await screen.findByRole('button', { name: 'Open the menu' });
  expect(screen.queryByTestId('app-sider')).toBeNull();
  expect(open.getAttribute('aria-expanded')).toBe('false');
  await user.click(open);
  const drawer = await screen.findByRole('dialog');
  await user.click(within(drawer).getByRole('link', { name: 'Accounts' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Accounts' })).toBeTruthy();
  await vi.waitFor(() => {
    expect(open.getAttribute('aria-expanded')).toBe('false');
  });
});

test('the account menu switches the theme and remembers it', async () => {
  stubFetch(answer);
  const user = userEvent.setup();
  renderRoutes(signedInRoutes, '/users');

  await user.click(await screen.findByRole('button', { name: /Account menu/ }));
  await user.click(await screen.findByRole('menuitemradio', { name: 'Dark' }));
  expect(document.documentElement.dataset.theme).toBe('dark');
  expect(localStorage.getItem('theme')).toBe('dark');
  await user.click(screen.getByRole('button', { name: /Account menu/ }));
  expect((await screen.findByRole('menuitemradio', { name: 'Dark' })).getAttribute('aria-checked')).toBe('true');
  await user.click(screen.getByRole('menuitemradio', { name: 'As the system' }));
  expect(document.documentElement.dataset.theme).toBe('light');
  expect(localStorage.getItem('theme')).toBeNull();
});

test('an unknown path falls to the default outlet inside the layout', async () => {
  stubFetch(answer);
  renderRoutes(signedInRoutes, '/no/such/page');
  expect(await screen.findByText('Page not found')).toBeTruthy();
  expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
});

import { PERMISSIONS, type TPermission } from '@zaryad/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { requiredPermissions } from '@/app/layout/routeAccess';
import { signedInRoutes } from '@/app/routes/signedIn';
import { jsonResponse, renderRoutes, stubFetch } from '@/app/testing/renderRoutes';
import { changeLanguage } from '@/lib/i18n';
import { SESSION_KEY } from '@/lib/session';
import { fakeMe } from '@/app/testing/fakeMe';

// The operator's reach in short: the network and tariffs to read, no accounts, no money, no analytics.
const OPERATOR: TPermission[] = [
  'merchants.view',
  'merchants.edit',
  'stations.view',
  'rates.view',
  'tags.view',
  'users.view',
  'charges.view',
];

const meWith = (permissions: readonly TPermission[]) =>
  fakeMe({ permissions, role: { id: 3, key: 'operator', name: 'Operator' } });

const serveMe = (permissions: readonly TPermission[]) =>
  stubFetch((url) => {
    if (url.pathname === '/api/v1/accounts/me/') {
      return jsonResponse(200, meWith(permissions));
    }
    if (url.pathname === '/api/v1/merchants/') {
      return jsonResponse(200, { items: [], page: 1, pages: 0, size: 10, total: 0 });
    }
    return undefined;
  });

beforeEach(async () => {
  // A laptop's width: the sider is expanded, its groups' links drawn (below 1280 px it starts collapsed).
  (
    window as unknown as { happyDOM: { setViewport: (size: { width: number; height: number }) => void } }
  ).happyDOM.setViewport({ width: 1440, height: 900 });
  localStorage.setItem(SESSION_KEY, JSON.stringify({ access: 'a', refresh: 'r' }));
  await changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const mainMenu = () => within(screen.getByRole('navigation', { name: 'Main menu' }));

test('the menu shows only what the role may view; settings and sign-out stay', async () => {
  serveMe(OPERATOR);
  const user = userEvent.setup();
  renderRoutes(signedInRoutes, '/rates');
  await screen.findByRole('navigation', { name: 'Main menu' });

  // The open group (the route's) lists its items; the others open on a click.
  expect(await mainMenu().findByRole('link', { name: 'Rates' })).toBeTruthy();
  expect(mainMenu().getByRole('link', { name: 'Merchants' })).toBeTruthy();
  expect(mainMenu().getByRole('link', { name: 'Tags' })).toBeTruthy();
  expect(mainMenu().queryByRole('link', { name: 'Infrastructure' })).toBeNull();
  expect(mainMenu().queryByRole('link', { name: 'Software rental partners' })).toBeNull();
  expect(mainMenu().queryByRole('link', { name: 'Main page' })).toBeNull();
  expect(mainMenu().queryByRole('link', { name: 'Heat map' })).toBeNull();
  // A group with nothing left in it goes too.
  expect(mainMenu().queryByText('Promotions')).toBeNull();

  await user.click(mainMenu().getByText('Users'));
  expect(await mainMenu().findByRole('link', { name: 'Charges' })).toBeTruthy();
  expect(mainMenu().queryByRole('link', { name: 'Accounts' })).toBeNull();
  expect(mainMenu().queryByRole('link', { name: 'Balance statement' })).toBeNull();
  expect(screen.getByRole('link', { name: 'Settings' })).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Sign out' })).toBeTruthy();
});

test('a direct URL to a forbidden screen shows the 403 page inside the layout, in the chosen language', async () => {
  serveMe(OPERATOR);
  renderRoutes(signedInRoutes, '/accounts');
  expect(await screen.findByText('Access denied')).toBeTruthy();
  expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeTruthy();

  await changeLanguage('ru');
  expect(await screen.findByText('Доступ запрещён')).toBeTruthy();
  await changeLanguage('ky');
  expect(await screen.findByText('Кирүүгө тыюу салынган')).toBeTruthy();
});

test('a form needs its own permission beyond the list: edit allowed, create refused', async () => {
  serveMe(OPERATOR);
  const { router } = renderRoutes(signedInRoutes, '/create-edit-merchant');
  expect(await screen.findByText('Access denied')).toBeTruthy();
  expect(router.state.location.pathname).toBe('/create-edit-merchant');
  expect(requiredPermissions([{ menu: 'merchants' }, { permission: 'merchants.edit' }])).toEqual([
    'merchants.view',
    'merchants.edit',
  ]);
});

test('a role without the main page starts at its first menu item', async () => {
  serveMe(OPERATOR);
  const { router } = renderRoutes(signedInRoutes, '/');
  await vi.waitFor(() => {
    expect(router.state.location.pathname).toBe('/merchants');
  });
});

test('the superadmin sees every menu item', async () => {
  serveMe(PERMISSIONS);
  renderRoutes(signedInRoutes, '/accounts/create');
  await screen.findByRole('navigation', { name: 'Main menu' });
  expect(await mainMenu().findByRole('link', { name: 'Accounts' })).toBeTruthy();
  expect(mainMenu().getByRole('link', { name: 'Balance statement' })).toBeTruthy();
  expect(mainMenu().getByRole('link', { name: 'Main page' })).toBeTruthy();
  expect(mainMenu().getByText('Promotions')).toBeTruthy();
});

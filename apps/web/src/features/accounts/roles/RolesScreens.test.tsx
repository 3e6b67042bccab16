import type { TRoleDetails } from '@zaryad/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { Outlet } from 'react-router';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch } from '@/app/testing/renderRoutes';
import { accountsRoutes } from '@/features/accounts/routes';
import { changeLanguage } from '@/lib/i18n';
import { SESSION_KEY } from '@/lib/session';

// antd's <App> (message) sits in the signed-in layout; the screens get it here without the layout.
const routes = [
  {
    element: (
      <AntApp>
        <Outlet />
      </AntApp>
    ),
    children: [accountsRoutes],
  },
];

vi.setConfig({ testTimeout: 45_000 });

beforeAll(async () => {
  await import('@/features/accounts/roles/RoleFormPage');
  await import('@/features/accounts/roles/RolesListPage');
}, 60_000);

beforeEach(async () => {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ access: 'a', refresh: 'r' }));
  await changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const ANALYST: TRoleDetails = {
  id: 5,
  key: 'analyst',
  name: 'Analyst',
  is_built_in: true,
  permissions: ['merchants.view', 'merchants.export'],
  accounts_count: 4,
};
const NIGHT_SHIFT: TRoleDetails = {
  id: 9,
  key: 'custom_9',
  name: 'Night shift',
  is_built_in: false,
  permissions: ['stations.view', 'stations.reset'],
  accounts_count: 3,
};

const serveRoles = (roles: TRoleDetails[]) =>
  stubFetch((url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/v1/accounts/roles/' && method === 'GET') {
      return jsonResponse(200, roles);
    }
    if (url.pathname === '/api/v1/accounts/roles/' && method === 'POST') {
      return jsonResponse(201, { ...NIGHT_SHIFT, id: 10, ...(JSON.parse(String(init?.body)) as object) });
    }
    const match = /^\/api\/v1\/accounts\/roles\/(\d+)\/$/.exec(url.pathname);
    const role = roles.find((item) => item.id === Number(match?.[1]));
    if (match && role && method === 'GET') {
      return jsonResponse(200, role);
    }
    if (match && method === 'DELETE') {
      return jsonResponse(400, ['The role is held by 3 accounts and cannot be deleted.']);
    }
    return undefined;
  });

const rowOf = async (name: string) => {
  const row = (await screen.findByRole('cell', { name })).closest('tr');
  if (!row) {
    throw new Error(`no row for ${name}`);
  }
  return within(row);
};

test('the list shows each role with its accounts; built-in ones only open, a refused delete shows the server message', async () => {
  serveRoles([ANALYST, NIGHT_SHIFT]);
  const user = userEvent.setup();
  renderRoutes(routes, '/accounts/roles');

  const analyst = await rowOf('Analyst');
  expect(analyst.getByText('Built-in')).toBeTruthy();
  expect(analyst.getByRole('cell', { name: '4' })).toBeTruthy();
  expect(analyst.getByRole('button', { name: 'View Analyst' })).toBeTruthy();
  expect(analyst.queryByRole('button', { name: 'Delete Analyst' })).toBeNull();

  const custom = await rowOf('Night shift');
  expect(custom.getByRole('cell', { name: '3' })).toBeTruthy();
  await user.click(custom.getByRole('button', { name: 'Delete Night shift' }));
  await user.click(await screen.findByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('The role is held by 3 accounts and cannot be deleted.')).toBeTruthy();
});

test('the matrix: a checkbox only where the domain has the action; a new role sends what was ticked', async () => {
  const requests = serveRoles([ANALYST, NIGHT_SHIFT]);
  const user = userEvent.setup();
  const { router } = renderRoutes(routes, '/accounts/roles/create');

  const matrix = within(await screen.findByRole('table', { name: 'Permissions' }));
  expect(matrix.getByRole('columnheader', { name: 'Top up' })).toBeTruthy();
  expect(matrix.getByRole('rowheader', { name: 'Dashboard accounts' })).toBeTruthy();
  // Accounts are blocked, never deleted; stations have no top-up.
  expect(matrix.queryByRole('checkbox', { name: 'Dashboard accounts: Delete' })).toBeNull();
  expect(matrix.queryByRole('checkbox', { name: 'Stations: Top up' })).toBeNull();

  await user.type(screen.getByLabelText('Name'), 'Support');
  await user.click(matrix.getByRole('checkbox', { name: 'Stations: Reset' }));
  await user.click(matrix.getByRole('checkbox', { name: 'Merchants: View' }));
  await user.click(screen.getByRole('button', { name: 'Create' }));

  await waitFor(() => {
    expect(router.state.location.pathname).toBe('/accounts/roles');
  });
  const post = requests.find((request) => request.init?.method === 'POST');
  // Catalogue order, whatever the clicking order.
  expect(JSON.parse(String(post?.init?.body))).toEqual({
    name: 'Support',
    permissions: ['merchants.view', 'stations.reset'],
  });
});

test("a built-in role's edit address leads to its view page: ticks and dashes, no checkbox, no save", async () => {
  serveRoles([ANALYST, NIGHT_SHIFT]);
  const { router } = renderRoutes(routes, '/accounts/roles/edit/5');

  await waitFor(() => {
    expect(router.state.location.pathname).toBe('/accounts/roles/view/5');
  });
  const matrix = within(await screen.findByRole('table', { name: 'Permissions' }));
  expect(matrix.getByRole('img', { name: 'Merchants: Export: allowed' })).toBeTruthy();
  expect(matrix.getByRole('img', { name: 'Merchants: Edit: not allowed' })).toBeTruthy();
  // Stations have no top-up: neither a tick nor a dash.
  expect(matrix.queryByRole('img', { name: /Stations: Top up/ })).toBeNull();
  expect(matrix.queryAllByRole('checkbox')).toHaveLength(0);
  expect(screen.getByText(/A built-in role cannot be changed/)).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  // Back to the roles.
  await userEvent.setup().click(screen.getByRole('button', { name: 'Back' }));
  await waitFor(() => {
    expect(router.state.location.pathname).toBe('/accounts/roles');
  });
});

test('a custom role stays editable at its edit address and its view page offers Edit', async () => {
  serveRoles([ANALYST, NIGHT_SHIFT]);
  const user = userEvent.setup();
  const { router } = renderRoutes(routes, '/accounts/roles/view/9');
  expect(await screen.findByRole('img', { name: 'Stations: Reset: allowed' })).toBeTruthy();
  await user.click(screen.getByRole('button', { name: 'Edit' }));
  await waitFor(() => {
    expect(router.state.location.pathname).toBe('/accounts/roles/edit/9');
  });
  expect(await screen.findByRole('checkbox', { name: 'Stations: Reset' })).toBeTruthy();
  expect(router.state.location.pathname).toBe('/accounts/roles/edit/9');
});

test('the matrix names domains and actions in Russian and Kyrgyz', async () => {
  serveRoles([ANALYST, NIGHT_SHIFT]);
  await changeLanguage('ru');
  renderRoutes(routes, '/accounts/roles/edit/9');
  expect(await screen.findByRole('checkbox', { name: 'Станции: Перезагрузка' })).toBeTruthy();
  await changeLanguage('ky');
  expect(await screen.findByRole('checkbox', { name: 'Станциялар: Кайра жүктөө' })).toBeTruthy();
});

test("the account form lists the roles' names", async () => {
  serveRoles([ANALYST, NIGHT_SHIFT]);
  const user = userEvent.setup();
  renderRoutes(routes, '/accounts/create');
  await user.click(await screen.findByRole('combobox', { name: 'Role' }));
  expect(await screen.findByTitle('Night shift')).toBeTruthy();
  vi.unstubAllGlobals();
});

test("the account form shows 'Error loading roles' when the roles fail to load", async () => {
  stubFetch((url) => (url.pathname === '/api/v1/accounts/roles/' ? jsonResponse(500, { detail: 'Boom' }) : undefined));
  renderRoutes(routes, '/accounts/create');
  expect(await screen.findByText('Error loading roles', undefined, { timeout: 20_000 })).toBeTruthy();
});

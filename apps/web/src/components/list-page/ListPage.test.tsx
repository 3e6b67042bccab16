import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TPermission } from '@zaryad/contracts';
import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { jsonResponse, spinnersGone, stubFetch } from '@/app/testing/renderRoutes';
import { createDomainHooks } from '@/components/domain-hooks/createDomainHooks';
import { createQueryKeys } from '@/components/domain-hooks/queryKeys';
import { ListPage } from '@/components/list-page/ListPage';
import { PermissionsProvider } from '@/components/permissions/permissions';
import { useListPage } from '@/components/list-page/useListPage';
import { STATUS_FILTERS } from '@/components/status-filter/StatusFilter';
import { renderWithKit } from '@/components/test-render';
import { SESSION_KEY } from '@/lib/session';

type TThing = { id: number; name: string; status: 0 | 1 };
type TQuery = { page: number; size: number; search?: string; active?: 'true' | 'false' };

const thingHooks = createDomainHooks<TThing, TQuery, unknown, unknown>({
  keys: createQueryKeys('things'),
  path: '/things/',
});
const columns: TableColumnsType<TThing> = [
  { key: 'name', title: 'Name', dataIndex: 'name' },
  { key: 'actions', title: 'Actions', render: (_value, thing) => <button type="button">Edit {thing.name}</button> },
];

const ThingsPage = ({ onCreate, onEmpty }: { onCreate: () => void; onEmpty?: ReactNode }) => {
  const state = useListPage({ filters: STATUS_FILTERS, hooks: thingHooks, permission: 'merchants' });
  return (
    <ListPage
      state={state}
      label="Things"
      columns={columns}
      search={{ placeholder: 'Search things' }}
      statusFilter
      create={{ label: 'Add a thing', onClick: onCreate }}
      emptyWithoutFilters={onEmpty}
    />
  );
};

/** A fake `/things/` that answers its rows and applies bulk statuses to them. */
const serve = (rows: TThing[]) => {
  let stored = rows;
  return stubFetch((url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/v1/things/' && method === 'GET') {
      return jsonResponse(200, { items: stored, page: 1, pages: 1, size: 10, total: stored.length });
    }
    if (url.pathname === '/api/v1/things/statuses/' && method === 'PATCH') {
      const body = JSON.parse(String(init?.body)) as { ids: number[]; active: boolean };
      stored = stored.map((row) => (body.ids.includes(row.id) ? { ...row, status: body.active ? 0 : 1 } : row));
      return jsonResponse(
        200,
        stored.filter((row) => body.ids.includes(row.id)),
      );
    }
    return undefined;
  });
};

const renderPage = (
  url: string,
  props: { onCreate?: () => void; onEmpty?: ReactNode; permissions?: readonly TPermission[] } = {},
) => {
  const page = <ThingsPage onCreate={props.onCreate ?? vi.fn()} onEmpty={props.onEmpty} />;
  const router = createMemoryRouter(
    [
      {
        path: '/things',
        element: props.permissions ? (
          <PermissionsProvider permissions={props.permissions}>{page}</PermissionsProvider>
        ) : (
          page
        ),
      },
    ],
    { initialEntries: [url] },
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithKit(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
};

const rowOf = async (name: string) => {
  const row = (await screen.findByText(name)).closest('tr');
  if (!row) {
    throw new Error(`no row for ${name}`);
  }
  return within(row);
};

beforeEach(() => {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ access: 'a', refresh: 'r' }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

test('a shared link asks for the same page, search and status, and shows them in the toolbar', async () => {
  const requests = serve([{ id: 1, name: 'Alamedin', status: 1 }]);
  renderPage('/things?page=2&size=20&search=ala&active=false');
  expect(await screen.findByText('Alamedin')).toBeTruthy();
  expect(requests[0]?.url.search).toBe('?page=2&size=20&search=ala&active=false');
  expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('ala');
  expect(screen.getByTitle('Inactive')).toBeTruthy();
});

test('a search reaches the server 500 ms after typing, from page 1', async () => {
  const requests = serve([{ id: 1, name: 'Alamedin', status: 0 }]);
  const router = renderPage('/things?page=3');
  await screen.findByText('Alamedin');
  await userEvent.type(screen.getByRole('searchbox'), 'osh');
  expect(router.state.location.search).toBe('?page=3');
  await waitFor(() => {
    expect(router.state.location.search).toBe('?search=osh');
  });
  await waitFor(() => {
    expect(requests.at(-1)?.url.search).toBe('?page=1&size=10&search=osh');
  });
});

test('an empty filtered list says nothing matches and its button clears the search and filters', async () => {
  const requests = serve([]);
  const router = renderPage('/things?search=zzz&active=false', { onEmpty: <p>No things yet</p> });
  expect(await screen.findByText('Nothing matches')).toBeTruthy();
  expect(screen.queryByText('No things yet')).toBeNull();
  await spinnersGone();
  await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
  await waitFor(() => {
    expect(router.state.location.search).toBe('');
  });
  await waitFor(() => {
    expect(requests.at(-1)?.url.search).toBe('?page=1&size=10');
  });
  // Still empty without filters: nothing exists yet, which this screen says in its own words.
  expect(await screen.findByText('No things yet')).toBeTruthy();
});

test('an empty list with nothing yet offers the create action, to an account that may create', async () => {
  serve([]);
  const onCreate = vi.fn();
  renderPage('/things', { onCreate });
  await screen.findByRole('button', { name: 'Add the first one' });
  await spinnersGone();
  await userEvent.click(screen.getByRole('button', { name: 'Add the first one' }));
  expect(onCreate).toHaveBeenCalledTimes(1);
});

test('an empty list says nothing yet without a create action to an account that may not create', async () => {
  serve([]);
  renderPage('/things', { permissions: ['merchants.view'] });
  expect(await screen.findByText('Nothing has been added yet: records appear here once they are added.')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Add the first one' })).toBeNull();
});

test('a screen may say its own when nothing narrows the list', async () => {
  serve([]);
  renderPage('/things', { onEmpty: <p>No things yet</p> });
  expect(await screen.findByText('No things yet')).toBeTruthy();
});

test('bulk status: mixed disables, all active deactivates after a confirmation, the answer shows without a reload', async () => {
  const requests = serve([
    { id: 1, name: 'Alamedin', status: 0 },
    { id: 2, name: 'Bishkek Park', status: 0 },
    { id: 3, name: 'Chui', status: 1 },
  ]);
  const onCreate = vi.fn();
  renderPage('/things', { onCreate });
  await userEvent.click((await rowOf('Alamedin')).getByRole('checkbox'));
  await userEvent.click((await rowOf('Chui')).getByRole('checkbox'));
  expect((screen.getByRole('button', { name: 'Change status (2)' }) as HTMLButtonElement).disabled).toBe(true);

  await userEvent.click((await rowOf('Chui')).getByRole('checkbox'));
  await userEvent.click((await rowOf('Bishkek Park')).getByRole('checkbox'));
  await userEvent.click(screen.getByRole('button', { name: 'Deactivate (2)' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
  await waitFor(() => {
    expect(screen.getByRole('button', { name: 'Change status (0)' })).toBeTruthy();
  });
  expect(JSON.parse(String(requests.at(-1)?.init?.body))).toEqual({ ids: [1, 2], active: false });
  // Merged by id into the page on screen: the list itself is not asked for again.
  expect(requests.filter((request) => (request.init?.method ?? 'GET') === 'GET')).toHaveLength(1);

  await userEvent.click((await rowOf('Alamedin')).getByRole('checkbox'));
  expect(screen.getByRole('button', { name: 'Activate (1)' })).toBeTruthy();
  await userEvent.click(screen.getByRole('button', { name: 'Add a thing' }));
  expect(onCreate).toHaveBeenCalledOnce();
});

test('a role that only views the domain gets no create, bulk status, selection or actions column', async () => {
  serve([{ id: 1, name: 'Alamedin', status: 0 }]);
  renderPage('/things', { permissions: ['merchants.view', 'stations.create', 'stations.edit'] });
  expect(await screen.findByText('Alamedin')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Add a thing' })).toBeNull();
  expect(screen.queryByRole('button', { name: /Change status/ })).toBeNull();
  expect(screen.queryByRole('checkbox')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Edit Alamedin' })).toBeNull();
});

test('each control follows its own permission', async () => {
  serve([{ id: 1, name: 'Alamedin', status: 0 }]);
  renderPage('/things', { permissions: ['merchants.view', 'merchants.edit'] });
  expect(await screen.findByRole('button', { name: 'Edit Alamedin' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Add a thing' })).toBeNull();
  expect(screen.queryByRole('checkbox')).toBeNull();
});

test("a 403 from the API shows the server's translated detail in place of the rows", async () => {
  stubFetch(() => jsonResponse(403, { detail: 'Вашей роли это действие недоступно.' }));
  renderPage('/things');
  expect(await screen.findByText('Вашей роли это действие недоступно.')).toBeTruthy();
});

/** A fake `/things/` of `total` active things (only the asked page is built) that takes a change by filter. */
const serveMany = (total: number) => {
  let active = true;
  return stubFetch((url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/v1/things/' && method === 'GET') {
      const page = Number(url.searchParams.get('page') ?? 1);
      const size = Number(url.searchParams.get('size') ?? 10);
      const wanted = url.searchParams.get('active');
      const matching = wanted === null || (wanted === 'true') === active ? total : 0;
      const count = Math.max(0, Math.min(size, matching - (page - 1) * size));
      const items = Array.from({ length: count }, (_, index) => {
        const id = (page - 1) * size + index + 1;
        return { id, name: `Thing ${id}`, status: active ? 0 : 1 };
      });
      return jsonResponse(200, { items, page, pages: Math.max(1, Math.ceil(matching / size)), size, total: matching });
    }
    if (url.pathname === '/api/v1/things/statuses/' && method === 'PATCH') {
      const body = JSON.parse(String(init?.body)) as { active: boolean };
      active = body.active;
      return jsonResponse(200, { updated: total });
    }
    return undefined;
  });
};

test('select-all on a list longer than a page selects every match and the change sends the filter', async () => {
  const requests = serveMany(5000);
  renderPage('/things?search=thing');
  await screen.findByText('Thing 1');
  await userEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
  expect(await screen.findByText('All 5,000 records matching the filter are selected')).toBeTruthy();
  // Their status is found out with one row of the other status asked for; none: all 5,000 can be deactivated.
  const button = await screen.findByRole('button', { name: 'Deactivate (5,000)' });
  expect(requests.some((request) => request.url.search === '?page=1&size=1&search=thing&active=false')).toBe(true);
  // No page of 1,000 rows was asked for.
  expect(requests.some((request) => request.url.searchParams.get('size') === '1000')).toBe(false);
  await userEvent.click(button);
  expect(await screen.findByText('Deactivate the selected records (5,000)?')).toBeTruthy();
  const pageRequests = () => requests.filter((request) => request.url.search === '?page=1&size=10&search=thing').length;
  const asked = pageRequests();
  await userEvent.click(await screen.findByRole('button', { name: 'Deactivate' }));
  await waitFor(() => {
    expect(screen.getByRole('button', { name: 'Change status (0)' })).toBeTruthy();
  });
  const patch = requests.find((request) => request.init?.method === 'PATCH');
  expect(JSON.parse(String(patch?.init?.body))).toEqual({ filter: { search: 'thing' }, active: false });
  expect(screen.queryByText(/records matching the filter are selected/)).toBeNull();
  // The list is asked for again: its rows are inactive now.
  await waitFor(() => {
    expect(pageRequests()).toBeGreaterThan(asked);
  });
  await userEvent.click((await rowOf('Thing 2')).getByRole('checkbox'));
  expect(await screen.findByRole('button', { name: 'Activate (1)' })).toBeTruthy();
});

test('unchecking a row after selecting every match returns to a selection of rows', async () => {
  serveMany(5000);
  renderPage('/things');
  await screen.findByText('Thing 1');
  await userEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
  expect(await screen.findByText('All 5,000 records matching the filter are selected')).toBeTruthy();
  await userEvent.click((await rowOf('Thing 3')).getByRole('checkbox'));
  expect(screen.queryByText(/records matching the filter are selected/)).toBeNull();
  expect(await screen.findByRole('button', { name: 'Deactivate (9)' })).toBeTruthy();
});

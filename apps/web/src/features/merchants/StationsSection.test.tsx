import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TStationRow } from '@zaryad/contracts';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { jsonResponse, renderRoutes, stubFetch } from '@/app/testing/renderRoutes';
import { StationsSection } from '@/features/merchants/StationsSection';
import { changeLanguage } from '@/lib/i18n';

const ref = (id: number, title: string) => ({ id, title_ru: title, title_en: title, title_ky: '', icon_path: null });
const station = (id: number, status: 0 | 1, overrides: Partial<TStationRow> = {}): TStationRow => ({
  id,
  name: `Station ${id}`,
  location: 'Bishkek, Chui 1',
  schedule: [],
  status,
  connectors: ['Type 2', 'CCS2'],
  tags: [ref(1, 'Fast')],
  surroundings: [ref(11, 'Cafe'), ref(12, 'Parking'), ref(13, 'Toilet')],
  ...overrides,
});

const ACTIVE_A = station(1, 0);
const ACTIVE_B = station(2, 0);
const INACTIVE_A = station(3, 1);
const INACTIVE_B = station(4, 1, { surroundings: [ref(11, 'Cafe')], connectors: [] });

type TFake = { rows: TStationRow[]; deleteAnswer?: { status: number; body: unknown } };

const serve = (fake: TFake) =>
  stubFetch((url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/v1/stations/' && method === 'GET') {
      return jsonResponse(200, { items: fake.rows, page: 1, pages: 1, size: 10, total: fake.rows.length });
    }
    if (url.pathname === '/api/v1/stations/statuses/' && method === 'PATCH') {
      const body = JSON.parse(String(init?.body)) as { ids: number[]; active: boolean };
      fake.rows = fake.rows.map((row) => (body.ids.includes(row.id) ? { ...row, status: body.active ? 0 : 1 } : row));
      return jsonResponse(
        200,
        fake.rows.filter((row) => body.ids.includes(row.id)),
      );
    }
    const deleted = /^\/api\/v1\/stations\/(\d+)\/$/.exec(url.pathname);
    if (deleted && method === 'DELETE') {
      if (fake.deleteAnswer) {
        return jsonResponse(fake.deleteAnswer.status, fake.deleteAnswer.body);
      }
      fake.rows = fake.rows.filter((row) => row.id !== Number(deleted[1]));
      return new Response(null, { status: 204 });
    }
    return undefined;
  });

const renderSection = () =>
  renderRoutes([{ path: '/merchant/:id', element: <StationsSection merchantId={7} /> }], '/merchant/7?page=2');

const rowOf = async (name: string) => {
  const link = await screen.findByRole('link', { name });
  const row = link.closest('tr');
  if (!row) {
    throw new Error(`no row for ${name}`);
  }
  return row;
};

const tick = async (name: string) => {
  const row = await rowOf(name);
  await userEvent.click(within(row).getByRole('checkbox'));
};

beforeEach(async () => {
  await changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

test('a row shows its name link, status icon, joined connectors and infrastructure as first item plus +N', async () => {
  serve({ rows: [ACTIVE_A, INACTIVE_B] });
  renderSection();
  const row = await rowOf('Station 1');
  expect(within(row).getByRole('link', { name: 'Station 1' }).getAttribute('href')).toBe('/merchant/7/station-info/1');
  expect(within(row).getByRole('img', { name: 'Active' })).toBeTruthy();
  expect(within(row).getByText('Type 2, CCS2')).toBeTruthy();
  expect(within(row).getByText('Cafe')).toBeTruthy();
  expect(within(row).queryByText('Parking')).toBeNull();
  await userEvent.click(within(row).getByRole('button', { name: 'Show 2 more' }));
  expect(await screen.findByText('Parking')).toBeTruthy();
  expect(screen.getByText('Toilet')).toBeTruthy();

  const single = await rowOf('Station 4');
  expect(within(single).getByRole('img', { name: 'Inactive' })).toBeTruthy();
  expect(within(single).queryByRole('button', { name: /more/ })).toBeNull();
  expect(within(single).getByText('—')).toBeTruthy();
});

test('delete is disabled for an active station; an inactive one is deleted and the list reloads from page 1', async () => {
  const requests = serve({ rows: [ACTIVE_A, INACTIVE_A] });
  const { router } = renderSection();
  const active = await rowOf('Station 1');
  expect((within(active).getByRole('button', { name: 'Delete Station 1' }) as HTMLButtonElement).disabled).toBe(true);
  const inactive = await rowOf('Station 3');
  await userEvent.click(within(inactive).getByRole('button', { name: 'Delete Station 3' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
  await waitFor(() => {
    expect(screen.queryByRole('link', { name: 'Station 3' })).toBeNull();
  });
  expect(
    requests.some((request) => request.init?.method === 'DELETE' && request.url.pathname === '/api/v1/stations/3/'),
  ).toBe(true);
  expect(router.state.location.search).toBe('');
  const lastList = requests.filter((request) => request.url.pathname === '/api/v1/stations/').at(-1);
  expect(lastList?.url.searchParams.get('page')).toBe('1');
  expect(lastList?.url.searchParams.get('merchant')).toBe('7');
});

test('a refused delete shows the joined messages of its array body', async () => {
  serve({ rows: [INACTIVE_A], deleteAnswer: { status: 400, body: ['The station is in use.', 'Try later.'] } });
  renderSection();
  const row = await rowOf('Station 3');
  await userEvent.click(within(row).getByRole('button', { name: 'Delete Station 3' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('The station is in use. Try later.')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Station 3' })).toBeTruthy();
});

test('bulk button: mixed selection disables it, all active deactivates, all inactive activates', async () => {
  const requests = serve({ rows: [ACTIVE_A, ACTIVE_B, INACTIVE_A, INACTIVE_B] });
  renderSection();
  expect(((await screen.findByRole('button', { name: 'Change status (0)' })) as HTMLButtonElement).disabled).toBe(true);

  await tick('Station 1');
  await tick('Station 3');
  const mixed = screen.getByRole('button', { name: 'Change status (2)' }) as HTMLButtonElement;
  expect(mixed.disabled).toBe(true);
  expect(screen.getByText('The selected records have different statuses')).toBeTruthy();

  await tick('Station 3');
  await tick('Station 2');
  await userEvent.click(screen.getByRole('button', { name: 'Deactivate (2)' }));
  expect(await screen.findByText('Deactivate the selected records (2)?')).toBeTruthy();
  await userEvent.click(screen.getAllByRole('button', { name: 'Deactivate' }).at(-1)!);
  await waitFor(() => {
    expect(screen.getByRole('button', { name: 'Change status (0)' })).toBeTruthy();
  });
  const patch = requests.find((request) => request.init?.method === 'PATCH');
  expect(JSON.parse(String(patch?.init?.body))).toEqual({ ids: [1, 2], active: false });
  await waitFor(async () => {
    expect(within(await rowOf('Station 1')).getByRole('img', { name: 'Inactive' })).toBeTruthy();
  });

  await tick('Station 3');
  await tick('Station 4');
  expect(screen.getByRole('button', { name: 'Activate (2)' })).toBeTruthy();
  // Eight clicks on a table of pinned columns and tooltips: over 15 s on a loaded two-core machine.
}, 40_000);

import type { TAuditEntry } from '@zaryad/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { AppProviders } from '@/app/AppProviders';
import { signedInRoutes } from '@/app/routes/signedIn';
import { jsonResponse, renderRoutes, stubFetch } from '@/app/testing/renderRoutes';
import { HistoryButton } from '@/features/audit/HistoryButton';
import { changeLanguage } from '@/lib/i18n';

vi.setConfig({ testTimeout: 45_000 });

const EDIT: TAuditEntry = {
  id: 12,
  created_at: '2026-11-23T08:30:00.000Z',
  account: { id: 3, name: 'Асанов Нурлан' },
  ip: '203.0.113.7',
  entity: 'station',
  entity_id: '41',
  action: 'update',
  changes: { name_en: { before: 'Old charger', after: 'New charger' }, password: { before: null, after: 'changed' } },
  names: {},
};
const CREATE: TAuditEntry = {
  ...EDIT,
  id: 11,
  action: 'create',
  account: null,
  changes: { name_en: { before: null, after: 'Old charger' } },
  names: {},
};
const page = (items: TAuditEntry[]) => ({ items, page: 1, pages: 1, size: 10, total: items.length });

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const fakeServer = () =>
  stubFetch((url) => {
    if (url.pathname === '/api/v1/audit-log/') {
      return jsonResponse(200, page([EDIT, CREATE]));
    }
    if (url.pathname === '/api/v1/accounts/') {
      return jsonResponse(200, { items: [], page: 1, pages: 1, size: 1000, total: 0 });
    }
    if (url.pathname === '/api/v1/accounts/me/') {
      return jsonResponse(200, { id: 3, first_name: 'Нурлан', last_name: 'Асанов', email: 'a@zaryad.test', permissions: ['audit.view', 'audit.export'] });
    }
    return undefined;
  });

test('lists entries with translated records, actions and fields, secrets as "changed"', async () => {
  fakeServer();
  renderRoutes(signedInRoutes, '/audit-log');
  const table = await screen.findByRole('table', { name: 'Audit log' });
  const edited = (await within(table).findByText('Edited')).closest('tr');
  if (!edited) {
    throw new Error('no row');
  }
  expect(within(edited).getByText('Station #41')).toBeTruthy();
  expect(within(edited).getByText('Асанов Нурлан')).toBeTruthy();
  expect(within(edited).getByText('Name (English)')).toBeTruthy();
  expect(within(edited).getByText('New charger')).toBeTruthy();
  expect(within(edited).getByText('changed')).toBeTruthy();
  const created = within(table).getByText('Created').closest('tr');
  expect(created && within(created).getByText('System')).toBeTruthy();
});

test('a filter goes into the query the log is read with', async () => {
  const requests = fakeServer();
  const user = userEvent.setup();
  renderRoutes(signedInRoutes, '/audit-log?entity=station');
  await screen.findByRole('table', { name: 'Audit log' });
  await vi.waitFor(() => {
    expect(requests.some((request) => request.url.pathname === '/api/v1/audit-log/' && request.url.searchParams.get('entity') === 'station')).toBe(true);
  });
  await user.click(screen.getByRole('combobox', { name: 'Action' }));
  await user.click(await screen.findByTitle('Status changed'));
  await vi.waitFor(() => {
    expect(requests.some((request) => request.url.searchParams.get('action') === 'status')).toBe(true);
  });
});

test('History on a record lists its changes newest first, in Russian too', async () => {
  const requests = stubFetch((url) =>
    url.pathname === '/api/v1/audit-log/' ? jsonResponse(200, page([EDIT, CREATE])) : undefined,
  );
  await changeLanguage('ru');
  const user = userEvent.setup();
  render(
    <AppProviders>
      <HistoryButton entity="station" id={41} />
    </AppProviders>,
  );
  await user.click(screen.getByRole('button', { name: 'История' }));
  const list = await screen.findByRole('list', { name: 'История изменений' });
  const items = await within(list).findAllByRole('listitem');
  expect(within(items[0] as HTMLElement).getByText('Изменение')).toBeTruthy();
  expect(within(items[0] as HTMLElement).getByText('Название (английский)')).toBeTruthy();
  expect(within(items[1] as HTMLElement).getByText('Создание')).toBeTruthy();
  const asked = requests.find((request) => request.url.pathname === '/api/v1/audit-log/');
  expect(asked?.url.searchParams.get('entity')).toBe('station');
  expect(asked?.url.searchParams.get('entity_id')).toBe('41');
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TBalanceEntry, TCharge, TPermission } from '@zaryad/contracts';
import type { TChargeRefunds } from '@zaryad/contracts/payments';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { signedInRoutes } from '@/app/routes/signedIn';
import { fakeMe } from '@/app/testing/fakeMe';
import { jsonResponse, renderRoutes, stubFetch } from '@/app/testing/renderRoutes';
import { changeLanguage } from '@/lib/i18n';

vi.setConfig({ testTimeout: 90_000 });

const charge = (overrides: Partial<TCharge> = {}): TCharge => ({
  id: 41,
  number: 41,
  ocpp_transaction_id: 9041,
  user: { id: 7, name: 'Айгуль Токтогулова', personal_account: '100007' },
  station: { id: 3, name: 'Ала-Тоо 1', merchant_id: 2 },
  connector: { id: 5, name: 'CCS2 #1', ocpp_16_id: 1 },
  app_version: '2.4.1',
  platform: 1,
  source: 'app',
  started_at: '2026-11-23T12:00:00.000Z',
  finished_at: '2026-11-23T13:05:09.000Z',
  duration: 3909,
  meter_start: 1000,
  meter_stop: 13345,
  consumption_kwh: '12.345',
  tariff: { kind: 'personal', price_per_kwh: '16.00', rate_id: 12 },
  promotion_id: null,
  discount: '0.00',
  total_cost: '197.52',
  shortfall: '0.00',
  payment_method: 'personal_balance',
  status: 'finished',
  transaction_status: 'successful',
  closed_by: 'charge_point',
  charge_point: null,
  running_cost: null,
  cost_breakdown: null,
  ...overrides,
});

const FINISHED = charge();
const FREE = charge({ id: 43, number: 43, total_cost: '0.00' });
const CASH = charge({ id: 45, number: 45, payment_method: 'cash' });
const RUNNING = charge({
  id: 42,
  number: 42,
  status: 'in_progress',
  finished_at: null,
  total_cost: '0.00',
  closed_by: null,
  charge_point: { state: 'online', silent_for: 12, force_finish_in: 588 },
  running_cost: { amount: '10.00', discount: '0.00', total_cost: '10.00', meter_at: '2026-11-23T12:01:05.000Z' },
});
const OUT_OF_BALANCE = charge({ id: 44, number: 44, status: 'stopped', closed_by: 'balance' });

const refundEntry: TBalanceEntry = {
  id: 90,
  created_at: '2026-11-24T04:00:00.000Z',
  user: { id: 7, name: 'Айгуль Токтогулова', personal_account: '100007' },
  basis: 'refund',
  method: 'personal_balance',
  debit: '0.00',
  credit: '50.00',
  deposit: '250.00',
  comment: 'Connector fault',
  account: { id: 1, first_name: 'Bakyt', last_name: 'Asanov' },
  charge_id: 41,
  user_blocked: false,
};

const REFUNDS: TChargeRefunds = { total_cost: '197.52', refunded: '50.00', left: '147.52', entries: [refundEntry] };

type TFake = {
  rows: TCharge[];
  refunds?: TChargeRefunds;
  refundAnswer?: { status: number; body: unknown };
  permissions?: readonly TPermission[];
};

const serve = (fake: TFake) =>
  stubFetch((url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/v1/accounts/me/') {
      return jsonResponse(200, fakeMe(fake.permissions ? { permissions: fake.permissions } : {}));
    }
    if (url.pathname === '/api/v1/users/transactions/' && method === 'GET') {
      return jsonResponse(200, { items: fake.rows, page: 1, pages: 1, size: 10, total: fake.rows.length });
    }
    if (url.pathname === '/api/v1/users/transactions/totals/') {
      return jsonResponse(200, { count: 1, consumption_kwh: '12.345', turnover: '197.52', discount: '0.00' });
    }
    if (url.pathname === '/api/v1/users/transactions/41/refunds/') {
      return jsonResponse(200, fake.refunds ?? REFUNDS);
    }
    if (url.pathname === '/api/v1/users/transactions/41/refund/' && method === 'POST') {
      if (fake.refundAnswer) {
        return jsonResponse(fake.refundAnswer.status, fake.refundAnswer.body);
      }
      fake.refunds = { ...REFUNDS, refunded: '197.52', left: '0.00' };
      return jsonResponse(201, { entry: refundEntry, balance: '397.52', detail: 'Refunded 147.52 som' });
    }
    return undefined;
  });

const rowOf = async (number: number) => {
  const table = await screen.findByRole('table', { name: 'Charges' });
  const cell = await within(table).findByText(String(number), { selector: 'td' });
  const row = cell.closest('tr');
  if (!row) {
    throw new Error(`no row for ${number}`);
  }
  return row;
};

const dialogTitled = async (title: string) => {
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByText(title);
  return dialog;
};

beforeEach(async () => {
  await changeLanguage('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

test('Refund is offered on ended charges paid from the balance with a cost only; a charge stopped for its balance says so', async () => {
  serve({ rows: [FINISHED, FREE, RUNNING, OUT_OF_BALANCE, CASH] });
  renderRoutes(signedInRoutes, '/chargers-list');
  expect(within(await rowOf(41)).getByRole('button', { name: 'Refund charge No. 41' })).toBeTruthy();
  expect(within(await rowOf(43)).queryByRole('button', { name: /Refund/ })).toBeNull();
  // Paid in cash: the balance gave nothing, so there is nothing to give back.
  expect(within(await rowOf(45)).queryByRole('button', { name: /Refund/ })).toBeNull();
  const running = await rowOf(42);
  expect(within(running).queryByRole('button', { name: /Refund/ })).toBeNull();
  expect(within(running).getByRole('button', { name: 'Stop charge 42' })).toBeTruthy();
  const stopped = await rowOf(44);
  expect(within(stopped).getByText('Stopped: balance ran out')).toBeTruthy();
  expect(within(stopped).getByRole('button', { name: 'Refund charge No. 44' })).toBeTruthy();
});

test('the refund shows what is left, checks the amount and reason, posts once and reads the list again', async () => {
  const requests = serve({ rows: [FINISHED] });
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  renderRoutes(signedInRoutes, '/chargers-list');
  await user.click(within(await rowOf(41)).getByRole('button', { name: 'Refund charge No. 41' }));
  const dialog = await dialogTitled('Refund of charge No. 41');
  expect(await within(dialog).findByText('147.52')).toBeTruthy();
  expect(within(dialog).getByText('Connector fault')).toBeTruthy();
  const amount = within(dialog).getByRole('textbox', { name: 'Amount, som' });
  await waitFor(() => {
    expect(amount).toHaveProperty('value', '147.52');
  });
  await user.clear(amount);
  await user.type(amount, '147.53');
  await user.click(within(dialog).getByRole('button', { name: 'Refund to the balance' }));
  expect(await within(dialog).findByText('At most 147.52 som is left to refund')).toBeTruthy();
  expect(await within(dialog).findByText('Enter the reason for the refund')).toBeTruthy();
  await user.clear(amount);
  await user.type(amount, '0');
  expect(await within(dialog).findByText('The amount must be greater than 0')).toBeTruthy();
  await user.clear(amount);
  await user.type(amount, '147.52');
  await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Station fault');
  const listReads = requests.filter((request) => request.url.pathname === '/api/v1/users/transactions/').length;
  await user.dblClick(within(dialog).getByRole('button', { name: 'Refund to the balance' }));

  expect(await screen.findByText('Refunded 147.52 som')).toBeTruthy();
  const posts = requests.filter((request) => request.init?.method === 'POST');
  expect(posts).toHaveLength(1);
  expect(JSON.parse(String(posts[0]?.init?.body))).toEqual({ amount: '147.52', reason: 'Station fault' });
  expect(new Headers(posts[0]?.init?.headers).get('Idempotency-Key')).toBeTruthy();
  await waitFor(() => {
    expect(requests.filter((request) => request.url.pathname === '/api/v1/users/transactions/').length).toBeGreaterThan(
      listReads,
    );
  });
});

test('a refusal (409) is an alert in the modal and nothing changes', async () => {
  serve({
    rows: [FINISHED],
    refundAnswer: { status: 409, body: { detail: 'Only an ended charge with a cost can be refunded.' } },
  });
  const user = userEvent.setup();
  renderRoutes(signedInRoutes, '/chargers-list');
  await user.click(within(await rowOf(41)).getByRole('button', { name: 'Refund charge No. 41' }));
  const dialog = await dialogTitled('Refund of charge No. 41');
  await within(dialog).findByText('147.52');
  await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Station fault');
  await user.click(within(dialog).getByRole('button', { name: 'Refund to the balance' }));
  expect((await within(dialog).findByRole('alert')).textContent).toContain(
    'Only an ended charge with a cost can be refunded.',
  );
  expect(screen.getByRole('dialog')).toBeTruthy();
});

test('without charges.refund there is no Refund', async () => {
  serve({ rows: [FINISHED], permissions: ['charges.view', 'charges.stop'] });
  renderRoutes(signedInRoutes, '/chargers-list');
  const row = await rowOf(41);
  expect(within(row).queryByRole('button', { name: /Refund/ })).toBeNull();
});

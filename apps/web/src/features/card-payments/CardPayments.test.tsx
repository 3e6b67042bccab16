import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TPermission } from '@zaryad/contracts';
import type { TCardPayment, TCardPaymentDetail } from '@zaryad/contracts/payments';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { signedInRoutes } from '@/app/routes/signedIn';
import { fakeMe } from '@/app/testing/fakeMe';
import { jsonResponse, renderRoutes, stubFetch } from '@/app/testing/renderRoutes';
import { changeLanguage } from '@/lib/i18n';

vi.setConfig({ testTimeout: 90_000 });

const payment = (overrides: Partial<TCardPayment> = {}): TCardPayment => ({
  id: 12,
  // 18:30 UTC is 00:30 the next day in Bishkek.
  created_at: '2026-11-20T18:30:00.000Z',
  user: { id: 7, name: 'Айгуль Токтогулова', personal_account: '100007' },
  provider: 'freedompay',
  kind: 'top_up',
  order_id: 'ZR-000012',
  provider_payment_id: '987654321',
  amount: '500.00',
  refunded: '200.00',
  status: 'paid',
  card: '440043******1234',
  paid_at: '2026-11-20T18:31:00.000Z',
  entry_id: 301,
  failure: '',
  checked_at: null,
  ...overrides,
});

const PAID = payment();
const FAILED = payment({
  id: 13,
  order_id: 'ZR-000013',
  provider_payment_id: null,
  amount: '1000.00',
  refunded: '0.00',
  status: 'failed',
  card: '',
  paid_at: null,
  entry_id: null,
  failure: 'Insufficient funds',
});

/** Charged by the server to the driver's saved card. */
const AUTOMATIC = payment({
  id: 14,
  kind: 'auto_top_up',
  order_id: 'ZR-000014',
  provider_payment_id: '987654322',
  amount: '300.00',
  refunded: '0.00',
});

const DETAIL: TCardPaymentDetail = {
  ...PAID,
  refunds: [
    {
      id: 1,
      created_at: '2026-11-21T04:00:00.000Z',
      amount: '200.00',
      reason: 'Charge point fault',
      account: { id: 1, first_name: 'Bakyt', last_name: 'Asanov' },
      entry_id: 302,
    },
  ],
  events: [
    { at: '2026-11-20T18:30:00.000Z', kind: 'init', valid: true, summary: 'Payment page issued' },
    { at: '2026-11-20T18:31:00.000Z', kind: 'callback', valid: false, summary: 'pg_result=1' },
  ],
};

const page = (items: TCardPayment[]) => ({ items, page: 1, pages: 1, size: 10, total: items.length });

type TFake = {
  rows: TCardPayment[];
  detail?: TCardPaymentDetail;
  refundAnswer?: { status: number; body: unknown };
  permissions?: readonly TPermission[];
};

const serve = (fake: TFake) =>
  stubFetch((url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/v1/accounts/me/') {
      return jsonResponse(200, fakeMe(fake.permissions ? { permissions: fake.permissions } : {}));
    }
    if (url.pathname === '/api/v1/card-payments/' && method === 'GET') {
      return jsonResponse(200, page(fake.rows));
    }
    if (url.pathname === '/api/v1/card-payments/totals/') {
      return jsonResponse(200, { count: 2, paid: '1500.00', refunded: '200.00' });
    }
    if (url.pathname === '/api/v1/card-payments/12/' && method === 'GET') {
      return jsonResponse(200, fake.detail ?? DETAIL);
    }
    if (url.pathname === '/api/v1/card-payments/12/refund/' && method === 'POST') {
      if (fake.refundAnswer) {
        return jsonResponse(fake.refundAnswer.status, fake.refundAnswer.body);
      }
      const body = JSON.parse(String(init?.body)) as { amount: string };
      fake.detail = { ...DETAIL, refunded: '500.00' };
      return jsonResponse(201, { entry: {}, balance: '0.00', detail: `Refunded ${body.amount} som` });
    }
    return undefined;
  });

const rowOf = async (orderId: string) => {
  const table = await screen.findByRole('table', { name: 'Card payments' });
  const row = (await within(table).findByRole('link', { name: orderId })).closest('tr');
  if (!row) {
    throw new Error(`no row for ${orderId}`);
  }
  return row;
};

/** The modal with this title (antd's aria-labelledby points at a test id in happy-dom, so no accessible name). */
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

test('/card-payments lists the payments: Bishkek time, links to the user and the payment, status words, money', async () => {
  serve({ rows: [PAID, FAILED] });
  renderRoutes(signedInRoutes, '/card-payments');
  const paidRow = await rowOf('ZR-000012');
  const paid = within(paidRow);
  expect(paid.getByRole('link', { name: 'ZR-000012' }).getAttribute('href')).toBe('/card-payments/12');
  expect(paid.getByRole('link', { name: 'Айгуль Токтогулова' }).getAttribute('href')).toBe('/user/7');
  expect(paid.getByText('21.11.2026 00:30')).toBeTruthy();
  // The provider's id and the paid time are details: in the row's expanded part, so the key columns fit at 1280 px.
  expect(paid.queryByText('987654321')).toBeNull();
  await userEvent.click(paid.getByRole('button', { name: 'Expand row' }));
  expect(within(paidRow.nextElementSibling as HTMLElement).getByText('987654321')).toBeTruthy();
  expect(paid.getByText('500.00')).toBeTruthy();
  expect(paid.getByText('200.00')).toBeTruthy();
  expect(paid.getByText('Paid')).toBeTruthy();
  expect(paid.getByText('440043******1234')).toBeTruthy();
  expect(paid.getByText('Top-up')).toBeTruthy();
  const failed = within(await rowOf('ZR-000013'));
  expect(failed.getByText('Failed')).toBeTruthy();
  expect(failed.getByText('1,000.00')).toBeTruthy();
  const totals = await screen.findByRole('status', { name: 'Total for the selection' });
  await waitFor(() => {
    expect(totals.textContent?.replace(/\u00a0/g, ' ')).toContain('Paid: 1,500.00 som');
  });
  expect(totals.textContent).toContain('Payments: 2');
  expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
});

test('the status, user and search filters go into the URL, the list, the totals and the export', async () => {
  const requests = serve({ rows: [PAID] });
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
  const user = userEvent.setup();
  const { router } = renderRoutes(signedInRoutes, '/card-payments?page=2');
  await rowOf('ZR-000012');
  await user.click(screen.getByRole('combobox', { name: 'Status' }));
  await user.click(await screen.findByTitle('Awaiting payment'));
  await waitFor(() => {
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('pending');
  });
  await user.type(screen.getByRole('textbox', { name: 'User ID' }), '7');
  await user.type(screen.getByRole('searchbox'), 'ZR-0000');
  await waitFor(() => {
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('search_by_user_id')).toBe('7');
    expect(params.get('search')).toBe('ZR-0000');
    expect(params.get('page')).toBeNull();
  });
  await waitFor(() => {
    const list = requests.filter((request) => request.url.pathname === '/api/v1/card-payments/').at(-1);
    expect(list?.url.searchParams.get('status')).toBe('pending');
    expect(list?.url.searchParams.get('search_by_user_id')).toBe('7');
    expect(list?.url.searchParams.get('search')).toBe('ZR-0000');
    const totals = requests.filter((request) => request.url.pathname === '/api/v1/card-payments/totals/').at(-1);
    expect(totals?.url.searchParams.get('status')).toBe('pending');
    expect(totals?.url.searchParams.has('page')).toBe(false);
  });
  await user.click(screen.getByRole('button', { name: 'Export XLSX' }));
  await waitFor(() => {
    const exported = requests.find((request) => request.url.pathname === '/api/v1/card-payments/export/');
    expect(exported?.url.searchParams.get('format')).toBe('xlsx');
    expect(exported?.url.searchParams.get('status')).toBe('pending');
    expect(exported?.url.searchParams.has('page')).toBe(false);
  });
});

test('the kind column tells a top-up from an automatic one; its filter goes into the URL, the list and the totals', async () => {
  const requests = serve({ rows: [PAID, AUTOMATIC] });
  const user = userEvent.setup();
  const { router } = renderRoutes(signedInRoutes, '/card-payments');
  expect(within(await rowOf('ZR-000012')).getByText('Top-up')).toBeTruthy();
  expect(within(await rowOf('ZR-000014')).getByText('Automatic top-up')).toBeTruthy();
  await user.click(screen.getByRole('combobox', { name: 'Kind' }));
  await user.click(await screen.findByTitle('Automatic top-up'));
  await waitFor(() => {
    expect(new URLSearchParams(router.state.location.search).get('kind')).toBe('auto_top_up');
  });
  await waitFor(() => {
    const list = requests.filter((request) => request.url.pathname === '/api/v1/card-payments/').at(-1);
    expect(list?.url.searchParams.get('kind')).toBe('auto_top_up');
    const totals = requests.filter((request) => request.url.pathname === '/api/v1/card-payments/totals/').at(-1);
    expect(totals?.url.searchParams.get('kind')).toBe('auto_top_up');
  });
});

test('a kind in a shared link is the filter shown and asked for', async () => {
  const requests = serve({ rows: [AUTOMATIC] });
  renderRoutes(signedInRoutes, '/card-payments?kind=auto_top_up');
  await rowOf('ZR-000014');
  const kind = screen.getByRole('combobox', { name: 'Kind' }).closest('.ant-select');
  expect(within(kind as HTMLElement).getByTitle('Automatic top-up')).toBeTruthy();
  expect(
    requests
      .filter((request) => request.url.pathname === '/api/v1/card-payments/')
      .at(-1)
      ?.url.searchParams.get('kind'),
  ).toBe('auto_top_up');
});

test('without card_payments.export there is no export', async () => {
  serve({ rows: [PAID], permissions: ['card_payments.view'] });
  renderRoutes(signedInRoutes, '/card-payments');
  await rowOf('ZR-000012');
  expect(screen.queryByRole('button', { name: /Export/ })).toBeNull();
});

test('a payment shows its refunds and what the provider said; a refund checks the amount and reason, then posts once', async () => {
  const requests = serve({ rows: [PAID] });
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  renderRoutes(signedInRoutes, '/card-payments/12');
  const refunds = await screen.findByRole('list', { name: 'Refunds to the card' });
  expect(within(refunds).getByText('Charge point fault')).toBeTruthy();
  expect(within(refunds).getByText('Asanov Bakyt')).toBeTruthy();
  expect(screen.getByText('Kind').closest('tr')?.textContent).toContain('Top-up');
  const events = screen.getByRole('list', { name: 'What the payment provider said' });
  expect(within(events).getByText('Payment created')).toBeTruthy();
  expect(within(events).getByText('(Signature not verified: ignored)')).toBeTruthy();

  await user.click(screen.getByRole('button', { name: 'Refund to card' }));
  const dialog = await dialogTitled('Refund to the card');
  expect(
    within(dialog)
      .getByRole('status')
      .textContent?.replace(/\u00a0/g, ' '),
  ).toBe('Payment ZR-000012: 500.00 som paid, 300.00 som can still be refunded.');
  const amount = within(dialog).getByRole('textbox', { name: 'Amount, som' });
  // What is left is suggested.
  expect(amount).toHaveProperty('value', '300.00');
  await user.clear(amount);
  await user.type(amount, '300.01');
  await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
  expect(await within(dialog).findByText('At most 300.00 som is left to refund')).toBeTruthy();
  expect(await within(dialog).findByText('Enter the reason for the refund')).toBeTruthy();
  await user.clear(amount);
  await user.type(amount, '120.5');
  await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'The driver asked');
  await user.dblClick(within(dialog).getByRole('button', { name: 'Refund' }));

  expect(await screen.findByText('Refunded 120.5 som')).toBeTruthy();
  const posts = requests.filter((request) => request.init?.method === 'POST');
  expect(posts).toHaveLength(1);
  expect(JSON.parse(String(posts[0]?.init?.body))).toEqual({ amount: '120.5', reason: 'The driver asked' });
  expect(new Headers(posts[0]?.init?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  // The payment is read again: all refunded, nothing left to refund.
  await waitFor(() => {
    expect(screen.queryByRole('button', { name: 'Refund to card' })).toBeNull();
  });
});

test("a provider's refusal (502) is an alert in the modal; a 400 goes on its field", async () => {
  const fake: TFake = {
    rows: [PAID],
    refundAnswer: { status: 502, body: { detail: 'The payment provider refused the refund. Nothing was changed.' } },
  };
  serve(fake);
  const user = userEvent.setup();
  renderRoutes(signedInRoutes, '/card-payments/12');
  await user.click(await screen.findByRole('button', { name: 'Refund to card' }));
  const dialog = await dialogTitled('Refund to the card');
  await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Double payment');
  await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
  const alert = await within(dialog).findByRole('alert');
  expect(alert.textContent).toContain('The payment provider refused the refund. Nothing was changed.');
  expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveProperty('value', 'Double payment');

  fake.refundAnswer = { status: 400, body: { amount: ['At most 100.00 som is left to refund.'] } };
  await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
  expect(await within(dialog).findByText('At most 100.00 som is left to refund.')).toBeTruthy();
});

test('without card_payments.refund, or for a failed payment, there is no refund', async () => {
  serve({ rows: [PAID], permissions: ['card_payments.view'] });
  renderRoutes(signedInRoutes, '/card-payments/12');
  await screen.findByRole('list', { name: 'Refunds to the card' });
  expect(screen.queryByRole('button', { name: 'Refund to card' })).toBeNull();
});

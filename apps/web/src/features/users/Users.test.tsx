import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TBalanceEntry, TPermission, TUser, TUserRow } from '@zaryad/contracts';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { signedInRoutes } from '@/app/routes/signedIn';
import { fakeMe } from '@/app/testing/fakeMe';
import { jsonResponse, renderRoutes, spinnersGone, stubFetch } from '@/app/testing/renderRoutes';
import type { TAppDevice } from '@zaryad/contracts/app';
import { AUTO_TOP_UP_FAILURES_MAX, type TCardWallet } from '@zaryad/contracts/payments';
import { changeLanguage } from '@/lib/i18n';
import { SESSION_KEY } from '@/lib/session';

vi.setConfig({ testTimeout: 90_000 });

const row = (id: number, overrides: Partial<TUserRow> = {}): TUserRow => ({
  id,
  personal_account: `10000${id}`,
  name: `Айбек Токтосунов ${id}`,
  phone: '996555123456',
  email: `user${id}@mail.kg`,
  gender: 'male',
  birthday: '1990-03-12',
  age: 36,
  // 18:30 UTC is 00:30 the next day in Bishkek.
  registered_at: '2026-03-01T18:30:00.000Z',
  car: { make: 'BYD', model: 'Song Plus', year: 2023, color: 'white' },
  driver_licence: 'AB1234567',
  balance: '1500.00',
  status: 0,
  referral_code: 'AIBEK7',
  ...overrides,
});

const USER: TUser = {
  ...row(5, { name: 'Айбек Токтосунов', balance: '-250.50' }),
  id_tags: [{ id: 1, id_tag: 'RFID-04A1B2', kind: 'rfid', created_at: '2026-03-02T06:00:00.000Z' }],
  held: '0.00',
  available: '-250.50',
};

const entry = (id: number, overrides: Partial<TBalanceEntry> = {}): TBalanceEntry => ({
  id,
  created_at: '2026-11-20T04:15:00.000Z',
  user: { id: 5, name: 'Айбек Токтосунов', personal_account: '100005' },
  basis: 'top_up',
  method: 'cash',
  debit: '0.00',
  credit: '1200.00',
  deposit: '949.50',
  comment: 'At the office',
  account: { id: 1, first_name: 'Bakyt', last_name: 'Asanov' },
  charge_id: null,
  user_blocked: false,
  ...overrides,
});

/** The modal with this title (antd's aria-labelledby points at a test id in happy-dom, so no accessible name). */
const dialogTitled = async (title: string) => {
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByText(title);
  return dialog;
};

/** Text as read, with the no-break spaces of grouped sums as plain spaces. */
const plain = (element: Element | null | undefined) => (element?.textContent ?? '').replace(/\u00a0/g, ' ');

const paged = <T,>(items: T[]) => ({ items, page: 1, pages: 1, size: 10, total: items.length });

type TServer = {
  user: TUser;
  entries: TBalanceEntry[];
  topUpAnswer?: { status: number; body: unknown };
  devices?: TAppDevice[];
  wallet?: TCardWallet;
  permissions?: readonly TPermission[];
};

/** A driver with no saved card and the automatic top-up never turned on (the server's defaults). */
const NO_WALLET: TCardWallet = {
  cards: [],
  auto_top_up: { enabled: false, card: null, threshold: '100.00', amount: '500.00', failures: 0, stopped: null },
};

const serve = (server: TServer) =>
  stubFetch((url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/v1/accounts/me/') {
      return jsonResponse(200, fakeMe(server.permissions ? { permissions: server.permissions } : {}));
    }
    if (url.pathname === '/api/v1/users/' && method === 'GET') {
      return jsonResponse(200, paged([row(1), row(2, { balance: '-42.10', status: 1, gender: 'female' })]));
    }
    if (url.pathname === '/api/v1/users/5/' && method === 'GET') {
      return jsonResponse(200, server.user);
    }
    if (url.pathname === '/api/v1/users/5/balance/' && method === 'PATCH') {
      if (server.topUpAnswer) {
        return jsonResponse(server.topUpAnswer.status, server.topUpAnswer.body);
      }
      const made = entry(99, { credit: '1500.00', deposit: '1249.50' });
      server.user = { ...server.user, balance: '1249.50' };
      server.entries = [made, ...server.entries];
      return jsonResponse(200, { entry: made, balance: '1249.50' });
    }
    if (url.pathname === '/api/v1/users/payments/') {
      return jsonResponse(200, paged(server.entries));
    }
    if (url.pathname === '/api/v1/users/transactions/' && method === 'GET') {
      return jsonResponse(200, paged([]));
    }
    if (url.pathname === '/api/v1/users/payments/totals/') {
      return jsonResponse(200, { count: 2, debit: '12345.60', credit: '1200.00' });
    }
    if (url.pathname === '/api/v1/users/5/devices/') {
      return jsonResponse(200, { items: server.devices ?? [] });
    }
    if (url.pathname === '/api/v1/card-payments/wallets/5/') {
      return jsonResponse(200, server.wallet ?? NO_WALLET);
    }
    return undefined;
  });

beforeEach(async () => {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ access: 'a', refresh: 'r' }));
  await changeLanguage('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

test('/users lists the users with the masked phone, Bishkek time and a negative balance in red', async () => {
  serve({ user: USER, entries: [] });
  renderRoutes(signedInRoutes, '/users');
  const table = await screen.findByRole('table', { name: 'Users' });
  const first = (await within(table).findByRole('link', { name: 'Айбек Токтосунов 1' })).closest('tr');
  expect(first?.querySelector('a')?.getAttribute('href')).toBe('/user/1');
  const cells = within(first as HTMLElement);
  expect(cells.getByText('+996 (555) 12-34-56')).toBeTruthy();
  expect(cells.getByText('02.03.2026 00:30')).toBeTruthy();
  // The car, gender and the other details are read in the row's expanded part.
  expect(cells.queryByText('BYD Song Plus, 2023, white')).toBeNull();
  await userEvent.click(cells.getByRole('button', { name: 'Expand row' }));
  expect(within(first?.nextElementSibling as HTMLElement).getByText('BYD Song Plus, 2023, white')).toBeTruthy();
  expect(cells.getByText('1,500.00')).toBeTruthy();
  expect(cells.queryByTestId('negative-money')).toBeNull();
  const second = within(table).getByRole('link', { name: 'Айбек Токтосунов 2' }).closest('tr') as HTMLElement;
  expect(within(second).getByTestId('negative-money').textContent).toBe('-42.10');
  expect(within(second).getByText('Blocked')).toBeTruthy();
  await userEvent.click(within(second).getByRole('button', { name: 'Expand row' }));
  expect(within(second.nextElementSibling as HTMLElement).getByText('Female')).toBeTruthy();
});

test('the folded filters write into the URL and the query, and a filtered link opens them unfolded', async () => {
  const requests = serve({ user: USER, entries: [] });
  const user = userEvent.setup();
  const { router } = renderRoutes(signedInRoutes, '/users?page=3');
  await screen.findByRole('table', { name: 'Users' });
  expect(screen.queryByRole('textbox', { name: 'Balance from' })).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Filters' }));
  await user.type(await screen.findByRole('textbox', { name: 'Balance from' }), '-100.5');
  // The user sees the list refresh before reaching for the next filter: on a loaded machine, typing outlasted the
  // debounce and the refreshed panel closed a dropdown opened meanwhile, so the test waits as the user does.
  await waitFor(() => {
    expect(new URLSearchParams(router.state.location.search).get('balance__from')).toBe('-100.5');
  });
  await user.click(screen.getByRole('combobox', { name: 'Gender' }));
  await user.click(await screen.findByTitle('Female'));
  await waitFor(() => {
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('balance__from')).toBe('-100.5');
    expect(params.get('gender')).toBe('female');
    expect(params.get('page')).toBeNull();
  });
  await waitFor(() => {
    expect(
      requests.some(
        (request) =>
          request.url.pathname === '/api/v1/users/' &&
          request.url.searchParams.get('balance__from') === '-100.5' &&
          request.url.searchParams.get('gender') === 'female',
      ),
    ).toBe(true);
  });
  // Half-typed money stays in the field and never reaches the server. The filters reach the URL together, so the
  // next change (the gender) carries whatever the draft holds: had the '-' been taken, it would come with it.
  const to = screen.getByRole('textbox', { name: 'Balance to' });
  await user.type(to, '-');
  await user.click(screen.getByRole('combobox', { name: 'Gender' }));
  await user.click(await screen.findByTitle('Male'));
  await waitFor(() => {
    expect(new URLSearchParams(router.state.location.search).get('gender')).toBe('male');
  });
  expect(new URLSearchParams(router.state.location.search).get('balance__to')).toBeNull();
  expect(to).toHaveProperty('value', '-');
  expect(requests.some((request) => request.url.searchParams.has('balance__to'))).toBe(false);
  await user.click(screen.getByRole('button', { name: 'Reset filters' }));
  await waitFor(() => {
    expect(router.state.location.search).toBe('');
  });
});

test('a link with a filter opens the panel; search goes to the URL after the debounce', async () => {
  const requests = serve({ user: USER, entries: [] });
  const user = userEvent.setup();
  const { router } = renderRoutes(signedInRoutes, '/users?gender=male&search_by_user_id=7');
  expect(await screen.findByRole('textbox', { name: 'User ID' })).toHaveProperty('value', '7');
  expect(screen.getByRole('button', { name: 'Hide filters' }).getAttribute('aria-expanded')).toBe('true');
  await user.type(screen.getByRole('searchbox'), '555 12');
  await waitFor(() => {
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe('555 12');
  });
  const asked = requests.filter((request) => request.url.pathname === '/api/v1/users/').at(-1);
  expect(asked?.url.searchParams.get('search_by_user_id')).toBe('7');
});

test('the top-up checks the amount, confirms it, sends one request with one Idempotency-Key and says so', async () => {
  const server: TServer = { user: USER, entries: [entry(1)] };
  const requests = serve(server);
  // The second click of the double click lands on the button while it is busy: let it through to prove it adds nothing.
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  renderRoutes(signedInRoutes, '/user/5');
  const balance = await screen.findByTestId('user-balance');
  expect(within(balance).getByTestId('negative-money').textContent).toBe('-250.50');

  await user.click(screen.getByRole('button', { name: 'Top up' }));
  const dialog = await dialogTitled('Top up the balance');
  const amount = within(dialog).getByRole('textbox', { name: 'Amount, som' });
  await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
  expect(await within(dialog).findByText('Top up balance is required')).toBeTruthy();
  await user.type(amount, '0');
  expect(await within(dialog).findByText('The amount must be greater than 0')).toBeTruthy();
  await user.clear(amount);
  await user.type(amount, '10.555');
  expect(await within(dialog).findByText('An amount has at most 2 decimal places')).toBeTruthy();
  await user.clear(amount);
  await user.type(amount, '1000000.01');
  expect(await within(dialog).findByText('One top-up cannot exceed 1000000 som')).toBeTruthy();
  await user.clear(amount);
  await user.type(amount, '1500');
  await user.click(within(dialog).getByRole('radio', { name: 'Other card' }));
  await user.type(within(dialog).getByRole('textbox', { name: 'Comment' }), 'Paid at the desk');
  await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

  const confirm = await dialogTitled('Confirm the top-up');
  expect(plain(within(confirm).getByRole('status'))).toBe('Top up the balance of Айбек Токтосунов by 1,500.00 som?');
  const submit = within(confirm).getByRole('button', { name: 'Top up' });
  await user.dblClick(submit);

  expect(await screen.findByText('The balance of Айбек Токтосунов has been topped up by 1,500.00 som')).toBeTruthy();
  const patches = requests.filter((request) => request.init?.method === 'PATCH');
  expect(patches).toHaveLength(1);
  const key = new Headers(patches[0]?.init?.headers).get('Idempotency-Key');
  expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(JSON.parse(String(patches[0]?.init?.body))).toEqual({
    amount: '1500',
    method: 'other_card',
    comment: 'Paid at the desk',
  });
  await waitFor(() => {
    expect(plain(screen.getByTestId('user-balance'))).toContain('1,249.50');
  });
  // The statement is read again and shows the new entry.
  const statement = screen.getByRole('table', { name: 'Statement' });
  expect(await within(statement).findByText('1,500.00')).toBeTruthy();
});

test('a refused top-up goes back to the form with the server message on the amount; a retry keeps its key', async () => {
  const server: TServer = {
    user: USER,
    entries: [],
    topUpAnswer: { status: 400, body: { amount: ['One top-up cannot exceed 1000000 som'] } },
  };
  const requests = serve(server);
  const user = userEvent.setup();
  renderRoutes(signedInRoutes, '/user/5');
  await user.click(await screen.findByRole('button', { name: 'Top up' }));
  const dialog = await dialogTitled('Top up the balance');
  await user.type(within(dialog).getByRole('textbox', { name: 'Amount, som' }), '20');
  await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
  await user.click(within(await dialogTitled('Confirm the top-up')).getByRole('button', { name: 'Top up' }));
  const back = await dialogTitled('Top up the balance');
  expect(await within(back).findByText('One top-up cannot exceed 1000000 som')).toBeTruthy();

  server.topUpAnswer = undefined;
  await user.click(within(back).getByRole('button', { name: 'Continue' }));
  await user.click(within(await dialogTitled('Confirm the top-up')).getByRole('button', { name: 'Top up' }));
  await screen.findByText(/has been topped up by 20.00 som/);
  const keys = requests
    .filter((request) => request.init?.method === 'PATCH')
    .map((request) => new Headers(request.init?.headers).get('Idempotency-Key'));
  expect(keys).toHaveLength(2);
  expect(keys[0]).toBe(keys[1]);
});

test('the statement tab reads the user’s entries; the ID tags tab lists the tags', async () => {
  const requests = serve({
    user: USER,
    entries: [
      entry(1),
      entry(2, {
        basis: 'charge_payment',
        method: 'personal_balance',
        debit: '80.00',
        credit: '0.00',
        account: null,
        user_blocked: true,
        comment: '',
      }),
    ],
  });
  const user = userEvent.setup();
  renderRoutes(signedInRoutes, '/user/5');
  const statement = await screen.findByRole('table', { name: 'Statement' });
  expect(await within(statement).findByText('Balance top-up')).toBeTruthy();
  const charge = within(statement).getByText('Charge payment').closest('tr') as HTMLElement;
  expect(within(charge).getByText('Personal balance')).toBeTruthy();
  expect(within(charge).getByText('80.00')).toBeTruthy();
  expect(within(charge).getByText('App')).toBeTruthy();
  expect(within(charge).getByText('(the user was blocked)')).toBeTruthy();
  const asked = requests.find((request) => request.url.pathname === '/api/v1/users/payments/');
  expect(asked?.url.searchParams.get('search_by_user_id')).toBe('5');

  await user.click(screen.getByRole('tab', { name: 'ID tags' }));
  const tags = await screen.findByRole('table', { name: 'ID tags' });
  expect(within(tags).getByText('RFID-04A1B2')).toBeTruthy();
  expect(within(tags).getByText('RFID card')).toBeTruthy();
});

test("an empty statement and charges say why, and the statement's offers the top-up", async () => {
  serve({ user: USER, entries: [] });
  const user = userEvent.setup();
  renderRoutes(signedInRoutes, '/user/5');
  const statement = await screen.findByRole('table', { name: 'Statement' });
  expect(await within(statement).findByText('No balance entries yet')).toBeTruthy();
  expect(within(statement).getByText(/top up the balance to add the first/)).toBeTruthy();
  expect(within(statement).queryByText('No data available')).toBeNull();
  await spinnersGone();
  await user.click(within(statement).getByRole('button', { name: /Add the first one/ }));
  expect(await dialogTitled('Top up the balance')).toBeTruthy();
  await user.keyboard('{Escape}');

  await user.click(screen.getByRole('tab', { name: 'Charges' }));
  const charges = await screen.findByRole('table', { name: 'Charges' });
  expect(await within(charges).findByText('No charges yet')).toBeTruthy();
  expect(within(charges).getByText(/appear here/)).toBeTruthy();
});

test('user/{id} of a missing user shows a not-found page with the way back', async () => {
  serve({ user: USER, entries: [] });
  renderRoutes(signedInRoutes, '/user/404');
  expect(await screen.findByText('Page not found')).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Users' })).toBeTruthy();
});

test('/extract-balance sends its filters to the page and the totals, and shows the totals line', async () => {
  const requests = serve({ user: USER, entries: [entry(1)] });
  const user = userEvent.setup();
  const { router } = renderRoutes(signedInRoutes, '/extract-balance?basis=top_up');
  const table = await screen.findByRole('table', { name: 'Balance statement' });
  expect(await within(table).findByRole('link', { name: 'Айбек Токтосунов' })).toBeTruthy();
  const totals = await screen.findByRole('status', { name: 'Total for the selection' });
  await waitFor(() => {
    expect(plain(totals)).toContain('Entries: 2');
  });
  expect(plain(totals)).toContain('Debit: 12,345.60 som');
  expect(plain(totals)).toContain('Credit: 1,200.00 som');
  await user.click(screen.getByRole('combobox', { name: 'Method' }));
  await user.click(await screen.findByTitle('Cash'));
  await waitFor(() => {
    expect(new URLSearchParams(router.state.location.search).get('method')).toBe('cash');
  });
  await waitFor(() => {
    const asked = requests.filter((request) => request.url.pathname === '/api/v1/users/payments/totals/').at(-1);
    expect(asked?.url.searchParams.get('method')).toBe('cash');
    expect(asked?.url.searchParams.get('basis')).toBe('top_up');
    expect(asked?.url.searchParams.get('page')).toBeNull();
  });
});

test('the user screen lists the driver’s devices in the app, signed in and signed out, or says there are none', async () => {
  serve({
    user: USER,
    entries: [],
    devices: [
      {
        id: 'b6b5d7c0-0000-4000-8000-000000000001',
        platform: 'ios',
        app_version: '5.0.2',
        user_agent: 'Zaryad/5.0.2 (iPhone; iOS 18.1)',
        push_provider: 'apns',
        signed_in_at: '2026-11-20T08:00:00.000Z',
        last_seen_at: '2026-11-29T08:00:00.000Z',
        ended_at: null,
      },
      {
        id: 'b6b5d7c0-0000-4000-8000-000000000002',
        platform: 'android',
        app_version: '4.9.0',
        user_agent: 'Zaryad/4.9.0 (Android 14)',
        push_provider: null,
        signed_in_at: '2026-10-01T08:00:00.000Z',
        last_seen_at: '2026-10-02T08:00:00.000Z',
        ended_at: '2026-10-03T08:00:00.000Z',
      },
    ],
  });
  renderRoutes(signedInRoutes, '/user/5');
  const devices = await screen.findByRole('list', { name: 'Devices' });
  const [iphone, android] = within(devices).getAllByRole('listitem');
  expect(plain(iphone)).toContain('iOS');
  expect(plain(iphone)).toContain('5.0.2');
  expect(within(iphone!).getByText('Signed in')).toBeTruthy();
  expect(plain(android)).toContain('Android');
  expect(plain(android)).toMatch(/Signed out/);
});

test('a user who never signed in to the app has an empty Devices card that says so', async () => {
  serve({ user: USER, entries: [] });
  renderRoutes(signedInRoutes, '/user/5');
  expect(await screen.findByText('This user has not signed in to the app yet.')).toBeTruthy();
});

test('the user screen shows the saved cards and an automatic top-up stopped after its failures', async () => {
  const card = { id: 3, card: '440043******1234', expires_on: '2027-03-31', created_at: '2026-11-20T18:30:00.000Z' };
  serve({
    user: USER,
    entries: [],
    wallet: {
      cards: [card, { id: 2, card: '552211******9876', expires_on: null, created_at: '2026-10-01T06:00:00.000Z' }],
      auto_top_up: {
        enabled: false,
        card,
        threshold: '1500.00',
        amount: '500.00',
        failures: AUTO_TOP_UP_FAILURES_MAX,
        stopped: 'card_failed',
      },
    },
  });
  renderRoutes(signedInRoutes, '/user/5');
  const cards = await screen.findByRole('list', { name: 'Saved cards' });
  const [newest, older] = within(cards).getAllByRole('listitem');
  expect(plain(newest)).toContain('440043******1234');
  expect(plain(newest)).toContain('valid until 03.2027');
  // 18:30 UTC is 00:30 the next day in Bishkek.
  expect(plain(newest)).toContain('saved 21.11.2026 00:30');
  expect(plain(older)).toContain('552211******9876');
  expect(plain(older)).not.toContain('valid until');
  const autoTopUp = screen.getByRole('group', { name: 'Automatic top-up' });
  expect(within(autoTopUp).getByText('Off')).toBeTruthy();
  expect(plain(autoTopUp)).toContain('below 1,500.00 som, top up 500.00 som, from the card 440043******1234');
  expect(plain(autoTopUp)).toContain(`Stopped: the card failed ${AUTO_TOP_UP_FAILURES_MAX} times in a row`);
  expect(plain(autoTopUp)).not.toContain('Failed attempts in a row');
});

test('in Russian the block writes the sums the Russian way', async () => {
  await changeLanguage('ru');
  const card = { id: 3, card: '440043******1234', expires_on: '2027-03-31', created_at: '2026-11-20T18:30:00.000Z' };
  serve({
    user: USER,
    entries: [],
    wallet: {
      cards: [card],
      auto_top_up: { enabled: true, card, threshold: '1500.00', amount: '500.00', failures: 0, stopped: null },
    },
  });
  renderRoutes(signedInRoutes, '/user/5');
  const block = await screen.findByTestId('card-wallet');
  expect(await within(block).findByText('Карта и автопополнение')).toBeTruthy();
  expect(plain(await within(block).findByRole('list', { name: 'Сохранённые карты' }))).toContain(
    'действует до 03.2027',
  );
  const autoTopUp = within(block).getByRole('group', { name: 'Автопополнение' });
  expect(within(autoTopUp).getByText('Включено')).toBeTruthy();
  // Thousands apart by a narrow no-break space, a comma before the tyiyn.
  expect(plain(autoTopUp)).toContain(
    'при балансе ниже 1\u202f500,00 сом пополнять на 500,00 сом, с карты 440043******1234',
  );
});

test('without saved cards the block says so; a removed card is why the top-up stopped', async () => {
  serve({
    user: USER,
    entries: [],
    wallet: {
      cards: [],
      auto_top_up: {
        enabled: false,
        card: null,
        threshold: '100.00',
        amount: '500.00',
        failures: 0,
        stopped: 'card_removed',
      },
    },
  });
  renderRoutes(signedInRoutes, '/user/5');
  const block = await screen.findByTestId('card-wallet');
  expect(await within(block).findByText('No saved cards')).toBeTruthy();
  const autoTopUp = within(block).getByRole('group', { name: 'Automatic top-up' });
  expect(within(autoTopUp).getByText('Off')).toBeTruthy();
  expect(within(autoTopUp).getByText('Stopped: the card was removed')).toBeTruthy();
  // Off, with no card: no rule to tell.
  expect(plain(autoTopUp)).not.toContain('top up 500.00');
});

test('an automatic top-up that is on says its rule and card, and its failures so far', async () => {
  const card = { id: 3, card: '440043******1234', expires_on: '2027-03-31', created_at: '2026-11-20T18:30:00.000Z' };
  serve({
    user: USER,
    entries: [],
    wallet: {
      cards: [card],
      auto_top_up: { enabled: true, card, threshold: '100.00', amount: '500.00', failures: 1, stopped: null },
    },
  });
  renderRoutes(signedInRoutes, '/user/5');
  const autoTopUp = await screen.findByRole('group', { name: 'Automatic top-up' });
  expect(within(autoTopUp).getByText('On')).toBeTruthy();
  expect(plain(autoTopUp)).toContain('below 100.00 som, top up 500.00 som, from the card 440043******1234');
  expect(plain(autoTopUp)).toContain('Failed attempts in a row: 1');
  expect(plain(autoTopUp)).not.toContain('Stopped');
});

test('without card_payments.view the user screen has no card block and never asks for it', async () => {
  const requests = serve({
    user: USER,
    entries: [],
    permissions: ['users.view', 'balances.view', 'charges.view'],
  });
  renderRoutes(signedInRoutes, '/user/5');
  // The page is there, with the blocks around where the card block would be.
  await screen.findByTestId('user-balance');
  expect(await screen.findByText('This user has not signed in to the app yet.')).toBeTruthy();
  expect(screen.queryByText('Card and automatic top-up')).toBeNull();
  expect(screen.queryByTestId('card-wallet')).toBeNull();
  expect(requests.some((request) => request.url.pathname.startsWith('/api/v1/card-payments/'))).toBe(false);
});

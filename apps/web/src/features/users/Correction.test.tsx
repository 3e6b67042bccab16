import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TPermission, TUser } from '@zaryad/contracts';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { signedInRoutes } from '@/app/routes/signedIn';
import { fakeMe } from '@/app/testing/fakeMe';
import { jsonResponse, renderRoutes, stubFetch } from '@/app/testing/renderRoutes';
import { changeLanguage } from '@/lib/i18n';
import { SESSION_KEY } from '@/lib/session';

vi.setConfig({ testTimeout: 90_000 });

const USER: TUser = {
  id: 5,
  personal_account: '100005',
  name: 'Айбек Токтосунов',
  phone: '996555123456',
  email: 'user5@mail.kg',
  gender: 'male',
  birthday: '1990-03-12',
  age: 36,
  registered_at: '2026-03-01T18:30:00.000Z',
  car: { make: 'BYD', model: 'Song Plus', year: 2023, color: 'white' },
  driver_licence: 'AB1234567',
  balance: '1500.00',
  status: 0,
  referral_code: 'AIBEK7',
  id_tags: [],
  held: '300.00',
  available: '1200.00',
};

type TFake = { user: TUser; permissions?: readonly TPermission[]; answer?: { status: number; body: unknown } };

const serve = (fake: TFake) =>
  stubFetch((url, init) => {
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/v1/accounts/me/') {
      return jsonResponse(200, fakeMe(fake.permissions ? { permissions: fake.permissions } : {}));
    }
    if (url.pathname === '/api/v1/users/5/' && method === 'GET') {
      return jsonResponse(200, fake.user);
    }
    if (url.pathname === '/api/v1/users/5/corrections/' && method === 'POST') {
      if (fake.answer) {
        return jsonResponse(fake.answer.status, fake.answer.body);
      }
      fake.user = { ...fake.user, balance: '1400.00', available: '1100.00' };
      return jsonResponse(201, { entry: {}, balance: '1400.00', detail: 'The balance has been corrected by 100 som' });
    }
    if (url.pathname === '/api/v1/users/payments/' || url.pathname === '/api/v1/users/transactions/') {
      return jsonResponse(200, { items: [], page: 1, pages: 1, size: 10, total: 0 });
    }
    if (url.pathname === '/api/v1/users/5/devices/') {
      return jsonResponse(200, { items: [] });
    }
    return undefined;
  });

const dialogTitled = async (title: string) => {
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByText(title);
  return dialog;
};

const plain = (element: Element | null | undefined) => (element?.textContent ?? '').replace(/\u00a0/g, ' ');

beforeEach(async () => {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ access: 'a', refresh: 'r' }));
  await changeLanguage('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

test('the balance says what running charges hold and what is available; none held, nothing said', async () => {
  serve({ user: USER });
  const { unmount } = renderRoutes(signedInRoutes, '/user/5');
  const held = await screen.findByTestId('user-held');
  expect(plain(held)).toContain('Held by running charges: 300.00 som');
  expect(plain(held)).toContain('Available: 1,200.00 som');
  unmount();
  serve({ user: { ...USER, held: '0.00', available: '1500.00' } });
  renderRoutes(signedInRoutes, '/user/5');
  await screen.findByTestId('user-balance');
  expect(screen.queryByTestId('user-held')).toBeNull();
});

test('a correction asks direction, amount and reason, posts once and shows the new balance', async () => {
  const fake: TFake = { user: USER };
  const requests = serve(fake);
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  renderRoutes(signedInRoutes, '/user/5');
  await user.click(await screen.findByRole('button', { name: 'Correct balance' }));
  const dialog = await dialogTitled('Correct the balance of Айбек Токтосунов');
  expect(plain(within(dialog).getByRole('status'))).toBe('Balance 1,500.00 som, available 1,200.00 som');
  await user.click(within(dialog).getByRole('button', { name: 'Correct' }));
  expect(await within(dialog).findByText('Enter the amount')).toBeTruthy();
  expect(await within(dialog).findByText('Enter the reason for the correction')).toBeTruthy();
  const amount = within(dialog).getByRole('textbox', { name: 'Amount, som' });
  await user.type(amount, '1000000.01');
  expect(await within(dialog).findByText('One correction cannot exceed 1,000,000.00 som')).toBeTruthy();
  await user.clear(amount);
  await user.type(amount, '10.555');
  expect(await within(dialog).findByText('An amount has at most 2 decimal places')).toBeTruthy();
  await user.clear(amount);
  await user.type(amount, '100');
  await user.click(within(dialog).getByRole('radio', { name: 'Take from the balance' }));
  await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Double top-up');
  await user.dblClick(within(dialog).getByRole('button', { name: 'Correct' }));

  expect(await screen.findByText('The balance has been corrected by 100 som')).toBeTruthy();
  const posts = requests.filter((request) => request.init?.method === 'POST');
  expect(posts).toHaveLength(1);
  expect(JSON.parse(String(posts[0]?.init?.body))).toEqual({
    direction: 'debit',
    amount: '100',
    reason: 'Double top-up',
  });
  await waitFor(() => {
    expect(plain(screen.getByTestId('user-balance'))).toContain('1,400.00');
  });
});

test('a debit beyond what is available is refused on the amount (400) and changes nothing', async () => {
  serve({
    user: USER,
    answer: {
      status: 400,
      body: { amount: ['The driver’s available balance is 1200.00 som: a correction cannot take more.'] },
    },
  });
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  renderRoutes(signedInRoutes, '/user/5');
  await user.click(await screen.findByRole('button', { name: 'Correct balance' }));
  const dialog = await dialogTitled('Correct the balance of Айбек Токтосунов');
  await user.type(within(dialog).getByRole('textbox', { name: 'Amount, som' }), '5000');
  await user.click(within(dialog).getByRole('radio', { name: 'Take from the balance' }));
  await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Mistake');
  await user.click(within(dialog).getByRole('button', { name: 'Correct' }));
  expect(
    await within(dialog).findByText('The driver’s available balance is 1200.00 som: a correction cannot take more.'),
  ).toBeTruthy();
  expect(plain(screen.getByTestId('user-balance'))).toContain('1,500.00');
});

test('without balances.correct there is no correction', async () => {
  serve({ user: USER, permissions: ['users.view', 'balances.view', 'balances.top_up'] });
  renderRoutes(signedInRoutes, '/user/5');
  expect(await screen.findByRole('button', { name: 'Top up' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Correct balance' })).toBeNull();
});

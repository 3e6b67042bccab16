import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { openProviderPage } from '@/features/wallet/providerPage';
import { writeSession } from '@/lib/session';
import { fakeApi, json, renderApp } from '@/test/render';

vi.mock('@/features/wallet/providerPage', () => ({ openProviderPage: vi.fn() }));

const BALANCE = { balance: '120.00', held: '20.00', available: '100.00', min_to_start: '0.00' };
const page = <T,>(items: T[], pageNumber = 1, pages = 1) => ({ items, page: pageNumber, pages, size: 20, total: items.length });
const payment = (overrides: Record<string, unknown> = {}) => ({
  id: 7,
  kind: 'top_up',
  order_id: 'Z-7',
  amount: '500.00',
  status: 'pending',
  card: '',
  created_at: new Date().toISOString(),
  paid_at: null,
  ...overrides,
});

beforeEach(() => {
  writeSession({ access: 'a1', refresh: 'r1' });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(openProviderPage).mockClear();
});

test('a top-up by card sends the amount, the saved-card choice and an Idempotency-Key, then opens the provider page', async () => {
  const calls = fakeApi((url, init) => {
    if (url.pathname === '/api/app/v1/balance/') {
      return json(200, BALANCE);
    }
    if (url.pathname === '/api/app/v1/payments/' && (init?.method ?? 'GET') === 'GET') {
      return json(200, page([]));
    }
    if (url.pathname === '/api/app/v1/payments/top-up/') {
      const body = JSON.parse(String(init?.body)) as { amount: string };
      return body.amount === '30'
        ? json(400, { amount: ['Сумма пополнения — не меньше 50,00 сом.'] })
        : json(201, { payment: payment(), redirect_url: 'https://pay.example/page?id=1' });
    }
    return undefined;
  });
  const user = userEvent.setup();
  renderApp('/wallet');
  expect(await screen.findByText('120,00 сом')).toBeTruthy();
  expect(screen.getByText('Платежей картой пока нет.')).toBeTruthy();
  const amount = screen.getByRole('textbox', { name: 'Сумма, сом' });

  // Outside 50 to 50,000 som the form says so without asking the server.
  await user.type(amount, '60000');
  await user.click(screen.getByRole('button', { name: 'Перейти к оплате' }));
  expect(screen.getByText(/Введите сумму от 50 до 50\s000 сом/)).toBeTruthy();
  expect(calls.some((call) => call.url.pathname.endsWith('/top-up/'))).toBe(false);

  await user.click(screen.getByRole('button', { name: '500 сом' }));
  expect((amount as HTMLInputElement).value).toBe('500');
  await user.click(screen.getByRole('checkbox', { name: 'Сохранить карту для автопополнения' }));
  await user.click(screen.getByRole('button', { name: 'Перейти к оплате' }));
  await waitFor(() => expect(openProviderPage).toHaveBeenCalledWith('https://pay.example/page?id=1'));
  const sent = calls.find((call) => call.url.pathname === '/api/app/v1/payments/top-up/');
  expect(sent?.init?.method).toBe('POST');
  expect(JSON.parse(String(sent?.init?.body))).toEqual({ amount: '500', save_card: true });
  const headers = new Headers(sent?.init?.headers);
  expect(headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{32,36}$/);
  expect(headers.get('authorization')).toBe('Bearer a1');

  // Back from the provider through the back-forward cache: the form is ready again and the payments are read anew.
  expect(screen.getByRole('button', { name: 'Открываем страницу оплаты…' })).toHaveProperty('disabled', true);
  const paymentsRead = calls.filter((call) => call.url.pathname === '/api/app/v1/payments/').length;
  act(() => {
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
  });
  expect(await screen.findByRole('button', { name: 'Перейти к оплате' })).toHaveProperty('disabled', false);
  await waitFor(() =>
    expect(calls.filter((call) => call.url.pathname === '/api/app/v1/payments/').length).toBeGreaterThan(paymentsRead),
  );
});

test('a refused top-up shows the server words beside the amount; a retry of the same amount keeps its key', async () => {
  let answers = 0;
  const calls = fakeApi((url, init) => {
    if (url.pathname === '/api/app/v1/payments/top-up/') {
      answers += 1;
      return answers === 1
        ? json(502, { detail: 'Платёжная система не ответила. Попробуйте позже.' })
        : json(201, { payment: payment(), redirect_url: 'https://pay.example/2' });
    }
    return init?.method === undefined || init.method === 'GET' ? json(200, url.pathname.endsWith('/balance/') ? BALANCE : page([])) : undefined;
  });
  const user = userEvent.setup();
  renderApp('/wallet');
  await user.type(await screen.findByRole('textbox', { name: 'Сумма, сом' }), '150,5');
  await user.click(screen.getByRole('button', { name: 'Перейти к оплате' }));
  expect((await screen.findByRole('alert')).textContent).toBe('Платёжная система не ответила. Попробуйте позже.');
  await user.click(screen.getByRole('button', { name: 'Перейти к оплате' }));
  await waitFor(() => expect(openProviderPage).toHaveBeenCalledWith('https://pay.example/2'));
  const keys = calls
    .filter((call) => call.url.pathname.endsWith('/top-up/'))
    .map((call) => new Headers(call.init?.headers).get('idempotency-key'));
  expect(keys).toHaveLength(2);
  expect(keys[0]).toBe(keys[1]);
  expect(JSON.parse(String(calls.find((call) => call.url.pathname.endsWith('/top-up/'))?.init?.body))).toEqual({
    amount: '150.5',
    save_card: false,
  });
});

test('back from the provider, a pending payment is asked again and shows how it went', async () => {
  const calls = fakeApi((url) => {
    if (url.pathname === '/api/app/v1/balance/') {
      return json(200, BALANCE);
    }
    if (url.pathname === '/api/app/v1/payments/') {
      return json(200, page([payment(), payment({ id: 6, status: 'failed', amount: '200.00' })]));
    }
    if (url.pathname === '/api/app/v1/payments/7/') {
      return json(200, payment({ status: 'paid', card: '440043******1234' }));
    }
    return undefined;
  });
  renderApp('/wallet');
  const list = await screen.findByRole('region', { name: 'Платежи картой' });
  expect(await within(list).findByText('Оплачен')).toBeTruthy();
  expect(within(list).getByText('440043******1234')).toBeTruthy();
  expect(within(list).getByText('Не прошёл')).toBeTruthy();
  // Only the open payment is followed.
  expect(calls.some((call) => call.url.pathname === '/api/app/v1/payments/6/')).toBe(false);
});

test('the statement: newest first with basis, movement and balance after, and the next page on request', async () => {
  const entry = (id: number, overrides: Record<string, unknown>) => ({
    id,
    created_at: '2026-11-29T08:05:00Z',
    basis: 'top_up',
    method: 'other_card',
    debit: '0.00',
    credit: '0.00',
    deposit: '0.00',
    charge_id: null,
    ...overrides,
  });
  const calls = fakeApi((url) => {
    if (url.pathname !== '/api/app/v1/statement/') {
      return undefined;
    }
    return url.searchParams.get('page') === '2'
      ? json(200, page([entry(1, { credit: '50.00', deposit: '50.00', basis: 'promotion_bonus' })], 2, 2))
      : json(
          200,
          page(
            [
              entry(3, { basis: 'charge_payment', method: 'personal_balance', debit: '120.50', deposit: '429.50', charge_id: 41 }),
              entry(2, { credit: '500.00', deposit: '550.00' }),
            ],
            1,
            2,
          ),
        );
  });
  const user = userEvent.setup();
  renderApp('/wallet/statement');
  expect(await screen.findByRole('heading', { name: 'Выписка' })).toBeTruthy();
  const rows = await screen.findAllByRole('listitem');
  expect(rows).toHaveLength(2);
  expect(rows[0]?.textContent).toContain('Оплата зарядки');
  expect(rows[0]?.textContent).toContain('\u2212120,50 сом');
  expect(rows[0]?.textContent).toContain('Зарядка № 41');
  expect(rows[0]?.textContent).toContain('Баланс после: 429,50 сом');
  expect(rows[0]?.textContent).toContain('29.11.2026 14:05');
  expect(rows[1]?.textContent).toContain('+500,00 сом');
  await user.click(screen.getByRole('button', { name: 'Показать ещё' }));
  expect(await screen.findByText('Бонус по акции')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Показать ещё' })).toBeNull();
  expect(
    calls.filter((call) => call.url.pathname.endsWith('/statement/')).map((call) => call.url.searchParams.get('page')),
  ).toEqual(['1', '2']);
});

test('a promo code shows the server answer, a refusal its words', async () => {
  fakeApi((url, init) => {
    if (url.pathname === '/api/app/v1/promo-codes/') {
      const { code } = JSON.parse(String(init?.body)) as { code: string };
      return code === 'SPRING'
        ? json(201, { detail: 'Промокод применён: скидка 10 % на следующие зарядки.', code, promotion_id: 3 })
        : json(400, { code: ['Такого промокода нет.'] });
    }
    return json(200, url.pathname.endsWith('/balance/') ? BALANCE : page([]));
  });
  const user = userEvent.setup();
  renderApp('/wallet');
  const code = await screen.findByRole('textbox', { name: 'Код' });
  await user.type(code, 'WINTER');
  await user.click(screen.getByRole('button', { name: 'Применить' }));
  expect((await screen.findByRole('alert')).textContent).toBe('Такого промокода нет.');
  await user.clear(code);
  await user.type(code, 'SPRING');
  await user.click(screen.getByRole('button', { name: 'Применить' }));
  expect(await screen.findByText('Промокод применён: скидка 10 % на следующие зарядки.')).toBeTruthy();
});

const CARD = { id: 4, card: '440043******1234', expires_on: '2029-11-30', created_at: '2026-11-01T10:00:00Z' };
const AUTO = { enabled: false, card: null, threshold: '100.00', amount: '500.00', failures: 3, stopped: 'card_failed' };

test('the automatic top-up: why it stopped, and the server field errors beside their fields', async () => {
  const calls = fakeApi((url, init) => {
    if (url.pathname === '/api/app/v1/payments/cards/') {
      return json(200, { items: [CARD] });
    }
    if (url.pathname === '/api/app/v1/payments/auto-top-up/') {
      if (init?.method !== 'PUT') {
        return json(200, AUTO);
      }
      const body = JSON.parse(String(init.body)) as { card_id: number | null; threshold: string };
      if (body.card_id === null || body.threshold === '-5') {
        return json(400, {
          ...(body.card_id === null && { card_id: ['Выберите сохранённую карту, чтобы включить автопополнение.'] }),
          ...(body.threshold === '-5' && { threshold: ['Порог не может быть меньше нуля.'] }),
        });
      }
      return json(200, { ...AUTO, enabled: true, card: CARD, threshold: '150.00', failures: 0, stopped: null });
    }
    return undefined;
  });
  const user = userEvent.setup();
  renderApp('/wallet/cards');
  expect(
    await screen.findByText(/Автопополнение остановлено: списания с карты не прошли несколько раз подряд \(3\)/),
  ).toBeTruthy();
  await user.click(screen.getByRole('checkbox', { name: 'Пополнять автоматически' }));
  const threshold = screen.getByRole('textbox', { name: 'Порог: доступный баланс ниже, сом' });
  expect((threshold as HTMLInputElement).value).toBe('100');
  await user.clear(threshold);
  await user.type(threshold, '-5');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  const card = screen.getByRole('combobox', { name: 'Карта' });
  await waitFor(() => expect(card.getAttribute('aria-invalid')).toBe('true'));
  expect(document.getElementById(card.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
    'Выберите сохранённую карту, чтобы включить автопополнение.',
  );
  expect(document.getElementById(threshold.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
    'Порог не может быть меньше нуля.',
  );
  expect(screen.queryByRole('alert')).toBeNull();

  await user.selectOptions(card, '440043******1234');
  await user.clear(threshold);
  await user.type(threshold, '150');
  await user.click(screen.getByRole('button', { name: 'Сохранить' }));
  expect(await screen.findByText('Настройки сохранены.')).toBeTruthy();
  expect(screen.queryByText(/Автопополнение остановлено/)).toBeNull();
  const put = calls.filter((call) => call.init?.method === 'PUT').at(-1);
  expect(JSON.parse(String(put?.init?.body))).toEqual({ enabled: true, card_id: 4, threshold: '150', amount: '500' });
});

test('a saved card is removed only after its confirmation', async () => {
  let cards = [CARD];
  const calls = fakeApi((url, init) => {
    if (url.pathname === '/api/app/v1/payments/cards/4/' && init?.method === 'DELETE') {
      cards = [];
      return new Response(null, { status: 204 });
    }
    if (url.pathname === '/api/app/v1/payments/cards/') {
      return json(200, { items: cards });
    }
    if (url.pathname === '/api/app/v1/payments/auto-top-up/') {
      return json(200, { ...AUTO, failures: 0, stopped: cards.length ? null : 'card_removed' });
    }
    return undefined;
  });
  const user = userEvent.setup();
  renderApp('/wallet/cards');
  const saved = await screen.findByRole('region', { name: 'Сохранённые карты' });
  expect(await within(saved).findByText('Действует до 30.11.2029')).toBeTruthy();
  await user.click(within(saved).getByRole('button', { name: 'Удалить' }));
  expect(within(saved).getByText('Удалить карту 440043******1234? Автопополнение с неё остановится.')).toBeTruthy();
  await user.click(within(saved).getByRole('button', { name: 'Отмена' }));
  expect(calls.some((call) => call.init?.method === 'DELETE')).toBe(false);
  await user.click(within(saved).getByRole('button', { name: 'Удалить' }));
  await user.click(within(saved).getByRole('button', { name: 'Да, удалить' }));
  expect(await within(saved).findByText(/Сохранённых карт нет/)).toBeTruthy();
  expect(await screen.findByText(/Автопополнение остановлено: его карта удалена/)).toBeTruthy();
});

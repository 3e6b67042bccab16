import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { readSession, writeSession } from '@/lib/session';
import { fakeApi, json, renderApp } from '@/test/render';
import { setLanguage } from '@/lib/i18n';

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('ru');
});

test('a visitor is sent to the sign-in; the phone, then the code, then back where they were headed', async () => {
  const calls = fakeApi((url, init) => {
    if (url.pathname === '/api/app/v1/auth/code/') {
      return json(202, { detail: 'sent', expires_in: 300, resend_after: 60 });
    }
    if (url.pathname === '/api/app/v1/auth/verify/') {
      const body = JSON.parse(String(init?.body)) as { code: string };
      return body.code === '123456'
        ? json(200, { access: 'a1', refresh: 'r1', expires_in: 900, created: true, user: {} })
        : json(400, { code: ['Неверный код'] });
    }
    if (url.pathname === '/api/app/v1/balance/') {
      return json(200, { balance: '1234.50', held: '0.00', available: '1234.50', min_to_start: '0.00' });
    }
    return undefined;
  });
  const user = userEvent.setup();
  const router = renderApp('/wallet');
  const phone = await screen.findByRole('textbox', { name: 'Номер телефона' });
  expect(router.state.location.pathname).toBe('/app/sign-in');
  await user.clear(phone);
  await user.type(phone, '+996 555 12-34-56');
  await user.click(screen.getByRole('button', { name: 'Получить код' }));
  const code = await screen.findByRole('textbox', { name: 'Код из SMS' });
  expect(screen.getByRole('button', { name: /Отправить ещё раз через \d+ с/ })).toHaveProperty('disabled', true);
  await user.type(code, '111111');
  await user.click(screen.getByRole('button', { name: 'Войти' }));
  expect((await screen.findByRole('alert')).textContent).toBe('Неверный код');
  await user.clear(code);
  await user.type(code, '123456');
  await user.click(screen.getByRole('button', { name: 'Войти' }));
  // Back on the wallet, the balance in Russian figures.
  expect(await screen.findAllByText('1\u202f234,50 сом', { normalizer: (text) => text })).toHaveLength(2);
  expect(readSession()).toEqual({ access: 'a1', refresh: 'r1' });
  const sent = calls.find((call) => call.url.pathname === '/api/app/v1/auth/code/');
  expect(JSON.parse(String(sent?.init?.body))).toEqual({ phone: '+996 555 12-34-56' });
  expect(new Headers(sent?.init?.headers).get('x-app-platform')).toBe('web');
});

test('an expired token is refreshed once and the call repeated; a refused refresh signs the driver out', async () => {
  writeSession({ access: 'old', refresh: 'r-old' });
  let refreshes = 0;
  fakeApi((url, init) => {
    const token = new Headers(init?.headers).get('authorization');
    if (url.pathname === '/api/app/v1/auth/refresh/') {
      refreshes += 1;
      return refreshes === 1 ? json(200, { access: 'new', refresh: 'r-new', expires_in: 900 }) : json(401, { detail: 'no' });
    }
    if (url.pathname === '/api/app/v1/balance/') {
      return token === 'Bearer new'
        ? json(200, { balance: '10.00', held: '0.00', available: '10.00', min_to_start: '0.00' })
        : json(401, { detail: 'expired' });
    }
    return undefined;
  });
  renderApp('/wallet');
  expect(await screen.findAllByText('10,00 сом')).toHaveLength(2);
  expect(readSession()).toEqual({ access: 'new', refresh: 'r-new' });
  expect(refreshes).toBe(1);
});

test('the language switch changes the screen and is kept', async () => {
  fakeApi(() => undefined);
  const user = userEvent.setup();
  renderApp('/sign-in');
  await user.click(await screen.findByRole('radio', { name: 'English' }));
  expect(await screen.findByRole('button', { name: 'Get a code' })).toBeTruthy();
  await user.click(screen.getByRole('radio', { name: 'Кыргызча' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Код алуу' })).toBeTruthy());
  expect(localStorage.getItem('zaryad.driver.language')).toBe('ky');
});

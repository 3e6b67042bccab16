import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { signedOutRoutes } from '@/app/routes/signedOut';
import { jsonResponse, renderRoutes, stubFetch } from '@/app/testing/renderRoutes';
import { changeLanguage } from '@/lib/i18n';
import { SESSION_KEY } from '@/lib/session';

beforeEach(async () => {
  await changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

test('empty and malformed fields show the contract messages of SPEC.md section 5', async () => {
  const requests = stubFetch(() => undefined);
  const user = userEvent.setup();
  renderRoutes(signedOutRoutes, '/');

  await user.click(await screen.findByRole('button', { name: 'Sign in' }));
  expect(await screen.findByText('Enter your email address')).toBeTruthy();
  expect(screen.getByText('Enter your password')).toBeTruthy();

  await user.type(screen.getByLabelText('Email'), 'not-an-email');
  expect(await screen.findByText('Your email address is not valid')).toBeTruthy();
  expect(requests).toHaveLength(0);
});

test("a refused sign-in shows the server's detail; a good one keeps the tokens", async () => {
  let isPasswordRight = false;
  const requests = stubFetch((url) =>
    url.pathname === '/api/v1/accounts/login/'
      ? isPasswordRight
        ? jsonResponse(200, { access: 'a1', refresh: 'r1' })
        : jsonResponse(401, { detail: 'Invalid email or password' })
      : undefined,
  );
  const user = userEvent.setup();
  renderRoutes(signedOutRoutes, '/accounts');

  await user.type(await screen.findByLabelText('Email'), 'admin@zaryad.kg');
  await user.type(screen.getByLabelText('Password'), 'wrong-password');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  expect((await screen.findByRole('alert')).textContent).toContain('Invalid email or password');
  expect(localStorage.getItem(SESSION_KEY)).toBeNull();

  isPasswordRight = true;
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  await waitFor(() => {
    expect(JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null')).toEqual({ access: 'a1', refresh: 'r1' });
  });
  const body: unknown = JSON.parse(String(requests.at(-1)?.init?.body));
  expect(body).toEqual({ email: 'admin@zaryad.kg', password: 'wrong-password', remember: true });
});

test('any unknown path shows the login screen; the language switch is stored and sent to the API', async () => {
  const requests = stubFetch(() => jsonResponse(401, { detail: 'Неверный адрес электронной почты или пароль' }));
  const user = userEvent.setup();
  renderRoutes(signedOutRoutes, '/no/such/page');

  await user.click(await screen.findByText('RU'));
  expect(await screen.findByRole('button', { name: 'Войти' })).toBeTruthy();
  expect(localStorage.getItem('language')).toBe('ru');
  expect(document.documentElement.lang).toBe('ru');

  await user.type(screen.getByLabelText('Электронная почта'), 'admin@zaryad.kg');
  await user.type(screen.getByLabelText('Пароль'), 'whatever1');
  await user.click(screen.getByRole('button', { name: 'Войти' }));
  await screen.findByRole('alert');
  expect(new Headers(requests.at(-1)?.init?.headers).get('Accept-Language')).toBe('ru');
});

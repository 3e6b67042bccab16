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

const LOGIN_PATH = '/api/v1/accounts/login/';

test('empty and malformed fields show the contract messages of docs/product/accounts.md#5-validation', async () => {
  const requests = stubFetch(() => undefined);
  const user = userEvent.setup();
  renderRoutes(signedOutRoutes, '/');

  const email = await screen.findByLabelText('Email');
  // Nothing is said before the first submit or change.
  expect(screen.queryByText('Enter your email address')).toBeNull();

  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  const emailMessage = await screen.findByText('Enter your email address');
  const passwordMessage = screen.getByText('Enter your password');
  // Each message is tied to its input, and the first refused field has the focus.
  expect(email.getAttribute('aria-invalid')).toBe('true');
  expect(email.getAttribute('aria-describedby')).toBe(emailMessage.id);
  expect(screen.getByLabelText('Password').getAttribute('aria-describedby')).toBe(passwordMessage.id);
  expect(document.activeElement).toBe(email);

  await user.type(email, 'not-an-email');
  expect(await screen.findByText('Your email address is not valid')).toBeTruthy();
  // Blank counts as empty, as antd's `whitespace` rule has it.
  await user.type(screen.getByLabelText('Password'), '   ');
  expect(screen.getByText('Enter your password')).toBeTruthy();

  // Fixed fields lose their message and their invalid mark as they are typed.
  await user.clear(email);
  await user.type(email, 'admin@zaryad.kg');
  expect(screen.queryByText('Your email address is not valid')).toBeNull();
  expect(email.getAttribute('aria-invalid')).toBeNull();
  expect(email.getAttribute('aria-describedby')).toBeNull();
  expect(requests).toHaveLength(0);
});

test('the messages follow a language switch', async () => {
  stubFetch(() => undefined);
  const user = userEvent.setup();
  renderRoutes(signedOutRoutes, '/');

  await user.click(await screen.findByRole('button', { name: 'Sign in' }));
  expect(await screen.findByText('Enter your email address')).toBeTruthy();
  await user.click(screen.getByRole('radio', { name: 'RU' }));
  expect(await screen.findByText('Введите адрес электронной почты')).toBeTruthy();
  expect(screen.queryByText('Enter your email address')).toBeNull();
});

test("a refused sign-in shows the server's detail; a good one keeps the tokens", async () => {
  let isPasswordRight = false;
  const requests = stubFetch((url) =>
    url.pathname === LOGIN_PATH
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

test('remember me is checked by default and an unchecked box is sent as remember: false', async () => {
  const requests = stubFetch((url) =>
    url.pathname === LOGIN_PATH ? jsonResponse(200, { access: 'a1', refresh: 'r1' }) : undefined,
  );
  const user = userEvent.setup();
  renderRoutes(signedOutRoutes, '/');

  const remember = await screen.findByRole('checkbox', { name: 'Remember me' });
  expect((remember as HTMLInputElement).checked).toBe(true);
  await user.click(remember);
  await user.type(screen.getByLabelText('Email'), 'admin@zaryad.kg');
  await user.type(screen.getByLabelText('Password'), 'Secret1234');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));

  await waitFor(() => {
    expect(requests.filter((request) => request.url.pathname === LOGIN_PATH)).toHaveLength(1);
  });
  const body: unknown = JSON.parse(String(requests.at(-1)?.init?.body));
  expect(body).toEqual({ email: 'admin@zaryad.kg', password: 'Secret1234', remember: false });
});

test('while the request runs the button shows a spinner and cannot be pressed again', async () => {
  let answer: (response: Response) => void = () => undefined;
  const requests: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      requests.push(String(input));
      return new Promise<Response>((resolve) => {
        answer = resolve;
      });
    }),
  );
  const user = userEvent.setup();
  renderRoutes(signedOutRoutes, '/');

  await user.type(await screen.findByLabelText('Email'), 'admin@zaryad.kg');
  await user.type(screen.getByLabelText('Password'), 'Secret1234');
  const submit = screen.getByRole('button', { name: 'Sign in' });
  await user.click(submit);
  await waitFor(() => {
    expect((submit as HTMLButtonElement).disabled).toBe(true);
  });
  expect(submit.getAttribute('aria-busy')).toBe('true');
  await user.keyboard('{Enter}');
  expect(requests).toHaveLength(1);

  answer(jsonResponse(401, { detail: 'Invalid email or password' }));
  expect(await screen.findByRole('alert')).toBeTruthy();
  expect((submit as HTMLButtonElement).disabled).toBe(false);
});

test('the password can be shown and hidden again', async () => {
  stubFetch(() => undefined);
  const user = userEvent.setup();
  renderRoutes(signedOutRoutes, '/');

  const password = (await screen.findByLabelText('Password')) as HTMLInputElement;
  const toggle = screen.getByRole('button', { name: 'Show the password' });
  expect(password.type).toBe('password');
  expect(toggle.getAttribute('aria-pressed')).toBe('false');
  await user.click(toggle);
  expect(password.type).toBe('text');
  expect(toggle.getAttribute('aria-pressed')).toBe('true');
  await user.click(toggle);
  expect(password.type).toBe('password');
});

test('a notice left by another screen is shown, and the forgot-password link leads to recovery', async () => {
  stubFetch(() => undefined);
  const user = userEvent.setup();
  const { router } = renderRoutes(signedOutRoutes, '/');
  await screen.findByLabelText('Email');
  await router.navigate('/', { state: { notice: 'The password has been changed.' } });

  expect((await screen.findByRole('status')).textContent).toContain('The password has been changed.');
  await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
  expect(await screen.findByRole('heading', { name: 'Password recovery' })).toBeTruthy();
  expect(router.state.location.pathname).toBe('/reset-password');
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

test('/logout signs in to the main page, not back into the logout', async () => {
  stubFetch((url) => (url.pathname === LOGIN_PATH ? jsonResponse(200, { access: 'a1', refresh: 'r1' }) : undefined));
  const user = userEvent.setup();
  const { router } = renderRoutes(signedOutRoutes, '/logout');

  await user.type(await screen.findByLabelText('Email'), 'admin@zaryad.kg');
  await user.type(screen.getByLabelText('Password'), 'Secret1234');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  await waitFor(() => {
    expect(localStorage.getItem(SESSION_KEY)).not.toBeNull();
  });
  expect(router.state.location.pathname).toBe('/');
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { signedOutRoutes } from '@/app/routes/signedOut';
import { jsonResponse, renderRoutes, stubFetch } from '@/app/testing/renderRoutes';
import { changeLanguage } from '@/lib/i18n';

beforeEach(async () => {
  await changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const CONFIRM_PATH = '/api/v1/accounts/password-reset/confirm/';

test('a confirmation that differs says Password mismatch and sends nothing', async () => {
  const requests = stubFetch(() => undefined);
  const user = userEvent.setup();
  renderRoutes(signedOutRoutes, '/change-password?token=t0k3n');

  await user.type(await screen.findByLabelText('New password'), 'Secret1234');
  await user.type(screen.getByLabelText('Confirm the password'), 'Secret12345');
  await user.click(screen.getByRole('button', { name: 'Save the password' }));

  expect(await screen.findByText('Password mismatch')).toBeTruthy();
  expect(screen.getByLabelText('Confirm the password').getAttribute('aria-invalid')).toBe('true');
  expect(requests).toHaveLength(0);

  // A change of the password checks the confirmation again.
  await user.type(screen.getByLabelText('New password'), '5');
  expect(screen.queryByText('Password mismatch')).toBeNull();
});

test('the new password follows the contract: required, then at least 8 characters', async () => {
  const requests = stubFetch(() => undefined);
  const user = userEvent.setup();
  renderRoutes(signedOutRoutes, '/change-password?token=t0k3n');

  await user.click(await screen.findByRole('button', { name: 'Save the password' }));
  expect(await screen.findByText('Enter your password')).toBeTruthy();
  await user.type(screen.getByLabelText('New password'), 'short');
  expect(await screen.findByText('The password must contain at least 8 characters')).toBeTruthy();
  expect(screen.getByText('Password mismatch')).toBeTruthy();
  expect(requests).toHaveLength(0);
});

test('generate new password fills both fields with the same strong password and shows it', async () => {
  stubFetch(() => undefined);
  const user = userEvent.setup();
  renderRoutes(signedOutRoutes, '/change-password?token=t0k3n');

  // A mismatch first: generating clears it.
  await user.type(await screen.findByLabelText('Confirm the password'), 'x');
  await user.click(screen.getByRole('button', { name: /Generate new password/ }));

  const shown = (await screen.findByTestId('generated-password')).textContent ?? '';
  expect(shown).toHaveLength(16);
  expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe(shown);
  expect((screen.getByLabelText('Confirm the password') as HTMLInputElement).value).toBe(shown);
  expect(screen.queryByText('Password mismatch')).toBeNull();
  expect(screen.getByText('Generated password. Save it before you continue:')).toBeTruthy();
});

test('the generated password can be copied', async () => {
  stubFetch(() => undefined);
  const user = userEvent.setup();
  renderRoutes(signedOutRoutes, '/change-password?token=t0k3n');

  await user.click(await screen.findByRole('button', { name: /Generate new password/ }));
  const shown = (await screen.findByTestId('generated-password')).textContent ?? '';
  await user.click(screen.getByRole('button', { name: 'Copy the password' }));

  expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
  expect(await navigator.clipboard.readText()).toBe(shown);
});

test('a saved password returns to the login screen with the server’s notice', async () => {
  const requests = stubFetch((url) =>
    url.pathname === CONFIRM_PATH ? jsonResponse(200, { detail: 'The password has been changed.' }) : undefined,
  );
  const user = userEvent.setup();
  const { router } = renderRoutes(signedOutRoutes, '/change-password?token=t0k3n');

  await user.type(await screen.findByLabelText('New password'), 'Secret1234');
  await user.type(screen.getByLabelText('Confirm the password'), 'Secret1234');
  await user.click(screen.getByRole('button', { name: 'Save the password' }));

  expect((await screen.findByRole('status')).textContent).toContain('The password has been changed.');
  expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  expect(router.state.location.pathname).toBe('/');
  const body: unknown = JSON.parse(String(requests.at(-1)?.init?.body));
  expect(body).toEqual({ token: 't0k3n', password: 'Secret1234', password_confirm: 'Secret1234' });
});

test('a refused token shows the server’s detail and keeps the form', async () => {
  stubFetch((url) =>
    url.pathname === CONFIRM_PATH
      ? jsonResponse(400, { detail: 'The password recovery link is invalid or has already been used.' })
      : undefined,
  );
  const user = userEvent.setup();
  renderRoutes(signedOutRoutes, '/change-password?token=used');

  await user.type(await screen.findByLabelText('New password'), 'Secret1234');
  await user.type(screen.getByLabelText('Confirm the password'), 'Secret1234');
  await user.click(screen.getByRole('button', { name: 'Save the password' }));

  expect((await screen.findByRole('alert')).textContent).toContain('invalid or has already been used');
  expect(screen.getByLabelText('New password')).toBeTruthy();
});

test('a link without a token offers to request a new one', async () => {
  stubFetch(() => undefined);
  const user = userEvent.setup();
  const { router } = renderRoutes(signedOutRoutes, '/change-password');

  expect(await screen.findByText('The link has no recovery token. Request a new one.')).toBeTruthy();
  expect(screen.queryByLabelText('New password')).toBeNull();
  await user.click(screen.getByRole('link', { name: 'Request a new link' }));
  await waitFor(() => {
    expect(router.state.location.pathname).toBe('/reset-password');
  });
});

test('the generated password is no longer shown once another one is typed over it', async () => {
  stubFetch(() => undefined);
  const user = userEvent.setup();
  renderRoutes(signedOutRoutes, '/change-password?token=t0k3n');

  await user.click(await screen.findByRole('button', { name: /Generate new password/ }));
  expect(await screen.findByTestId('generated-password')).toBeTruthy();
  await user.type(screen.getByLabelText('New password'), '!');
  expect(screen.queryByTestId('generated-password')).toBeNull();
  expect(await screen.findByText('Password mismatch')).toBeTruthy();
});

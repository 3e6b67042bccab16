import { screen } from '@testing-library/react';
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

const RESET_PATH = '/api/v1/accounts/password-reset/';

test('the email is checked before anything is sent', async () => {
  const requests = stubFetch(() => undefined);
  const user = userEvent.setup();
  renderRoutes(signedOutRoutes, '/reset-password');

  await user.click(await screen.findByRole('button', { name: 'Send the link' }));
  expect(await screen.findByText('Enter your email address')).toBeTruthy();
  await user.type(screen.getByLabelText('Email'), 'nobody@');
  expect(await screen.findByText('Your email address is not valid')).toBeTruthy();
  expect(requests).toHaveLength(0);
});

test("a sent request shows the recovery notice with the server's text and a way back", async () => {
  const requests = stubFetch((url) =>
    url.pathname === RESET_PATH ? jsonResponse(200, { detail: 'We have sent a link.' }) : undefined,
  );
  const user = userEvent.setup();
  renderRoutes(signedOutRoutes, '/reset-password');

  await user.type(await screen.findByLabelText('Email'), 'admin@zaryad.kg');
  await user.click(screen.getByRole('button', { name: 'Send the link' }));

  const title = await screen.findByRole('heading', { name: 'Check your email' });
  expect(document.activeElement).toBe(title);
  expect(screen.getByText('We have sent a link.')).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/');
  expect(JSON.parse(String(requests.at(-1)?.init?.body))).toEqual({ email: 'admin@zaryad.kg' });
});

test('without a text from the server the notice says the contract’s reset_requested', async () => {
  stubFetch((url) => (url.pathname === RESET_PATH ? jsonResponse(200, { detail: '' }) : undefined));
  const user = userEvent.setup();
  renderRoutes(signedOutRoutes, '/reset-password');

  await user.type(await screen.findByLabelText('Email'), 'admin@zaryad.kg');
  await user.click(screen.getByRole('button', { name: 'Send the link' }));
  expect(
    await screen.findByText('If an account with this email exists, we have sent a password recovery link to it.'),
  ).toBeTruthy();
});

test("a failed request shows the server's detail", async () => {
  stubFetch((url) =>
    url.pathname === RESET_PATH ? jsonResponse(429, { detail: 'Too many requests. Try again later.' }) : undefined,
  );
  const user = userEvent.setup();
  renderRoutes(signedOutRoutes, '/reset-password');

  await user.type(await screen.findByLabelText('Email'), 'admin@zaryad.kg');
  await user.click(screen.getByRole('button', { name: 'Send the link' }));
  expect((await screen.findByRole('alert')).textContent).toContain('Too many requests. Try again later.');
});

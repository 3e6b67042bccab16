import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { signedOutRoutes } from '@/app/routes/signedOut';
import { renderRoutes, stubFetch } from '@/app/testing/renderRoutes';
import { changeLanguage } from '@/lib/i18n';

beforeEach(async () => {
  await changeLanguage('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

test('a confirmation that differs says Password mismatch and sends nothing', async () => {
  const requests = stubFetch(() => undefined);
  const user = userEvent.setup();
  renderRoutes(signedOutRoutes, '/change-password?token=t0k3n');

  await user.type(await screen.findByLabelText('New password'), 'Secret1234');
  await user.type(screen.getByLabelText('Confirm the password'), 'Secret12345');
  await user.click(screen.getByRole('button', { name: 'Save the password' }));

  expect(await screen.findByText('Password mismatch')).toBeTruthy();
  expect(requests).toHaveLength(0);
});

test('generate new password fills both fields with the same strong password and shows it', async () => {
  stubFetch(() => undefined);
  const user = userEvent.setup();
  renderRoutes(signedOutRoutes, '/change-password?token=t0k3n');

  await user.click(await screen.findByRole('button', { name: /Generate new password/ }));

  const shown = (await screen.findByTestId('generated-password')).textContent ?? '';
  expect(shown).toHaveLength(16);
  expect((screen.getByLabelText('New password') as HTMLInputElement).value).toBe(shown);
  expect((screen.getByLabelText('Confirm the password') as HTMLInputElement).value).toBe(shown);
  expect(screen.queryByText('Password mismatch')).toBeNull();
});

test('a link without a token offers to request a new one', async () => {
  stubFetch(() => undefined);
  renderRoutes(signedOutRoutes, '/change-password');
  expect(await screen.findByText('The link has no recovery token. Request a new one.')).toBeTruthy();
});

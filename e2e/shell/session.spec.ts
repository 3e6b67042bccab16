import type { TAccount } from '@zaryad/contracts';
import { apiSignIn } from '../support/api';
import { expect, primeStorage, SESSION_KEY, test } from '../support/fixtures';
import { mintExpiredAccessToken } from '../support/tokens';

test('an expired access token is refreshed without the user noticing', async ({ page, request }) => {
  const tokens = await apiSignIn(request);
  const me = (await (
    await request.get('/api/v1/accounts/me/', { headers: { Authorization: `Bearer ${tokens.access}` } })
  ).json()) as TAccount;
  const expired = await mintExpiredAccessToken(me.id);
  await primeStorage(page, { access: expired, refresh: tokens.refresh }, 'en');

  const refreshes: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/v1/accounts/refresh/')) {
      refreshes.push(response.status());
    }
  });
  await page.goto('/accounts');
  await expect(page.getByTestId('manager-label')).toContainText(me.first_name);
  expect(refreshes).toEqual([200]);
  const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)) ?? '{}');
  expect(stored.access).not.toBe(expired);
  expect(stored.refresh).not.toBe(tokens.refresh);
});

test('a failed refresh logs out to the login screen', async ({ page }) => {
  await primeStorage(page, { access: 'not-a-token', refresh: 'not-a-refresh-token' }, 'en');
  await page.goto('/accounts');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)).toBeNull();
});

test('logging out in one tab logs out the other', async ({ context, request }) => {
  const tokens = await apiSignIn(request);
  const first = await context.newPage();
  await primeStorage(first, tokens, 'en');
  await first.goto('/accounts');
  await expect(first.getByTestId('manager-label')).toBeVisible();
  const second = await context.newPage();
  await second.goto('/accounts');
  await expect(second.getByTestId('manager-label')).toBeVisible();

  await first.goto('/logout');
  await expect(first.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(second.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
});

test('/logout clears the storage and lands on the login screen at /', async ({ page, request }) => {
  await primeStorage(page, await apiSignIn(request), 'en');
  await page.goto('/accounts');
  await expect(page.getByTestId('manager-label')).toBeVisible();
  await page.goto('/logout');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');
  expect(await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY)).toBeNull();
});

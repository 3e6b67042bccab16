import { apiSignIn, buildAccount } from '../support/api';
import { collectCspViolations, expect, primeStorage, test } from '../support/fixtures';

test('the profile lists the open sessions; ending another device signs it out; no CSP violation', async ({
  page,
  request,
  admin,
}) => {
  const violations = collectCspViolations(page);
  // An account of its own (the administrator's sessions belong to the tests running alongside), on two devices.
  const account = await buildAccount(request, admin);
  const credentials = { email: account.email, password: account.password };
  const other = await apiSignIn(request, credentials);
  await primeStorage(page, await apiSignIn(request, credentials), 'en');
  await page.goto('/');
  // The account menu (the name in the header) opens the profile.
  await page.getByTestId('manager-label').click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Open sessions')).toBeVisible();
  const current = page.getByRole('row').filter({ hasText: 'This device' });
  await expect(current).toContainText('127.0.0.1');
  const otherRows = page
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: /End session/ }) })
    .filter({ hasNotText: 'This device' });
  expect(await otherRows.count()).toBeGreaterThan(0);

  // End every other session: the other device's access token stops working at once.
  while ((await otherRows.count()) > 0) {
    await otherRows
      .first()
      .getByRole('button', { name: /End session/ })
      .click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /End session/ })
      .click();
    await expect(page.getByText('The session has been ended')).toBeVisible();
    await expect(page.getByText('The session has been ended')).toBeHidden();
  }
  const refused = await request.get('/api/v1/accounts/me/', { headers: { Authorization: `Bearer ${other.access}` } });
  expect(refused.status()).toBe(401);
  expect(violations).toEqual([]);
  // The document itself carries the policy.
  const answer = await request.get('/profile');
  expect(answer.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(answer.headers()['x-content-type-options']).toBe('nosniff');
});

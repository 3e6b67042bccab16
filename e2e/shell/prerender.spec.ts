import { collectCspViolations, expect, PERMISSIONS_KEY, saveScreenshot, test } from '../support/fixtures';

// Issue 18, speed on a phone: a signed-in screen's page carries the screen's first frame (apps/web/build/prerender.ts),
// painted before the app's scripts arrive and replaced by the app's own. The page's inline script must run under the
// CSP, allowed by its hash: no violation is reported.

test("a screen's prerendered frame shows before the app's scripts run, in the stored language, and gives way to the app", async ({
  signedInPage,
}) => {
  const page = await signedInPage('en');
  const violations = collectCspViolations(page);
  // The first visit after a sign-in: the app learns the account's permissions.
  await page.goto('/merchants');
  await expect(page.getByTestId('manager-label')).toBeVisible();
  await expect
    .poll(() => page.evaluate((key) => localStorage.getItem(key), PERMISSIONS_KEY))
    .toContain('merchants.edit');

  // Without the app's scripts, the page alone draws the screen's frame: its menu, title, search and table head.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.reload();
  const frame = page.locator('#prerender');
  await expect(frame.getByRole('heading', { name: 'Merchants', includeHidden: true })).toBeAttached();
  await expect(frame.getByPlaceholder(/^Search/)).toBeVisible();
  await expect(frame.getByText('Add merchant')).toBeVisible();
  await expect(frame).toHaveAttribute('inert', '');
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  await saveScreenshot(page, 'prerendered-frame', 'en');

  // With them, the app replaces the frame by its own screen, and the rows arrive.
  await page.unroute('**/assets/*.js');
  await page.reload();
  await expect(page.getByTestId('manager-label')).toBeVisible();
  await expect(page.locator('#prerender')).toHaveCount(0);
  await expect(page.locator('#prerender-style')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Merchants' })).toBeVisible();
  expect(violations).toEqual([]);
});

test('no frame for a signed-out visitor: the login screen alone', async ({ page }) => {
  const violations = collectCspViolations(page);
  await page.goto('/merchants');
  await expect(page.getByRole('button', { name: 'Войти' })).toBeVisible();
  await expect(page.locator('#prerender')).toHaveCount(0);
  await expect(page.locator('#prerender-style')).toHaveCount(0);
  expect(violations).toEqual([]);
});

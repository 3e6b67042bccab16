import { expectNoAxeViolations } from '../support/axe';
import { expect, primeStorage, test } from '../support/fixtures';
import { SCREENS } from './screens';

// axe on every screen of the app, in Russian, at WCAG 2 A and AA, in the light theme and in the dark one (the account
// menu's choice, app/themePreference.ts): 0 violations. The screens are listed in screens.ts.
for (const screen of SCREENS) {
  for (const theme of ['light', 'dark'] as const) {
    test(`${screen.name} has no WCAG 2 AA violations in ${theme}`, async ({ page, request, admin }) => {
      const path = typeof screen.path === 'string' ? screen.path : await screen.path(request, admin);
      await primeStorage(page, screen.isSignedOut ? null : admin, 'ru');
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await page.goto(path);
      await expect(page.locator('main, form').first()).toBeVisible();
      await screen.ready?.(page);
      // No spinner or skeleton left. Not 'networkidle': station screens keep a live-status event stream open.
      await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
      // The pointer off any control, so that no tooltip or hover colour is what axe judges.
      await page.mouse.move(0, 0);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expectNoAxeViolations(page);
    });
  }
}

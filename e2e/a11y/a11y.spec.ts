import { expectNoAxeViolations } from '../support/axe';
import { expect, primeStorage, test } from '../support/fixtures';
import { SCREENS } from './screens';

// axe on every screen of the app, in Russian, at WCAG 2 A and AA: 0 violations. The screens are listed in screens.ts.
for (const screen of SCREENS) {
  test(`${screen.name} has no WCAG 2 AA violations`, async ({ page, request, admin }) => {
    const path = typeof screen.path === 'string' ? screen.path : await screen.path(request, admin);
    await primeStorage(page, screen.isSignedOut ? null : admin, 'ru');
    await page.goto(path);
    await expect(page.locator('main, form').first()).toBeVisible();
    await screen.ready?.(page);
    // No spinner or skeleton left. Not 'networkidle': station screens keep a live-status event stream open.
    await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
    // The pointer off any control, so that no tooltip or hover colour is what axe judges.
    await page.mouse.move(0, 0);
    await expectNoAxeViolations(page);
  });
}

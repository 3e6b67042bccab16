import { COLOUR_RULES, expectNoAxeViolations } from '../support/axe';
import { expect, primeStorage, test } from '../support/fixtures';
import { SCREENS } from './screens';

// axe on every screen of the app, in Russian, at WCAG 2 A and AA, in the light theme and in the dark one (the account
// menu's choice, app/themePreference.ts; the dark pass judges the colour rules, the rest of the markup being the
// light one's): 0 violations. The screens are listed in screens.ts. One test per screen
// loads it in light, then again in dark: the page keeps the browser's compiled scripts from one load to the next, and
// the screen's records are made once.
for (const screen of SCREENS) {
  test(`${screen.name} has no WCAG 2 AA violations in light and in dark`, async ({ page, request, admin }) => {
    // Two loads and two axe runs: twice a single screen's time.
    test.setTimeout(60_000);
    const path = typeof screen.path === 'string' ? screen.path : await screen.path(request, admin);
    await primeStorage(page, screen.isSignedOut ? null : admin, 'ru');
    for (const theme of ['light', 'dark'] as const) {
      await test.step(theme, async () => {
        if (theme === 'light') {
          await page.addInitScript(() => {
            if (!sessionStorage.getItem('e2e-theme')) {
              sessionStorage.setItem('e2e-theme', '1');
              localStorage.setItem('theme', 'light');
            }
          });
        } else {
          await page.evaluate(() => localStorage.setItem('theme', 'dark'));
        }
        await page.goto(path);
        await expect(page.locator('main, form').first()).toBeVisible();
        await screen.ready?.(page);
        // No spinner or skeleton left. Not 'networkidle': station screens keep a live-status event stream open.
        await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
        // The pointer off any control, so that no tooltip or hover colour is what axe judges.
        await page.mouse.move(0, 0);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        // Dark changes colours only: its pass checks the colour rules, the light one every rule.
        await expectNoAxeViolations(page, theme === 'dark' ? COLOUR_RULES : undefined);
      });
    }
  });
}

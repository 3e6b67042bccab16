import { COLOUR_RULES, expectNoAxeViolations } from '../support/axe';
import { afterTwoFrames, expect, primeStorage, test } from '../support/fixtures';
import { SCREENS } from './screens';

// axe on every screen of the app, in Russian, at WCAG 2 A and AA, in the light theme and in the dark one: 0 violations.
// The screens are listed in screens.ts. One test per screen loads it once, with the theme following the system (the
// default, app/themePreference.ts) and the system light, then turns the system dark: the screen redraws in place as
// it does for a user whose phone or laptop switches at dusk, and the dark pass judges the colour rules on the same
// markup. The account menu's choice resolves through the same store (shell/responsive.spec.ts, "dark mode", makes it).
for (const screen of SCREENS) {
  test(`${screen.name} has no WCAG 2 AA violations in light and in dark`, async ({ page, request, admin }) => {
    // One load and two axe runs.
    test.setTimeout(45_000);
    const path = typeof screen.path === 'string' ? screen.path : await screen.path(request, admin);
    await primeStorage(page, screen.isSignedOut ? null : admin, 'ru');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(path);
    await expect(page.locator('main, form').first()).toBeVisible();
    await screen.ready?.(page);
    for (const theme of ['light', 'dark'] as const) {
      await test.step(theme, async () => {
        if (theme === 'dark') {
          await page.emulateMedia({ colorScheme: 'dark' });
        }
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        // The store's change renders at once (a synchronous update); two frames later it is on screen.
        await afterTwoFrames(page);
        // No spinner or skeleton left. Not 'networkidle': station screens keep a live-status event stream open.
        await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
        // The pointer off any control, so that no tooltip or hover colour is what axe judges.
        await page.mouse.move(0, 0);
        // Dark changes colours only: its pass checks the colour rules, the light one every rule.
        await expectNoAxeViolations(page, theme === 'dark' ? COLOUR_RULES : undefined);
      });
    }
  });
}

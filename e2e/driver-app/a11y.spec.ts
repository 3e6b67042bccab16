import { signInDriver } from '../drivers/app';
import { expectNoAxeViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { buildMerchant, buildStation } from '../support/network';
import { DRIVER_PHONE, primeDriverApp } from './phone';

// axe on each screen of the drivers' app (issue 40) at 390 px, in Russian, at WCAG 2 A and AA: 0 violations. The
// dashboard's screens are checked by e2e/a11y; the app has no dark theme, so one pass a screen. A new screen adds a
// line to SCREENS: its path and its heading.

test.use(DRIVER_PHONE);

const SCREENS = [
  { path: '/app/stations', heading: 'Станции' },
  { path: '/app/charging', heading: 'Зарядка' },
  { path: '/app/wallet', heading: 'Кошелёк' },
  { path: '/app/profile', heading: 'Профиль' },
] as const;

test('the sign-in has no WCAG 2 AA violations at 390 px', async ({ page }) => {
  await primeDriverApp(page, null, 'ru');
  await page.goto('/app/sign-in');
  await expect(page.getByRole('heading', { level: 1, name: 'Вход' })).toBeVisible();
  await expectNoAxeViolations(page);
});

// One test a screen: each its own driver and station, and each well inside the test's time on a loaded machine (the
// four screens in one test ran past 30 s there: a page load and an axe pass take 3-7 s each under load).
for (const screen of SCREENS) {
  test(`${screen.path} has no WCAG 2 AA violations at 390 px`, async ({ page, request, admin }) => {
    const merchant = await buildMerchant(request, admin);
    await buildStation(request, admin, merchant.id);
    const driver = await signInDriver(request, admin);
    await primeDriverApp(page, driver.tokens, 'ru');
    await page.goto(screen.path);
    await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
    // Loaded: no screen says it is still loading.
    await expect(page.getByRole('status').filter({ hasText: 'Загрузка' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
}

import { buildBanner } from '../support/banners';
import { accessibilityViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';

test('the banners list and both forms have no WCAG A or AA violations', async ({ signedInPage, admin, request }) => {
  test.slow(); // three screens, each checked by axe
  const banner = await buildBanner(request, admin, 'banner', { name: `Axe banner ${Date.now()}` });
  const fullscreen = await buildBanner(request, admin, 'fullscreen', { name: `Axe ${Date.now()}` });
  const page = await signedInPage('en');

  await page.goto('/banners?tab=fullscreen');
  await expect(page.getByRole('table').getByRole('img', { name: fullscreen.name })).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  await page.goto(`/banners/create-fullscr/${fullscreen.id}`);
  await expect(page.getByRole('figure').getByRole('img', { name: fullscreen.name })).toBeVisible();
  await expect(page.locator('.ant-picker-range')).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);

  await page.goto(`/banners/create-banner/${banner.id}`);
  await expect(page.getByRole('figure').getByRole('img', { name: banner.name })).toBeVisible();
  await expect(page.locator('.ant-picker-range')).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
});

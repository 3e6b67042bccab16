import { expect, LANGUAGES_UNDER_TEST, saveScreenshot, test } from '../support/fixtures';

for (const language of LANGUAGES_UNDER_TEST) {
  test(`dashboard and heat map read in ${language}`, async ({ signedInPage }) => {
    test.setTimeout(60_000);
    const page = await signedInPage(language);
    await page.goto('/?period=month&date=2026-11-23');
    // The month's graph is the dashboard's slowest answer: on a loaded machine it came after 7 s.
    await expect(page.getByTestId('period-chart').locator('canvas')).toBeVisible({ timeout: 25_000 });
    await expect(page.getByTestId('timeline-item').first()).toBeVisible();
    await expect(page.locator('.ant-skeleton')).toHaveCount(0);
    await saveScreenshot(page, 'dashboard', language);

    await page.goto('/heat-map?period__from=2026-11-01&period__to=2026-11-23');
    await expect(page.locator('canvas.leaflet-heatmap-layer')).toBeVisible();
    await page.waitForTimeout(500);
    await saveScreenshot(page, 'heat-map', language);
  });
}

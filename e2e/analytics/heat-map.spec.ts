import { expect, test } from '../support/fixtures';

test('/heat-map: switching the metric asks for it and names it in the legend; markers with popups from zoom 14', async ({
  signedInPage,
}) => {
  test.setTimeout(60_000);
  const page = await signedInPage('en');
  const asked = page.waitForResponse((response) => response.url().includes('/stations/heat-map/') && response.ok());
  await page.goto('/heat-map?period__from=2026-11-01&period__to=2026-11-23');
  const points = (await (await asked).json()) as { weight: number; charges: number }[];
  expect(points.length).toBeGreaterThan(0);
  await expect(page.getByTestId('heat-legend')).toContainText('Weight: Charges');
  await expect(page.locator('canvas.leaflet-heatmap-layer')).toBeVisible();

  const energy = page.waitForResponse((response) => response.url().includes('metric=energy') && response.ok());
  await page.getByRole('radiogroup').getByText('kWh').click();
  const weighed = (await (await energy).json()) as { weight: number; energy_kwh: string }[];
  expect(weighed.map((point) => point.weight)).toEqual(weighed.map((point) => Number(point.energy_kwh)));
  await expect(page).toHaveURL(/metric=energy/);
  await expect(page.getByTestId('heat-legend')).toContainText('Weight: kWh');

  // Zoom 13 shows the heat only; from 14 the stations' markers come, each with its popup.
  await expect(page.locator('.leaflet-marker-icon')).toHaveCount(0);
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(page.locator('.leaflet-marker-icon').first()).toBeVisible();
  await page.locator('.leaflet-marker-icon').first().click({ force: true });
  await expect(page.getByTestId('station-popup')).toContainText('Station info');
});

import { expect, test } from '../support/fixtures';
import { alertStation, openStationIncidents } from './support';

// Incidents (issue 35, items 1 and 2; docs/product/alerts.md): a simulated OCPP 1.6J charge point reports a connector
// Faulted, its incident appears on the incidents screen; it is acknowledged and resolved from its drawer, each step in
// its timeline.
test.describe.configure({ timeout: 120_000 });

test('a Faulted connector opens an incident that is acknowledged and resolved from its drawer', async ({
  signedInPage,
  request,
  admin,
}) => {
  const { station, point } = await alertStation(request, admin);
  try {
    await point.status(2, 'Faulted', 'GroundFailure');
    const page = await signedInPage('en');
    const row = await openStationIncidents(page, station.id, /Connector faulted/);
    const table = page.locator('.ant-table');
    await expect(table).toContainText('Connector 2 · Faulted: Error GroundFailure');
    await expect(table).toContainText('Critical');
    await expect(table).toContainText('Open');
    await expect(table.getByRole('link', { name: station.name_en })).toBeVisible();

    await row.click();
    const drawer = page.locator('.ant-drawer');
    await expect(drawer).toContainText('Opened');
    await drawer.getByRole('button', { name: 'Acknowledge' }).click();
    const confirm = page.locator('.ant-modal');
    await expect(confirm).toContainText('Everyone will see that you are on it.');
    await confirm.getByLabel('Note').fill('Technician on the way');
    await confirm.getByRole('button', { name: 'Acknowledge' }).click();
    await expect(page.getByText('Incident acknowledged')).toBeVisible();
    await expect(drawer).toContainText('Technician on the way');
    await expect(drawer.getByRole('button', { name: 'Acknowledge' })).toHaveCount(0);

    await drawer.getByRole('button', { name: 'Resolve' }).click();
    await page.locator('.ant-modal').getByLabel('Note').fill('Residual current device replaced');
    await page.locator('.ant-modal').getByRole('button', { name: 'Resolve' }).click();
    await expect(page.getByText('Incident resolved')).toBeVisible();
    await expect(drawer).toContainText('Residual current device replaced');
    await expect(drawer).toContainText('by hand');
    await expect(drawer.getByRole('button', { name: 'Resolve' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(table).toContainText('Resolved');
  } finally {
    await point.close();
  }
});

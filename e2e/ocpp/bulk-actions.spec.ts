import { expect, test } from '../support/fixtures';
import { selectStations, twoConnectedStations } from './bulk-support';

// Bulk charge point actions (issue 34): two stations selected on the merchant's stations table are reset at once
// through POST /ocpp/commands/bulk/, against simulated OCPP 1.6J charge points; each station's result is shown.
test.describe.configure({ timeout: 180_000 });

test('two stations selected on the merchant’s table are reset, each station’s result shown', async ({
  signedInPage,
  request,
  admin,
}) => {
  const { merchant, stations, close } = await twoConnectedStations(request, admin);
  try {
    const page = await signedInPage('en');
    await selectStations(
      page,
      merchant.id,
      stations.map((station) => station.id),
    );
    await page.getByRole('button', { name: /Charge points \(2\)/ }).click();
    await page.getByRole('menuitem', { name: 'Restart' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('bulk-confirm')).toHaveText(
      '“Restart” goes to the charge points of the selected stations (2). Send it?',
    );
    await dialog.getByText('Hard restart').click();
    await dialog.getByTestId('bulk-send').click();
    const results = page.getByTestId('bulk-results');
    await expect(results).toBeVisible({ timeout: 30_000 });
    for (const station of stations) {
      await expect(page.getByTestId(`bulk-result-${station.id}`)).toHaveText('Accepted');
      await expect(results).toContainText(station.name_en);
    }
    await expect(page.getByTestId('bulk-summary')).toHaveText('Accepted: 2 of 2');
    await expect(results).toContainText('The charge point accepted the command');

    // Each reset is in its station's command log.
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).last().click();
    await page.goto(`/merchant/${merchant.id}/station-info/${stations[0]!.id}`);
    await expect(page.getByTestId('command-log')).toContainText('Reset', { timeout: 30_000 });
  } finally {
    await close();
  }
});

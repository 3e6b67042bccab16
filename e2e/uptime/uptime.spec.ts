import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/fixtures';
import { stationWithHistory } from './uptime-support';

// Uptime (issue 35, item 5): a simulated charge point's StatusNotifications become its status history, read back on
// station info (per connector, the last 30 days), on the merchant page (this month) and in the /uptime report with its
// export.
test.describe.configure({ timeout: 120_000 });

test('a charge point’s statuses show as uptime on station info, the merchant page and the report, exported', async ({
  signedInPage,
  request,
  admin,
}) => {
  const { merchant, station, close } = await stationWithHistory(request, admin);
  try {
    const page = await signedInPage('en');
    await page.goto(`/merchant/${merchant.id}/station-info/${station.id}`);
    const panel = page.getByTestId('station-uptime');
    await expect(panel).toContainText('Uptime, last 30 days', { timeout: 15_000 });
    await expect(panel.getByRole('cell', { name: 'Connector 1', exact: true })).toBeVisible();
    await expect(panel.getByRole('cell', { name: 'Connector 2', exact: true })).toBeVisible();
    // Connector 1 charged (operative) all the time it is known; connector 2 faulted from a moment after its boot.
    const days = panel.getByRole('list', { name: 'Uptime of connector 1 by day' });
    await expect(days.getByRole('listitem')).toHaveCount(30);
    await expect(days.getByRole('listitem').last()).toHaveAttribute('aria-label', /: 100%$/);
    await expect(days.getByRole('listitem').first()).toHaveAttribute('aria-label', /: No data$/);
    await expect(panel.getByRole('img', { name: /Faulted/ })).toBeVisible();

    await page.goto(`/merchant/${merchant.id}`);
    await page.getByRole('tab', { name: 'Uptime' }).click();
    await expect(page).toHaveURL(/\?tab=uptime$/);
    const merchantPanel = page.getByTestId('merchant-uptime');
    await expect(merchantPanel).toContainText('Uptime this month');
    await expect(merchantPanel.getByRole('link', { name: station.name_en })).toBeVisible();
    await merchantPanel.getByRole('link', { name: 'Uptime report' }).click();

    await expect(page).toHaveURL(new RegExp(`/uptime\\?merchant=${merchant.id}`));
    const table = page.getByRole('table', { name: 'Uptime' });
    await expect(table.getByRole('link', { name: station.name_en })).toBeVisible();
    await expect(page.getByTestId('uptime-total')).toContainText(`Total of ${merchant.name}`);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^uptime_.*\.csv$/);
    const csv = await readFile((await file.path()) ?? '', 'utf8');
    expect(csv.split('\n')[0]).toContain('Uptime, %');
    expect(csv).toContain(station.name_en);
  } finally {
    await close();
  }
});

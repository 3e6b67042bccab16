import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { buildInfrastructure, buildMerchant, buildStation, buildTag } from '../support/network';

// The stations table's rows (each with its selection box): the merchant page's uptime card lists the stations too.
const stationRows = (page: Page) => page.getByRole('row').filter({ has: page.getByRole('checkbox') });
const rowOf = (page: Page, name: string) =>
  stationRows(page).filter({ has: page.getByRole('link', { name, exact: true }) });

const tick = async (page: Page, name: string) => {
  await rowOf(page, name).getByRole('checkbox').click();
};

test('stations table: columns, bulk status with mixed, all-active and all-inactive selections, and the delete rule', async ({
  signedInPage,
  admin,
  request,
}) => {
  const merchant = await buildMerchant(request, admin);
  const tag = await buildTag(request, admin);
  const places = await Promise.all([buildInfrastructure(request, admin), buildInfrastructure(request, admin)]);
  const activeA = await buildStation(request, admin, merchant.id, {
    name: 'Active A',
    tags: [tag.id],
    environment: places.map((place) => place.id),
  });
  const activeB = await buildStation(request, admin, merchant.id, { name: 'Active B' });
  const inactive = await buildStation(request, admin, merchant.id, { name: 'Inactive C', status: 1 });

  const page = await signedInPage('en');
  await page.goto(`/merchant/${merchant.id}`);
  const first = rowOf(page, 'Active A');
  await expect(first).toBeVisible();
  await expect(first.getByRole('link', { name: 'Active A' })).toHaveAttribute(
    'href',
    `/merchant/${merchant.id}/station-info/${activeA.id}`,
  );
  await expect(first.getByRole('img', { name: 'Active' })).toBeVisible();
  await expect(first.getByText(/CCS2.*, Type 2/)).toBeVisible();
  await expect(first.getByText(tag.title_en)).toBeVisible();
  await first.getByRole('button', { name: 'Show 1 more' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Place' })).toBeVisible();
  await page.keyboard.press('Escape');

  // The delete rule: active stations cannot be deleted.
  await expect(first.getByRole('button', { name: 'Delete Active A' })).toBeDisabled();
  await expect(rowOf(page, 'Inactive C').getByRole('button', { name: 'Delete Inactive C' })).toBeEnabled();

  // Mixed selection: disabled, with the reason in words.
  await tick(page, 'Active A');
  await tick(page, 'Inactive C');
  await expect(page.getByRole('button', { name: 'Change status (2)' })).toBeDisabled();
  await expect(page.getByText('The selected records have different statuses')).toBeVisible();

  // All active: deactivate.
  await tick(page, 'Inactive C');
  await tick(page, 'Active B');
  await page.getByRole('button', { name: 'Deactivate (2)' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
  await expect(rowOf(page, 'Active B').getByRole('img', { name: 'Inactive' })).toBeVisible();
  await expect(rowOf(page, 'Active A').getByRole('img', { name: 'Inactive' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change status (0)' })).toBeDisabled();

  // All inactive: activate.
  await tick(page, 'Active B');
  await tick(page, 'Inactive C');
  await page.getByRole('button', { name: 'Activate (2)' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Activate' }).click();
  await expect(rowOf(page, 'Inactive C').getByRole('img', { name: 'Active' })).toBeVisible();
  await expect(rowOf(page, 'Inactive C').getByRole('button', { name: 'Delete Inactive C' })).toBeDisabled();

  // Now inactive, A can be deleted; the list reloads without it.
  await rowOf(page, 'Active A').getByRole('button', { name: 'Delete Active A' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Delete' }).click();
  await expect(stationRows(page).getByRole('link', { name: 'Active A', exact: true })).toHaveCount(0);
  await expect(rowOf(page, 'Active B')).toBeVisible();
  expect(activeB.id).toBeGreaterThan(0);
  expect(inactive.status).toBe(1);
});

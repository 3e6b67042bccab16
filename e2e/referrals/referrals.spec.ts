import { readFileSync } from 'node:fs';
import { expect, test } from '../support/fixtures';
import { chooseOption } from '../support/pickers';
import { linkReferral } from '../support/referrals';
import { e2eUser, REWARDED_REFERRAL } from '../support/users';

test('a referral made through the API is listed, filtered, exported and shown on both users’ pages', async ({
  signedInPage,
  admin,
  request,
}) => {
  test.setTimeout(90_000);
  const referral = await linkReferral(request, admin, 'referralInviter', 'referralInvited');
  const inviter = e2eUser('referralInviter');
  const invited = e2eUser('referralInvited');
  const page = await signedInPage('en');
  await page.goto('/list-of-referrals');
  const table = page.getByRole('table', { name: 'Referrals' });
  const row = table.getByRole('row').filter({ hasText: invited.name });
  await expect(row).toContainText(inviter.name);
  await expect(row).toContainText(referral.code);
  await expect(row).toContainText('Pending');

  // Search by the invited user's personal account, then the status filter, both kept in the URL.
  await page.getByRole('searchbox').fill(invited.personalAccount);
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await chooseOption(page.getByRole('combobox', { name: 'Status' }), 'Rewarded');
  await expect(table.getByText('Nothing matches')).toBeVisible();
  await chooseOption(page.getByRole('combobox', { name: 'Status' }), 'Pending');
  await expect(row).toBeVisible();
  await expect(page).toHaveURL(/status=pending/);
  await page.reload();
  await expect(row).toBeVisible();

  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csvFile = await csv;
  expect(csvFile.suggestedFilename()).toMatch(/^referrals_\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync(await csvFile.path(), 'utf8');
  expect(text).toContain(invited.name);
  expect(text).toContain('Pending');
  expect(text.trim().split('\n')).toHaveLength(2);
  const xlsx = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export XLSX' }).click();
  expect(
    readFileSync(await (await xlsx).path())
      .subarray(0, 2)
      .toString('latin1'),
  ).toBe('PK');

  // The invited user's page names the inviter, whose page counts the users invited and links back here.
  await row.getByRole('link', { name: invited.name }).click();
  await expect(page).toHaveURL(new RegExp(`/user/${referral.invited.id}$`));
  await page.getByRole('link', { name: inviter.name }).click();
  await expect(page).toHaveURL(new RegExp(`/user/${referral.inviter.id}$`));
  await page.getByRole('link', { name: /^\d+$/ }).click();
  await expect(page).toHaveURL(new RegExp(`/list-of-referrals\\?inviter=${referral.inviter.id}`));
  await expect(page.getByText(`Invited by user No. ${referral.inviter.id}`)).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: invited.name })).toBeVisible();
});

test('a referral rewarded by the invited driver’s first charge shows its bonuses; the inviter’s statement has the credit', async ({
  signedInPage,
}) => {
  const inviter = e2eUser('referralInviter');
  const page = await signedInPage('en');
  await page.goto('/list-of-referrals?status=rewarded');
  const row = page
    .getByRole('table', { name: 'Referrals' })
    .getByRole('row')
    .filter({ hasText: REWARDED_REFERRAL.invitedName });
  await expect(row).toContainText('Rewarded');
  await expect(row).toContainText(`Inviter: ${REWARDED_REFERRAL.inviterBonus}`);
  await expect(row).toContainText('Invited: 0.00');
  // The charge finished at 12:48 UTC on 20 November: 18:48 in Bishkek.
  await expect(row).toContainText('20.11.2026 18:48');
  const charge = row.getByRole('link', { name: /^Charge No\. \d+$/ });
  const number = ((await charge.textContent()) ?? '').replace(/\D/g, '');
  await charge.click();
  await expect(page).toHaveURL(new RegExp(`/chargers-list\\?search_by_id=${number}`));
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: REWARDED_REFERRAL.invitedName })).toHaveCount(
    1,
  );

  await page.goBack();
  await row.getByRole('link', { name: inviter.name }).click();
  const statement = page.getByRole('table').getByRole('row').filter({ hasText: 'Referral bonus' });
  await expect(statement).toHaveCount(1);
  await expect(statement).toContainText(REWARDED_REFERRAL.inviterBonus);
});

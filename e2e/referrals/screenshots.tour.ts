import type { TLanguage } from '@zaryad/contracts';
import { expect, LANGUAGES_UNDER_TEST, saveScreenshot, test } from '../support/fixtures';
import { linkReferral } from '../support/referrals';

/** The texts the walk waits for, in each language (apps/web/src/locales/<language>/lazy/referrals.ts). */
const LABELS: Record<TLanguage, { pending: string; bonuses: string }> = {
  ru: { pending: 'Ожидает', bonuses: 'Реферальные бонусы' },
  en: { pending: 'Pending', bonuses: 'Referral bonuses' },
  ky: { pending: 'Күтүүдө', bonuses: 'Реферал бонустары' },
};

for (const language of LANGUAGES_UNDER_TEST) {
  test(`the referrals screens read in ${language}`, async ({ signedInPage, admin, request }) => {
    test.setTimeout(60_000);
    const labels = LABELS[language];
    const referral = await linkReferral(request, admin, 'referralInviter', 'referralScreens');
    const page = await signedInPage(language);

    await page.goto('/list-of-referrals');
    const row = page.getByRole('table').getByRole('row').filter({ hasText: referral.invited.name });
    await expect(row).toContainText(labels.pending);
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    await saveScreenshot(page, 'referrals-list', language);

    await page.goto('/settings');
    await expect(page.getByText(labels.bonuses)).toBeVisible();
    await expect(page.locator('.ant-skeleton')).toHaveCount(0);
    await saveScreenshot(page, 'referral-settings', language);

    await page.goto(`/user/${referral.invited.id}`);
    await expect(page.getByRole('link', { name: referral.inviter.name })).toBeVisible();
    await expect(page.locator('.ant-skeleton')).toHaveCount(0);
    await saveScreenshot(page, 'referral-user', language);
  });
}

import { E2E_CHARGES } from '../support/charges';
import { expect, test } from '../support/fixtures';

/** Delivered charges of the e2e seed (support/seed-charges.ts) by their Bishkek finish day. */
const deliveredOn = (day: string) =>
  E2E_CHARGES.filter((charge) => {
    if (!charge.startedAt || (charge.end !== 'finished' && charge.end !== 'stopped')) {
      return false;
    }
    const finished = new Date(Date.parse(charge.startedAt) + (charge.minutes ?? 1) * 60_000 + 6 * 3_600_000);
    return finished.toISOString().slice(0, 10) === day;
  }).length;

const DAY = '2026-11-21';

test('/: switching the period changes the cards, and a reload keeps it', async ({ signedInPage }) => {
  const page = await signedInPage('en');
  await page.goto(`/?date=${DAY}`);
  const charges = page.getByTestId('kpi-charges').locator('.ant-statistic-content-value');
  await expect(charges).toHaveText(String(deliveredOn(DAY)));
  await expect(page.getByTestId('period-range')).toHaveText('21.11.2026 · compared with the day before: 20.11.2026');

  const dayTurnover = await page.getByTestId('kpi-turnover').locator('.ant-statistic-content-value').textContent();
  await page.getByRole('radiogroup', { name: 'Period' }).getByText('Year').click();
  await expect(page).toHaveURL(/period=year/);
  await expect(page.getByTestId('period-range')).toContainText(
    /^This year: 01\.01\.2026 – .+ · compared with last year: 01\.01\.2025 – /,
  );
  // The year holds every delivered charge of the seed, more than that one day.
  await expect(charges).not.toHaveText(String(deliveredOn(DAY)));
  await expect(page.getByTestId('kpi-turnover').locator('.ant-statistic-content-value')).not.toHaveText(
    dayTurnover ?? '',
  );
  // 2025 had no charges: the turnover grew from none, which is not "no change".
  await expect(page.getByTestId('kpi-turnover').getByTestId('kpi-change')).toHaveText('up from none');
  await expect(page.getByTestId('period-chart').locator('canvas')).toBeVisible();
  await expect(page.getByTestId('heat-grid').getByRole('cell')).toHaveCount(168);

  await page.reload();
  await expect(page.getByRole('radiogroup', { name: 'Period' }).getByRole('radio', { name: 'Year' })).toBeChecked();
});

test('/: a news item posted in three languages shows on the timeline', async ({ signedInPage }) => {
  const page = await signedInPage('en');
  await page.goto('/');
  const title = `Fast chargers on Chuy ${Date.now()}`;
  await page.getByRole('button', { name: 'Add news' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add news' });
  // An empty title is refused on its field before anything is sent.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.locator('.ant-form-item-explain-error').first()).toBeVisible();
  await dialog.getByLabel('Title (RU)').fill(`Быстрые зарядки на Чуй ${Date.now()}`);
  await dialog.getByLabel('Title (ENG)').fill(title);
  await dialog.getByLabel('Title (KG)').fill('Чүйдө тез кубаттоо');
  await dialog.getByLabel('Text (ENG)').fill('Two 120 kW stations opened.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const item = page.getByTestId('timeline-item').filter({ hasText: title });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Two 120 kW stations opened.');
});

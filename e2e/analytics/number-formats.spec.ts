import type { TLanguage } from '@zaryad/contracts';
import { expect, LANGUAGES_UNDER_TEST, saveScreenshot, test } from '../support/fixtures';

// Issue 31: figures by the interface language (en 1,234.56; ru and ky 1 234,56 with a narrow no-break space), the
// unit on the figure's line, and a caption that says what the dashboard compares. Each period is shot for the eye.

const PERIODS = ['day', 'week', 'month', 'year'] as const;

/** What a sum of som looks like in each language, and what it must never look like. */
const MONEY: Record<TLanguage, { sum: RegExp; unit: string }> = {
  en: { sum: /^-?\d{1,3}(,\d{3})*\.\d{2}$/, unit: 'som' },
  ru: { sum: /^-?\d{1,3}(\u202f\d{3})*,\d{2}$/, unit: 'сом' },
  ky: { sum: /^-?\d{1,3}(\u202f\d{3})*,\d{2}$/, unit: 'сом' },
};

/** The caption of a period in progress (now) in each language: to now, against the same time of the one before. */
const IN_PROGRESS: Record<TLanguage, Record<(typeof PERIODS)[number], RegExp>> = {
  en: {
    day: /^Today: \d\d\.\d\d\.\d{4} until \d\d:\d\d · compared with yesterday: \d\d\.\d\d\.\d{4} until \d\d:\d\d$/,
    week: /^This week: .+ until \d\d:\d\d · compared with last week: .+ until \d\d:\d\d$/,
    month: /^This month: .+ until \d\d:\d\d · compared with last month: .+$/,
    year: /^This year: 01\.01\.\d{4} – .+ until \d\d:\d\d · compared with last year: 01\.01\.\d{4} – .+$/,
  },
  ru: {
    day: /^Сегодня: \d\d\.\d\d\.\d{4} до \d\d:\d\d · в сравнении со вчерашним днём: \d\d\.\d\d\.\d{4} до \d\d:\d\d$/,
    week: /^Эта неделя: .+ до \d\d:\d\d · в сравнении с прошлой неделей: .+ до \d\d:\d\d$/,
    month: /^Этот месяц: .+ до \d\d:\d\d · в сравнении с прошлым месяцем: .+$/,
    year: /^Этот год: 01\.01\.\d{4} – .+ до \d\d:\d\d · в сравнении с прошлым годом: 01\.01\.\d{4} – .+$/,
  },
  ky: {
    day: /^Бүгүн: \d\d\.\d\d\.\d{4}, саат \d\d:\d\d чейин · салыштыруу үчүн кечээ: \d\d\.\d\d\.\d{4}, саат \d\d:\d\d чейин$/,
    week: /^Ушул жума: .+ чейин · салыштыруу үчүн өткөн жума: .+ чейин$/,
    month: /^Ушул ай: .+ чейин · салыштыруу үчүн өткөн ай: .+$/,
    year: /^Ушул жыл: 01\.01\.\d{4} – .+ чейин · салыштыруу үчүн өткөн жыл: 01\.01\.\d{4} – .+$/,
  },
};

for (const language of LANGUAGES_UNDER_TEST) {
  test(`the dashboard's figures and comparison read in ${language}, each period`, async ({ signedInPage }) => {
    test.setTimeout(120_000);
    const page = await signedInPage(language);
    for (const period of PERIODS) {
      await page.goto(period === 'day' ? '/' : `/?period=${period}`);
      await expect(page.getByTestId('period-range')).toHaveText(IN_PROGRESS[language][period]);
      const turnover = page.getByTestId('kpi-turnover');
      await expect(turnover.locator('.ant-statistic-content-value')).toHaveText(MONEY[language].sum);
      await expect(turnover.locator('.ant-statistic-content-suffix')).toHaveText(
        new RegExp(`^\\s*${MONEY[language].unit}$`),
      );
      // The figure and its unit on one line: the content is no taller than one line of the figure.
      const content = turnover.locator('.ant-statistic-content');
      const value = turnover.locator('.ant-statistic-content-value');
      const [contentBox, valueBox] = [await content.boundingBox(), await value.boundingBox()];
      expect(contentBox?.height ?? 0).toBeLessThanOrEqual((valueBox?.height ?? 0) + 2);
      // The period's chart, or its empty state when no charge ended in it (this server's charges are not every day's).
      await expect(page.getByTestId('period-chart').locator('canvas').or(page.getByTestId('empty-none'))).toBeVisible();
      await expect(page.locator('.ant-skeleton')).toHaveCount(0);
      await saveScreenshot(page, `dashboard-${period}`, language);
    }

    // A past period is compared whole with the whole one before it, and says so.
    await page.goto('/?period=month&date=2026-10-15');
    await expect(page.getByTestId('period-range')).toHaveText(
      {
        en: '01.10.2026 – 31.10.2026 · compared with the month before: 01.09.2026 – 30.09.2026',
        ru: '01.10.2026 – 31.10.2026 · в сравнении с предыдущим месяцем: 01.09.2026 – 30.09.2026',
        ky: '01.10.2026 – 31.10.2026 · салыштыруу үчүн мурунку ай: 01.09.2026 – 30.09.2026',
      }[language],
    );
  });
}

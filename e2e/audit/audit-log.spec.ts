import type { TAuditPage } from '@zaryad/contracts';
import { expect, LANGUAGES_UNDER_TEST, saveScreenshot, test } from '../support/fixtures';
import { buildMerchant, buildStation } from '../support/network';

/** What each language calls the pieces the test looks for (apps/web/src/locales/* /audit.ts). */
const TEXTS = {
  ru: { history: 'История', title: 'История изменений', field: 'Название (английский)', action: 'Изменение', log: 'Журнал действий' },
  en: { history: 'History', title: 'History of changes', field: 'Name (English)', action: 'Edited', log: 'Audit log' },
  ky: { history: 'Тарых', title: 'Өзгөрүүлөрдүн тарыхы', field: 'Аталышы (англисче)', action: 'Өзгөртүлдү', log: 'Аракеттер журналы' },
} as const;

test('a station edited through the API shows in its History and in /audit-log, in ru, en and ky', async ({ request, admin, signedInPage }) => {
  test.setTimeout(90_000);
  const merchant = await buildMerchant(request, admin);
  const station = await buildStation(request, admin, merchant.id, { name: 'Зарядка на Киевской' });
  const edit = await request.patch(`/api/v1/stations/update/${station.id}/`, {
    headers: { authorization: `Bearer ${admin.access}` },
    multipart: { name_en: 'Kievskaya fast charger', password: 'Zyxwvuts98765432' },
  });
  expect(edit.status()).toBe(200);
  // The API's own answer: the edit is the newest entry, the password only 'changed'.
  const logged = await request.get(`/api/v1/audit-log/?entity=station&entity_id=${station.id}`, {
    headers: { authorization: `Bearer ${admin.access}` },
  });
  const [newest] = ((await logged.json()) as TAuditPage).items;
  expect(newest?.changes).toMatchObject({
    name_en: { after: 'Kievskaya fast charger' },
    password: { before: null, after: 'changed' },
  });

  const page = await signedInPage('ru');
  for (const language of LANGUAGES_UNDER_TEST) {
    const texts = TEXTS[language];
    if (page.url() === 'about:blank') {
      await page.goto('/');
    }
    // The app reads its language from local storage on load, as a manager's choice survives a reload.
    await page.evaluate((value) => localStorage.setItem('language', value), language);
    await page.goto(`/merchant/${merchant.id}/station-info/${station.id}`);
    await page.getByRole('button', { name: texts.history }).click();
    const history = page.getByRole('list', { name: texts.title });
    const edited = history.getByRole('listitem').first();
    await expect(edited).toContainText(texts.action);
    await expect(edited).toContainText(texts.field);
    await expect(edited).toContainText('Kievskaya fast charger');
    await expect(edited).not.toContainText('Zyxwvuts98765432');
    await saveScreenshot(page, 'audit-history', language);

    await page.goto(`/audit-log?entity=station&entity_id=${station.id}`);
    const table = page.getByRole('table', { name: texts.log });
    // The log's own rows; each holds a small table of its changes, whose rows are not entries.
    const row = table.locator('tr.ant-table-row').filter({ hasText: 'Kievskaya fast charger' });
    await expect(row).toContainText(texts.action);
    await expect(row).toContainText(`#${station.id}`);
    await expect(page.getByRole('menuitem', { name: texts.log })).toBeVisible();
    await saveScreenshot(page, 'audit-log', language);
  }
});

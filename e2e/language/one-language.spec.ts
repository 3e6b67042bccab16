import { expect, LANGUAGES_UNDER_TEST, saveScreenshot, test } from '../support/fixtures';
import { buildMerchant, buildStation } from '../support/network';

/**
 * One language at a time (issue 33, item 5): the station card, the charges list and the audit log read in the
 * interface language only: its own name, its units (кВт in ru and ky, kW in en), words for logged values.
 */
const NAMES = { ru: 'ул. Токтогула', en: 'Toktogul Street', ky: 'Токтогул көчөсү' } as const;
const TEXTS = {
  ru: {
    power: '60\u00a0кВт',
    gas: 'АЗС',
    yes: 'Да',
    no: 'Нет',
    log: 'Журнал действий',
    kwh: 'кВт·ч',
    merchant: 'Бишкек, Октябрьский район',
  },
  en: {
    power: '60\u00a0kW',
    gas: 'Gas station',
    yes: 'Yes',
    no: 'No',
    log: 'Audit log',
    kwh: 'kWh',
    merchant: 'Бишкек, Октябрьский район',
  },
  ky: {
    power: '60\u00a0кВт',
    gas: 'Май куюучу жай',
    yes: 'Ооба',
    no: 'Жок',
    log: 'Аракеттер журналы',
    kwh: 'кВт·саат',
    merchant: 'Бишкек, Октябрьский район',
  },
} as const;

test('station info, charges and the audit log in one language each', async ({ request, admin, signedInPage }) => {
  test.setTimeout(120_000);
  const merchant = await buildMerchant(request, admin, {
    district: 'Октябрьский район',
    street: 'ул. Ахунбаева, 119а',
  });
  const station = await buildStation(request, admin, merchant.id, { name: NAMES.ru });
  const edit = await request.patch(`/api/v1/stations/update/${station.id}/`, {
    headers: { authorization: `Bearer ${admin.access}` },
    multipart: { name_en: NAMES.en, name_ky: NAMES.ky, is_gas_station: 'true' },
  });
  expect(edit.status(), await edit.text()).toBe(200);

  const page = await signedInPage('ru');
  for (const language of LANGUAGES_UNDER_TEST) {
    const texts = TEXTS[language];
    if (page.url() === 'about:blank') {
      await page.goto('/');
    }
    await page.evaluate((value) => localStorage.setItem('language', value), language);

    await page.goto(`/merchant/${merchant.id}/station-info/${station.id}`);
    await expect(page.getByRole('heading', { level: 2, name: NAMES[language], exact: true })).toBeVisible();
    await expect(page.getByTestId('connector-1')).toContainText(texts.power);
    await saveScreenshot(page, 'language-station-info', language);

    await page.goto(`/merchant/${merchant.id}`);
    await expect(page.getByText(texts.merchant).first()).toBeVisible();

    await page.goto('/chargers-list');
    await expect(page.getByRole('columnheader', { name: new RegExp(texts.kwh) }).first()).toBeVisible();
    // The seeded charges, as the operator waits for them.
    await expect(page.locator('tbody tr.ant-table-row').first()).toBeVisible();
    await saveScreenshot(page, 'language-charges', language);

    await page.goto(`/audit-log?entity=station&entity_id=${station.id}`);
    const table = page.getByRole('table', { name: texts.log });
    const gasRow = table.getByRole('rowheader', { name: texts.gas }).first().locator('xpath=..');
    await expect(gasRow).toContainText(texts.no);
    await expect(gasRow).toContainText(texts.yes);
    await expect(table).not.toContainText('true');
    await expect(table).not.toContainText('is_gas_station');
    await saveScreenshot(page, 'language-audit-log', language);
  }
});

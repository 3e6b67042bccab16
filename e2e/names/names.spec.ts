import type { Page } from '@playwright/test';
import type { TLanguage, TRoleDetails } from '@zaryad/contracts';
import { unique } from '../support/api';
import { expect, LANGUAGES_UNDER_TEST, saveScreenshot, test } from '../support/fixtures';
import { buildMerchant, buildStation } from '../support/network';

// Issue 33, item 3: breadcrumbs carry the records' names up the real hierarchy, and the title and the browser tab say
// what the page is about, in the interface language (docs/product/common.md#signed-in-layout).
const WORDS: Record<
  TLanguage,
  { crumbs: string; merchants: string; edit: string; editing: string; app: string; viewing: string }
> = {
  ru: {
    crumbs: 'Навигационная цепочка',
    merchants: 'Мерчанты',
    edit: 'Редактирование',
    editing: 'редактирование станции',
    app: 'Заряд',
    viewing: 'просмотр роли',
  },
  en: {
    crumbs: 'Breadcrumbs',
    merchants: 'Merchants',
    edit: 'Edit',
    editing: 'editing the station',
    app: 'Zaryad',
    viewing: 'viewing the role',
  },
  ky: {
    crumbs: 'Навигациялык чынжыр',
    merchants: 'Мерчанттар',
    edit: 'Түзөтүү',
    editing: 'станцияны түзөтүү',
    app: 'Заряд',
    viewing: 'ролду көрүү',
  },
};

const breadcrumbs = (page: Page, language: TLanguage) =>
  page.getByRole('navigation', { name: WORDS[language].crumbs, exact: true });

for (const language of LANGUAGES_UNDER_TEST) {
  test(`a station's edit page names its merchant and itself in the breadcrumbs, the title and the tab (${language})`, async ({
    request,
    admin,
    signedInPage,
  }) => {
    test.setTimeout(90_000);
    const mark = unique();
    const merchant = await buildMerchant(request, admin, { name: `Газпром нефть Азия ${mark}` });
    const station = await buildStation(request, admin, merchant.id, { name: `ул. Токтогула ${mark}` });
    // The station has its own name in English and Kyrgyz: each language shows its own.
    const named = await request.patch(`/api/v1/stations/update/${station.id}/`, {
      headers: { authorization: `Bearer ${admin.access}` },
      multipart: { name_en: `Toktogul St. ${mark}`, name_ky: `Токтогул көчөсү ${mark}` },
    });
    expect(named.status()).toBe(200);
    const stationName = { ru: `ул. Токтогула ${mark}`, en: `Toktogul St. ${mark}`, ky: `Токтогул көчөсү ${mark}` }[
      language
    ];
    const words = WORDS[language];

    const page = await signedInPage(language);
    await page.goto(`/merchant/${merchant.id}/edit-station/${station.id}`);
    const title = `${stationName} — ${words.editing}`;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page).toHaveTitle(`${title} · ${words.app}`);
    const trail = breadcrumbs(page, language);
    await expect(trail.getByRole('listitem')).toHaveText([words.merchants, merchant.name, stationName, words.edit]);
    await expect(trail.getByRole('link', { name: words.merchants })).toHaveAttribute('href', '/merchants');
    await expect(trail.getByRole('link', { name: merchant.name })).toHaveAttribute('href', `/merchant/${merchant.id}`);
    await expect(trail.getByRole('link', { name: stationName })).toHaveAttribute(
      'href',
      `/merchant/${merchant.id}/station-info/${station.id}`,
    );
    await saveScreenshot(page, 'names-station-edit', language);

    // Up one step: the station's own page, named by the station, linking back to its merchant.
    await trail.getByRole('link', { name: stationName }).click();
    await expect(page).toHaveURL(new RegExp(`/merchant/${merchant.id}/station-info/${station.id}$`));
    await expect(trail.getByRole('listitem')).toHaveText([words.merchants, merchant.name, stationName]);
    await expect(page).toHaveTitle(new RegExp(`^${stationName} — .+ · ${words.app}$`));
    await page.getByRole('main').getByRole('link', { name: merchant.name }).click();
    await expect(page).toHaveURL(new RegExp(`/merchant/${merchant.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(merchant.name);
  });

  test(`a built-in role opens at its view address, titled as a view, its matrix in ticks and dashes (${language})`, async ({
    request,
    admin,
    signedInPage,
  }) => {
    const roles = await request.get('/api/v1/accounts/roles/', {
      headers: { authorization: `Bearer ${admin.access}`, 'accept-language': language },
    });
    const analyst = ((await roles.json()) as TRoleDetails[]).find((role) => role.key === 'analyst');
    if (!analyst) {
      throw new Error('no built-in analyst role');
    }
    const page = await signedInPage(language);
    await page.goto(`/accounts/roles/edit/${analyst.id}`);
    await expect(page).toHaveURL(new RegExp(`/accounts/roles/view/${analyst.id}$`));
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(new RegExp(` — ${WORDS[language].viewing}$`));
    await expect(page).toHaveTitle(new RegExp(` — ${WORDS[language].viewing} · ${WORDS[language].app}$`));
    const matrix = page.getByTestId('permission-matrix');
    await expect(matrix.getByRole('img').first()).toBeVisible();
    expect(await matrix.getByRole('img').count()).toBeGreaterThan(analyst.permissions.length);
    await expect(matrix.getByRole('checkbox')).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('button', { name: /save|сохран|сактоо/i })).toHaveCount(0);
    await saveScreenshot(page, 'names-role-view', language);
  });
}

import type { Locator, Page } from '@playwright/test';
import type { TLanguage } from '@zaryad/contracts';
import { apiSignIn, buildAccount } from '../support/api';
import { buildMerchant, buildStation, buildTag } from '../support/network';
import { expect, LANGUAGES_UNDER_TEST, primeStorage, saveScreenshot, test } from '../support/fixtures';

/**
 * Lists that show what matters (issue 33, item 2; docs/product/common.md#2-screens): at 1280×720 the key columns and
 * the row actions are in view without a sideways scroll, the identity and actions pinned; on a 412 px phone a list
 * reads as cards; the column settings are kept on the server and follow the account to another browser. Screenshots
 * of the three lists at 1440, 1280 and 412 px in ru, en and ky go to e2e/screenshots/tables-*.
 */

/** The list drawn: its rows (or cards) there, no spinner left. */
const waitForList = async (page: Page) => {
  await expect(page.locator('.ant-table-row, [data-testid="row-cards"] > li').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
};

/** The box the table scrolls in (antd's `.ant-table-content` around the named `<table>`). */
const scrollBox = (table: Locator) => table.locator('xpath=ancestor::div[contains(@class, "ant-table-content")][1]');

/** Asserts that an element lies wholly inside the window and inside the table's scroll box as it stands. */
const expectInView = async (page: Page, table: Locator, element: Locator, what: string) => {
  const viewport = page.viewportSize();
  const box = await element.boundingBox();
  const frame = await scrollBox(table).boundingBox();
  expect(box, what).not.toBeNull();
  expect(frame).not.toBeNull();
  if (!box || !frame || !viewport) {
    return;
  }
  expect(box.x, `${what} starts inside the table`).toBeGreaterThanOrEqual(frame.x - 1);
  expect(box.x + box.width, `${what} ends inside the table's visible part`).toBeLessThanOrEqual(
    frame.x + frame.width + 1,
  );
  expect(box.x + box.width, `${what} ends inside the window`).toBeLessThanOrEqual(viewport.width);
};

const header = (table: Locator, title: string) =>
  table.locator('thead th').filter({ hasText: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });

/** No sideways scroll of the table was needed: it stands at its left edge. */
const expectUnscrolled = async (table: Locator) => {
  expect(await scrollBox(table).evaluate((element) => element.scrollLeft)).toBe(0);
};

test.describe('at 1280×720 the key columns and the row actions are in view', () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  test('/chargers-list: status, duration, kWh, cost, payment method and Stop', async ({ signedInPage }) => {
    const page = await signedInPage('en');
    await page.goto('/chargers-list');
    const table = page.getByRole('table', { name: 'Charges' });
    await waitForList(page);
    await expectUnscrolled(table);
    for (const title of ['No.', 'Status', 'Duration', 'Consumption, kWh', 'Total cost, som', 'Payment method']) {
      await expectInView(page, table, header(table, title), title);
    }
    // A running charge's Stop (the seed leaves charges running on a silent charge point).
    await expectInView(page, table, table.getByRole('button', { name: /^Stop charge/ }).first(), 'Stop');
    // The details are not columns: they are read in the row's expanded part.
    await expect(header(table, 'Platform')).toHaveCount(0);
    const row = table.locator('.ant-table-row').first();
    await row.getByRole('button', { name: 'Expand row' }).click();
    await expect(table.locator('.ant-table-expanded-row').first()).toContainText('Platform');
  });

  test('/users: registration date, balance and status', async ({ signedInPage }) => {
    const page = await signedInPage('en');
    await page.goto('/users');
    const table = page.getByRole('table', { name: 'Users' });
    await waitForList(page);
    await expectUnscrolled(table);
    for (const title of ['Name', 'Registration', 'Balance, som', 'Status']) {
      await expectInView(page, table, header(table, title), title);
    }
  });

  test('/merchants: the name and the status; a row stays one line high', async ({ signedInPage, request, admin }) => {
    await buildMerchant(request, admin, {
      name: `Газпром нефть Азия — быстрые зарядные станции вдоль трассы Бишкек — Ош ${String(Date.now())}`,
    });
    const page = await signedInPage('en');
    await page.goto('/merchants');
    const table = page.getByRole('table', { name: 'Merchants' });
    await waitForList(page);
    await expectUnscrolled(table);
    for (const title of ['Name', 'Status']) {
      await expectInView(page, table, header(table, title), title);
    }
    // Long names are cut on one line, not wrapped: every row is as high as the shortest.
    const heights = await table
      .locator('.ant-table-row')
      .evaluateAll((rows) => rows.map((row) => Math.round(row.getBoundingClientRect().height)));
    expect(Math.max(...heights) - Math.min(...heights)).toBeLessThanOrEqual(2);
  });

  test("a merchant's stations: the infrastructure column never sits under the pinned actions", async ({
    signedInPage,
    request,
    admin,
  }) => {
    const merchant = await buildMerchant(request, admin);
    await buildStation(request, admin, merchant.id);
    const page = await signedInPage('en');
    await page.goto(`/merchant/${String(merchant.id)}`);
    const table = page.getByRole('table', { name: 'Stations' });
    await expect(table.locator('.ant-table-row').first()).toBeVisible({ timeout: 15_000 });
    await expectInView(page, table, header(table, 'Status'), 'Status');
    await expectInView(page, table, table.locator('thead th').last(), 'the actions');
    // Scrolled to its right end, the infrastructure column ends where the pinned actions begin.
    await scrollBox(table).evaluate((element) => {
      element.scrollLeft = element.scrollWidth;
    });
    const infrastructure = await header(table, 'Infrastructure').boundingBox();
    const actions = await table.locator('thead th').last().boundingBox();
    expect(infrastructure && actions && infrastructure.x + infrastructure.width).toBeLessThanOrEqual(
      (actions?.x ?? 0) + 1,
    );
  });
});

/** The charges list's user column in each language, and the pinned Stop column (its header named for screen readers). */
const USER_TITLE = { en: 'User', ru: 'Пользователь', ky: 'Колдонуучу' } as const;

for (const view of [
  { width: 1280, height: 720 },
  { width: 1440, height: 900 },
]) {
  test.describe(`/chargers-list at ${String(view.width)}×${String(view.height)}`, () => {
    test.use({ viewport: view });

    for (const language of LANGUAGES_UNDER_TEST) {
      test(`no column under the pinned Stop: the user column ends where it begins (${language})`, async ({
        signedInPage,
      }) => {
        const page = await signedInPage(language);
        await page.goto('/chargers-list');
        const table = page.locator('.ant-table-content table');
        await waitForList(page);
        // The running charges' "so far" figures are the widest the seed has: they are on the page.
        await expect(
          table.getByRole('button', { name: /Stop charge|Остановить зарядку|кубаттоону токтотуу/ }).first(),
        ).toBeVisible();
        const user = header(table, USER_TITLE[language]);
        const actions = table.locator('thead th').last();
        await expectInView(page, table, user, 'the user column');
        await expectInView(page, table, actions, 'the actions');
        const userBox = await user.boundingBox();
        const actionsBox = await actions.boundingBox();
        expect(
          userBox && actionsBox && userBox.x + userBox.width,
          'the user column ends before Stop',
        ).toBeLessThanOrEqual((actionsBox?.x ?? 0) + 1);
        // Nothing left to scroll to: no column waits under the pinned ones.
        const hidden = await scrollBox(table).evaluate((element) => element.scrollWidth - element.clientWidth);
        expect(hidden, 'the table scrolls sideways').toBeLessThanOrEqual(1);
        await saveScreenshot(page, `tables-charges-${String(view.width)}`, language);
      });
    }
  });
}

test.describe('on a 412 px phone a list reads as cards', () => {
  test.use({ viewport: { width: 412, height: 915 } });

  for (const path of ['/chargers-list', '/users', '/merchants']) {
    test(`${path}: one card per row, no table`, async ({ signedInPage }) => {
      const page = await signedInPage('en');
      await page.goto(path);
      await waitForList(page);
      const cards = page.getByTestId('row-cards');
      await expect(cards).toBeVisible();
      await expect(page.locator('.ant-table')).toHaveCount(0);
      // A card stays inside the screen: no sideways scroll.
      const overflow = await page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});

test('column settings follow the account to another browser, and stay its own', async ({ browser, request, admin }) => {
  const account = await buildAccount(request, admin);
  const open = async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
    const page = await context.newPage();
    // Each browser signs in on its own: two sessions of one account.
    await primeStorage(page, await apiSignIn(request, account), 'en');
    // The saved settings read first: a change made before they arrive would be drawn over by them.
    const read = page.waitForResponse(
      (response) =>
        response.url().includes('/accounts/settings/lists/merchants/') && response.request().method() === 'GET',
    );
    await page.goto('/merchants');
    expect((await read).status()).toBe(200);
    await waitForList(page);
    return { context, page, table: page.getByRole('table', { name: 'Merchants' }) };
  };

  const first = await open();
  await expect(header(first.table, 'Status')).toHaveCount(1);
  await first.page.getByRole('button', { name: 'Columns' }).click();
  const saved = first.page.waitForResponse(
    (response) =>
      response.url().includes('/accounts/settings/lists/merchants/') && response.request().method() === 'PUT',
  );
  // A click, then the box as the user sees it: the list's settings change through the query cache a tick after the
  // click (optimistic, then saved), so Playwright's uncheck(), which reads the box at once, raced it under load.
  const statusBox = first.page.getByRole('checkbox', { name: 'Show the column Status' });
  await statusBox.click();
  await expect(statusBox).not.toBeChecked();
  expect((await saved).status()).toBe(200);
  await expect(header(first.table, 'Status')).toHaveCount(0);
  const compact = first.page.waitForResponse(
    (response) =>
      response.url().includes('/accounts/settings/lists/merchants/') && response.request().method() === 'PUT',
  );
  await first.page.getByText('Compact', { exact: true }).click();
  expect((await compact).status()).toBe(200);
  await first.context.close();

  const second = await open();
  await expect(header(second.table, 'Status')).toHaveCount(0);
  await expect(second.page.locator('.ant-table-small')).toHaveCount(1);
  // Hidden, it is read in the row's expanded part.
  await second.table.locator('.ant-table-row').first().getByRole('button', { name: 'Expand row' }).click();
  await expect(second.table.locator('.ant-table-expanded-row').first()).toContainText('Status');
  await second.context.close();

  // The administrator's list is untouched.
  const response = await request.get('/api/v1/accounts/settings/lists/merchants/', {
    headers: { Authorization: `Bearer ${admin.access}` },
  });
  expect(((await response.json()) as { columns: unknown[] }).columns).toEqual([]);
});

/**
 * The column settings' round trip on a list that gained them with the rest (issue 33, item 2): a column hidden and
 * compact rows saved by one browser are read by another session of the same account, and the administrator's list
 * is untouched.
 */
const NEWLY_SETTABLE = [
  { path: '/tags', list: 'tags', table: 'Tags', column: 'Status' },
  { path: '/audit-log', list: 'audit-log', table: 'Audit log', column: 'Account' },
];

for (const item of NEWLY_SETTABLE) {
  test(`${item.path}: its column settings follow the account to another browser`, async ({
    browser,
    request,
    admin,
  }) => {
    // A row to show, whatever ran before: a tag of its own; the audit log has the account's creation.
    await buildTag(request, admin);
    const account = await buildAccount(request, admin);
    const isSettings = (method: string) => (response: { url: () => string; request: () => { method: () => string } }) =>
      response.url().includes(`/accounts/settings/lists/${item.list}/`) && response.request().method() === method;
    const open = async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, locale: 'en-US' });
      const page = await context.newPage();
      await primeStorage(page, await apiSignIn(request, account), 'en');
      const read = page.waitForResponse(isSettings('GET'));
      await page.goto(item.path);
      expect((await read).status()).toBe(200);
      await waitForList(page);
      return { context, page, table: page.getByRole('table', { name: item.table }) };
    };

    const first = await open();
    await expect(header(first.table, item.column)).toHaveCount(1);
    await first.page.getByRole('button', { name: 'Columns' }).click();
    const hidden = first.page.waitForResponse(isSettings('PUT'));
    const box = first.page.getByRole('checkbox', { name: `Show the column ${item.column}` });
    await box.click();
    await expect(box).not.toBeChecked();
    expect((await hidden).status()).toBe(200);
    await expect(header(first.table, item.column)).toHaveCount(0);
    const compact = first.page.waitForResponse(isSettings('PUT'));
    await first.page.getByText('Compact', { exact: true }).click();
    expect((await compact).status()).toBe(200);
    await first.context.close();

    const second = await open();
    await expect(header(second.table, item.column)).toHaveCount(0);
    await expect(second.page.locator('.ant-table-small')).toHaveCount(1);
    await second.table.locator('.ant-table-row').first().getByRole('button', { name: 'Expand row' }).click();
    await expect(second.table.locator('.ant-table-expanded-row').first()).toContainText(item.column);
    await second.context.close();

    const response = await request.get(`/api/v1/accounts/settings/lists/${item.list}/`, {
      headers: { Authorization: `Bearer ${admin.access}` },
    });
    expect(((await response.json()) as { columns: unknown[] }).columns).toEqual([]);
  });
}

test('/rates, /roles, /promotions and /list-of-promotional-codes offer the column settings', async ({
  signedInPage,
}) => {
  const page = await signedInPage('en');
  for (const path of ['/rates', '/accounts/roles', '/promotions', '/list-of-promotional-codes', '/banners']) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: 'Columns' }), path).toBeVisible({ timeout: 15_000 });
  }
});

const SHOTS = [
  { name: 'charges', path: '/chargers-list' },
  { name: 'users', path: '/users' },
  { name: 'merchants', path: '/merchants' },
];

for (const size of [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
  { width: 412, height: 915 },
]) {
  test.describe(`screenshots at ${String(size.width)} px`, () => {
    test.use({ viewport: size });
    for (const shot of SHOTS) {
      test(`${shot.name} in ru, en and ky`, async ({ page, admin }) => {
        await primeStorage(page, admin, 'ru');
        for (const language of LANGUAGES_UNDER_TEST as TLanguage[]) {
          await page.evaluate((value) => localStorage.setItem('language', value), language).catch(() => undefined);
          await page.goto(shot.path);
          await waitForList(page);
          await page.mouse.move(0, 0);
          await saveScreenshot(page, `tables-${String(size.width)}-${shot.name}`, language);
        }
      });
    }
  });
}

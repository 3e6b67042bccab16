import type { APIRequestContext, Page } from '@playwright/test';
import type { TLanguage, TTokenPair } from '@zaryad/contracts';
import { buildMerchant, buildStation } from '../support/network';
import { afterTwoFrames, expect, LANGUAGES_UNDER_TEST, primeStorage, saveScreenshot, test } from '../support/fixtures';

/**
 * The shell at the three widths of issue 33 (docs/product/common.md#2-screens): a 1440 px desktop (the sider
 * expanded), a 1280 px laptop (collapsed to 68 px) and a 412 px phone (no sider: a drawer from the header), over every
 * main screen: no page scrolls sideways. Screenshots of a few screens at each width in ru, en and ky go to
 * e2e/screenshots/ for a person to look at.
 */
const WIDTHS = [
  { name: 'desktop', width: 1440, height: 900, sider: '240px' },
  { name: 'laptop', width: 1280, height: 720, sider: '68px' },
  { name: 'phone', width: 412, height: 915, sider: null },
] as const;

type TRoute = { name: string; path: string | ((request: APIRequestContext, admin: TTokenPair) => Promise<string>) };

/** The menu's screens (app/layout/menu.ts) and the record screens an operator opens from them every day. */
const ROUTES: TRoute[] = [
  { name: 'dashboard', path: '/' },
  { name: 'heat-map', path: '/heat-map' },
  { name: 'merchants', path: '/merchants' },
  { name: 'uptime', path: '/uptime' },
  { name: 'merchant-create', path: '/create-edit-merchant' },
  { name: 'merchant', path: async (request, admin) => `/merchant/${(await buildMerchant(request, admin)).id}` },
  {
    name: 'station-form',
    path: async (request, admin) => {
      const merchant = await buildMerchant(request, admin);
      const station = await buildStation(request, admin, merchant.id);
      return `/merchant/${merchant.id}/edit-station/${station.id}`;
    },
  },
  {
    name: 'station-info',
    path: async (request, admin) => {
      const merchant = await buildMerchant(request, admin);
      const station = await buildStation(request, admin, merchant.id);
      return `/merchant/${merchant.id}/station-info/${station.id}`;
    },
  },
  { name: 'rates', path: '/rates' },
  { name: 'tags', path: '/tags' },
  { name: 'infrastructure', path: '/infrastructure' },
  { name: 'partners', path: '/software-rental-partners' },
  { name: 'users', path: '/users' },
  { name: 'charges', path: '/chargers-list' },
  { name: 'balance-statement', path: '/extract-balance' },
  { name: 'card-payments', path: '/card-payments' },
  { name: 'accounts', path: '/accounts' },
  { name: 'roles', path: '/accounts/roles' },
  { name: 'audit-log', path: '/audit-log' },
  { name: 'promotions', path: '/promotions' },
  { name: 'promotion-create', path: '/creating-promotion' },
  { name: 'promotions-report', path: '/promotions-report' },
  { name: 'promo-codes', path: '/list-of-promotional-codes' },
  { name: 'referrals', path: '/list-of-referrals' },
  { name: 'banners', path: '/banners' },
  { name: 'settings', path: '/settings' },
  { name: 'profile', path: '/profile' },
];

/** Shot at every width in every language. */
const SHOT = new Set(['dashboard', 'charges', 'station-form']);

/** The screen drawn: its title in the header, no shell, spinner or skeleton left. */
const waitForScreen = async (page: Page) => {
  await expect(page.getByTestId('header-controls')).toBeVisible();
  await expect(page.locator('main, .ant-layout-content').first()).not.toBeEmpty();
  await expect(page.getByTestId('page-fallback')).toHaveCount(0);
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
};

/** How far the page reaches past the window's right edge, in CSS pixels (0: no sideways scroll). */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth);

/** The outermost elements that reach past the window's right edge, for a failure to say what to fix. */
const overflowingElements = (page: Page) =>
  page.evaluate(() => {
    const reachesOut = (element: Element) => element.getBoundingClientRect().right > window.innerWidth + 0.5;
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}.${Array.from(element.classList).slice(0, 3).join('.')} (${String(
        Math.round(element.getBoundingClientRect().width),
      )} px)`;
    return Array.from(document.querySelectorAll('body *'))
      .filter((element) => reachesOut(element) && !(element.parentElement && reachesOut(element.parentElement)))
      .slice(0, 5)
      .map(describe);
  });

/**
 * The shell as it is at a width, once the window has that size. Every hook that follows the width (lib/mediaQuery.ts)
 * hears the same media query change, so the screen under the shell has been drawn anew for the width too.
 */
const expectShellAt = async (page: Page, size: (typeof WIDTHS)[number]) => {
  const sider = page.getByTestId('app-sider');
  await (size.sider === null ? expect(sider).toHaveCount(0) : expect(sider).toHaveCSS('width', size.sider));
  await afterTwoFrames(page);
};

// One test per screen loads it once (once per language for the screens shot in each) and takes the window through the
// three widths, as a manager resizing a window or turning a tablet would: the screen's records are made once and its
// scripts compiled once. That a load at each width draws the shell of that width is the sider tests' below.
for (const route of ROUTES) {
  test(`${route.name} does not scroll sideways at 1440, 1280 or 412 px`, async ({ page, request, admin }) => {
    const languages: TLanguage[] = SHOT.has(route.name) ? LANGUAGES_UNDER_TEST : ['ru'];
    // A load per language, three widths each.
    test.setTimeout(30_000 * languages.length);
    const path = typeof route.path === 'string' ? route.path : await route.path(request, admin);
    await primeStorage(page, admin, languages[0]);
    for (const language of languages) {
      await page.setViewportSize({ width: WIDTHS[0].width, height: WIDTHS[0].height });
      await page.evaluate((value) => localStorage.setItem('language', value), language).catch(() => undefined);
      await page.goto(path);
      await waitForScreen(page);
      for (const size of WIDTHS) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await expectShellAt(page, size);
        await waitForScreen(page);
        const overflow = await sidewaysOverflow(page);
        expect(
          overflow,
          `${path} at ${String(size.width)} px in ${language}: ${overflow > 0 ? (await overflowingElements(page)).join(', ') : ''}`,
        ).toBeLessThanOrEqual(0);
        if (SHOT.has(route.name)) {
          await page.mouse.move(0, 0);
          await saveScreenshot(page, `responsive-${String(size.width)}-${route.name}`, language);
        }
      }
    }
  });
}

test.describe('the sider at each width', () => {
  test('1440: expanded, 240 px', async ({ page, signedInPage }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await (await signedInPage('en')).goto('/users');
    await waitForScreen(page);
    await expect(page.getByTestId('app-sider')).toHaveCSS('width', '240px');
    await expect(page.getByRole('button', { name: 'Collapse the menu' })).toBeVisible();
  });

  test('1280: collapsed to 68 px, and it still expands', async ({ page, signedInPage }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await (await signedInPage('en')).goto('/users');
    await waitForScreen(page);
    const sider = page.getByTestId('app-sider');
    await expect(sider).toHaveCSS('width', '68px');
    // No group's popup stands open over the screen until the pointer asks for it.
    await expect(page.getByRole('menuitem', { name: 'Accounts' })).toBeHidden();
    await page.getByRole('button', { name: 'Expand the menu' }).click();
    await expect(sider).toHaveCSS('width', '240px');
    // Expanded, the current screen's group is open again.
    await expect(sider.getByRole('menuitem', { name: 'Accounts' })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  });

  test('412: no sider; the header button opens the menu as a drawer, a chosen screen puts it away', async ({
    page,
    signedInPage,
  }) => {
    await page.setViewportSize({ width: 412, height: 915 });
    await (await signedInPage('en')).goto('/users');
    await waitForScreen(page);
    await expect(page.getByTestId('app-sider')).toHaveCount(0);
    // The header's controls and its title do not overlap: the title sits on a row of its own under them.
    const controls = await page.getByTestId('header-controls').boundingBox();
    const title = await page.getByRole('heading', { level: 1 }).boundingBox();
    expect(controls && title && title.y >= controls.y + controls.height).toBe(true);

    const open = page.getByRole('button', { name: 'Open the menu' });
    await open.click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    expect((await drawer.getByRole('navigation', { name: 'Main menu' }).boundingBox())?.width).toBeLessThanOrEqual(412);
    await saveScreenshot(page, 'responsive-412-drawer', 'en');
    await drawer.getByRole('link', { name: 'Accounts' }).click();
    await expect(page).toHaveURL(/\/accounts$/);
    await expect(drawer).toBeHidden();
    await expect(open).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('dark mode', () => {
  test('follows the system until the account menu chooses; the choice survives a reload', async ({
    page,
    signedInPage,
  }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await (await signedInPage('en')).goto('/merchants');
    await waitForScreen(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.locator('.ant-layout-header')).toHaveCSS('background-color', 'rgb(20, 20, 20)');

    await page.getByTestId('manager-label').click();
    await page.getByRole('menuitemradio', { name: 'Light' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(page.locator('.ant-layout-header')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    await page.reload();
    await waitForScreen(page);
    await expect(page.locator('.ant-layout-header')).toHaveCSS('background-color', 'rgb(255, 255, 255)');

    await page.getByTestId('manager-label').click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('.ant-layout-header')).toHaveCSS('background-color', 'rgb(20, 20, 20)');
  });

  for (const language of LANGUAGES_UNDER_TEST) {
    test(`screens in dark, in ${language}`, async ({ page, request, admin }) => {
      await primeStorage(page, admin, language);
      await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
      const merchant = await buildMerchant(request, admin);
      await buildStation(request, admin, merchant.id);
      for (const [name, path] of [
        ['dashboard', '/'],
        ['heat-map', '/heat-map'],
        ['merchant', `/merchant/${String(merchant.id)}`],
      ] as const) {
        await page.goto(path);
        await waitForScreen(page);
        if (name === 'heat-map') {
          await expect(page.locator('.leaflet-tile-loaded').first()).toBeVisible();
        }
        await page.mouse.move(0, 0);
        await saveScreenshot(page, `dark-${name}`, language);
      }
    });
  }
});

test.describe('cold load', () => {
  test("a signed-in visit asks for the route tree's, the kit's and the layout's chunks as the page is parsed; a visitor without a session, none", async ({
    page,
    signedInPage,
  }) => {
    await signedInPage('en');
    // The app itself never runs here (its entry refused): what is asked for is the page's own doing.
    await page.route('**/assets/index-*.js', (route) => route.abort());
    const preloadsAt = async (path: string) => {
      await page.goto(path);
      return page
        .locator('link[rel="modulepreload"]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
        .then((hrefs) => hrefs.filter((href) => !/\/(first|rolldown-runtime)-/.test(href)));
    };
    const signedIn = await preloadsAt('/merchants');
    // build/signedInPreload.ts writes them into index.html's inline script.
    for (const chunk of ['signedIn-', 'frame-', 'kit-', 'AppLayout-']) {
      expect(signedIn.some((href) => href.startsWith(`/assets/${chunk}`))).toBe(true);
    }
    await page.evaluate(() => localStorage.clear());
    expect(await preloadsAt('/merchants')).toEqual([]);
  });

  test('before the app runs the page shows the shell, not a blank page, light or dark', async ({ browser }) => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({
        javaScriptEnabled: false,
        colorScheme,
        viewport: { width: 1440, height: 900 },
      });
      const page = await context.newPage();
      await page.goto('/');
      await expect(page.locator('.boot-sider')).toBeVisible();
      await expect(page.locator('.boot-header')).toBeVisible();
      await expect(page.locator('.boot-sider')).toHaveCSS(
        'background-color',
        colorScheme === 'dark' ? 'rgb(20, 20, 20)' : 'rgb(255, 255, 255)',
      );
      await saveScreenshot(page, `cold-load-${colorScheme}`, 'ru');
      await page.setViewportSize({ width: 412, height: 915 });
      await expect(page.locator('.boot-sider')).toBeHidden();
      await context.close();
    }
  });
});

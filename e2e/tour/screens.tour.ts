import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { TLanguage } from '@zaryad/contracts';
import { SCREENS, type TScreen } from '../a11y/screens';
import { expect, LANGUAGES_UNDER_TEST, primeStorage, test } from '../support/fixtures';

/**
 * A tour of every main screen for a person to look at (issue 33: screenshots looked at by eye), not a test: the suite
 * leaves it out (tour/playwright.config.ts runs it). Each screen in ru, en and ky at 1440×900, 1280×720 and a 412×915
 * phone, light, and dark at 1280 and 412, into SHOTS_DIR (default /tmp/zaryad-shots): <width>-<theme>/<language>-<screen>.png.
 * What it asserts (no sideways scroll, the key columns in view) is the suite's job: shell/responsive.spec.ts,
 * tables/tables.spec.ts.
 */
const SHOTS_DIR = process.env.SHOTS_DIR ?? '/tmp/zaryad-shots';
/** A part of the tour: `TOUR_LANGUAGES=ru`; a few screens with Playwright's `--grep`. */
const LANGUAGES = (process.env.TOUR_LANGUAGES?.split(',') ?? LANGUAGES_UNDER_TEST) as TLanguage[];

const VIEWS = [
  { width: 1440, height: 900, theme: 'light' },
  { width: 1280, height: 720, theme: 'light' },
  { width: 1280, height: 720, theme: 'dark' },
  { width: 412, height: 915, theme: 'light' },
  { width: 412, height: 915, theme: 'dark' },
] as const;

/** The main screens, by their names in a11y/screens.ts. */
const MAIN = [
  'dashboard',
  'heat map',
  'merchants list',
  'merchant detail',
  'merchant edit',
  'station info',
  'station edit',
  'charges',
  'users list',
  'user detail',
  'balance statement',
  'rates list',
  'promotions list',
  'promotion edit',
  'promotions report',
  'promo codes',
  'referrals list',
  'banners list',
  'banner edit',
  'software rental partners',
  'tags',
  'infrastructure',
  'roles list',
  'role edit',
  'accounts list',
  'account details',
  'audit log',
  'settings',
  'profile',
];

/** The header's search, open with a few letters typed (search/search.spec.ts). */
const SEARCH: TScreen = {
  name: 'search',
  path: '/users',
  ready: async (page) => {
    await page.keyboard.press('Control+K');
    await page.getByRole('dialog').getByRole('combobox').fill('ай');
    await expect(page.getByRole('dialog').getByRole('option').first()).toBeVisible();
  },
};

/** The charts drawn: a month and a report period with the seeded charges (feedback/feedback.spec.ts). */
const CHARTS: TScreen[] = [
  {
    name: 'dashboard month',
    path: '/?period=month&date=2026-11-23',
    ready: (page) => expect(page.getByTestId('period-chart').locator('canvas')).toBeVisible({ timeout: 25_000 }),
  },
  {
    name: 'promotions report november',
    path: '/promotions-report?period__from=2026-11-01&period__to=2026-11-30',
    ready: (page) => expect(page.getByTestId('promotions-daily-chart').locator('canvas')).toBeVisible(),
  },
];

const screens = [...SCREENS.filter((screen) => MAIN.includes(screen.name)), SEARCH, ...CHARTS];

const settle = async (page: Page, screen: TScreen) => {
  await expect(page.locator('main').first()).toBeVisible();
  // A phone draws lists as cards, without the table rows the wide screens wait for: shot as they stand.
  await screen.ready?.(page).catch(() => undefined);
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0, { timeout: 20_000 });
  await page.mouse.move(0, 0);
  // Charts and map tiles finish drawing after their data arrives.
  await page.waitForTimeout(/heat map|dashboard|report/.test(screen.name) ? 1200 : 300);
};

for (const screen of screens) {
  for (const language of LANGUAGES) {
    test(`${screen.name} in ${language}`, async ({ page, request, admin }) => {
      const path = typeof screen.path === 'string' ? screen.path : await screen.path(request, admin);
      await primeStorage(page, admin, language);
      for (const view of VIEWS) {
        await page.setViewportSize({ width: view.width, height: view.height });
        await page.addInitScript((theme) => localStorage.setItem('theme', theme), view.theme);
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('data-theme', view.theme);
        await settle(page, screen);
        const folder = join(SHOTS_DIR, `${String(view.width)}-${view.theme}`);
        mkdirSync(folder, { recursive: true });
        const file = join(folder, `${language}-${screen.name.replaceAll(' ', '-')}.png`);
        await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
      }
    });
  }
}

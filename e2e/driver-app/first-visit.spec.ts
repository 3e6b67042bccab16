import type { TLanguage } from '@zaryad/contracts';
import { readSmsCode } from '../drivers/app';
import { expect, test } from '../support/fixtures';
import { buildMerchant, buildStation } from '../support/network';
import { closeFullscreensInTheWay, creditDriver, DRIVER_PHONE, savePhoneScreenshot, signedInDriverId } from './phone';

// The drivers' web app (issue 40, docs/product/driver-app.md) on a phone: a driver opens /app/, signs in by the code
// texted to them, finds the stations and their wallet, reads both in ru, en and ky; the app is installable (its
// manifest and icons) and its service worker takes the page. Screenshots: e2e/screenshots/driver-app-*.png.

test.use(DRIVER_PHONE);

/** What each language calls the tabs and writes the balance as (1 234,50 сом; 1,234.50 som). */
const SCREENS: Record<
  TLanguage,
  { stations: string; charging: string; wallet: string; profile: string; balance: RegExp }
> = {
  ru: { stations: 'Станции', charging: 'Зарядка', wallet: 'Кошелёк', profile: 'Профиль', balance: /^1\s234,50\s?сом$/ },
  en: {
    stations: 'Stations',
    charging: 'Charging',
    wallet: 'Wallet',
    profile: 'Profile',
    balance: /^1,234\.50\s?som$/,
  },
  ky: {
    stations: 'Станциялар',
    charging: 'Кубаттоо',
    wallet: 'Капчык',
    profile: 'Профиль',
    balance: /^1\s234,50\s?сом$/,
  },
};
const LANGUAGE_NAMES: Record<TLanguage, string> = { ru: 'Русский', en: 'English', ky: 'Кыргызча' };

test('a driver opens the app on their phone, signs in by the texted code, finds the stations and the wallet in ru, en and ky; the app is installable', async ({
  page,
  request,
  admin,
  baseURL,
}) => {
  // A station at the driver's corner, so that the list has one to show.
  const merchant = await buildMerchant(request, admin);
  await buildStation(request, admin, merchant.id);
  const phone = `99675${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

  await closeFullscreensInTheWay(page);
  await test.step('sign in by phone and code', async () => {
    await page.goto('/app/');
    await expect(page).toHaveURL(/\/app\/sign-in\?next=/);
    await expect(page.getByRole('heading', { name: 'Вход' })).toBeVisible();
    await savePhoneScreenshot(page, 'sign-in', 'ru');
    await page.getByLabel('Номер телефона').fill(`+${phone}`);
    await page.getByRole('button', { name: 'Получить код' }).tap();
    const code = page.getByLabel('Код из SMS');
    await expect(code).toBeVisible();
    await code.fill(await readSmsCode(request, admin, phone));
    await page.getByRole('button', { name: 'Войти' }).tap();
    await expect(page).toHaveURL(/\/app\/stations/);
  });

  await creditDriver(request, admin, await signedInDriverId(page, request), '1234.50');

  const tab = (name: string) => page.getByRole('navigation').getByRole('link', { name, exact: true });
  const stillLoading = page.getByRole('status').filter({ hasText: /Загрузка|Loading|Жүктөлүүдө/ });
  for (const language of ['ru', 'en', 'ky'] as const) {
    await test.step(`the screens in ${language}`, async () => {
      const screen = SCREENS[language];
      // The language is chosen on the profile, whose tab is named alike in ru and ky.
      await page.getByRole('navigation').locator('a[href="/app/profile"]').tap();
      await page.getByRole('radio', { name: LANGUAGE_NAMES[language] }).tap();
      await expect(page.getByRole('radio', { name: LANGUAGE_NAMES[language] })).toBeChecked();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expect(page.getByRole('heading', { level: 1, name: screen.profile })).toBeVisible();
      await expect(stillLoading).toHaveCount(0);
      await savePhoneScreenshot(page, 'profile', language);

      await tab(screen.stations).tap();
      await expect(page.getByRole('heading', { level: 1, name: screen.stations })).toBeVisible();
      await expect(stillLoading).toHaveCount(0);
      await savePhoneScreenshot(page, 'stations', language);

      await tab(screen.charging).tap();
      await expect(tab(screen.charging)).toHaveAttribute('aria-current', 'page');
      await expect(stillLoading).toHaveCount(0);
      await savePhoneScreenshot(page, 'charging', language);

      await tab(screen.wallet).tap();
      await expect(page.getByRole('heading', { level: 1, name: screen.wallet })).toBeVisible();
      // Balance and available alike: nothing is held.
      await expect(page.getByText(screen.balance).first()).toBeVisible();
      await savePhoneScreenshot(page, 'wallet', language);
    });
  }

  await test.step('installable: the manifest, its icons, the service worker on /app/', async () => {
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/app/manifest.webmanifest');
    const manifest = await request.get(href!);
    expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const body = (await manifest.json()) as { icons: { src: string; sizes: string; purpose: string }[] };
    expect(body).toMatchObject({
      name: 'Заряд · Zaryad',
      short_name: 'Заряд',
      start_url: '/app/',
      scope: '/app/',
      display: 'standalone',
      theme_color: '#22a699',
    });
    expect(body.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
    for (const icon of body.icons.filter((item) => item.src.endsWith('.png'))) {
      const png = await request.get(new URL(icon.src, `${baseURL}${href}`).pathname);
      expect(png.status(), icon.src).toBe(200);
      expect(png.headers()['content-type'], icon.src).toBe('image/png');
    }
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return { scope: registration.scope, script: registration.active?.scriptURL };
    });
    expect(worker).toEqual({ scope: `${baseURL}/app/`, script: `${baseURL}/app/sw.js` });
    // Chromium's own verdict, as its install prompt takes it (Lighthouse 12 no longer has a PWA audit). A test's
    // browser context is an incognito one, which Chromium never offers to install from: that is the only objection.
    const devtools = await page.context().newCDPSession(page);
    const { installabilityErrors } = await devtools.send('Page.getInstallabilityErrors');
    expect(installabilityErrors.map((error) => error.errorId)).toEqual(['in-incognito']);
    const { url, errors } = await devtools.send('Page.getAppManifest');
    expect({ url, errors }).toEqual({ url: `${baseURL}/app/manifest.webmanifest`, errors: [] });
  });
});

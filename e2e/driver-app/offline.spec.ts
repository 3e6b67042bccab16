import { signInDriver } from '../drivers/app';
import { expect, test } from '../support/fixtures';
import { buildMerchant, buildStation } from '../support/network';
import { DRIVER_PHONE, primeDriverApp } from './phone';

// The drivers' app without a network (docs/product/driver-app.md#installing-and-offline): its service worker, scoped to
// /app/, serves the shell and the last stations list; charging needs the network and says so; the dashboard and its
// API are outside the worker's reach.

test.use(DRIVER_PHONE);

test('offline, the app opens with the last stations list, and charging says it needs the network', async ({
  page,
  context,
  request,
  admin,
  baseURL,
}) => {
  const merchant = await buildMerchant(request, admin);
  const station = await buildStation(request, admin, merchant.id);
  const driver = await signInDriver(request, admin);
  await primeDriverApp(page, driver.tokens, 'ru');
  const stationsHeading = page.getByRole('heading', { level: 1, name: 'Станции' });

  await test.step('online: the worker takes the page, the list goes through it', async () => {
    await page.goto('/app/stations');
    await expect(stationsHeading).toBeVisible();
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${baseURL}/app/`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    // The first list was read before the worker took the page: once more, through it.
    await page.reload();
    await expect(stationsHeading).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const cache = await caches.open('stations-list');
          const [cached] = await cache.keys();
          const response = cached ? await cache.match(cached) : undefined;
          return response
            ? ((await response.json()) as { items: { name: string }[] }).items.map((item) => item.name)
            : [];
        }),
      )
      .toContain(station.name_ru);
  });

  await test.step('offline: the shell and the last list; charging needs the network', async () => {
    await context.setOffline(true);
    await page.reload();
    await expect(stationsHeading).toBeVisible();
    await expect(page.getByText(station.name_ru).first()).toBeVisible();
    await expect(page.getByText('Нет связи с сетью', { exact: false })).toHaveCount(0);
    await page.getByRole('navigation').getByRole('link', { name: 'Зарядка' }).tap();
    await expect(page.getByText('Нет связи с сетью. Проверьте интернет и повторите.').first()).toBeVisible();
    await expect(page.getByText('Для зарядки нужна связь с сетью.')).toBeVisible();
    await page.getByRole('navigation').getByRole('link', { name: 'Кошелёк' }).tap();
    await expect(page.getByText('Нет связи с сетью. Проверьте интернет и повторите.').first()).toBeVisible();
    await context.setOffline(false);
  });

  await test.step('the worker keeps to /app/: the dashboard is not its', async () => {
    // Of the API, only the stations were kept: never a charge, the balance or a payment.
    const cachedApi = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        urls.push(...(await cache.keys()).map((request) => new URL(request.url).pathname));
      }
      return urls.filter((path) => path.startsWith('/api/'));
    });
    expect(cachedApi).toEqual(['/api/app/v1/stations/']);
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    const registrations = await page.evaluate(async () =>
      (await navigator.serviceWorker.getRegistrations()).map((registration) => registration.scope),
    );
    expect(registrations).toEqual([`${baseURL}/app/`]);
  });
});

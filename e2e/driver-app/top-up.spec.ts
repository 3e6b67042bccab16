import { signInDriver } from '../drivers/app';
import { expect, test } from '../support/fixtures';
import { DRIVER_PHONE, primeDriverApp, savePhoneScreenshot } from './phone';

// A top-up by card from the drivers' app (issue 40, docs/product/payments.md): the wallet's form sends the driver to
// the provider's page (the FreedomPay stand-in), the driver pays there, comes back to the app and finds the money on
// the balance and the payment paid.

test.use(DRIVER_PHONE);

test('a driver tops up 500 som by card from the wallet, pays on the provider’s page and finds it on the balance', async ({
  page,
  request,
  admin,
}) => {
  const driver = await signInDriver(request, admin);
  await primeDriverApp(page, driver.tokens, 'ru');
  await page.goto('/app/wallet');
  await expect(page.getByText(/^0,00\s?сом$/).first()).toBeVisible();

  await page
    .getByRole('group', { name: 'Быстрые суммы' })
    .getByRole('button', { name: /^500\s?сом$/ })
    .tap();
  await expect(page.getByLabel('Сумма, сом')).toHaveValue(/^500/);
  await page.getByRole('button', { name: 'Перейти к оплате' }).tap();

  // The provider's page, then its return page once the signed callback has credited the balance.
  await expect(page.getByRole('heading', { name: 'FreedomPay — оплата' })).toBeVisible();
  await expect(page.locator('#amount')).toHaveText('500.00 KGS');
  await page.getByRole('button', { name: 'Оплатить' }).tap();
  await expect(page.locator('#outcome')).toHaveAttribute('data-status', 'paid');

  // Back in the app.
  await page.goto('/app/wallet');
  await expect(page.getByText(/^500,00\s?сом$/).first()).toBeVisible();
  await expect(page.getByText('Оплачен')).toBeVisible();
  await savePhoneScreenshot(page, 'wallet-paid', 'ru');
  expect(await (await request.get('/api/app/v1/balance/', { headers: driver.headers })).json()).toMatchObject({
    balance: '500.00',
    available: '500.00',
  });
});

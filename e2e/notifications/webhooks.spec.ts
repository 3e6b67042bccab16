import { expect, test } from '../support/fixtures';
import { startReceiver } from './support';

// The webhooks screen (docs/product/notifications.md#2-screens) against the real server and a receiver in the test: a
// webhook made in the form, a test delivery that fails once and is retried, signed, and the log that shows it.
test('a webhook made on the screen receives a signed test, retried after a failure, and its log shows it', async ({
  signedInPage,
}) => {
  // The retry waits NOTIFY_RETRY_S (2 s in the suite's server, 30 s by default).
  test.setTimeout(90_000);
  const receiver = await startReceiver();
  const secret = `e2e-secret-${Date.now()}-abcdef`;
  receiver.useSecret(secret);
  receiver.failNext('test', 500);
  try {
    const page = await signedInPage('en');
    await page.goto('/settings');
    await page.getByRole('link', { name: 'Webhooks: incidents to your own tools' }).click();
    await expect(page).toHaveURL(/\/settings\/webhooks$/);
    await page.getByRole('button', { name: 'Add a webhook' }).click();
    const dialog = page.getByRole('dialog');
    const name = `NOC ${Date.now()}`;
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Address').fill(receiver.url);
    await dialog.getByLabel('Secret').fill(secret);
    await dialog.getByRole('button', { name: 'Save' }).click();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: 'Send a test' }).click();
    const log = page.getByTestId('webhook-deliveries');
    // The first attempt answered 500; the retry goes through and the log shows it.
    await expect(log.getByRole('row').nth(1)).toContainText('Pending', { timeout: 10_000 });
    await expect(log.getByRole('row').nth(1)).toContainText('500');
    await expect(log.getByRole('row').nth(1)).toContainText('Sent', { timeout: 60_000 });
    await expect(log.getByRole('row').nth(1)).toContainText('204');
    // The webhook takes every incident while it exists: other tests' incidents may reach it too. The test's own
    // deliveries are the two attempts of one test event, both signed.
    const tests = receiver.received.filter((request) => request.body.event === 'test');
    expect(tests.map((request) => request.signatureValid)).toEqual([true, true]);
    expect(receiver.received.every((request) => request.signatureValid)).toBe(true);
  } finally {
    await receiver.close();
  }
});

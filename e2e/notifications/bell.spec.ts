import { expect, test } from '../support/fixtures';
import { buildMerchant, buildStation } from '../support/network';
import { connectChargePoint } from './support';

// The bell (docs/product/notifications.md#2-screens) against the real server: a simulated charge point reports a fault,
// the alerts domain opens a critical incident, the fan-out tells the signed-in administrator, and the bell's badge and a
// toast show it without a reload; opening it from the list marks it read and leads to the incident.
test('a connector fault reaches the bell live, with a toast, and opens its incident', async ({
  signedInPage,
  request,
  admin,
}) => {
  const merchant = await buildMerchant(request, admin);
  const station = await buildStation(request, admin, merchant.id);
  const point = await connectChargePoint(station.identity);
  try {
    const page = await signedInPage('en');
    await page.goto('/profile');
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await expect(bell).toBeVisible();
    const unreadOf = async () =>
      Number(/Unread: (\d+)/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1] ?? '0');
    // The count and its stream start once the screen's first frame is drawn: the fault is sent once the stream is open.
    await expect(bell).toHaveAttribute('data-live', 'true');
    const before = await unreadOf();

    await point.status(2, 'Faulted', 'GroundFailure');
    // The toast of a critical notification, and the badge higher, without a reload.
    const toast = page.locator('.ant-notification-notice').filter({ hasText: 'Connector faulted: opened' });
    await expect(toast).toBeVisible({ timeout: 15_000 });
    await expect(toast).toContainText(station.name_en);
    await expect.poll(unreadOf).toBeGreaterThan(before);

    await bell.click();
    const item = page.getByTestId('notification-item').filter({ hasText: station.name_en }).first();
    await expect(item).toContainText('Connector faulted: opened');
    await item.click();
    await expect(page).toHaveURL(/\/incidents\?id=\d+$/);
    // Opened, it is read (other tests' faults reach the same administrator meanwhile: the count alone proves nothing).
    const incidentId = Number(new URL(page.url()).searchParams.get('id'));
    const readOf = async () => {
      const response = await request.get('/api/v1/notifications/?size=100', {
        headers: { Authorization: `Bearer ${admin.access}` },
      });
      const { items } = (await response.json()) as { items: { incident_id: number | null; read: boolean }[] };
      return items.filter((notification) => notification.incident_id === incidentId).map(({ read }) => read);
    };
    await expect.poll(readOf).toContain(true);
  } finally {
    await point.close();
  }
});

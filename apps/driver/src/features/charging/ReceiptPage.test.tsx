import { screen, within } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { buildCharge } from '@/features/charging/testData';
import { setLanguage } from '@/lib/i18n';
import { writeSession } from '@/lib/session';
import { fakeApi, json, renderApp } from '@/test/render';

/** Figures keep their no-break spaces: the text exactly as shown. */
const exact = { normalizer: (text: string) => text };

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('ru');
});

const endedCharge = buildCharge({
  running: false,
  status: 'canceled',
  finished_at: '2026-11-30T05:05:09Z',
  duration: 3909,
  consumption_kwh: '1234.567',
  power_w: null,
  cost: '1950.00',
  discount: '50.00',
  cost_breakdown: {
    energy: '1800.00',
    time: '0.00',
    idle: '150.00',
    session: '50.00',
    adjustment: '0.00',
    amount: '2000.00',
    charging_ended_at: '2026-11-30T04:50:00Z',
    segments: [],
  },
});

test("a receipt lists what the amount is made of, in the driver's language", async () => {
  writeSession({ access: 'a1', refresh: 'r1' });
  fakeApi((url) => (url.pathname === '/api/app/v1/charges/501/' ? json(200, endedCharge) : undefined));
  renderApp('/charges/501');
  expect((await screen.findByTestId('receipt-total')).textContent).toBe('1\u202f950,00\u00a0сом');
  expect(screen.getByRole('heading', { name: 'Чек № 501' })).toBeTruthy();
  expect(screen.getByText('30.11.2026 10:00')).toBeTruthy();
  expect(screen.getByText('30.11.2026 11:05')).toBeTruthy();
  expect(screen.getByText('1:05:09')).toBeTruthy();
  expect(screen.getByText('1\u202f234,57\u00a0кВт·ч', exact)).toBeTruthy();
  expect(screen.getByText('1\u202f800,00\u00a0сом', exact)).toBeTruthy();
  expect(screen.getByText('Простой')).toBeTruthy();
  expect(screen.getByText('Плата за зарядку')).toBeTruthy();
  // Zero parts are left out.
  expect(screen.queryByText('Время зарядки')).toBeNull();
  expect(screen.getByText('−50,00\u00a0сом', exact)).toBeTruthy();
  expect(screen.getByText('С баланса')).toBeTruthy();

  await setLanguage('en');
  expect(await screen.findByRole('heading', { name: 'Receipt No. 501' })).toBeTruthy();
  expect(screen.getByTestId('receipt-total').textContent).toBe('1,950.00\u00a0som');
  expect(screen.getByText('2026-11-30 10:00')).toBeTruthy();
});

test('a charge still finishing says so, then shows its receipt', async () => {
  writeSession({ access: 'a1', refresh: 'r1' });
  let asks = 0;
  fakeApi((url) => {
    if (url.pathname !== '/api/app/v1/charges/501/') {
      return undefined;
    }
    asks += 1;
    return json(200, asks === 1 ? buildCharge() : endedCharge);
  });
  renderApp('/charges/501');
  expect(await screen.findByText('Зарядка завершается, чек появится через несколько секунд…')).toBeTruthy();
  expect((await screen.findByTestId('receipt-total')).textContent).toBe('1\u202f950,00\u00a0сом');
});

test('the history lists the charges, each opening its receipt', async () => {
  writeSession({ access: 'a1', refresh: 'r1' });
  fakeApi((url) =>
    url.pathname === '/api/app/v1/charges/'
      ? json(200, { items: [buildCharge({ id: 502 }), endedCharge], page: 1, pages: 1, size: 20, total: 2 })
      : undefined,
  );
  renderApp('/charges');
  expect(await screen.findByText('Идёт')).toBeTruthy();
  const list = screen.getByRole('list');
  const links = within(list).getAllByRole('link');
  expect(links.map((link) => link.getAttribute('href'))).toEqual(['/app/charging', '/app/charges/501']);
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, test, vi } from 'vitest';
import { PromotionsDailyChart } from '@/features/promotions/PromotionsDailyChart';
import { promotionTextsReady } from '@/features/promotions/promotionTexts';
import { changeLanguage } from '@/lib/i18n';
import { renderWithChargesList } from '@/test/renderWithChargesList';

vi.setConfig({ testTimeout: 60_000 });

vi.mock('react-chartjs-2', () => import('@/test/fakeChart'));

const DAILY = [
  { day: '2026-11-01', charges: 600 },
  { day: '2026-11-02', charges: 0 },
  { day: '2026-11-03', charges: 1634 },
];

const renderChart = () =>
  renderWithChargesList(<PromotionsDailyChart daily={DAILY} promotionIds={[4, 7]} label="Uses per day" />);

beforeEach(async () => {
  await changeLanguage('en');
  await promotionTextsReady;
});

test('the uses per day have a day axis, a count axis, dates and figures in the tooltip', () => {
  renderChart();
  const chart = screen.getByRole('group', { name: 'Uses per day' });
  expect(within(chart).getByTestId('axes').textContent).toBe('Day (when the charge finished) | Charges');
  expect(
    within(chart)
      .getAllByRole('button')
      .map((bar) => bar.textContent),
  ).toEqual(['01.11', '02.11', '03.11']);
  expect(within(chart).getByRole('button', { name: '03.11' }).title).toBe(
    'Tu, 03.11.2026 | Uses: 1,634 | Click to see these charges',
  );
});

test("a click on a day opens the charges list of the report's promotions finished that day", async () => {
  const router = renderChart();
  // A day without uses leads nowhere.
  await userEvent.click(screen.getByRole('button', { name: '02.11' }));
  expect(router.state.location.pathname).toBe('/');
  await userEvent.click(screen.getByRole('button', { name: '03.11' }));
  const url = new URL(`http://x${(await screen.findByTestId('where')).textContent ?? ''}`);
  expect(url.pathname).toBe('/chargers-list');
  expect(url.searchParams.get('finished_date__from')).toBe('2026-11-03');
  expect(url.searchParams.get('finished_date__to')).toBe('2026-11-03');
  expect(url.searchParams.getAll('promotion_id__in')).toEqual(['4', '7']);
});

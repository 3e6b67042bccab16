import type { TPromotionReport } from '@zaryad/contracts/promotions';
import { BarController, BarElement, CategoryScale, Chart as ChartJS, LinearScale, Tooltip } from 'chart.js';
import dayjs from 'dayjs';
import { Bar } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { pointerOverBars, useChartJsTheme } from '@/app/chartJsTheme';
import { promotionDayLink } from '@/features/promotions/promotionChargesLink';
import '@/lib/dates';
import { useNumberFormat } from '@/lib/useNumberFormat';

// Only what this chart draws: bars on a day axis and a count axis, with the tooltip.
ChartJS.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

const PRIMARY = '#22A699';

/**
 * The promotions report's uses per day (issue 33 item 8): a day axis (`DD.MM`), a count axis, a tooltip with the day in
 * full, the uses and what a click does; a click on a day opens the charges list of the report's promotions finished
 * that day, the filter in the list's URL.
 */
export const PromotionsDailyChart = ({
  daily,
  promotionIds,
  label,
}: {
  daily: TPromotionReport['daily'];
  /** The promotions of the report's rows: the charges list is narrowed to them. */
  promotionIds: readonly number[];
  /** The chart's accessible name, listing every day and its uses. */
  label: string;
}) => {
  const { t } = useTranslation('promotions');
  const { count } = useNumberFormat();
  const navigate = useNavigate();
  // Ticks and grid lines readable in light and dark; drawn anew when the theme changes.
  const { theme } = useChartJsTheme();
  return (
    <div style={{ height: 240 }} data-testid="promotions-daily-chart">
      <Bar
        key={theme}
        aria-label={label}
        role="img"
        data={{
          labels: daily.map((day) => dayjs(day.day).format('DD.MM')),
          datasets: [
            {
              label: t('report.charges'),
              data: daily.map((day) => day.charges),
              backgroundColor: PRIMARY,
              borderRadius: 3,
            },
          ],
        }}
        options={{
          responsive: true,
          maintainAspectRatio: false,
          onClick: (_event: unknown, elements: readonly { index: number }[]) => {
            const day = elements[0] && daily[elements[0].index];
            if (day && day.charges > 0) {
              void navigate(promotionDayLink(day.day, promotionIds));
            }
          },
          onHover: pointerOverBars,
          plugins: {
            legend: { display: false },
            tooltip: {
              callbacks: {
                title: (items: readonly { dataIndex: number }[]) =>
                  dayjs(daily[items[0]?.dataIndex ?? 0]?.day).format('dd, DD.MM.YYYY'),
                label: (item: { parsed: { y: number | null } }) =>
                  t('report.usesTooltip', { value: count(item.parsed.y ?? 0) }),
                footer: () => t('report.clickHint'),
              },
            },
          },
          scales: {
            x: {
              title: { display: true, text: t('report.dayAxis') },
              ticks: { autoSkip: true, maxRotation: 0 },
            },
            y: {
              beginAtZero: true,
              title: { display: true, text: t('report.charges') },
              ticks: { precision: 0, callback: (value: number | string) => count(value) },
            },
          },
        }}
      />
    </div>
  );
};

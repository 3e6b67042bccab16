import type { TSchedulePeriod } from '@zaryad/contracts/ocpp-smart';
import { Chart as ChartJS, Filler, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';
import dayjs from 'dayjs';
import { Line } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import { useChartJsTheme } from '@/app/chartJsTheme';
import '@/lib/dates';

// Only what this chart draws: a stepped line over a time axis and a kW axis, with the tooltip.
ChartJS.register(LineController, LineElement, PointElement, LinearScale, Filler, Tooltip);

const PRIMARY = '#22A699';

/** A period's limit in kW (the schedule is asked in watts). */
const kw = (limit: number, unit: 'A' | 'W') => (unit === 'W' ? Math.round(limit / 100) / 10 : limit);

/**
 * GetCompositeSchedule's answer as a chart: the limit in kW as steps from the schedule's start (Bishkek time on the
 * axis) to its end; its accessible name lists every step.
 */
export const CompositeScheduleChart = ({
  start,
  durationS,
  unit,
  periods,
}: {
  start: string;
  durationS: number;
  unit: 'A' | 'W';
  periods: readonly TSchedulePeriod[];
}) => {
  const { t } = useTranslation('smartCharging');
  const { theme } = useChartJsTheme();
  const startMs = Date.parse(start);
  const at = (offsetS: number) =>
    dayjs(startMs + offsetS * 1000)
      .tz()
      .format('HH:mm');
  const points = periods.map((period) => ({ x: period.startPeriod / 3600, y: kw(period.limit, unit) }));
  const last = points.at(-1);
  if (last) {
    points.push({ x: durationS / 3600, y: last.y });
  }
  const label = t('chartLabel', {
    hours: Math.round(durationS / 3600),
    periods: periods.map((period) => `${at(period.startPeriod)} ${kw(period.limit, unit)}`).join(', '),
  });
  return (
    <div style={{ height: 200 }} data-testid="composite-schedule-chart">
      <Line
        key={theme}
        aria-label={label}
        role="img"
        data={{
          datasets: [
            {
              label: t('chartAxisPower'),
              data: points,
              stepped: 'after',
              borderColor: PRIMARY,
              backgroundColor: 'rgba(34, 166, 153, 0.15)',
              fill: true,
              pointRadius: 2,
            },
          ],
        }}
        options={{
          responsive: true,
          maintainAspectRatio: false,
          parsing: false,
          plugins: {
            legend: { display: false },
            tooltip: {
              callbacks: {
                title: (items: readonly { parsed: { x: number | null } }[]) => at((items[0]?.parsed.x ?? 0) * 3600),
                label: (item: { parsed: { y: number | null } }) => `${item.parsed.y ?? 0} ${t('chartAxisPower')}`,
              },
            },
          },
          scales: {
            x: {
              type: 'linear',
              min: 0,
              max: durationS / 3600,
              title: { display: true, text: t('chartAxisTime') },
              ticks: { callback: (value: number | string) => at(Number(value) * 3600) },
            },
            y: { beginAtZero: true, title: { display: true, text: t('chartAxisPower') } },
          },
        }}
      />
    </div>
  );
};

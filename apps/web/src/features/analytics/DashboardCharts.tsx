import type { TAnalyticsGraph } from '@zaryad/contracts/analytics';
import { Card, Col, Row, Skeleton } from 'antd';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import dayjs from 'dayjs';
import { Bar, Chart } from 'react-chartjs-2';
import { useTranslation } from 'react-i18next';
import { HeatGrid } from '@/features/analytics/HeatGrid';
import { bishkekNow } from '@zaryad/contracts/bishkek-time';
import { isFutureSlot } from '@/features/analytics/dashboardParams';
import { useNumberFormat } from '@/lib/useNumberFormat';

// Only what these charts draw: chart.js is tree-shaken to bars, a line, two axes, the tooltip and the legend.
ChartJS.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Tooltip,
  Legend,
);

const PRIMARY = '#22A699';
const SECOND = '#F29727';

const slotLabel = (period: TAnalyticsGraph['period'], start: string) => {
  if (period === 'day') {
    return start.slice(11, 16);
  }
  if (period === 'year') {
    return dayjs(`${start}-01`).format('MMM');
  }
  return dayjs(start).format(period === 'week' ? 'dd DD.MM' : 'DD');
};

/** The chart's height of a sum: the bars and the line need numbers; the tooltips write the API's text itself. */
const money = (value: string) => Number(value);

type TTooltipItem = {
  dataIndex: number;
  datasetIndex: number;
  dataset: { label?: string };
  parsed: { y: number | null };
};

/** The period chart, the weekday and hour-of-day charts and the weekday × hour grid of GET /analytics/graph/. */
export const DashboardCharts = ({ graph, isLoading }: { graph: TAnalyticsGraph | undefined; isLoading: boolean }) => {
  const { t } = useTranslation('analytics');
  // Axis ticks and tooltips write figures as every screen does (lib/numberFormat), in the interface's language;
  // chart.js would follow the browser's.
  const figures = useNumberFormat();
  const countTick = (value: number | string) => figures.count(value);
  const countLabel = (item: TTooltipItem) => `${item.dataset.label ?? ''}: ${figures.count(item.parsed.y ?? 0)}`;
  if (isLoading || !graph) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  const now = bishkekNow();
  const weekdayLabel = (weekday: number) => t(`weekdays.${String(weekday) as '1'}`);
  const bars = (labels: string[], values: number[]) => ({
    labels,
    datasets: [{ label: t('charts.charges'), data: values, backgroundColor: PRIMARY, borderRadius: 4 }],
  });
  const small = {
    responsive: true,
    maintainAspectRatio: false,
    plugins: { legend: { display: false }, tooltip: { callbacks: { label: countLabel } } },
    scales: { y: { beginAtZero: true, ticks: { precision: 0, callback: countTick } } },
  };
  return (
    <Row gutter={[12, 12]}>
      <Col span={24}>
        <Card size="small" title={t('charts.period')}>
          <div style={{ height: 280 }} data-testid="period-chart">
            <Chart
              type="bar"
              aria-label={t('charts.period')}
              data={{
                labels: graph.series.map((point) => slotLabel(graph.period, point.start)),
                datasets: [
                  {
                    type: 'bar' as const,
                    label: t('charts.charges'),
                    data: graph.series.map((point) => (isFutureSlot(point.start, now) ? null : point.charges)),
                    backgroundColor: PRIMARY,
                    borderRadius: 4,
                    yAxisID: 'charges',
                  },
                  {
                    type: 'line' as const,
                    label: t('charts.turnover'),
                    data: graph.series.map((point) => (isFutureSlot(point.start, now) ? null : money(point.turnover))),
                    borderColor: SECOND,
                    backgroundColor: SECOND,
                    // Monotone: the curve never swings above or below the sums it joins.
                    cubicInterpolationMode: 'monotone' as const,
                    yAxisID: 'turnover',
                  },
                ],
              }}
              options={{
                responsive: true,
                maintainAspectRatio: false,
                interaction: { mode: 'index', intersect: false },
                plugins: {
                  tooltip: {
                    callbacks: {
                      // The turnover's line: the slot's sum as the API wrote it, not the float the chart drew.
                      label: (item: TTooltipItem) =>
                        item.datasetIndex === 1
                          ? `${item.dataset.label}: ${figures.money(graph.series[item.dataIndex]?.turnover ?? '0.00')}`
                          : countLabel(item),
                    },
                  },
                },
                scales: {
                  charges: {
                    type: 'linear',
                    position: 'left',
                    beginAtZero: true,
                    ticks: { precision: 0, callback: countTick },
                  },
                  turnover: {
                    type: 'linear',
                    position: 'right',
                    beginAtZero: true,
                    grid: { drawOnChartArea: false },
                    ticks: { callback: (value: number | string) => figures.decimal(value, { maxDigits: 2 }) },
                  },
                },
              }}
            />
          </div>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title={t('charts.byWeekday')}>
          <div style={{ height: 200 }}>
            <Bar
              aria-label={t('charts.byWeekday')}
              data={bars(
                graph.by_weekday.map((point) => weekdayLabel(point.weekday)),
                graph.by_weekday.map((point) => point.charges),
              )}
              options={small}
            />
          </div>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title={t('charts.byHour')}>
          <div style={{ height: 200 }}>
            <Bar
              aria-label={t('charts.byHour')}
              data={bars(
                graph.by_hour.map((point) => String(point.hour).padStart(2, '0')),
                graph.by_hour.map((point) => point.charges),
              )}
              options={small}
            />
          </div>
        </Card>
      </Col>
      <Col span={24}>
        <Card size="small" title={t('charts.grid')}>
          <HeatGrid grid={graph.grid} weekdayLabel={weekdayLabel} />
        </Card>
      </Col>
    </Row>
  );
};

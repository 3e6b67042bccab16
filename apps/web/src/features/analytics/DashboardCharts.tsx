import type { TAnalyticsGraph } from '@zaryad/contracts/analytics';
import { Card, Col, Row } from 'antd';
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
import { useNavigate } from 'react-router';
import { EmptyState } from '@/components/empty-state/EmptyState';
import { ChartsSkeleton } from '@/components/empty-state/Skeletons';
import { hourChargesLink, slotChargesLink, weekdayChargesLink } from '@/features/analytics/chargesLink';
import { useTranslation } from 'react-i18next';
import { HeatGrid } from '@/features/analytics/HeatGrid';
import { bishkekNow } from '@zaryad/contracts/bishkek-time';
import { isFutureSlot } from '@/features/analytics/dashboardParams';
import { useNumberFormat } from '@/lib/useNumberFormat';
import { pointerOverBars, useChartJsTheme } from '@/app/chartJsTheme';

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

/** A slot in full, for the tooltip's title: `28.11.2026 14:00–15:00`, `Mon 23.11.2026`, `November 2026`. */
const slotTitle = (period: TAnalyticsGraph['period'], start: string) => {
  if (period === 'day') {
    const hour = Number(start.slice(11, 13));
    return `${dayjs(start.slice(0, 10)).format('DD.MM.YYYY')} ${start.slice(11, 16)}–${String((hour + 1) % 24).padStart(2, '0')}:00`;
  }
  if (period === 'year') {
    return dayjs(`${start}-01`).format('MMMM YYYY');
  }
  return dayjs(start).format('dd DD.MM.YYYY');
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
export const DashboardCharts = ({
  graph,
  isLoading,
  merchant,
}: {
  graph: TAnalyticsGraph | undefined;
  isLoading: boolean;
  /** The merchant the charts are of: the charges list has no merchant filter, so its bars lead nowhere. */
  merchant?: number;
}) => {
  const { t } = useTranslation('analytics');
  // Axis ticks and tooltips write figures as every screen does (lib/numberFormat), in the interface's language;
  // chart.js would follow the browser's.
  const figures = useNumberFormat();
  // Ticks, legend and grid lines readable in light and dark; the charts are drawn anew when the theme changes.
  const colors = useChartJsTheme();
  const countTick = (value: number | string) => figures.count(value);
  const countLabel = (item: TTooltipItem) => `${item.dataset.label ?? ''}: ${figures.count(item.parsed.y ?? 0)}`;
  const navigate = useNavigate();
  if (isLoading || !graph) {
    return <ChartsSkeleton />;
  }
  if (graph.series.every((point) => point.charges === 0)) {
    // Nothing delivered in the period: an empty axis would say nothing; this says why and what to try.
    return (
      <Card size="small" title={t('charts.period')}>
        <EmptyState kind="none" title={t('charts.emptyTitle')} description={t('charts.emptyText')} />
      </Card>
    );
  }
  // A click on a bar opens the charges it counts (chargesLink.ts), with the filter in the list's URL.
  const isLinked = merchant === undefined;
  type TClicked = readonly { index: number }[];
  const openSlot = (_event: unknown, elements: TClicked) => {
    const point = elements[0] && graph.series[elements[0].index];
    if (isLinked && point) {
      void navigate(slotChargesLink(graph.period, point.start));
    }
  };
  const openHour = (_event: unknown, elements: TClicked) => {
    const hour = elements[0] && graph.by_hour[elements[0].index]?.hour;
    const to = hour === undefined ? undefined : hourChargesLink(graph, hour);
    if (isLinked && to) {
      void navigate(to);
    }
  };
  const openWeekday = (_event: unknown, elements: TClicked) => {
    const weekday = elements[0] && graph.by_weekday[elements[0].index]?.weekday;
    const to = weekday === undefined ? undefined : weekdayChargesLink(graph, weekday);
    if (isLinked && to) {
      void navigate(to);
    }
  };
  const clickHint = isLinked ? () => t('charts.clickHint') : undefined;
  const hourTitle = (items: readonly { dataIndex: number }[]) => {
    const hour = graph.by_hour[items[0]?.dataIndex ?? 0]?.hour ?? 0;
    return `${String(hour).padStart(2, '0')}:00–${String((hour + 1) % 24).padStart(2, '0')}:00`;
  };
  const now = bishkekNow();
  const weekdayLabel = (weekday: number) => t(`weekdays.${String(weekday) as '1'}`);
  const weekdayTitle = (items: readonly { dataIndex: number }[]) =>
    weekdayLabel(graph.by_weekday[items[0]?.dataIndex ?? 0]?.weekday ?? 1);
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
    <Row gutter={[12, 12]} key={colors.theme}>
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
                onClick: openSlot,
                onHover: isLinked ? pointerOverBars : undefined,
                plugins: {
                  tooltip: {
                    callbacks: {
                      // The slot in full (the axis writes it short), and what a click does.
                      title: (items: readonly { dataIndex: number }[]) =>
                        slotTitle(graph.period, graph.series[items[0]?.dataIndex ?? 0]?.start ?? ''),
                      footer: clickHint,
                      // The turnover's line: the slot's sum as the API wrote it, not the float the chart drew.
                      label: (item: TTooltipItem) =>
                        item.datasetIndex === 1
                          ? `${item.dataset.label}: ${figures.money(graph.series[item.dataIndex]?.turnover ?? '0.00')}`
                          : countLabel(item),
                    },
                  },
                },
                scales: {
                  x: { title: { display: true, text: t(`charts.axis.${graph.period}`) } },
                  charges: {
                    type: 'linear',
                    position: 'left',
                    beginAtZero: true,
                    title: { display: true, text: t('charts.charges') },
                    ticks: { precision: 0, callback: countTick },
                  },
                  turnover: {
                    type: 'linear',
                    position: 'right',
                    beginAtZero: true,
                    grid: { drawOnChartArea: false },
                    title: { display: true, text: t('charts.turnover') },
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
              options={{
                ...small,
                onClick: openWeekday,
                onHover: isLinked ? pointerOverBars : undefined,
                plugins: {
                  ...small.plugins,
                  tooltip: { callbacks: { title: weekdayTitle, label: countLabel, footer: clickHint } },
                },
                scales: {
                  ...small.scales,
                  x: { title: { display: true, text: t('charts.weekdayAxis') } },
                },
              }}
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
              options={{
                ...small,
                onClick: openHour,
                onHover: isLinked ? pointerOverBars : undefined,
                plugins: {
                  ...small.plugins,
                  tooltip: { callbacks: { title: hourTitle, label: countLabel, footer: clickHint } },
                },
                scales: {
                  ...small.scales,
                  x: { title: { display: true, text: t('charts.hourAxis') } },
                },
              }}
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

import { Card, Col, DatePicker, Empty, Flex, Row, Segmented, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAnalytics, useAnalyticsGraph } from '@/features/analytics/api';
import { comparisonCaption } from '@/features/analytics/comparison';
import { PERIODS, readDashboardParams } from '@/features/analytics/dashboardParams';
import { KpiCards } from '@/features/analytics/KpiCards';
import { NewsTimeline } from '@/features/analytics/NewsTimeline';
import { MerchantSelect } from '@/features/pickers';
import { ChartsSkeleton } from '@/components/empty-state/Skeletons';

export { analyticsTextsReady as textsReady } from '@/features/analytics/analyticsTexts';

// The chart library (chart.js, about 60 KB gzip) and the timeline with its form come in their own chunks, loaded
// with this screen: the figures show first, the charts and the news follow.
const DashboardCharts = lazy(async () => ({
  default: (await import('@/features/analytics/DashboardCharts')).DashboardCharts,
}));
const loading = (
  <Card>
    <Skeleton active paragraph={{ rows: 8 }} />
  </Card>
);
// While the charts' chunk loads: their cards and bars, not a block of lines.
const chartsLoading = <ChartsSkeleton />;

/** `/`: the period switch, a date to go back in time, the figures, the charts and the news timeline. */
export const DashboardPage = () => {
  const { t } = useTranslation('analytics');
  const [params, setParams] = useSearchParams();
  const query = readDashboardParams(params);
  const summary = useAnalytics(query);
  const graph = useAnalyticsGraph(query);
  const set = (key: string, value: string | undefined) => {
    const next = new URLSearchParams(params);
    if (value === undefined) {
      next.delete(key);
    } else {
      next.set(key, value);
    }
    setParams(next, { replace: true });
  };
  const data = summary.data;
  const isNewNetwork =
    data !== undefined &&
    data.merchants.value === 0 &&
    data.charges.value === 0 &&
    query.merchant === undefined &&
    query.date === undefined;
  const caption = data
    ? comparisonCaption(data, {
        until: (values) => t('dashboard.compare.until', values),
        range: (values) => t('dashboard.compare.range', values),
        sentence: (key, values) => t(`dashboard.compare.${key}`, values),
      })
    : '';

  return (
    <Flex vertical gap={12}>
      <Card size="small">
        <Flex wrap gap={12} align="center" justify="space-between">
          <Flex wrap gap={12} align="center">
            <Segmented
              aria-label={t('dashboard.periodLabel')}
              value={query.period}
              options={PERIODS.map((period) => ({ value: period, label: t(`periods.${period}`) }))}
              onChange={(period) => set('period', period === 'day' ? undefined : period)}
            />
            <DatePicker
              aria-label={t('dashboard.date')}
              placeholder={t('dashboard.date')}
              format="DD.MM.YYYY"
              value={query.date ? dayjs(query.date) : null}
              disabledDate={(day) => day.isAfter(dayjs(), 'day')}
              onChange={(day) => set('date', day ? day.format('YYYY-MM-DD') : undefined)}
            />
            <MerchantSelect
              label={t('dashboard.allNetwork')}
              value={query.merchant ?? null}
              onChange={(id) => set('merchant', id === null ? undefined : String(id))}
              width={240}
            />
          </Flex>
          {data && (
            <Typography.Text type="secondary" data-testid="period-range">
              {caption}
            </Typography.Text>
          )}
        </Flex>
      </Card>
      {isNewNetwork ? (
        <Card>
          <Empty
            description={
              <>
                <Typography.Title level={5}>{t('dashboard.emptyTitle')}</Typography.Title>
                <Typography.Text type="secondary">{t('dashboard.emptyText')}</Typography.Text>
              </>
            }
          />
        </Card>
      ) : (
        <Row gutter={[12, 12]}>
          <Col xs={24} xl={17}>
            <Flex vertical gap={12}>
              <KpiCards data={data} isLoading={summary.isLoading} />
              <Suspense fallback={chartsLoading}>
                <DashboardCharts graph={graph.data} isLoading={graph.isLoading} merchant={query.merchant} />
              </Suspense>
            </Flex>
          </Col>
          <Col xs={24} xl={7}>
            <Suspense fallback={loading}>
              <NewsTimeline />
            </Suspense>
          </Col>
        </Row>
      )}
    </Flex>
  );
};

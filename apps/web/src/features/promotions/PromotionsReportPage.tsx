import type { TPromotionReport } from '@zaryad/contracts/promotions';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, DatePicker, Flex, Table, Typography, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '@/components/empty-state/EmptyState';
import { ChartSkeleton } from '@/components/empty-state/Skeletons';
import { ExportButtons } from '@/components/export/ExportButtons';
import { figureColumn } from '@/components/data-table/figureColumn';
import { promotionKeys } from '@/features/promotions/api';
import { titleOf } from '@/features/promotions/promotionTabs';
import type { TQuery } from '@/lib/api';
import { api } from '@/lib/apiClient';
import { REPORT_KWH_DIGITS } from '@/lib/numberFormat';
import { useNumberFormat } from '@/lib/useNumberFormat';
import { defaultReportPeriod } from '@/lib/reportPeriod';

export { promotionTextsReady as textsReady } from '@/features/promotions/promotionTexts';

type TRow = TPromotionReport['rows'][number];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The period kept in the URL; the reports' one default, the last 30 Bishkek days (docs/product/common.md#2-screens). */
const usePeriod = () => {
  const [params, setParams] = useSearchParams();
  const from = params.get('period__from') ?? '';
  const to = params.get('period__to') ?? '';
  const isValid = DAY.test(from) && DAY.test(to);
  const period = isValid ? { period__from: from, period__to: to } : defaultReportPeriod();
  const setPeriod = (range: [Dayjs, Dayjs]) => {
    setParams(
      { period__from: range[0].format('YYYY-MM-DD'), period__to: range[1].format('YYYY-MM-DD') },
      { replace: true },
    );
  };
  return { period, setPeriod };
};

// The chart library (chart.js) comes in its own chunk once there are uses to draw; the table shows first.
const PromotionsDailyChart = lazy(async () => ({
  default: (await import('@/features/promotions/PromotionsDailyChart')).PromotionsDailyChart,
}));

/** `/promotions-report`: per promotion over a period, the uses per day, and the exports. */
export const PromotionsReportPage = () => {
  const { t, i18n } = useTranslation('promotions');
  const { period, setPeriod } = usePeriod();
  const { count, kwh, money } = useNumberFormat();
  const report = useQuery({
    queryKey: promotionKeys.report(period),
    queryFn: ({ signal }) => api.get<TPromotionReport>('/ads/promotions/report/', { query: period as TQuery, signal }),
    placeholderData: keepPreviousData,
  });
  const data = report.data;
  const columns: TableColumnsType<TRow> = [
    { key: 'title', title: t('report.promotion'), render: (_value, row) => titleOf(row, i18n.language) },
    figureColumn<TRow>('charges', t('report.charges'), (row) => count(row.charges)),
    figureColumn<TRow>('users', t('report.users'), (row) => count(row.users)),
    figureColumn<TRow>('energy', t('report.energy'), (row) => kwh(row.energy_kwh, REPORT_KWH_DIGITS)),
    figureColumn<TRow>('turnover', t('report.turnover'), (row) => money(row.turnover)),
    figureColumn<TRow>('discount', t('report.discount'), (row) => money(row.discount)),
    figureColumn<TRow>('average', t('report.average'), (row) => money(row.average_discount)),
  ];
  const daysText = data?.daily.map((day) => `${day.day} ${count(day.charges)}`).join(', ') ?? '';

  return (
    <Card title={t('report.title')}>
      <Flex gap={16} wrap align="center" justify="space-between" style={{ marginBottom: 16 }}>
        <DatePicker.RangePicker
          aria-label={t('report.period')}
          value={[dayjs(period.period__from), dayjs(period.period__to)]}
          format="DD.MM.YYYY"
          allowClear={false}
          onChange={(range) => {
            if (range?.[0] && range[1]) {
              setPeriod([range[0], range[1]]);
            }
          }}
        />
        <Flex gap={8}>
          <ExportButtons
            path="/ads/promotions/report/export/"
            query={period}
            fallbackName={(format) => `promotions_${period.period__from}_${period.period__to}.${format}`}
          />
        </Flex>
      </Flex>
      <Table<TRow>
        rowKey="promotion_id"
        columns={columns}
        dataSource={data?.rows ?? []}
        loading={report.isFetching}
        pagination={false}
        // Nothing used in the period: says so and what to try (the kit's EmptyState).
        locale={{
          emptyText: <EmptyState kind="none" title={t('report.empty')} description={t('report.emptyHint')} compact />,
        }}
        summary={() =>
          data && data.rows.length > 0 ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>
                <strong>{t('report.total')}</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                {count(data.totals.charges)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                {count(data.totals.users)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                {kwh(data.totals.energy_kwh, REPORT_KWH_DIGITS)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                {money(data.totals.turnover)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={5} align="right">
                {money(data.totals.discount)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={6} align="right">
                {money(data.totals.average_discount)}
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
      {/* No uses in the period: the table's empty state says so, an empty axis would add nothing. */}
      {data?.daily.some((day) => day.charges > 0) ? (
        <>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('report.chart')}
          </Typography.Title>
          <Suspense fallback={<ChartSkeleton height={240} />}>
            <PromotionsDailyChart
              daily={data.daily}
              promotionIds={data.rows.map((row) => row.promotion_id)}
              label={t('report.chartLabel', { days: daysText })}
            />
          </Suspense>
        </>
      ) : null}
    </Card>
  );
};

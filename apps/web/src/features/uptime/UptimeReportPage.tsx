import { DownloadOutlined } from '@ant-design/icons';
import { UPTIME_STATES, type TUptimeReportRow, type TUptimeState } from '@zaryad/contracts/uptime';
import { Button, Card, Flex, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useActionError } from '@/components';
import { DateRangeFilter } from '@/components/filters/DateRangeFilter';
import { useCan } from '@/components/permissions/permissions';
import { MerchantFilter } from '@/features/pickers';
import { fetchUptimeFile, UPTIME_FORMATS, useUptimeReport, type TUptimeFormat } from '@/features/uptime/api';
import { UptimeShares } from '@/features/uptime/UptimeShares';
import { UptimeValue } from '@/features/uptime/UptimeValue';
import { lastDays } from '@/features/uptime/uptimeModel';
import { uptimeTextsReady } from '@/features/uptime/uptimeTexts';
import { errorMessage } from '@/lib/apiError';
import { saveBlob } from '@/lib/download';
import { useNumberFormat } from '@/lib/useNumberFormat';

export const textsReady = uptimeTextsReady();

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `/uptime`: uptime per station of a merchant or of the network over a period, with its total and export. */
export const UptimeReportPage = () => {
  const { t } = useTranslation(['uptime', 'common']);
  const showError = useActionError();
  const canExport = useCan('merchants.export');
  const { decimal } = useNumberFormat();
  const [params, setParams] = useSearchParams();
  const fallback = lastDays(30);
  const from = DAY.test(params.get('from') ?? '') ? (params.get('from') as string) : fallback.from;
  const to = DAY.test(params.get('to') ?? '') ? (params.get('to') as string) : fallback.to;
  const merchant = Number(params.get('merchant'));
  const query = { from, to, ...(Number.isInteger(merchant) && merchant > 0 ? { merchant_id: merchant } : {}) };
  const report = useUptimeReport(query);
  const [downloading, setDownloading] = useState<TUptimeFormat | null>(null);

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined) {
        next.delete(key);
      } else {
        next.set(key, value);
      }
    }
    setParams(next, { replace: true });
  };

  const download = async (format: TUptimeFormat) => {
    setDownloading(format);
    try {
      const file = await fetchUptimeFile(query, format);
      saveBlob(file.blob, file.name);
    } catch (error) {
      showError(new Error(errorMessage(error, t('common:errors.request'))));
    } finally {
      setDownloading(null);
    }
  };

  const hours = (state: TUptimeState) => (row: { seconds: Record<TUptimeState, number> }) =>
    decimal(row.seconds[state] / 3600, { digits: 1 });
  const shownStates = UPTIME_STATES.filter((state) => state !== 'unknown');
  const columns: TableColumnsType<TUptimeReportRow> = [
    {
      key: 'station',
      title: t('report.station'),
      fixed: 'left',
      render: (_, row) => (
        <Link to={`/merchant/${row.merchant.id}/station-info/${row.station_id}`}>{row.station_name}</Link>
      ),
    },
    ...(query.merchant_id ? [] : [{ key: 'merchant', title: t('report.merchant'), render: (_: unknown, row: TUptimeReportRow) => row.merchant.name }]),
    { key: 'connectors', title: t('report.connectors'), dataIndex: 'connectors', align: 'right', width: 100 },
    {
      key: 'uptime',
      title: t('uptime'),
      align: 'right',
      width: 110,
      render: (_, row) => <UptimeValue value={row.uptime_percent} strong />,
    },
    { key: 'shares', title: t('shares'), width: 220, render: (_, row) => <UptimeShares seconds={row.seconds} compact /> },
    ...shownStates.map((state) => ({
      key: state,
      title: t('report.hours', { state: t(`states.${state}`) }),
      align: 'right' as const,
      width: 110,
      render: (_: unknown, row: TUptimeReportRow) => hours(state)(row),
    })),
  ];
  const total = report.data?.total;

  return (
    <Card title={<h1 style={{ margin: 0, fontSize: 20 }}>{t('report.title')}</h1>}>
      <Flex vertical gap={16}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('report.definition')}
        </Typography.Paragraph>
        <Flex gap={12} wrap align="center" justify="space-between">
          <Flex gap={12} wrap align="center">
            <MerchantFilter
              label={t('report.allMerchants')}
              value={query.merchant_id}
              onChange={(value) => update({ merchant: value === undefined ? undefined : String(value) })}
            />
            <Typography.Text aria-hidden>{t('report.period')}</Typography.Text>
            <DateRangeFilter
              label={t('report.period')}
              value={{ from, to }}
              onChange={(range) => {
                // Clearing keeps the period shown: the report always covers one.
                if (range.from !== undefined && range.to !== undefined) {
                  update({ from: range.from, to: range.to });
                }
              }}
            />
          </Flex>
          <Flex gap={8}>
            {(canExport ? UPTIME_FORMATS : []).map((format) => (
              <Button
                key={format}
                icon={<DownloadOutlined aria-hidden />}
                loading={downloading === format}
                onClick={() => void download(format)}
              >
                {t('report.download', { format: format.toUpperCase() })}
              </Button>
            ))}
          </Flex>
        </Flex>
        {total ? (
          <Flex gap={16} align="center" wrap data-testid="uptime-total">
            <Typography.Text strong>
              {report.data?.merchant ? t('report.merchantTotal', { name: report.data.merchant.name }) : t('report.networkTotal')}
            </Typography.Text>
            <UptimeValue value={total.uptime_percent} strong />
            <div style={{ flex: '1 1 320px', maxWidth: 640 }}>
              <UptimeShares seconds={total.seconds} />
            </div>
          </Flex>
        ) : null}
        <Table<TUptimeReportRow>
          aria-label={t('report.title')}
          size="small"
          rowKey="station_id"
          columns={columns}
          dataSource={report.data?.rows ?? []}
          loading={report.isFetching}
          pagination={{ defaultPageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
          scroll={{ x: 1400 }}
          locale={{
            emptyText: report.isError ? errorMessage(report.error, t('common:errors.request')) : t('common:messages.noData'),
          }}
        />
      </Flex>
    </Card>
  );
};

import type { TUptimeReportRow } from '@zaryad/contracts/uptime';
import { Flex, Table, Typography, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUptimeReport } from '@/features/uptime/api';
import { UptimeShares } from '@/features/uptime/UptimeShares';
import { UptimeValue } from '@/features/uptime/UptimeValue';
import { thisMonth } from '@/features/uptime/uptimeModel';
import { errorMessage } from '@/lib/apiError';

/** The merchant page's uptime tab: each of its stations this month, and the merchant's, with a link to the report. */
export const MerchantUptimePanel = ({ merchantId }: { merchantId: number }) => {
  const { t } = useTranslation(['uptime', 'common']);
  const period = useMemo(() => thisMonth(), []);
  const report = useUptimeReport({ ...period, merchant_id: merchantId });

  const columns: TableColumnsType<TUptimeReportRow> = [
    {
      key: 'station',
      title: t('report.station'),
      render: (_, row) => <Link to={`/merchant/${merchantId}/station-info/${row.station_id}`}>{row.station_name}</Link>,
    },
    {
      key: 'uptime',
      title: t('uptime'),
      width: 110,
      align: 'right',
      render: (_, row) => <UptimeValue value={row.uptime_percent} strong />,
    },
    {
      key: 'shares',
      title: t('shares'),
      width: '45%',
      render: (_, row) => <UptimeShares seconds={row.seconds} compact />,
    },
  ];

  return (
    <Flex vertical gap={12} data-testid="merchant-uptime">
      <Flex gap={12} align="baseline" justify="space-between" wrap>
        <Typography.Text strong>{t('merchant.title')}</Typography.Text>
        <Flex gap={12} align="baseline" wrap>
          {report.data ? (
            <Flex gap={8} align="baseline">
              <Typography.Text type="secondary">{t('merchant.total')}</Typography.Text>
              <UptimeValue value={report.data.total.uptime_percent} strong />
            </Flex>
          ) : null}
          <Link to={`/uptime?merchant=${merchantId}`}>{t('merchant.report')}</Link>
        </Flex>
      </Flex>
      <Table<TUptimeReportRow>
        aria-label={t('merchant.title')}
        size="small"
        rowKey="station_id"
        columns={columns}
        dataSource={report.data?.rows ?? []}
        loading={report.isFetching}
        pagination={false}
        locale={{
          emptyText: report.isError
            ? errorMessage(report.error, t('common:errors.request'))
            : t('common:messages.noData'),
        }}
      />
    </Flex>
  );
};

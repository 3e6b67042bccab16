import { Card, Flex, Skeleton, Table, Typography, type TableColumnsType } from 'antd';
import type { TStationUptime } from '@zaryad/contracts/uptime';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useStationUptime } from '@/features/uptime/api';
import { DailyUptimeBars } from '@/features/uptime/DailyUptimeBars';
import { UptimeShares } from '@/features/uptime/UptimeShares';
import { UptimeValue } from '@/features/uptime/UptimeValue';
import { lastDays } from '@/features/uptime/uptimeModel';
import { errorMessage } from '@/lib/apiError';

const DAYS = 30;

type TConnector = TStationUptime['connectors'][number];

/** Station info's uptime: the last 30 days of each connector (a bar a day and the share of each state) and the station's. */
export const StationUptimePanel = ({ stationId }: { stationId: number }) => {
  const { t } = useTranslation(['uptime', 'common']);
  const period = useMemo(() => lastDays(DAYS), []);
  const uptime = useStationUptime(stationId, period);
  const data = uptime.data;

  const columns: TableColumnsType<TConnector> = [
    {
      key: 'connector',
      title: t('station.connector'),
      width: 120,
      render: (_, row) => t('station.connectorName', { id: row.connector_id }),
    },
    {
      key: 'uptime',
      title: t('uptime'),
      width: 110,
      align: 'right',
      render: (_, row) => <UptimeValue value={row.total.uptime_percent} strong />,
    },
    {
      key: 'days',
      title: t('station.days', { days: DAYS }),
      render: (_, row) => (
        <DailyUptimeBars periods={row.periods} label={t('station.daysOf', { id: row.connector_id })} />
      ),
    },
    { key: 'shares', title: t('shares'), width: '35%', render: (_, row) => <UptimeShares seconds={row.total.seconds} /> },
  ];

  return (
    <Card
      title={t('station.title', { days: DAYS })}
      data-testid="station-uptime"
      extra={
        data ? (
          <Flex gap={8} align="baseline">
            <Typography.Text type="secondary">{t('station.total')}</Typography.Text>
            <UptimeValue value={data.total.uptime_percent} strong />
          </Flex>
        ) : null
      }
    >
      {uptime.isPending && !uptime.isError ? (
        <Skeleton active />
      ) : (
        <Table<TConnector>
          aria-label={t('station.title', { days: DAYS })}
          size="small"
          rowKey="connector_id"
          columns={columns}
          dataSource={data?.connectors ?? []}
          pagination={false}
          scroll={{ x: 720 }}
          locale={{
            emptyText: uptime.isError
              ? errorMessage(uptime.error, t('common:errors.request'))
              : t('common:messages.noData'),
          }}
        />
      )}
    </Card>
  );
};

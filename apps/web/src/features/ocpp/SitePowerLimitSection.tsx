import type { TMerchantPowerLimit } from '@zaryad/contracts/ocpp-smart';
import { Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/components/permissions/permissions';
import { PowerLimitForm } from '@/features/ocpp/PowerLimitForm';
import { useSitePowerLimit, useSitePowerLimitActions } from '@/features/ocpp/smartChargingApi';
import { formatDateTime } from '@/lib/dates';

type TShare = TMerchantPowerLimit['shares'][number];

/**
 * A merchant's site power limit (its tab of the merchant page): the limit shared by the charges running at its stations, its time
 * windows, and each running charge's share now (earliest started first; 0 while it waits).
 */
export const SitePowerLimitSection = ({ merchantId }: { merchantId: number }) =>
  // Its texts are a namespace of their own, loaded when it first renders: only this card waits for them.
  useCan('stations.view') ? (
    <Suspense fallback={null}>
      <SitePowerLimitCard merchantId={merchantId} />
    </Suspense>
  ) : null;

const SitePowerLimitCard = ({ merchantId }: { merchantId: number }) => {
  const { t } = useTranslation('smartCharging');
  const canManage = useCan('stations.manage_charge_point');
  const limit = useSitePowerLimit(merchantId);
  const { save, clear } = useSitePowerLimitActions(merchantId);
  const columns: TableColumnsType<TShare> = [
    { key: 'charge', title: t('charge'), dataIndex: 'charge_id', width: 100 },
    { key: 'station', title: t('station'), render: (_v, row) => `${row.station_id} / ${row.connector_id}` },
    { key: 'started', title: t('started'), render: (_v, row) => formatDateTime(row.started_at) },
    {
      key: 'share',
      title: t('share'),
      align: 'right',
      render: (_v, row) => (
        <Tag color={row.share_w > 0 ? 'green' : 'default'}>{Math.round(row.share_w / 100) / 10}</Tag>
      ),
    },
  ];
  return (
    <Flex vertical gap={12} data-testid="site-power-limit">
      <Typography.Text strong>{t('siteLimit')}</Typography.Text>
      <Typography.Text type="secondary">{t('siteHint')}</Typography.Text>
      {limit.data?.limit_now_kw != null ? (
        <Tag color="blue">{t('siteNow', { value: limit.data.limit_now_kw })}</Tag>
      ) : null}
      <PowerLimitForm
        kept={limit.data}
        canManage={canManage}
        confirmText={t('saveSiteConfirm')}
        onSave={(body) => save.mutateAsync(body)}
        onClear={() => clear.mutateAsync()}
        testId="site-power-limit-form"
      />
      {limit.data?.limit_kw != null ? (
        <Table<TShare>
          size="small"
          rowKey="charge_id"
          title={() => t('shares')}
          columns={columns}
          dataSource={limit.data.shares}
          pagination={false}
          locale={{ emptyText: t('noShares') }}
        />
      ) : null}
    </Flex>
  );
};

import { STATUS, type TRate, type TRateVersion } from '@zaryad/contracts';
import { Alert, Button, Flex, Table, Tag, type TableColumnsType } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDomainCan } from '@/components/permissions/permissions';
import { TextSpan } from '@/components/text/TextSpan';
import { useRateVersions } from '@/features/rates/api';
import { DayTimeline } from '@/features/rates/DayTimeline';
import { errorMessage } from '@/lib/apiError';
import { formatDateTime } from '@/lib/dates';
import { useNumberFormat } from '@/lib/useNumberFormat';

const nowrap = { whiteSpace: 'nowrap' } as const;

// The modal's date-time picker (antd DatePicker's core) is needed only once "New price from…" is pressed: it loads then.
const NewVersionModal = lazy(async () => ({
  default: (await import('@/features/rates/NewVersionModal')).NewVersionModal,
}));

/**
 * The edit drawer's price part (Tariffs II): a day's prices of the version in force, the rate's versions (newest
 * first, the one in force and a scheduled one marked) and, for an active tariff (which cannot be edited), "New price
 * from…".
 */
export const RateVersions = ({ rate }: { rate: TRate }) => {
  const { t } = useTranslation(['rates', 'common']);
  const { money, unit, units } = useNumberFormat();
  const can = useDomainCan('rates');
  const versions = useRateVersions(rate.id);
  const [isAdding, setIsAdding] = useState(false);
  const perMinute = (value: string) => t('perMinute', { fee: money(value) });
  const columns: TableColumnsType<TRateVersion> = [
    {
      key: 'effectiveFrom',
      title: t('versions.effectiveFrom'),
      render: (_value, version) => (
        <Flex vertical gap={2} align="start">
          <span style={nowrap}>{formatDateTime(version.effective_from)}</span>
          {version.id === rate.version.id ? <Tag color="success">{t('versions.current')}</Tag> : null}
          {version.id === rate.next_version?.id ? <Tag color="processing">{t('versions.scheduled')}</Tag> : null}
          {/* Who made it and when: under its date, so that two columns fit a phone's drawer. */}
          <TextSpan tone="secondary">
            {t('versions.made')} {formatDateTime(version.created_at)},{' '}
            {version.account_id === null
              ? t('versions.bySystem')
              : (version.account_name ?? t('versions.by', { id: version.account_id }))}
          </TextSpan>
        </Flex>
      ),
    },
    {
      // The components stacked in one column: the drawer is narrow, and a table wider than it would scroll.
      key: 'prices',
      title: t('versions.prices'),
      render: (_value, version) => (
        <Flex component="dl" vertical gap={0} style={{ margin: 0 }}>
          {[
            [t('versions.energy'), unit(money(version.fee), units.somPerKwh)],
            [t('versions.time'), perMinute(version.time_fee)],
            [t('versions.idle'), perMinute(version.idle_fee)],
            [t('versions.session'), t('price', { fee: money(version.session_fee) })],
          ].map(([label, text]) => (
            <Flex key={label} gap={6} wrap>
              <dt style={{ margin: 0, ...nowrap }}>
                <TextSpan tone="secondary">{label}:</TextSpan>
              </dt>
              <dd style={{ margin: 0, ...nowrap }}>{text}</dd>
            </Flex>
          ))}
        </Flex>
      ),
    },
  ];
  return (
    <Flex vertical gap={12} data-testid="rate-versions">
      <DayTimeline price={rate} />
      <Flex justify="space-between" align="center" gap={8} wrap>
        <TextSpan strong>{t('versions.title')}</TextSpan>
        {rate.status === STATUS.active && can.edit ? (
          <Button onClick={() => setIsAdding(true)}>{t('versions.newPrice')}</Button>
        ) : null}
      </Flex>
      {versions.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('versions.loadError')}
          description={errorMessage(versions.error, t('common:errors.request'))}
        />
      ) : (
        <Table<TRateVersion>
          size="small"
          rowKey="id"
          columns={columns}
          dataSource={versions.data ?? []}
          loading={versions.isLoading}
          pagination={false}
          locale={{ emptyText: t('versions.empty') }}
        />
      )}
      {isAdding ? (
        <Suspense fallback={null}>
          <NewVersionModal rate={rate} open onClose={() => setIsAdding(false)} />
        </Suspense>
      ) : null}
    </Flex>
  );
};

import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { TextSpan } from '@/components/text/TextSpan';
import { useChargeTotals, type TChargeFilters } from '@/features/charges/api';
import { useNumberFormat } from '@/lib/useNumberFormat';

/** Count, kWh, turnover and discount of every charge the filters select, not only the page on screen. */
export const ChargeTotals = ({ query }: { query: TChargeFilters }) => {
  const { t } = useTranslation('charges');
  const totals = useChargeTotals(query);
  const { count, kwh, money } = useNumberFormat();
  if (totals.isError) {
    return (
      <TextSpan tone="danger" style={{ display: 'block', marginBottom: 12 }}>
        {t('totals.error')}
      </TextSpan>
    );
  }
  const data = totals.data;
  return (
    <Flex
      role="status"
      aria-label={t('totals.title')}
      aria-busy={totals.isFetching}
      gap={24}
      wrap
      style={{ marginBottom: 12, opacity: totals.isFetching ? 0.6 : 1 }}
    >
      <TextSpan strong>{t('totals.title')}</TextSpan>
      <span>{t('totals.count', { total: count(data?.count ?? 0) })}</span>
      <span>{t('totals.consumption', { value: kwh(data?.consumption_kwh ?? '0.000') })}</span>
      <span>{t('totals.turnover', { amount: money(data?.turnover ?? '0.00') })}</span>
      <span>{t('totals.discount', { amount: money(data?.discount ?? '0.00') })}</span>
    </Flex>
  );
};

import { Card, Descriptions, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDefaultRateFees } from '@/features/rates/api';
import { formatFee } from '@/features/rates/formatFee';
import { TextSpan } from '@/components/text/TextSpan';

/** GET /payments/default-rates-fee/: what a connector without a personal tariff costs, per connector type. */
export const DefaultRatesPanel = () => {
  const { t } = useTranslation('rates');
  const fees = useDefaultRateFees();
  return (
    <Card size="small" title={t('defaults.title')} style={{ marginBottom: 16 }}>
      {fees.isLoading ? <Skeleton active paragraph={{ rows: 2 }} /> : null}
      {fees.data && fees.data.length === 0 ? <TextSpan>{t('defaults.empty')}</TextSpan> : null}
      {fees.data && fees.data.length > 0 ? (
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, md: 3, xl: 5 }}
          items={fees.data.map((fee) => ({
            key: fee.typo,
            label: fee.name,
            children:
              fee.fee === null ? (
                <TextSpan tone="secondary">{t('defaults.none')}</TextSpan>
              ) : (
                <TextSpan strong>{t('price', { fee: formatFee(fee.fee) })}</TextSpan>
              ),
          }))}
        />
      ) : null}
    </Card>
  );
};

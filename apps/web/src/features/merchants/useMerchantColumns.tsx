import type { TMerchantRow } from '@zaryad/contracts';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatPhone, StatusTag } from '@/components';
import { merchantLocation } from '@/features/merchants/merchantLocation';
import { StationCounts } from '@/features/merchants/StationCounts';
import { useNumberFormat } from '@/lib/useNumberFormat';

/** The merchants table's columns; the name opens the merchant's detail. */
export const useMerchantColumns = (): TableColumnsType<TMerchantRow> => {
  const { t } = useTranslation('merchants');
  const { percent } = useNumberFormat();
  return [
    { key: 'id', title: t('fields.id'), dataIndex: 'id', width: 72 },
    {
      key: 'name',
      title: t('fields.name'),
      render: (_value, merchant) => <Link to={`/merchant/${merchant.id}`}>{merchant.name}</Link>,
    },
    { key: 'location', title: t('fields.location'), render: (_value, merchant) => merchantLocation(merchant) || '—' },
    { key: 'phone', title: t('fields.phone'), render: (_value, merchant) => formatPhone(merchant.phone) },
    {
      key: 'stations',
      title: t('fields.stations'),
      render: (_value, merchant) => <StationCounts merchant={merchant} />,
    },
    { key: 'percentage', title: t('fields.percentage'), render: (_value, merchant) => percent(merchant.percentage, 2) },
    { key: 'status', title: t('fields.status'), render: (_value, merchant) => <StatusTag status={merchant.status} /> },
  ];
};

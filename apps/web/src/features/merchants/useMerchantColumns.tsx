import type { TMerchantRow } from '@zaryad/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatPhone, StatusTag } from '@/components';
import type { TListColumns } from '@/components/data-table/columnPriority';
import { merchantLocation } from '@/features/merchants/merchantLocation';
import { StationCounts } from '@/features/merchants/StationCounts';
import { useNumberFormat } from '@/lib/useNumberFormat';

/**
 * The merchants table's columns; the name opens the merchant's detail. Priorities (issue 33): the name names the row,
 * the status is key and comes right after it; the rest follow, the id and phone read in the expanded row unless shown.
 */
export const useMerchantColumns = (): TListColumns<TMerchantRow> => {
  const { t } = useTranslation('merchants');
  const { percent } = useNumberFormat();
  return [
    {
      key: 'name',
      priority: 'identity',
      truncate: true,
      width: 240,
      title: t('fields.name'),
      render: (_value, merchant) => <Link to={`/merchant/${merchant.id}`}>{merchant.name}</Link>,
    },
    {
      key: 'status',
      priority: 'key',
      title: t('fields.status'),
      render: (_value, merchant) => <StatusTag status={merchant.status} />,
    },
    {
      key: 'location',
      priority: 'normal',
      truncate: true,
      width: 240,
      title: t('fields.location'),
      render: (_value, merchant) => merchantLocation(merchant) || '—',
    },
    {
      key: 'stations',
      priority: 'normal',
      title: t('fields.stations'),
      render: (_value, merchant) => <StationCounts merchant={merchant} />,
    },
    {
      key: 'percentage',
      priority: 'normal',
      title: t('fields.percentage'),
      align: 'right',
      render: (_value, merchant) => percent(merchant.percentage, 2),
    },
    {
      key: 'phone',
      priority: 'normal',
      title: t('fields.phone'),
      render: (_value, merchant) => formatPhone(merchant.phone),
    },
    { key: 'id', priority: 'detail', title: t('fields.id'), dataIndex: 'id' },
  ];
};

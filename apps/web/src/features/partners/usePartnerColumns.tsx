import { EditOutlined } from '@ant-design/icons';
import type { TRentalPartner } from '@zaryad/contracts';
import { Button, Typography } from 'antd';
import { prioritize, type TListColumns } from '@/components/data-table/columnPriority';
import { useTranslation } from 'react-i18next';
import { formatPhone, StatusTag } from '@/components';
import { formatDate } from '@/lib/dates';
import { useNumberFormat } from '@/lib/useNumberFormat';
import { VISUALLY_HIDDEN } from '@/lib/visuallyHidden';

/** The rental partners table's columns; the pencil opens the edit drawer. */
export const usePartnerColumns = (onEdit: (partner: TRentalPartner) => void): TListColumns<TRentalPartner> => {
  const { t } = useTranslation(['partners', 'common']);
  const { decimal } = useNumberFormat();
  return prioritize<TRentalPartner>(
    [
      { key: 'id', title: t('fields.id'), dataIndex: 'id', width: 72 },
      {
        key: 'name',
        title: `${t('fields.name')} / ${t('fields.legalEntity')}`,
        render: (_value, partner) => (
          <>
            <div>{partner.name}</div>
            <Typography.Text type="secondary">{partner.legal_entity}</Typography.Text>
          </>
        ),
      },
      {
        key: 'agreement',
        title: t('fields.agreement'),
        render: (_value, partner) => (
          <>
            <div>{partner.agreement_number}</div>
            <Typography.Text type="secondary">
              {partner.end_date
                ? `${formatDate(partner.start_date)} – ${formatDate(partner.end_date)}`
                : t('list.untilOpen', { start: formatDate(partner.start_date) })}
            </Typography.Text>
          </>
        ),
      },
      {
        key: 'contacts',
        title: t('fields.contactPerson'),
        render: (_value, partner) => (
          <>
            {partner.contact_person ? <div>{partner.contact_person}</div> : null}
            <div>{formatPhone(partner.phone)}</div>
            <div>{partner.email}</div>
          </>
        ),
      },
      {
        key: 'percentage',
        title: t('fields.percentage'),
        align: 'right',
        render: (_value, partner) => decimal(partner.percentage, { maxDigits: 2 }),
      },
      { key: 'status', title: t('fields.status'), render: (_value, partner) => <StatusTag status={partner.status} /> },
      {
        key: 'actions',
        // Kept in view when a narrow screen scrolls the table sideways.
        fixed: 'right',
        title: <span style={VISUALLY_HIDDEN}>{t('common:actions.edit')}</span>,
        width: 64,
        render: (_value, partner) => (
          <Button
            type="text"
            icon={<EditOutlined aria-hidden />}
            aria-label={t('list.editLabel', { name: partner.name })}
            onClick={() => {
              onEdit(partner);
            }}
          />
        ),
      },
    ],
    {
      name: { priority: 'identity', truncate: true, width: 220 },
      status: 'key',
      percentage: 'key',
      id: 'detail',
      actions: 'key',
    },
  );
};

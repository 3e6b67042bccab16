import { EditOutlined } from '@ant-design/icons';
import { STATUS, type TRate } from '@zaryad/contracts';
import { Button, Flex, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ConfirmDelete, StatusTag } from '@/components';
import { prioritize, type TListColumns } from '@/components/data-table/columnPriority';
import { useDomainCan } from '@/components/permissions/permissions';
import { useConnectorTypeNames } from '@/features/lookups';
import { useNumberFormat } from '@/lib/useNumberFormat';
import { VISUALLY_HIDDEN } from '@/lib/visuallyHidden';

type TRateColumnsOptions = { onDelete: (rate: TRate) => Promise<unknown> };

/**
 * The tariffs table's columns, with their priorities (docs/product/common.md#2-screens): the name pinned, the fee and the
 * status key, the id in the row's details. docs/product/rates.md#4-states-and-rules: an active tariff can be neither
 * edited nor deleted.
 */
export const useRateColumns = ({ onDelete }: TRateColumnsOptions): TListColumns<TRate> => {
  const { t } = useTranslation(['rates', 'common']);
  const { money } = useNumberFormat();
  const navigate = useNavigate();
  const { search } = useLocation();
  const can = useDomainCan('rates');
  const typeNames = useConnectorTypeNames();
  return prioritize<TRate>(
    [
      { key: 'id', title: t('fields.id'), dataIndex: 'id', width: 80 },
      { key: 'name', title: t('fields.name'), dataIndex: 'name' },
      { key: 'rateType', title: t('fields.rateType'), render: (_value, rate) => t(`rateType.${rate.rate_type}`) },
      {
        key: 'connectorType',
        title: t('fields.connectorType'),
        render: (_value, rate) => typeNames.get(rate.typo) ?? rate.typo,
      },
      {
        key: 'fee',
        title: t('fields.fee'),
        align: 'right',
        render: (_value, rate) => t('price', { fee: money(rate.fee) }),
      },
      { key: 'status', title: t('fields.status'), render: (_value, rate) => <StatusTag status={rate.status} /> },
      {
        key: 'actions',
        // Kept in view when a narrow screen scrolls the table sideways.
        fixed: 'right',
        title: <span style={VISUALLY_HIDDEN}>{t('common:actions.edit')}</span>,
        width: 104,
        render: (_value, rate) => {
          const isLocked = rate.status === STATUS.active;
          return (
            <Tooltip title={isLocked ? t('list.lockedHint') : undefined}>
              <Flex gap={4}>
                {can.edit ? (
                  <Button
                    type="text"
                    icon={<EditOutlined aria-hidden />}
                    disabled={isLocked}
                    aria-label={t('list.editLabel', { name: rate.name })}
                    onClick={() => void navigate(`/edit-rates/${rate.id}${search}`)}
                  />
                ) : null}
                {can.delete ? (
                  <ConfirmDelete
                    disabled={isLocked}
                    label={t('list.deleteLabel', { name: rate.name })}
                    onConfirm={() => onDelete(rate)}
                  />
                ) : null}
              </Flex>
            </Tooltip>
          );
        },
      },
    ],
    { name: { priority: 'identity', truncate: true, width: 220 }, fee: 'key', status: 'key', id: 'detail' },
  );
};

import { type TPromotion } from '@zaryad/contracts/promotions';
import { prioritize, type TListColumns } from '@/components/data-table/columnPriority';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '@/components';
import { editDeleteColumn, merchantColumn, type TEditDeleteTexts } from '@/components/list-page/adColumns';
import { useDomainCan } from '@/components/permissions/permissions';
import { TextSpan } from '@/components/text/TextSpan';
import { titleOf } from '@/features/promotions/promotionTabs';
import { formatDateTime } from '@/lib/dates';
import { useNumberFormat } from '@/lib/useNumberFormat';

type TPromotionColumnsOptions = {
  onEdit: (item: TPromotion) => void;
  onDelete: (item: TPromotion) => Promise<unknown>;
};

/** The promotions table: image, name (and initiator), merchant, discount, period (and happy hours), status, actions. */
export const usePromotionColumns = ({ onEdit, onDelete }: TPromotionColumnsOptions): TListColumns<TPromotion> => {
  const { t, i18n } = useTranslation(['promotions', 'common']);
  const { money, percent } = useNumberFormat();
  const can = useDomainCan('promotions');
  const name = (item: TPromotion) => titleOf(item, i18n.language);
  const editDeleteTexts: TEditDeleteTexts = {
    header: t('common:actions.edit'),
    edit: (itemName) => t('list.edit', { name: itemName }),
    delete: (itemName) => t('list.delete', { name: itemName }),
    deleteConfirm: (itemName) => t('list.deleteConfirm', { name: itemName }),
  };
  return prioritize(
    [
      {
        key: 'image',
        title: t('columns.image'),
        width: 72,
        render: (_value, item) => (
          <img
            src={item.image}
            alt={name(item)}
            loading="lazy"
            style={{ width: 48, height: 48, objectFit: 'cover', borderRadius: 4, display: 'block' }}
          />
        ),
      },
      {
        key: 'title',
        title: t('columns.title'),
        render: (_value, item) => (
          <>
            <div>{name(item)}</div>
            <TextSpan tone="secondary">{t(`initiators.${item.initiator}`)}</TextSpan>
          </>
        ),
      },
      merchantColumn({ title: t('columns.merchant'), wholeNetwork: t('columns.wholeNetwork') }),
      {
        key: 'discount',
        title: t('columns.discount'),
        render: (_value, item) =>
          item.discount_percent !== null
            ? percent(item.discount_percent, 2)
            : t('columns.amount', { amount: money(item.discount_amount ?? '0.00') }),
      },
      {
        key: 'period',
        title: t('columns.period'),
        render: (_value, item) => (
          <>
            <div style={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(item.start_date)} – {formatDateTime(item.end_date)}
            </div>
            <TextSpan tone="secondary">
              {t('columns.happyHours')}: {item.happy_hours_start}–{item.happy_hours_end}
            </TextSpan>
          </>
        ),
      },
      { key: 'status', title: t('columns.status'), render: (_value, item) => <StatusTag status={item.status} /> },
      editDeleteColumn({ can, nameOf: name, texts: editDeleteTexts, onEdit, onDelete }),
    ],
    {
      title: { priority: 'identity', truncate: true, width: 240 },
      status: 'key',
      discount: 'key',
      period: 'key',
      actions: 'key',
    },
  );
};

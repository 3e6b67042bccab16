import type { TBannerItem } from '@zaryad/contracts';
import { prioritize, type TListColumns } from '@/components/data-table/columnPriority';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '@/components';
import { editDeleteColumn, merchantColumn, type TEditDeleteTexts } from '@/components/list-page/adColumns';
import { useDomainCan } from '@/components/permissions/permissions';
import { TextSpan } from '@/components/text/TextSpan';
import { formatDateTime } from '@/lib/dates';

type TBannerColumnsOptions = {
  onEdit: (item: TBannerItem) => void;
  onDelete: (item: TBannerItem) => Promise<unknown>;
};

/** The thumbnail keeps the image's own shape: a wide banner, a tall fullscreen. */
const thumbnailStyle = (item: TBannerItem) =>
  item.type === 'banner'
    ? { width: 96, height: 48, objectFit: 'cover' as const, borderRadius: 4, display: 'block' }
    : { width: 32, height: 69, objectFit: 'cover' as const, borderRadius: 4, display: 'block' };

/** One tab's table (issue 15): preview, name, merchant, period, status, and edit and delete. */
export const useBannerColumns = ({ onEdit, onDelete }: TBannerColumnsOptions): TListColumns<TBannerItem> => {
  const { t } = useTranslation(['banners', 'common']);
  const can = useDomainCan('banners');
  const editDeleteTexts: TEditDeleteTexts = {
    header: t('common:actions.edit'),
    edit: (name) => t('list.edit', { name }),
    delete: (name) => t('list.delete', { name }),
    deleteConfirm: (name) => t('list.deleteConfirm', { name }),
  };
  return prioritize(
    [
      {
        key: 'image',
        title: t('columns.image'),
        width: 112,
        render: (_value, item) => <img src={item.image} alt={item.name} loading="lazy" style={thumbnailStyle(item)} />,
      },
      {
        key: 'name',
        title: t('columns.name'),
        render: (_value, item) => (
          <>
            <div>{item.name}</div>
            <TextSpan tone="secondary">
              {item.type === 'banner'
                ? item.source_link
                : item.categories.map((key) => t(`categories.${key}`)).join(', ')}
            </TextSpan>
          </>
        ),
      },
      merchantColumn({ title: t('columns.merchant'), wholeNetwork: t('columns.wholeNetwork') }),
      {
        key: 'period',
        title: t('columns.period'),
        render: (_value, item) => (
          <span style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(item.start_date)} – {formatDateTime(item.end_date)}
          </span>
        ),
      },
      {
        key: 'status',
        title: t('columns.status'),
        render: (_value, item) => <StatusTag status={item.status} />,
      },
      editDeleteColumn({ can, nameOf: (item) => item.name, texts: editDeleteTexts, onEdit, onDelete }),
    ],
    { name: { priority: 'identity', truncate: true, width: 240 }, status: 'key', period: 'key', actions: 'key' },
  );
};

import { EditOutlined } from '@ant-design/icons';
import { STATUS, type TBannerItem } from '@zaryad/contracts';
import { Button, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete, StatusTag } from '@/components';
import { useDomainCan } from '@/components/permissions/permissions';
import { TextSpan } from '@/components/text/TextSpan';
import { formatDateTime } from '@/lib/dates';
import { VISUALLY_HIDDEN } from '@/lib/visuallyHidden';

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
export const useBannerColumns = ({ onEdit, onDelete }: TBannerColumnsOptions): TableColumnsType<TBannerItem> => {
  const { t } = useTranslation(['banners', 'common']);
  const can = useDomainCan('banners');
  return [
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
    {
      key: 'merchant',
      title: t('columns.merchant'),
      render: (_value, item) => item.merchant_name ?? <TextSpan tone="secondary">{t('columns.wholeNetwork')}</TextSpan>,
    },
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
    {
      key: 'actions',
      fixed: 'right',
      title: <span style={VISUALLY_HIDDEN}>{t('common:actions.edit')}</span>,
      width: 96,
      render: (_value, item) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {can.edit ? (
            <Button
              type="text"
              icon={<EditOutlined aria-hidden />}
              aria-label={t('list.edit', { name: item.name })}
              onClick={() => {
                onEdit(item);
              }}
            />
          ) : null}
          {can.delete ? (
            <ConfirmDelete
              disabled={item.status === STATUS.active}
              label={t('list.delete', { name: item.name })}
              title={t('list.deleteConfirm', { name: item.name })}
              onConfirm={() => onDelete(item)}
            />
          ) : null}
        </span>
      ),
    },
  ];
};

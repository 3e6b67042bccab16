import { EditOutlined } from '@ant-design/icons';
import type { TTag } from '@zaryad/contracts';
import { Button, Space, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { LanguageBadges, StatusTag } from '@/components';
import { CatalogueDeleteButton } from '@/components/catalogue/CatalogueDeleteButton';
import { prioritize, type TListColumns } from '@/components/data-table/columnPriority';
import { localizedTitle } from '@/components/catalogue/titles';
import type { TDomainCan } from '@/components/permissions/permissions';
import { toLanguage } from '@/lib/language';

type TCatalogueColumnsOptions<TRecord extends TTag> = {
  /** Columns between the ID and the title (the infrastructure icon). */
  extra?: TableColumnsType<TRecord>;
  deleteQuestion: (title: string) => string;
  onEdit: (record: TRecord) => void;
  onDelete: (record: TRecord) => Promise<unknown>;
  /** What the role may do with the rows: a button it may not use is left out. */
  can: Pick<TDomainCan, 'edit' | 'delete'>;
};

/**
 * ID, title in the interface language (Russian when empty), filled-language badges, status, edit and delete; the title
 * pinned and the status key (docs/product/common.md#2-screens), the ID in the row's details.
 */
export const useCatalogueColumns = <TRecord extends TTag>({
  extra = [],
  deleteQuestion,
  onEdit,
  onDelete,
  can,
}: TCatalogueColumnsOptions<TRecord>): TListColumns<TRecord> => {
  const { t, i18n } = useTranslation('catalogue');
  // From the hook's i18n, so the titles follow a language switch without a reload.
  const language = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  return prioritize<TRecord>(
    [
      { key: 'id', title: t('fields.id'), dataIndex: 'id', width: 80 },
      ...extra,
      {
        key: 'title',
        title: t('fields.title'),
        render: (_value, record) => localizedTitle(record, language),
      },
      {
        key: 'languages',
        title: t('fields.languages'),
        width: 180,
        render: (_value, record) => <LanguageBadges record={record} />,
      },
      {
        key: 'status',
        title: t('fields.status'),
        width: 140,
        render: (_value, record) => <StatusTag status={record.status} />,
      },
      {
        key: 'actions',
        title: t('list.actions'),
        width: 110,
        render: (_value, record) => {
          const title = localizedTitle(record, language);
          return (
            <Space size={4}>
              {can.edit ? (
                <Button
                  type="text"
                  icon={<EditOutlined aria-hidden />}
                  aria-label={t('list.editLabel', { title })}
                  onClick={() => {
                    onEdit(record);
                  }}
                />
              ) : null}
              {can.delete ? (
                <CatalogueDeleteButton
                  status={record.status}
                  title={title}
                  question={deleteQuestion(title)}
                  onConfirm={() => onDelete(record)}
                />
              ) : null}
            </Space>
          );
        },
      },
    ],
    { title: { priority: 'identity', truncate: true, width: 260 }, status: 'key', id: 'detail' },
  );
};

import { EditOutlined } from '@ant-design/icons';
import { STATUS } from '@zaryad/contracts';
import { Button, type TableColumnsType } from 'antd';
import { ConfirmDelete } from '@/components/confirm-delete/ConfirmDelete';
import { TextSpan } from '@/components/text/TextSpan';
import { VISUALLY_HIDDEN } from '@/lib/visuallyHidden';

type TColumn<T> = TableColumnsType<T>[number];

/** The merchant of a row that may have none: then the whole network, in grey (promotions, banners). */
export const merchantColumn = <T extends { merchant_name: string | null }>(texts: {
  title: string;
  wholeNetwork: string;
}): TColumn<T> => ({
  key: 'merchant',
  title: texts.title,
  render: (_value, item: T) => item.merchant_name ?? <TextSpan tone="secondary">{texts.wholeNetwork}</TextSpan>,
});

export type TEditDeleteTexts = {
  /** The column's header, for screen readers only. */
  header: string;
  edit: (name: string) => string;
  delete: (name: string) => string;
  deleteConfirm: (name: string) => string;
};

/**
 * The row actions of promotions and banners: edit, and delete after a confirmation, refused while the row is active
 * (docs/product/common.md#4-states-and-rules). Each button shows only when the role may use it; `<ListPage>` drops the whole column otherwise.
 */
export const editDeleteColumn = <T extends { status: number }>({
  can,
  nameOf,
  texts,
  onEdit,
  onDelete,
}: {
  can: { edit: boolean; delete: boolean };
  nameOf: (item: T) => string;
  texts: TEditDeleteTexts;
  onEdit: (item: T) => void;
  onDelete: (item: T) => Promise<unknown>;
}): TColumn<T> => ({
  key: 'actions',
  fixed: 'right',
  title: <span style={VISUALLY_HIDDEN}>{texts.header}</span>,
  width: 96,
  render: (_value, item: T) => (
    <span style={{ whiteSpace: 'nowrap' }}>
      {can.edit ? (
        <Button
          type="text"
          icon={<EditOutlined aria-hidden />}
          aria-label={texts.edit(nameOf(item))}
          onClick={() => {
            onEdit(item);
          }}
        />
      ) : null}
      {can.delete ? (
        <ConfirmDelete
          disabled={item.status === STATUS.active}
          label={texts.delete(nameOf(item))}
          title={texts.deleteConfirm(nameOf(item))}
          onConfirm={() => onDelete(item)}
        />
      ) : null}
    </span>
  ),
});

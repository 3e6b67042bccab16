import { STATUS, type TStatus } from '@zaryad/contracts';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '@/components';

type TCatalogueDeleteButtonProps = {
  status: TStatus;
  /** The record's title, for the accessible name and the question. */
  title: string;
  question: string;
  onConfirm: () => Promise<unknown>;
};

/** docs/product/catalogues.md#4-states-and-rules: an active record cannot be deleted; the disabled button says why on hover. */
export const CatalogueDeleteButton = ({ status, title, question, onConfirm }: TCatalogueDeleteButtonProps) => {
  const { t } = useTranslation('catalogue');
  const isActive = status === STATUS.active;
  const reason = t('list.deleteActive');
  const button = (
    <ConfirmDelete
      disabled={isActive}
      // Screen readers get the reason in the name: a disabled button receives no focus to show a tooltip.
      label={isActive ? `${t('list.deleteLabel', { title })}. ${reason}` : t('list.deleteLabel', { title })}
      title={question}
      onConfirm={onConfirm}
    />
  );
  if (!isActive) {
    return button;
  }
  return (
    <Tooltip title={reason}>
      {/* A disabled button fires no mouse events; the wrapper receives the hover instead. */}
      <span data-testid="delete-disabled" style={{ display: 'inline-block', cursor: 'not-allowed' }}>
        {button}
      </span>
    </Tooltip>
  );
};

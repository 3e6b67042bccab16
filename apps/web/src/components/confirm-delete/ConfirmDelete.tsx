import { DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActionError } from '@/components/feedback/useActionError';

type TConfirmDeleteProps = {
  onConfirm: () => Promise<unknown>;
  /** docs/product/common.md#4-states-and-rules: an active station, tag, infrastructure item or rate cannot be deleted. */
  disabled?: boolean;
  /** What is deleted, for screen readers ("Delete Station 7"). */
  label?: string;
  title?: string;
};

/** An icon delete button asking for confirmation; failures show their message (docs/product/common.md#8-messages). */
export const ConfirmDelete = ({ onConfirm, disabled = false, label, title }: TConfirmDeleteProps) => {
  const { t } = useTranslation('kit');
  const showError = useActionError();
  const [isDeleting, setIsDeleting] = useState(false);

  const remove = async () => {
    setIsDeleting(true);
    try {
      await onConfirm();
    } catch (error) {
      showError(error);
    } finally {
      setIsDeleting(false);
    }
  };

  return (
    <Popconfirm
      title={title ?? t('confirmDelete.title')}
      okText={t('actions.delete')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ danger: true, loading: isDeleting }}
      disabled={disabled}
      onConfirm={remove}
    >
      <Button
        type="text"
        danger
        disabled={disabled}
        icon={<DeleteOutlined aria-hidden />}
        aria-label={label ?? t('actions.delete')}
      />
    </Popconfirm>
  );
};

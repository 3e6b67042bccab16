import { PlusOutlined } from '@ant-design/icons';
import type { TCatalogueRef } from '@zaryad/contracts';
import { Button, Flex, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TPickerKind } from '@/features/pickers/api';
import { useCatalogueTitle } from '@/features/pickers/useCatalogueTitle';

// The picker's table (antd Table with its pagination and checkboxes) weighs more than the rest of a form's
// controls and is needed only once the button is pressed: it loads then (issue 10's web budgets).
const CataloguePickerModal = lazy(async () => ({
  default: (await import('@/features/pickers/CataloguePickerModal')).CataloguePickerModal,
}));

export type TCatalogueFieldProps = {
  kind: TPickerKind;
  /** The chosen items; Form.Item passes it. Send `value.map((item) => item.id)` to the API. */
  value?: TCatalogueRef[];
  onChange?: (items: TCatalogueRef[]) => void;
  id?: string;
};

/** A form control: chosen tags or infrastructure as removable tags, and a button opening the picker. */
export const CatalogueField = ({ kind, value = [], onChange, id }: TCatalogueFieldProps) => {
  const { t } = useTranslation('merchants');
  const title = useCatalogueTitle();
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  return (
    <Flex id={id} gap={8} wrap align="center">
      {value.map((item) => (
        <Tag
          key={item.id}
          closable
          closeIcon={<span aria-label={t('pickers.remove', { name: title(item) })}>×</span>}
          onClose={(event) => {
            event.preventDefault();
            onChange?.(value.filter((other) => other.id !== item.id));
          }}
        >
          {title(item)}
        </Tag>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined aria-hidden />}
        onClick={() => {
          setIsOpen(true);
          setHasOpened(true);
        }}
      >
        {kind === 'tags' ? t('pickers.chooseTags') : t('pickers.chooseInfrastructure')}
      </Button>
      {hasOpened ? (
        <Suspense fallback={null}>
          <CataloguePickerModal
            kind={kind}
            open={isOpen}
            value={value}
            onChoose={(items) => {
              setIsOpen(false);
              onChange?.(items);
            }}
            onCancel={() => {
              setIsOpen(false);
            }}
          />
        </Suspense>
      ) : null}
    </Flex>
  );
};

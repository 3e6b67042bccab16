import type { TSurrounding } from '@zaryad/contracts';
import { App, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_IMAGE_MAX_KB, ICON_TYPES, ImageUpload } from '@/components';
import { useCreateSurrounding, useUpdateSurrounding } from '@/features/infrastructure/api';
import { createBody, ICON_FIELD, updateBody, type TSurroundingValues } from '@/features/infrastructure/surroundingForm';
import { CatalogueWizardDrawer } from '@/components/catalogue/CatalogueWizardDrawer';
import type { TEditing } from '@/components/catalogue/CatalogueListPage';
import { contractMessage } from '@/lib/contractMessage';
import { useLocalizedName } from '@/lib/localizedName';

type TSurroundingEditorProps = { editing: Exclude<TEditing<TSurrounding>, null>; onClose: () => void };

const toValues = (record: TSurrounding | undefined): TSurroundingValues => ({
  title_ru: record?.title_ru ?? '',
  title_en: record?.title_en ?? '',
  title_ky: record?.title_ky ?? '',
  icon: record?.icon_path ? [{ uid: `icon-${record.id}`, name: record.title_ru, url: record.icon_path }] : [],
});

/** Creates an infrastructure item (multipart, icon required) or edits one (only what changed). */
export const SurroundingEditor = ({ editing, onClose }: TSurroundingEditorProps) => {
  const { t } = useTranslation('catalogue');
  const nameOf = useLocalizedName();
  const { message } = App.useApp();
  const create = useCreateSurrounding();
  const update = useUpdateSurrounding();
  const record = editing.mode === 'edit' ? editing.record : undefined;
  const initialValues = toValues(record);

  const submit = async (values: TSurroundingValues) => {
    if (!record) {
      await create.mutateAsync(createBody(values));
      void message.success(t('infrastructure.created'));
      return;
    }
    const body = updateBody(initialValues, values);
    if (body) {
      await update.mutateAsync({ id: record.id, body });
    }
    void message.success(t('infrastructure.saved'));
  };

  return (
    <CatalogueWizardDrawer<TSurroundingValues>
      mode={editing.mode}
      title={
        record
          ? t('infrastructure.editTitle', { name: nameOf(record, 'title') })
          : t('infrastructure.createTitle')
      }
      initialValues={initialValues}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item
        name={ICON_FIELD}
        label={t('fields.icon')}
        extra={t('fields.iconHint')}
        required
        rules={[{ required: true, type: 'array', min: 1, message: contractMessage('icon_required') }]}
      >
        <ImageUpload accept={ICON_TYPES} maxKb={DEFAULT_IMAGE_MAX_KB} label={t('infrastructure.iconUpload')} />
      </Form.Item>
    </CatalogueWizardDrawer>
  );
};

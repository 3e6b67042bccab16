import { App, Form, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MultiLanguageWizard } from '@/components';
import { titleFieldNames, titleInput } from '@/components/catalogue/titleInputs';
import type { TTitles } from '@/components/catalogue/titles';
import { errorMessage } from '@/lib/apiError';
import { applyServerErrors } from '@/lib/formErrors';

export type TCatalogueEditorModalProps<TValues extends TTitles> = {
  mode: 'create' | 'edit';
  title: string;
  initialValues: TValues;
  /** Resolves when saved; rejects with the API error, whose field messages land on the fields. */
  onSubmit: (values: TValues) => Promise<unknown>;
  submitting: boolean;
  /** After a save, or after the user confirmed that the entered data will be lost. */
  onClose: () => void;
  /** Inputs that belong to no language (the icon), shown on every step. */
  children?: ReactNode;
};

/** The multi-language wizard (ru, en, ky) of a tag or an infrastructure item, in a modal. */
export const CatalogueEditorModal = <TValues extends TTitles>({
  mode,
  title,
  initialValues,
  onSubmit,
  submitting,
  onClose,
  children,
}: TCatalogueEditorModalProps<TValues>) => {
  const { t } = useTranslation(['catalogue', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm<TValues>();

  const submit = async (values: TValues) => {
    try {
      await onSubmit(values);
      onClose();
    } catch (error) {
      applyServerErrors(form, error, t('common:errors.request'));
      // The field with the error may sit on another language's step: say it here as well.
      void message.error(errorMessage(error, t('common:errors.request')));
    }
  };

  return (
    <Modal
      open
      title={title}
      footer={null}
      width={560}
      // Leaving is the wizard's Cancel, which asks first: a stray click or Esc must not drop three languages.
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
    >
      <MultiLanguageWizard<TValues>
        form={form}
        mode={mode}
        fields={(language) => titleInput(language, t)}
        fieldNames={titleFieldNames}
        onSubmit={submit}
        onCancel={onClose}
        submitting={submitting}
        formProps={{ initialValues, requiredMark: true }}
      >
        {children}
      </MultiLanguageWizard>
    </Modal>
  );
};

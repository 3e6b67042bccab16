import { Form, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormProblemAlert, MultiLanguageWizard, useFormSubmit } from '@/components';
import { titleFieldNames, titleInput } from '@/components/catalogue/titleInputs';
import type { TTitles } from '@/components/catalogue/titles';

export type TCatalogueEditorModalProps<TValues extends TTitles> = {
  mode: 'create' | 'edit';
  title: string;
  initialValues: TValues;
  /** Resolves when saved; rejects with the API error, whose field messages land on the fields. */
  onSubmit: (values: TValues) => Promise<unknown>;
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
  onClose,
  children,
}: TCatalogueEditorModalProps<TValues>) => {
  const { t } = useTranslation(['catalogue', 'common']);
  const [form] = Form.useForm<TValues>();
  // The wizard has its own buttons and steps; the shell's submit gives it the rest. The field with an error may
  // sit on another language's step: the notification and the alert say it on this one as well.
  const { submit, isSubmitting, problem } = useFormSubmit({ form, onSubmit, onSaved: onClose });

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
      <div style={problem.isInvalid ? { marginBottom: 16 } : undefined}>
        <FormProblemAlert problem={problem} />
      </div>
      <MultiLanguageWizard<TValues>
        form={form}
        mode={mode}
        fields={(language) => titleInput(language, t)}
        fieldNames={titleFieldNames}
        onSubmit={submit}
        onCancel={onClose}
        submitting={isSubmitting}
        formProps={{ initialValues, requiredMark: true }}
      >
        {children}
      </MultiLanguageWizard>
    </Modal>
  );
};

import { Form } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormProblemAlert, MultiLanguageWizard, useFormSubmit } from '@/components';
import { CatalogueDrawer } from '@/components/catalogue/CatalogueDrawer';
import { titleFieldNames, titleInput } from '@/components/catalogue/titleInputs';
import type { TTitles } from '@/components/catalogue/titles';

export type TCatalogueWizardDrawerProps<TValues extends TTitles> = {
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

/** The multi-language wizard (ru, en, ky) of a tag or an infrastructure item, in the catalogue drawer. */
export const CatalogueWizardDrawer = <TValues extends TTitles>({
  mode,
  title,
  initialValues,
  onSubmit,
  onClose,
  children,
}: TCatalogueWizardDrawerProps<TValues>) => {
  const { t } = useTranslation(['catalogue', 'common']);
  const [form] = Form.useForm<TValues>();
  // The wizard has its own buttons and steps; the shell's submit gives it the rest. The field with an error may
  // sit on another language's step: the notification and the alert say it on this one as well.
  const { submit, isSubmitting, problem } = useFormSubmit({ form, onSubmit, onSaved: onClose });

  return (
    // Leaving is the wizard's Cancel, which asks first: no close button or Esc that would drop three languages.
    <CatalogueDrawer open title={title}>
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
    </CatalogueDrawer>
  );
};

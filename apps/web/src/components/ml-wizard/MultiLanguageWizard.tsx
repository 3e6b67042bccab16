import { LANGUAGES, type TLanguage } from '@zaryad/contracts';
import { Button, Flex, Form, Modal, Steps, type FormInstance, type FormItemProps, type FormProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type TFieldName = NonNullable<FormItemProps['name']>;

/** docs/product/common.md#2-screens: the wizard walks ru, en, ky in this order. */
const STEP_LABELS = { ru: 'languages.stepRu', en: 'languages.stepEn', ky: 'languages.stepKy' } as const;

export type TMultiLanguageWizardProps<TValues extends object> = {
  form: FormInstance<TValues>;
  mode: 'create' | 'edit';
  /** One language's inputs (Form.Items named for that language, e.g. `title_ru`). */
  fields: (language: TLanguage) => ReactNode;
  /** The names 'further' validates before leaving that language. */
  fieldNames: (language: TLanguage) => TFieldName[];
  /** Inputs that belong to no language (image, dates): shown on every step, validated at the end. */
  children?: ReactNode;
  onSubmit: (values: TValues) => void | Promise<unknown>;
  /** Runs after the user confirms that all data will be lost. */
  onCancel: () => void;
  submitting?: boolean;
  formProps?: Omit<FormProps<TValues>, 'form' | 'component' | 'children'>;
};

const sameName = (left: TFieldName, right: TFieldName) =>
  JSON.stringify([left].flat()) === JSON.stringify([right].flat());

/** Fills one form in ru, en and ky in turn, then creates (or saves when editing). */
export const MultiLanguageWizard = <TValues extends object>({
  form,
  mode,
  fields,
  fieldNames,
  children,
  onSubmit,
  onCancel,
  submitting = false,
  formProps,
}: TMultiLanguageWizardProps<TValues>) => {
  const { t } = useTranslation('kit');
  const [step, setStep] = useState(0);
  const [isCancelOpen, setIsCancelOpen] = useState(false);
  const language = LANGUAGES[step] ?? 'ru';
  const isLastStep = step === LANGUAGES.length - 1;

  const further = async () => {
    try {
      await form.validateFields(fieldNames(language));
    } catch {
      return; // antd shows the messages under the fields
    }
    if (!isLastStep) {
      setStep(step + 1);
      return;
    }
    let values: TValues;
    try {
      values = await form.validateFields();
    } catch (error) {
      // An earlier language was emptied meanwhile: go back to it so its error is visible.
      const failed = (error as { errorFields?: { name: TFieldName }[] }).errorFields?.[0]?.name;
      const failedStep = LANGUAGES.findIndex((candidate) =>
        fieldNames(candidate).some((name) => failed !== undefined && sameName(name, failed)),
      );
      if (failedStep >= 0) {
        setStep(failedStep);
      }
      return;
    }
    await onSubmit(values);
  };

  return (
    // component={false}: no <form>, so Enter in a field cannot submit all three languages at once.
    <Form<TValues> layout="vertical" {...formProps} form={form} component={false}>
      <Steps
        current={step}
        aria-label={t('wizard.steps')}
        items={LANGUAGES.map((code) => ({ title: t(STEP_LABELS[code]) }))}
        style={{ marginBottom: 24 }}
      />
      {LANGUAGES.map((code) => (
        // Every language stays mounted so its values and rules survive the steps; only one is shown.
        <div key={code} hidden={code !== language} lang={code}>
          {fields(code)}
        </div>
      ))}
      {children}
      <Flex gap={8} justify="flex-end">
        <Button
          onClick={() => {
            setIsCancelOpen(true);
          }}
        >
          {t('actions.cancel')}
        </Button>
        {step > 0 ? (
          <Button
            onClick={() => {
              setStep(step - 1);
            }}
          >
            {t('actions.back')}
          </Button>
        ) : null}
        <Button
          type="primary"
          loading={submitting}
          onClick={() => {
            void further();
          }}
        >
          {isLastStep ? t(mode === 'edit' ? 'actions.save' : 'actions.create') : t('actions.further')}
        </Button>
      </Flex>
      <Modal
        open={isCancelOpen}
        title={t('wizard.cancelTitle')}
        okText={t('wizard.cancelLeave')}
        cancelText={t('wizard.cancelKeep')}
        okButtonProps={{ danger: true }}
        onOk={() => {
          setIsCancelOpen(false);
          onCancel();
        }}
        onCancel={() => {
          setIsCancelOpen(false);
        }}
      >
        {t('wizard.cancelContent')}
      </Modal>
    </Form>
  );
};

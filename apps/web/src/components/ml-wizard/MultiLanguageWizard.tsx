import { LANGUAGES, type TLanguage } from '@zaryad/contracts';
import { Button, Flex, Form, Modal, Steps, type FormInstance, type FormItemProps, type FormProps } from 'antd';
import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '@/components/form-shell/FormFooter';
import { FIRST_ERROR_SCROLL } from '@/components/form-shell/useFormSubmit';
import { useSaveShortcut } from '@/components/form-shell/useSaveShortcut';

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
  /**
   * Inputs that belong to no language (image, dates): shown on every step and checked, all of them, by the first
   * step's 'further' (then again at the end), so that a missing one is said at once and not two languages later.
   */
  children?: ReactNode;
  onSubmit: (values: TValues) => void | Promise<unknown>;
  /** Runs after the user confirms that all data will be lost. */
  onCancel: () => void;
  submitting?: boolean;
  /**
   * A page form: the buttons stick to the bottom of the window, Ctrl/Cmd+S saves (every step checked; the first
   * step with an error is shown), and each step starts at the top of the page.
   */
  isPage?: boolean;
  formProps?: Omit<FormProps<TValues>, 'form' | 'component' | 'children'>;
};

const sameName = (left: TFieldName, right: TFieldName) =>
  JSON.stringify([left].flat()) === JSON.stringify([right].flat());

type TErrorFields = { errorFields?: { name: TFieldName }[] };

const firstFailed = (error: unknown) => (error as TErrorFields).errorFields?.[0]?.name;

/** Enter in a line of text moves on (a select's or a picker's Enter is its own; a textarea's is a new line). */
const isFurtherKey = (event: KeyboardEvent<HTMLDivElement>) => {
  const target = event.target as HTMLElement;
  return (
    event.key === 'Enter' &&
    !event.nativeEvent.isComposing &&
    !event.ctrlKey &&
    !event.metaKey &&
    !event.shiftKey &&
    target.tagName === 'INPUT' &&
    target.getAttribute('role') !== 'combobox' &&
    !target.closest('.ant-picker')
  );
};

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
  isPage = false,
  formProps,
}: TMultiLanguageWizardProps<TValues>) => {
  const { t } = useTranslation('kit');
  const [step, setStep] = useState(0);
  const [isCancelOpen, setIsCancelOpen] = useState(false);
  const footer = useRef<HTMLDivElement>(null);
  const language = LANGUAGES[step] ?? 'ru';
  const isLastStep = step === LANGUAGES.length - 1;

  const stepOf = (name: TFieldName) =>
    LANGUAGES.findIndex((candidate) => fieldNames(candidate).some((own) => sameName(own, name)));

  /** Each step starts at the top of the page: its language's fields come first. */
  const goTo = (next: number) => {
    setStep(next);
    if (isPage) {
      window.scrollTo({ top: 0, behavior: 'smooth' });
    }
  };

  /** Shows the first field with an error: on its language's step (a shared field is on every step), scrolled to. */
  const showFailed = (error: unknown) => {
    const failed = firstFailed(error);
    if (failed === undefined) {
      return;
    }
    const failedStep = stepOf(failed);
    if (failedStep >= 0 && failedStep !== step) {
      setStep(failedStep);
    }
    // After the step's fields are shown (a hidden field cannot be scrolled to).
    window.setTimeout(() => {
      form.scrollToField(failed, FIRST_ERROR_SCROLL);
    });
  };

  /** The fields the first step checks besides its language's: every field that belongs to no language. */
  const sharedNames = () =>
    form
      .getFieldsError()
      .map((field) => field.name as TFieldName)
      .filter((name) => stepOf(name) < 0);

  const saveAll = async () => {
    let values: TValues;
    try {
      values = await form.validateFields();
    } catch (error) {
      // An earlier language was emptied meanwhile: go back to it so its error is visible.
      showFailed(error);
      return;
    }
    await onSubmit(values);
  };

  const further = async () => {
    try {
      await form.validateFields(step === 0 ? [...fieldNames(language), ...sharedNames()] : fieldNames(language));
    } catch (error) {
      showFailed(error); // antd shows the messages under the fields
      return;
    }
    if (!isLastStep) {
      goTo(step + 1);
      return;
    }
    await saveAll();
  };

  useSaveShortcut(
    () => {
      void saveAll();
    },
    { isEnabled: isPage && !submitting, scope: footer },
  );

  const primary = (
    <Button
      key="further"
      type="primary"
      loading={submitting}
      aria-keyshortcuts={isPage ? 'Control+S Meta+S' : undefined}
      onClick={() => {
        void further();
      }}
    >
      {isLastStep ? t(mode === 'edit' ? 'actions.save' : 'actions.create') : t('actions.further')}
    </Button>
  );
  const back =
    step > 0 ? (
      <Button
        key="back"
        onClick={() => {
          goTo(step - 1);
        }}
      >
        {t('actions.back')}
      </Button>
    ) : null;
  const cancel = (
    <Button
      key="cancel"
      onClick={() => {
        setIsCancelOpen(true);
      }}
    >
      {t('actions.cancel')}
    </Button>
  );

  return (
    // component={false}: no <form>, so Enter in a field cannot submit all three languages at once (it is 'further').
    <Form<TValues> layout="vertical" {...formProps} form={form} component={false}>
      <Steps
        current={step}
        aria-label={t('wizard.steps')}
        items={LANGUAGES.map((code) => ({ title: t(STEP_LABELS[code]) }))}
        style={{ marginBottom: 24 }}
      />
      {/* Enter in a line of text is 'further', which checks this step only: never all three languages at once. */}
      <div
        onKeyDown={(event) => {
          if (isFurtherKey(event)) {
            event.preventDefault();
            void further();
          }
        }}
      >
        {LANGUAGES.map((code) => (
          // Every language stays mounted so its values and rules survive the steps; only one is shown.
          <div key={code} hidden={code !== language} lang={code}>
            {fields(code)}
          </div>
        ))}
        {children}
      </div>
      {isPage ? (
        // A page form's bar, as FormShell's: the primary action first.
        <FormFooter ref={footer} hasShortcut>
          {primary}
          {back}
          {cancel}
        </FormFooter>
      ) : (
        // In a modal, the buttons of a modal's footer: on the right, the primary one last.
        <Flex gap={8} justify="flex-end">
          {cancel}
          {back}
          {primary}
        </Flex>
      )}
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

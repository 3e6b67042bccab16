import { Button, Flex, Form, type FormInstance, type FormProps } from 'antd';
import { type ReactNode, useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '@/components/form-shell/FormFooter';
import { FormProblemAlert } from '@/components/form-shell/FormProblemAlert';
import type { TPlaceFieldErrors } from '@/components/form-shell/placeFieldErrors';
import { useGuardedFormSubmit } from '@/components/form-shell/useGuardedFormSubmit';
import { FIRST_ERROR_SCROLL } from '@/components/form-shell/useFormSubmit';
import { useSaveShortcut } from '@/components/form-shell/useSaveShortcut';
import { LeavePageGuardModal } from '@/components/leave-guard/LeavePageGuard';

export type TFormShellProps<TValues extends object, TResult> = {
  form: FormInstance<TValues>;
  initialValues: Partial<TValues>;
  /** Save when editing, Create otherwise. */
  isEdit: boolean;
  /** Sends the values (the initial ones under what the user changed); rejects with the API error. */
  onSubmit: (values: TValues) => Promise<TResult>;
  /** After a successful send; navigation is already let through the leave-page guard. */
  onSaved: (result: TResult, values: TValues) => void;
  onCancel: () => void;
  /** Read-only: fields disabled, no submit button, only the way back. */
  isLocked?: boolean;
  /** The cancel button's text: 'back' where it leaves without discarding anything. */
  cancelLabel?: 'cancel' | 'back';
  /** Where a 400's messages go, when the server's names are not the form's (see placeFieldErrors). */
  placeErrors?: TPlaceFieldErrors;
  /** 'sections': children are sections, spaced apart like the alert and the buttons. */
  variant?: 'fields' | 'sections';
  /** The buttons stay in view at the bottom of the window (a page form); false in a drawer or a short form. */
  isFooterSticky?: boolean;
  formProps?: Pick<FormProps<TValues>, 'name' | 'style'>;
  children: ReactNode;
};

/**
 * The one shell of every create and edit form: submit with its pending state (a second submit is ignored),
 * server errors on the fields with docs/product/common.md#8-messages's alert and notification, scroll to the first error,
 * the leave-page guard while there are unsaved changes, and the Save (Create) and Cancel buttons in a footer that sticks
 * to the bottom of the window on a long form. Ctrl/Cmd+S submits as the Save button does (checks, guard and all).
 */
export const FormShell = <TValues extends object, TResult>({
  form,
  initialValues,
  isEdit,
  onSubmit,
  onSaved,
  onCancel,
  isLocked = false,
  cancelLabel = 'cancel',
  placeErrors,
  variant = 'fields',
  isFooterSticky = true,
  formProps,
  children,
}: TFormShellProps<TValues, TResult>) => {
  const { t } = useTranslation('kit');
  const { submit, isSubmitting, problem, markInvalid, guard, markDirty } = useGuardedFormSubmit({
    form,
    onSubmit,
    onSaved,
    placeErrors,
  });
  const gap = variant === 'sections' ? 16 : 0;
  const footer = useRef<HTMLDivElement>(null);
  // The form's own submit: its checks, the scroll to the first error and the one-send-at-a-time rule all apply.
  const save = useCallback(() => {
    form.submit();
  }, [form]);
  useSaveShortcut(save, { isEnabled: !isLocked, scope: footer });

  return (
    <Form<TValues>
      {...formProps}
      form={form}
      layout="vertical"
      disabled={isLocked}
      initialValues={initialValues}
      onValuesChange={markDirty}
      // Values the form holds without an input (ids, lists edited in modals) are sent as they were.
      onFinish={(values) => void submit({ ...initialValues, ...values })}
      onFinishFailed={markInvalid}
      scrollToFirstError={FIRST_ERROR_SCROLL}
    >
      <Flex vertical gap={gap}>
        {problem.isInvalid ? (
          <div style={{ marginBottom: 16 - gap }}>
            <FormProblemAlert problem={problem} />
          </div>
        ) : null}
        {children}
        <FormFooter ref={footer} isSticky={isFooterSticky} hasShortcut={!isLocked}>
          {isLocked ? null : (
            <Button type="primary" htmlType="submit" loading={isSubmitting} aria-keyshortcuts="Control+S Meta+S">
              {isEdit ? t('actions.save') : t('actions.create')}
            </Button>
          )}
          {/* Enabled in a locked form too: it is the only way out. */}
          <Button onClick={onCancel} disabled={false}>
            {cancelLabel === 'back' ? t('actions.back') : t('actions.cancel')}
          </Button>
        </FormFooter>
      </Flex>
      <LeavePageGuardModal guard={guard} />
    </Form>
  );
};

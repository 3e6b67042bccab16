import { App, type FormInstance } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { placeFieldErrors, type TPlaceFieldErrors } from '@/components/form-shell/placeFieldErrors';
import { ApiError, errorMessage } from '@/lib/apiError';

/** What the form's alert says: shown after a refused submit, cleared when the next one starts. */
export type TFormProblem = {
  isInvalid: boolean;
  /** Server messages that belong to no field of the form (`non_field_errors`...). */
  rest: string[];
};

const NO_PROBLEM: TFormProblem = { isInvalid: false, rest: [] };

/** Long forms: the field is brought to the middle of the screen, and focused so the user can type at once. */
export const FIRST_ERROR_SCROLL = { behavior: 'smooth', block: 'center', focus: true } as const;

export type TFormSubmitOptions<TValues, TResult> = {
  form: FormInstance<TValues>;
  /** Sends the values; rejects with the API error, whose messages the form shows. */
  onSubmit: (values: TValues) => Promise<TResult>;
  /** After a successful send, with what onSubmit resolved to and the values sent. */
  onSaved: (result: TResult, values: TValues) => void;
  /** Where a 400's messages go, when the server's names are not the form's (nested or renamed fields). */
  placeErrors?: TPlaceFieldErrors;
};

/**
 * Submit handling shared by every form (FormShell, the multi-language wizard's modal): one send at a time,
 * and on failure docs/product/common.md#8-messages's answer — field messages on their fields, the first message of the first
 * field as a notification, the form's alert, and the first field with an error scrolled to and focused.
 */
export const useFormSubmit = <TValues, TResult>({
  form,
  onSubmit,
  onSaved,
  placeErrors = placeFieldErrors,
}: TFormSubmitOptions<TValues, TResult>) => {
  const { t } = useTranslation('kit');
  // antd's <App> wraps every screen (the signed-in layout, the test renderers); no static fallback, whose
  // notification renderer would weigh on every screen that shares this chunk.
  const { notification } = App.useApp();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [problem, setProblem] = useState<TFormProblem>(NO_PROBLEM);
  // A ref, not the state: Enter pressed twice submits twice before React re-renders the loading button.
  const isSubmittingRef = useRef(false);

  const showFailure = useCallback(
    (error: unknown) => {
      const body = error instanceof ApiError ? error.fieldErrors : null;
      notification.error({
        title: body ? t('form.invalidTitle') : t('errors.generic'),
        description: errorMessage(error, t('errors.generic')),
      });
      if (!body) {
        return;
      }
      // Server names are plain strings: address the fields through the untyped instance.
      const anyForm: FormInstance = form;
      const formFields = new Set(Object.keys(anyForm.getFieldsValue(true) as Record<string, unknown>));
      const placed = placeErrors(body, formFields);
      anyForm.setFields(placed.fields);
      setProblem({ isInvalid: true, rest: placed.rest });
      const [first] = placed.fields;
      if (first) {
        anyForm.scrollToField(first.name, FIRST_ERROR_SCROLL);
      }
    },
    [form, notification, placeErrors, t],
  );

  const submit = useCallback(
    async (values: TValues) => {
      if (isSubmittingRef.current) {
        return;
      }
      isSubmittingRef.current = true;
      setIsSubmitting(true);
      setProblem(NO_PROBLEM);
      try {
        const result = await onSubmit(values);
        onSaved(result, values);
      } catch (error) {
        showFailure(error);
      } finally {
        isSubmittingRef.current = false;
        setIsSubmitting(false);
      }
    },
    [onSaved, onSubmit, showFailure],
  );

  /** The client checks refused the values (antd has scrolled to the first): the alert says so. */
  const markInvalid = useCallback(() => {
    setProblem({ isInvalid: true, rest: [] });
  }, []);

  return { submit, isSubmitting, problem, markInvalid };
};

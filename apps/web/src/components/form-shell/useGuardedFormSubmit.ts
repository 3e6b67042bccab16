import { useCallback, useState } from 'react';
import { type TFormSubmitOptions, useFormSubmit } from '@/components/form-shell/useFormSubmit';
import { useLeavePageGuard } from '@/components/leave-guard/useLeavePageGuard';

/**
 * `useFormSubmit` of a form on its own page, with the leave-page guard: the form reads as dirty from its first change
 * (`markDirty`, its onValuesChange) until it is saved, and a save lets the navigation of `onSaved` through. FormShell
 * and the forms with their own buttons (the promotion's multi-language wizard) submit through it; render
 * `<LeavePageGuardModal guard={guard} />` beside the form.
 */
export const useGuardedFormSubmit = <TValues, TResult>(options: TFormSubmitOptions<TValues, TResult>) => {
  const [isDirty, setIsDirty] = useState(false);
  const guard = useLeavePageGuard(isDirty);
  const { allowNavigation } = guard;
  const { onSaved } = options;
  const onSavedAndLeave = useCallback(
    (result: TResult, values: TValues) => {
      // Before onSaved: it usually navigates, and the form still reads as dirty until the next render.
      allowNavigation();
      setIsDirty(false);
      onSaved(result, values);
    },
    [allowNavigation, onSaved],
  );
  const markDirty = useCallback(() => {
    setIsDirty(true);
  }, []);
  return { ...useFormSubmit({ ...options, onSaved: onSavedAndLeave }), guard, markDirty };
};

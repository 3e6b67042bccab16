import type { FormInstance } from 'antd';
import { ApiError, errorMessage } from '@/lib/apiError';

/**
 * Puts a 400's field messages on the form's fields (SPEC.md section 8). Answers the text still to show on
 * its own: a message for a field the form does not have, `non_field_errors`, or any other failure.
 */
export const applyServerErrors = (form: FormInstance, error: unknown, fallback: string): string | null => {
  const fieldErrors = error instanceof ApiError ? error.fieldErrors : null;
  if (!fieldErrors) {
    return errorMessage(error, fallback);
  }
  const known = new Set(Object.keys(form.getFieldsValue(true) as Record<string, unknown>));
  const onFields = Object.entries(fieldErrors).filter(([name]) => known.has(name));
  form.setFields(onFields.map(([name, errors]) => ({ name, errors })));
  const rest = Object.entries(fieldErrors).find(([name, messages]) => !known.has(name) && messages.length > 0);
  return rest?.[1][0] ?? null;
};

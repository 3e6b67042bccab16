import { useTranslation } from 'react-i18next';
import { ApiError, OfflineError } from '@/lib/api';

/**
 * A failed call in words: the server's own (a field's message when asked for one and the server gave it), else
 * offline or a plain failure. Every screen's form and load error say it so.
 */
export const useFailureText = () => {
  const { t } = useTranslation('app');
  return (error: unknown, field?: string): string =>
    error instanceof OfflineError
      ? t('offline')
      : error instanceof ApiError
        ? ((field !== undefined ? error.fieldError(field) : undefined) ?? error.message)
        : t('failed');
};

/** The server's message of one field, or nothing: a form shows it beside the field. */
export const fieldErrorOf = (error: unknown, field: string): string | undefined =>
  error instanceof ApiError ? error.fieldError(field) : undefined;

/** Whether a failure names any of these fields: if not, the form shows it as a whole. */
export const namesAField = (error: unknown, fields: readonly string[]): boolean =>
  fields.some((field) => fieldErrorOf(error, field) !== undefined);

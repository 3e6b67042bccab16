import type { ReactNode } from 'react';
import { contractMessage } from '@/lib/contractMessage';

type TFieldProps = {
  /** The input's id: the label points at it, and the message is `<id>-error` (see useForm's `inputProps`). */
  id: string;
  label: string;
  /** The contract's message key of a failed check, shown under the input in the current language. */
  error?: string;
  children: ReactNode;
};

/** A labelled form row as antd's vertical Form.Item draws it: label, input, then the message in red. */
export const Field = ({ id, label, error, children }: TFieldProps) => (
  <div className={error ? 'auth-field auth-field-invalid' : 'auth-field'}>
    <label className="auth-label" htmlFor={id}>
      {label}
    </label>
    {children}
    {error ? (
      <div id={`${id}-error`} className="auth-field-error">
        {contractMessage(error)}
      </div>
    ) : null}
  </div>
);

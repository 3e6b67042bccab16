import type { InputHTMLAttributes, ReactNode } from 'react';

/** antd's Checkbox: a native checkbox drawn as antd's box, with its label beside it. */
export const Checkbox = ({ children, ...props }: InputHTMLAttributes<HTMLInputElement> & { children: ReactNode }) => (
  <label className="auth-checkbox">
    <input type="checkbox" className="auth-checkbox-input" {...props} />
    <span>{children}</span>
  </label>
);

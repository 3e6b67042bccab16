import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { LoadingIcon } from '@/features/auth/form/icons';

type TButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** 'primary': the form's one main action, large and filled; 'default': outlined. */
  variant?: 'primary' | 'default';
  icon?: ReactNode;
  /** A request is under way: a spinner takes the icon's place and the button cannot be pressed again. */
  isLoading?: boolean;
};

/** antd's Button, full width (`block`), as the signed-out forms use it. */
export const Button = ({
  variant = 'default',
  icon,
  isLoading = false,
  disabled,
  type = 'button',
  children,
  ...props
}: TButtonProps) => (
  <button
    type={type}
    className={`auth-button auth-button-${variant}`}
    disabled={disabled || isLoading}
    aria-busy={isLoading || undefined}
    {...props}
  >
    {isLoading ? <LoadingIcon className="auth-spin" /> : icon}
    <span>{children}</span>
  </button>
);

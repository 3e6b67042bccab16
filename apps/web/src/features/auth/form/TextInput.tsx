import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeInvisibleIcon } from '@/features/auth/form/icons';

type TTextInputProps = InputHTMLAttributes<HTMLInputElement> & {
  /** An icon before the text (antd's `prefix`). */
  icon?: ReactNode;
  /** Something after the text, e.g. the password's show/hide button (antd's `suffix`). */
  suffix?: ReactNode;
};

/** antd's Input, large: the box draws the border and the focus ring, the input inside it stays bare. */
export const TextInput = ({ icon, suffix, ...props }: TTextInputProps) => (
  <span className="auth-input">
    {icon ? <span className="auth-input-prefix">{icon}</span> : null}
    <input className="auth-input-control" {...props} />
    {suffix}
  </span>
);

/** antd's Input.Password: hidden by default, with an eye button that shows the text (a toggle, aria-pressed). */
export const PasswordInput = (props: Omit<TTextInputProps, 'type' | 'suffix'>) => {
  const { t } = useTranslation('auth');
  const [isShown, setShown] = useState(false);
  return (
    <TextInput
      {...props}
      type={isShown ? 'text' : 'password'}
      suffix={
        <button
          type="button"
          className="auth-input-toggle"
          aria-label={t('form.showPassword')}
          aria-pressed={isShown}
          onClick={() => setShown((shown) => !shown)}
        >
          {isShown ? <EyeIcon /> : <EyeInvisibleIcon />}
        </button>
      }
    />
  );
};

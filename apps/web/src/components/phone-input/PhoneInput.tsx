import { Input, type InputProps, type InputRef } from 'antd';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { applyPhoneEdit, formatPhone, phoneDigits } from '@/components/phone-input/phoneMask';

export type TPhoneInputProps = Omit<InputProps, 'value' | 'onChange' | 'type' | 'defaultValue'> & {
  /** The digits (a masked text is accepted too and read as its digits). */
  value?: string;
  /** Receives the digits only, at most 12: what the API expects. */
  onChange?: (digits: string) => void;
};

/** A phone field with the mask +999 (999) 99-99-99; use it as a Form.Item child. */
export const PhoneInput = ({ value = '', onChange, placeholder, ...inputProps }: TPhoneInputProps) => {
  const { t } = useTranslation('kit');
  const inputRef = useRef<InputRef>(null);
  const pendingCaret = useRef<number | null>(null);
  const digits = phoneDigits(value);

  // Re-masking replaces the text, which throws the caret to the end; put it back after the edited digit.
  useLayoutEffect(() => {
    const caret = pendingCaret.current;
    const element = inputRef.current?.input;
    if (caret !== null && element && document.activeElement === element) {
      element.setSelectionRange(caret, caret);
    }
    pendingCaret.current = null;
  });

  return (
    <Input
      {...inputProps}
      ref={inputRef}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder={placeholder ?? t('phone.placeholder')}
      value={formatPhone(digits)}
      onChange={(event) => {
        const { value: rawText, selectionStart } = event.target;
        const edit = applyPhoneEdit(digits, rawText, selectionStart ?? rawText.length);
        pendingCaret.current = edit.caret;
        onChange?.(edit.digits);
      }}
    />
  );
};

import { Input } from 'antd';
import { useState } from 'react';

/**
 * A text field whose value reaches the filters only once it reads as one (`-100.5`, `12`): half-typed text
 * (`-`, `100.`) stays in the field instead of sending the server a value it refuses.
 */
export const CheckedInput = ({
  label,
  value,
  pattern,
  onChange,
  width = 160,
}: {
  label: string;
  value: string | undefined;
  pattern: RegExp;
  onChange: (value: string | undefined) => void;
  width?: number;
}) => {
  const [text, setText] = useState(value ?? '');
  const [shown, setShown] = useState(value);
  // The filter changed from outside (reset, Back): show it, unless the field already reads as that value.
  if (shown !== value) {
    setShown(value);
    const trimmed = text.trim();
    const represented = trimmed === '' ? undefined : pattern.test(trimmed) ? trimmed : null;
    if (represented !== value) {
      setText(value ?? '');
    }
  }
  const isValid = text.trim() === '' || pattern.test(text.trim());
  return (
    <Input
      aria-label={label}
      placeholder={label}
      allowClear
      inputMode="decimal"
      status={isValid ? undefined : 'error'}
      style={{ width }}
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        const trimmed = next.trim();
        if (trimmed === '') {
          onChange(undefined);
        } else if (pattern.test(trimmed)) {
          onChange(trimmed);
        }
      }}
    />
  );
};

import { useTranslation } from 'react-i18next';
import { CheckedInput } from '@/components/checked-input/CheckedInput';
import type { TRange } from '@/components/filters/filterBinding';

/**
 * A range of figures (a balance from and to), two fields each sending its value only once it reads as one
 * (`pattern`), bound to a `N__from`/`N__to` pair with `rangeField(list, 'N')`. Either end may stay empty.
 */
export const NumberRangeFilter = ({
  label,
  value,
  onChange,
  pattern,
  width = 160,
}: {
  /** The range's name; the fields are "<label> from" and "<label> to" (`kit:filters.from`). */
  label: string;
  value: TRange;
  onChange: (range: TRange) => void;
  pattern: RegExp;
  width?: number;
}) => {
  const { t } = useTranslation('kit');
  return (
    <>
      <CheckedInput
        label={t('filters.from', { label })}
        value={value.from}
        pattern={pattern}
        width={width}
        onChange={(from) => onChange({ ...value, from })}
      />
      <CheckedInput
        label={t('filters.to', { label })}
        value={value.to}
        pattern={pattern}
        width={width}
        onChange={(to) => onChange({ ...value, to })}
      />
    </>
  );
};

import { Select, type SelectProps } from 'antd';
import type { ReactNode } from 'react';

type TOption<T> = { value: T; label: ReactNode };

type TCommon<T extends string | number> = {
  /** The field's accessible name, also its placeholder. */
  label: string;
  /** The choices in their order, with `labelOf` giving each one's text (a translation)... */
  values?: readonly T[];
  labelOf?: (value: T) => string;
  /** ...or ready-made options (records fetched for the filter). */
  options?: readonly TOption<T>[];
  width?: number;
  /** Typing narrows the options: `true` by their labels, or antd's object for a search on the server. */
  search?: SelectProps['showSearch'];
  loading?: boolean;
};

type TSingle<T extends string | number> = TCommon<T> & {
  multiple?: false;
  value: T | undefined;
  onChange: (value: T | undefined) => void;
  /**
   * Given, the first option stands for "no filter" with this text (`All statuses`) and the field is never empty;
   * otherwise the field is cleared with its cross or Backspace.
   */
  allLabel?: string;
};

type TMultiple<T extends string | number> = TCommon<T> & {
  multiple: true;
  /** Free values typed and separated by commas or spaces (ids), with no list to choose from. */
  tags?: boolean;
  value: T[] | undefined;
  onChange: (value: T[] | undefined) => void;
};

/** The "all" option's value: no filter value is an empty string. */
const ALL = '';

/**
 * A filter choosing one or several of a closed set (a status, a method, a promotion): antd's Select, so it opens with
 * Enter or the arrow keys, filters as one types when `search` is on, and clears with Backspace.
 */
export const EnumFilter = <T extends string | number>(props: TSingle<T> | TMultiple<T>) => {
  const { label, values, labelOf, width = 200, search, loading } = props;
  const options: TOption<T>[] = [
    ...(props.options ?? []),
    ...(values ?? []).map((value) => ({ value, label: labelOf ? labelOf(value) : String(value) })),
  ];
  const common = {
    'aria-label': label,
    placeholder: label,
    style: { width },
    showSearch: search === true ? { optionFilterProp: 'label' } : search,
    loading,
  };
  if (props.multiple) {
    return (
      <Select<T[]>
        {...common}
        mode={props.tags ? 'tags' : 'multiple'}
        allowClear={!props.tags}
        {...(props.tags && { open: false, suffixIcon: null, tokenSeparators: [',', ' '] })}
        maxTagCount={3}
        value={props.value ?? []}
        onChange={(chosen) => props.onChange(chosen.length > 0 ? chosen : undefined)}
        options={options}
      />
    );
  }
  if (props.allLabel !== undefined) {
    return (
      <Select<T | typeof ALL>
        {...common}
        value={props.value ?? ALL}
        onChange={(chosen) => props.onChange(chosen === ALL ? undefined : chosen)}
        options={[{ value: ALL, label: props.allLabel }, ...options]}
      />
    );
  }
  return (
    <Select<T>
      {...common}
      allowClear
      value={props.value}
      onChange={(chosen?: T) => props.onChange(chosen)}
      options={options}
    />
  );
};

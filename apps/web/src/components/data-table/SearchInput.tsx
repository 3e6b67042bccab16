import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import { useTranslation } from 'react-i18next';

type TSearchInputProps = {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** Names the field for screen readers when the placeholder is not enough. */
  label?: string;
  width?: number | string;
};

/** A search box for list toolbars; pair it with useListParams' searchText/setSearch for the debounce. */
export const SearchInput = ({ value, onChange, placeholder, label, width = 280 }: TSearchInputProps) => {
  const { t } = useTranslation('kit');
  return (
    <Input
      type="search"
      allowClear
      prefix={<SearchOutlined aria-hidden />}
      aria-label={label ?? t('search.label')}
      placeholder={placeholder ?? t('search.placeholder')}
      value={value}
      style={{ width }}
      onChange={(event) => {
        onChange(event.target.value);
      }}
    />
  );
};

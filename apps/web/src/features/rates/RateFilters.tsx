import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { oneOf, SearchInput, textParam, type TListParams } from '@/components';
import { useConnectorTypes } from '@/features/lookups';

const BOOLEAN_TEXT = oneOf(['true', 'false']);

/** The list's filters in the URL, as the API takes them: `active`, `default` (rate type), `typo`. */
export const RATE_FILTERS = {
  active: BOOLEAN_TEXT,
  default: BOOLEAN_TEXT,
  typo: textParam(32),
};

const toBooleanText = (value: string) => (value === 'true' || value === 'false' ? value : undefined);

/** Search, status, rate type and connector type, for the toolbar of `/rates`. */
export const RateFilters = ({ list }: { list: TListParams<typeof RATE_FILTERS> }) => {
  const { t } = useTranslation(['rates', 'kit']);
  const types = useConnectorTypes();
  return (
    <>
      <SearchInput value={list.searchText} onChange={list.setSearch} placeholder={t('list.search')} width={260} />
      <Select
        aria-label={t('filters.status')}
        style={{ width: 180 }}
        value={list.draftFilters.active ?? ''}
        onChange={(value: string) => {
          list.setFilter('active', toBooleanText(value));
        }}
        options={[
          { value: '', label: t('filters.allStatuses') },
          { value: 'true', label: t('kit:status.active') },
          { value: 'false', label: t('kit:status.inactive') },
        ]}
      />
      <Select
        aria-label={t('filters.rateType')}
        style={{ width: 200 }}
        value={list.draftFilters.default ?? ''}
        onChange={(value: string) => {
          list.setFilter('default', toBooleanText(value));
        }}
        options={[
          { value: '', label: t('filters.allRateTypes') },
          { value: 'true', label: t('rateType.default') },
          { value: 'false', label: t('rateType.personal') },
        ]}
      />
      <Select
        aria-label={t('filters.connectorType')}
        style={{ width: 220 }}
        loading={types.isLoading}
        value={list.draftFilters.typo ?? ''}
        onChange={(value: string) => {
          list.setFilter('typo', value === '' ? undefined : value);
        }}
        options={[
          { value: '', label: t('filters.allConnectors') },
          ...(types.data ?? []).map((type) => ({ value: type.key, label: type.name })),
        ]}
      />
    </>
  );
};

import { useTranslation } from 'react-i18next';
import { oneOf, SearchInput, textParam, type TListParams } from '@/components';
import { EnumFilter } from '@/components/filters/EnumFilter';
import { filterField } from '@/components/filters/filterBinding';
import { useConnectorTypes } from '@/features/lookups';

const BOOLEAN_TEXT = oneOf(['true', 'false']);

/** The list's filters in the URL, as the API takes them: `active`, `default` (rate type), `typo`. */
export const RATE_FILTERS = {
  active: BOOLEAN_TEXT,
  default: BOOLEAN_TEXT,
  typo: textParam(32),
};

/** Search, status, rate type and connector type, for the toolbar of `/rates`. */
export const RateFilters = ({ list }: { list: TListParams<typeof RATE_FILTERS> }) => {
  const { t } = useTranslation(['rates', 'kit']);
  const types = useConnectorTypes();
  return (
    <>
      <SearchInput value={list.searchText} onChange={list.setSearch} placeholder={t('list.search')} width={260} />
      <EnumFilter
        label={t('filters.status')}
        width={180}
        allLabel={t('filters.allStatuses')}
        values={['true', 'false'] as const}
        labelOf={(active) => t(active === 'true' ? 'kit:status.active' : 'kit:status.inactive')}
        {...filterField(list, 'active')}
      />
      <EnumFilter
        label={t('filters.rateType')}
        allLabel={t('filters.allRateTypes')}
        values={['true', 'false'] as const}
        labelOf={(isDefault) => t(isDefault === 'true' ? 'rateType.default' : 'rateType.personal')}
        {...filterField(list, 'default')}
      />
      <EnumFilter
        label={t('filters.connectorType')}
        width={220}
        loading={types.isLoading}
        allLabel={t('filters.allConnectors')}
        options={(types.data ?? []).map((type) => ({ value: type.key, label: type.name }))}
        {...filterField(list, 'typo')}
      />
    </>
  );
};

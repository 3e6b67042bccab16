import { useTranslation } from 'react-i18next';
import { oneOf } from '@/components/data-table/listParams';
import { EnumFilter } from '@/components/filters/EnumFilter';

type TActiveFilter = 'true' | 'false';

type TStatusFilterProps = {
  /** The list's `active` filter as it stands in the URL; undefined shows every status. */
  value: string | undefined;
  onChange: (active: TActiveFilter | undefined) => void;
  /** Dashboard accounts are 'blocked' rather than 'inactive'. */
  wording?: 'activation' | 'blocking';
};

/** The status filter every list has: all, active, inactive (or blocked). */
export const StatusFilter = ({ value, onChange, wording = 'activation' }: TStatusFilterProps) => {
  const { t } = useTranslation('kit');
  return (
    <EnumFilter<TActiveFilter>
      label={t('status.filter')}
      allLabel={t('status.all')}
      value={value === 'true' || value === 'false' ? value : undefined}
      onChange={onChange}
      values={['true', 'false']}
      labelOf={(active) =>
        t(active === 'true' ? 'status.active' : wording === 'blocking' ? 'status.blocked' : 'status.inactive')
      }
    />
  );
};

/** The URL filter of a list with a StatusFilter: `active=true|false`, as the API takes it. */
export const STATUS_FILTERS = { active: oneOf(['true', 'false']) };

import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TAppMap } from '@/features/stations/api';
import { activeFilterCount, POWER_STEPS, type TStationFilters } from '@/features/stations/filters';
import { useNumberFormat } from '@/lib/useNumberFormat';

type TProps = {
  filters: TStationFilters;
  connectorTypes: TAppMap['connector_types'] | undefined;
  onChange: (change: Partial<TStationFilters>) => void;
};

/** The filters behind one button: connector types, the least power, free now; each change goes to the URL at once. */
export const StationFilters = ({ filters, connectorTypes, onChange }: TProps) => {
  const { t } = useTranslation('stations');
  const { power } = useNumberFormat();
  const panelId = useId();
  const count = activeFilterCount(filters);
  const [isOpen, setIsOpen] = useState(count > 0);
  // A type in the URL that the server no longer lists stays choosable, so that it can be taken off.
  const known = connectorTypes ?? [];
  const types = [
    ...known,
    ...filters.types.filter((key) => !known.some((type) => type.type === key)).map((key) => ({ type: key, name: key })),
  ];
  const toggleType = (key: string) =>
    onChange({
      types: filters.types.includes(key) ? filters.types.filter((type) => type !== key) : [...filters.types, key],
    });
  return (
    <div className="filters">
      <button
        type="button"
        className="button filters-toggle"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
      >
        {count > 0 ? t('filters.toggleCount', { count }) : t('filters.toggle')}
      </button>
      <div id={panelId} className="filters-panel" hidden={!isOpen}>
        <fieldset className="filter-group">
          <legend>{t('filters.type')}</legend>
          {connectorTypes === undefined && filters.types.length === 0 ? (
            <p className="muted">{t('filters.noTypes')}</p>
          ) : (
            <div className="chips">
              {types.map((type) => (
                <label key={type.type} className="chip">
                  <input
                    type="checkbox"
                    checked={filters.types.includes(type.type)}
                    onChange={() => toggleType(type.type)}
                  />
                  <span>{type.name}</span>
                </label>
              ))}
            </div>
          )}
        </fieldset>
        <label className="field">
          <span>{t('filters.power')}</span>
          <select
            value={filters.minPower ?? ''}
            onChange={(event) => onChange({ minPower: event.target.value === '' ? null : Number(event.target.value) })}
          >
            <option value="">{t('filters.anyPower')}</option>
            {POWER_STEPS.map((step) => (
              <option key={step} value={step}>
                {power(step)}
              </option>
            ))}
          </select>
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={filters.availableNow}
            onChange={(event) => onChange({ availableNow: event.target.checked })}
          />
          <span>{t('filters.availableNow')}</span>
        </label>
        {count > 0 ? (
          <button
            type="button"
            className="link"
            onClick={() => onChange({ types: [], minPower: null, availableNow: false })}
          >
            {t('filters.reset')}
          </button>
        ) : null}
      </div>
    </div>
  );
};

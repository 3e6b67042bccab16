import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError, Loading, Screen } from '@/app/states';
import { type TAppStationItem, useMapSettings, useStations } from '@/features/stations/api';
import {
  activeFilterCount,
  parseStationFilters,
  stationFiltersQuery,
  type TStationFilters,
  type TStationView,
} from '@/features/stations/filters';
import { StationCard } from '@/features/stations/StationCard';
import { StationFilters } from '@/features/stations/StationFilters';
import { stationTexts } from '@/features/stations/texts';
import { useDriverPosition } from '@/features/stations/useDriverPosition';
import { registerTexts } from '@/lib/i18n';
import '@/features/stations/stations.css';

registerTexts('stations', stationTexts);

/** Leaflet comes with the map only: the list stays light. */
const StationsMap = lazy(() =>
  import('@/features/stations/StationsMap').then((module) => ({ default: module.StationsMap })),
);

/** Typing settles this long before the search reaches the URL and the server. */
const SEARCH_DELAY_MS = 350;

/** The search box: its text reaches the URL once typing pauses. */
const StationSearch = ({ value, onSearch }: { value: string; onSearch: (search: string) => void }) => {
  const { t } = useTranslation('stations');
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value.trim()) {
      return undefined;
    }
    const timer = setTimeout(() => onSearch(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <form
      role="search"
      className="station-search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text);
      }}
    >
      <label className="field">
        <span className="visually-hidden">{t('search.label')}</span>
        <input
          type="search"
          value={text}
          placeholder={t('search.placeholder')}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={100}
          onChange={(event) => setText(event.target.value)}
        />
      </label>
    </form>
  );
};

const ViewSwitch = ({ view, onChange }: { view: TStationView; onChange: (view: TStationView) => void }) => {
  const { t } = useTranslation('stations');
  return (
    <div className="segmented segmented-two" role="group" aria-label={t('view.label')}>
      {(['list', 'map'] as const).map((option) => (
        <button
          key={option}
          type="button"
          className={`segment${view === option ? ' segment-on' : ''}`}
          aria-pressed={view === option}
          onClick={() => onChange(option)}
        >
          {t(`view.${option}`)}
        </button>
      ))}
    </div>
  );
};

/** The stations shown: as a list of links, or on the map with the chosen one's card under it. */
const StationResults = ({
  view,
  items,
  filters,
  isDevice,
  point,
}: {
  view: TStationView;
  items: TAppStationItem[];
  filters: TStationFilters;
  isDevice: boolean;
  point: { lat: number; lon: number };
}) => {
  const { t } = useTranslation('stations');
  const settings = useMapSettings();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = items.find((item) => item.id === selectedId) ?? null;
  const isFiltered = activeFilterCount(filters) > 0 || filters.search !== '';
  if (view === 'map') {
    if (settings.isPending) {
      return <Loading />;
    }
    if (settings.isError) {
      return <LoadError error={settings.error} onRetry={() => void settings.refetch()} />;
    }
    return (
      <>
        <Suspense fallback={<Loading />}>
          <StationsMap
            settings={settings.data}
            stations={items}
            centre={point}
            isDevice={isDevice}
            onSelect={setSelectedId}
          />
        </Suspense>
        {selected ? (
          <div className="map-selection">
            <StationCard station={selected} />
            <button type="button" className="link" onClick={() => setSelectedId(null)}>
              {t('map.close')}
            </button>
          </div>
        ) : (
          <p className="muted">{items.length === 0 ? t(isFiltered ? 'emptyFiltered' : 'empty') : t('map.hint')}</p>
        )}
      </>
    );
  }
  if (items.length === 0) {
    return <p className="state">{t(isFiltered ? 'emptyFiltered' : 'empty')}</p>;
  }
  return (
    <ul className="cards" aria-label={t('title')}>
      {items.map((station) => (
        <li key={station.id}>
          <StationCard station={station} />
        </li>
      ))}
    </ul>
  );
};

/**
 * `/app/stations`: the stations near the driver (the phone's position, else Bishkek's centre) as a list or a map,
 * searched and filtered by connector type, power and free now; all of it kept in the URL's query.
 */
export const StationsPage = () => {
  const { t } = useTranslation('stations');
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseStationFilters(params), [params]);
  const position = useDriverPosition();
  const stations = useStations(position?.point ?? null, filters);
  const mapSettings = useMapSettings();
  const update = (change: Partial<TStationFilters>) =>
    setParams(stationFiltersQuery({ ...filters, ...change }), { replace: true });
  // The search box keeps its own timer: a stable callback does not restart it on each render.
  const [onSearch] = useState(
    () => (search: string) =>
      setParams((current) => stationFiltersQuery({ ...parseStationFilters(current), search }), { replace: true }),
  );

  return (
    <Screen title={t('title')} actions={<ViewSwitch view={filters.view} onChange={(view) => update({ view })} />}>
      <StationSearch value={filters.search} onSearch={onSearch} />
      <StationFilters filters={filters} connectorTypes={mapSettings.data?.connector_types} onChange={update} />
      {position === null ? (
        <p className="state" role="status">
          {t('position.locating')}
        </p>
      ) : (
        <>
          {position.isDevice ? null : <p className="notice">{t('position.centre')}</p>}
          {stations.data ? (
            <>
              {stations.isError ? (
                <p className="notice" role="alert">
                  {t('stale')}
                </p>
              ) : null}
              <p className="muted results-count" role="status" aria-live="polite">
                {t('found', { count: stations.data.total })}
              </p>
              <StationResults
                view={filters.view}
                items={stations.data.items}
                filters={filters}
                isDevice={position.isDevice}
                point={position.point}
              />
            </>
          ) : stations.isError ? (
            <LoadError error={stations.error} onRetry={() => void stations.refetch()} />
          ) : (
            <Loading />
          )}
        </>
      )}
    </Screen>
  );
};

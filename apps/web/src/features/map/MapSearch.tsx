import { SearchOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MAP_DEFAULTS, type TGeoPlace } from '@zaryad/contracts';
import { App, AutoComplete, Button, Input } from 'antd';
import type { Map as LeafletMap } from 'leaflet';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '@/components/hooks/useDebouncedValue';
import { fetchPlaces, geoKeys } from '@/features/map/api';

const SEARCH_DEBOUNCE_MS = 500;

/**
 * The search icon that expands into a search field (docs/product/stations.md#2-screens). Typing suggests places; choosing one,
 * or Enter on the first, flies there at zoom 12; Enter with nothing found opens 'search not found'.
 */
export const MapSearch = ({ map }: { map: LeafletMap | null }) => {
  const { t, i18n } = useTranslation('map');
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [isOpen, setIsOpen] = useState(false);
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);

  const suggestions = useQuery({
    queryKey: geoKeys.search(query, i18n.language),
    queryFn: ({ signal }) => fetchPlaces(query, signal),
    enabled: query !== '',
    retry: false,
  });

  const flyTo = (place: TGeoPlace) => {
    map?.flyTo([place.lat, place.lon], MAP_DEFAULTS.searchZoom);
  };

  const search = async (value: string) => {
    const trimmed = value.trim();
    if (!trimmed) {
      return;
    }
    let places: TGeoPlace[] = [];
    try {
      places = await queryClient.fetchQuery({
        queryKey: geoKeys.search(trimmed, i18n.language),
        queryFn: ({ signal }) => fetchPlaces(trimmed, signal),
        retry: false,
      });
    } catch (error) {
      // An unreachable geocoder finds nothing, as far as the operator can act on it.
      console.error('place search failed', error);
    }
    const [first] = places;
    if (first) {
      flyTo(first);
      return;
    }
    modal.info({
      title: t('notFound.title'),
      content: t('notFound.text', { query: trimmed }),
      okText: t('actions.okay'),
    });
  };

  if (!isOpen) {
    return (
      <Button
        shape="circle"
        size="large"
        icon={<SearchOutlined />}
        aria-label={t('actions.openSearch')}
        title={t('actions.openSearch')}
        onClick={() => setIsOpen(true)}
      />
    );
  }
  // Suggestions for an older text are not offered: Enter would pick the stale first one instead of searching what
  // was typed (the debounce lags the typing by 500 ms).
  const places = query === '' || query !== text.trim() ? [] : (suggestions.data ?? []);
  return (
    <AutoComplete
      autoFocus
      value={text}
      style={{ width: 'min(360px, 70vw)' }}
      // Names are the option values: the field then shows the chosen place, and duplicates collapse.
      options={[...new Set(places.map((place) => place.display_name))].map((name) => ({ value: name }))}
      onChange={(value: string) => setText(value)}
      onSelect={(value: string) => {
        const place = places.find((candidate) => candidate.display_name === value);
        if (place) {
          flyTo(place);
        }
      }}
      onBlur={() => {
        if (!text) {
          setIsOpen(false);
        }
      }}
    >
      <Input.Search
        aria-label={t('searchPlaceholder')}
        placeholder={t('searchPlaceholder')}
        enterButton
        size="large"
        loading={suggestions.isFetching}
        // The picker sits inside the station form: Enter here searches, it must not submit the form.
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
          }
        }}
        onSearch={(value) => void search(value)}
      />
    </AutoComplete>
  );
};

import { useQuery } from '@tanstack/react-query';
import type { TConnectorPosition, TConnectorType, TLocation } from '@zaryad/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/apiClient';
import { toLanguage } from '@/lib/language';
import { queryKeys } from '@/components/domain-hooks/queryKeys';

/** Reference data changes rarely: keep it for a while instead of asking on every screen. */
const LOOKUP_STALE_MS = 5 * 60_000;

/**
 * Query keys of the lookups. Labels the server translates (positions, place names) carry the language, so a
 * switch asks again; connector type names are the industry's own and the same in every language.
 */
export const lookupKeys = queryKeys.lookups;

const useLanguage = () => {
  const { i18n } = useTranslation();
  return toLanguage(i18n.resolvedLanguage ?? i18n.language);
};

const CONNECTOR_LOOKUPS = '/stations/connectors-types-positions/';

/** Connector types with the fee of their active default tariff (null when none). */
export const useConnectorTypes = () =>
  useQuery({
    queryKey: lookupKeys.connectorTypes(),
    queryFn: ({ signal }) => api.get<TConnectorType[]>(CONNECTOR_LOOKUPS, { query: { info: 'types' }, signal }),
    staleTime: LOOKUP_STALE_MS,
  });

export const useConnectorPositions = () => {
  const language = useLanguage();
  return useQuery({
    queryKey: lookupKeys.connectorPositions(language),
    queryFn: ({ signal }) => api.get<TConnectorPosition[]>(CONNECTOR_LOOKUPS, { query: { info: 'positions' }, signal }),
    staleTime: LOOKUP_STALE_MS,
  });
};

export const useCountries = () => {
  const language = useLanguage();
  return useQuery({
    queryKey: lookupKeys.countries(language),
    queryFn: ({ signal }) =>
      api.get<TLocation[]>('/common/locations/', { query: { location_type: 'countries' }, signal }),
    staleTime: LOOKUP_STALE_MS,
  });
};

/** A country's settlements; waits for a country (docs/product/stations.md#4-states-and-rules: city only after the country). */
export const useSettlements = (countryId: number | null | undefined) => {
  const language = useLanguage();
  const id = countryId ?? 0;
  return useQuery({
    queryKey: lookupKeys.settlements(id, language),
    queryFn: ({ signal }) =>
      api.get<TLocation[]>('/common/locations/', {
        query: { location_type: 'settlements', country_id: id },
        signal,
      }),
    enabled: id > 0,
    staleTime: LOOKUP_STALE_MS,
  });
};

/** Connector type names by key, for tables that show a type key. */
export const useConnectorTypeNames = (): ReadonlyMap<string, string> => {
  const { data } = useConnectorTypes();
  return useMemo(() => new Map((data ?? []).map((type) => [type.key, type.name])), [data]);
};

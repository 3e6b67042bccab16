import type { TStation } from '@zaryad/contracts';
import { LANGUAGES, type TLanguage } from '@/lib/language';

/** The station's name or address in one language; the others follow, in the product's language order. */
export const localized = (station: TStation, field: 'name' | 'address', language: TLanguage) => ({
  current: station[`${field}_${language}`],
  others: LANGUAGES.filter((other) => other !== language).map((other) => ({
    language: other,
    value: station[`${field}_${other}`],
  })),
});

/** Connectors of a module in the order the charge point numbers them (docs/product/stations.md#3-records). */
export const sortByConnectorId = <T extends { connector_id: number }>(connectors: readonly T[]) =>
  [...connectors].sort((a, b) => a.connector_id - b.connector_id);

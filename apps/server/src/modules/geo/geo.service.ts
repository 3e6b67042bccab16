import { type TGeoAddress, type TGeoConfig, type TGeoPlace, type TLanguage, MAP_DEFAULTS, ZGeoAddress, ZGeoPlaces } from '@zaryad/contracts';
import type { GeoCache } from './geo.cache';
import type { GeocoderClient } from './geocoder.client';

export const OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** About 1 m: clicks on the same spot share an answer, distinct buildings do not. */
const COORDINATE_DECIMALS = 5;

const round = (value: number) => Number(value.toFixed(COORDINATE_DECIMALS));

/** Case and spacing do not change what a place search finds. */
export const normaliseQuery = (query: string) => query.trim().replace(/\s+/g, ' ').toLowerCase();

export interface GeoService {
  config(): TGeoConfig;
  reverse(latitude: number, longitude: number, language: TLanguage): Promise<TGeoAddress>;
  search(query: string, language: TLanguage): Promise<TGeoPlace[]>;
}

export const createGeoService = (options: { tileUrl: string; client: GeocoderClient; cache: GeoCache }): GeoService => {
  const { client, cache } = options;

  /** The cached answer when it still has the expected shape, else a fresh one (a failure is never cached). */
  const cached = async <T>(key: string, parse: (value: unknown) => T | undefined, load: () => Promise<T>) => {
    const hit = parse(await cache.get(key));
    if (hit !== undefined) {
      return hit;
    }
    const answer = await load();
    await cache.put(key, answer);
    return answer;
  };

  return {
    config: () => ({
      tile_url: options.tileUrl,
      attribution: OSM_ATTRIBUTION,
      center: MAP_DEFAULTS.center,
      zoom: MAP_DEFAULTS.zoom,
    }),
    reverse(latitude, longitude, language) {
      const lat = round(latitude);
      const lon = round(longitude);
      return cached(
        `reverse:${language}:${lat},${lon}`,
        (value) => ZGeoAddress.safeParse(value).data,
        () => client.reverse(lat, lon, language),
      );
    },
    search(query, language) {
      const normalised = normaliseQuery(query);
      return cached(
        `search:${language}:${normalised}`,
        (value) => ZGeoPlaces.safeParse(value).data,
        () => client.search(normalised, language),
      );
    },
  };
};

/** The geocoder's usage policy asks for an identifying user agent with a way to reach the operator. */
export const geocoderUserAgent = (publicUrl: string) => `Zaryad back-office (contact: ${publicUrl})`;

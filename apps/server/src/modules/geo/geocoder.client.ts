import { type TGeoAddress, type TGeoPlace, type TLanguage, GEO_LIMITS } from '@zaryad/contracts';
import { z } from 'zod';

/** The upstream geocoder did not answer usefully: down, slow, an error status or an unexpected body. */
export class GeocoderUnavailableError extends Error {}

export interface GeocoderClientOptions {
  /** Base URL of a Nominatim-compatible service, without a trailing slash. */
  baseUrl: string;
  userAgent: string;
  timeoutMs?: number;
  /** Nominatim `countrycodes`: searches stay inside the network's country. */
  countryCodes?: string;
}

export interface GeocoderClient {
  reverse(latitude: number, longitude: number, language: TLanguage): Promise<TGeoAddress>;
  search(query: string, language: TLanguage): Promise<TGeoPlace[]>;
}

// Nominatim answers a point with nothing around it with 200 and {"error": "Unable to geocode"}: no address, not a failure.
const ZReverseAnswer = z.union([z.object({ display_name: z.string() }), z.object({ error: z.string() })]);
const ZSearchAnswer = z.array(
  z.object({ lat: z.coerce.number(), lon: z.coerce.number(), display_name: z.string() }),
);

export const createGeocoderClient = (options: GeocoderClientOptions): GeocoderClient => {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 3000;

  const getJson = async (path: string, params: Record<string, string>): Promise<unknown> => {
    const url = `${baseUrl}${path}?${new URLSearchParams({ format: 'json', ...params }).toString()}`;
    try {
      const response = await fetch(url, {
        headers: { 'User-Agent': options.userAgent, Accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) {
        throw new GeocoderUnavailableError(`geocoder answered ${response.status}`);
      }
      return (await response.json()) as unknown;
    } catch (error) {
      throw error instanceof GeocoderUnavailableError
        ? error
        : new GeocoderUnavailableError(error instanceof Error ? error.message : 'geocoder failed');
    }
  };

  const parse = <T>(schema: z.ZodType<T>, body: unknown): T => {
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new GeocoderUnavailableError('unexpected geocoder answer');
    }
    return parsed.data;
  };

  return {
    async reverse(latitude, longitude, language) {
      const body = await getJson('/reverse', {
        lat: String(latitude),
        lon: String(longitude),
        'accept-language': language,
      });
      const answer = parse(ZReverseAnswer, body);
      return { display_name: 'display_name' in answer ? answer.display_name : '' };
    },
    async search(query, language) {
      const body = await getJson('/search', {
        q: query,
        limit: String(GEO_LIMITS.searchResults),
        'accept-language': language,
        ...(options.countryCodes && { countrycodes: options.countryCodes }),
      });
      return parse(ZSearchAnswer, body).slice(0, GEO_LIMITS.searchResults);
    },
  };
};

import { z } from 'zod';

/** docs/product/common.md#9-limits: the map opens on Bishkek. */
export const MAP_DEFAULTS = { center: { latitude: 42.87, longitude: 74.59 }, zoom: 13, searchZoom: 12 } as const;
export const GEO_LIMITS = { queryMax: 200, searchResults: 5 } as const;

export const ZLatLng = z.object({ latitude: z.number(), longitude: z.number() });
export type TLatLng = z.infer<typeof ZLatLng>;

/** GET /geo/config/: where the web app takes its tiles from. */
export const ZGeoConfig = z.object({
  tile_url: z.string(),
  attribution: z.string(),
  center: ZLatLng,
  zoom: z.number().int(),
});
export type TGeoConfig = z.infer<typeof ZGeoConfig>;

const coordinate = (limit: 90 | 180) =>
  z.coerce
    .number({ message: 'coordinate_invalid' })
    .min(-limit, { message: 'coordinate_invalid' })
    .max(limit, { message: 'coordinate_invalid' });

/** GET /geo/reverse/?lat&lon */
export const ZGeoReverseQuery = z.object({ lat: coordinate(90), lon: coordinate(180) });
export type TGeoReverseQuery = z.input<typeof ZGeoReverseQuery>;
export const ZGeoAddress = z.object({ display_name: z.string() });
export type TGeoAddress = z.infer<typeof ZGeoAddress>;

/** GET /geo/search/?q */
export const ZGeoSearchQuery = z.object({
  q: z
    .string({ message: 'required' })
    .trim()
    .min(1, { message: 'required' })
    .max(GEO_LIMITS.queryMax, { message: `max_length:${GEO_LIMITS.queryMax}` }),
});
export const ZGeoPlace = z.object({ lat: z.number(), lon: z.number(), display_name: z.string() });
export type TGeoPlace = z.infer<typeof ZGeoPlace>;
export const ZGeoPlaces = z.array(ZGeoPlace);

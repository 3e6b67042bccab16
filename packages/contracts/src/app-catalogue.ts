/**
 * The drivers' API's stations and content (issue 38, items 3 and 6; docs/product/app-api.md): stations near a point,
 * one station, and the app's banners, fullscreens, news and promotions. Texts come in the request's language
 * (Accept-Language), Russian where a text was left empty; images and photos as /media/ URLs; money as som strings.
 */
import { z } from 'zod';
import { FULLSCREEN_CATEGORIES, FULLSCREEN_DESTINATIONS } from './banners.constants';
import { optionalFilter, ZPageQuery, zPaged, ZQueryBoolean } from './common';
import { ZMoney } from './money';
import { PROMOTION_INITIATORS } from './promotions.constants';
import { TARIFF_SOURCES, ZTariffPrices } from './rates';
import { zIdListText, zIdText } from './rules';
import { ZSchedule } from './schedule';

/** GET /map/ (docs/product/app-api.md): what the stations screen needs before its list, the map and the filter's types. */
export const ZAppMap = z.object({
  tile_url: z.string().meta({ description: 'Leaflet tile URL template ({s}, {z}, {x}, {y}), MAP_TILE_URL.' }),
  attribution: z.string().meta({ description: 'The tiles’ attribution, HTML: shown on the map.' }),
  center: z.object({ latitude: z.number(), longitude: z.number() }),
  zoom: z.number().int(),
  connector_types: z.array(z.object({ type: z.string(), name: z.string(), current: z.enum(['AC', 'DC']) })).meta({
    description:
      'The connector types the app’s stations have (active stations of active merchants), in reference order: the choices of GET /stations/?connector_type=.',
  }),
});
export type TAppMap = z.infer<typeof ZAppMap>;

/** Stations near a point (docs/product/app-api.md#stations): the radius in km, its default and its bound. */
export const APP_STATION_RADIUS = { defaultKm: 10, minKm: 0.1, maxKm: 100 } as const;
/** The app's pages: at most this many rows. */
export const APP_MAX_PAGE_SIZE = 100;
/** How long the app may reuse a content answer without asking (Cache-Control max-age, seconds). */
export const APP_CONTENT_MAX_AGE_S = 60;

/** A decimal number of a query string (`12.5`); blank is missing; anything else stays as it came and is refused. */
const decimalText = (value: unknown) => {
  if (typeof value !== 'string') {
    return value;
  }
  const text = value.trim();
  if (text === '') {
    return undefined;
  }
  return /^\d{1,7}(\.\d{1,6})?$/.test(text) ? Number(text) : value;
};

const zDecimalQuery = (min: number, max: number) =>
  z.preprocess(
    decimalText,
    z
      .number({ error: 'number_invalid' })
      .min(min, { message: `min_value:${min}`, abort: true })
      .max(max, { message: `max_value:${max}` }),
  );

/** Connector type keys: `ccs2,type2` or repeated `connector_type=ccs2&connector_type=type2`. */
const zTypeKeysText = () =>
  z.union([z.string(), z.array(z.string())], { message: 'invalid_type' }).transform((value, context) => {
    const keys = (Array.isArray(value) ? value : [value])
      .flatMap((part) => part.split(','))
      .map((part) => part.trim())
      .filter(Boolean);
    if (keys.length > 50 || !keys.every((key) => /^[A-Za-z0-9_-]{1,32}$/.test(key))) {
      context.addIssue({ code: 'custom', message: 'invalid_choice' });
      return z.NEVER;
    }
    return keys;
  });

/** A coordinate of the query: any number of decimals (a phone's GPS gives more than the stations' 6), within ±limit. */
const zPointCoordinate = (limit: 90 | 180) =>
  z
    .string({ error: 'number_invalid' })
    .trim()
    .regex(/^-?\d{1,3}(\.\d{1,15})?$/, { message: 'number_invalid', abort: true })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(-limit, { message: `min_value:-${limit}` })
        .max(limit, { message: `max_value:${limit}` }),
    );

const zAppPage = {
  page: ZPageQuery.shape.page,
  size: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number()
      .int()
      .min(1, { message: 'page_size_invalid' })
      .max(APP_MAX_PAGE_SIZE, { message: 'page_size_invalid' })
      .default(20),
  ),
};

/* Stations ------------------------------------------------------------------------------------------------------- */

export const ZAppStationListQuery = z
  .object({
    lat: zPointCoordinate(90)
      .optional()
      .meta({ description: 'Latitude of the point (with lon): the list is ordered by distance from it.' }),
    lon: zPointCoordinate(180).optional().meta({ description: 'Longitude of the point (with lat).' }),
    radius: z
      .preprocess(
        decimalText,
        z
          .number({ error: 'number_invalid' })
          .min(APP_STATION_RADIUS.minKm, { message: `min_value:${APP_STATION_RADIUS.minKm}`, abort: true })
          .max(APP_STATION_RADIUS.maxKm, { message: `max_value:${APP_STATION_RADIUS.maxKm}` })
          .default(APP_STATION_RADIUS.defaultKm),
      )
      .meta({
        description: `Kilometres around the point, ${APP_STATION_RADIUS.minKm} to ${APP_STATION_RADIUS.maxKm} (default ${APP_STATION_RADIUS.defaultKm}); ignored without a point.`,
      }),
    search: ZPageQuery.shape.search.meta({
      description: 'Part of a name or an address, in any of the three languages.',
    }),
    connector_type: optionalFilter(zTypeKeysText()).meta({
      description: 'Connector type keys (ccs2,type2): a station with a connector of any of them.',
    }),
    min_power: optionalFilter(zDecimalQuery(0, 10_000)).meta({
      description: 'kW: a station with a connector of at least this power (of the chosen types, if any).',
    }),
    available: optionalFilter(ZQueryBoolean).meta({
      description:
        'true: a station online now with such a connector whose last OCPP status is Available (the same connector meets connector_type, min_power and this).',
    }),
    tags: optionalFilter(zIdListText()).meta({
      description: 'Tag ids: a station carrying every one of them (its own or its merchant’s).',
    }),
    infrastructure: optionalFilter(zIdListText()).meta({
      description: 'Infrastructure ids: a station with every one of them around (its own or its merchant’s).',
    }),
    ...zAppPage,
  })
  .superRefine((query, context) => {
    if ((query.lat === undefined) !== (query.lon === undefined)) {
      context.addIssue({ code: 'custom', path: [query.lat === undefined ? 'lat' : 'lon'], message: 'required' });
    }
  });
export type TAppStationListQuery = z.infer<typeof ZAppStationListQuery>;

export const ZAppStationIdParam = z.object({ id: zIdText() });

const ZAppRef = z.object({ id: z.number().int(), name: z.string() });
export const ZAppInfrastructure = ZAppRef.extend({ icon: z.string().nullable() });

/** Connectors of one type at a station: how many, how many free now, the most powerful. */
export const ZAppConnectorTypeSummary = z.object({
  type: z.string(),
  name: z.string(),
  current: z.enum(['AC', 'DC']),
  total: z.number().int(),
  available: z.number().int(),
  max_power_kw: z.number(),
});

export const ZAppStationItem = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** Metres from the asked point, rounded; null when no point was given. */
  distance_m: z.number().int().nullable(),
  merchant: ZAppRef,
  /** Its charge point is connected and heartbeating. */
  online: z.boolean(),
  /** Open now by its schedule (Bishkek time); a station without hours is always open. */
  open_now: z.boolean(),
  max_power_kw: z.number(),
  connector_types: z.array(ZAppConnectorTypeSummary),
  avatar: z.string().nullable(),
});
export type TAppStationItem = z.infer<typeof ZAppStationItem>;
export const ZAppStationPage = zPaged(ZAppStationItem);
export type TAppStationPage = z.infer<typeof ZAppStationPage>;

/** A connector's price as the price preview computes it (GET /api/v1/stations/connectors/{id}/price/). */
export const ZAppConnectorPrice = z.object({
  rate: z.object({ id: z.number().int().nullable(), name: z.string(), source: z.enum(TARIFF_SOURCES) }).nullable(),
  /** In force now; null when the connector has no tariff (a charge there is refused). */
  now: ZTariffPrices.nullable(),
  /** The next 24 hours in stretches of equal prices. */
  timeline: z.array(
    z.object({ from: z.string(), to: z.string(), fee: z.string(), time_fee: z.string(), idle_fee: z.string() }),
  ),
});

export const ZAppStationConnector = z.object({
  /** What POST /charging/start/ takes. */
  id: z.number().int(),
  ocpp_id: z.number().int(),
  evse_id: z.number().int(),
  connector_id: z.number().int(),
  type: z.string(),
  type_name: z.string(),
  current: z.enum(['AC', 'DC']),
  power_kw: z.number(),
  cable_length: z.number().int().nullable(),
  /** Its last OCPP status (Available, Preparing, Charging, Faulted...); null before the charge point told one. */
  status: z.string().nullable(),
  /** Available and the station online. */
  available: z.boolean(),
  price: ZAppConnectorPrice,
});

export const ZAppStationPhoto = z.object({ id: z.number().int(), url: z.string(), kind: z.enum(['image', 'video']) });

export const ZAppStation = ZAppStationItem.omit({ distance_m: true }).extend({
  schedule: ZSchedule,
  photos: z.array(ZAppStationPhoto),
  tags: z.array(ZAppRef),
  infrastructure: z.array(ZAppInfrastructure),
  connectors: z.array(ZAppStationConnector),
});
export type TAppStation = z.infer<typeof ZAppStation>;

/* Content -------------------------------------------------------------------------------------------------------- */

export const ZAppStationFilterQuery = z.object({
  station: optionalFilter(zIdText()).meta({
    description: 'Only what is shown at this station: the network’s and its merchant’s (for all or for it).',
  }),
});

export const ZAppBanner = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string(),
  link: z.string(),
  button: z.object({ name: z.string(), color: z.string() }),
  /** Null: the whole network's. */
  merchant: ZAppRef.nullable(),
  /** The stations it is shown at; empty: all of its merchant's (or the network's). */
  stations: z.array(z.number().int()),
  ends_at: z.string(),
});
export const ZAppBannerList = z.object({ items: z.array(ZAppBanner) });
export type TAppBannerList = z.infer<typeof ZAppBannerList>;

export const ZAppFullscreenQuery = z.object({
  category: z.enum(FULLSCREEN_CATEGORIES, { message: 'invalid_choice' }),
});
export const ZAppFullscreen = z.object({
  id: z.number().int(),
  name: z.string(),
  image: z.string(),
  link: z.string(),
  destination: z.enum(FULLSCREEN_DESTINATIONS),
  merchant: ZAppRef.nullable(),
  ends_at: z.string(),
});
export const ZAppFullscreenList = z.object({
  category: z.enum(FULLSCREEN_CATEGORIES),
  items: z.array(ZAppFullscreen),
});
export type TAppFullscreenList = z.infer<typeof ZAppFullscreenList>;

export const ZAppNewsQuery = z.object(zAppPage);
export const ZAppNewsItem = z.object({ id: z.number().int(), title: z.string(), text: z.string(), date: z.string() });
export const ZAppNewsPage = zPaged(ZAppNewsItem);
export type TAppNewsPage = z.infer<typeof ZAppNewsPage>;

export const ZAppPromotion = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string(),
  initiator: z.enum(PROMOTION_INITIATORS),
  merchant: ZAppRef.nullable(),
  /** The stations it applies at; empty: all of its merchant's (or the network's). */
  stations: z.array(z.number().int()),
  /** Exactly one of the two. */
  discount: z.object({ percent: z.number().int().nullable(), amount: ZMoney.nullable() }),
  conditions: z.object({
    /** The charge's amount before the discount must reach it. */
    min_charge_amount: ZMoney,
    /** The driver's earlier delivered charges must reach it. */
    min_charges_count: z.number().int(),
    /** Bishkek time, HH:mm; an end before the start crosses midnight. */
    happy_hours: z.object({ start: z.string(), end: z.string() }),
    /** Reached only through one of its promo codes (POST /promo-codes/). */
    by_code: z.boolean(),
  }),
  starts_at: z.string(),
  ends_at: z.string(),
});
export const ZAppPromotionList = z.object({ items: z.array(ZAppPromotion) });
export type TAppPromotionList = z.infer<typeof ZAppPromotionList>;

import { z } from 'zod';
import { optionalFilter, ZQueryBoolean } from './common';
import { zIdText } from './rules';

/** GET /common/locations/?location_type=countries|settlements[&country_id=][&search=][&cost=] */
export const ZLocationQuery = z.object({
  location_type: z.enum(['countries', 'settlements'], { message: 'invalid_choice' }),
  country_id: optionalFilter(zIdText()),
  search: optionalFilter(z.string().trim().max(100)),
  /** cost=true: only settlements where the network has stations, i.e. where charging is billed. */
  cost: optionalFilter(ZQueryBoolean),
});
export type TLocationQuery = z.input<typeof ZLocationQuery>;

/** A country or settlement; `name` is in the request's language. */
export const ZLocation = z.object({
  id: z.number().int(),
  name: z.string(),
  name_ru: z.string(),
  name_en: z.string(),
  name_ky: z.string(),
  country_id: z.number().int().nullable(),
  region: z.string().nullable(),
  district: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type TLocation = z.infer<typeof ZLocation>;
export const ZLocationList = z.array(ZLocation);

/** GET /stations/connectors-types-positions/?info=types|positions */
export const ZConnectorLookupQuery = z.object({ info: z.enum(['types', 'positions'], { message: 'invalid_choice' }) });
export const ZConnectorType = z.object({
  key: z.string(),
  name: z.string(),
  current: z.enum(['AC', 'DC']),
  /** The default tariff of this type, som per kWh, or null when there is none. */
  fee_default: z.string().nullable(),
});
export type TConnectorType = z.infer<typeof ZConnectorType>;
export const ZConnectorPosition = z.object({ key: z.number().int(), label: z.string() });
export type TConnectorPosition = z.infer<typeof ZConnectorPosition>;
export const ZConnectorLookup = z.union([z.array(ZConnectorType), z.array(ZConnectorPosition)]);

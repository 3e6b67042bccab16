import { STATION_LIMITS } from '@zaryad/contracts';
import type { FastifyInstance } from 'fastify';

// Multipart requests of the station form as a browser builds them, and the files they carry.

/** A PNG signature and header: enough for the content check. */
export const PNG_BYTES = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
export const JPEG_BYTES = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');
/** An MP4 opening with its `ftyp` box. */
export const MP4_BYTES = Buffer.concat([Buffer.from('00000018667479706d703432000000006d703432', 'hex'), Buffer.alloc(64, 1)]);
export const OVERSIZED_PNG = Buffer.concat([PNG_BYTES, Buffer.alloc(STATION_LIMITS.photoMaxBytes + 1 - PNG_BYTES.length, 7)]);

export interface UploadFile {
  bytes: Buffer | string;
  filename: string;
  type?: string;
}

export type TFormValue = string | number | boolean | UploadFile | (string | number)[];

export const photo = (filename = 'photo.png'): UploadFile => ({ bytes: PNG_BYTES, filename, type: 'image/png' });

/** Serialises fields the way the web form sends them: arrays as repeated names, files as file parts. */
export const multipartBody = async (fields: Record<string, TFormValue | undefined>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) {
      continue;
    }
    if (Array.isArray(value)) {
      for (const item of value) {
        form.append(name, String(item));
      }
    } else if (typeof value === 'object') {
      form.append(name, new Blob([value.bytes], { type: value.type ?? 'application/octet-stream' }), value.filename);
    } else {
      form.append(name, String(value));
    }
  }
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type') ?? '' };
};

/** `schedule[i]day`... for flat schedule entries. */
export const scheduleFields = (entries: { day: number; start_time: string; end_time: string; is_break?: boolean }[]) =>
  Object.fromEntries(
    entries.flatMap((entry, index) => [
      [`schedule[${index}]day`, String(entry.day)],
      [`schedule[${index}]start_time`, entry.start_time],
      [`schedule[${index}]end_time`, entry.end_time],
      [`schedule[${index}]is_break`, String(entry.is_break ?? false)],
    ]),
  );

export interface ConnectorFields {
  evse_id: number;
  connector_id: number;
  ocpp_16_id: number;
  typo: string;
  position: number;
  power_kWh?: number;
  cable_length?: number | string | null;
  custom_fee?: string | null;
}

export const connectorFields = (connectors: ConnectorFields[]) =>
  Object.fromEntries(
    connectors.flatMap((connector, index) =>
      Object.entries(connector).map(([key, value]) => [`connectors[${index}]${key}`, value === null ? '' : String(value)]),
    ),
  );

export const mediaFields = (files: UploadFile[]) => Object.fromEntries(files.map((file, index) => [`media_files[${index}]content`, file]));

/** Every field of a valid create form for a merchant in the given city (ids from the locations lookup). */
export const stationCreateFields = (
  merchant: number,
  place: { country: number; city: number },
  identity: string,
): Record<string, TFormValue> => ({
  merchant,
  identity,
  password: 'Abcdefgh12345678',
  pic: 'Азамат Усенов',
  name_ru: 'Зарядка на Киевской',
  name_en: 'Kievskaya charger',
  name_ky: 'Киев көчөсүндөгү кубаттагыч',
  address_ru: 'ул. Киевская, 95',
  address_en: '95 Kievskaya St',
  address_ky: 'Киев көч., 95',
  latitude: '42.874621',
  longitude: '74.5697',
  manufacturer: 'ABB',
  execution_type: 'floor',
  is_gas_station: 'false',
  status: 0,
  is_new: 'true',
  country: place.country,
  city: place.city,
  ...scheduleFields([
    { day: 0, start_time: '09:00:00', end_time: '18:00:00' },
    { day: 0, start_time: '13:00:00', end_time: '14:00:00', is_break: true },
    { day: 1, start_time: '09:00:00', end_time: '18:00:00' },
  ]),
  ...connectorFields([
    { evse_id: 1, connector_id: 1, ocpp_16_id: 1, typo: 'ccs2', position: 1, power_kWh: 60, cable_length: 5, custom_fee: '18.50' },
    { evse_id: 1, connector_id: 2, ocpp_16_id: 2, typo: 'type2', position: 2, power_kWh: 22, cable_length: null },
  ]),
  ...mediaFields([photo()]),
});

export const sendMultipart = async (
  app: FastifyInstance,
  method: 'POST' | 'PATCH',
  url: string,
  headers: Record<string, string>,
  fields: Record<string, TFormValue | undefined>,
) => {
  const body = await multipartBody(fields);
  return app.inject({ method, url, headers: { ...headers, 'content-type': body.contentType }, payload: body.payload });
};

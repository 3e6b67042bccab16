import type { APIRequestContext } from '@playwright/test';
import type {
  TLocation,
  TMerchant,
  TMerchantCreateBody,
  TScheduleEntryInput,
  TStation,
  TSurrounding,
  TTag,
  TTokenPair,
} from '@zaryad/contracts';
import { encodePng } from '@zaryad/server/png';
import { unique } from './api';

const auth = (admin: TTokenPair) => ({ Authorization: `Bearer ${admin.access}` });

const expectStatus = async (
  response: { status: () => number; text: () => Promise<string> },
  status: number,
  what: string,
) => {
  if (response.status() !== status) {
    throw new Error(`${what} failed: ${response.status()} ${await response.text()}`);
  }
};

/** A real 1x1 PNG (signature, IHDR, IDAT, IEND with their CRCs): the server checks images by their content. */
export const tinyPng = (): Buffer => encodePng(1, 1, () => [0x22, 0xa6, 0x99]);

/** Kyrgyzstan (the lookup lists it first) and its first settlement. */
export async function findPlace(request: APIRequestContext, admin: TTokenPair) {
  const countries = (await (
    await request.get('/api/v1/common/locations/?location_type=countries', { headers: auth(admin) })
  ).json()) as TLocation[];
  const country = countries[0];
  if (!country) {
    throw new Error('no countries');
  }
  const cities = (await (
    await request.get(`/api/v1/common/locations/?location_type=settlements&country_id=${country.id}`, {
      headers: auth(admin),
    })
  ).json()) as TLocation[];
  const city = cities.find((item) => item.name_en === 'Bishkek') ?? cities[0];
  if (!city) {
    throw new Error('no settlements');
  }
  return { country, city };
}

const WEEKDAYS: TScheduleEntryInput[] = [0, 1, 2, 3, 4].map((day) => ({
  day,
  start_time: '09:00:00',
  end_time: '18:00:00',
  is_break: false,
}));

type TTitles = { title_ru: string; title_en: string; title_ky: string };

/** Titles must be unique per language on the server: the default ones carry a unique suffix. */
const defaultTitles = (ru: string, en: string): TTitles => {
  const id = unique();
  return { title_ru: `${ru} ${id}`, title_en: `${en} ${id}`, title_ky: '' };
};

export async function buildTag(
  request: APIRequestContext,
  admin: TTokenPair,
  titles: Partial<TTitles> = {},
): Promise<TTag> {
  const response = await request.post('/api/v1/common/tags/', {
    headers: auth(admin),
    data: { ...defaultTitles('Тег', 'Tag'), ...titles },
  });
  await expectStatus(response, 201, 'tag create');
  return (await response.json()) as TTag;
}

const ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="10" fill="#22A699"/></svg>';

export async function buildInfrastructure(
  request: APIRequestContext,
  admin: TTokenPair,
  titles: Partial<TTitles> = {},
): Promise<TSurrounding> {
  const response = await request.post('/api/v1/common/surroundings/', {
    headers: auth(admin),
    multipart: {
      ...defaultTitles('Объект', 'Place'),
      ...titles,
      icon: { name: 'icon.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(ICON) },
    },
  });
  await expectStatus(response, 201, 'infrastructure create');
  return (await response.json()) as TSurrounding;
}

export async function buildMerchant(
  request: APIRequestContext,
  admin: TTokenPair,
  overrides: Partial<TMerchantCreateBody> = {},
): Promise<TMerchant> {
  const { country, city } = await findPlace(request, admin);
  const body: TMerchantCreateBody = {
    name: `Мерчант ${unique()}`,
    agreement_number: `AG-${unique()}`,
    legal_entity: 'ОсОО «Заряд Сервис»',
    country: country.id,
    city: city.id,
    district: 'Первомайский',
    street: 'пр. Чуй, 120',
    phone: `996555${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`,
    email: `merchant-${unique()}@zaryad.kg`,
    percentage: '12.5',
    status: 0,
    schedule: WEEKDAYS,
    ...overrides,
  };
  const response = await request.post('/api/v1/merchants/', { headers: auth(admin), data: body });
  await expectStatus(response, 201, 'merchant create');
  return (await response.json()) as TMerchant;
}

export type TStationOverrides = {
  name?: string;
  status?: 0 | 1;
  tags?: number[];
  environment?: number[];
  /** `custom_fee` (som per kWh): the connector's own price, so that a charge can start without a default rate. */
  connectors?: { typo: string; power_kWh: number; custom_fee?: string }[];
};

/** Creates a station the way the station form does: multipart with indexed names and a real photo. */
export async function buildStation(
  request: APIRequestContext,
  admin: TTokenPair,
  merchantId: number,
  overrides: TStationOverrides = {},
): Promise<TStation> {
  const { country, city } = await findPlace(request, admin);
  const id = unique();
  const name = overrides.name ?? `Станция ${id}`;
  const form = new FormData();
  const fields: Record<string, string> = {
    merchant: String(merchantId),
    identity: `CP-${id}`,
    password: 'Abcdefgh12345678',
    pic: 'Азамат Усенов',
    name_ru: name,
    name_en: name,
    name_ky: name,
    address_ru: 'ул. Киевская, 95',
    latitude: '42.874621',
    longitude: '74.569700',
    execution_type: 'floor',
    status: String(overrides.status ?? 0),
    country: String(country.id),
    city: String(city.id),
  };
  for (const [key, value] of Object.entries(fields)) {
    form.append(key, value);
  }
  WEEKDAYS.forEach((entry, index) => {
    form.append(`schedule[${index}]day`, String(entry.day));
    form.append(`schedule[${index}]start_time`, entry.start_time);
    form.append(`schedule[${index}]end_time`, entry.end_time);
    form.append(`schedule[${index}]is_break`, 'false');
  });
  const connectors = overrides.connectors ?? [
    { typo: 'ccs2', power_kWh: 60 },
    { typo: 'type2', power_kWh: 22 },
  ];
  connectors.forEach((connector, index) => {
    const number = String(index + 1);
    form.append(`connectors[${index}]evse_id`, '1');
    form.append(`connectors[${index}]connector_id`, number);
    form.append(`connectors[${index}]ocpp_16_id`, number);
    form.append(`connectors[${index}]typo`, connector.typo);
    form.append(`connectors[${index}]position`, number);
    form.append(`connectors[${index}]power_kWh`, String(connector.power_kWh));
    if (connector.custom_fee) {
      form.append(`connectors[${index}]custom_fee`, connector.custom_fee);
    }
  });
  for (const tag of overrides.tags ?? []) {
    form.append('tags', String(tag));
  }
  for (const item of overrides.environment ?? []) {
    form.append('environment', String(item));
  }
  form.append('media_files[0]content', new Blob([new Uint8Array(tinyPng())], { type: 'image/png' }), 'photo.png');
  const response = await request.post('/api/v1/stations/', { headers: auth(admin), multipart: form });
  await expectStatus(response, 201, 'station create');
  return (await response.json()) as TStation;
}

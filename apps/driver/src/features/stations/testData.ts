import type { TAppStation, TAppStationItem, TAppStationPage } from '@zaryad/contracts/app-catalogue';
import type { TAppMap } from '@zaryad/contracts/app-catalogue';

/** The stations tests' data, each with overrides: a list item, a page of them, a station, the map's settings. */
type TConnector = TAppStation['connectors'][number];

export const buildStationItem = (overrides: Partial<TAppStationItem> = {}): TAppStationItem => ({
  id: 7,
  name: 'Ала-Тоо',
  address: 'Бишкек, пр. Чуй 120',
  latitude: 42.876,
  longitude: 74.604,
  distance_m: 1450,
  merchant: { id: 1, name: 'Заряд' },
  online: true,
  open_now: true,
  max_power_kw: 120,
  connector_types: [
    { type: 'type2', name: 'Type 2 (Mennekes)', current: 'AC', total: 2, available: 1, max_power_kw: 22 },
    { type: 'ccs2', name: 'CCS2', current: 'DC', total: 1, available: 0, max_power_kw: 120 },
  ],
  avatar: null,
  ...overrides,
});

export const buildStationPage = (items: TAppStationItem[]): TAppStationPage => ({
  items,
  page: 1,
  pages: 1,
  size: 100,
  total: items.length,
});

export const buildConnector = (overrides: Partial<TConnector> = {}): TConnector => ({
  id: 31,
  ocpp_id: 1,
  evse_id: 1,
  connector_id: 1,
  type: 'ccs2',
  type_name: 'CCS2',
  current: 'DC',
  power_kw: 120,
  cable_length: 5,
  status: 'Available',
  available: true,
  price: {
    rate: { id: null, name: 'Базовый', source: 'default' },
    now: {
      fee: '16.00',
      time_fee: '0.00',
      idle_fee: '5.00',
      idle_grace_minutes: 10,
      session_fee: '0.00',
      min_cost: null,
      max_cost: null,
    },
    timeline: [],
  },
  ...overrides,
});

export const buildStation = (overrides: Partial<TAppStation> = {}): TAppStation => {
  const { distance_m: _distance, ...item } = buildStationItem();
  return {
    ...item,
    schedule: [],
    photos: [],
    tags: [],
    infrastructure: [],
    connectors: [buildConnector()],
    ...overrides,
  };
};

export const buildMapSettings = (overrides: Partial<TAppMap> = {}): TAppMap => ({
  tile_url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '&copy; OpenStreetMap contributors',
  center: { latitude: 42.87, longitude: 74.59 },
  zoom: 13,
  connector_types: [
    { type: 'type2', name: 'Type 2 (Mennekes)', current: 'AC' },
    { type: 'ccs2', name: 'CCS2', current: 'DC' },
    { type: 'chademo', name: 'CHAdeMO', current: 'DC' },
  ],
  ...overrides,
});

type TGeolocationAnswer = { lat: number; lon: number } | 'denied' | 'silent';

/** The browser's geolocation answering as told: a position, a refusal, or never (an unanswered prompt). */
export const stubGeolocation = (answer: TGeolocationAnswer) => {
  const geolocation = {
    getCurrentPosition: (success: PositionCallback, failure?: PositionErrorCallback | null) => {
      if (answer === 'silent') {
        return;
      }
      queueMicrotask(() => {
        if (answer === 'denied') {
          failure?.({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError);
        } else {
          success({ coords: { latitude: answer.lat, longitude: answer.lon } } as GeolocationPosition);
        }
      });
    },
  };
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
};

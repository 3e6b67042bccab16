import type { TAppCharge, TAppSession } from '@zaryad/contracts/app';
import type { TAppStation } from '@zaryad/contracts/app-catalogue';

/** The charging tests' data: a station with its connectors, a charge, a session, each with overrides. */
type TConnector = TAppStation['connectors'][number];

export const buildConnector = (overrides: Partial<TConnector> = {}): TConnector => ({
  id: 31,
  ocpp_id: 1,
  evse_id: 1,
  connector_id: 1,
  type: 'ccs2',
  type_name: 'CCS2',
  current: 'DC',
  power_kw: 60,
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

export const buildStation = (overrides: Partial<TAppStation> = {}): TAppStation => ({
  id: 7,
  name: 'Ала-Тоо',
  address: 'Бишкек, пр. Чуй 120',
  latitude: 42.87,
  longitude: 74.59,
  merchant: { id: 1, name: 'Заряд' },
  online: true,
  open_now: true,
  max_power_kw: 60,
  connector_types: [],
  avatar: null,
  schedule: [],
  photos: [],
  tags: [],
  infrastructure: [],
  connectors: [buildConnector()],
  ...overrides,
});

export const buildCharge = (overrides: Partial<TAppCharge> = {}): TAppCharge => ({
  id: 501,
  status: 'in_progress',
  running: true,
  station: { id: 7, name: 'Ала-Тоо', address: 'Бишкек, пр. Чуй 120' },
  connector: { id: 31, name: 'CCS2 · 1', ocpp_16_id: 1 },
  started_at: '2026-11-30T04:00:00Z',
  finished_at: null,
  duration: 600,
  consumption_kwh: '4.250',
  power_w: 22000,
  cost: '68.00',
  discount: '0.00',
  running_cost: null,
  cost_breakdown: null,
  payment_method: 'personal_balance',
  ...overrides,
});

export const buildSession = (overrides: Partial<TAppSession> = {}): TAppSession => ({
  charges: [],
  starting: [],
  ...overrides,
});

export const balanceOf = (held: string) => ({ balance: '500.00', held, available: '400.00', min_to_start: '10.00' });

import type { TAppCharge, TAppSession } from '@zaryad/contracts/app';
import type { TAppStation } from '@zaryad/contracts/app-catalogue';
import {
  buildConnector as buildStationConnector,
  buildStation as buildStationWithConnectors,
} from '@/features/stations/testData';

/**
 * The charging tests' data: the stations tests' station and connector (a 60 kW CCS2 station here), a charge, a
 * session, each with overrides.
 */
type TConnector = TAppStation['connectors'][number];

export const buildConnector = (overrides: Partial<TConnector> = {}): TConnector =>
  buildStationConnector({ power_kw: 60, ...overrides });

export const buildStation = (overrides: Partial<TAppStation> = {}): TAppStation =>
  buildStationWithConnectors({
    latitude: 42.87,
    longitude: 74.59,
    max_power_kw: 60,
    connector_types: [],
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

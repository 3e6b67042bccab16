import type { APIRequestContext } from '@playwright/test';
import type { TCharge, TPaged, TTokenPair } from '@zaryad/contracts';

/**
 * The stations, drivers and charges e2e/support/seed-charges.ts makes before the server starts: charges cannot be
 * made through the API (a charge point starts them), and the embedded database serves one process at a time. Names
 * and accounts are the charges tests' own; the stop test has its own running charge at its own station, which no other
 * test lists or counts.
 */
export const CHARGE_STATIONS = {
  alaArcha: { ru: 'Ала-Арча Хаб', en: 'Ala-Archa Hub', ky: 'Ала-Арча Хабы' },
  dordoi: { ru: 'Дордой Плаза', en: 'Dordoi Plaza', ky: 'Дордой Плаза' },
  /** The stop test's station: stopping its charge changes no list another test counts. */
  manas: { ru: 'Манас Терминал', en: 'Manas Terminal', ky: 'Манас Терминалы' },
  /**
   * The force-finish tests' station: its charge point was last heard SILENT_MINUTES before the seed, and two charges
   * without a driver run there (connector 1 for the screenshots, which only open the confirmation; 2 to close).
   */
  osh: { ru: 'Ош Базар', en: 'Osh Bazaar', ky: 'Ош базары' },
} as const;
/** How long before the seed the osh station's charge point went silent: past OCPP_FORCE_FINISH_AFTER_S (600 s). */
export const SILENT_MINUTES = 85;
/** The meter of the osh station's running charges: 4.2 kWh so far. */
export const SILENT_CHARGE_WH = 4_200;
export type TChargeStationKey = keyof typeof CHARGE_STATIONS;

/** Stations made before the ones above, so that the picker lists them on its first page and these on a later one. */
export const FILLER_STATIONS = 24;
export const fillerName = (index: number) => `Резерв E2E ${String(index + 1).padStart(2, '0')}`;

export const CHARGE_DRIVERS = {
  kanat: { name: 'Канат Абдыкадыров', account: 'E2E-C-0001', credit: '3000.00' },
  zhyldyz: { name: 'Жылдыз Мамбетова', account: 'E2E-C-0002', credit: '500.00' },
  timur: { name: 'Тимур Ким', account: 'E2E-C-0003', credit: '800.00' },
  asel: { name: 'Асель Омурбекова', account: 'E2E-C-0004', credit: '150.00' },
} as const;
export type TChargeDriverKey = keyof typeof CHARGE_DRIVERS;

export type TChargeFixture = {
  station: TChargeStationKey;
  driver: TChargeDriverKey;
  connector: 1 | 2;
  paymentMethod: 'cash' | 'other_card' | 'personal_balance' | 'promotion';
  source?: 'app' | 'rfid' | 'operator';
  platform?: 1 | 2 | null;
  /** UTC; a running charge starts `runningForMinutes` before the seed instead. */
  startedAt?: string;
  runningForMinutes?: number;
  /** Energy in Wh: the meter's last value of a running charge, the stop reading of a finished one. */
  energyWh: number;
  promotion?: { id: number; percent: number };
  /** How it ended; a running charge when absent. */
  end?: 'finished' | 'stopped' | 'canceled' | 'unauthorized';
  minutes?: number;
};

export const E2E_CHARGES: readonly TChargeFixture[] = [
  {
    station: 'alaArcha',
    driver: 'kanat',
    connector: 1,
    paymentMethod: 'personal_balance',
    platform: 2,
    startedAt: '2026-11-20T12:00:00.000Z',
    minutes: 48,
    energyWh: 24_500,
    end: 'finished',
  },
  {
    station: 'alaArcha',
    driver: 'zhyldyz',
    connector: 2,
    paymentMethod: 'cash',
    platform: 1,
    startedAt: '2026-11-21T15:30:00.000Z',
    minutes: 65,
    energyWh: 11_200,
    end: 'finished',
  },
  {
    station: 'alaArcha',
    driver: 'kanat',
    connector: 2,
    paymentMethod: 'personal_balance',
    source: 'rfid',
    platform: null,
    startedAt: '2026-11-22T06:10:00.000Z',
    minutes: 1,
    energyWh: 0,
    end: 'unauthorized',
  },
  // The stop test's own charge, at a station of its own.
  {
    station: 'manas',
    driver: 'timur',
    connector: 1,
    paymentMethod: 'personal_balance',
    platform: 1,
    runningForMinutes: 25,
    energyWh: 8_000,
  },
  {
    station: 'dordoi',
    driver: 'asel',
    connector: 2,
    paymentMethod: 'other_card',
    platform: 2,
    startedAt: '2026-11-19T13:05:00.000Z',
    minutes: 95,
    energyWh: 31_750,
    promotion: { id: 7, percent: 10 },
    end: 'finished',
  },
  {
    station: 'dordoi',
    driver: 'zhyldyz',
    connector: 2,
    paymentMethod: 'cash',
    platform: 2,
    startedAt: '2026-11-21T04:00:00.000Z',
    minutes: 2,
    energyWh: 0,
    end: 'canceled',
  },
  {
    station: 'dordoi',
    driver: 'asel',
    connector: 2,
    paymentMethod: 'personal_balance',
    platform: 2,
    startedAt: '2026-11-22T16:45:00.000Z',
    minutes: 40,
    energyWh: 15_000,
    end: 'stopped',
  },
  // Running for the screenshots: no test stops it.
  {
    station: 'dordoi',
    driver: 'asel',
    connector: 1,
    paymentMethod: 'personal_balance',
    platform: 2,
    runningForMinutes: 12,
    energyWh: 4_200,
  },
];

export const chargesAt = (station: TChargeStationKey) => E2E_CHARGES.filter((charge) => charge.station === station);

const auth = (admin: TTokenPair) => ({ Authorization: `Bearer ${admin.access}` });

/** Charges as the API lists them, with the list's filters. */
export async function listCharges(
  request: APIRequestContext,
  admin: TTokenPair,
  params: Record<string, string | number>,
) {
  const response = await request.get('/api/v1/users/transactions/', {
    params: { size: 50, ...params },
    headers: auth(admin),
  });
  if (!response.ok()) {
    throw new Error(`charges list failed: ${response.status()} ${await response.text()}`);
  }
  return (await response.json()) as TPaged<TCharge>;
}

/** The id the server gave a seeded driver, found by its unique personal account. */
export async function driverId(request: APIRequestContext, admin: TTokenPair, key: TChargeDriverKey) {
  const account = CHARGE_DRIVERS[key].account;
  const response = await request.get('/api/v1/users/', { params: { search: account }, headers: auth(admin) });
  const page = (await response.json()) as { items: { id: number; personal_account: string }[] };
  const found = page.items.find((item) => item.personal_account === account);
  if (!found) {
    throw new Error(`the seeded driver ${key} is missing: was e2e/support/seed-charges.ts run?`);
  }
  return found.id;
}

/** The id of a seeded station, by its Russian name (the picker answers in the request's language). */
export async function stationId(request: APIRequestContext, admin: TTokenPair, key: TChargeStationKey) {
  const name = CHARGE_STATIONS[key].ru;
  const response = await request.get('/api/v1/stations/for-transaction/', {
    params: { search: name, size: 20 },
    headers: { ...auth(admin), 'Accept-Language': 'ru' },
  });
  const page = (await response.json()) as { items: { id: number; name: string }[] };
  const found = page.items.find((item) => item.name === name);
  if (!found) {
    throw new Error(`the seeded station ${key} is missing: was e2e/support/seed-charges.ts run?`);
  }
  return found.id;
}

/**
 * Random charges for the brute-force tests of the figures the screens show (issue 31): a seeded generator (the seed is
 * printed in each test's name, so that a failure can be replayed with `FIGURES_TEST_SEED=<seed>`), a small random
 * network, random charges booked through the charges engine (most many to a transaction by `bookCharges`, the demo
 * seed's way, in finish order; some one by one through `finishCharge` afterwards, out of time order; a few still
 * running; the engine chooses their promotions as in production), and the raw
 * charges read back for the tests to sum themselves.
 */
import type { TChargeSource, TPaymentMethod, TPlatform } from '@zaryad/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { type ChargeDraft, finishCharge, bookCharges, startCharge, type TEndStatus } from '../modules/charges';
import { buildMerchant } from './network-builders';
import { buildStation } from './station-builders';
import { buildEntry, buildUser } from './user-builders';

/** The seed of this run: `FIGURES_TEST_SEED` when given (to replay a failure), else a random one. */
export const testSeed = () => Number(process.env.FIGURES_TEST_SEED ?? Math.floor(Math.random() * 1_000_000));

export interface Random {
  /** In [0, 1). */
  next(): number;
  /** An integer in [0, below). */
  below(below: number): number;
  pick<T>(items: readonly T[]): T;
  /** True with this probability. */
  chance(probability: number): boolean;
}

/** A linear congruential generator: the same seed gives the same data on any machine. */
export const seededRandom = (seed: number): Random => {
  let state = Math.abs(Math.floor(seed)) % 2_147_483_648;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const below = (limit: number) => Math.floor(next() * limit);
  return {
    next,
    below,
    pick: <T>(items: readonly T[]) => items[below(items.length)] as T,
    chance: (probability: number) => next() < probability,
  };
};

export interface RandomStation {
  id: number;
  merchantId: number;
  /** The connector types it has, by OCPP connector id (1, 2...). */
  types: string[];
}

export interface RandomNetwork {
  merchantIds: number[];
  stations: RandomStation[];
  userIds: number[];
}

const TYPES = ['type2', 'ccs2', 'chademo'] as const;
const FEES = ['12.50', '20.00', '7.33', '26.00'] as const;

/**
 * Merchants, each with a few stations of one or two connectors of random types and fees at random places around
 * Bishkek, and drivers holding a little money (balance payments also run into the red), registered and topped up at
 * `since` (the start of 2025 unless told: before every test's charges, as a driver registers before charging).
 */
export const buildRandomNetwork = async (
  db: Database,
  random: Random,
  options: { merchants?: number; stationsPerMerchant?: number; users?: number; since?: Date } = {},
): Promise<RandomNetwork> => {
  const merchantIds: number[] = [];
  const stations: RandomStation[] = [];
  for (let index = 0; index < (options.merchants ?? 2); index += 1) {
    const merchant = await buildMerchant(db);
    merchantIds.push(merchant.id);
    for (let count = 0; count < (options.stationsPerMerchant ?? 2); count += 1) {
      const types = Array.from({ length: 1 + random.below(2) }, () => random.pick(TYPES));
      const station = await buildStation(db, {
        merchantId: merchant.id,
        latitude: (42.8 + random.below(100_000) / 1_000_000).toFixed(6),
        longitude: (74.5 + random.below(100_000) / 1_000_000).toFixed(6),
        connectors: types.map((typo, connector) => ({ evse_id: connector + 1, typo, custom_fee: random.pick(FEES) })),
      });
      stations.push({ id: station.id, merchantId: merchant.id, types });
    }
  }
  const userIds: number[] = [];
  for (let index = 0; index < (options.users ?? 6); index += 1) {
    const since = options.since ?? new Date('2025-01-01T00:00:00Z');
    const user = await buildUser(db, { registeredAt: since });
    await buildEntry(db, user.id, { credit: '300.00', createdAt: since });
    userIds.push(user.id);
  }
  return { merchantIds, stations, userIds };
};

export interface RandomChargeOptions {
  count: number;
  /** Finishes fall between `from` and `from + days`, at any second (so also near Bishkek midnights). */
  from: Date;
  days: number;
  /** The share booked one by one through finishCharge afterwards (the rest by bookCharges); 0.2 unless told. */
  oneByOne?: number;
  /** Charges left running (started in the window, never finished); 0 unless told. */
  running?: number;
}

const END_STATUSES: TEndStatus[] = [
  'finished',
  'finished',
  'finished',
  'stopped',
  'canceled',
  'not_completed',
  'unauthorized',
];
const SOURCES: TChargeSource[] = ['app', 'app', 'rfid', 'operator'];
const METHODS: TPaymentMethod[] = ['personal_balance', 'personal_balance', 'cash', 'other_card'];
const PLATFORMS: (TPlatform | null)[] = [1, 2, 2, null];

/** Random charges on the network, booked through the engine. */
export const buildRandomCharges = async (
  db: Database,
  random: Random,
  network: RandomNetwork,
  options: RandomChargeOptions,
) => {
  const drafts: ChargeDraft[] = [];
  for (let index = 0; index < options.count + (options.running ?? 0); index += 1) {
    const station = random.pick(network.stations);
    const finishedAt = new Date(
      options.from.getTime() + random.below(options.days * 86_400) * 1000 + random.below(1000),
    );
    const running = index >= options.count;
    drafts.push({
      userId: random.chance(0.1) ? null : random.pick(network.userIds),
      stationId: station.id,
      connectorOcppId: 1 + random.below(station.types.length),
      source: random.pick(SOURCES),
      paymentMethod: random.pick(METHODS),
      platform: random.pick(PLATFORMS),
      appVersion: '2.5.0',
      // Some start the Bishkek day (or the year) before they finish.
      startedAt: new Date(finishedAt.getTime() - (1 + random.below(180)) * 60_000),
      meterStartWh: random.below(5_000),
      ...(running
        ? { meterLastWh: 5_000 + random.below(20_000) }
        : {
            end: { status: random.pick(END_STATUSES), finishedAt, energyWh: random.below(60_000) },
          }),
    });
  }
  const oneByOne = drafts.filter((draft) => draft.end && random.chance(options.oneByOne ?? 0.2));
  await bookCharges(
    db,
    drafts.filter((draft) => !oneByOne.includes(draft)),
  );
  // Finished out of time order, one transaction each, at earlier and later instants than those booked before.
  for (const draft of oneByOne) {
    const started = await startCharge(db, draft);
    await finishCharge(db, {
      chargeId: started.id,
      status: draft.end?.status ?? 'finished',
      meterStopWh: draft.meterStartWh + (draft.end?.energyWh ?? 0),
      finishedAt: draft.end?.finishedAt,
    });
  }
};

/** A charge as stored, with its station's merchant: what the brute force sums. */
export interface RawCharge {
  id: number;
  station_id: number;
  merchant_id: number;
  connector_types: string[];
  user_id: number | null;
  status: string;
  source: string;
  payment_method: string;
  platform: number | null;
  promotion_id: number | null;
  /** ISO instants (milliseconds); finished_at null while running. */
  started_at: string;
  finished_at: string | null;
  energy_wh: bigint;
  amount: bigint;
  discount: bigint;
  total_cost: bigint;
}

/** Every charge, as stored. */
export const readRawCharges = async (db: Database): Promise<RawCharge[]> => {
  const result = await db.execute(sql`
    select c.id::int as id, c.station_id, s.merchant_id, c.user_id, c.status, c.source, c.payment_method, c.platform,
           c.promotion_id, to_json(c.started_at) #>> '{}' as started_at, to_json(c.finished_at) #>> '{}' as finished_at,
           c.energy_wh::text as energy_wh, c.amount::text as amount, c.discount::text as discount,
           c.total_cost::text as total_cost,
           (select array_agg(distinct k.typo) from station_connectors k where k.station_id = s.id) as connector_types
    from charges c join stations s on s.id = c.station_id order by c.id`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((row) => ({
    id: Number(row.id),
    station_id: Number(row.station_id),
    merchant_id: Number(row.merchant_id),
    connector_types: (row.connector_types as string[] | null) ?? [],
    user_id: row.user_id === null ? null : Number(row.user_id),
    status: String(row.status),
    source: String(row.source),
    payment_method: String(row.payment_method),
    platform: row.platform === null ? null : Number(row.platform),
    promotion_id: row.promotion_id === null ? null : Number(row.promotion_id),
    started_at: new Date(String(row.started_at)).toISOString(),
    finished_at: row.finished_at === null ? null : new Date(String(row.finished_at)).toISOString(),
    energy_wh: BigInt(String(row.energy_wh)),
    amount: BigInt(String(row.amount)),
    discount: BigInt(String(row.discount)),
    total_cost: BigInt(String(row.total_cost)),
  }));
};

/** A delivered charge: finished or stopped (the others failed). */
export const isDelivered = (charge: RawCharge) => charge.status === 'finished' || charge.status === 'stopped';

const BISHKEK_MS = 6 * 3_600_000;
/** The Bishkek wall clock of an instant, `YYYY-MM-DDTHH:MM:SS.mmm`. */
export const bishkekClock = (instant: string) => new Date(Date.parse(instant) + BISHKEK_MS).toISOString().slice(0, 23);
/** The Bishkek day of an instant. */
export const bishkekDayOf = (instant: string) => bishkekClock(instant).slice(0, 10);
/** ISO weekday (1 Monday .. 7 Sunday) of a `YYYY-MM-DD` day. */
export const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() || 7;
/** The day `days` after a `YYYY-MM-DD` day. */
export const dayAfter = (day: string, days = 1) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Sums in tyiyn and Wh, written as the API writes them. */
export const somText = (tyiyn: bigint) =>
  `${tyiyn < 0n ? '-' : ''}${(tyiyn < 0n ? -tyiyn : tyiyn) / 100n}.${String((tyiyn < 0n ? -tyiyn : tyiyn) % 100n).padStart(2, '0')}`;
export const kwhText = (wh: bigint) => `${wh / 1000n}.${String(wh % 1000n).padStart(3, '0')}`;
export const sum = <T>(items: T[], of: (item: T) => bigint) => items.reduce((total, item) => total + of(item), 0n);

/**
 * The demo network's year of charges over its 42 stations and the demo drivers, booked in time order through the one
 * charges engine (bookCharges: each charge started and finished as the charge point would, a week per transaction),
 * with the drivers' top-ups in their places among them: every statement chains by date, and every rollup is the
 * triggers' sum of its charges.
 *
 * Deterministic (a seeded generator, days counted back from today) and idempotent (a database with charges gets none).
 * What it looks like: evening and weekend peaks, AC charges of 5-40 kWh and DC ones of 15-70 kWh lasting as long as
 * the power allows, a few percent canceled, not completed or unauthorized, mostly paid from the balance (drivers top
 * up before charging when it runs low), started from the app on iOS or Android, by RFID card or by an operator, and a
 * few charges running now.
 */
import type { TChargeSource, TPaymentMethod, TPlatform } from '@zaryad/contracts';
import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { BISHKEK_OFFSET_SECONDS } from '../../platform/bishkek-time';
import { buildUser } from '../../test/user-builders';
import { rates } from '../rates';
import { stationConnectors, stations } from '../stations';
import { appUsers, balanceEntries, DEMO_YEAR_DAYS, demoTopUpCredits } from '../users';
import { promotions } from '../promotions';
import { bookCharges, type ChargeDraft, type ScheduledCredit, type TEndStatus } from './charges.engine';
import { charges } from './charges.tables';

/**
 * About 13,000 charges a year over the 42 demo stations (a few inactive ones are rarely used): one a station a day at an
 * average station. Each is started and finished one by one through the engine, a few milliseconds each on the embedded
 * database: the year at 15 a day (200,000 charges) took over an hour, and the seed must take under 5 minutes.
 */
export const DEMO_CHARGES_PER_STATION_DAY = 1;
/** The small network's (CI): about a charge every other day at a station. */
export const SMALL_DEMO_CHARGES_PER_STATION_DAY = 0.5;
const DAYS = DEMO_YEAR_DAYS;
const RUNNING_NOW = 6;
const DAY_MS = 24 * 3600 * 1000;
const HOUR_MS = 3600 * 1000;

/** mulberry32: a small seeded generator, so that two runs on the same database and day write the same charges. */
export const seededRandom = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
};

/** Charges starting in each Bishkek hour, relative: quiet nights, a morning rise, the evening peak after work. */
const HOURLY = [2, 1, 1, 1, 1, 2, 4, 7, 9, 8, 7, 7, 8, 7, 7, 8, 10, 13, 15, 15, 13, 10, 6, 4];
const HOURLY_SUM = HOURLY.reduce((sum, weight) => sum + weight, 0);

/** A few percent of charges fail: canceled in the app, not completed by the car, refused at the charge point. */
const ENDINGS: [TEndStatus, number][] = [
  ['finished', 0.925],
  ['stopped', 0.035],
  ['canceled', 0.015],
  ['not_completed', 0.012],
  ['unauthorized', 0.013],
];
const PAYMENTS: [TPaymentMethod, number][] = [
  ['personal_balance', 0.82],
  ['cash', 0.1],
  ['other_card', 0.08],
];
const SOURCES: [TChargeSource, number][] = [
  ['app', 0.8],
  ['rfid', 0.15],
  ['operator', 0.05],
];
const APP_VERSIONS = ['2.3.0', '2.4.1', '2.4.2', '2.5.0'];
const TOP_UPS = [1000_00n, 2000_00n, 3000_00n, 5000_00n, 10_000_00n];

const pickWeighted = <T>(random: () => number, choices: [T, number][]): T => {
  let left = random();
  for (const [value, weight] of choices) {
    left -= weight;
    if (left < 0) {
      return value;
    }
  }
  return (choices.at(-1) as [T, number])[0];
};

const pick = <T>(random: () => number, values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;

/** Of delivered charges at fast chargers, the share whose car stays parked after it is full. */
const PARKED_SHARE = 0.15;

interface DemoConnector {
  ocppId: number;
  powerKw: number;
}

/** The demo network's stations with the connectors a tariff prices (a personal fee, or an active default rate). */
const chargeableStations = async (db: Database) => {
  const defaults = new Set(
    (await db.select({ typo: rates.typo }).from(rates).where(eq(rates.rateType, 'default'))).map((rate) => rate.typo),
  );
  const rows = await db
    .select({
      stationId: stationConnectors.stationId,
      ocppId: stationConnectors.ocpp16Id,
      typo: stationConnectors.typo,
      power: stationConnectors.powerKwh,
      customFee: stationConnectors.customFee,
      status: stations.status,
    })
    .from(stationConnectors)
    .innerJoin(stations, eq(stations.id, stationConnectors.stationId))
    .orderBy(asc(stationConnectors.stationId), asc(stationConnectors.ocpp16Id));
  const byStation = new Map<number, { active: boolean; connectors: DemoConnector[] }>();
  for (const row of rows) {
    if (row.customFee === null && !defaults.has(row.typo)) {
      continue;
    }
    const station = byStation.get(row.stationId) ?? { active: row.status === 0, connectors: [] };
    if (!station.connectors.some((connector) => connector.ocppId === row.ocppId)) {
      station.connectors.push({ ocppId: row.ocppId, powerKw: Number(row.power) || 22 });
    }
    byStation.set(row.stationId, station);
  }
  return [...byStation.entries()].map(([id, station]) => ({ id, ...station }));
};

/** A driver who may charge: from some minutes after registering. */
export interface DemoDriver {
  id: number;
  registeredAt: Date;
}

/**
 * The demo drivers in registration order; a database without any (the users' seed not run) gets 300 registered before
 * the year, so that charges have someone to bill.
 */
const demoDrivers = async (db: Database, now: Date): Promise<DemoDriver[]> => {
  const existing = await db
    .select({ id: appUsers.id, registeredAt: appUsers.registeredAt })
    .from(appUsers)
    .orderBy(asc(appUsers.registeredAt), asc(appUsers.id));
  if (existing.length > 0) {
    return existing;
  }
  const registeredAt = new Date(now.getTime() - (DAYS + 30) * DAY_MS);
  const built: DemoDriver[] = [];
  for (let index = 0; index < 300; index += 1) {
    built.push({ id: (await buildUser(db, { registeredAt })).id, registeredAt });
  }
  return built;
};

/** A driver's first charge starts at least this long after their registration. */
const FIRST_CHARGE_AFTER_MS = 15 * 60_000;

/** How many of the drivers (in registration order) had registered early enough to start a charge at `at`. */
const registeredBy = (drivers: DemoDriver[], at: number) => {
  let low = 0;
  let high = drivers.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((drivers[middle] as DemoDriver).registeredAt.getTime() + FIRST_CHARGE_AFTER_MS <= at) {
      low = middle + 1;
    } else {
      high = middle;
    }
  }
  return low;
};

/** The Bishkek midnight `daysAgo` days before today's, as an instant. */
const bishkekMidnight = (now: Date, daysAgo: number) => {
  const local = now.getTime() + BISHKEK_OFFSET_SECONDS * 1000;
  return new Date(local - (local % DAY_MS) - daysAgo * DAY_MS - BISHKEK_OFFSET_SECONDS * 1000);
};

/** One charge's energy (Wh) and duration (ms) at a connector: AC limited by the car's charger, DC by its curve. */
const session = (random: () => number, powerKw: number) => {
  const dc = powerKw > 22;
  const energyWh = Math.round((dc ? 15_000 + random() * 55_000 : 5_000 + random() * 35_000) / 10) * 10;
  const effectiveKw = dc ? powerKw * (0.45 + random() * 0.4) : Math.min(powerKw, 7 + random() * 4);
  return { energyWh, durationMs: Math.round((energyWh / 1000 / effectiveKw) * HOUR_MS) };
};

/** Drafts of the year's charges, in start order, and of the charges running now. */
export const demoChargeDrafts = (
  now: Date,
  network: { id: number; active: boolean; connectors: DemoConnector[] }[],
  drivers: DemoDriver[],
  perStationDay = DEMO_CHARGES_PER_STATION_DAY,
): ChargeDraft[] => {
  const random = seededRandom(20_261_123);
  const drafts: ChargeDraft[] = [];
  // Some stations are busier than others; inactive ones were rarely used.
  const busyness = network.map((station) => (station.active ? 0.5 + random() : 0.15));
  const meters = new Map<string, number>();
  const draft = (stationIndex: number, startedAt: Date, running: boolean) => {
    const station = network[stationIndex];
    if (!station || station.connectors.length === 0) {
      return;
    }
    const connector = pick(random, station.connectors);
    const source = pickWeighted(random, SOURCES);
    // Among the drivers registered by then, one in ten (the earliest: taxis) charges three times as often as the rest.
    const heavy = random() < 0.25;
    const registered = registeredBy(drivers, startedAt.getTime());
    const userId = drivers[Math.floor((heavy ? Math.ceil(registered / 10) : registered) * random())]?.id ?? null;
    const platform: TPlatform | null = source === 'app' ? (random() < 0.42 ? 1 : 2) : null;
    const { energyWh, durationMs } = session(random, connector.powerKw);
    const meterKey = `${station.id}:${connector.ocppId}`;
    const meterStartWh = meters.get(meterKey) ?? Math.floor(random() * 1_000_000) * 10;
    const status = pickWeighted(random, ENDINGS);
    const delivered = status === 'finished' || status === 'stopped';
    const finishedAt = new Date(startedAt.getTime() + (delivered ? durationMs : (1 + random() * 4) * 60_000));
    const base = {
      userId,
      stationId: station.id,
      connectorOcppId: connector.ocppId,
      source,
      paymentMethod: pickWeighted(random, PAYMENTS),
      platform,
      appVersion: platform ? pick(random, APP_VERSIONS) : '',
      startedAt,
      meterStartWh,
    };
    if (running) {
      drafts.push({ ...base, meterLastWh: meterStartWh + Math.round(energyWh * random() * 0.8) });
      return;
    }
    meters.set(meterKey, meterStartWh + (delivered ? energyWh : 0));
    // Some drivers leave their full car at a fast charger for a while: the idle fee's demo (after its grace).
    if (delivered && connector.powerKw >= 50 && random() < PARKED_SHARE) {
      const parkedMs = (5 + random() * 40) * 60_000;
      drafts.push({
        ...base,
        end: { status, finishedAt: new Date(finishedAt.getTime() + parkedMs), energyWh, chargedUntil: finishedAt },
      });
      return;
    }
    drafts.push({ ...base, end: { status, finishedAt, energyWh } });
  };
  for (let daysAgo = DAYS; daysAgo >= 1; daysAgo -= 1) {
    const midnight = bishkekMidnight(now, daysAgo);
    const weekday = new Date(midnight.getTime() + BISHKEK_OFFSET_SECONDS * 1000).getUTCDay();
    const weekend = weekday === 0 || weekday === 6 ? 1.35 : 1;
    // The network grows over the year: 0.6 of the average a day at its start, 1.4 today.
    const growth = 0.6 + 0.8 * (1 - daysAgo / DAYS);
    network.forEach((_, stationIndex) => {
      const expected = perStationDay * (busyness[stationIndex] ?? 1) * weekend * growth;
      const today = Math.floor(expected * (0.7 + random() * 0.6));
      for (let index = 0; index < today; index += 1) {
        let hour = 0;
        for (let left = random() * HOURLY_SUM; hour < 23 && left >= (HOURLY[hour] ?? 0); hour += 1) {
          left -= HOURLY[hour] ?? 0;
        }
        draft(stationIndex, new Date(midnight.getTime() + hour * HOUR_MS + Math.floor(random() * HOUR_MS)), false);
      }
    });
  }
  for (let index = 0; index < Math.min(RUNNING_NOW, network.length); index += 1) {
    draft((index * 7) % network.length, new Date(now.getTime() - (5 + random() * 50) * 60_000), true);
  }
  return drafts;
};

/**
 * Drivers top up before charging when the balance would not cover the charge (now and then one forgets and goes a
 * little into the red: the shortfall the list shows), an hour or two before it starts.
 */
const topUpPolicy =
  (random: () => number) => (user: { balance: bigint; registeredAt: Date }, cost: bigint, charge: ChargeDraft) => {
    const after = user.balance - cost;
    if (after >= 0n || (after > -300_00n && random() < 0.1)) {
      return null;
    }
    // Enough for this charge and a few more, in round amounts.
    const amount = TOP_UPS.find((option) => option + after >= 2000_00n) ?? -after + 5000_00n;
    const method: ScheduledCredit['method'] = random() < 0.7 ? 'cash' : 'other_card';
    // Never before the driver registered (a first charge an hour after signing up is topped up in between).
    const at = Math.max(charge.startedAt.getTime() - Math.floor(random() * 3 * HOUR_MS), user.registeredAt.getTime());
    return { amount, method, at: new Date(at) };
  };

/**
 * The promotions the end job has ended were running during the year: open again while the year is booked (finishCharge
 * gives only active ones), then ended as they were.
 */
const withEndedPromotionsOpen = async <T>(db: Database, book: () => Promise<T>): Promise<T> => {
  const ended = await db
    .select({ id: promotions.id, status: promotions.status, endedAt: promotions.endedAt })
    .from(promotions)
    .where(isNotNull(promotions.endedAt));
  for (const promotion of ended) {
    await db.update(promotions).set({ status: 0, endedAt: null }).where(eq(promotions.id, promotion.id));
  }
  try {
    return await book();
  } finally {
    for (const { id, ...was } of ended) {
      await db
        .update(promotions)
        .set(was)
        .where(and(eq(promotions.id, id)));
    }
  }
};

/**
 * Seeds the demo charges once (see the file's comment); answers the line `npm run seed:demo` prints.
 * `analyticsRebuiltAfter`: the caller rebuilds the dashboard's rollups after them (`npm run seed:demo`: the analytics
 * seed follows), so that the finishes skip adding to them.
 */
export const seedCharges = async (
  db: Database,
  { now = new Date(), perStationDay = DEMO_CHARGES_PER_STATION_DAY, analyticsRebuiltAfter = false } = {},
): Promise<string> => {
  const [existing] = await db.select({ total: count() }).from(charges);
  if ((existing?.total ?? 0) > 0) {
    return 'Charges added: 0.';
  }
  // The demo drivers' top-ups at operators (users' seed) are booked here, among the charges, in time order.
  const credits: ScheduledCredit[] = await demoTopUpCredits(db, now.getTime());
  const network = await chargeableStations(db);
  if (network.length === 0) {
    const [entries] = await db.select({ total: count() }).from(balanceEntries);
    const booked = (entries?.total ?? 0) === 0 ? await bookCharges(db, [], { credits }) : 0;
    return `Charges added: 0 (no stations with a tariff); top-ups booked: ${booked > 0 ? credits.length : 0}.`;
  }
  const drivers = await demoDrivers(db, now);
  const drafts = demoChargeDrafts(now, network, drivers, perStationDay);
  const topUpBefore = topUpPolicy(seededRandom(7));
  // A week per transaction: one finish's statements each in its own would take the embedded database twice as long.
  const week = 7 * DAY_MS;
  const firstStart = drafts[0]?.startedAt.getTime() ?? now.getTime();
  const weekOf = (at: Date) => Math.max(0, Math.floor((at.getTime() - firstStart) / week));
  const byWeek = new Map<number, { drafts: ChargeDraft[]; credits: ScheduledCredit[] }>();
  const batchOf = (key: number) => {
    const batch = byWeek.get(key) ?? { drafts: [], credits: [] };
    byWeek.set(key, batch);
    return batch;
  };
  for (const draft of drafts) {
    batchOf(weekOf(draft.end?.finishedAt ?? draft.startedAt)).drafts.push(draft);
  }
  const lastWeek = Math.max(0, ...byWeek.keys());
  for (const credit of credits) {
    batchOf(Math.min(lastWeek, weekOf(credit.at))).credits.push(credit);
  }
  const booked = await withEndedPromotionsOpen(db, async () => {
    let total = 0;
    for (const key of [...byWeek.keys()].sort((a, b) => a - b)) {
      const batch = byWeek.get(key) ?? { drafts: [], credits: [] };
      total += await bookCharges(db, batch.drafts, { topUpBefore, credits: batch.credits, analyticsRebuiltAfter });
    }
    return total;
  });
  const [entries] = await db.select({ total: sql<number>`count(*)::int` }).from(balanceEntries);
  return `Charges added: ${booked} (ledger entries now ${entries?.total ?? 0}, top-ups at operators among them ${credits.length}).`;
};

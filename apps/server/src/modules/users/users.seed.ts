import { type TTopUpMethod } from '@zaryad/contracts';
import { between, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bishkekDayStart, bishkekToday } from '../../platform/bishkek-time';
import { userValues } from '../../test/user-builders';
import { accounts } from '../accounts';
import {
  CAR_COLORS,
  CARS,
  EMAIL_DOMAINS,
  KYRGYZ_NAMES,
  LICENCE_SERIES,
  PATRONYM_ROOTS,
  PHONE_PREFIXES,
  RUSSIAN_NAMES,
  TOP_UP_AMOUNTS,
  TOP_UP_COMMENTS,
  TRANSLIT,
} from './users.seed.data';
import { appUsers, userIdTags } from './users.tables';

export const DEMO_USERS = 5000;
/** The small demo network's drivers (`seed:demo -- --small`). */
export const SMALL_DEMO_USERS = 300;
/** Demo users' personal accounts are 10000001, 10000002...: the stable key that makes a second run add nothing. */
export const demoPersonalAccount = (index: number) => String(10_000_000 + index);

/** The dashboard accounts that take drivers' money (accounts.seed.ts), and how often each does. */
const CASHIERS = [
  ['operator@zaryad.local', 6],
  ['operator.osh@zaryad.local', 3],
  ['manager@zaryad.local', 1],
] as const;

const DAY_MS = 24 * 3600 * 1000;
/** Users per transaction and INSERT: well under PostgreSQL's 65,535 parameters. */
const USER_BATCH = 250;

/** mulberry32: a small seeded generator, so that demo user N is the same on every machine and every run. */
const generator = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
};
type Random = ReturnType<typeof generator>;

const pick = <T>(random: Random, values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
const weighted = <T>(random: Random, values: readonly (readonly [T, number])[]): T => {
  let left = random() * values.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [value, weight] of values) {
    left -= weight;
    if (left < 0) {
      return value;
    }
  }
  return (values.at(-1) as readonly [T, number])[0];
};
const normal = (random: Random, mean: number, deviation: number) =>
  mean + deviation * Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

/** A minute of a Bishkek day when drivers show up: a daytime peak around 13:00, an evening one around 20:00. */
const activeMinute = (random: Random) => {
  const roll = random();
  const minute =
    roll < 0.55 ? normal(random, 13 * 60, 150) : roll < 0.93 ? normal(random, 20 * 60, 80) : random() * 1440;
  return Math.min(1439, Math.max(0, Math.round(minute)));
};
/** An instant on the Bishkek day that `instant` falls on, at an active minute (and a random second). */
const onSameDay = (random: Random, instant: number) => {
  const dayStart = bishkekDayStart(bishkekToday(new Date(instant))).getTime();
  return dayStart + activeMinute(random) * 60_000 + Math.floor(random() * 60_000);
};

/** Days of the demo year (the charges seed's): its charges start this many Bishkek days before today. */
export const DEMO_YEAR_DAYS = 365;
/** The share of drivers who signed up in the month before the network's first charge (its launch). */
const FOUNDERS = 0.15;

/**
 * When a demo driver signed up: one in seven in the launch month before the year's first charge, the rest over the
 * year as the network grows (sign-ups per day rising from none to the most today: days ago skewed towards today),
 * every day of the last months with a few dozen of the 5,000; never after `now`.
 */
const demoRegistration = (random: Random, now: number) => {
  const daysAgo =
    random() < FOUNDERS
      ? DEMO_YEAR_DAYS + 1 + Math.floor(random() * 30)
      : Math.floor(DEMO_YEAR_DAYS * (1 - Math.sqrt(random())));
  const at = onSameDay(random, now - daysAgo * DAY_MS);
  if (at < now) {
    return at;
  }
  // Today, at an hour still to come: earlier today instead.
  const today = bishkekDayStart(bishkekToday(new Date(now))).getTime();
  return today + Math.floor(random() * (now - today));
};

/** Odd multipliers and multipliers prime to 10^n permute their range: each demo user gets its own number. */
const permute = (index: number, multiplier: number, range: number) => (index * multiplier + 104_729) % range;
const hex32 = (value: number) => (value >>> 0).toString(16).toUpperCase().padStart(8, '0');
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const base32 = (value: number, digits: number) =>
  Array.from(
    { length: digits },
    (_, position) => CROCKFORD[Math.floor(value / 32 ** (digits - 1 - position)) % 32],
  ).join('');
const latin = (text: string) =>
  [...text.toLowerCase()].map((letter) => TRANSLIT[letter] ?? (/[a-z0-9]/.test(letter) ? letter : '')).join('');

interface DemoTopUp {
  at: number;
  tyiyn: bigint;
  method: TTopUpMethod;
  cashier: string;
  comment: string;
}

interface DemoUser {
  row: ReturnType<typeof userValues>;
  idTags: { idTag: string; kind: 'rfid' | 'app' }[];
  blocked: boolean;
}

const demoName = (random: Random, gender: 'male' | 'female') => {
  const names = random() < 0.72 ? KYRGYZ_NAMES : RUSSIAN_NAMES;
  const first = pick(random, names[gender]);
  if (names === KYRGYZ_NAMES && random() < 0.06) {
    // «Азамат Бакыт уулу»: the father's name and «son of» / «daughter of» instead of a surname.
    const father = pick(random, PATRONYM_ROOTS);
    return { first, last: father, name: `${first} ${father} ${gender === 'male' ? 'уулу' : 'кызы'}` };
  }
  const last = pick(random, names.surnames)[gender];
  return { first, last, name: `${first} ${last}` };
};

/** Top-up amounts in tyiyn: the usual round sums, now and then an odd one (a card transfer to the tyiyn). */
const topUpTyiyn = (random: Random): bigint => {
  const roll = random();
  if (roll < 0.06) {
    return BigInt(100 + Math.floor(random() * 4900)) * 100n;
  }
  if (roll < 0.08) {
    return BigInt(10_000 + Math.floor(random() * 490_000));
  }
  return BigInt(weighted(random, TOP_UP_AMOUNTS)) * 100n;
};

/**
 * The year since registration: most drivers top up right after signing up, then at their own pace (a few rarely, most
 * every month or two, the busiest every three weeks), by cash or another card at an operator.
 */
const demoTopUps = (random: Random, registeredAt: number, now: number): DemoTopUp[] => {
  // About one top-up a driver charges for: the demo books about one charge per chargeable station and day
  // (docs/product/common.md, section 10), so most drivers top up a few times a year.
  const perMonth = weighted(random, [
    [0.05, 4],
    [0.15, 4],
    [0.4, 2],
  ] as const);
  const topUp = (at: number): DemoTopUp => {
    const method = random() < 0.65 ? 'cash' : 'other_card';
    return {
      at,
      tyiyn: topUpTyiyn(random),
      method,
      cashier: weighted(random, CASHIERS),
      comment: random() < 0.3 ? pick(random, TOP_UP_COMMENTS[method]) : '',
    };
  };
  const topUps: DemoTopUp[] = [];
  if (random() < 0.85) {
    topUps.push(topUp(registeredAt + Math.floor(random() * 3 * 3600_000)));
  }
  let day = registeredAt;
  for (;;) {
    day += -Math.log(1 - random()) * (30 / perMonth) * DAY_MS;
    const at = onSameDay(random, day);
    if (at >= now) {
      break;
    }
    topUps.push(topUp(Math.max(at, (topUps.at(-1)?.at ?? registeredAt) + 60_000)));
  }
  // The charges seed books these with the year's charges, all of a driver's entries in time order.
  return topUps.filter((entry) => entry.at < now);
};

/**
 * Demo driver number `index`'s top-ups at an operator, from their registration to `now`: the same on every run for the
 * same dates (a generator of their own, apart from the person's).
 */
export const demoTopUpsOf = (index: number, registeredAt: number, now: number) =>
  demoTopUps(generator(index * 2_246_822_519 + 0x2f1), registeredAt, now);

/** Demo user number `index` (1-based): the same person on every run, whatever `now` is, except for their dates. */
export const demoUser = (index: number, now: number): DemoUser => {
  const random = generator(index * 2_654_435_761);
  const gender = random() < 0.62 ? 'male' : 'female';
  const { first, last, name } = demoName(random, gender);
  const prefix = pick(random, PHONE_PREFIXES);
  const phone = `996${prefix}${String(permute(index, 7919, 1_000_000)).padStart(6, '0')}`;
  const birthYear = 1960 + Math.floor(((random() + random()) / 2) * 46);
  const birthday = new Date(Date.UTC(birthYear, 0, 1) + Math.floor(random() * 365) * DAY_MS).toISOString().slice(0, 10);
  const registeredAt = demoRegistration(random, now);
  const hasEmail = random() < 0.9;
  const emailName = `${latin(first)}${pick(random, ['.', '_', ''])}${latin(last)}${random() < 0.5 ? String(birthYear % 100).padStart(2, '0') : ''}`;
  const car =
    random() < 0.94
      ? weighted(
          random,
          CARS.map((model) => [model, model.weight] as const),
        )
      : undefined;
  const thisYear = new Date(now).getUTCFullYear();
  const carYear = car
    ? Math.min(thisYear, car.years[0] + Math.floor(random() * (car.years[1] - car.years[0] + 1)))
    : null;
  const tagRoll = random();
  const rfid = { idTag: hex32(Math.imul(index, 0x9e3779b1) ^ 0x5a17c3e1), kind: 'rfid' as const };
  const app = {
    idTag: `APP${hex32(Math.imul(index, 0x85ebca6b) ^ 0x2c1b3c6d)}${hex32(random() * 2 ** 32).slice(0, 6)}`,
    kind: 'app' as const,
  };
  return {
    row: userValues({
      personalAccount: demoPersonalAccount(index),
      name,
      phone,
      email: hasEmail ? `${emailName}@${weighted(random, EMAIL_DOMAINS)}` : '',
      gender,
      birthday,
      registeredAt: new Date(registeredAt),
      car: car
        ? { make: car.make, model: car.model, year: carYear, color: weighted(random, CAR_COLORS) }
        : { make: '', model: '', year: null, color: '' },
      driverLicence: `${pick(random, LICENCE_SERIES)}${String(permute(index, 7_654_321, 10_000_000)).padStart(7, '0')}`,
      referralCode: `${latin(first).toUpperCase().slice(0, 6)}${base32(permute(index, 3_141_593, 32 ** 4), 4)}`,
    }),
    // Most drivers start charging from the app; some carry an RFID card as well, a few only the card.
    idTags: tagRoll < 0.15 ? [] : tagRoll < 0.55 ? [app] : tagRoll < 0.65 ? [rfid] : [app, rfid],
    blocked: random() < 0.03,
  };
};

const inBatches = async <T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) => {
  for (let start = 0; start < rows.length; start += size) {
    await insert(rows.slice(start, start + size));
  }
};

/** Writes a group of demo users with their id tags and status in one transaction. */
const insertGroup = (db: Database, group: DemoUser[]) =>
  db.transaction(async (tx) => {
    const rows = await tx
      .insert(appUsers)
      .values(group.map((user) => user.row))
      // A phone some real user already holds: that demo user is left out, on this run and the next.
      .onConflictDoNothing()
      .returning({ id: appUsers.id, account: appUsers.personalAccount });
    const ids = new Map(rows.map((row) => [row.account, row.id]));
    const added = group.flatMap((user) => {
      const id = ids.get(user.row.personalAccount);
      return id === undefined ? [] : [{ ...user, id }];
    });
    const idTags = added.flatMap((user) => user.idTags.map((tag) => ({ userId: user.id, ...tag })));
    const tagsAdded =
      idTags.length === 0
        ? []
        : await tx.insert(userIdTags).values(idTags).onConflictDoNothing().returning({ id: userIdTags.id });
    const blocked = added.filter((user) => user.blocked).map((user) => user.id);
    if (blocked.length > 0) {
      await tx.update(appUsers).set({ status: 1 }).where(inArray(appUsers.id, blocked));
    }
    return { users: added.length, idTags: tagsAdded.length };
  });

/**
 * Adds the demo drivers that are missing (by personal account), with their id tags, a few hundred users per
 * transaction: running it twice adds nothing. About 3% are blocked. Their ledgers (a year of operators' top-ups,
 * `demoTopUpCredits`) are booked by the charges seed, in time order with their charges' payments.
 */
export const seedUsers = async (db: Database, { count = DEMO_USERS, now = Date.now() } = {}) => {
  const all = Array.from({ length: count }, (_, offset) => demoPersonalAccount(offset + 1));
  const existing = new Set(
    (
      await db
        .select({ account: appUsers.personalAccount })
        .from(appUsers)
        .where(inArray(appUsers.personalAccount, all))
    ).map((row) => row.account),
  );
  const missing = all.flatMap((account, offset) => (existing.has(account) ? [] : [demoUser(offset + 1, now)]));
  const total = { users: 0, idTags: 0 };
  await inBatches(missing, USER_BATCH, async (group) => {
    const added = await insertGroup(db, group);
    total.users += added.users;
    total.idTags += added.idTags;
  });
  return total;
};

/** A top-up at an operator, as the charges' batch books it (charges.engine's ScheduledCredit). */
export interface DemoTopUpCredit {
  userId: number;
  at: Date;
  amount: bigint;
  method: TTopUpMethod;
  comment: string;
  accountId: number | null;
}

/**
 * The top-ups of the demo drivers in the database (by personal account) from their registration to `now`, with the
 * demo operators who took the money: what the charges seed books among the year's charges.
 */
export const demoTopUpCredits = async (db: Database, now: number): Promise<DemoTopUpCredit[]> => {
  const emails = CASHIERS.map(([email]) => email);
  const cashiers = new Map(
    (
      await db.select({ id: accounts.id, email: accounts.email }).from(accounts).where(inArray(accounts.email, emails))
    ).map((row) => [row.email, row.id]),
  );
  const users = await db
    .select({ id: appUsers.id, account: appUsers.personalAccount, registeredAt: appUsers.registeredAt })
    .from(appUsers)
    .where(between(appUsers.personalAccount, demoPersonalAccount(1), demoPersonalAccount(9_999_999)));
  return users.flatMap((user) =>
    demoTopUpsOf(Number(user.account) - 10_000_000, user.registeredAt.getTime(), now).map((topUp) => ({
      userId: user.id,
      at: new Date(topUp.at),
      amount: topUp.tyiyn,
      method: topUp.method,
      comment: topUp.comment,
      accountId: cashiers.get(topUp.cashier) ?? null,
    })),
  );
};

/** seed:demo's line for the users. */
export const describeDemoUsers = ({ users, idTags }: Awaited<ReturnType<typeof seedUsers>>) =>
  users > 0
    ? `App users added: ${users}, with ${idTags} id tags (their top-ups come with the charges).`
    : 'Demo app users already exist: nothing to do.';

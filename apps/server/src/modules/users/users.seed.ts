import { type TTopUpMethod } from '@zaryad/contracts';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bishkekDayStart, bishkekToday } from '../../platform/bishkek-time';
import { entryValues, userValues } from '../../test/user-builders';
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
import { appUsers, balanceEntries, userIdTags } from './users.tables';

export const DEMO_USERS = 5000;
/** Demo users' personal accounts are 10000001, 10000002...: the stable key that makes a second run add nothing. */
export const demoPersonalAccount = (index: number) => String(10_000_000 + index);

/** The dashboard accounts that take drivers' money (accounts.seed.ts), and how often each does. */
const CASHIERS = [
  ['operator@zaryad.local', 6],
  ['operator.osh@zaryad.local', 3],
  ['manager@zaryad.local', 1],
] as const;

const DAY_MS = 24 * 3600 * 1000;
/** Users per transaction and INSERT, entries per INSERT: well under PostgreSQL's 65,535 parameters. */
const USER_BATCH = 250;
const ENTRY_BATCH = 1000;

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
  som: number;
  method: TTopUpMethod;
  cashier: string;
  comment: string;
}

interface DemoUser {
  row: ReturnType<typeof userValues>;
  idTags: { idTag: string; kind: 'rfid' | 'app' }[];
  blocked: boolean;
  topUps: DemoTopUp[];
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

/** Top-up amounts in som: the usual round sums, now and then an odd one (a card transfer to the tyiyn). */
const topUpSom = (random: Random) => {
  const roll = random();
  if (roll < 0.06) {
    return 100 + Math.floor(random() * 4900);
  }
  if (roll < 0.08) {
    return Math.round((100 + random() * 4900) * 100) / 100;
  }
  return weighted(random, TOP_UP_AMOUNTS);
};

/**
 * The year since registration: most drivers top up right after signing up, then at their own pace (a few rarely, most
 * every month or two, the busiest every three weeks), by cash or another card at an operator.
 */
const demoTopUps = (random: Random, registeredAt: number, now: number): DemoTopUp[] => {
  const perMonth = weighted(random, [
    [0.2, 4],
    [0.6, 4],
    [1.5, 2],
  ] as const);
  const topUp = (at: number): DemoTopUp => {
    const method = random() < 0.65 ? 'cash' : 'other_card';
    return {
      at,
      som: topUpSom(random),
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
  // Charges (a later issue) plug in here: their payments debit the same timeline between these top-ups, so that each
  // entry's deposit stays the balance at its time and no balance goes below zero.
  return topUps.filter((entry) => entry.at < now);
};

/** Demo user number `index` (1-based): the same person on every run, whatever `now` is, except for their dates. */
export const demoUser = (index: number, now: number): DemoUser => {
  const random = generator(index * 2_654_435_761);
  const gender = random() < 0.62 ? 'male' : 'female';
  const { first, last, name } = demoName(random, gender);
  const prefix = pick(random, PHONE_PREFIXES);
  const phone = `996${prefix}${String(permute(index, 7919, 1_000_000)).padStart(6, '0')}`;
  const birthYear = 1960 + Math.floor(((random() + random()) / 2) * 46);
  const birthday = new Date(Date.UTC(birthYear, 0, 1) + Math.floor(random() * 365) * DAY_MS).toISOString().slice(0, 10);
  // More sign-ups lately, as the network grows: days ago skewed towards today.
  const daysAgo = 1 + Math.floor(364 * (1 - Math.sqrt(random())));
  const registeredAt = onSameDay(random, now - daysAgo * DAY_MS);
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
    topUps: demoTopUps(random, registeredAt, now),
  };
};

const inBatches = async <T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) => {
  for (let start = 0; start < rows.length; start += size) {
    await insert(rows.slice(start, start + size));
  }
};

/** Writes a group of demo users with their id tags, top-ups and status in one transaction. */
const insertGroup = (db: Database, group: DemoUser[], cashiers: Map<string, number>) =>
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
    // In time order: the trigger applies the rows in the order given, so each deposit is the balance at its time.
    const entries = added
      .flatMap((user) =>
        user.topUps.map((topUp) =>
          entryValues(user.id, {
            basis: 'top_up',
            method: topUp.method,
            credit: topUp.som.toFixed(2),
            createdAt: new Date(topUp.at),
            comment: topUp.comment,
            accountId: cashiers.get(topUp.cashier) ?? null,
          }),
        ),
      )
      .sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
    await inBatches(entries, ENTRY_BATCH, (batch) => tx.insert(balanceEntries).values(batch));
    const blocked = added.filter((user) => user.blocked).map((user) => user.id);
    if (blocked.length > 0) {
      await tx.update(appUsers).set({ status: 1 }).where(inArray(appUsers.id, blocked));
    }
    return { users: added.length, entries: entries.length, idTags: tagsAdded.length };
  });

/**
 * Adds the demo drivers that are missing (by personal account), with their id tags and a year of operators' top-ups
 * written through the ledger (its trigger sets each deposit and balance), a few hundred users per transaction: running
 * it twice adds nothing, and every balance equals its entries. About 3% end up blocked, after their top-ups.
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
  const total = { users: 0, entries: 0, idTags: 0 };
  if (missing.length === 0) {
    return total;
  }
  const emails = CASHIERS.map(([email]) => email);
  const cashiers = new Map(
    (
      await db.select({ id: accounts.id, email: accounts.email }).from(accounts).where(inArray(accounts.email, emails))
    ).map((row) => [row.email, row.id]),
  );
  // A user's top-ups all go in their group's transaction, so a run cut short leaves no user without their ledger.
  await inBatches(missing, USER_BATCH, async (group) => {
    const added = await insertGroup(db, group, cashiers);
    total.users += added.users;
    total.entries += added.entries;
    total.idTags += added.idTags;
  });
  return total;
};

/** seed:demo's line for the users. */
export const describeDemoUsers = ({ users, entries, idTags }: Awaited<ReturnType<typeof seedUsers>>) =>
  users > 0
    ? `App users added: ${users}, with ${idTags} id tags and ${entries} top-ups.`
    : 'Demo app users already exist: nothing to do.';

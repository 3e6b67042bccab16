import { type TBalanceBasis, type TPaymentMethod, parseTyiyn } from '@zaryad/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
// The tables' own file, not the users index: the demo seed (users.seed.ts) uses userValues, and the index loads it.
import { appUsers, balanceEntries, userIdTags } from '../modules/users/users.tables';

let sequence = 0;
const next = () => `${process.pid % 1000}${Date.now() % 100000}${(sequence++).toString().padStart(4, '0')}`;

export interface UserOverrides {
  name?: string;
  phone?: string;
  email?: string;
  gender?: 'male' | 'female' | null;
  birthday?: string | null;
  registeredAt?: Date;
  car?: { make?: string; model?: string; year?: number | null; color?: string };
  driverLicence?: string;
  status?: 0 | 1;
  personalAccount?: string;
  referralCode?: string;
  idTags?: { idTag: string; kind: 'rfid' | 'app' }[];
}

export interface BuiltUser {
  id: number;
  personalAccount: string;
  phone: string;
  name: string;
  referralCode: string;
}

/**
 * The row of an app user with unique phone, account and referral code unless given: buildUser inserts one, the demo
 * seed (users.seed.ts) inserts thousands of them in multi-row statements.
 */
export const userValues = (overrides: UserOverrides = {}): typeof appUsers.$inferInsert => {
  const serial = next();
  return {
    personalAccount: overrides.personalAccount ?? `A${serial}`.slice(0, 20),
    name: overrides.name ?? `Айбек Тестов ${serial}`,
    phone: overrides.phone ?? `996${serial.slice(-9).padStart(9, '7')}`,
    email: overrides.email ?? `driver-${serial}@zaryad.test`,
    gender: overrides.gender === undefined ? 'male' : overrides.gender,
    birthday: overrides.birthday === undefined ? '1990-05-17' : overrides.birthday,
    registeredAt: overrides.registeredAt ?? new Date(),
    carMake: overrides.car?.make ?? 'BYD',
    carModel: overrides.car?.model ?? 'Song Plus',
    carYear: overrides.car?.year === undefined ? 2023 : overrides.car.year,
    carColor: overrides.car?.color ?? 'белый',
    driverLicence: overrides.driverLicence ?? `AA${serial.slice(-7)}`,
    status: overrides.status ?? 0,
    referralCode: overrides.referralCode ?? `R${serial}`.slice(0, 16),
  };
};

/** Inserts an app user with unique phone, account and referral code (shared by the tests and the demo seed). */
export const buildUser = async (db: Pick<Database, 'insert'>, overrides: UserOverrides = {}): Promise<BuiltUser> => {
  const [row] = await db.insert(appUsers).values(userValues(overrides)).returning({
    id: appUsers.id,
    personalAccount: appUsers.personalAccount,
    phone: appUsers.phone,
    name: appUsers.name,
    referralCode: appUsers.referralCode,
  });
  if (!row) {
    throw new Error('the user was not inserted');
  }
  if (overrides.idTags?.length) {
    await db
      .insert(userIdTags)
      .values(overrides.idTags.map((tag) => ({ userId: row.id, idTag: tag.idTag, kind: tag.kind })));
  }
  return row;
};

export interface EntryOverrides {
  basis?: TBalanceBasis;
  method?: TPaymentMethod;
  /** Som, as text: "150.00". Exactly one of credit and debit. */
  credit?: string;
  debit?: string;
  createdAt?: Date;
  comment?: string;
  accountId?: number | null;
  chargeId?: number | null;
}

/** The row of a ledger entry: a top-up of 100 som in cash unless told otherwise (deposit is the trigger's). */
export const entryValues = (userId: number, overrides: EntryOverrides = {}): typeof balanceEntries.$inferInsert => {
  const credit =
    overrides.credit === undefined
      ? overrides.debit === undefined
        ? 100_00n
        : 0n
      : (parseTyiyn(overrides.credit) ?? 0n);
  const debit = overrides.debit === undefined ? 0n : (parseTyiyn(overrides.debit) ?? 0n);
  return {
    userId,
    basis: overrides.basis ?? (debit > 0n ? 'charge_payment' : 'top_up'),
    method: overrides.method ?? (debit > 0n ? 'personal_balance' : 'cash'),
    credit,
    debit,
    createdAt: overrides.createdAt ?? new Date(),
    comment: overrides.comment ?? '',
    accountId: overrides.accountId ?? null,
    chargeId: overrides.chargeId ?? null,
  };
};

/** Appends a ledger entry (the insert trigger moves the balance); answers the entry's id and the balance after it. */
export const buildEntry = async (db: Database, userId: number, overrides: EntryOverrides = {}) => {
  const [row] = await db
    .insert(balanceEntries)
    .values(entryValues(userId, overrides))
    .returning({ id: balanceEntries.id, deposit: balanceEntries.deposit });
  if (!row) {
    throw new Error('the entry was not inserted');
  }
  return row;
};

/** The stored balance of a user, in tyiyn. */
export const balanceOf = async (db: Database, userId: number) => {
  const [row] = await db.select({ balance: appUsers.balance }).from(appUsers).where(eq(appUsers.id, userId));
  return row?.balance ?? null;
};

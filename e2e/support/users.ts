import type { APIRequestContext } from '@playwright/test';
import type { TTokenPair } from '@zaryad/contracts';

/**
 * The app users e2e/support/seed-users.ts inserts before the server starts. Names, phones and accounts are unique to
 * the tests, so a search finds exactly one of them; tests that change a balance each use their own user.
 */
export type TE2eUser = {
  key: string;
  name: string;
  phone: string;
  email: string;
  gender: 'male' | 'female';
  personalAccount: string;
  /** UTC instant; the screens show it in Asia/Bishkek (UTC+6). */
  registeredAt: string;
  car: { make: string; model: string; year: number; color: string };
  idTags?: { idTag: string; kind: 'rfid' | 'app' }[];
  entries: { credit?: string; debit?: string; comment?: string; createdAt: string }[];
};

export const E2E_USERS = [
  {
    key: 'aigerim',
    name: 'Айгерим Садыкова',
    phone: '996700111222',
    email: 'aigerim.sadykova@e2e.kg',
    gender: 'female',
    personalAccount: 'E2E-0001',
    registeredAt: '2026-03-10T03:15:00.000Z',
    car: { make: 'Zeekr', model: '001', year: 2024, color: 'серый' },
    entries: [{ credit: '500.00', comment: 'Первое пополнение', createdAt: '2026-03-11T05:00:00.000Z' }],
  },
  {
    key: 'bakyt',
    name: 'Бакыт Маматов',
    phone: '996555987654',
    email: 'bakyt.mamatov@e2e.kg',
    gender: 'male',
    personalAccount: 'E2E-0002',
    registeredAt: '2026-04-02T14:40:00.000Z',
    car: { make: 'Nissan', model: 'Leaf', year: 2019, color: 'белый' },
    idTags: [{ idTag: 'E2E-RFID-0002', kind: 'rfid' }],
    entries: [
      { credit: '100.00', createdAt: '2026-04-03T05:00:00.000Z' },
      { debit: '250.50', createdAt: '2026-04-05T12:00:00.000Z' },
    ],
  },
  {
    key: 'nurlan',
    name: 'Нурлан Осмонов',
    phone: '996777000111',
    email: 'nurlan.osmonov@e2e.kg',
    gender: 'male',
    personalAccount: 'E2E-0003',
    registeredAt: '2026-05-20T08:00:00.000Z',
    car: { make: 'Tesla', model: 'Model 3', year: 2022, color: 'чёрный' },
    entries: [{ credit: '1200.00', createdAt: '2026-05-21T06:00:00.000Z' }],
  },
  {
    key: 'screens',
    name: 'Эрмек Жумабеков',
    phone: '996502333444',
    email: 'ermek.zhumabekov@e2e.kg',
    gender: 'male',
    personalAccount: 'E2E-0004',
    registeredAt: '2026-06-01T10:30:00.000Z',
    car: { make: 'BYD', model: 'Han', year: 2023, color: 'синий' },
    idTags: [
      { idTag: 'E2E-RFID-0004', kind: 'rfid' },
      { idTag: 'E2E-APP-0004', kind: 'app' },
    ],
    entries: [
      { credit: '2000.00', comment: 'Наличные в офисе', createdAt: '2026-06-02T04:00:00.000Z' },
      { debit: '340.25', createdAt: '2026-06-03T13:00:00.000Z' },
    ],
  },
  // Referrals (e2e/referrals/): Гулнара invites Азамат in the list test and Бегимай in the screenshots, through the API.
  {
    key: 'referralInviter',
    name: 'Гулнара Бейшеева',
    phone: '996705444555',
    email: 'gulnara.beisheeva@e2e.kg',
    gender: 'female',
    personalAccount: 'E2E-0005',
    registeredAt: '2026-02-14T09:00:00.000Z',
    car: { make: 'Hyundai', model: 'Ioniq 5', year: 2023, color: 'зелёный' },
    entries: [],
  },
  {
    key: 'referralInvited',
    name: 'Азамат Токтогулов',
    phone: '996705666777',
    email: 'azamat.toktogulov@e2e.kg',
    gender: 'male',
    personalAccount: 'E2E-0006',
    registeredAt: '2026-07-08T12:20:00.000Z',
    car: { make: 'Kia', model: 'EV6', year: 2022, color: 'белый' },
    entries: [],
  },
  {
    key: 'referralScreens',
    name: 'Бегимай Асанова',
    phone: '996705888999',
    email: 'begimai.asanova@e2e.kg',
    gender: 'female',
    personalAccount: 'E2E-0007',
    registeredAt: '2026-08-19T05:45:00.000Z',
    car: { make: 'BYD', model: 'Atto 3', year: 2024, color: 'синий' },
    entries: [],
  },
  // The live board (e2e/live/): its charge points start charges with this driver's card; a top-up of 2025, outside the
  // periods the dashboard and statement tests read.
  {
    key: 'liveDriver',
    name: 'Чолпон Абдыраева',
    phone: '996705123987',
    email: 'cholpon.abdyraeva@e2e.kg',
    gender: 'female',
    personalAccount: 'E2E-0008',
    registeredAt: '2025-01-15T06:00:00.000Z',
    car: { make: 'Chery', model: 'eQ7', year: 2025, color: 'серебристый' },
    idTags: [{ idTag: 'E2E-RFID-LIVE', kind: 'rfid' }],
    entries: [{ credit: '5000.00', comment: 'Наличные в офисе', createdAt: '2025-01-16T04:00:00.000Z' }],
  },
] as const satisfies readonly TE2eUser[];

export const e2eUser = (key: (typeof E2E_USERS)[number]['key']) => {
  const user = E2E_USERS.find((candidate) => candidate.key === key);
  if (!user) {
    throw new Error(`no e2e user ${key}`);
  }
  return user;
};

/** The id the server gave a seeded user, found by its unique personal account. */
export async function e2eUserId(request: APIRequestContext, admin: TTokenPair, key: (typeof E2E_USERS)[number]['key']) {
  const response = await request.get('/api/v1/users/', {
    params: { search: e2eUser(key).personalAccount },
    headers: { Authorization: `Bearer ${admin.access}` },
  });
  const page = (await response.json()) as { items: { id: number; personal_account: string }[] };
  const found = page.items.find((item) => item.personal_account === e2eUser(key).personalAccount);
  if (!found) {
    throw new Error(`the seeded user ${key} is missing: was e2e/support/seed-users.ts run?`);
  }
  return found.id;
}

/**
 * The referral e2e/support/seed-charges.ts makes before the server starts: Канат (a charges driver) invited by
 * Гулнара, rewarded by his first delivered charge (2026-11-20) with the seed's bonuses, 150 som to her and none to him.
 */
export const REWARDED_REFERRAL = {
  inviterAccount: 'E2E-0005',
  invitedDriver: 'kanat',
  invitedName: 'Канат Абдыкадыров',
  registeredAt: '2026-10-01T04:00:00.000Z',
  inviterBonus: '150.00',
} as const;

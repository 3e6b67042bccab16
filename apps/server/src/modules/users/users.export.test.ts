import { formatSom } from '@zaryad/contracts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageOn, bishkekToday, formatBishkekDateTime } from '../../platform/bishkek-time';
import { orderByOf } from '../../platform/export';
import { buildAccount, signIn } from '../../test/builders';
import { parseCsv } from '../../test/csv';
import { createTestContext, type TestContext } from '../../test/test-app';
import { buildEntry, buildUser } from '../../test/user-builders';
import { accounts } from '../accounts';
import { PAYMENTS_ORDER, paymentConditions, USERS_ORDER, userConditions } from './users.filters';
import { appUsers, balanceEntries } from '.';

let context: TestContext;
let headers: { authorization: string };
let operatorHeaders: { authorization: string };
let cashierId: number;
const userIds: number[] = [];

const db = () => context.database.db;

beforeAll(async () => {
  context = await createTestContext();
  headers = (await signIn(context.app, await buildAccount(db(), { roleKey: 'superadmin' }))).headers;
  operatorHeaders = (await signIn(context.app, await buildAccount(db(), { roleKey: 'operator' }))).headers;
  const cashier = await buildAccount(db(), { roleKey: 'finance', firstName: 'Нурлан', lastName: 'Осмонов' });
  cashierId = cashier.id;
  const users = [
    await buildUser(db(), {
      name: 'Айгерим Садыкова',
      gender: 'female',
      birthday: '1995-12-31',
      registeredAt: new Date('2026-03-01T20:15:00Z'),
      car: { make: 'Zeekr', model: '001', year: 2024, color: 'чёрный' },
    }),
    await buildUser(db(), {
      name: '=cmd|"/c calc"',
      gender: null,
      birthday: null,
      registeredAt: new Date('2026-03-02T03:00:00Z'),
      car: { make: 'Tesla', model: 'Model 3', year: null, color: '' },
      status: 1,
    }),
    await buildUser(db(), { name: 'Бакыт Уулу, мл.', gender: 'male', registeredAt: new Date('2026-02-10T10:00:00Z') }),
    await buildUser(db(), { name: 'Elena Ivanova', gender: 'female', registeredAt: new Date('2026-01-05T12:00:00Z') }),
  ];
  userIds.push(...users.map((user) => user.id));
  const [first, second, third] = userIds;
  await buildEntry(db(), first!, {
    credit: '1500.50',
    comment: 'касса №1',
    accountId: cashierId,
    createdAt: new Date('2026-03-05T18:00:00Z'),
  });
  await buildEntry(db(), first!, { debit: '250.05', createdAt: new Date('2026-03-06T04:00:00Z') });
  await buildEntry(db(), second!, {
    credit: '0.01',
    method: 'other_card',
    createdAt: new Date('2026-03-06T05:00:00Z'),
  });
  await buildEntry(db(), third!, { debit: '10', createdAt: new Date('2026-03-07T05:00:00Z') });
  await buildEntry(db(), third!, {
    credit: '5',
    basis: 'promotion_bonus',
    method: 'promotion',
    createdAt: new Date('2026-03-07T06:00:00Z'),
  });
});
afterAll(async () => {
  await context.close();
});

const exportOf = (path: string, language = 'ru', as = headers) =>
  context.app.inject({ method: 'GET', url: `/api/v1/users/${path}`, headers: { ...as, 'accept-language': language } });

const csvOf = (body: string) => {
  expect(body.startsWith('\ufeff')).toBe(true);
  return parseCsv(body.slice(1));
};

const xlsxOf = async (payload: Buffer) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) {
    throw new Error('no sheet');
  }
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { sheet, rows };
};

const masked = (phone: string) =>
  `+${phone.slice(0, 3)} (${phone.slice(3, 6)}) ${phone.slice(6, 8)}-${phone.slice(8, 10)}-${phone.slice(10)}`;
/** What a spreadsheet shows for a text cell of a csv: formula starts defused by a leading apostrophe. */
const defused = (text: string) => (/^[=+\-@]/.test(text) && !/^-?\d/.test(text) ? `'${text}` : text);

/** The users the same filters select, in the list's order, read straight from the database. */
const expectedUsers = async (filters: Parameters<typeof userConditions>[0]) => {
  const rows = await db()
    .select()
    .from(appUsers)
    .where(userConditions(filters))
    .orderBy(...orderByOf(USERS_ORDER));
  const today = bishkekToday();
  return rows.map((user) => [
    user.personalAccount,
    user.name,
    masked(user.phone),
    user.email,
    user.gender === null ? '' : user.gender === 'male' ? 'Мужской' : 'Женский',
    user.birthday ?? '',
    user.birthday === null ? '' : String(ageOn(user.birthday, today)),
    formatBishkekDateTime(user.registeredAt),
    user.carMake,
    user.carModel,
    user.carYear === null ? '' : String(user.carYear),
    user.carColor,
    user.driverLicence,
    formatSom(user.balance),
    user.status === 0 ? 'Активен' : 'Заблокирован',
  ]);
};

/** The csv form of the expected rows: the name and the masked phone (`+996…`) are the text cells a formula may start. */
const asCsv = (rows: string[][]) =>
  rows.map((row) => row.map((cell, index) => (index === 1 || index === 2 ? defused(cell) : cell)));

const USER_HEADERS = {
  ru: [
    'Лицевой счёт',
    'Имя',
    'Телефон',
    'Email',
    'Пол',
    'Дата рождения',
    'Возраст',
    'Дата регистрации',
    'Марка авто',
    'Модель авто',
    'Год выпуска',
    'Цвет авто',
    'Водительское удостоверение',
    'Баланс, сом',
    'Статус',
  ],
  en: [
    'Personal account',
    'Name',
    'Phone',
    'Email',
    'Gender',
    'Birthday',
    'Age',
    'Registration date',
    'Car make',
    'Car model',
    'Car year',
    'Car colour',
    'Driver licence',
    'Balance, som',
    'Status',
  ],
  ky: [
    'Жеке эсеп',
    'Аты',
    'Телефон',
    'Email',
    'Жынысы',
    'Туулган күнү',
    'Жашы',
    'Катталган күнү',
    'Унаанын маркасы',
    'Унаанын модели',
    'Чыгарылган жылы',
    'Унаанын түсү',
    'Айдоочулук күбөлүк',
    'Баланс, сом',
    'Абалы',
  ],
};

describe('GET /users/export/', () => {
  it('writes every user as csv in the list order, as the database holds them', async () => {
    const response = await exportOf('export/?format=csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="users_${bishkekToday()}.csv"; filename*=UTF-8''users_${bishkekToday()}.csv`,
    );
    const [header, ...rows] = csvOf(response.body);
    expect(header).toEqual(USER_HEADERS.ru);
    const expected = await expectedUsers({});
    expect(rows).toEqual(asCsv(expected));
    expect(rows.map((row) => row[1])).toEqual([
      '\'=cmd|"/c calc"',
      'Айгерим Садыкова',
      'Бакыт Уулу, мл.',
      'Elena Ivanova',
    ]);
    // 1500.50 - 250.05 as exact tyiyn; Bishkek is UTC+6: 2026-03-01 20:15 UTC is the 2nd in Bishkek.
    expect(rows[1]?.[13]).toBe('1250.45');
    expect(rows[1]?.[7]).toBe('2026-03-02 02:15:00');
  });

  it('writes the same rows as xlsx: money a number shown with 2 decimals', async () => {
    const response = await exportOf('export/?format=xlsx', 'en');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toContain(`filename="users_${bishkekToday()}.xlsx"`);
    const { sheet, rows } = await xlsxOf(response.rawPayload);
    expect(sheet.name).toBe('Users');
    expect(rows[0]).toEqual(USER_HEADERS.en);
    const expected = await expectedUsers({});
    expect(rows.slice(1).map((row) => [row[0], row[1], row[7], row[13]])).toEqual(
      expected.map((row) => [row[0], row[1], row[7], Number(row[13])]),
    );
    expect(sheet.getRow(3).getCell(14).numFmt).toBe('0.00');
    expect(sheet.getRow(3).getCell(14).value).toBe(1250.45);
    expect(sheet.getRow(3).getCell(7).value).toBe(ageOn('1995-12-31', bishkekToday()));
    expect(sheet.getRow(3).getCell(5).value).toBe('Female');
  });

  it('answers the headers in the request language', async () => {
    for (const language of ['ru', 'en', 'ky'] as const) {
      const [header] = csvOf((await exportOf('export/?format=csv', language)).body);
      expect(header).toEqual(USER_HEADERS[language]);
    }
    const rows = csvOf((await exportOf('export/?format=csv&active=false', 'ky')).body);
    expect(rows[1]?.[14]).toBe('Бөгөттөлгөн');
  });

  it("applies the list's filters", async () => {
    const response = await exportOf(
      'export/?format=csv&gender=female&registration_date__from=2026-02-01&balance__from=1000',
    );
    const [, ...rows] = csvOf(response.body);
    expect(rows.map((row) => row[1])).toEqual(['Айгерим Садыкова']);
    expect(rows).toEqual(
      asCsv(await expectedUsers({ gender: 'female', registration_date__from: '2026-02-01', balance__from: 100_000n })),
    );
    const searched = csvOf((await exportOf(`export/?format=csv&search=${encodeURIComponent('Бакыт')}`)).body);
    expect(searched.slice(1).map((row) => row[1])).toEqual(['Бакыт Уулу, мл.']);
  });

  it('refuses a missing or unknown format on the format field', async () => {
    for (const query of ['', '?format=pdf', '?format=']) {
      const response = await exportOf(`export/${query}`, 'en');
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json())).toContain('format');
    }
    const badFilter = await exportOf('export/?format=csv&gender=other', 'en');
    expect(badFilter.statusCode).toBe(400);
    expect(Object.keys(badFilter.json())).toEqual(['gender']);
  });

  it('needs users.export', async () => {
    expect((await exportOf('export/?format=csv', 'en', operatorHeaders)).statusCode).toBe(403);
    expect((await context.app.inject({ method: 'GET', url: '/api/v1/users/export/?format=csv' })).statusCode).toBe(401);
  });
});

/** The statement the same filters select, newest first, read straight from the database. */
const expectedPayments = async (filters: Parameters<typeof paymentConditions>[0]) => {
  const rows = await db()
    .select({ entry: balanceEntries, user: appUsers, account: accounts })
    .from(balanceEntries)
    .innerJoin(appUsers, eq(appUsers.id, balanceEntries.userId))
    .leftJoin(accounts, eq(accounts.id, balanceEntries.accountId))
    .where(paymentConditions(filters))
    .orderBy(...orderByOf(PAYMENTS_ORDER));
  const bases: Record<string, string> = {
    top_up: 'Пополнение баланса',
    charge_payment: 'Оплата зарядки',
    promotion_bonus: 'Бонус по акции',
  };
  const methods: Record<string, string> = {
    cash: 'Наличные',
    other_card: 'Другая карта',
    personal_balance: 'Личный баланс',
    promotion: 'Акция',
  };
  return rows.map(({ entry, user, account }) => [
    formatBishkekDateTime(entry.createdAt),
    defused(user.name),
    user.personalAccount,
    bases[entry.basis] ?? entry.basis,
    methods[entry.method] ?? entry.method,
    formatSom(entry.debit),
    formatSom(entry.credit),
    formatSom(entry.deposit),
    entry.comment,
    account ? `${account.firstName} ${account.lastName}` : '',
  ]);
};

describe('GET /users/payments/export/', () => {
  it('writes the statement as csv, newest first, as the ledger holds it', async () => {
    const response = await exportOf('payments/export/?format=csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(`filename="payments_${bishkekToday()}.csv"`);
    const [header, ...rows] = csvOf(response.body);
    expect(header).toEqual([
      'Дата',
      'Пользователь',
      'Лицевой счёт',
      'Основание',
      'Способ',
      'Дебет, сом',
      'Кредит, сом',
      'Остаток, сом',
      'Комментарий',
      'Аккаунт',
    ]);
    expect(rows).toEqual(await expectedPayments({}));
    expect(rows).toHaveLength(5);
    expect(rows[4]).toEqual([
      '2026-03-06 00:00:00',
      'Айгерим Садыкова',
      expect.any(String),
      'Пополнение баланса',
      'Наличные',
      '0.00',
      '1500.50',
      '1500.50',
      'касса №1',
      'Нурлан Осмонов',
    ]);
  });

  it('writes the same rows as xlsx, with the headers in the language', async () => {
    const response = await exportOf('payments/export/?format=xlsx', 'ky');
    expect(response.statusCode).toBe(200);
    const { sheet, rows } = await xlsxOf(response.rawPayload);
    expect(rows[0]).toEqual([
      'Күнү',
      'Колдонуучу',
      'Жеке эсеп',
      'Негизи',
      'Ыкмасы',
      'Дебет, сом',
      'Кредит, сом',
      'Калдык, сом',
      'Комментарий',
      'Аккаунт',
    ]);
    const expected = await expectedPayments({});
    expect(rows.slice(1).map((row) => [row[0], row[2], row[5], row[6], row[7]])).toEqual(
      expected.map((row) => [row[0], row[2], Number(row[5]), Number(row[6]), Number(row[7])]),
    );
    expect(rows[5]?.[3]).toBe('Баланс толуктоо');
    expect(sheet.getRow(2).getCell(6).numFmt).toBe('0.00');
  });

  it("applies the statement's filters", async () => {
    const [first, , third] = userIds;
    const ofOne = csvOf((await exportOf(`payments/export/?format=csv&search_by_user_id=${first}`)).body);
    expect(ofOne.slice(1)).toEqual(await expectedPayments({ search_by_user_id: first }));
    expect(ofOne).toHaveLength(3);
    const bonuses = csvOf(
      (await exportOf('payments/export/?format=csv&basis=promotion_bonus&period__from=2026-03-07')).body,
    );
    expect(bonuses.slice(1)).toEqual(await expectedPayments({ basis: 'promotion_bonus', period__from: '2026-03-07' }));
    expect(bonuses.slice(1).map((row) => row[2])).toEqual([
      (await db().select().from(appUsers).where(eq(appUsers.id, third!)))[0]?.personalAccount,
    ]);
  });

  it('refuses a missing or unknown format, and needs balances.export', async () => {
    expect((await exportOf('payments/export/', 'en')).json()).toHaveProperty('format');
    expect((await exportOf('payments/export/?format=json', 'en')).statusCode).toBe(400);
    expect((await exportOf('payments/export/?format=csv&basis=gift', 'en')).json()).toHaveProperty('basis');
    expect((await exportOf('payments/export/?format=csv', 'en', operatorHeaders)).statusCode).toBe(403);
  });
});

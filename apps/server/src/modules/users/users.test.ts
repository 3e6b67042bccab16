import {
  type TBalanceEntry,
  type TLanguage,
  type TPaged,
  type TPaymentTotals,
  type TTopUpResult,
  type TUser,
  type TUserRow,
  translateMessage,
} from '@zaryad/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bishkekToday } from '../../platform/bishkek-time';
import { buildAccount, signIn } from '../../test/builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { balanceOf, buildEntry, buildUser, type UserOverrides } from '../../test/user-builders';
import { auditLog } from '../audit';
import { appUsers, balanceEntries, topUpRequests } from '.';

let ctx: TestContext;
/** A manager: every permission outside administration. */
let manager: { id: number; headers: Record<string, string> };
/** No balances at all (roles.seed.ts): users, but neither the statement nor top-ups. */
let operator: Record<string, string>;
/** Reads and exports only: the statement, but no top-up and no block. */
let analyst: Record<string, string>;
/** Reads everything and tops up. */
let finance: Record<string, string>;

const t = (message: string, language: TLanguage = 'ru') => translateMessage(message, language);
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestContext();
  const account = await buildAccount(db(), { roleKey: 'manager', firstName: 'Айгерим', lastName: 'Садыкова' });
  manager = { id: account.id, headers: (await signIn(ctx.app, account)).headers };
  operator = (await signIn(ctx.app, await buildAccount(db(), { roleKey: 'operator' }))).headers;
  analyst = (await signIn(ctx.app, await buildAccount(db(), { roleKey: 'analyst' }))).headers;
  finance = (await signIn(ctx.app, await buildAccount(db(), { roleKey: 'finance' }))).headers;
});
afterAll(async () => {
  await ctx.close();
});

interface CallOptions {
  payload?: unknown;
  language?: TLanguage;
  headers?: Record<string, string>;
  as?: Record<string, string>;
}

const api = (method: 'GET' | 'PATCH', url: string, options: CallOptions = {}) =>
  ctx.app.inject({
    method,
    url: `/api/v1/users${url}`,
    headers: { ...(options.as ?? manager.headers), 'accept-language': options.language ?? 'ru', ...options.headers },
    ...(options.payload !== undefined && { payload: options.payload as object }),
  });

let markerSequence = 0;
/** A word only this test's users carry in their names, so that a search narrows the list to them. */
const marker = () => `Qx${Date.now().toString(36)}${(markerSequence++).toString(36)}`;

const listUsers = async (query: string) => {
  const response = await api('GET', `/?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TPaged<TUserRow>>();
};
const idsOf = (page: { items: { id: number }[] }) => page.items.map((item) => item.id);

const topUp = (userId: number, payload: unknown, options: Omit<CallOptions, 'payload'> = {}) =>
  api('PATCH', `/${userId}/balance/`, { ...options, payload });

const entriesOf = async (userId: number) =>
  (await db().select({ total: count() }).from(balanceEntries).where(eq(balanceEntries.userId, userId)))[0]?.total;
const allEntries = async () => (await db().select({ total: count() }).from(balanceEntries))[0]?.total;
const allKeys = async () => (await db().select({ total: count() }).from(topUpRequests))[0]?.total;
const allAudits = async () => (await db().select({ total: count() }).from(auditLog))[0]?.total;

const userAudits = (userId: number, action: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'app_user'), eq(auditLog.entityId, String(userId)), eq(auditLog.action, action)));

/** A user named `<marker> <name>`, found by searching for the marker. */
const userWith = (tag: string, overrides: UserOverrides = {}) =>
  buildUser(db(), { ...overrides, name: `${tag} ${overrides.name ?? 'Нурлан Асанов'}` });

describe('GET /users/', () => {
  it('answers a page of users, newest registrations first, with every field of docs/product/users.md', async () => {
    const tag = marker();
    const older = await userWith(tag, {
      registeredAt: new Date('2024-01-10T06:00:00Z'),
      gender: 'female',
      car: { make: 'Zeekr', model: '001', year: 2024, color: 'синий' },
      driverLicence: 'AB1234567',
      email: `${tag.toLowerCase()}@mail.kg`,
    });
    const newer = await userWith(tag, { registeredAt: new Date('2024-02-10T06:00:00Z'), birthday: null, gender: null });
    await buildEntry(db(), older.id, { credit: '1500.50' });
    const page = await listUsers(`search=${tag}`);
    expect(page).toMatchObject({ page: 1, pages: 1, size: 10, total: 2 });
    expect(idsOf(page)).toEqual([newer.id, older.id]);
    const row = page.items[1];
    expect(row).toEqual({
      id: older.id,
      personal_account: older.personalAccount,
      name: older.name,
      phone: older.phone,
      email: `${tag.toLowerCase()}@mail.kg`,
      gender: 'female',
      birthday: '1990-05-17',
      age: expect.any(Number),
      registered_at: '2024-01-10T06:00:00.000Z',
      car: { make: 'Zeekr', model: '001', year: 2024, color: 'синий' },
      driver_licence: 'AB1234567',
      balance: '1500.50',
      status: 0,
      referral_code: expect.any(String),
    });
    expect(page.items[0]).toMatchObject({ gender: null, birthday: null, age: null, balance: '0.00' });
  });

  it("counts the age on today's Bishkek day: the birthday today counts, tomorrow's not yet", async () => {
    const tag = marker();
    const today = bishkekToday();
    const tomorrow = bishkekToday(new Date(Date.now() + 24 * 3600 * 1000));
    // 32 years back: a leap day stays a leap day.
    const yearsBack = (day: string) => `${Number(day.slice(0, 4)) - 32}${day.slice(4)}`;
    const birthdayToday = await userWith(tag, { birthday: yearsBack(today) });
    const birthdayTomorrow = await userWith(tag, { birthday: yearsBack(tomorrow) });
    const page = await listUsers(`search=${tag}`);
    const ageOf = (id: number) => page.items.find((item) => item.id === id)?.age;
    expect(ageOf(birthdayToday.id)).toBe(32);
    expect(ageOf(birthdayTomorrow.id)).toBe(31);
  });

  it('searches name (any case), email, personal account and phone with or without the mask', async () => {
    const tag = marker();
    const digits = String(Date.now()).slice(-6);
    const user = await userWith(tag, {
      name: 'Бермет Жумабаева',
      phone: `996700${digits}`,
      email: `bermet.${tag.toLowerCase()}@zaryad.kg`,
      personalAccount: `PA${tag}`.slice(0, 20),
    });
    const other = await userWith(tag, { name: 'Тимур Исаков' });
    const masked = `+996 (700) ${digits.slice(0, 2)}-${digits.slice(2, 4)}-${digits.slice(4)}`;
    const searches = [
      `${tag} бермет`.toUpperCase(),
      'жумабаев',
      `bermet.${tag.toLowerCase()}@`,
      `PA${tag}`.slice(0, 20),
      `996700${digits}`,
      masked,
      `(700) ${digits.slice(0, 2)}-${digits.slice(2, 4)}`,
      `700${digits.slice(0, 3)}`,
    ];
    for (const search of searches) {
      const page = await listUsers(`search=${encodeURIComponent(search)}`);
      expect(idsOf(page), search).toContain(user.id);
      expect(idsOf(page), search).not.toContain(other.id);
    }
    // A lone word of a name never searches phones.
    expect(idsOf(await listUsers(`search=${tag}`)).sort()).toEqual([user.id, other.id].sort());
  });

  it('finds one user by search_by_user_id', async () => {
    const tag = marker();
    const user = await userWith(tag);
    await userWith(tag);
    expect(idsOf(await listUsers(`search_by_user_id=${user.id}`))).toEqual([user.id]);
    expect(idsOf(await listUsers(`search_by_user_id=${user.id}&search=${tag}`))).toEqual([user.id]);
    expect((await listUsers('search_by_user_id=2147483647')).total).toBe(0);
  });

  it('filters registration dates by Bishkek days', async () => {
    const tag = marker();
    // 23:59:59 on 10 March in Bishkek, and 00:30 on 11 March in Bishkek (still 10 March in UTC).
    const lateTenth = await userWith(tag, { registeredAt: new Date('2025-03-10T17:59:59Z') });
    const earlyEleventh = await userWith(tag, { registeredAt: new Date('2025-03-10T18:30:00Z') });
    const twelfth = await userWith(tag, { registeredAt: new Date('2025-03-12T06:00:00Z') });
    const query = (range: string) => listUsers(`search=${tag}&${range}`).then(idsOf);
    expect(await query('registration_date__from=2025-03-11&registration_date__to=2025-03-11')).toEqual([
      earlyEleventh.id,
    ]);
    expect(await query('registration_date__to=2025-03-10')).toEqual([lateTenth.id]);
    expect(await query('registration_date__from=2025-03-11')).toEqual([twelfth.id, earlyEleventh.id]);
    expect(await query('registration_date__from=2025-03-10&registration_date__to=2025-03-12')).toEqual([
      twelfth.id,
      earlyEleventh.id,
      lateTenth.id,
    ]);
  });

  it('filters registration times of day in Bishkek, both ends included', async () => {
    const tag = marker();
    const morning = await userWith(tag, { registeredAt: new Date('2025-05-01T02:00:00Z') }); // 08:00 Bishkek
    const evening = await userWith(tag, { registeredAt: new Date('2025-05-02T14:15:30Z') }); // 20:15:30 Bishkek
    const night = await userWith(tag, { registeredAt: new Date('2025-05-03T18:05:00Z') }); // 00:05 Bishkek
    const query = (range: string) => listUsers(`search=${tag}&${range}`).then(idsOf);
    expect(await query('registration_time__from=08:00&registration_time__to=12:00')).toEqual([morning.id]);
    expect(await query('registration_time__from=20:00')).toEqual([evening.id]);
    expect(await query('registration_time__to=08:00')).toEqual([night.id, morning.id]);
    expect(await query('registration_time__from=20:15:30&registration_time__to=20:15:30')).toEqual([evening.id]);
    expect(await query('registration_time__from=20:15:31')).toEqual([]);
    expect(await query('registration_time__to=00:04:59')).toEqual([]);
    // From after to is the night across midnight (issue 31): 20:00 to 24:00 and 00:00 to 07:59.
    expect(await query('registration_time__from=20:00&registration_time__to=07:59')).toEqual([night.id, evening.id]);
    expect(await query('registration_time__from=20:15:31&registration_time__to=00:04:59')).toEqual([]);
  });

  it('filters gender and status', async () => {
    const tag = marker();
    const woman = await userWith(tag, { gender: 'female' });
    const man = await userWith(tag, { gender: 'male', status: 1 });
    const query = (filter: string) => listUsers(`search=${tag}&${filter}`).then(idsOf);
    expect(await query('gender=female')).toEqual([woman.id]);
    expect(await query('gender=male')).toEqual([man.id]);
    expect(await query('active=true')).toEqual([woman.id]);
    expect(await query('active=false')).toEqual([man.id]);
    expect(await query('gender=female&active=false')).toEqual([]);
    // Empty values are ignored.
    expect((await query('gender=&active=')).length).toBe(2);
  });

  it('filters balances in som, negative ones included, and counts afresh as balances move', async () => {
    const tag = marker();
    const rich = await userWith(tag, { registeredAt: new Date('2025-06-03T00:00:00Z') });
    const indebted = await userWith(tag, { registeredAt: new Date('2025-06-02T00:00:00Z') });
    const empty = await userWith(tag, { registeredAt: new Date('2025-06-01T00:00:00Z') });
    await buildEntry(db(), rich.id, { credit: '150.50' });
    await buildEntry(db(), indebted.id, { debit: '20.00' });
    const query = (filter: string) => listUsers(`search=${tag}&${filter}`);
    expect(idsOf(await query('balance__from=-20'))).toEqual([rich.id, indebted.id, empty.id]);
    expect(idsOf(await query('balance__from=-19.99'))).toEqual([rich.id, empty.id]);
    expect(idsOf(await query('balance__to=-0.01'))).toEqual([indebted.id]);
    expect(idsOf(await query('balance__from=0&balance__to=0'))).toEqual([empty.id]);
    expect(idsOf(await query('balance__from=100&balance__to=150.50'))).toEqual([rich.id]);
    expect(idsOf(await query('balance__from=150.51'))).toEqual([]);
    // A top-up moves a balance without changing the users' list version: the filtered count must follow anyway.
    expect((await query('balance__from=100')).total).toBe(1);
    expect((await topUp(empty.id, { amount: 200 })).statusCode).toBe(200);
    const after = await query('balance__from=100');
    expect(after.total).toBe(2);
    expect(idsOf(after)).toEqual([rich.id, empty.id]);
  });

  it('pages with a stable order', async () => {
    const tag = marker();
    const built = [];
    for (let index = 0; index < 12; index += 1) {
      built.push(await userWith(tag, { registeredAt: new Date(Date.UTC(2025, 7, 1, 0, index)) }));
    }
    const newestFirst = built.map((user) => user.id).reverse();
    const first = await listUsers(`search=${tag}&size=10&page=1`);
    const second = await listUsers(`search=${tag}&size=10&page=2`);
    expect(first).toMatchObject({ page: 1, pages: 2, size: 10, total: 12 });
    expect(second).toMatchObject({ page: 2, pages: 2, size: 10, total: 12 });
    expect([...idsOf(first), ...idsOf(second)]).toEqual(newestFirst);
    expect((await listUsers(`search=${tag}&size=20&page=3`)).items).toEqual([]);
  });

  it('answers 400 on the field for unknown filter values, in the request language', async () => {
    const cases: [string, string, string][] = [
      ['gender=other', 'gender', 'invalid_choice'],
      ['active=maybe', 'active', ''],
      ['balance__from=abc', 'balance__from', 'amount_invalid'],
      ['balance__to=1.234', 'balance__to', 'amount_invalid'],
      ['registration_date__from=2025-13-01', 'registration_date__from', ''],
      ['registration_date__to=yesterday', 'registration_date__to', ''],
      ['registration_time__from=25:00', 'registration_time__from', 'time_invalid'],
      ['registration_time__to=8am', 'registration_time__to', 'time_invalid'],
      ['search_by_user_id=abc', 'search_by_user_id', 'integer_invalid'],
      ['search_by_user_id=0', 'search_by_user_id', 'min_value:1'],
      ['search_by_user_id=2147483648', 'search_by_user_id', 'max_value:2147483647'],
      ['page=0', 'page', ''],
      ['size=abc', 'size', ''],
      ['registration_date__from=2025-03-12&registration_date__to=2025-03-11', 'registration_date__to', 'range_invalid'],
      ['balance__from=10&balance__to=-5', 'balance__to', 'range_invalid'],
    ];
    for (const [query, field, message] of cases) {
      const response = await api('GET', `/?${query}`, { language: 'en' });
      expect(response.statusCode, query).toBe(400);
      const body = response.json<Record<string, string[]>>();
      expect(Object.keys(body), query).toEqual([field]);
      if (message) {
        expect(body[field], query).toEqual([t(message, 'en')]);
      }
    }
    const russian = await api('GET', '/?balance__from=10&balance__to=5');
    expect(russian.json()).toEqual({ balance__to: [t('range_invalid', 'ru')] });
    const kyrgyz = await api('GET', '/?gender=x', { language: 'ky' });
    expect(kyrgyz.json()).toEqual({ gender: [t('invalid_choice', 'ky')] });
  });
});

describe('GET /users/{id}/', () => {
  it('answers the user with their id tags', async () => {
    const tag = marker();
    const user = await userWith(tag, {
      idTags: [
        { idTag: `RF${tag}`.slice(0, 20), kind: 'rfid' },
        { idTag: `AP${tag}`.slice(0, 20), kind: 'app' },
      ],
    });
    await buildEntry(db(), user.id, { credit: '10.05' });
    const response = await api('GET', `/${user.id}/`);
    expect(response.statusCode).toBe(200);
    const body = response.json<TUser>();
    expect(body).toMatchObject({ id: user.id, name: user.name, balance: '10.05', status: 0 });
    expect(body.id_tags.map(({ id_tag, kind }) => ({ id_tag, kind }))).toEqual([
      { id_tag: `RF${tag}`.slice(0, 20), kind: 'rfid' },
      { id_tag: `AP${tag}`.slice(0, 20), kind: 'app' },
    ]);
    expect(body.id_tags[0]?.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const bare = await api('GET', `/${(await userWith(tag)).id}/`);
    expect(bare.json<TUser>().id_tags).toEqual([]);
  });

  it('answers 404 user_not_found in the request language, and 400 for an id that is no positive integer', async () => {
    for (const language of ['ru', 'en', 'ky'] as const) {
      const response = await api('GET', '/2147483647/', { language });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: t('user_not_found', language) });
    }
    for (const url of ['/abc/', '/0/', '/-1/', '/99999999999/']) {
      expect((await api('GET', url)).statusCode, url).toBe(400);
    }
  });
});

describe('PATCH /users/statuses/', () => {
  it('blocks and unblocks users, answers their rows and logs who did it', async () => {
    const tag = marker();
    const first = await userWith(tag);
    const second = await userWith(tag);
    const blocked = await api('PATCH', '/statuses/', { payload: { ids: [second.id, first.id], active: false } });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json<TUserRow[]>().map((row) => [row.id, row.status])).toEqual([
      [first.id, 1],
      [second.id, 1],
    ]);
    expect(idsOf(await listUsers(`search=${tag}&active=false`)).sort()).toEqual([first.id, second.id].sort());
    const [audit] = await userAudits(first.id, 'status');
    expect(audit).toMatchObject({ actorId: manager.id, changes: { status: { before: 0, after: 1 } } });
    const unblocked = await api('PATCH', '/statuses/', { payload: { ids: [first.id], active: true } });
    expect(unblocked.json<TUserRow[]>()).toMatchObject([{ id: first.id, status: 0 }]);
    expect((await api('GET', `/${first.id}/`)).json<TUser>().status).toBe(0);
  });

  it('refuses a bad body on its field and changes nothing', async () => {
    const user = await userWith(marker());
    const response = await api('PATCH', '/statuses/', { payload: { ids: [user.id], active: 'no' } });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['active']);
    expect((await api('GET', `/${user.id}/`)).json<TUser>().status).toBe(0);
  });
});

describe('PATCH /users/{id}/balance/', () => {
  it('adds a top-up entry made by the signed-in account and answers it with the balance after it', async () => {
    const user = await userWith(marker());
    await buildEntry(db(), user.id, { debit: '100.00' });
    const response = await topUp(user.id, { amount: '1500.50', method: 'other_card', comment: '  Квитанция 42  ' });
    expect(response.statusCode).toBe(200);
    const result = response.json<TTopUpResult>();
    expect(result).toEqual({
      entry: {
        id: expect.any(Number),
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        user: { id: user.id, name: user.name, personal_account: user.personalAccount },
        basis: 'top_up',
        method: 'other_card',
        debit: '0.00',
        credit: '1500.50',
        deposit: '1400.50',
        comment: 'Квитанция 42',
        account: { id: manager.id, first_name: 'Айгерим', last_name: 'Садыкова' },
        charge_id: null,
        user_blocked: false,
      },
      balance: '1400.50',
    });
    expect(await balanceOf(db(), user.id)).toBe(140050n);
    expect((await api('GET', `/${user.id}/`)).json<TUser>().balance).toBe('1400.50');
    const audits = await userAudits(user.id, 'update');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorId: manager.id,
      ip: '127.0.0.1',
      changes: {
        balance: { before: '-100.00', after: '1400.50' },
        top_up: { before: null, after: '1500.50' },
        method: { before: null, after: 'other_card' },
        entry_id: { before: null, after: result.entry.id },
        user_blocked: { before: null, after: false },
      },
    });
  });

  it('takes the amount as a number or a numeric string, cash by default, up to 1,000,000 som', async () => {
    const user = await userWith(marker());
    const asNumber = await topUp(user.id, { amount: 0.01 });
    expect(asNumber.json<TTopUpResult>()).toMatchObject({
      entry: { credit: '0.01', method: 'cash', comment: '' },
      balance: '0.01',
    });
    expect((await topUp(user.id, { amount: '1000000' })).json<TTopUpResult>().balance).toBe('1000000.01');
    expect((await topUp(user.id, { amount: 1000000.0 })).json<TTopUpResult>().balance).toBe('2000000.01');
    expect(await balanceOf(db(), user.id)).toBe(200000001n);
  });

  it('tops up a blocked user and records that the user was blocked', async () => {
    const user = await userWith(marker(), { status: 1 });
    const response = await topUp(user.id, { amount: 50 });
    expect(response.statusCode).toBe(200);
    expect(response.json<TTopUpResult>()).toMatchObject({ entry: { user_blocked: true }, balance: '50.00' });
    const [audit] = await userAudits(user.id, 'update');
    expect(audit?.changes).toMatchObject({ user_blocked: { before: null, after: true } });
  });

  it('refuses bad amounts on the amount field, in the request language, and changes nothing', async () => {
    const user = await userWith(marker());
    await buildEntry(db(), user.id, { credit: '10.00' });
    const cases: [unknown, string][] = [
      [{ amount: 0 }, 'amount_positive'],
      [{ amount: '0.00' }, 'amount_positive'],
      [{ amount: -5 }, 'amount_positive'],
      [{ amount: '-0.01' }, 'amount_positive'],
      [{ amount: '1.234' }, 'amount_decimals'],
      [{ amount: 1.005 }, 'amount_decimals'],
      [{ amount: 'сто' }, 'amount_invalid'],
      [{ amount: '1e3' }, 'amount_invalid'],
      [{ amount: true }, 'top_up_required'],
      [{}, 'top_up_required'],
      [{ amount: '' }, 'top_up_required'],
      [{ amount: null }, 'top_up_required'],
      [{ amount: '1000000.01' }, 'amount_max:1000000'],
      [{ amount: 99999999999 }, 'amount_max:1000000'],
    ];
    const entriesBefore = await allEntries();
    const auditsBefore = await allAudits();
    for (const [payload, message] of cases) {
      const response = await topUp(user.id, payload, { language: 'en' });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json(), JSON.stringify(payload)).toEqual({ amount: [t(message, 'en')] });
    }
    expect((await topUp(user.id, { amount: '1.234' })).json()).toEqual({
      amount: ['В сумме не больше 2 знаков после запятой'],
    });
    expect((await topUp(user.id, {})).json()).toEqual({ amount: ['Пополнение баланса обязательно'] });
    expect((await topUp(user.id, { amount: 0 }, { language: 'ky' })).json()).toEqual({
      amount: ['Сумма 0дөн чоң болушу керек'],
    });
    expect((await topUp(user.id, { amount: 2000000 }, { language: 'ky' })).json()).toEqual({
      amount: ['Бир толуктоо 1000000 сомдон ашпашы керек'],
    });
    const method = await topUp(user.id, { amount: 10, method: 'personal_balance' });
    expect(method.json()).toEqual({ method: [t('invalid_choice')] });
    const comment = await topUp(user.id, { amount: 10, comment: 'я'.repeat(201) });
    expect(comment.json()).toEqual({ comment: [t('max_length:200')] });
    expect(await balanceOf(db(), user.id)).toBe(1000n);
    expect(await entriesOf(user.id)).toBe(1);
    expect(await allEntries()).toBe(entriesBefore);
    expect(await allAudits()).toBe(auditsBefore);
  });

  it('answers 404 for a missing user, with or without a key, and changes nothing', async () => {
    const entriesBefore = await allEntries();
    const keysBefore = await allKeys();
    const auditsBefore = await allAudits();
    for (const language of ['ru', 'en', 'ky'] as const) {
      const response = await topUp(2_147_483_647, { amount: 10 }, { language });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: t('user_not_found', language) });
    }
    const key = `missing-${marker()}`;
    const withKey = await topUp(2_147_483_647, { amount: 10 }, { headers: { 'idempotency-key': key } });
    expect(withKey.statusCode).toBe(404);
    expect(await allEntries()).toBe(entriesBefore);
    expect(await allKeys()).toBe(keysBefore);
    expect(await allAudits()).toBe(auditsBefore);
    // The key was not used up: a later request with it is answered afresh.
    const user = await userWith(marker());
    const later = await topUp(user.id, { amount: 10 }, { headers: { 'idempotency-key': key } });
    expect(later.statusCode).toBe(200);
    expect(await balanceOf(db(), user.id)).toBe(1000n);
  });

  it('refuses roles without balances.top_up with 403 and changes nothing', async () => {
    const user = await userWith(marker());
    for (const as of [operator, analyst]) {
      const response = await topUp(user.id, { amount: 10 }, { as });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: t('permission_denied') });
    }
    expect(await entriesOf(user.id)).toBe(0);
    const byFinance = await topUp(user.id, { amount: 10 }, { as: finance });
    expect(byFinance.statusCode).toBe(200);
    expect(await balanceOf(db(), user.id)).toBe(1000n);
  });
});

describe('Idempotency-Key', () => {
  const withKey = (key: string) => ({ headers: { 'idempotency-key': key } });

  it('answers a retry with the first result and adds nothing', async () => {
    const user = await userWith(marker());
    const key = crypto.randomUUID();
    const first = await topUp(user.id, { amount: '250.25', comment: 'наличные' }, withKey(key));
    expect(first.statusCode).toBe(200);
    // Another top-up in between: the retry still answers the balance right after the first one.
    expect((await topUp(user.id, { amount: 100 })).statusCode).toBe(200);
    const retry = await topUp(user.id, { amount: 250.25, method: 'cash', comment: 'наличные' }, withKey(key));
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    expect(retry.json<TTopUpResult>().balance).toBe('250.25');
    expect(await entriesOf(user.id)).toBe(2);
    expect(await balanceOf(db(), user.id)).toBe(35025n);
    expect(await userAudits(user.id, 'update')).toHaveLength(2);
  });

  it('answers 409 for the same key with another request, and changes nothing', async () => {
    const user = await userWith(marker());
    const otherUser = await userWith(marker());
    const key = crypto.randomUUID();
    expect((await topUp(user.id, { amount: 100, comment: 'a' }, withKey(key))).statusCode).toBe(200);
    const variants: [number, object][] = [
      [user.id, { amount: 101, comment: 'a' }],
      [user.id, { amount: 100, comment: 'b' }],
      [user.id, { amount: 100, comment: 'a', method: 'other_card' }],
      [otherUser.id, { amount: 100, comment: 'a' }],
    ];
    for (const [userId, payload] of variants) {
      for (const language of ['ru', 'en', 'ky'] as const) {
        const response = await topUp(userId, payload, { ...withKey(key), language });
        expect(response.statusCode, JSON.stringify(payload)).toBe(409);
        expect(response.json()).toEqual({ detail: t('idempotency_key_reused', language) });
      }
    }
    expect(await balanceOf(db(), user.id)).toBe(10000n);
    expect(await balanceOf(db(), otherUser.id)).toBe(0n);
    expect(await entriesOf(user.id)).toBe(1);
  });

  it('answers 400 for a malformed key, and changes nothing', async () => {
    const user = await userWith(marker());
    for (const key of ['', 'with space', 'a'.repeat(256), 'tab\there']) {
      for (const language of ['ru', 'en', 'ky'] as const) {
        const response = await topUp(user.id, { amount: 10 }, { ...withKey(key), language });
        expect(response.statusCode, key).toBe(400);
        expect(response.json()).toEqual({ detail: t('idempotency_key_invalid', language) });
      }
    }
    expect(await entriesOf(user.id)).toBe(0);
    expect((await topUp(user.id, { amount: 10 }, withKey('a'.repeat(255)))).statusCode).toBe(200);
  });

  it('checks the body before the key: a bad amount with a used key is a 400 on the amount', async () => {
    const user = await userWith(marker());
    const key = crypto.randomUUID();
    await topUp(user.id, { amount: 5 }, withKey(key));
    const response = await topUp(user.id, { amount: 0 }, withKey(key));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ amount: [t('amount_positive')] });
  });
});

describe('GET /users/payments/ and /users/payments/totals/', () => {
  const statement = async (query: string, as = manager.headers) => {
    const response = await api('GET', `/payments/?${query}`, { as });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TPaged<TBalanceEntry>>();
  };
  const totals = async (query: string) => {
    const response = await api('GET', `/payments/totals/?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TPaymentTotals>();
  };

  it("answers a user's entries newest first, each with the user and the account that made it", async () => {
    const user = await userWith(marker());
    const bonus = await buildEntry(db(), user.id, {
      credit: '20.00',
      basis: 'promotion_bonus',
      method: 'promotion',
      createdAt: new Date('2025-01-01T10:00:00Z'),
    });
    const payment = await buildEntry(db(), user.id, {
      // A charge's payment (its charge_id is the charges module's to test: the ledger refuses an unknown charge).
      debit: '5.50',
      createdAt: new Date('2025-01-02T10:00:00Z'),
    });
    const topped = (await topUp(user.id, { amount: 100 })).json<TTopUpResult>();
    const page = await statement(`search_by_user_id=${user.id}`);
    expect(page).toMatchObject({ total: 3, page: 1, pages: 1 });
    expect(idsOf(page)).toEqual([topped.entry.id, payment.id, bonus.id]);
    expect(page.items[0]).toEqual(topped.entry);
    expect(page.items[1]).toMatchObject({
      basis: 'charge_payment',
      method: 'personal_balance',
      debit: '5.50',
      credit: '0.00',
      deposit: '14.50',
      charge_id: null,
      account: null,
      user: { id: user.id, name: user.name, personal_account: user.personalAccount },
      created_at: '2025-01-02T10:00:00.000Z',
    });
    expect(page.items[2]).toMatchObject({ basis: 'promotion_bonus', method: 'promotion', deposit: '20.00' });
  });

  it('filters everyone by Bishkek days, basis and method, pages, and totals the whole filtered set', async () => {
    const first = await userWith(marker());
    const second = await userWith(marker());
    // 2019: no other test writes entries then. 31 May 18:30 UTC is already 1 June in Bishkek.
    const may31 = await buildEntry(db(), first.id, { credit: '1.00', createdAt: new Date('2019-05-31T17:59:59Z') });
    const june = [];
    for (let index = 0; index < 11; index += 1) {
      june.push(
        await buildEntry(db(), index % 2 === 0 ? first.id : second.id, {
          credit: `${index + 1}.25`,
          method: index % 3 === 0 ? 'other_card' : 'cash',
          createdAt: new Date(Date.UTC(2019, 4, 31, 18, 30 + index)),
        }),
      );
    }
    const payment = await buildEntry(db(), second.id, { debit: '3.10', createdAt: new Date('2019-06-02T17:00:00Z') });
    const june1 = 'period__from=2019-06-01&period__to=2019-06-01';
    const pageOne = await statement(`${june1}&size=10`);
    const pageTwo = await statement(`${june1}&size=10&page=2`);
    expect(pageOne).toMatchObject({ total: 11, pages: 2 });
    expect([...idsOf(pageOne), ...idsOf(pageTwo)]).toEqual(june.map((entry) => entry.id).reverse());
    // 1.25 + 2.25 + ... + 11.25
    expect(await totals(june1)).toEqual({ count: 11, debit: '0.00', credit: '68.75' });
    expect(idsOf(await statement('period__to=2019-05-31&period__from=2019-05-31'))).toEqual([may31.id]);
    const wholeRange = 'period__from=2019-05-31&period__to=2019-06-02';
    expect(await totals(wholeRange)).toEqual({ count: 13, debit: '3.10', credit: '69.75' });
    expect(idsOf(await statement(`${wholeRange}&basis=charge_payment`))).toEqual([payment.id]);
    expect(await totals(`${wholeRange}&basis=charge_payment`)).toEqual({ count: 1, debit: '3.10', credit: '0.00' });
    const byCard = june.filter((_entry, index) => index % 3 === 0).map((entry) => entry.id);
    expect(idsOf(await statement(`${wholeRange}&method=other_card`))).toEqual([...byCard].reverse());
    expect(await totals(`${wholeRange}&method=other_card`)).toEqual({ count: 4, debit: '0.00', credit: '23.00' });
    const secondsEntries = await statement(`${wholeRange}&search_by_user_id=${second.id}`);
    expect(secondsEntries.total).toBe(6);
    expect(await totals(`${wholeRange}&search_by_user_id=${second.id}`)).toEqual({
      count: 6,
      debit: '3.10',
      credit: '31.25',
    });
    expect(await totals('period__from=2018-01-01&period__to=2018-12-31')).toEqual({
      count: 0,
      debit: '0.00',
      credit: '0.00',
    });
  });

  it('pages deep into the statement across Bishkek days, as the ledger orders it (issue 32: a page starts at its day)', async () => {
    const users = [await userWith(marker()), await userWith(marker())];
    // 2016: no other test writes entries then. 1,500 entries 14 minutes apart from 2016-05-01 00:00 Bishkek on (about
    // 14.6 days, some at a midnight exactly), two bases and two methods.
    await db().execute(sql`
      insert into balance_entries (user_id, created_at, basis, method, credit)
      select (array[${users[0]?.id}::int, ${users[1]?.id}::int])[1 + g % 2],
             timestamptz '2016-04-30 18:00:00+00' + g * interval '14 minutes',
             case when g % 5 = 0 then 'correction' else 'top_up' end,
             case when g % 3 = 0 then 'other_card' else 'cash' end, 100 + g
      from generate_series(0, 1499) g`);
    const period = 'period__from=2016-05-01&period__to=2016-05-31';
    const ledger = async (where: ReturnType<typeof sql>) =>
      (
        await db()
          .select({ id: balanceEntries.id })
          .from(balanceEntries)
          .where(
            sql`${balanceEntries.createdAt} >= '2016-04-30 18:00:00+00' and ${balanceEntries.createdAt} < '2016-05-31 18:00:00+00' and ${where}`,
          )
          .orderBy(sql`${balanceEntries.createdAt} desc, ${balanceEntries.id} desc`)
      ).map((row) => row.id);
    for (const [filter, where] of [
      ['', sql`true`],
      ['&basis=top_up', sql`${balanceEntries.basis} = 'top_up'`],
    ] as const) {
      const expected = await ledger(where);
      for (const page of [101, 113, Math.ceil(expected.length / 10)]) {
        const answer = await statement(`${period}${filter}&page=${page}&size=10`);
        expect(answer.total, `${filter} page ${page}`).toBe(expected.length);
        expect(idsOf(answer), `${filter} page ${page}`).toEqual(expected.slice((page - 1) * 10, page * 10));
      }
    }
  });

  it("keeps the ledger's rollup equal to the ledger, totals every user's statement from it, and pages past row 1,000", async () => {
    const users = [await userWith(marker()), await userWith(marker()), await userWith(marker())];
    // 2017: no other test writes entries then. 1,300 entries in one statement through the ledger's triggers, a
    // minute apart from 2017-03-01 00:00 Bishkek (18:00 UTC the day before) on: all within 1 March in Bishkek.
    await db().execute(sql`
      insert into balance_entries (user_id, created_at, basis, method, credit)
      select (array[${users[0]?.id}::int, ${users[1]?.id}::int, ${users[2]?.id}::int])[1 + g % 3],
             timestamptz '2017-02-28 18:00:00+00' + g * interval '1 minute', 'top_up',
             case when g % 4 = 0 then 'other_card' else 'cash' end, 100 + g
      from generate_series(0, 1299) g`);
    const ledger = await db()
      .select({ id: balanceEntries.id })
      .from(balanceEntries)
      .where(
        sql`${balanceEntries.createdAt} >= '2017-02-28 18:00:00+00' and ${balanceEntries.createdAt} < '2017-03-02 18:00:00+00'`,
      )
      .orderBy(sql`${balanceEntries.createdAt} desc, ${balanceEntries.id} desc`);
    expect(ledger).toHaveLength(1300);
    const period = 'period__from=2017-03-01&period__to=2017-03-02';
    const deep = await statement(`${period}&page=121&size=10`);
    expect(deep).toMatchObject({ total: 1300, pages: 130 });
    expect(idsOf(deep)).toEqual(ledger.slice(1200, 1210).map((row) => row.id));
    // 100 + 101 + ... + 1399 tyiyn; the day before and after hold none of them.
    expect(await totals('period__from=2017-03-01&period__to=2017-03-01')).toEqual({
      count: 1300,
      debit: '0.00',
      credit: '9743.50',
    });
    expect((await totals('period__from=2017-02-28&period__to=2017-02-28')).count).toBe(0);
    expect((await statement(`${period}&method=other_card&page=30&size=10`)).total).toBe(325);
    await topUp(users[0]?.id ?? 0, { amount: 5 });
    // The rollup grouped back equals the ledger grouped, for every day, basis and method in this database.
    const grouped = async (relation: string) =>
      (
        (await db().execute(
          sql.raw(`select day::text, basis, method, sum(entries)::text as entries, sum(debit)::text as debit,
          sum(credit)::text as credit from ${relation} group by 1, 2, 3 order by 1, 2, 3`),
        )) as { rows: unknown[] }
      ).rows;
    const fromLedger = await grouped(`(select (created_at at time zone 'UTC' + interval '6 hours')::date as day, basis,
        method, 1 as entries, debit, credit from balance_entries) as entries`);
    expect(fromLedger.length).toBeGreaterThan(0);
    expect(await grouped('balance_entry_totals')).toEqual(fromLedger);
    const [everyone] = await db().select({ entries: count() }).from(balanceEntries);
    expect((await statement('size=1')).total).toBe(everyone?.entries);
  });

  it('answers 400 on the field for unknown filter values', async () => {
    const cases: [string, string, string][] = [
      ['basis=gift', 'basis', 'invalid_choice'],
      ['method=crypto', 'method', 'invalid_choice'],
      ['period__from=2025-02-30', 'period__from', ''],
      ['search_by_user_id=x', 'search_by_user_id', 'integer_invalid'],
      ['period__from=2025-02-02&period__to=2025-02-01', 'period__to', 'range_invalid'],
    ];
    for (const path of ['/payments/', '/payments/totals/']) {
      for (const [query, field, message] of cases) {
        const response = await api('GET', `${path}?${query}`, { language: 'ky' });
        expect(response.statusCode, `${path}?${query}`).toBe(400);
        const body = response.json<Record<string, string[]>>();
        expect(Object.keys(body), query).toEqual([field]);
        if (message) {
          expect(body[field]).toEqual([t(message, 'ky')]);
        }
      }
    }
    expect((await api('GET', '/payments/?size=0')).statusCode).toBe(400);
  });

  it('is open to balances.view only', async () => {
    expect((await api('GET', '/payments/', { as: operator })).statusCode).toBe(403);
    expect((await api('GET', '/payments/totals/', { as: operator })).statusCode).toBe(403);
    expect((await api('GET', '/payments/', { as: analyst })).statusCode).toBe(200);
    expect((await api('GET', '/payments/totals/', { as: analyst })).statusCode).toBe(200);
  });
});

describe('permissions of the users calls', () => {
  it('lets the operator see and block users, the analyst only see them', async () => {
    const user = await userWith(marker());
    expect((await api('GET', '/', { as: operator })).statusCode).toBe(200);
    expect((await api('GET', `/${user.id}/`, { as: operator })).statusCode).toBe(200);
    expect((await api('GET', '/', { as: analyst })).statusCode).toBe(200);
    expect((await api('GET', `/${user.id}/`, { as: analyst })).statusCode).toBe(200);
    const refused = await api('PATCH', '/statuses/', { as: analyst, payload: { ids: [user.id], active: false } });
    expect(refused.statusCode).toBe(403);
    expect((await api('GET', `/${user.id}/`)).json<TUser>().status).toBe(0);
    const byOperator = await api('PATCH', '/statuses/', { as: operator, payload: { ids: [user.id], active: false } });
    expect(byOperator.statusCode).toBe(200);
    const [row] = await db().select({ status: appUsers.status }).from(appUsers).where(eq(appUsers.id, user.id));
    expect(row?.status).toBe(1);
  });
});

describe('the OpenAPI document', () => {
  it('lists every users call, the Idempotency-Key header and the totals route', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    const document = response.json<{
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; description?: string }>>;
    }>();
    for (const [path, method] of [
      ['/api/v1/users/', 'get'],
      ['/api/v1/users/{id}/', 'get'],
      ['/api/v1/users/statuses/', 'patch'],
      ['/api/v1/users/{id}/balance/', 'patch'],
      ['/api/v1/users/payments/', 'get'],
      ['/api/v1/users/payments/totals/', 'get'],
    ] as const) {
      expect(document.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    const topUpParameters = document.paths['/api/v1/users/{id}/balance/']?.patch?.parameters ?? [];
    expect(topUpParameters).toContainEqual(expect.objectContaining({ name: 'idempotency-key', in: 'header' }));
    expect(document.paths['/api/v1/users/payments/totals/']?.get?.description).toContain('It sits beside the statement it totals');
  });
});

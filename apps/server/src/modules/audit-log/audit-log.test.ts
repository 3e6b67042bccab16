import type { TAuditEntry, TAuditPage, TStation } from '@zaryad/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltAccount, buildAccount, signIn } from '../../test/builders';
import { buildMerchant } from '../../test/network-builders';
import { sendMultipart, stationCreateFields } from '../../test/station-requests';
import { createTestContext, type TestContext } from '../../test/test-app';
import { roles } from '../accounts';
import { auditLog, recordAudit } from '../audit';
import { settlements } from '../locations';

let ctx: TestContext;
let admin: BuiltAccount;
let headers: Record<string, string>;
let merchantId: number;
let merchantName: string;
let place: { country: number; city: number };

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await buildAccount(ctx.database.db, { roleKey: 'superadmin', firstName: 'Нурлан', lastName: 'Асанов' });
  headers = { ...(await signIn(ctx.app, admin)).headers, 'accept-language': 'en' };
  ({ id: merchantId, name: merchantName } = await buildMerchant(ctx.database.db));
  const [bishkek] = await ctx.database.db.select().from(settlements).where(eq(settlements.key, 'kg-bishkek'));
  place = { country: bishkek?.countryId ?? 0, city: bishkek?.id ?? 0 };
});
afterAll(async () => {
  await ctx.close();
});

const list = async (query: string, extra: Record<string, string> = {}) => {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/audit-log/?${query}`, headers: { ...headers, ...extra } });
  return response;
};
const historyOf = async (entity: string, id: number | string) => {
  const response = await list(`entity=${entity}&entity_id=${id}&size=100`);
  expect(response.statusCode).toBe(200);
  return response.json<TAuditPage>().items;
};
let sequence = 0;
const createStation = async () => {
  const response = await sendMultipart(ctx.app, 'POST', '/api/v1/stations/', headers, stationCreateFields(merchantId, place, `CP-AUD-${++sequence}`));
  expect(response.statusCode).toBe(201);
  return response.json<TStation>();
};
/** Every stored entry as text: a secret anywhere in it would show. */
const wholeLog = async () => JSON.stringify(await ctx.database.db.select().from(auditLog));

describe('audit entries', () => {
  it('records a create with its values, the actor and the address, and never the station password', async () => {
    const station = await createStation();
    const [entry] = await historyOf('station', station.id);
    expect(entry).toMatchObject({ action: 'create', account: { id: admin.id, name: 'Асанов Нурлан' }, ip: '127.0.0.1' });
    expect(entry?.changes.name_en).toEqual({ before: null, after: 'Kievskaya charger' });
    expect(entry?.changes.password).toEqual({ before: null, after: 'changed' });
    expect(await wholeLog()).not.toContain('Abcdefgh12345678');
  });

  it('names the city, the country and the merchant a change holds by id, in the request language', async () => {
    const station = await createStation();
    const [entry] = await historyOf('station', station.id);
    expect(entry?.changes.city).toEqual({ before: null, after: place.city });
    expect(entry?.names).toEqual({
      city: { [place.city]: 'Bishkek' },
      country: { [place.country]: 'Kyrgyzstan' },
      merchant: { [merchantId]: merchantName },
    });
    const russian = await list(`entity=station&entity_id=${station.id}`, { 'accept-language': 'ru' });
    expect(russian.json<TAuditPage>().items[0]?.names).toMatchObject({
      city: { [place.city]: 'Бишкек' },
      country: { [place.country]: 'Кыргызстан' },
    });
    // An entry naming no place and no merchant has no names.
    await recordAudit(ctx.database.db, { actor: { id: admin.id, ip: null }, action: 'update', entity: 'tag', entityId: 999_002, before: { title_en: 'a', city: 'Osh' }, after: { title_en: 'b', city: 'Osh 2' } });
    const [tagEntry] = await historyOf('tag', 999_002);
    expect(tagEntry?.names).toEqual({});
  });

  it('records an edit as the changed fields before and after, unchanged ones left out', async () => {
    const station = await createStation();
    const response = await sendMultipart(ctx.app, 'PATCH', `/api/v1/stations/update/${station.id}/`, headers, {
      name_en: 'Renamed charger',
      name_ru: station.name_ru,
      password: 'Zyxwvuts98765432',
    });
    expect(response.statusCode).toBe(200);
    const [edit] = await historyOf('station', station.id);
    expect(edit?.action).toBe('update');
    expect(edit?.changes).toEqual({
      name_en: { before: 'Kievskaya charger', after: 'Renamed charger' },
      password: { before: null, after: 'changed' },
    });
    expect(await wholeLog()).not.toContain('Zyxwvuts98765432');
  });

  it('records a bulk status change as one entry per record, before the previous status', async () => {
    const [first, second] = [await createStation(), await createStation()];
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/stations/statuses/',
      headers,
      payload: { ids: [first.id, second.id], active: false },
    });
    expect(response.statusCode).toBe(200);
    for (const station of [first, second]) {
      const [entry] = await historyOf('station', station.id);
      expect(entry).toMatchObject({ action: 'status', changes: { status: { before: 0, after: 1 } }, account: { id: admin.id } });
    }
  });

  it('never keeps an account password, on create, edit or reset', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/accounts/',
      headers,
      payload: {
        role: (await ctx.database.db.select({ id: roles.id }).from(roles).where(eq(roles.key, 'operator')))[0]?.id,
        last_name: 'Бекова',
        first_name: 'Айгуль',
        phone: '996555000111',
        email: `audit-${Date.now()}@zaryad.test`,
        position: 'Оператор',
        password: 'Secret-Password-123',
      },
    });
    expect([200, 201]).toContain(response.statusCode);
    const created = response.json<{ id: number }>();
    const edit = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/accounts/${created.id}/`,
      headers,
      payload: { password: 'Other-Password-456', position: 'Инженер' },
    });
    expect(edit.statusCode).toBe(200);
    const [update, create] = await historyOf('account', created.id);
    expect(update?.changes).toEqual({ password: { before: null, after: 'changed' }, position: { before: 'Оператор', after: 'Инженер' } });
    expect(create?.changes.password).toEqual({ before: null, after: 'changed' });
    const log = await wholeLog();
    expect(log).not.toContain('Secret-Password-123');
    expect(log).not.toContain('Other-Password-456');
    expect(log).not.toContain('$argon2');
  });

  it('records sign-ins, refused sign-ins and sign-outs with the address', async () => {
    const account = await buildAccount(ctx.database.db);
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/accounts/login/',
      payload: { email: account.email, password: 'wrong-password-1', remember: false },
    });
    expect(refused.statusCode).toBe(401);
    const tokens = await signIn(ctx.app, account);
    await ctx.app.inject({ method: 'POST', url: '/api/v1/accounts/logout/', payload: { refresh: tokens.refresh } });
    const entries = await historyOf('account', account.id);
    expect(entries.map((entry) => entry.action)).toEqual(['sign_out', 'sign_in', 'sign_in_refused']);
    expect(entries.every((entry) => entry.account?.id === account.id && entry.ip !== null)).toBe(true);
    expect(entries[2]?.changes.reason).toEqual({ before: null, after: 'invalid_credentials' });
    const log = await wholeLog();
    expect(log).not.toContain('wrong-password-1');
    expect(log).not.toContain(tokens.refresh);
  });

  it('keeps text with lone surrogates and NULs instead of failing the change', async () => {
    await ctx.database.db.transaction(async (tx) => {
      await recordAudit(tx, { actor: { id: admin.id, ip: null }, action: 'update', entity: 'tag', entityId: 999_001, after: { title_en: 'a\ud800b\u0000c' } });
    });
    const [entry] = await historyOf('tag', 999_001);
    expect(entry?.changes.title_en).toEqual({ before: null, after: 'a\ufffdb\ufffdc' });
  });
});

describe('append-only', () => {
  it('is refused by the database on UPDATE, DELETE and TRUNCATE', async () => {
    const { db } = ctx.database;
    // Drizzle wraps the database's error; its cause carries the trigger's message.
    const refusal = async (statement: ReturnType<typeof sql>) => {
      try {
        await db.execute(statement);
        return 'accepted';
      } catch (error) {
        return error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
      }
    };
    expect(await refusal(sql`UPDATE audit_log SET action = 'forged'`)).toMatch(/append-only: UPDATE refused/);
    expect(await refusal(sql`DELETE FROM audit_log`)).toMatch(/append-only: DELETE refused/);
    expect(await refusal(sql`TRUNCATE audit_log`)).toMatch(/append-only: TRUNCATE refused/);
    const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(auditLog).where(eq(auditLog.action, 'forged'));
    expect(row?.total).toBe(0);
  });

  it('offers no route that edits or deletes an entry', async () => {
    for (const method of ['POST', 'PATCH', 'PUT', 'DELETE'] as const) {
      const response = await ctx.app.inject({ method, url: '/api/v1/audit-log/', headers, payload: {} });
      expect([404, 405]).toContain(response.statusCode);
    }
  });
});

describe('GET /audit-log/', () => {
  it('filters by account, entity, action and period, newest first', async () => {
    const other = await buildAccount(ctx.database.db, { roleKey: 'superadmin' });
    const otherHeaders = (await signIn(ctx.app, other)).headers;
    const tag = await ctx.app.inject({ method: 'POST', url: '/api/v1/common/tags/', headers: otherHeaders, payload: { title_ru: 'Аудит', title_en: 'Audit', title_ky: 'Аудит' } });
    expect(tag.statusCode).toBe(201);
    const byAccount = (await list(`account_id=${other.id}`)).json<TAuditPage>();
    expect(byAccount.items.map((entry) => entry.action)).toEqual(['create', 'sign_in']);
    expect(byAccount).toMatchObject({ page: 1, pages: 1, total: 2 });
    const creates = (await list(`account_id=${other.id}&action=create&entity=tag`)).json<TAuditPage>();
    expect(creates.items).toHaveLength(1);
    expect(creates.items[0]).toMatchObject({ entity: 'tag', entity_id: String(tag.json<{ id: number }>().id) });
    // Today in Asia/Bishkek holds them, yesterday does not.
    const today = new Date(Date.now() + 6 * 3600 * 1000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() + 6 * 3600 * 1000 - 24 * 3600 * 1000).toISOString().slice(0, 10);
    expect((await list(`account_id=${other.id}&period__from=${today}&period__to=${today}`)).json<TAuditPage>().total).toBe(2);
    expect((await list(`account_id=${other.id}&period__to=${yesterday}`)).json<TAuditPage>().total).toBe(0);
    const all = (await list('size=100')).json<TAuditPage>().items;
    expect(all.map((entry) => entry.id)).toEqual([...all.map((entry) => entry.id)].sort((a, b) => b - a));
  });

  it('answers 400 on the field of a bad filter', async () => {
    for (const [query, field] of [
      ['account_id=abc', 'account_id'],
      ['entity=planet', 'entity'],
      ['action=explode', 'action'],
      ['period__from=2026-13-45', 'period__from'],
      ['period__from=2026-05-02&period__to=2026-05-01', 'period__to'],
    ] as const) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json<Record<string, string[]>>()), query).toEqual([field]);
    }
  });

  it('is closed to a role without audit.view', async () => {
    const operator = await buildAccount(ctx.database.db, { roleKey: 'operator' });
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/audit-log/', headers: (await signIn(ctx.app, operator)).headers });
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /audit-log/export/', () => {
  it('streams CSV with a BOM, translated headers and Asia/Bishkek times, filtered like the list', async () => {
    const station = await createStation();
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/audit-log/export/?format=csv&entity=station&entity_id=${station.id}`,
      headers: { ...headers, 'accept-language': 'ru' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.body.startsWith('\ufeff')).toBe(true);
    const lines = response.body.slice(1).trim().split('\n');
    expect(lines[0]).toBe('Дата и время,ID аккаунта,Аккаунт,IP-адрес,Объект,ID объекта,Действие,Изменения');
    expect(lines).toHaveLength(2);
    const [listed] = (await list(`entity=station&entity_id=${station.id}`)).json<TAuditPage>().items as [TAuditEntry];
    const bishkek = new Date(Date.parse(listed.created_at) + 6 * 3600 * 1000).toISOString().replace('T', ' ').slice(0, 19);
    expect(lines[1]?.startsWith(`${bishkek},${admin.id},Асанов Нурлан,127.0.0.1,station,${station.id},create,"{`)).toBe(true);
    const json = lines[1]?.slice(lines[1].indexOf('"{') + 1, -1).replace(/""/g, '"') ?? '';
    expect(JSON.parse(json)).toMatchObject({ name_en: { before: null, after: 'Kievskaya charger' } });
  });

  it('answers headers in English when asked, and 400 on a bad format', async () => {
    const english = await ctx.app.inject({ method: 'GET', url: '/api/v1/audit-log/export/?format=csv&entity=role', headers });
    expect(english.body.slice(1).split('\n')[0]).toBe('Date and time,Account ID,Account,IP address,Entity,Entity ID,Action,Changes');
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/v1/audit-log/export/?format=pdf', headers });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<Record<string, string[]>>())).toEqual(['format']);
  });
});

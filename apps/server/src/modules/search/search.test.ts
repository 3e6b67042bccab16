import { formatPhone, type TSearchResult } from '@zaryad/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { buildCharge, buildPricedStation } from '../../test/charge-builders';
import { buildMerchant } from '../../test/network-builders';
import { buildStation } from '../../test/station-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { buildUser } from '../../test/user-builders';
import { roles } from '../accounts';

let ctx: TestContext;
let admin: { authorization: string };
let stationsOnly: { authorization: string };

beforeAll(async () => {
  ctx = await createTestContext();
  const { db } = ctx.database;
  admin = (await signIn(ctx.app, await buildAccount(db, { roleKey: 'superadmin' }))).headers;
  await db
    .insert(roles)
    .values({ key: 'search_stations_only', name: 'Search: stations only', permissions: ['stations.view'] });
  stationsOnly = (await signIn(ctx.app, await buildAccount(db, { roleKey: 'search_stations_only' }))).headers;
});
afterAll(async () => {
  await ctx.close();
});

const search = (q: string, headers = admin, language = 'en') =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/v1/search/?q=${encodeURIComponent(q)}`,
    headers: { ...headers, 'accept-language': language },
  });

const groupOf = (result: TSearchResult, kind: string) => {
  const group = result.groups.find((one) => one.kind === kind);
  if (!group) {
    throw new Error(`no ${kind} group in ${JSON.stringify(result)}`);
  }
  return group;
};

describe('global search', () => {
  it('ranks exact matches first, then prefixes, each newest first; the rest only when nothing matches better', async () => {
    const { db } = ctx.database;
    // Built oldest first: the exact match is the oldest, so only its rank can put it first.
    const exact = await buildUser(db, { name: 'Кубанычбек' });
    const contains = await buildUser(db, { name: 'Асан Кубанычбеков' });
    const prefixOld = await buildUser(db, { name: 'Кубанычбек Асанов' });
    const prefixNew = await buildUser(db, { name: 'Кубанычбекова Айгуль' });
    const response = await search('кубанычбек');
    expect(response.statusCode).toBe(200);
    const users = groupOf(response.json<TSearchResult>(), 'users');
    expect(users.items.map((item) => [item.id, item.match])).toEqual([
      [exact.id, 'exact'],
      [prefixNew.id, 'prefix'],
      [prefixOld.id, 'prefix'],
    ]);
    expect(users.more).toBe(false);
    expect(users.items[0]).toMatchObject({
      title: 'Кубанычбек',
      subtitle: `${formatPhone(exact.phone)} · ${exact.personalAccount}`,
    });
    // The phone as the lists show it, not its bare digits.
    expect(users.items[0]?.subtitle).toMatch(/^\+\d{3} \(\d{3}\) \d{2}-\d{2}-\d{2} · /);
    // Part of the name, which no name starts with: every one holding it, newest first.
    const inside = groupOf((await search('убанычбек')).json<TSearchResult>(), 'users');
    expect(inside.items.map((item) => [item.id, item.match])).toEqual([
      [prefixNew.id, 'contains'],
      [prefixOld.id, 'contains'],
      [contains.id, 'contains'],
      [exact.id, 'contains'],
    ]);
  });

  it('limits each group to 5 and says when more match', async () => {
    const merchant = await buildMerchant(ctx.database.db, { name: 'Сеть Жолдош' });
    for (let index = 0; index < 6; index += 1) {
      await buildStation(ctx.database.db, {
        merchantId: merchant.id,
        nameEn: `Zholdosh hub ${index}`,
        nameRu: `Жолдош ${index}`,
      });
    }
    const result = (await search('zholdosh hub')).json<TSearchResult>();
    const stations = groupOf(result, 'stations');
    expect(stations.items).toHaveLength(5);
    expect(stations.more).toBe(true);
    expect(stations.items[0]).toMatchObject({ title: 'Zholdosh hub 5', merchant_id: merchant.id, match: 'prefix' });
    // The same stations answered in Russian by their Russian names.
    const ru = (await search('zholdosh hub', admin, 'ru')).json<TSearchResult>();
    expect(groupOf(ru, 'stations').items[0]?.title).toBe('Жолдош 5');
  });

  it('finds stations by identity and address, merchants by name, users by phone and account', async () => {
    const { db } = ctx.database;
    const merchant = await buildMerchant(db, {
      name: 'Ала-Тоо Энерджи',
      agreementNumber: 'ALT-77',
      phone: '996312445566',
    });
    const station = await buildStation(db, {
      merchantId: merchant.id,
      identity: 'ALATOO-CP-01',
      addressEn: '12 Toktogul St',
    });
    const user = await buildUser(db, { phone: '996700123987', personalAccount: 'PA-ZX-4410' });

    expect(groupOf((await search('alatoo-cp-01')).json(), 'stations').items).toEqual([
      expect.objectContaining({ id: station.id, match: 'exact', subtitle: 'ALATOO-CP-01 · 12 Toktogul St' }),
    ]);
    expect(groupOf((await search('toktogul')).json(), 'stations').items.map((item) => item.id)).toContain(station.id);
    expect(groupOf((await search('ала-тоо')).json(), 'merchants').items).toEqual([
      expect.objectContaining({ id: merchant.id, match: 'prefix', title: 'Ала-Тоо Энерджи' }),
    ]);
    expect(groupOf((await search('ALT-77')).json(), 'merchants').items[0]).toMatchObject({
      id: merchant.id,
      match: 'exact',
    });
    // A local number with its leading 0 is the stored 996 one.
    expect(groupOf((await search('0700 123 987')).json(), 'users').items).toEqual([
      expect.objectContaining({ id: user.id, match: 'exact' }),
    ]);
    expect(groupOf((await search('123 98')).json(), 'users').items.map((item) => item.id)).toContain(user.id);
    expect(groupOf((await search('pa-zx-4410')).json(), 'users').items[0]).toMatchObject({
      id: user.id,
      match: 'exact',
    });
    expect(groupOf((await search('PA-ZX')).json(), 'users').items[0]).toMatchObject({ id: user.id, match: 'prefix' });
  });

  it('finds a charge by its number or transaction id, exactly', async () => {
    const { db } = ctx.database;
    const stationId = await buildPricedStation(db);
    const user = await buildUser(db, { name: 'Нурлан Чаржеров' });
    const charge = await buildCharge(db, { userId: user.id, stationId });
    const byNumber = groupOf((await search(String(charge.id))).json(), 'charges');
    expect(byNumber.items.map((item) => item.id)).toContain(charge.id);
    const found = byNumber.items.find((item) => item.id === charge.id);
    expect(found).toMatchObject({ title: String(charge.id), match: 'exact' });
    expect(found?.subtitle).toContain('Нурлан Чаржеров');
    const byTransaction = groupOf((await search(String(charge.ocppTransactionId))).json(), 'charges');
    expect(byTransaction.items.map((item) => item.id)).toContain(charge.id);
    expect(groupOf((await search('нурлан')).json(), 'charges').items).toEqual([]);
  });

  it('finds dashboard accounts by name and email', async () => {
    const account = await buildAccount(ctx.database.db, {
      firstName: 'Жаныл',
      lastName: 'Мырзабаева',
      email: 'zhanyl.m@zaryad.test',
    });
    expect(groupOf((await search('Мырзабаева Жаныл')).json(), 'accounts').items[0]).toMatchObject({
      id: account.id,
      match: 'exact',
      title: 'Мырзабаева Жаныл',
      subtitle: 'zhanyl.m@zaryad.test',
    });
    expect(groupOf((await search('zhanyl.m')).json(), 'accounts').items[0]).toMatchObject({
      id: account.id,
      match: 'prefix',
    });
  });

  it('answers only the groups the account may read', async () => {
    const full = (await search('станция')).json<TSearchResult>();
    expect(full.groups.map((group) => group.kind)).toEqual(['merchants', 'stations', 'users', 'charges', 'accounts']);
    const limited = await search('станция', stationsOnly);
    expect(limited.statusCode).toBe(200);
    expect(limited.json<TSearchResult>().groups.map((group) => group.kind)).toEqual(['stations']);
  });

  it('answers empty groups for a short text and 400 for a long one or NUL, never 500', async () => {
    for (const q of ['', ' ', 'а', '   ж   ', '0']) {
      const response = await search(q);
      expect(response.statusCode).toBe(200);
      expect(response.json<TSearchResult>().groups.every((group) => group.items.length === 0)).toBe(true);
    }
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/v1/search/', headers: admin });
    expect(missing.statusCode).toBe(200);
    const long = await search('x'.repeat(101));
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json())).toEqual(['q']);
    expect((await search('ab\u0000cd')).statusCode).toBe(400);
    for (const q of ['%', '%%_', '\\', "' or 1=1 --", '😀😀', '99999999999999999999', '2147483648']) {
      expect((await search(q)).statusCode).toBe(200);
    }
    // Wildcards are searched literally.
    expect(groupOf((await search('%_%')).json(), 'users').items).toEqual([]);
  });

  it('needs a token', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/search/?q=ab' })).statusCode).toBe(401);
  });
});

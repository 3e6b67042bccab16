import type { TNews, TTimeline } from '@zaryad/contracts/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEndedCharge, buildNews } from '../../test/analytics-builders';
import { buildAccount, signIn } from '../../test/builders';
import { buildMerchant } from '../../test/network-builders';
import { buildPromotion } from '../../test/promotion-builders';
import { buildStation } from '../../test/station-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { buildUser } from '../../test/user-builders';
import { chargePoints } from '../ocpp';

let ctx: TestContext;
let headers: Record<string, string>;
let analystHeaders: Record<string, string>;
const db = () => ctx.database.db;

beforeAll(async () => {
  ctx = await createTestContext();
  headers = (
    await signIn(ctx.app, await buildAccount(db(), { roleKey: 'superadmin', firstName: 'Aibek', lastName: 'Osmonov' }))
  ).headers;
  analystHeaders = (await signIn(ctx.app, await buildAccount(db(), { roleKey: 'analyst' }))).headers;
});
afterAll(async () => {
  await ctx.close();
});

const body = {
  title_ru: 'Новая станция',
  title_en: 'New station',
  title_ky: 'Жаңы станция',
  text_ru: 'Открыта',
  text_en: 'Opened',
  text_ky: 'Ачылды',
  date: '2026-11-01',
};

const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, as = headers) =>
  ctx.app.inject({ method, url: `/api/v1/analytics/news${url}`, headers: { ...as, 'accept-language': 'en' }, payload });

const timeline = async (query = '', language = 'en') =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/analytics/timeline/${query}`,
      headers: { ...headers, 'accept-language': language },
    })
  ).json<TTimeline>();

describe('news', () => {
  it('is posted with its author, edited and deleted, and shows on the timeline in the asked language', async () => {
    const created = await send('POST', '/', body);
    expect(created.statusCode).toBe(201);
    const news = created.json<TNews>();
    expect(news).toMatchObject({ ...body, author: { name: 'Aibek Osmonov' } });
    const ky = await timeline('', 'ky');
    expect(ky.items.find((item) => item.key === `news:${news.id}`)).toMatchObject({
      kind: 'news',
      title: 'Жаңы станция',
      text: 'Ачылды',
      author: 'Aibek Osmonov',
    });
    // On its date, at the Bishkek time of day it was posted.
    const at = Date.parse(ky.items.find((item) => item.key === `news:${news.id}`)?.at ?? '');
    expect(at).toBeGreaterThanOrEqual(Date.parse('2026-10-31T18:00:00.000Z'));
    expect(at).toBeLessThan(Date.parse('2026-11-01T18:00:00.000Z'));

    const edited = await send('PATCH', `/${news.id}/`, { ...body, title_en: 'Two new stations' });
    expect(edited.json<TNews>()).toMatchObject({ title_en: 'Two new stations' });
    expect((await timeline()).items.find((item) => item.key === `news:${news.id}`)?.title).toBe('Two new stations');

    expect((await send('DELETE', `/${news.id}/`)).statusCode).toBe(204);
    expect((await timeline()).items.some((item) => item.key === `news:${news.id}`)).toBe(false);
    expect((await send('DELETE', `/${news.id}/`)).json()).toEqual({ detail: 'News item not found' });
  });

  it('refuses an empty title in any language on that field, and a missing date', async () => {
    for (const field of ['title_ru', 'title_en', 'title_ky'] as const) {
      const response = await send('POST', '/', { ...body, [field]: '  ' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ [field]: ['This field may not be blank.'] });
    }
    const { date: _date, ...withoutDate } = body;
    expect((await send('POST', '/', withoutDate)).json()).toHaveProperty('date');
  });

  it('follows the permissions: an analyst reads the timeline but posts, edits and deletes nothing', async () => {
    const existing = await buildNews(db(), { date: '2026-10-01' });
    expect((await send('POST', '/', body, analystHeaders)).statusCode).toBe(403);
    expect((await send('PATCH', `/${existing.id}/`, body, analystHeaders)).statusCode).toBe(403);
    expect((await send('DELETE', `/${existing.id}/`, undefined, analystHeaders)).statusCode).toBe(403);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/analytics/timeline/',
      headers: analystHeaders,
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('GET /analytics/timeline/', () => {
  it('mixes news with merchants and stations added and record days, newest first, each linking to its record', async () => {
    const merchant = await buildMerchant(db(), { name: 'Timeline merchant' });
    const station = await buildStation(db(), {
      merchantId: merchant.id,
      connectors: [{ evse_id: 1, custom_fee: '10.00' }],
    });
    const user = await buildUser(db());
    // 100.00 on 3 Feb, 50.00 on 4 Feb, 300.00 on 5 Feb 2026: the 5th beats every earlier day.
    await buildEndedCharge(db(), {
      userId: user.id,
      stationId: station.id,
      finishedAt: new Date('2026-02-03T06:00:00Z'),
      energyWh: 10_000,
    });
    await buildEndedCharge(db(), {
      userId: user.id,
      stationId: station.id,
      finishedAt: new Date('2026-02-04T06:00:00Z'),
      energyWh: 5_000,
    });
    await buildEndedCharge(db(), {
      userId: user.id,
      stationId: station.id,
      finishedAt: new Date('2026-02-05T06:00:00Z'),
      energyWh: 30_000,
    });

    const items = (await timeline('?size=50')).items;
    expect(items.find((item) => item.key === `merchant_added:${merchant.id}`)).toMatchObject({
      kind: 'merchant_added',
      title: 'Timeline merchant',
      link: `/merchant/${merchant.id}`,
    });
    expect(items.find((item) => item.key === `station_added:${station.id}`)).toMatchObject({
      kind: 'station_added',
      link: `/merchant/${merchant.id}/station-info/${station.id}`,
    });
    expect(items.filter((item) => item.kind === 'record_day').map((item) => [item.title, item.amount])).toEqual([
      ['2026-02-05', '300.00'],
    ]);
    const times = items.map((item) => item.at);
    expect([...times].sort().reverse()).toEqual(times);

    const first = await timeline('?size=1');
    expect(first.items).toHaveLength(1);
    const next = await timeline(`?size=50&before=${encodeURIComponent(first.next_before ?? '')}`);
    expect(next.items.every((item) => item.at < (first.items[0]?.at ?? ''))).toBe(true);
    expect(next.items.some((item) => item.key === 'record_day:2026-02-05')).toBe(true);
  });

  it('tells when promotions started and ended and which stations have been silent for over an hour', async () => {
    const HOUR = 3600_000;
    const now = Date.now();
    const running = await buildPromotion(db(), { title: 'Night owls', startsAt: new Date(now - 5 * HOUR) });
    const ended = await buildPromotion(db(), {
      title: 'Autumn',
      startsAt: new Date(now - 30 * 24 * HOUR),
      endsAt: new Date(now - 2 * HOUR),
      endedAt: new Date(now - HOUR),
      isActive: false,
    });
    const upcoming = await buildPromotion(db(), { startsAt: new Date(now + 24 * HOUR) });
    const switchedOff = await buildPromotion(db(), { startsAt: new Date(now - 3 * HOUR), isActive: false });
    const merchant = await buildMerchant(db());
    const silent = await buildStation(db(), { merchantId: merchant.id, nameEn: 'Silent station' });
    const alive = await buildStation(db(), { merchantId: merchant.id });
    const lastSeen = new Date(now - 3 * HOUR);
    await db()
      .insert(chargePoints)
      .values([
        { stationId: silent.id, lastSeenAt: lastSeen },
        { stationId: alive.id, lastSeenAt: new Date(now - 10 * 60_000) },
      ]);

    const items = (await timeline('?size=50')).items;
    const keys = items.map((item) => item.key);
    expect(items.find((item) => item.key === `promotion_started:${running.id}`)).toMatchObject({
      title: 'Night owls',
      link: `/creating-promotion/${running.id}`,
    });
    expect(keys).not.toContain(`promotion_ended:${running.id}`);
    expect(items.find((item) => item.key === `promotion_ended:${ended.id}`)).toMatchObject({
      title: 'Autumn',
      at: new Date(now - 2 * HOUR).toISOString(),
    });
    expect(keys).toContain(`promotion_started:${ended.id}`);
    // Not started yet, or switched off by hand: nothing to tell.
    const quiet = [upcoming.id, switchedOff.id].flatMap((id) => [`promotion_started:${id}`, `promotion_ended:${id}`]);
    expect(keys.filter((key) => quiet.includes(key))).toEqual([]);
    expect(items.find((item) => item.kind === 'station_offline' && item.link?.endsWith(`/${silent.id}`))).toMatchObject(
      {
        title: 'Silent station',
        at: new Date(lastSeen.getTime() + HOUR).toISOString(),
        link: `/merchant/${merchant.id}/station-info/${silent.id}`,
      },
    );
    expect(items.some((item) => item.kind === 'station_offline' && item.link?.endsWith(`/${alive.id}`))).toBe(false);
  });

  it('refuses a malformed cursor and size', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/analytics/timeline/?before=yesterday&size=500',
      headers,
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(['before', 'size']);
  });
});

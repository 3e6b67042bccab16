import type {
  TAppBannerList,
  TAppFullscreenList,
  TAppNewsPage,
  TAppPromotionList,
} from '@zaryad/contracts/app-catalogue';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { buildNews } from '../../test/analytics-builders';
import { buildBanner } from '../../test/banner-builders';
import { type SignedInDriver, signInDriver } from '../../test/driver-builders';
import { buildMerchant } from '../../test/network-builders';
import { buildPromoCode } from '../../test/promo-code-builders';
import { buildPromotion } from '../../test/promotion-builders';
import { buildStation } from '../../test/station-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { promotions } from '../promotions';

// Issue 38, item 6: what the drivers' app shows around its screens (docs/product/app-api.md#content): banners,
// fullscreens, news and promotions, in the driver's language, with an ETag.

let ctx: TestContext;
let driver: SignedInDriver;
const db = (): Database => ctx.database.db;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  ctx = await createTestContext();
  driver = await signInDriver(ctx.app, db(), { language: 'ru' });
});
afterAll(async () => {
  await ctx.close();
});

const get = (url: string, headers: Record<string, string> = {}, asDriver = true) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/app/v1${url}`,
    headers: { ...(asDriver ? driver.headers : {}), ...headers },
  });

const json = async <T>(url: string, language = 'ru') => {
  const response = await get(url, { 'accept-language': language });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};

describe('banners and fullscreens', () => {
  let network: { id: number };
  let ofMerchant: { id: number };
  let atOneStation: { id: number };
  let stationIds: { listed: number; other: number; elsewhere: number; inactive: number };
  let merchantId: number;

  beforeAll(async () => {
    const merchant = await buildMerchant(db(), { name: 'Shoro Energy' });
    const another = await buildMerchant(db());
    const inactiveMerchant = await buildMerchant(db(), { isActive: false });
    merchantId = merchant.id;
    const listed = await buildStation(db(), { merchantId: merchant.id });
    const other = await buildStation(db(), { merchantId: merchant.id });
    const switchedOff = await buildStation(db(), { merchantId: merchant.id, isActive: false });
    const elsewhere = await buildStation(db(), { merchantId: another.id });
    stationIds = { listed: listed.id, other: other.id, elsewhere: elsewhere.id, inactive: switchedOff.id };
    network = await buildBanner(db(), { name: 'Network' });
    ofMerchant = await buildBanner(db(), { name: 'All of Shoro', merchantId: merchant.id });
    atOneStation = await buildBanner(db(), {
      name: 'One station',
      merchantId: merchant.id,
      stationIds: [listed.id, switchedOff.id],
    });
    // Never shown: inactive, ended, not yet started, archived, of an inactive merchant, only at inactive stations.
    await buildBanner(db(), { isActive: false });
    await buildBanner(db(), { startsAt: new Date(Date.now() - 3 * DAY), endsAt: new Date(Date.now() - DAY) });
    await buildBanner(db(), { startsAt: new Date(Date.now() + DAY) });
    await buildBanner(db(), { archivedAt: new Date() });
    await buildBanner(db(), { merchantId: inactiveMerchant.id });
    await buildBanner(db(), { merchantId: merchant.id, stationIds: [switchedOff.id] });
  });

  it('answers the banners on now with their button, link, image and merchant', async () => {
    const { items } = await json<TAppBannerList>('/content/banners/');
    expect(items.map((item) => item.id).sort((a, b) => a - b)).toEqual([network.id, ofMerchant.id, atOneStation.id]);
    const banner = items.find((item) => item.id === atOneStation.id);
    expect(banner).toMatchObject({
      name: 'One station',
      image: expect.stringMatching(/^\/media\/banners\/.+\.png$/),
      link: expect.stringMatching(/^https:\/\//),
      button: { name: 'Подробнее', color: '#22A699' },
      merchant: { id: merchantId, name: 'Shoro Energy' },
      // The inactive station is not told.
      stations: [stationIds.listed],
    });
    expect(new Date(banner!.ends_at).getTime()).toBeGreaterThan(Date.now());
    expect(items.find((item) => item.id === network.id)).toMatchObject({ merchant: null, stations: [] });
  });

  it('with a station: the network’s and its merchant’s, for all its stations or for this one', async () => {
    const at = async (stationId: number) =>
      (await json<TAppBannerList>(`/content/banners/?station=${stationId}`)).items
        .map((item) => item.id)
        .sort((a, b) => a - b);
    expect(await at(stationIds.listed)).toEqual([network.id, ofMerchant.id, atOneStation.id]);
    expect(await at(stationIds.other)).toEqual([network.id, ofMerchant.id]);
    expect(await at(stationIds.elsewhere)).toEqual([network.id]);
    const inactive = await get(`/content/banners/?station=${stationIds.inactive}`);
    expect(inactive.statusCode).toBe(404);
    expect(inactive.json()).toEqual({ detail: 'Станция не найдена.' });
    expect((await get('/content/banners/?station=abc')).statusCode).toBe(400);
  });

  it('answers the fullscreens of one screen', async () => {
    const main = await buildFullscreens();
    const { category, items } = await json<TAppFullscreenList>('/content/fullscreens/?category=maps');
    expect(category).toBe('maps');
    expect(items.map((item) => item.id)).toEqual([main.onMaps.id]);
    expect(items[0]).toMatchObject({
      name: main.onMaps.name,
      image: `/media/${main.onMaps.imagePath}`,
      link: main.onMaps.link,
      destination: 'browser',
      merchant: null,
    });
    const onMain = await json<TAppFullscreenList>('/content/fullscreens/?category=main');
    expect(onMain.items.map((item) => item.id).sort((a, b) => a - b)).toEqual([main.onMain.id, main.onMaps.id]);
    const bad = await get('/content/fullscreens/?category=home');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ category: ['Выберите корректный вариант.'] });
    expect((await get('/content/fullscreens/')).statusCode).toBe(400);
  });

  const buildFullscreens = async () => ({
    onMain: await buildBanner(db(), { type: 'fullscreen', categories: ['main'] }),
    onMaps: await buildBanner(db(), { type: 'fullscreen', categories: ['maps', 'main'] }),
    ended: await buildBanner(db(), {
      type: 'fullscreen',
      categories: ['maps'],
      startsAt: new Date(Date.now() - 2 * DAY),
      endsAt: new Date(Date.now() - HOUR),
    }),
  });
});

describe('news', () => {
  it('answers the published news newest first, in each language, paged', async () => {
    const today = new Date(Date.now() + 6 * HOUR).toISOString().slice(0, 10);
    const older = await buildNews(db(), { title: 'Older', date: '2026-01-05' });
    const newer = await buildNews(db(), { title: 'Newer', date: today });
    await buildNews(db(), {
      title: 'Tomorrow',
      date: new Date(Date.now() + 6 * HOUR + DAY).toISOString().slice(0, 10),
    });
    for (const [language, text] of [
      ['ru', 'Текст'],
      ['en', 'Text'],
      ['ky', 'Текст ky'],
    ] as const) {
      const page = await json<TAppNewsPage>('/content/news/', language);
      expect(page).toEqual({
        items: [
          { id: newer.id, title: `Newer ${language}`, text, date: today },
          { id: older.id, title: `Older ${language}`, text, date: '2026-01-05' },
        ],
        page: 1,
        pages: 1,
        size: 20,
        total: 2,
      });
    }
    const second = await json<TAppNewsPage>('/content/news/?size=1&page=2', 'en');
    expect(second).toMatchObject({ items: [{ id: older.id }], page: 2, pages: 2, size: 1, total: 2 });
    expect((await get('/content/news/?size=500')).statusCode).toBe(400);
  });
});

describe('promotions', () => {
  it('answers the promotions running now with their discount and conditions, in each language', async () => {
    const merchant = await buildMerchant(db(), { name: 'Bishkek Charge' });
    const inactiveMerchant = await buildMerchant(db(), { isActive: false });
    const listed = await buildStation(db(), { merchantId: merchant.id });
    const other = await buildStation(db(), { merchantId: merchant.id });
    const company = await buildPromotion(db(), { discountPercent: 15 });
    await db()
      .update(promotions)
      .set({ titleRu: 'Скидка 15%', titleEn: '15% off', titleKy: '15% арзандатуу' })
      .where(eq(promotions.id, company.id));
    const evening = await buildPromotion(db(), {
      merchantId: merchant.id,
      stationIds: [listed.id],
      discountAmount: 5_000n,
      minChargeAmount: 20_000n,
      minChargesCount: 3,
      happyStart: 18 * 60,
      happyEnd: 9 * 60,
    });
    const byCode = await buildPromotion(db(), { discountPercent: 30 });
    await buildPromoCode(db(), { promotionId: byCode.id });
    // Never shown: inactive, ended, not yet started, of an inactive merchant.
    await buildPromotion(db(), { isActive: false });
    await buildPromotion(db(), { startsAt: new Date(Date.now() - 3 * DAY), endsAt: new Date(Date.now() - DAY) });
    await buildPromotion(db(), { startsAt: new Date(Date.now() + DAY) });
    await buildPromotion(db(), { merchantId: inactiveMerchant.id });

    const all = await json<TAppPromotionList>('/content/promotions/', 'en');
    expect(all.items.map((item) => item.id).sort((a, b) => a - b)).toEqual([company.id, evening.id, byCode.id]);
    expect(all.items.find((item) => item.id === evening.id)).toEqual({
      id: evening.id,
      title: evening.titleEn,
      image: `/media/${evening.imagePath}`,
      initiator: 'merchant',
      merchant: { id: merchant.id, name: 'Bishkek Charge' },
      stations: [listed.id],
      discount: { percent: null, amount: '50.00' },
      conditions: {
        min_charge_amount: '200.00',
        min_charges_count: 3,
        happy_hours: { start: '18:00', end: '09:00' },
        by_code: false,
      },
      starts_at: evening.startsAt.toISOString(),
      ends_at: evening.endsAt.toISOString(),
    });
    expect(all.items.find((item) => item.id === company.id)).toMatchObject({
      title: '15% off',
      initiator: 'company',
      merchant: null,
      stations: [],
      discount: { percent: 15, amount: null },
      conditions: { min_charge_amount: '0.00', happy_hours: { start: '00:00', end: '23:59' }, by_code: false },
    });
    expect(all.items.find((item) => item.id === byCode.id)?.conditions.by_code).toBe(true);
    const titleIn = async (language: string) =>
      (await json<TAppPromotionList>('/content/promotions/', language)).items.find((item) => item.id === company.id)
        ?.title;
    expect(await titleIn('ru')).toBe('Скидка 15%');
    expect(await titleIn('ky')).toBe('15% арзандатуу');

    const at = async (stationId: number) =>
      (await json<TAppPromotionList>(`/content/promotions/?station=${stationId}`)).items
        .map((item) => item.id)
        .sort((a, b) => a - b);
    expect(await at(listed.id)).toEqual([company.id, evening.id, byCode.id]);
    expect(await at(other.id)).toEqual([company.id, byCode.id]);
  });
});

describe('caching', () => {
  it('answers an ETag and Cache-Control, 304 while nothing changed, another tag per language', async () => {
    const first = await get('/content/fullscreens/?category=stock');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, max-age=60');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);

    const again = await get('/content/fullscreens/?category=stock', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(
      (await get('/content/fullscreens/?category=stock', { 'if-none-match': `"other", ${etag}` })).statusCode,
    ).toBe(304);
    expect((await get('/content/fullscreens/?category=stock', { 'if-none-match': '"other"' })).statusCode).toBe(200);

    // A new fullscreen changes the answer: the old tag no longer matches.
    await buildBanner(db(), { type: 'fullscreen', categories: ['stock'] });
    const changed = await get('/content/fullscreens/?category=stock', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);

    // Each language has its own body, so its own tag.
    await buildNews(db(), { title: 'Cached' });
    const tags = new Set<string>();
    for (const language of ['ru', 'en', 'ky']) {
      const response = await get('/content/news/', { 'accept-language': language });
      expect(response.statusCode).toBe(200);
      tags.add(String(response.headers.etag));
      const revalidated = await get('/content/news/', {
        'accept-language': language,
        'if-none-match': String(response.headers.etag),
      });
      expect(revalidated.statusCode).toBe(304);
    }
    expect(tags.size).toBe(3);
    for (const url of ['/content/banners/', '/content/promotions/']) {
      const response = await get(url);
      expect(response.headers.etag).toMatch(/^W\//);
      expect((await get(url, { 'if-none-match': String(response.headers.etag) })).statusCode).toBe(304);
    }
  });
});

describe('the driver’s token', () => {
  it('is required on every content call', async () => {
    for (const url of [
      '/content/banners/',
      '/content/fullscreens/?category=main',
      '/content/news/',
      '/content/promotions/',
    ]) {
      const response = await get(url, {}, false);
      expect(response.statusCode, url).toBe(401);
      expect(response.headers.etag).toBeUndefined();
      expect((await get(url, { authorization: 'Bearer nonsense' }, false)).statusCode).toBe(401);
    }
  });
});

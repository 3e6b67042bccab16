import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { translateMessage } from '@zaryad/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runJobOnce } from '../../platform/scheduler';
import { auditLog } from '../audit';
import { buildAccount, signIn } from '../../test/builders';
import { buildMerchant } from '../../test/network-builders';
import { buildPromotion } from '../../test/promotion-builders';
import { buildStation } from '../../test/station-builders';
import { PNG_BYTES, sendMultipart, type TFormValue, type UploadFile } from '../../test/station-requests';
import { createTestContext, type TestContext } from '../../test/test-app';
import { buildUser } from '../../test/user-builders';
import { endJob, endPassedPromotions } from './promotions.service';
import { promoCodeRedemptions, promoCodes, promotions, promotionStations } from './promotions.tables';

let ctx: TestContext;
let headers: Record<string, string>;

const HOUR = 60 * 60 * 1000;

const image = (bytes: Buffer | string, filename = 'image.png'): UploadFile => ({ bytes, filename, type: 'image/png' });
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
const FIVE_HOURS_AHEAD = inHours(5);

const fields = (overrides: Record<string, TFormValue | undefined> = {}): Record<string, TFormValue | undefined> => ({
  title_ru: 'Ночная скидка',
  title_en: 'Night discount',
  title_ky: 'Түнкү арзандатуу',
  initiator: 'company',
  min_charge_amount: '500',
  min_charges_count: '3',
  discount_percent: '20',
  start_date: inHours(-1),
  end_date: inHours(24 * 7),
  happy_hours_start: '22:00',
  happy_hours_end: '06:00',
  status: '0',
  image: image(PNG_BYTES),
  ...overrides,
});

const send = (method: 'POST' | 'PATCH', url: string, body: Record<string, TFormValue | undefined>, language = 'en') =>
  sendMultipart(ctx.app, method, `/api/v1/ads/promotions${url}`, { ...headers, 'accept-language': language }, body);

const api = (method: 'GET' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  ctx.app.inject({
    method,
    url: `/api/v1/ads/promotions${url}`,
    headers: { ...headers, 'accept-language': 'en' },
    ...(payload && { payload }),
  });

const uploads = () => {
  const folder = join(ctx.config.dataDir, 'uploads', 'promotions');
  return existsSync(folder) ? readdirSync(folder) : [];
};
const storedCount = async () => (await ctx.database.db.select().from(promotions)).length;
const en = (key: string) => translateMessage(key, 'en');

beforeAll(async () => {
  ctx = await createTestContext();
  headers = (await signIn(ctx.app, await buildAccount(ctx.database.db, { roleKey: 'superadmin' }))).headers;
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await ctx.database.db.delete(promotions);
  rmSync(join(ctx.config.dataDir, 'uploads', 'promotions'), { recursive: true, force: true });
});

describe('create and read', () => {
  it('creates a promotion in three languages with its image, merchant and stations; reads it back', async () => {
    const merchant = await buildMerchant(ctx.database.db);
    const station = await buildStation(ctx.database.db, { merchantId: merchant.id });
    const response = await send(
      'POST',
      '/',
      fields({ initiator: 'merchant', merchant: String(merchant.id), stations: [station.id] }),
    );
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toEqual({
      id: expect.any(Number),
      title_ru: 'Ночная скидка',
      title_en: 'Night discount',
      title_ky: 'Түнкү арзандатуу',
      image: expect.stringMatching(/^\/media\/promotions\/[0-9a-f]{32}\.png$/),
      initiator: 'merchant',
      merchant: merchant.id,
      merchant_name: merchant.name,
      stations: [station.id],
      min_charge_amount: '500.00',
      min_charges_count: 3,
      discount_percent: 20,
      discount_amount: null,
      start_date: expect.any(String),
      end_date: expect.any(String),
      happy_hours_start: '22:00',
      happy_hours_end: '06:00',
      status: 0,
      validity: 'current',
      created_at: expect.any(String),
    });
    expect(uploads()).toHaveLength(1);
    expect((await api('GET', `/${created.id}/`)).json()).toEqual(created);
    const [audit] = await ctx.database.db.select().from(auditLog).where(eq(auditLog.entity, 'promotion'));
    expect(audit?.action).toBe('create');
  });

  it('takes a discount amount instead of a percentage', async () => {
    const response = await send('POST', '/', fields({ discount_percent: undefined, discount_amount: '150.50' }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ discount_percent: null, discount_amount: '150.50' });
  });
});

describe('rules, each refused on its field, creating nothing', () => {
  const cases: [string, Record<string, TFormValue | undefined>, string, string][] = [
    [
      'a discount amount above the minimum charge amount',
      { discount_percent: undefined, discount_amount: '600', min_charge_amount: '500' },
      'discount_amount',
      'discount_exceeds_amount',
    ],
    [
      'the minimum charge amount below the discount amount',
      { discount_percent: undefined, discount_amount: '600', min_charge_amount: '500' },
      'min_charge_amount',
      'amount_below_discount',
    ],
    ['both kinds of discount', { discount_amount: '10' }, 'discount_percent', 'discount_one_of'],
    ['no discount', { discount_percent: undefined }, 'discount_percent', 'discount_one_of'],
    ['a percentage over 100', { discount_percent: '101' }, 'discount_percent', 'percent_invalid'],
    ['a negative percentage', { discount_percent: '-1' }, 'discount_percent', 'percent_invalid'],
    [
      'an amount of 6 digits',
      { discount_percent: undefined, discount_amount: '100000', min_charge_amount: '100000' },
      'discount_amount',
      'discount_amount_invalid',
    ],
    [
      'an amount with 3 decimals',
      { discount_percent: undefined, discount_amount: '1.005' },
      'discount_amount',
      'discount_amount_invalid',
    ],
    ['a count over 32767', { min_charges_count: '32768' }, 'min_charges_count', 'max_value:32767'],
    [
      'a start equal to the end',
      { start_date: FIVE_HOURS_AHEAD, end_date: FIVE_HOURS_AHEAD },
      'end_date',
      'promotion_period_order',
    ],
    ['a start after the end', { start_date: inHours(6), end_date: inHours(5) }, 'end_date', 'promotion_period_order'],
    [
      'happy hours starting at their end',
      { happy_hours_start: '10:00', happy_hours_end: '10:00' },
      'happy_hours_end',
      'happy_hours_equal',
    ],
    ['happy hours without a start', { happy_hours_start: undefined }, 'happy_hours_start', 'happy_hours_required'],
    ['happy hours without an end', { happy_hours_end: undefined }, 'happy_hours_end', 'happy_hours_required'],
    ['a happy-hours time that is no time', { happy_hours_end: '25:00' }, 'happy_hours_end', 'happy_time_invalid'],
    ['no image', { image: undefined }, 'image', 'image_required'],
    [
      'an image that is no png or jpeg',
      { image: image('GIF89a-not-an-image', 'a.gif') },
      'image',
      'image_type_invalid',
    ],
    [
      'an image over 256 KB',
      { image: image(Buffer.concat([PNG_BYTES, Buffer.alloc(256 * 1024, 1)])) },
      'image',
      'image_too_large_256',
    ],
    ['a merchant initiator without a merchant', { initiator: 'merchant' }, 'merchant', 'initiator_needs_merchant'],
    ['an unknown initiator', { initiator: 'bank' }, 'initiator', 'invalid_choice'],
    ['a blank title', { title_ky: '  ' }, 'title_ky', 'blank'],
    [
      'an active promotion whose period has passed',
      { start_date: inHours(-48), end_date: inHours(-24) },
      'end_date',
      'promotion_period_passed',
    ],
  ];
  it.each(cases)('%s', async (_name, overrides, field, message) => {
    const response = await send('POST', '/', fields(overrides));
    expect(response.statusCode).toBe(400);
    const body = response.json();
    const [key, limit] = message.split(':');
    expect(body[field]).toContain(translateMessage(limit ? `${key}:${limit}` : (key ?? ''), 'en'));
    expect(await storedCount()).toBe(0);
    expect(uploads()).toEqual([]);
  });

  it('refuses stations of another merchant', async () => {
    const merchant = await buildMerchant(ctx.database.db);
    const other = await buildMerchant(ctx.database.db);
    const foreign = await buildStation(ctx.database.db, { merchantId: other.id });
    const response = await send(
      'POST',
      '/',
      fields({ initiator: 'merchant', merchant: String(merchant.id), stations: [foreign.id] }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ stations: [en('promotion_stations_other_merchant')] });
    expect(await storedCount()).toBe(0);
  });

  it('answers the messages in Russian and Kyrgyz', async () => {
    const body = fields({ happy_hours_start: '10:00', happy_hours_end: '10:00' });
    expect((await send('POST', '/', body, 'ru')).json().happy_hours_end).toEqual([
      'Начало счастливых часов не может совпадать с их концом',
    ]);
    expect((await send('POST', '/', body, 'ky')).json().happy_hours_end).toEqual([
      'Бактылуу сааттардын башталышы алардын аягына барабар боло албайт',
    ]);
  });

  it('keeps an inactive promotion whose period has passed', async () => {
    const response = await send('POST', '/', fields({ status: '1', start_date: inHours(-48), end_date: inHours(-24) }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ status: 1, validity: 'ended' });
  });
});

describe('edit', () => {
  it('changes only what is sent and checks the rules against the stored promotion', async () => {
    const created = (await send('POST', '/', fields())).json();
    const renamed = await send('PATCH', `/${created.id}/`, { title_en: 'Night owls' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ title_en: 'Night owls', title_ru: 'Ночная скидка', discount_percent: 20 });
    // The stored start is an hour ago: an end before it is refused.
    const reversed = await send('PATCH', `/${created.id}/`, { end_date: inHours(-2) });
    expect(reversed.json()).toEqual({ end_date: [en('promotion_period_order')] });
    // An amount replaces the percentage, but not above the stored minimum of 500.
    const tooMuch = await send('PATCH', `/${created.id}/`, { discount_amount: '501' });
    expect(tooMuch.json()).toMatchObject({ discount_amount: [en('discount_exceeds_amount')] });
    const amount = await send('PATCH', `/${created.id}/`, { discount_amount: '499.99' });
    expect(amount.json()).toMatchObject({ discount_percent: null, discount_amount: '499.99' });
    const picture = await send('PATCH', `/${created.id}/`, { image: image(PNG_BYTES) });
    expect(picture.json().image).not.toBe(created.image);
    expect(uploads()).toHaveLength(1);
  });

  it('answers 404 for an unknown promotion', async () => {
    expect((await send('PATCH', '/999999/', { title_en: 'x' })).statusCode).toBe(404);
  });
});

describe('list', () => {
  it('filters by validity, activity, initiator and search', async () => {
    const db = ctx.database.db;
    const current = await buildPromotion(db, { title: 'Current charge' });
    const upcoming = await buildPromotion(db, { title: 'Upcoming', startsAt: new Date(Date.now() + 24 * HOUR) });
    const ended = await buildPromotion(db, {
      title: 'Ended',
      isActive: false,
      startsAt: new Date(Date.now() - 48 * HOUR),
      endsAt: new Date(Date.now() - 24 * HOUR),
    });
    const ids = async (query: string) =>
      ((await api('GET', `/?${query}`)).json() as { items: { id: number }[] }).items.map((item) => item.id);
    expect(await ids('validity=current')).toEqual([current.id]);
    expect(await ids('validity=upcoming')).toEqual([upcoming.id]);
    expect(await ids('validity=ended')).toEqual([ended.id]);
    expect(await ids('active=false')).toEqual([ended.id]);
    expect(await ids('search=charge')).toEqual([current.id]);
    expect(await ids('initiator=company')).toEqual([ended.id, upcoming.id, current.id]);
    expect((await api('GET', '/?validity=someday')).statusCode).toBe(400);
    const page = (await api('GET', '/?size=10')).json();
    expect(page).toMatchObject({ total: 3, page: 1, size: 10, pages: 1 });
    expect(page.items.find((item: { id: number }) => item.id === ended.id).validity).toBe('ended');
  });
});

describe('status and end', () => {
  it('never activates an ended promotion', async () => {
    const ended = await buildPromotion(ctx.database.db, {
      isActive: false,
      startsAt: new Date(Date.now() - 48 * HOUR),
      endsAt: new Date(Date.now() - 24 * HOUR),
    });
    const response = await api('PATCH', '/statuses/', { ids: [ended.id], active: true });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      ids: [translateMessage(`promotion_period_passed_ids:${ended.id}`, 'en')],
    });
    const status = await send('PATCH', `/${ended.id}/`, { status: '0' });
    expect(status.json()).toEqual({ status: [en('promotion_period_passed')] });
    // By the list's filter too: refused on `filter`, naming it, and nothing changed.
    const byFilter = await api('PATCH', '/statuses/', { filter: { validity: 'ended' }, active: true });
    expect(byFilter.statusCode).toBe(400);
    expect(byFilter.json()).toEqual({
      filter: [translateMessage(`promotion_period_passed_ids:${ended.id}`, 'en')],
    });
    const [row] = await ctx.database.db.select().from(promotions).where(eq(promotions.id, ended.id));
    expect(row?.status).toBe(1);
  });

  it('ends a promotion by itself at its end: inactive, ended, audited', async () => {
    const endsAt = new Date(Date.now() + HOUR);
    const running = await buildPromotion(ctx.database.db, { endsAt });
    const later = await buildPromotion(ctx.database.db, { endsAt: new Date(Date.now() + 5 * HOUR) });
    expect(await runJobOnce(ctx.database.db, endJob, new Date(endsAt.getTime() - 1000))).toBe(true);
    expect((await api('GET', `/${running.id}/`)).json()).toMatchObject({ status: 0, validity: 'current' });
    expect(await ctx.database.db.transaction((tx) => endPassedPromotions(tx, endsAt))).toEqual([running.id]);
    const [row] = await ctx.database.db.select().from(promotions).where(eq(promotions.id, running.id));
    expect(row).toMatchObject({ status: 1, endedAt: endsAt });
    const [laterRow] = await ctx.database.db.select().from(promotions).where(eq(promotions.id, later.id));
    expect(laterRow?.status).toBe(0);
  });

  it('deletes an inactive promotion with its stations and image', async () => {
    const created = (await send('POST', '/', fields({ status: '1' }))).json();
    expect((await api('DELETE', `/${created.id}/`)).statusCode).toBe(204);
    expect(await storedCount()).toBe(0);
    expect(await ctx.database.db.select().from(promotionStations)).toEqual([]);
    expect(uploads()).toEqual([]);
  });
});

describe('demo seed', () => {
  it('adds current, upcoming and ended promotions with their images, and one reached by code with codes, once', async () => {
    // Drivers redeem days after registering (the earliest registered first): two old ones, and one too new to redeem.
    const longAgo = new Date(Date.now() - 100 * 24 * 3_600_000);
    const early = [
      await buildUser(ctx.database.db, { registeredAt: longAgo }),
      await buildUser(ctx.database.db, { registeredAt: longAgo }),
    ];
    await buildUser(ctx.database.db);
    const { seedPromotions } = await import('./promotions.seed');
    const storage = (await import('../media')).createLocalFileStorage(
      join(ctx.config.dataDir, 'uploads'),
      'promotions',
    );
    expect(await seedPromotions(ctx.database.db, storage)).toBe(5);
    expect(await seedPromotions(ctx.database.db, storage)).toBe(0);
    const listed = (await api('GET', '/?size=10')).json() as { items: { validity: string }[] };
    expect(listed.items.map((item) => item.validity).sort()).toEqual([
      'current',
      'current',
      'current',
      'ended',
      'upcoming',
    ]);
    expect(uploads()).toHaveLength(5);
    // The welcome code's 200 codes, one use each; as many of them redeemed as there are users (up to 40), waiting.
    const [welcome] = await ctx.database.db
      .select()
      .from(promotions)
      .where(eq(promotions.titleEn, 'Welcome code −30%'));
    const codes = await ctx.database.db
      .select()
      .from(promoCodes)
      .where(eq(promoCodes.promotionId, welcome?.id ?? 0));
    expect(codes).toHaveLength(200);
    expect(codes.every((code) => /^HELLO[A-HJ-NP-Z2-9]{4}$/.test(code.code))).toBe(true);
    const users = early.length;
    const redeemed = await ctx.database.db
      .select()
      .from(promoCodeRedemptions)
      .where(
        inArray(
          promoCodeRedemptions.codeId,
          codes.map((code) => code.id),
        ),
      );
    expect(users).toBeGreaterThanOrEqual(2);
    expect(redeemed).toHaveLength(users);
    expect(new Set(redeemed.map((row) => row.userId))).toEqual(new Set(early.map((user) => user.id)));
    expect(redeemed.every((row) => row.chargeId === null)).toBe(true);
    expect(codes.filter((code) => code.uses === 1)).toHaveLength(users);
  });
});

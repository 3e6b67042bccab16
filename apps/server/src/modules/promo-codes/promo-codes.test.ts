import { translateMessage } from '@zaryad/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { buildCharge } from '../../test/charge-builders';
import { buildMerchant } from '../../test/network-builders';
import { buildStation } from '../../test/station-builders';
import { buildPromotion } from '../../test/promotion-builders';
import { buildPromoCode } from '../../test/promo-code-builders';
import { parseCsv } from '../../test/csv';
import { createTestContext, type TestContext } from '../../test/test-app';
import { buildUser } from '../../test/user-builders';
import { promoCodeRedemptions, promoCodes, promotions } from '../promotions';

let ctx: TestContext;
let headers: Record<string, string>;
const db = () => ctx.database.db;
const HOUR = 3600 * 1000;
const en = (key: string) => translateMessage(key, 'en');

const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({
    method,
    url: `/api/v1/promo-codes${url}`,
    headers: { ...headers, 'accept-language': 'en' },
    ...(payload && { payload }),
  });

/** A charge of the user at a station of its own: running, or finished when `isEnded`. */
const runningCharge = async (userId: number, isEnded = false) => {
  const merchant = await buildMerchant(db());
  const station = await buildStation(db(), {
    merchantId: merchant.id,
    connectors: [{ evse_id: 1, custom_fee: '10.00' }],
  });
  const charge = await buildCharge(db(), {
    userId,
    stationId: station.id,
    startedAt: new Date(Date.now() - HOUR),
    ...(isEnded && { finish: { status: 'finished' as const, meterStopWh: 1000, finishedAt: new Date() } }),
  });
  return charge.id;
};

const generateBody = (promotion: number, overrides: Record<string, unknown> = {}) => ({
  promotion,
  count: 50,
  prefix: 'ev',
  length: 6,
  total_limit: 3,
  per_user_limit: 1,
  valid_from: new Date(Date.now() - HOUR).toISOString(),
  valid_until: new Date(Date.now() + 24 * HOUR).toISOString(),
  ...overrides,
});

beforeAll(async () => {
  ctx = await createTestContext();
  headers = (await signIn(ctx.app, await buildAccount(db(), { roleKey: 'superadmin' }))).headers;
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await db().delete(promotions);
});

describe('generating', () => {
  it('makes unique codes of the prefix and length, without letters that read alike', async () => {
    const promotion = await buildPromotion(db());
    const response = await api('POST', '/generate/', generateBody(promotion.id, { count: 2000 }));
    expect(response.statusCode).toBe(201);
    expect(response.json().count).toBe(2000);
    const rows = await db().select().from(promoCodes).where(eq(promoCodes.promotionId, promotion.id));
    expect(rows).toHaveLength(2000);
    expect(new Set(rows.map((row) => row.code)).size).toBe(2000);
    expect(rows.every((row) => /^EV[A-HJ-NP-Z2-9]{6}$/.test(row.code))).toBe(true);
  });

  it('refuses 10,001 codes, a prefix with look-alikes and a validity in the wrong order, creating nothing', async () => {
    const promotion = await buildPromotion(db());
    expect((await api('POST', '/generate/', generateBody(promotion.id, { count: 10_001 }))).json()).toEqual({
      count: [translateMessage('max_value:10000', 'en')],
    });
    expect((await api('POST', '/generate/', generateBody(promotion.id, { prefix: 'PROMO1' }))).json()).toEqual({
      prefix: [en('promo_prefix_invalid')],
    });
    const reversed = generateBody(promotion.id, { valid_until: new Date(Date.now() - 2 * HOUR).toISOString() });
    expect((await api('POST', '/generate/', reversed)).json()).toEqual({
      valid_until: [en('promo_code_period_order')],
    });
    expect(await db().select().from(promoCodes)).toEqual([]);
  });
});

describe('listing and deactivating', () => {
  it('filters by promotion, state and search; a deactivated code reads so', async () => {
    const promotion = await buildPromotion(db());
    const other = await buildPromotion(db());
    const unused = await buildPromoCode(db(), { promotionId: promotion.id, code: 'AAAA2222' });
    const used = await buildPromoCode(db(), { promotionId: promotion.id, code: 'BBBB3333', uses: 1 });
    const expired = await buildPromoCode(db(), {
      promotionId: promotion.id,
      code: 'CCCC4444',
      validUntil: new Date(Date.now() - HOUR),
      validFrom: new Date(Date.now() - 2 * HOUR),
    });
    const elsewhere = await buildPromoCode(db(), { promotionId: other.id, code: 'DDDD5555' });
    const ids = async (query: string) =>
      ((await api('GET', `/?${query}`)).json() as { items: { id: number }[] }).items.map((item) => item.id);
    expect(await ids(`promotion=${promotion.id}`)).toEqual([expired.id, used.id, unused.id]);
    expect(await ids('state=unused')).toEqual([elsewhere.id, unused.id]);
    expect(await ids('state=used')).toEqual([used.id]);
    expect(await ids('state=expired')).toEqual([expired.id]);
    expect(await ids('search=bbbb')).toEqual([used.id]);
    const deactivated = await api('POST', '/deactivate/', { ids: [unused.id] });
    expect(deactivated.json()).toMatchObject([{ id: unused.id, state: 'deactivated' }]);
    expect(await ids('state=deactivated')).toEqual([unused.id]);
    expect((await api('POST', '/deactivate/', { ids: [unused.id, 999_999] })).statusCode).toBe(404);
  });
});

describe('redeeming', () => {
  it('records the user, the date and the charge, and refuses with a reason beyond the limits', async () => {
    const promotion = await buildPromotion(db());
    const code = await buildPromoCode(db(), {
      promotionId: promotion.id,
      code: 'RIDE7777',
      totalLimit: 2,
      perUserLimit: 1,
    });
    const [first, second, third] = [await buildUser(db()), await buildUser(db()), await buildUser(db())];
    const running = await runningCharge(first?.id ?? 0);
    const redeemed = await api('POST', '/redeem/', { code: 'ride7777', user: first?.id, charge: running });
    expect(redeemed.statusCode).toBe(201);
    expect(redeemed.json()).toMatchObject({
      code: 'RIDE7777',
      promotion: promotion.id,
      user: first?.id,
      charge: running,
    });
    expect((await api('POST', '/redeem/', { code: 'RIDE7777', user: first?.id })).json()).toEqual({
      code: [en('promo_code_user_limit')],
    });
    expect((await api('POST', '/redeem/', { code: 'RIDE7777', user: second?.id })).statusCode).toBe(201);
    expect((await api('POST', '/redeem/', { code: 'RIDE7777', user: third?.id })).json()).toEqual({
      code: [en('promo_code_exhausted')],
    });
    const [row] = await db().select().from(promoCodes).where(eq(promoCodes.id, code.id));
    expect(row?.uses).toBe(2);
  });

  it("refuses a charge that is not the user's charge in progress, on its field, recording nothing", async () => {
    const promotion = await buildPromotion(db());
    await buildPromoCode(db(), { promotionId: promotion.id, code: 'CHRG2345', totalLimit: 10, perUserLimit: 5 });
    const [driver, other] = [await buildUser(db()), await buildUser(db())];
    const others = await runningCharge(other.id);
    const ended = await runningCharge(driver.id, true);
    for (const charge of [others, ended, 999_999]) {
      const refused = await api('POST', '/redeem/', { code: 'CHRG2345', user: driver.id, charge });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ charge: [en('promo_code_charge_invalid')] });
    }
    expect(await db().select().from(promoCodeRedemptions).where(eq(promoCodeRedemptions.userId, driver.id))).toEqual(
      [],
    );
  });

  it('refuses an expired, a deactivated and an unknown code', async () => {
    const promotion = await buildPromotion(db());
    const user = await buildUser(db());
    await buildPromoCode(db(), {
      promotionId: promotion.id,
      code: 'OLDD2345',
      validFrom: new Date(Date.now() - 2 * HOUR),
      validUntil: new Date(Date.now() - HOUR),
    });
    await buildPromoCode(db(), { promotionId: promotion.id, code: 'OFFF2345', deactivatedAt: new Date() });
    expect((await api('POST', '/redeem/', { code: 'OLDD2345', user: user.id })).json()).toEqual({
      code: [en('promo_code_expired')],
    });
    expect((await api('POST', '/redeem/', { code: 'OFFF2345', user: user.id })).json()).toEqual({
      code: [en('promo_code_deactivated')],
    });
    expect((await api('POST', '/redeem/', { code: 'NOPE2345', user: user.id })).json()).toEqual({
      code: [en('promo_code_not_found')],
    });
    expect(await db().select().from(promoCodeRedemptions)).toEqual([]);
  });

  it('holds the total limit under concurrent redemptions', async () => {
    const promotion = await buildPromotion(db());
    const code = await buildPromoCode(db(), {
      promotionId: promotion.id,
      code: 'RUSH2345',
      totalLimit: 3,
      perUserLimit: 1,
    });
    const users = await Promise.all(Array.from({ length: 8 }, () => buildUser(db())));
    const answers = await Promise.all(
      users.map((user) => api('POST', '/redeem/', { code: 'RUSH2345', user: user.id })),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(3);
    expect(answers.filter((answer) => answer.statusCode === 400)).toHaveLength(5);
    expect(await db().select().from(promoCodeRedemptions).where(eq(promoCodeRedemptions.codeId, code.id))).toHaveLength(
      3,
    );
  });
});

describe('exporting', () => {
  const exportOf = (query: string, language = 'en') =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/v1/promo-codes/export/?${query}`,
      headers: { ...headers, 'accept-language': language },
    });

  it('writes the codes the filters select, newest first, with their state in the request language', async () => {
    const promotion = await buildPromotion(db());
    const other = await buildPromotion(db());
    await buildPromoCode(db(), { promotionId: promotion.id, code: 'XPRTA234', uses: 1 });
    await buildPromoCode(db(), { promotionId: promotion.id, code: 'XPRTB234', deactivatedAt: new Date() });
    await buildPromoCode(db(), {
      promotionId: promotion.id,
      code: 'XPRTC234',
      validFrom: new Date(Date.now() - 2 * HOUR),
      validUntil: new Date(Date.now() - HOUR),
    });
    await buildPromoCode(db(), { promotionId: other.id, code: 'XPRTD234' });

    const response = await exportOf(`format=csv&promotion=${promotion.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, ...rows] = parseCsv(response.body.slice(1));
    expect(header?.slice(0, 4)).toEqual(['Code', 'Promotion', 'State', 'Uses']);
    expect(rows.map((row) => [row[0], row[1], row[2], row[3]])).toEqual([
      ['XPRTC234', promotion.titleEn, 'Expired', '0'],
      ['XPRTB234', promotion.titleEn, 'Deactivated', '0'],
      ['XPRTA234', promotion.titleEn, 'Used', '1'],
    ]);

    const used = parseCsv((await exportOf(`format=csv&state=used&search=xprt`, 'ru')).body.slice(1));
    expect(used.map((row) => row[0])).toEqual(['Код', 'XPRTA234']);
    expect(used[1]?.[2]).toBe('Использован');
  });

  it('answers xlsx, and refuses an unknown format or an account without promo_codes.export', async () => {
    const promotion = await buildPromotion(db());
    await buildPromoCode(db(), { promotionId: promotion.id, code: 'XLSXA234' });
    const xlsx = await exportOf(`format=xlsx&promotion=${promotion.id}`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');

    const wrong = await exportOf('format=pdf');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ format: [en('invalid_choice')] });

    // The operator's role has no promo codes at all (roles.seed.ts).
    const operator = await signIn(ctx.app, await buildAccount(db(), { roleKey: 'operator' }));
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/promo-codes/export/?format=csv',
      headers: operator.headers,
    });
    expect(refused.statusCode).toBe(403);
  });
});

import { translateMessage } from '@zaryad/contracts';
import type { TReferral, TReferralSettings } from '@zaryad/contracts/referrals';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { parseCsv } from '../../test/csv';
import { buildInvitedUser } from '../../test/referral-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { buildUser } from '../../test/user-builders';
import { auditLog } from '../audit';
import { referralSettings, referrals } from './referrals.tables';

// The API of referrals: the link an invited user's registration makes and its refusals, the list with its search,
// filters and export, and the bonus settings. The reward through the charges engine: referrals.reward.test.ts.
let ctx: TestContext;
let headers: Record<string, string>;
let analystHeaders: Record<string, string>;
const db = () => ctx.database.db;
const en = (key: string) => translateMessage(key, 'en');

const call = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
  { as = headers, language = 'en' }: { as?: Record<string, string>; language?: string } = {},
) =>
  ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...as, 'accept-language': language },
    ...(payload && { payload }),
  });

const list = async (query = '') => {
  const response = await call('GET', `/ads/referrals/${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<{ items: TReferral[]; page: number; pages: number; size: number; total: number }>();
};

beforeAll(async () => {
  ctx = await createTestContext();
  headers = (await signIn(ctx.app, await buildAccount(db(), { roleKey: 'superadmin' }))).headers;
  analystHeaders = (await signIn(ctx.app, await buildAccount(db(), { roleKey: 'analyst' }))).headers;
});
afterAll(async () => {
  await ctx.close();
});
const clear = async () => {
  await db().delete(referrals);
  await db().delete(referralSettings);
};

describe('linking an invited user (POST /ads/referrals/)', () => {
  beforeEach(clear);

  it('links the invited user to the owner of the code, whatever its case and spaces, pending', async () => {
    const inviter = await buildUser(db(), { name: 'Бакыт Асанов' });
    const invited = await buildUser(db(), { name: 'Айгуль Токтосунова' });
    const response = await call('POST', '/ads/referrals/', {
      invited: invited.id,
      code: ` ${inviter.referralCode.toLowerCase()} `,
    });
    expect(response.statusCode).toBe(201);
    const referral = response.json<TReferral>();
    expect(referral).toMatchObject({
      inviter: {
        id: inviter.id,
        name: 'Бакыт Асанов',
        phone: inviter.phone,
        personal_account: inviter.personalAccount,
      },
      invited: { id: invited.id, name: 'Айгуль Токтосунова' },
      code: inviter.referralCode,
      status: 'pending',
      rewarded_at: null,
      charge_id: null,
      inviter_bonus: null,
      invited_bonus: null,
    });
    expect(Date.now() - Date.parse(referral.registered_at)).toBeLessThan(60_000);
    expect((await list()).items.map((item) => item.id)).toEqual([referral.id]);
    const [audit] = await db().select().from(auditLog).where(eq(auditLog.entity, 'referral'));
    expect(audit?.entityId).toBe(String(referral.id));
  });

  it('refuses an unknown code, one’s own code, a second inviter and two users inviting each other, in the request’s language', async () => {
    const inviter = await buildUser(db());
    const invited = await buildInvitedUser(db(), inviter);
    const other = await buildUser(db());
    const refusals = [
      [{ invited: other.id, code: 'NO-SUCH-CODE' }, { code: [en('referral_code_not_found')] }],
      [{ invited: other.id, code: other.referralCode }, { code: [en('referral_own_code')] }],
      [{ invited: invited.id, code: other.referralCode }, { invited: [en('referral_exists')] }],
      [{ invited: inviter.id, code: invited.referralCode }, { code: [en('referral_mutual')] }],
      [{ invited: 2_000_000_000, code: inviter.referralCode }, { invited: [en('not_found')] }],
      [{ invited: other.id, code: '' }, { code: [en('required')] }],
    ] as const;
    for (const [body, answer] of refusals) {
      const response = await call('POST', '/ads/referrals/', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toEqual(answer);
    }
    const ru = await call(
      'POST',
      '/ads/referrals/',
      { invited: other.id, code: other.referralCode },
      { language: 'ru' },
    );
    expect(ru.json()).toEqual({ code: ['Пользователя нельзя пригласить по его собственному реферальному коду'] });
    const ky = await call('POST', '/ads/referrals/', { invited: other.id, code: 'NOPE' }, { language: 'ky' });
    expect(ky.json()).toEqual({ code: ['Мындай реферал коду бар колдонуучу жок'] });
    expect(await db().select().from(referrals)).toHaveLength(1);
  });

  it('keeps one inviter per user in the database too, and never oneself', async () => {
    const [first, second, invited] = [await buildUser(db()), await buildUser(db()), await buildUser(db())];
    await db()
      .insert(referrals)
      .values({ inviterUserId: first.id, invitedUserId: invited.id, code: first.referralCode });
    await expect(
      db().insert(referrals).values({ inviterUserId: second.id, invitedUserId: invited.id, code: second.referralCode }),
    ).rejects.toThrow();
    await expect(
      db().insert(referrals).values({ inviterUserId: first.id, invitedUserId: first.id, code: first.referralCode }),
    ).rejects.toThrow();
  });

  it('needs referrals.edit to link, referrals.view to read', async () => {
    const inviter = await buildUser(db());
    const invited = await buildUser(db());
    const body = { invited: invited.id, code: inviter.referralCode };
    expect((await call('POST', '/ads/referrals/', body, { as: analystHeaders })).statusCode).toBe(403);
    expect((await call('GET', '/ads/referrals/', undefined, { as: analystHeaders })).statusCode).toBe(200);
    expect((await call('GET', '/ads/referrals/', undefined, { as: {} })).statusCode).toBe(401);
  });
});

describe('the bonus settings (/settings/referrals/)', () => {
  beforeEach(clear);

  it('answers 0.00 and 0.00 until set, then the amounts sent as numbers or numeric strings', async () => {
    expect((await call('GET', '/settings/referrals/')).json()).toEqual({
      inviter_bonus: '0.00',
      invited_bonus: '0.00',
    });
    const set = await call('PATCH', '/settings/referrals/', { inviter_bonus: 150, invited_bonus: '49.9' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ inviter_bonus: '150.00', invited_bonus: '49.90' });
    const one = await call('PATCH', '/settings/referrals/', { invited_bonus: 0 });
    expect(one.json<TReferralSettings>()).toEqual({ inviter_bonus: '150.00', invited_bonus: '0.00' });
    expect((await call('GET', '/settings/referrals/', undefined, { as: analystHeaders })).json()).toEqual(one.json());
    const [row] = await db().select().from(referralSettings);
    expect([row?.inviterBonus, row?.invitedBonus]).toEqual([15_000n, 0n]);
  });

  it('refuses negative, inexact, oversized and non-numeric amounts with translated messages, changing nothing', async () => {
    await call('PATCH', '/settings/referrals/', { inviter_bonus: '100', invited_bonus: '50' });
    const bad = await call('PATCH', '/settings/referrals/', { inviter_bonus: -1, invited_bonus: '10.005' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      inviter_bonus: [translateMessage('min_value:0', 'en')],
      invited_bonus: [en('amount_decimals')],
    });
    const big = await call('PATCH', '/settings/referrals/', { inviter_bonus: 100_000.01, invited_bonus: 'ten' });
    expect(big.json()).toEqual({
      inviter_bonus: ['A referral bonus cannot exceed 100000 som'],
      invited_bonus: [en('amount_invalid')],
    });
    const ru = await call('PATCH', '/settings/referrals/', { inviter_bonus: 200_000 }, { language: 'ru' });
    expect(ru.json()).toEqual({ inviter_bonus: ['Реферальный бонус не может превышать 100000 сом'] });
    expect((await call('GET', '/settings/referrals/')).json()).toEqual({
      inviter_bonus: '100.00',
      invited_bonus: '50.00',
    });
  });

  it('lets only referrals.edit change them, and audits the change', async () => {
    const refused = await call('PATCH', '/settings/referrals/', { inviter_bonus: 1 }, { as: analystHeaders });
    expect(refused.statusCode).toBe(403);
    await call('PATCH', '/settings/referrals/', { inviter_bonus: 75 });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'referral_settings'))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(JSON.stringify(audit?.changes)).toContain('75.00');
  });
});

describe('the list (GET /ads/referrals/) and its export', () => {
  let built: Awaited<ReturnType<typeof network>>;
  beforeAll(async () => {
    await clear();
    built = await network();
  });

  /** Three referrals: two by Бакыт (one rewarded in March), one by Нурлан (pending), registered in Feb and March. */
  const network = async () => {
    const bakyt = await buildUser(db(), { name: 'Бакыт Асанов', phone: '996555123456' });
    const nurlan = await buildUser(db(), { name: 'Нурлан Усупов' });
    const aigul = await buildInvitedUser(db(), bakyt, {
      name: 'Айгуль Токтосунова',
      registeredAt: new Date('2026-02-10T10:00:00Z'),
    });
    const timur = await buildInvitedUser(db(), bakyt, {
      name: 'Тимур Осмонов',
      registeredAt: new Date('2026-03-01T19:30:00Z'),
    });
    const elena = await buildInvitedUser(db(), nurlan, {
      name: '=Елена Ким',
      phone: '996700987654',
      registeredAt: new Date('2026-03-05T12:00:00Z'),
    });
    await db()
      .update(referrals)
      .set({
        status: 'rewarded',
        rewardedAt: new Date('2026-03-20T20:00:00Z'),
        chargeId: 77,
        inviterBonus: 150_00n,
        invitedBonus: 50_00n,
      })
      .where(eq(referrals.id, aigul.referralId));
    return { bakyt, nurlan, aigul, timur, elena };
  };

  it('pages the referrals newest first with both users, dates, status and bonuses', async () => {
    const { aigul, timur, elena, bakyt } = built;
    const page = await list('?size=2');
    expect(page).toMatchObject({ page: 1, pages: 2, size: 2, total: 3 });
    expect(page.items.map((item) => item.id)).toEqual([elena.referralId, timur.referralId]);
    const [rewarded] = (await list('?page=2&size=2')).items;
    expect(rewarded).toEqual({
      id: aigul.referralId,
      inviter: { id: bakyt.id, name: 'Бакыт Асанов', phone: '996555123456', personal_account: bakyt.personalAccount },
      invited: {
        id: aigul.id,
        name: 'Айгуль Токтосунова',
        phone: aigul.phone,
        personal_account: aigul.personalAccount,
      },
      code: bakyt.referralCode,
      registered_at: '2026-02-10T10:00:00.000Z',
      status: 'rewarded',
      rewarded_at: '2026-03-20T20:00:00.000Z',
      charge_id: 77,
      inviter_bonus: '150.00',
      invited_bonus: '50.00',
    });
  });

  it('searches either side by name, phone (masked or not) or personal account, and the code', async () => {
    const { aigul, timur, elena, bakyt, nurlan } = built;
    const ids = async (query: string) => (await list(query)).items.map((item) => item.id);
    expect(await ids('?search=бакыт')).toEqual([timur.referralId, aigul.referralId]);
    expect(await ids('?search=КИМ')).toEqual([elena.referralId]);
    expect(await ids(`?search=${encodeURIComponent('+996 (700) 98')}`)).toEqual([elena.referralId]);
    expect(await ids('?search=555123')).toEqual([timur.referralId, aigul.referralId]);
    expect(await ids(`?search=${aigul.personalAccount}`)).toEqual([aigul.referralId]);
    expect(await ids(`?search=${nurlan.referralCode.toLowerCase()}`)).toEqual([elena.referralId]);
    expect(await ids(`?inviter=${bakyt.id}`)).toEqual([timur.referralId, aigul.referralId]);
    expect(await ids(`?invited=${elena.id}`)).toEqual([elena.referralId]);
    expect(await ids('?search=nobody-at-all')).toEqual([]);
  });

  it('filters by status, registration days and reward days (Bishkek), and refuses ranges in the wrong order', async () => {
    const { aigul, timur, elena } = built;
    const ids = async (query: string) => (await list(query)).items.map((item) => item.id);
    expect(await ids('?status=pending')).toEqual([elena.referralId, timur.referralId]);
    expect(await ids('?status=rewarded')).toEqual([aigul.referralId]);
    // 2026-03-01T19:30Z is 01:30 on 2 March in Bishkek.
    expect(await ids('?registration_date__from=2026-03-02&registration_date__to=2026-03-02')).toEqual([
      timur.referralId,
    ]);
    expect(await ids('?registration_date__to=2026-03-01')).toEqual([aigul.referralId]);
    expect(await ids('?rewarded_date__from=2026-03-21&rewarded_date__to=2026-03-21')).toEqual([aigul.referralId]);
    expect(await ids('?rewarded_date__from=2026-03-22')).toEqual([]);
    expect(await ids('?status=&search=&registration_date__from=')).toHaveLength(3);
    const wrong = await call('GET', '/ads/referrals/?rewarded_date__from=2026-03-05&rewarded_date__to=2026-03-01');
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json())).toEqual(['rewarded_date__to']);
    const unknown = await call('GET', '/ads/referrals/?status=paid');
    expect(unknown.json()).toEqual({ status: [en('invalid_choice')] });
  });

  it('exports what the filters select as csv and xlsx, in the request’s language and the list’s order', async () => {
    const { aigul, timur, bakyt } = built;
    const csv = await call('GET', `/ads/referrals/export/?format=csv&inviter=${bakyt.id}`, undefined, {
      language: 'ru',
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/referrals_\d{4}-\d{2}-\d{2}\.csv/);
    const [header, first, second, ...rest] = parseCsv(csv.body);
    expect(rest).toEqual([]);
    expect(header?.slice(0, 4)).toEqual(['ID', 'Дата регистрации', 'Пригласивший', 'Лицевой счёт пригласившего']);
    expect(first?.[0]).toBe(String(timur.referralId));
    expect(first?.slice(5, 7)).toEqual(['Тимур Осмонов', timur.personalAccount]);
    expect(first?.slice(8, 14)).toEqual([bakyt.referralCode, 'Ожидает', '', '', '', '']);
    expect(second?.slice(1, 5)).toEqual([
      '2026-02-10 16:00:00',
      'Бакыт Асанов',
      bakyt.personalAccount,
      "'+996 (555) 12-34-56", // csv defuses a leading + as every export does
    ]);
    expect(second?.slice(9, 14)).toEqual(['Вознаграждён', '2026-03-21 02:00:00', '150.00', '50.00', '77']);
    expect(second?.[0]).toBe(String(aigul.referralId));

    const xlsx = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/ads/referrals/export/?format=xlsx&search=%3D%D0%95%D0%BB%D0%B5%D0%BD%D0%B0',
      headers: { ...headers, 'accept-language': 'en' },
    });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe('Referrals');
    expect(sheet?.getRow(1).getCell(3).value).toBe('Inviter');
    expect(sheet?.rowCount).toBe(2);
    expect(sheet?.getRow(2).getCell(6).value).toBe('=Елена Ким');
    expect(sheet?.getRow(2).getCell(10).value).toBe('Pending');
  });

  it('needs referrals.export for the file', async () => {
    const operator = (await signIn(ctx.app, await buildAccount(db(), { roleKey: 'operator' }))).headers;
    const response = await call('GET', '/ads/referrals/export/?format=csv', undefined, { as: operator });
    expect([403, 200]).toContain(response.statusCode);
    const bad = await call('GET', '/ads/referrals/export/?format=pdf');
    expect(bad.statusCode).toBe(400);
  });
});

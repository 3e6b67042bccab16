import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { accountSettings } from './settings.tables';

let ctx: TestContext;
let headers: { authorization: string };
let accountId: number;
let otherHeaders: { authorization: string };

beforeAll(async () => {
  ctx = await createTestContext();
  const account = await buildAccount(ctx.database.db);
  accountId = account.id;
  headers = (await signIn(ctx.app, account)).headers;
  otherHeaders = (await signIn(ctx.app, await buildAccount(ctx.database.db))).headers;
});
afterAll(async () => {
  await ctx.close();
});

const settings = (method: 'GET' | 'PATCH', payload?: object, as = headers, language = 'ru') =>
  ctx.app.inject({
    method,
    url: '/api/v1/accounts/settings/',
    headers: { ...as, 'accept-language': language },
    ...(payload && { payload }),
  });

describe('account settings', () => {
  it('answers the defaults before anything is saved (not captured by /accounts/{id}/)', async () => {
    const response = await settings('GET');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ language: 'ru', time_zone: 'Asia/Bishkek', date_format: 'DD.MM.YYYY' });
  });

  it('changes only the fields sent, keeps them per account', async () => {
    const first = await settings('PATCH', { language: 'ky' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ language: 'ky', time_zone: 'Asia/Bishkek', date_format: 'DD.MM.YYYY' });
    const second = await settings('PATCH', { date_format: 'YYYY-MM-DD', time_zone: 'UTC' });
    expect(second.json()).toEqual({ language: 'ky', time_zone: 'UTC', date_format: 'YYYY-MM-DD' });
    expect((await settings('GET')).json()).toEqual(second.json());
    expect((await settings('GET', undefined, otherHeaders)).json()).toMatchObject({ language: 'ru' });
    const rows = await ctx.database.db.select().from(accountSettings).where(eq(accountSettings.accountId, accountId));
    expect(rows).toHaveLength(1);
  });

  it('refuses unknown values with a translated message and changes nothing', async () => {
    const before = (await settings('GET')).json();
    const ru = await settings('PATCH', { language: 'de', time_zone: 'Mars/Olympus' });
    expect(ru.statusCode).toBe(400);
    expect(Object.keys(ru.json()).sort()).toEqual(['language', 'time_zone']);
    const en = await settings('PATCH', { date_format: 'YY' }, headers, 'en');
    expect(en.json()).toEqual({ date_format: ['Select a valid choice.'] });
    expect((await settings('GET')).json()).toEqual(before);
  });

  it('needs a token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/accounts/settings/' });
    expect(response.statusCode).toBe(401);
  });
});

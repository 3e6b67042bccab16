import { translateMessage } from '@zaryad/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../test/builders';
import { buildMerchant } from '../test/network-builders';
import { createTestContext, type TestContext } from '../test/test-app';

let ctx: TestContext;
let headers: { authorization: string };

beforeAll(async () => {
  ctx = await createTestContext();
  headers = (await signIn(ctx.app, await buildAccount(ctx.database.db, { roleKey: 'superadmin' }))).headers;
});
afterAll(async () => {
  await ctx.close();
});

describe('hostile input answers 400, never 500', () => {
  it('refuses a lone UTF-16 surrogate on its field, in the caller language', async () => {
    for (const [language, message] of [
      ['en', 'Invalid character in the text.'],
      ['ru', 'Недопустимый символ в тексте.'],
    ] as const) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/common/tags/',
        headers: { ...headers, 'accept-language': language, 'content-type': 'application/json' },
        payload: '{"title_ru":"a\\ud800b","title_en":"Tag","title_ky":"Белги"}',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ title_ru: [message] });
    }
  });

  it('refuses a lone surrogate in a query string and a nested body', async () => {
    const query = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/common/tags/?search=%ED%A0%80',
      headers,
    });
    expect(query.statusCode).toBeLessThan(500);
    const low = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/common/tags/',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"title_ru":"\\udc00","title_en":"Tag","title_ky":"Белги"}',
    });
    expect(low.statusCode).toBe(400);
    expect(Object.keys(low.json())).toEqual(['title_ru']);
    // A well-formed pair is a character like any other.
    const pair = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/common/tags/',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"title_ru":"Метка \\ud83d\\ude00","title_en":"Tag emoji","title_ky":"Белги emoji"}',
    });
    expect(pair.statusCode).toBe(201);
  });

  it('answers 400 to broken multipart bodies on stations and surroundings', async () => {
    for (const url of ['/api/v1/stations/', '/api/v1/common/surroundings/']) {
      for (const contentType of [
        'multipart/form-data',
        'multipart/form-data; boundary=',
        'multipart/form-data; boundary=abc',
      ]) {
        const response = await ctx.app.inject({
          method: 'POST',
          url,
          headers: { ...headers, 'content-type': contentType },
          payload: 'x',
        });
        expect(response.statusCode, `${url} ${contentType}`).toBe(400);
      }
      const truncated = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { ...headers, 'content-type': 'multipart/form-data; boundary=abc' },
        payload: '--abc\r\nContent-Disposition: form-data; name="name"\r\n\r\nStation',
      });
      expect(truncated.statusCode, `${url} truncated`).toBe(400);
    }
  });
});

describe('integers are bounded by the column they reach (issue 31)', () => {
  const send = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, language = 'en') =>
    ctx.app.inject({
      method,
      url,
      headers: { ...headers, 'accept-language': language },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const t = (key: string, language: 'ru' | 'en' | 'ky' = 'en') => translateMessage(key, language);

  it('refuses a role beyond int4 on its field, in every language, instead of a database error', async () => {
    const other = await buildAccount(ctx.database.db);
    for (const language of ['ru', 'en', 'ky'] as const) {
      const response = await send('PATCH', `/api/v1/accounts/${other.id}/`, { role: 2_147_483_648 }, language);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ role: [t('role_invalid', language)] });
    }
    for (const role of [-1, 0, 1.5, '2', 9_223_372_036_854_775_808, true]) {
      const response = await send('PATCH', `/api/v1/accounts/${other.id}/`, { role });
      expect(response.statusCode, `${role} ${response.body}`).toBe(400);
      expect(Object.keys(response.json()), String(role)).toEqual(['role']);
    }
  });

  it('refuses an unknown status instead of replacing it', async () => {
    for (const status of [2_147_483_648, 2, -1, '0', null]) {
      const response = await send('POST', '/api/v1/common/tags/', { title_ru: 'Метка статуса', status });
      expect(response.statusCode, `${status} ${response.body}`).toBe(400);
      expect(response.json(), String(status)).toEqual({ status: [t('invalid_choice')] });
    }
    const inactive = await send('POST', '/api/v1/common/tags/', { title_ru: 'Неактивная метка', status: 1 });
    expect(inactive.statusCode, inactive.body).toBe(201);
    expect(inactive.json()).toMatchObject({ status: 1 });
  });

  it('answers a range error for an id beyond int4 in a query, not "required"', async () => {
    const response = await send('GET', '/api/v1/stations/?merchant=2147483648');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ merchant: [t('max_value:2147483647')] });
    const missing = await send('GET', '/api/v1/stations/');
    expect(missing.json()).toEqual({ merchant: [t('required')] });
    const merchant = await buildMerchant(ctx.database.db);
    expect((await send('GET', `/api/v1/stations/?merchant=${merchant.id}`)).statusCode).toBe(200);
  });

  it('says "required" for a news item without a date', async () => {
    const response = await send('POST', '/api/v1/analytics/news/', {
      title_ru: 'Новость',
      title_en: 'News',
      title_ky: 'Жаңылык',
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ date: [t('required')] });
  });
});

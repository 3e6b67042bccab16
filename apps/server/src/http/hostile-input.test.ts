import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../test/builders';
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

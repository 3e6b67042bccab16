import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { createTestContext, type TestContext } from '../../test/test-app';

let ctx: TestContext;
/** Two sessions of one account (two computers), and another account. */
let first: { authorization: string };
let second: { authorization: string };
let other: { authorization: string };

beforeAll(async () => {
  ctx = await createTestContext();
  const account = await buildAccount(ctx.database.db, { roleKey: 'operator' });
  first = (await signIn(ctx.app, account)).headers;
  second = (await signIn(ctx.app, account)).headers;
  other = (await signIn(ctx.app, await buildAccount(ctx.database.db))).headers;
});
afterAll(async () => {
  await ctx.close();
});

const call = (
  method: 'GET' | 'PUT',
  list: string,
  as: { authorization: string } | undefined,
  payload?: unknown,
  language = 'ru',
) =>
  ctx.app.inject({
    method,
    url: `/api/v1/accounts/settings/lists/${list}/`,
    headers: {
      ...as,
      'accept-language': language,
      ...(payload !== undefined && { 'content-type': 'application/json' }),
    },
    ...(payload !== undefined && { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }),
  });

const CHARGES = {
  columns: [
    { key: 'totalCost', hidden: false },
    { key: 'status', hidden: false },
    { key: 'appVersion', hidden: true },
  ],
  density: 'compact',
};

describe('list settings', () => {
  it('answers the defaults before anything is saved', async () => {
    const response = await call('GET', 'charges', first);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ list: 'charges', columns: [], density: 'comfortable', updated_at: null });
  });

  it('keeps what one session saved for another session of the same account, and for no other account', async () => {
    const saved = await call('PUT', 'charges', first, CHARGES);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ list: 'charges', ...CHARGES });
    expect(saved.json().updated_at).toEqual(expect.any(String));

    const read = await call('GET', 'charges', second);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(saved.json());

    // Another list of the same account and the same list of another account keep their defaults.
    expect((await call('GET', 'users', second)).json()).toMatchObject({ columns: [], density: 'comfortable' });
    expect((await call('GET', 'charges', other)).json()).toMatchObject({ columns: [], updated_at: null });

    // The other account's own save leaves the first account's alone.
    const others = await call('PUT', 'charges', other, {
      columns: [{ key: 'number', hidden: true }],
      density: 'comfortable',
    });
    expect(others.statusCode).toBe(200);
    expect((await call('GET', 'charges', first)).json()).toMatchObject(CHARGES);
  });

  it('replaces the whole settings on each save', async () => {
    const next = { columns: [{ key: 'status', hidden: true }], density: 'comfortable' };
    expect((await call('PUT', 'charges', second, next)).statusCode).toBe(200);
    expect((await call('GET', 'charges', first)).json()).toMatchObject(next);
  });

  it('answers 404 for a list that does not exist', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const response = await call(method, 'no-such-list', first, method === 'PUT' ? CHARGES : undefined, 'en');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found.' });
    }
  });

  it('refuses a bad body with translated messages on its fields, and changes nothing', async () => {
    const before = (await call('GET', 'charges', first)).json();
    const ru = await call('PUT', 'charges', first, {
      columns: [{ key: '', hidden: 'yes' }, { key: 'a b' }],
      density: 'huge',
      colour: 'red',
    });
    expect(ru.statusCode).toBe(400);
    expect(ru.json()).toEqual({
      'columns.0.key': ['Это поле не может быть пустым.'],
      'columns.0.hidden': [expect.any(String)],
      'columns.1.key': [expect.any(String)],
      'columns.1.hidden': ['Обязательное поле.'],
      density: ['Выберите корректный вариант.'],
      colour: [expect.any(String)],
    });
    const en = await call('PUT', 'charges', first, { density: 'compact' }, 'en');
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({ columns: ['This field is required.'] });
    const twice = await call(
      'PUT',
      'charges',
      first,
      {
        columns: [
          { key: 'status', hidden: false },
          { key: 'status', hidden: true },
        ],
        density: 'compact',
      },
      'ky',
    );
    expect(twice.statusCode).toBe(400);
    expect(Object.keys(twice.json())).toEqual(['columns']);
    const tooMany = await call(
      'PUT',
      'charges',
      first,
      {
        columns: Array.from({ length: 41 }, (_item, index) => ({ key: `c${index}`, hidden: false })),
        density: 'compact',
      },
      'en',
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ columns: ['Select no more than 40 items.'] });
    const longKey = await call(
      'PUT',
      'charges',
      first,
      { columns: [{ key: 'k'.repeat(65), hidden: false }], density: 'compact' },
      'en',
    );
    expect(longKey.json()).toEqual({ 'columns.0.key': ['Ensure this field has no more than 64 characters.'] });
    for (const body of ['[]', 'null', '"text"', '{"columns": {}, "density": 1}']) {
      expect((await call('PUT', 'charges', first, body)).statusCode).toBe(400);
    }
    expect((await call('PUT', 'charges', first, '{"columns": [')).statusCode).toBe(400);
    expect((await call('GET', 'charges', first)).json()).toEqual(before);
  });

  it('refuses a body over 8 KB with 413', async () => {
    const response = await call(
      'PUT',
      'charges',
      first,
      { columns: [], density: 'compact', padding: 'x'.repeat(9000) },
      'en',
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: 'The request body is too large.' });
  });

  it('needs a token', async () => {
    expect((await call('GET', 'charges', undefined)).statusCode).toBe(401);
    expect((await call('PUT', 'charges', undefined, CHARGES)).statusCode).toBe(401);
  });
});

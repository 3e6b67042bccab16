import type { TSavedView } from '@zaryad/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { roles } from '../accounts';

let ctx: TestContext;
let owner: { authorization: string };
let colleague: { authorization: string };
let noCharges: { authorization: string };

beforeAll(async () => {
  ctx = await createTestContext();
  const { db } = ctx.database;
  owner = (
    await signIn(ctx.app, await buildAccount(db, { roleKey: 'superadmin', lastName: 'Осмонова', firstName: 'Бермет' }))
  ).headers;
  colleague = (await signIn(ctx.app, await buildAccount(db, { roleKey: 'superadmin' }))).headers;
  await db.insert(roles).values({ key: 'views_users_only', name: 'Views: users only', permissions: ['users.view'] });
  noCharges = (await signIn(ctx.app, await buildAccount(db, { roleKey: 'views_users_only' }))).headers;
});
afterAll(async () => {
  await ctx.close();
});

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  headers: { authorization: string },
  payload?: object,
) =>
  ctx.app.inject({
    method,
    url: `/api/v1/saved-views/${url}`,
    headers: { ...headers, 'accept-language': 'en' },
    ...(payload && { payload }),
  });

const state = {
  filters: { status: 'finished,stopped', period__from: '2026-11-01' },
  sort: null,
  columns: null,
  density: null,
};

const namesOf = async (headers: { authorization: string }, list = 'charges') =>
  (await call('GET', `?list=${list}`, headers)).json<TSavedView[]>().map((view) => view.name);

describe('saved views', () => {
  it('keeps a private view to its owner and shows a shared one to everyone', async () => {
    const created = await call('POST', '', owner, { list: 'charges', name: 'Finished in November', state });
    expect(created.statusCode).toBe(201);
    const view = created.json<TSavedView>();
    expect(view).toMatchObject({
      list: 'charges',
      name: 'Finished in November',
      shared: false,
      is_own: true,
      owner: { name: 'Осмонова Бермет' },
      state: { filters: state.filters, sort: null, columns: null, density: null },
    });
    expect(await namesOf(owner)).toContain('Finished in November');
    expect(await namesOf(colleague)).not.toContain('Finished in November');
    expect((await call('GET', `${view.id}/`, colleague)).statusCode).toBe(404);
    // The users list does not show a charges view.
    expect(await namesOf(owner, 'users')).not.toContain('Finished in November');

    const shared = await call('PATCH', `${view.id}/`, owner, { shared: true });
    expect(shared.statusCode).toBe(200);
    expect(shared.json()).toMatchObject({ shared: true, name: 'Finished in November' });
    const seen = (await call('GET', '?list=charges', colleague)).json<TSavedView[]>().find((one) => one.id === view.id);
    expect(seen).toMatchObject({ is_own: false, shared: true, state: { filters: state.filters } });

    // Only the owner changes or deletes it.
    expect((await call('PATCH', `${view.id}/`, colleague, { name: 'Mine now' })).statusCode).toBe(403);
    expect((await call('DELETE', `${view.id}/`, colleague)).statusCode).toBe(403);
    expect((await call('GET', `${view.id}/`, colleague)).json()).toMatchObject({ name: 'Finished in November' });

    const renamed = await call('PATCH', `${view.id}/`, owner, {
      name: '  November  ',
      state: { ...state, sort: '-started_at', columns: [{ key: 'status', hidden: true }], density: 'compact' },
    });
    expect(renamed.json()).toMatchObject({
      name: 'November',
      state: { sort: '-started_at', columns: [{ key: 'status', hidden: true }], density: 'compact' },
    });
    expect((await call('PATCH', `${view.id}/`, owner, { shared: false })).statusCode).toBe(200);
    expect(await namesOf(colleague)).not.toContain('November');

    expect((await call('DELETE', `${view.id}/`, owner)).statusCode).toBe(204);
    expect((await call('GET', `${view.id}/`, owner)).statusCode).toBe(404);
  });

  it("lists the account's own views first, then the shared ones, each by name", async () => {
    await call('POST', '', colleague, { list: 'users', name: 'A shared one', shared: true, state });
    await call('POST', '', owner, { list: 'users', name: 'Zeta', state });
    await call('POST', '', owner, { list: 'users', name: 'Beta', shared: true, state });
    expect(await namesOf(owner, 'users')).toEqual(['Beta', 'Zeta', 'A shared one']);
    expect(await namesOf(colleague, 'users')).toEqual(['A shared one', 'Beta']);
  });

  it("answers 403 for a list the account's role may not read", async () => {
    expect((await call('GET', '?list=charges', noCharges)).statusCode).toBe(403);
    expect((await call('POST', '', noCharges, { list: 'statement', name: 'x', state })).statusCode).toBe(403);
    expect((await call('GET', '?list=users', noCharges)).statusCode).toBe(200);
  });

  it('refuses malformed views with field errors and never answers 500', async () => {
    const cases: [object, string][] = [
      [{ list: 'charges', name: '   ', state }, 'name'],
      [{ list: 'stations', name: 'x', state }, 'list'],
      [{ list: 'charges', name: 'x'.repeat(101), state }, 'name'],
      [{ list: 'charges', name: 'x', state: { filters: { 'bad key': '1' } } }, 'state'],
      [{ list: 'charges', name: 'x', state: { filters: { status: 'x'.repeat(1001) } } }, 'state'],
      [{ list: 'charges', name: 'x', state: { ...state, density: 'huge' } }, 'state'],
      [{ list: 'charges', name: 'x', state, owner: 1 }, 'owner'],
    ];
    for (const [payload, field] of cases) {
      const response = await call('POST', '', owner, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(Object.keys(response.json()).join()).toContain(field);
    }
    expect((await call('GET', '?list=nope', owner)).statusCode).toBe(400);
    expect((await call('PATCH', '999999/', owner, { name: 'x' })).statusCode).toBe(404);
    expect((await call('GET', '', { authorization: 'Bearer nope' })).statusCode).toBe(401);
  });
});

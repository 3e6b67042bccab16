/**
 * A bulk status change by filter (issue 31): `PATCH .../statuses/` with `{filter, active}` changes exactly the rows
 * the list shows with that filter, however many pages they fill, audits each, refuses a bad filter with 400 on its
 * field, and keeps the domains' rules (accounts: nobody blocks themselves; blocking ends the sessions).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../test/builders';
import { createTestContext, type TestContext } from '../test/test-app';
import { userValues } from '../test/user-builders';
import { auditLog } from '../modules/audit';
import { accounts } from '../modules/accounts';
import { appUsers } from '../modules/users';
import { tags } from '../modules/tags';

let ctx: TestContext;
let headers: { authorization: string };
let superadminId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const superadmin = await buildAccount(ctx.database.db, { roleKey: 'superadmin' });
  superadminId = superadmin.id;
  headers = (await signIn(ctx.app, superadmin)).headers;
});
afterAll(async () => {
  await ctx.close();
});

const api = (method: 'GET' | 'PATCH', url: string, payload?: object, auth = headers) =>
  ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...auth, 'accept-language': 'en' },
    ...(payload && { payload }),
  });

/** Every id the list shows for a query, page by page at the largest page size. */
const listIds = async (path: string, query: string) => {
  const ids: number[] = [];
  for (let page = 1; ; page += 1) {
    const response = await api('GET', `${path}?${query}&page=${page}&size=1000`);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ items: { id: number }[]; pages: number }>();
    ids.push(...body.items.map((item) => item.id));
    if (page >= body.pages) {
      return ids.sort((a, b) => a - b);
    }
  }
};

const auditedIds = async (entity: string, after: number) =>
  (
    await ctx.database.db
      .select({ entityId: auditLog.entityId, changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.action, 'status'), sql`${auditLog.id} > ${after}`))
  ).map((row) => ({ id: Number(row.entityId), changes: row.changes }));

const lastAuditId = async () =>
  Number(
    (
      (await ctx.database.db.execute(sql`select coalesce(max(id), 0) as id from audit_log`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows[0]?.id ?? 0,
  );

describe('users: a filter over more rows than a page holds', () => {
  const marker = `bulkfilter${Date.now() % 100000}`;

  beforeAll(async () => {
    // 2,400 users named with the marker, two of three female (1,600), in multi-row inserts; 50 female users without it.
    const rows = Array.from({ length: 2400 }, (_, index) =>
      userValues({ name: `Driver ${marker} ${index}`, gender: index % 3 === 0 ? 'male' : 'female' }),
    );
    for (let start = 0; start < rows.length; start += 600) {
      await ctx.database.db.insert(appUsers).values(rows.slice(start, start + 600));
    }
    await ctx.database.db
      .insert(appUsers)
      .values(Array.from({ length: 50 }, () => userValues({ name: 'Other driver', gender: 'female' })));
  });

  it('changes exactly the rows the list shows, in one answer {updated}, each audited', async () => {
    const query = `search=${marker}&gender=female`;
    const shown = await listIds('/users/', query);
    expect(shown).toHaveLength(1600);
    const untouched = await listIds('/users/', `search=${marker}&gender=male`);
    const before = await lastAuditId();

    const response = await api('PATCH', '/users/statuses/', {
      filter: { search: marker, gender: 'female' },
      active: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ updated: 1600 });

    const changed = await ctx.database.db
      .select({ id: appUsers.id })
      .from(appUsers)
      .where(eq(appUsers.status, 1))
      .orderBy(appUsers.id);
    expect(changed.map((row) => row.id)).toEqual(shown);
    expect(await listIds('/users/', `${query}&active=false`)).toEqual(shown);
    expect(await listIds('/users/', `search=${marker}&gender=male&active=true`)).toEqual(untouched);

    const audits = await auditedIds('app_user', before);
    expect(audits.map((entry) => entry.id).sort((a, b) => a - b)).toEqual(shown);
    for (const audit of audits) {
      expect(audit.changes).toEqual({ status: { before: 0, after: 1 } });
    }
    const [entry] = await ctx.database.db
      .select({ actorId: auditLog.actorId })
      .from(auditLog)
      .where(sql`${auditLog.id} > ${before}`)
      .limit(1);
    expect(entry?.actorId).toBe(superadminId);
  });

  it('takes the filter as the query string or as JSON values, and {} is the whole list', async () => {
    const response = await api('PATCH', '/users/statuses/', {
      filter: { search: marker, active: false },
      active: true,
    });
    expect(response.json()).toEqual({ updated: 1600 });
    const total = (await listIds('/users/', 'active=true')).length;
    const all = await api('PATCH', '/users/statuses/', { filter: {}, active: true });
    expect(all.json()).toEqual({ updated: total });
  });

  it('refuses a bad filter with 400 on its field and changes nothing', async () => {
    const before = await lastAuditId();
    const cases: [object, Record<string, string[]>][] = [
      [{ filter: { gender: 'robot' }, active: false }, { 'filter.gender': ['Select a valid choice.'] }],
      [{ filter: { nonsense: 'x' }, active: false }, { 'filter.nonsense': ['Unknown field.'] }],
      [
        { filter: { page: 2, size: 10 }, active: false },
        { 'filter.page': ['Unknown field.'], 'filter.size': ['Unknown field.'] },
      ],
      [{ filter: { search: marker }, active: 'no' }, { active: expect.any(Array) as unknown as string[] }],
    ];
    for (const [payload, expected] of cases) {
      const response = await api('PATCH', '/users/statuses/', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toEqual(expected);
    }
    const noBody = await api('PATCH', '/users/statuses/', { active: false });
    expect(noBody.statusCode).toBe(400);
    expect(Object.keys(noBody.json<object>())).toEqual(['ids']);
    expect(await lastAuditId()).toBe(before);
  });

  it('keeps answering records to {ids, active}', async () => {
    const [first] = await listIds('/users/', `search=${marker}`);
    const response = await api('PATCH', '/users/statuses/', { ids: [first], active: false });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ id: number; status: number }[]>()).toEqual([
      expect.objectContaining({ id: first, status: 1 }),
    ]);
  });
});

describe('tags: the catalogue filter of the list', () => {
  it('changes the searched tags only', async () => {
    await ctx.database.db.insert(tags).values(
      Array.from({ length: 30 }, (_, index) => ({
        titleRu: `Фильтр ${index}`,
        titleEn: index % 2 === 0 ? `Even ${index}` : `Odd ${index}`,
        titleKy: `Белги ${index}`,
        status: 0,
      })),
    );
    const shown = await listIds('/common/tags/', 'search=Even&language=en');
    expect(shown).toHaveLength(15);
    const response = await api('PATCH', '/common/tags/statuses/', {
      filter: { search: 'Even', language: 'en' },
      active: false,
    });
    expect(response.json()).toEqual({ updated: 15 });
    const inactive = await ctx.database.db
      .select({ id: tags.id })
      .from(tags)
      .where(eq(tags.status, 1))
      .orderBy(tags.id);
    expect(inactive.map((row) => row.id)).toEqual(shown);
  });
});

describe('accounts: nobody blocks themselves', () => {
  it('refuses a filter that selects the actor when it blocks, and blocks and signs out the others', async () => {
    const others = [
      await buildAccount(ctx.database.db, { email: 'bulk-one@filter.test' }),
      await buildAccount(ctx.database.db, { email: 'bulk-two@filter.test' }),
    ];
    const theirSessions = await Promise.all(others.map((account) => signIn(ctx.app, account)));
    const before = await lastAuditId();

    const everyone = await api('PATCH', '/accounts/statuses/', { filter: {}, active: false });
    expect(everyone.statusCode).toBe(400);
    expect(everyone.json()).toEqual({ non_field_errors: ['You cannot block your own account.'] });
    expect(await lastAuditId()).toBe(before);
    const stillActive = await ctx.database.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(inArray(accounts.id, [superadminId, ...others.map((account) => account.id)]), eq(accounts.status, 0)));
    expect(stillActive).toHaveLength(3);

    const some = await api('PATCH', '/accounts/statuses/', { filter: { search: '@filter.test' }, active: false });
    expect(some.statusCode).toBe(200);
    expect(some.json()).toEqual({ updated: 2 });
    for (const session of theirSessions) {
      expect((await api('GET', '/accounts/me/', undefined, session.headers)).statusCode).toBe(401);
    }
    expect((await auditedIds('account', before)).map((entry) => entry.id).sort((a, b) => a - b)).toEqual(
      others.map((account) => account.id).sort((a, b) => a - b),
    );
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { auditLog } from '../audit';

let ctx: TestContext;
let headers: { authorization: string };
let adminId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await buildAccount(ctx.database.db, { roleKey: 'superadmin', firstName: 'Root', lastName: 'Admin' });
  adminId = admin.id;
  headers = (await signIn(ctx.app, admin)).headers;
});
afterAll(async () => {
  await ctx.close();
});

const api = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, language = 'en') =>
  ctx.app.inject({ method, url: `/api/v1/accounts${url}`, headers: { ...headers, 'accept-language': language }, ...(payload && { payload }) });

const newAccount = (overrides: Record<string, unknown> = {}) => ({
  role: 2,
  last_name: 'Bakirov',
  first_name: 'Timur',
  phone: '+996 (555) 12-34-56',
  email: `timur-${Math.random().toString(36).slice(2)}@zaryad.test`,
  position: 'Operator',
  birthday: '1990-05-17',
  password: 'a-strong-password',
  ...overrides,
});

describe('roles', () => {
  it('lists the seeded roles translated', async () => {
    const en = await api('GET', '/roles/');
    expect(en.statusCode).toBe(200);
    // Each role also answers its permissions and holders (roles.test.ts); here only who they are.
    const names = en.json<Array<{ id: number; key: string; name: string }>>().map(({ id, key, name }) => ({ id, key, name }));
    expect(names).toEqual([
      { id: 1, key: 'superadmin', name: 'Superadmin' },
      { id: 2, key: 'manager', name: 'Manager' },
      { id: 3, key: 'operator', name: 'Operator' },
      { id: 4, key: 'finance', name: 'Finance' },
      { id: 5, key: 'analyst', name: 'Analyst' },
    ]);
    const ru = await api('GET', '/roles/', undefined, 'ru');
    expect(ru.json()[1]).toMatchObject({ id: 2, key: 'manager', name: 'Менеджер' });
  });
});

describe('create and read', () => {
  it('creates an account (201), normalises phone and email, and records the audit entry', async () => {
    const body = newAccount({ email: 'New.Person@Zaryad.test' });
    const response = await api('POST', '/', body);
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      role: { id: 2, key: 'manager' },
      email: 'new.person@zaryad.test',
      phone: '996555123456',
      birthday: '1990-05-17',
      status: 0,
      created_by: { id: adminId, first_name: 'Root', last_name: 'Admin' },
    });
    expect(created).not.toHaveProperty('password');
    const fetched = await api('GET', `/${created.id}/`);
    expect(fetched.json()).toEqual(created);
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'account'), eq(auditLog.entityId, String(created.id))));
    expect(entry).toMatchObject({ actorId: adminId, action: 'create' });
    expect(entry?.changes.password).toEqual({ before: null, after: 'changed' });
    expect(JSON.stringify(entry)).not.toContain('a-strong-password');
    // The new account can sign in with its password.
    await signIn(ctx.app, { email: 'new.person@zaryad.test', password: 'a-strong-password' });
  });

  it('refuses a taken email and an unknown role with field errors', async () => {
    const existing = await buildAccount(ctx.database.db);
    const taken = await api('POST', '/', newAccount({ email: existing.email.toUpperCase() }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ email: ['This email address is already in use'] });
    const role = await api('POST', '/', newAccount({ role: 99 }), 'ru');
    expect(role.json()).toEqual({ role: ['Выберите роль'] });
  });

  it('validates every field in the caller language', async () => {
    const response = await api('POST', '/', { role: 'x', last_name: '   ', first_name: 'x'.repeat(51), phone: '123', email: 'bad', password: 'short', birthday: '2020-13-45', extra: 1 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      role: ['Select a role'],
      last_name: ['This field may not be blank.'],
      first_name: ['Ensure this field has no more than 50 characters.'],
      phone: ['The phone number must contain 12 digits'],
      email: ['Your email address is not valid'],
      password: ['The password must contain at least 8 characters'],
      birthday: ['Enter a valid date.'],
    });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const missing = await api('GET', '/999999/');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Not found.' });
    const malformed = await api('GET', '/abc/');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toHaveProperty('id');
  });
});

describe('list', () => {
  it('pages, searches over names, email and phone, and filters by status', async () => {
    const marker = `m${Math.random().toString(36).slice(2, 8)}`;
    await buildAccount(ctx.database.db, { firstName: `Nurlan${marker}` });
    await buildAccount(ctx.database.db, { lastName: `Sydykov${marker}`, isBlocked: true });
    await buildAccount(ctx.database.db, { email: `${marker}@mail.test`, phone: '996700000001' });
    const search = await api('GET', `/?search=${marker}&size=2&page=1`);
    expect(search.statusCode).toBe(200);
    expect(search.json()).toMatchObject({ page: 1, pages: 2, size: 2, total: 3 });
    expect(search.json().items).toHaveLength(2);
    const active = await api('GET', `/?search=${marker}&active=false`);
    expect(active.json().items.map((item: { last_name: string }) => item.last_name)).toEqual([`Sydykov${marker}`]);
    const byPhone = await api('GET', '/?search=%2B996%20700%2000');
    expect(byPhone.json().items.some((item: { email: string }) => item.email === `${marker}@mail.test`)).toBe(true);
    const empty = await api('GET', '/?search=&active=&page=');
    expect(empty.statusCode).toBe(200);
  });

  it('answers 400 for a bad page, size or filter', async () => {
    expect((await api('GET', '/?page=0')).statusCode).toBe(400);
    expect((await api('GET', '/?size=abc')).json()).toEqual({ size: ['A valid number is required.'] });
    expect((await api('GET', '/?size=5000')).json()).toEqual({ size: ['Invalid page size.'] });
    expect((await api('GET', '/?active=maybe')).json()).toEqual({ active: ['Select a valid choice.'] });
    expect((await api('GET', '/?page=1&page=2')).statusCode).toBe(400);
  });
});

describe('update and statuses', () => {
  it('changes only the fields sent, and a new password works', async () => {
    const account = await buildAccount(ctx.database.db, { position: 'Before' });
    const response = await api('PATCH', `/${account.id}/`, { position: 'After', password: 'brand-new-password' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ position: 'After', first_name: 'Aida', email: account.email });
    await signIn(ctx.app, { email: account.email, password: 'brand-new-password' });
    const taken = await buildAccount(ctx.database.db);
    expect((await api('PATCH', `/${account.id}/`, { email: taken.email })).json()).toEqual({
      email: ['This email address is already in use'],
    });
    expect((await api('PATCH', `/${account.id}/`, { email: account.email })).statusCode).toBe(200);
  });

  it('blocks and unblocks in bulk, answering the updated accounts', async () => {
    const first = await buildAccount(ctx.database.db);
    const second = await buildAccount(ctx.database.db);
    const blocked = await api('PATCH', '/statuses/', { ids: [second.id, first.id], active: false });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().map((item: { id: number; status: number }) => [item.id, item.status])).toEqual([
      [first.id, 1],
      [second.id, 1],
    ]);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/v1/accounts/login/', payload: { email: first.email, password: first.password } });
    expect(login.statusCode).toBe(403);
    const unblocked = await api('PATCH', '/statuses/', { ids: [first.id], active: true });
    expect(unblocked.json()[0].status).toBe(0);
  });

  it('refuses to block oneself and unknown ids', async () => {
    const self = await api('PATCH', '/statuses/', { ids: [adminId], active: false }, 'ky');
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ non_field_errors: ['Өз эсебиңизди бөгөттөй албайсыз.'] });
    const unknown = await api('PATCH', '/statuses/', { ids: [987654], active: false });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'No records with these ids: 987654' });
    expect((await api('PATCH', '/statuses/', { ids: [], active: 'yes' })).statusCode).toBe(400);
  });
});

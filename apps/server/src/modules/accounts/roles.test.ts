import { PERMISSIONS, type TPermission, type TRoleDetails } from '@zaryad/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, type BuiltAccount, signIn } from '../../test/builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { accounts, roles } from './accounts.tables';
import { BUILT_IN_ROLES, seedRoles } from './roles.seed';

let ctx: TestContext;
let admin: BuiltAccount;
let adminHeaders: { authorization: string };
const roleIds: Record<string, number> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await buildAccount(ctx.database.db, { roleKey: 'superadmin' });
  adminHeaders = (await signIn(ctx.app, admin)).headers;
  for (const row of await ctx.database.db.select({ id: roles.id, key: roles.key }).from(roles)) {
    roleIds[row.key] = row.id;
  }
});
afterAll(async () => {
  await ctx.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (headers: { authorization: string }, method: Method, url: string, payload?: unknown, language = 'en') =>
  ctx.app.inject({
    method,
    url: `/api/v1/accounts${url}`,
    headers: { ...headers, 'accept-language': language },
    ...(payload !== undefined && { payload: payload as object }),
  });

let sequence = 0;
/** A custom role made through the API by the superadmin. */
const createRole = async (permissions: TPermission[]) => {
  sequence += 1;
  const response = await call(adminHeaders, 'POST', '/roles/', { name: `Custom ${sequence}`, permissions });
  expect(response.statusCode, response.body).toBe(201);
  const role = response.json<TRoleDetails>();
  roleIds[role.key] = role.id;
  return role;
};

const signedInAs = async (roleKey: string) => {
  const account = await buildAccount(ctx.database.db, { roleKey });
  return { account, headers: (await signIn(ctx.app, account)).headers };
};

const readAccount = async (id: number) => {
  const [row] = await ctx.database.db.select().from(accounts).where(eq(accounts.id, id));
  return row;
};

const newAccountBody = (role: number) => ({
  role,
  last_name: 'Bakirov',
  first_name: 'Timur',
  phone: '996555123456',
  email: `timur-${Math.random().toString(36).slice(2)}@zaryad.test`,
  password: 'a-strong-password',
});

describe('roles', () => {
  it('lists the built-in roles read-only with their permissions and holders', async () => {
    const response = await call(adminHeaders, 'GET', '/roles/', undefined, 'ky');
    expect(response.statusCode).toBe(200);
    const list = response.json<TRoleDetails[]>();
    const finance = list.find((role) => role.key === 'finance');
    expect(finance).toMatchObject({ name: 'Финансист', is_built_in: true });
    expect(finance?.permissions).toContain('balances.top_up');
    expect(list.find((role) => role.key === 'superadmin')?.accounts_count).toBeGreaterThanOrEqual(1);
    const patched = await call(adminHeaders, 'PATCH', `/roles/${roleIds.manager}/`, { name: 'Boss' });
    expect(patched.statusCode).toBe(400);
    expect(patched.json()).toEqual({ non_field_errors: ['Built-in roles cannot be changed or deleted.'] });
    const deleted = await call(adminHeaders, 'DELETE', `/roles/${roleIds.analyst}/`);
    expect(deleted.statusCode).toBe(400);
    expect(deleted.json()).toEqual(['Built-in roles cannot be changed or deleted.']);
    const [manager] = await ctx.database.db.select().from(roles).where(eq(roles.key, 'manager'));
    expect(manager?.name).toBe('Manager');
  });

  it('creates, reads, edits and deletes a custom role; unknown permissions and taken names are field errors', async () => {
    const role = await createRole(['tags.view', 'tags.edit', 'tags.view']);
    expect(role).toMatchObject({ is_built_in: false, permissions: ['tags.view', 'tags.edit'], accounts_count: 0 });
    expect((await call(adminHeaders, 'GET', `/roles/${role.id}/`)).json()).toEqual(role);
    const edited = await call(adminHeaders, 'PATCH', `/roles/${role.id}/`, { permissions: ['merchants.view'] });
    expect(edited.json()).toMatchObject({ name: role.name, permissions: ['merchants.view'] });
    const unknown = await call(adminHeaders, 'POST', '/roles/', { name: 'Bad', permissions: ['tags.fly'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ 'permissions.0': ['Unknown permission.'] });
    const taken = await call(adminHeaders, 'POST', '/roles/', { name: role.name, permissions: [] }, 'ru');
    expect(taken.json()).toEqual({ name: ['Роль с таким названием уже существует'] });
    expect((await call(adminHeaders, 'DELETE', `/roles/${role.id}/`)).statusCode).toBe(204);
    expect((await call(adminHeaders, 'GET', `/roles/${role.id}/`)).statusCode).toBe(404);
  });

  it('refuses to delete a role in use, saying how many accounts hold it, with plurals', async () => {
    const role = await createRole(['tags.view']);
    const refusal = async (language: string) =>
      (await call(adminHeaders, 'DELETE', `/roles/${role.id}/`, undefined, language)).json<string[]>();
    await buildAccount(ctx.database.db, { roleKey: role.key });
    expect(await refusal('ru')).toEqual([
      'Роль нельзя удалить: её имеет 1 учётная запись. Сначала назначьте ей другую роль.',
    ]);
    expect(await refusal('en')).toEqual([
      'The role cannot be deleted: 1 account holds it. Give it another role first.',
    ]);
    await buildAccount(ctx.database.db, { roleKey: role.key });
    expect(await refusal('ru')).toEqual([
      'Роль нельзя удалить: её имеют 2 учётные записи. Сначала назначьте им другую роль.',
    ]);
    for (let index = 0; index < 3; index += 1) {
      await buildAccount(ctx.database.db, { roleKey: role.key });
    }
    expect(await refusal('ru')).toEqual([
      'Роль нельзя удалить: её имеют 5 учётных записей. Сначала назначьте им другую роль.',
    ]);
    expect(await refusal('ky')).toEqual([
      'Ролду өчүрүүгө болбойт: ал 5 эсепке берилген. Адегенде аларга башка роль бериңиз.',
    ]);
    expect((await call(adminHeaders, 'GET', `/roles/${role.id}/`)).json()).toMatchObject({ accounts_count: 5 });
  });
});

describe('no escalation', () => {
  it('gives, and edits roles with, only permissions the actor holds', async () => {
    const keeper = await createRole(['roles.view', 'roles.manage', 'tags.view', 'tags.edit']);
    const { headers } = await signedInAs(keeper.key);
    const wider = await call(headers, 'POST', '/roles/', { name: 'Wider', permissions: ['tags.view', 'tags.delete'] });
    expect(wider.statusCode).toBe(403);
    expect(wider.json()).toEqual({ detail: 'You cannot grant permissions you do not have.' });
    const narrower = await call(headers, 'POST', '/roles/', { name: 'Narrower', permissions: ['tags.view'] });
    expect(narrower.statusCode).toBe(201);
    const id = narrower.json<TRoleDetails>().id;
    const widened = await call(headers, 'PATCH', `/roles/${id}/`, { permissions: ['tags.view', 'accounts.create'] });
    expect(widened.statusCode).toBe(403);
    // A role holding more than the actor is out of reach, even to rename or delete it.
    const above = await createRole(['tags.view', 'stations.reset']);
    expect((await call(headers, 'PATCH', `/roles/${above.id}/`, { name: 'Mine now' })).statusCode).toBe(403);
    expect((await call(headers, 'DELETE', `/roles/${above.id}/`)).statusCode).toBe(403);
    const stored = await ctx.database.db.select().from(roles).where(eq(roles.id, above.id));
    // Stored in catalogue order.
    expect(stored[0]).toMatchObject({ name: above.name, permissions: ['stations.reset', 'tags.view'] });
    expect((await call(headers, 'GET', `/roles/${id}/`)).json()).toMatchObject({ permissions: ['tags.view'] });
  });

  it('creates and edits accounts only with roles, and only of accounts, within its own permissions', async () => {
    const hr = await createRole([
      'accounts.view',
      'accounts.create',
      'accounts.edit',
      'accounts.status',
      'roles.view',
      'tags.view',
    ]);
    const viewer = await createRole(['tags.view']);
    const { account: self, headers } = await signedInAs(hr.key);
    const superadminBody = newAccountBody(roleIds.superadmin ?? 0);
    expect((await call(headers, 'POST', '/', superadminBody)).statusCode).toBe(403);
    expect(await ctx.database.db.select().from(accounts).where(eq(accounts.email, superadminBody.email))).toEqual([]);
    const created = await call(headers, 'POST', '/', newAccountBody(viewer.id));
    expect(created.statusCode).toBe(201);
    const createdId = created.json<{ id: number }>().id;
    expect((await call(headers, 'PATCH', `/${createdId}/`, { role: roleIds.manager })).statusCode).toBe(403);
    expect((await readAccount(createdId))?.roleId).toBe(viewer.id);
    // The superadmin's account is out of reach: no password change, no block.
    const password = await call(headers, 'PATCH', `/${admin.id}/`, { password: 'taken-over-password' });
    expect(password.statusCode).toBe(403);
    expect(password.json()).toEqual({
      detail: 'You cannot change an account whose role has permissions you do not have.',
    });
    const block = await call(headers, 'PATCH', '/statuses/', { ids: [admin.id], active: false });
    expect(block.statusCode).toBe(403);
    expect((await readAccount(admin.id))?.status).toBe(0);
    // Nor its own role, even to a narrower one.
    const own = await call(headers, 'PATCH', `/${self.id}/`, { role: viewer.id }, 'ru');
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ detail: 'Нельзя изменить собственную роль.' });
    expect((await readAccount(self.id))?.roleId).toBe(hr.id);
    expect((await call(headers, 'PATCH', `/${self.id}/`, { role: hr.id, position: 'HR' })).statusCode).toBe(200);
    const blockSelf = await call(headers, 'PATCH', '/statuses/', { ids: [self.id], active: false });
    expect(blockSelf.statusCode).toBe(400);
  });
});

describe('changes count from the next request', () => {
  it('ends the sessions on a role change (the next sign-in has the new permissions) and on a block', async () => {
    const target = await buildAccount(ctx.database.db, { roleKey: 'operator' });
    const before = await signIn(ctx.app, target);
    const merchantsList = (headers: { authorization: string }) =>
      ctx.app.inject({ method: 'GET', url: '/api/v1/merchants/', headers });
    expect((await merchantsList(before.headers)).statusCode).toBe(200);
    const narrow = await createRole(['tags.view']);
    expect((await call(adminHeaders, 'PATCH', `/${target.id}/`, { role: narrow.id })).statusCode).toBe(200);
    expect((await merchantsList(before.headers)).statusCode).toBe(401);
    const session = await signIn(ctx.app, target);
    expect((await merchantsList(session.headers)).statusCode).toBe(403);
    const me = await call(session.headers, 'GET', '/me/');
    expect(me.json()).toMatchObject({ id: target.id, role: { id: narrow.id }, permissions: ['tags.view'] });
    expect((await call(adminHeaders, 'PATCH', '/statuses/', { ids: [target.id], active: false })).statusCode).toBe(200);
    expect((await call(session.headers, 'GET', '/me/')).statusCode).toBe(401);
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/accounts/refresh/',
      payload: { refresh: session.refresh },
    });
    expect(refresh.statusCode).toBe(401);
  });
});

describe('the last active superadmin', () => {
  it('cannot be blocked or demoted, even by a custom role holding every permission', async () => {
    const { db } = ctx.database;
    await db
      .update(accounts)
      .set({ status: 1 })
      .where(eq(accounts.roleId, roleIds.superadmin ?? 0));
    await db.update(accounts).set({ status: 0 }).where(eq(accounts.id, admin.id));
    const everything = await createRole([...PERMISSIONS]);
    const { headers } = await signedInAs(everything.key);
    const block = await call(headers, 'PATCH', '/statuses/', { ids: [admin.id], active: false }, 'ru');
    expect(block.statusCode).toBe(400);
    expect(block.json()).toEqual({ non_field_errors: ['Должен остаться хотя бы один активный суперадминистратор.'] });
    const demote = await call(headers, 'PATCH', `/${admin.id}/`, { role: roleIds.manager });
    expect(demote.statusCode).toBe(400);
    expect(demote.json()).toEqual({ non_field_errors: ['At least one active superadmin must remain.'] });
    expect(await readAccount(admin.id)).toMatchObject({ status: 0, roleId: roleIds.superadmin });
    // With a second active superadmin, one of the two may go.
    const second = await buildAccount(db, { roleKey: 'superadmin' });
    expect((await call(headers, 'PATCH', '/statuses/', { ids: [second.id], active: false })).statusCode).toBe(200);
    expect((await call(headers, 'PATCH', '/statuses/', { ids: [second.id], active: true })).statusCode).toBe(200);
    expect((await call(headers, 'PATCH', `/${second.id}/`, { role: roleIds.manager })).statusCode).toBe(200);
    expect((await call(headers, 'PATCH', '/statuses/', { ids: [admin.id], active: false })).statusCode).toBe(400);
  });
});

describe('the built-in roles at a start', () => {
  it('are written back when they differ from the code, and left as they are when they do not', async () => {
    const db = ctx.database.db;
    // A row's xmin changes with each write to it.
    const versions = () =>
      db
        .select({ key: roles.key, version: sql<string>`xmin::text` })
        .from(roles)
        .where(eq(roles.isBuiltIn, true))
        .orderBy(roles.key);
    await seedRoles(db);
    const settled = await versions();
    await seedRoles(db);
    expect(await versions()).toEqual(settled);

    await db
      .update(roles)
      .set({ permissions: ['tags.view'], name: 'Renamed' })
      .where(eq(roles.key, 'analyst'));
    const tampered = await versions();
    await seedRoles(db);
    const [analyst] = await db.select().from(roles).where(eq(roles.key, 'analyst'));
    const code = BUILT_IN_ROLES.find((role) => role.key === 'analyst');
    expect(analyst).toMatchObject({ name: code?.name, permissions: code?.permissions, isBuiltIn: true });
    const after = await versions();
    expect(after.filter((row) => row.key !== 'analyst')).toEqual(tampered.filter((row) => row.key !== 'analyst'));
    expect(after.find((row) => row.key === 'analyst')).not.toEqual(tampered.find((row) => row.key === 'analyst'));
  });
});

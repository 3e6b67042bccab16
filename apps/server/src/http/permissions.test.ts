import { type TPermission, type TRoutePermission, isPermission } from '@zaryad/contracts';
import { bulkPermissions, commandPermissions } from '@zaryad/contracts/ocpp';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../modules/accounts/accounts.tables';
import { BUILT_IN_ROLES } from '../modules/accounts/roles.seed';
import { buildAccount, signIn } from '../test/builders';
import { buildPartner, buildRate } from '../test/catalogue-builders';
import { buildMerchant } from '../test/network-builders';
import { buildStation } from '../test/station-builders';
import { createTestContext, type TestContext } from '../test/test-app';
import { buildSurrounding, buildTag } from '../test/titled-builders';
import { buildUser } from '../test/user-builders';

interface WalkedRoute {
  method: string;
  url: string;
  permission: TRoutePermission;
  /** The export right a download of this route needs besides its permission. */
  downloadPermission?: TPermission;
}

let ctx: TestContext;
let app: FastifyInstance;
const walked: WalkedRoute[] = [];
let ids: Array<[prefix: string, id: number]>;
let stationIdentity: string;
let operatorRoleId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  app = await ctx.buildAnotherApp({
    onRoute: (route) => {
      const { permission, downloadPermission } = route.config ?? {};
      if (!route.url.startsWith('/api/v1/') || !permission || permission === 'public' || permission === 'signed_in') {
        return;
      }
      for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
        if (method !== 'HEAD') {
          walked.push({ method, url: route.url, permission, downloadPermission });
        }
      }
    },
  });
  await app.ready();
  const [operator] = await ctx.database.db.select({ id: roles.id }).from(roles).where(eq(roles.key, 'operator'));
  operatorRoleId = operator?.id ?? 0;
});
afterAll(async () => {
  await ctx.close();
});

/** Fresh records for one role's walk, so that what an earlier role's allowed calls deleted or blocked is there again. */
const buildRecords = async (suffix: string) => {
  const { db } = ctx.database;
  const merchant = await buildMerchant(db);
  const station = await buildStation(db, { merchantId: merchant.id });
  stationIdentity = station.identity;
  // Inactive records: a delete that slipped through would remove them, which the read-back would see.
  const tag = await buildTag(db, { isActive: false });
  const surrounding = await buildSurrounding(db, { isActive: false });
  const rate = await buildRate(db);
  const partner = await buildPartner(db);
  const victim = await buildAccount(db, { roleKey: 'operator' });
  const appUser = await buildUser(db);
  const [customRole] = await db
    .insert(roles)
    .values({ key: `custom-walk-${suffix}`, name: `Walk ${suffix}`, permissions: ['tags.view'] })
    .returning({ id: roles.id });
  ids = [
    ['/api/v1/accounts/roles/', customRole?.id ?? 0],
    ['/api/v1/accounts/', victim.id],
    ['/api/v1/merchants/', merchant.id],
    ['/api/v1/stations/', station.id],
    ['/api/v1/ocpp/stations/', station.id],
    ['/api/v1/common/tags/', tag.id],
    ['/api/v1/common/surroundings/', surrounding.id],
    ['/api/v1/payments/', rate.id],
    ['/api/v1/software-rental-partners/', partner.id],
    ['/api/v1/users/', appUser.id],
  ];
};

const idFor = (url: string) => ids.find(([prefix]) => url.startsWith(prefix))?.[1] ?? 1;

/** Bodies that would change something if the call went through, so that "changes nothing" means something. */
const bodyFor = (method: string, url: string, id: number): unknown => {
  if (url.endsWith('/statuses/')) {
    return { ids: [id], active: false };
  }
  const key = `${method} ${url}`;
  const bodies: Record<string, unknown> = {
    'PATCH /api/v1/payments/': [{ id, active: true }],
    'POST /api/v1/accounts/roles/': { name: 'Walker', permissions: ['tags.view'] },
    'PATCH /api/v1/accounts/roles/:id/': { name: 'Renamed' },
    'PATCH /api/v1/accounts/:id/': { first_name: 'Changed' },
    'POST /api/v1/accounts/': {
      role: operatorRoleId,
      last_name: 'Walker',
      first_name: 'Route',
      phone: '996555000111',
      email: `walker-${Math.random().toString(36).slice(2)}@zaryad.test`,
      password: 'a-strong-password',
    },
    'POST /api/v1/stations/reset/:identity/': { reset_type: 'Soft' },
    'PATCH /api/v1/common/tags/:id/': { title_ru: 'Изменено' },
    'PATCH /api/v1/users/:id/balance/': { amount: 10 },
    'POST /api/v1/users/:id/corrections/': { direction: 'credit', amount: 10, reason: 'Walk' },
    'POST /api/v1/users/transactions/:id/refund/': { amount: 10, reason: 'Walk' },
    // Logged as sent (the charge point is not connected): a change the read-back sees.
    'POST /api/v1/ocpp/stations/:id/commands/': COMMAND_BODY,
    'POST /api/v1/ocpp/commands/bulk/': { ...BULK_BODY, station_ids: [id] },
  };
  return bodies[key] ?? (method === 'GET' || method === 'DELETE' ? undefined : {});
};

/** The command call's body in the walk; its route is reached with stations.view, the action needs one of these. */
const COMMAND_BODY = { action: 'TriggerMessage', payload: { requestedMessage: 'Heartbeat' } } as const;
const COMMAND_ROUTE = 'POST /api/v1/ocpp/stations/:id/commands/';
/** The bulk command call's, reached with stations.view too; its action needs one of these. */
const BULK_BODY = { action: 'ChangeConfiguration', payload: { key: 'HeartbeatInterval', value: '60' } } as const;
const BULK_ROUTE = 'POST /api/v1/ocpp/commands/bulk/';

/** The calls of the walk: every guarded route, plus each download as its own call. */
const calls = () =>
  walked.flatMap((route) => {
    const id = idFor(route.url);
    const url = route.url.replace(':identity', stationIdentity).replace(':id', String(id));
    const key = `${route.method} ${route.url}`;
    const anyOf =
      key === COMMAND_ROUTE
        ? commandPermissions(COMMAND_BODY.action)
        : key === BULK_ROUTE
          ? bulkPermissions(BULK_BODY.action)
          : undefined;
    const call = { ...route, path: url, needs: [route.permission], anyOf, body: bodyFor(route.method, route.url, id) };
    if (!route.downloadPermission) {
      return [call];
    }
    return [call, { ...call, path: `${url}?format=csv`, needs: [route.permission, route.downloadPermission] }];
  });

/**
 * What the scheduler writes whatever the calls do: it folds list_changes into list_versions every 10 s
 * (platform/list-versions.ts), which moved rows between the two in the middle of a walk on a loaded CI machine, and it
 * records each job's run in scheduled_jobs (platform/scheduler.ts). A call that writes also writes the rows the list
 * counts count, which the fingerprint sees.
 */
const BACKGROUND_TABLES = new Set(['list_changes', 'list_versions', 'scheduled_jobs']);

/** Every table's rows, hashed: what a forbidden call must leave as it was. */
const fingerprint = async () => {
  const { rows: all } = (await ctx.database.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  )) as unknown as { rows: Array<{ tablename: string }> };
  const tables = all.filter(({ tablename }) => !BACKGROUND_TABLES.has(tablename));
  const parts = tables.map(
    ({ tablename }) =>
      `select '${tablename}' as name, md5(coalesce(string_agg(row_text, '|' order by row_text), '')) as hash from (select t::text as row_text from "${tablename}" t) rows`,
  );
  const { rows } = (await ctx.database.db.execute(sql.raw(parts.join(' union all ')))) as unknown as {
    rows: Array<{ name: string; hash: string }>;
  };
  return Object.fromEntries(rows.map((row) => [row.name, row.hash]));
};

const send = (call: ReturnType<typeof calls>[number], authorization: string) =>
  app.inject({
    method: call.method as 'GET',
    url: call.path,
    headers: { authorization, 'accept-language': 'en' },
    ...(call.body !== undefined && { payload: call.body as object }),
  });

describe('the built-in roles follow the issue', () => {
  const permissionsOf = (key: string) => new Set(BUILT_IN_ROLES.find((role) => role.key === key)?.permissions);

  it('gives each role what its description says, and nothing it says it lacks', () => {
    const rules: Record<string, { holds: TPermission[]; lacks: TPermission[] }> = {
      superadmin: { holds: ['accounts.create', 'roles.manage', 'audit.view', 'balances.top_up'], lacks: [] },
      manager: {
        holds: ['merchants.edit', 'rates.edit', 'balances.top_up', 'charges.stop', 'stations.reset', 'stations.manage_charge_point', 'audit.view'],
        lacks: ['accounts.view', 'accounts.create', 'accounts.edit', 'accounts.status', 'roles.view', 'roles.manage'],
      },
      operator: {
        holds: ['merchants.edit', 'stations.create', 'stations.reset', 'stations.manage_charge_point', 'tags.delete', 'infrastructure.edit', 'users.view', 'charges.stop'],
        lacks: ['balances.top_up', 'balances.correct', 'charges.refund', 'card_payments.refund', 'rates.edit', 'rates.create', 'accounts.view', 'roles.view', 'audit.view'],
      },
      finance: {
        holds: ['users.view', 'balances.top_up', 'balances.correct', 'charges.refund', 'card_payments.view', 'card_payments.refund', 'charges.view', 'charges.export', 'balances.export', 'merchants.export', 'stations.view'],
        lacks: ['merchants.edit', 'stations.edit', 'stations.reset', 'stations.manage_charge_point', 'tags.create', 'rates.edit', 'charges.stop', 'accounts.view'],
      },
      analyst: {
        holds: ['merchants.view', 'stations.view', 'analytics.view', 'analytics.export', 'charges.export'],
        lacks: ['balances.top_up', 'balances.correct', 'charges.refund', 'card_payments.refund', 'charges.stop', 'stations.reset', 'stations.manage_charge_point', 'merchants.edit', 'accounts.view', 'roles.view'],
      },
    };
    for (const [key, { holds, lacks }] of Object.entries(rules)) {
      const held = permissionsOf(key);
      expect(holds.filter((permission) => !held.has(permission)), `${key} lacks`).toEqual([]);
      expect(lacks.filter((permission) => held.has(permission)), `${key} holds`).toEqual([]);
    }
    // Read-only roles: nothing but viewing and exporting, except the finance role's money (issue 39: top-ups,
    // corrections, refunds of charges and of card payments).
    for (const key of ['analyst', 'finance']) {
      const writes = [...permissionsOf(key)].filter((permission) => !/\.(view|export)$/.test(permission));
      expect(writes, key).toEqual(
        key === 'finance' ? ['balances.top_up', 'balances.correct', 'charges.refund', 'card_payments.refund'] : [],
      );
    }
    expect(permissionsOf('superadmin').size).toBe(BUILT_IN_ROLES[0]?.permissions.length);
  });
});

describe('every built-in role walks the whole matrix', () => {
  it.each(BUILT_IN_ROLES.map((role) => role.key))('%s: allowed calls pass, forbidden ones answer 403 and change nothing', async (roleKey) => {
    await buildRecords(roleKey);
    const account = await buildAccount(ctx.database.db, { roleKey });
    const { headers } = await signIn(app, account);
    const me = await app.inject({ method: 'GET', url: '/api/v1/accounts/me/', headers });
    const held = new Set<string>(me.json<{ permissions: string[] }>().permissions);
    expect([...held].every(isPermission)).toBe(true);
    const all = calls();
    expect(all.length).toBeGreaterThanOrEqual(50);
    const forbidden = all.filter(
      (call) =>
        call.needs.some((permission) => !held.has(permission)) ||
        (call.anyOf !== undefined && !call.anyOf.some((permission) => held.has(permission))),
    );
    const allowed = all.filter((call) => !forbidden.includes(call));
    // Forbidden calls first, all of them, then one read-back of the whole database.
    const before = await fingerprint();
    for (const call of forbidden) {
      const response = await send(call, headers.authorization);
      const label = `${roleKey} ${call.method} ${call.path}`;
      expect(response.statusCode, label).toBe(403);
      expect(response.json(), label).toEqual({ detail: 'You do not have permission to perform this action.' });
    }
    expect(await fingerprint()).toEqual(before);
    for (const call of allowed) {
      const response = await send(call, headers.authorization);
      expect(response.statusCode, `${roleKey} ${call.method} ${call.path}`).not.toBe(403);
    }
    // The read-back does see changes: the allowed calls of a role that may change records did change some.
    if (allowed.some((call) => call.method !== 'GET')) {
      expect(await fingerprint()).not.toEqual(before);
    }
    if (roleKey === 'superadmin') {
      expect(forbidden).toEqual([]);
    } else {
      expect(forbidden.length).toBeGreaterThan(0);
    }
  });

  it('translates the refusal', async () => {
    const { headers } = await signIn(app, await buildAccount(ctx.database.db, { roleKey: 'analyst' }));
    const texts = await Promise.all(
      ['ru', 'ky'].map(async (language) => {
        const response = await app.inject({
          method: 'POST',
          url: '/api/v1/common/tags/',
          headers: { ...headers, 'accept-language': language },
          payload: {},
        });
        return response.json<{ detail: string }>().detail;
      }),
    );
    expect(texts).toEqual(['У вас недостаточно прав для выполнения данного действия.', 'Бул аракетти аткарууга укугуңуз жок.']);
  });
});

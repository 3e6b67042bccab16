import type { TPermission } from '@zaryad/contracts';
import { eq } from 'drizzle-orm';
import type { RPCClient } from 'ocpp-rpc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { buildMerchant } from '../../test/network-builders';
import { buildChargePointStation, connectChargePoint, listenForChargePoints } from '../../test/ocpp-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { buildUser } from '../../test/user-builders';
// eslint-disable-next-line zaryad/domain-boundaries -- a test role with chosen permissions: the accounts index exports no table
import { roles } from '../accounts/accounts.tables';
import { userIdTags } from '../users';
import { networkListVersion, readLocalList } from './ocpp.local-list';

// Issue 34, Local Auth List Management: the network's RFID cards in the charge points that keep a list, over a real
// websocket: a Full list after a boot when the version differs, Differential updates when a card changes, the state
// per station, and GetLocalListVersion / SendLocalList through the command call.
let context: TestContext;
let endpoint: string;
let headers: { authorization: string };
let merchantId: number;
const clients: RPCClient[] = [];
let roleSerial = 0;

const db = () => context.database.db;

beforeAll(async () => {
  process.env.OCPP_CALL_TIMEOUT_MS = '1500';
  context = await createTestContext();
  endpoint = await listenForChargePoints(context.app);
  headers = (await signIn(context.app, await buildAccount(db(), { roleKey: 'superadmin' }))).headers;
  merchantId = (await buildMerchant(db())).id;
});

afterAll(async () => {
  for (const client of clients) {
    await client.close({ force: true });
  }
  await context.close();
  delete process.env.OCPP_CALL_TIMEOUT_MS;
});

const station = () =>
  buildChargePointStation(db(), context.config, { merchantId, connectors: [{ evse_id: 1, custom_fee: '20.00' }] });

const connect = async (identity: string) => {
  const client = await connectChargePoint({ endpoint, identity });
  clients.push(client);
  return client;
};

const boot = (client: RPCClient) =>
  client.call('BootNotification', { chargePointVendor: 'Zaryad', chargePointModel: 'ZR-60' });

interface SentList {
  listVersion: number;
  updateType: 'Full' | 'Differential';
  localAuthorizationList?: { idTag: string; idTagInfo?: { status: string } }[];
}

/** A charge point that keeps a local list as OCPP 1.6 says: Full replaces it, Differential changes its entries. */
const keepList = (client: RPCClient, version = 0) => {
  const keeper = { version, asked: 0, cards: new Map<string, string>(), sent: [] as SentList[] };
  client.handle('GetLocalListVersion', async () => {
    keeper.asked += 1;
    return { listVersion: keeper.version };
  });
  client.handle('SendLocalList', async ({ params }) => {
    const list = params as SentList;
    keeper.sent.push(list);
    if (list.updateType === 'Full') {
      keeper.cards.clear();
    }
    for (const entry of list.localAuthorizationList ?? []) {
      if (entry.idTagInfo) {
        keeper.cards.set(entry.idTag, entry.idTagInfo.status);
      } else {
        keeper.cards.delete(entry.idTag);
      }
    }
    keeper.version = list.listVersion;
    return { status: 'Accepted' };
  });
  return keeper;
};

/** The network's list as the database holds it: id tag to status. */
const networkCards = async () =>
  new Map((await readLocalList(db(), null)).entries.map((entry) => [entry.idTag, entry.idTagInfo?.status ?? '']));

const stateOf = async (stationId: number) =>
  (await context.app.inject({ method: 'GET', url: `/api/v1/ocpp/stations/${stationId}/local-list/`, headers })).json<{
    supported: boolean | null;
    version: number | null;
    network_version: number;
    in_sync: boolean;
    checked_at: string | null;
    entries: number;
  }>();

const commandLog = async (stationId: number) =>
  (await context.app.inject({ method: 'GET', url: `/api/v1/ocpp/stations/${stationId}/commands/`, headers })).json<{
    items: { action: string; status: string; request: SentList; account: string | null }[];
  }>().items;

const accountWith = async (permissions: TPermission[]) => {
  roleSerial += 1;
  const key = `ocpp-local-list-${roleSerial}`;
  await db().insert(roles).values({ key, name: `OCPP local list ${roleSerial}`, permissions });
  return (await signIn(context.app, await buildAccount(db(), { roleKey: key }))).headers;
};

describe('after a boot', () => {
  it('a charge point that keeps a list gets the whole network list, Accepted and Blocked cards, no app tokens', async () => {
    await buildUser(db(), { idTags: [{ idTag: 'LL-ACTIVE-01', kind: 'rfid' }, { idTag: 'LL-APP-01', kind: 'app' }] });
    await buildUser(db(), { status: 1, idTags: [{ idTag: 'LL-BLOCKED-01', kind: 'rfid' }] });
    const built = await station();
    expect(await stateOf(built.id)).toMatchObject({ supported: null, version: null, in_sync: false });
    const client = await connect(built.identity);
    const keeper = keepList(client);
    await boot(client);
    await expect.poll(() => keeper.sent.length).toBe(1);
    const network = await networkListVersion(db());
    expect(keeper.sent[0]).toMatchObject({ updateType: 'Full', listVersion: network });
    expect(keeper.cards.get('LL-ACTIVE-01')).toBe('Accepted');
    expect(keeper.cards.get('LL-BLOCKED-01')).toBe('Blocked');
    expect(keeper.cards.has('LL-APP-01')).toBe(false);
    expect(keeper.cards).toEqual(await networkCards());
    await expect.poll(async () => (await stateOf(built.id)).in_sync).toBe(true);
    expect(await stateOf(built.id)).toMatchObject({
      supported: true,
      version: network,
      network_version: network,
      entries: keeper.cards.size,
    });
    // The SendLocalList is in the command log as the server's; the version asked at boot is not.
    expect((await commandLog(built.id)).filter((item) => item.action !== 'TriggerMessage')).toEqual([
      expect.objectContaining({ action: 'SendLocalList', status: 'accepted', account: null }),
    ]);
  });

  it('a charge point whose list is already the network\'s is only asked its version; a card change then comes as a Differential', async () => {
    const built = await station();
    const first = await connect(built.identity);
    const before = keepList(first);
    await boot(first);
    await expect.poll(() => before.sent.length).toBe(1);
    await first.close({ force: true });

    const again = await connect(built.identity);
    const keeper = keepList(again, before.version);
    keeper.cards = new Map(before.cards);
    await boot(again);
    await expect.poll(() => keeper.asked).toBe(1);
    // A change made afterwards reaches it in one list (a Differential, or the boot's Full if the change came before the
    // boot's check): had the boot sent a list of its own at the same version, there would be two.
    await buildUser(db(), { idTags: [{ idTag: 'LL-AFTER-BOOT', kind: 'rfid' }] });
    await expect.poll(() => keeper.cards.get('LL-AFTER-BOOT'), { timeout: 5_000 }).toBe('Accepted');
    expect(keeper.sent).toHaveLength(1);
    expect(keeper.cards).toEqual(await networkCards());
  });

  it('a charge point without the profile, or that says -1, is marked as keeping none and sent nothing', async () => {
    const silent = await station();
    const silentClient = await connect(silent.identity);
    await boot(silentClient);
    await expect.poll(async () => (await stateOf(silent.id)).supported).toBe(false);

    const none = await station();
    const noneClient = await connect(none.identity);
    noneClient.handle('GetLocalListVersion', async () => ({ listVersion: -1 }));
    await boot(noneClient);
    await expect.poll(async () => (await stateOf(none.id)).supported).toBe(false);

    // A card change reaches a charge point that keeps a list, and not these two.
    const keeping = await station();
    const keepingClient = await connect(keeping.identity);
    const keeper = keepList(keepingClient);
    await boot(keepingClient);
    await expect.poll(() => keeper.sent.length).toBe(1);
    await buildUser(db(), { idTags: [{ idTag: 'LL-NOT-FOR-ALL', kind: 'rfid' }] });
    await expect.poll(() => keeper.cards.get('LL-NOT-FOR-ALL'), { timeout: 5_000 }).toBe('Accepted');
    for (const { id } of [silent, none]) {
      expect((await commandLog(id)).map((item) => item.action)).not.toContain('SendLocalList');
    }
  });
});

describe('when a card changes', () => {
  it('each change reaches a connected charge point as a Differential update: added, blocked, unblocked, removed', async () => {
    const driver = await buildUser(db(), { idTags: [{ idTag: 'LL-DRIVER-01', kind: 'rfid' }] });
    const built = await station();
    const client = await connect(built.identity);
    const keeper = keepList(client);
    await boot(client);
    await expect.poll(() => keeper.cards.get('LL-DRIVER-01')).toBe('Accepted');
    const last = () => keeper.sent.at(-1);

    // Blocked through the users' call.
    const blocked = await context.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/statuses/',
      headers,
      payload: { ids: [driver.id], active: false },
    });
    expect(blocked.statusCode).toBe(200);
    await expect.poll(() => keeper.cards.get('LL-DRIVER-01'), { timeout: 5_000 }).toBe('Blocked');
    expect(last()).toMatchObject({
      updateType: 'Differential',
      localAuthorizationList: [{ idTag: 'LL-DRIVER-01', idTagInfo: { status: 'Blocked' } }],
    });

    // A second card added, then unblocked: both Accepted.
    await db().insert(userIdTags).values({ userId: driver.id, idTag: 'LL-DRIVER-02', kind: 'rfid' });
    await expect.poll(() => keeper.cards.get('LL-DRIVER-02'), { timeout: 5_000 }).toBe('Blocked');
    await context.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/statuses/',
      headers,
      payload: { ids: [driver.id], active: true },
    });
    await expect.poll(() => keeper.cards.get('LL-DRIVER-01'), { timeout: 5_000 }).toBe('Accepted');
    expect(keeper.cards.get('LL-DRIVER-02')).toBe('Accepted');

    // Removed: an entry without idTagInfo.
    await db().delete(userIdTags).where(eq(userIdTags.idTag, 'LL-DRIVER-01'));
    await expect.poll(() => keeper.cards.has('LL-DRIVER-01'), { timeout: 5_000 }).toBe(false);
    expect(last()?.localAuthorizationList).toEqual([{ idTag: 'LL-DRIVER-01' }]);

    expect(keeper.cards).toEqual(await networkCards());
    expect(keeper.sent.slice(1).every((list) => list.updateType === 'Differential')).toBe(true);
    await expect.poll(async () => (await stateOf(built.id)).in_sync).toBe(true);
  });
});

describe('through the command call', () => {
  it('GetLocalListVersion and SendLocalList are sent, logged and read into the station\'s state', async () => {
    const built = await station();
    const client = await connect(built.identity);
    const keeper = keepList(client, 3);
    const send = (body: object, as = headers) =>
      context.app.inject({
        method: 'POST',
        url: `/api/v1/ocpp/stations/${built.id}/commands/`,
        headers: as,
        payload: body,
      });
    const asked = await send({ action: 'GetLocalListVersion', payload: {} });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ status: 'accepted', response: { listVersion: 3 } });
    expect(await stateOf(built.id)).toMatchObject({ supported: true, version: 3, in_sync: false });

    const manual = {
      listVersion: 4,
      updateType: 'Differential',
      localAuthorizationList: [{ idTag: 'LL-VISITOR', idTagInfo: { status: 'Accepted' } }],
    };
    const sent = await send({ action: 'SendLocalList', payload: manual });
    expect(sent.json()).toMatchObject({ status: 'accepted', response: { status: 'Accepted' } });
    expect(keeper.cards.get('LL-VISITOR')).toBe('Accepted');
    expect(await stateOf(built.id)).toMatchObject({ supported: true, version: 4 });
    expect((await commandLog(built.id)).map((item) => [item.action, item.status])).toEqual([
      ['SendLocalList', 'accepted'],
      ['GetLocalListVersion', 'accepted'],
    ]);
    // An operator's list stays until the next boot, which replaces it with the network's.
    await boot(client);
    await expect.poll(() => keeper.sent.at(-1)?.updateType).toBe('Full');
    expect(keeper.cards.has('LL-VISITOR')).toBe(false);
    expect(keeper.cards).toEqual(await networkCards());
  });

  it('refuses a payload outside the OCPP schema, and a role without stations.manage_charge_point', async () => {
    const built = await station();
    const tooLong = await context.app.inject({
      method: 'POST',
      url: `/api/v1/ocpp/stations/${built.id}/commands/`,
      headers,
      payload: {
        action: 'SendLocalList',
        payload: { listVersion: 1, updateType: 'Full', localAuthorizationList: [{ idTag: 'X'.repeat(21) }] },
      },
    });
    expect(tooLong.statusCode).toBe(400);
    const noVersion = await context.app.inject({
      method: 'POST',
      url: `/api/v1/ocpp/stations/${built.id}/commands/`,
      headers,
      payload: { action: 'SendLocalList', payload: { listVersion: 0, updateType: 'Sometimes' } },
    });
    expect(noVersion.statusCode).toBe(400);
    const resetOnly = await accountWith(['stations.view', 'stations.reset']);
    for (const body of [
      { action: 'GetLocalListVersion', payload: {} },
      { action: 'SendLocalList', payload: { listVersion: 1, updateType: 'Full' } },
    ]) {
      const refused = await context.app.inject({
        method: 'POST',
        url: `/api/v1/ocpp/stations/${built.id}/commands/`,
        headers: resetOnly,
        payload: body,
      });
      expect(refused.statusCode, body.action).toBe(403);
    }
    const viewer = await accountWith(['stations.view']);
    const read = await context.app.inject({
      method: 'GET',
      url: `/api/v1/ocpp/stations/${built.id}/local-list/`,
      headers: viewer,
    });
    expect(read.statusCode).toBe(200);
    const missing = await context.app.inject({ method: 'GET', url: '/api/v1/ocpp/stations/999999/local-list/', headers });
    expect(missing.statusCode).toBe(404);
  });
});

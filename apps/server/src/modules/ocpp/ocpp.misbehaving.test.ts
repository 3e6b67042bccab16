import { eq, sql } from 'drizzle-orm';
import type { RPCClient } from 'ocpp-rpc';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildMerchant } from '../../test/network-builders';
import { buildChargePointStation, connectChargePoint, listenForChargePoints } from '../../test/ocpp-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { balanceOf, buildEntry, buildUser } from '../../test/user-builders';
import { charges } from '../charges';
import { STATUS_AFTER_CONNECT_MS } from './ocpp.central-system';
import { chargePointCommands } from './ocpp.tables';

// Issue 34, item 2: charge points that misbehave. The status is asked for after a boot and after a reconnect; a start
// for an unknown or blocked id tag books nothing; a stop of an unknown transaction is acknowledged and logged; meter
// values late or going backwards never take energy back; a transaction id is never handed out twice.
let context: TestContext;
let endpoint: string;
let merchantId: number;
const clients: RPCClient[] = [];

const db = () => context.database.db;

beforeAll(async () => {
  process.env.OCPP_CALL_TIMEOUT_MS = '1500';
  context = await createTestContext();
  endpoint = await listenForChargePoints(context.app);
  merchantId = (await buildMerchant(db())).id;
});

afterEach(() => {
  vi.restoreAllMocks();
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

/** A charge point that notes every TriggerMessage it is sent, and the time it came. */
const noteTriggers = (client: RPCClient) => {
  const triggers: { params: unknown; at: number }[] = [];
  client.handle('TriggerMessage', async ({ params }) => {
    triggers.push({ params, at: Date.now() });
    return { status: 'Accepted' };
  });
  return triggers;
};

const boot = (client: RPCClient) =>
  client.call('BootNotification', { chargePointVendor: 'Zaryad', chargePointModel: 'ZR-60' });

const commandsOf = (stationId: number) =>
  db()
    .select()
    .from(chargePointCommands)
    .where(eq(chargePointCommands.stationId, stationId))
    .orderBy(chargePointCommands.id);

const startTransaction = async (client: RPCClient, idTag: string, meterStart = 0) =>
  (await client.call('StartTransaction', {
    connectorId: 1,
    idTag,
    meterStart,
    timestamp: new Date().toISOString(),
  })) as { transactionId: number; idTagInfo: { status: string } };

const meterValue = (client: RPCClient, transactionId: number, kWh: string, at: Date) =>
  client.call('MeterValues', {
    connectorId: 1,
    transactionId,
    meterValue: [{ timestamp: at.toISOString(), sampledValue: [{ value: kWh, unit: 'kWh' }] }],
  });

const chargeOf = async (transactionId: number) =>
  (await db().select().from(charges).where(eq(charges.ocppTransactionId, transactionId)))[0];

describe('the status is asked for after a boot and after a reconnect', () => {
  it("sends TriggerMessage(StatusNotification) once a boot is answered, recorded as the server's command", async () => {
    const built = await station();
    const client = await connect(built.identity);
    const triggers = noteTriggers(client);
    // Never booted: a first connection waits for the boot.
    await new Promise((resolve) => setTimeout(resolve, STATUS_AFTER_CONNECT_MS + 300));
    expect(triggers).toEqual([]);
    const answer = (await boot(client)) as { status: string };
    expect(answer.status).toBe('Accepted');
    await expect.poll(() => triggers.length).toBe(1);
    expect(triggers[0]?.params).toEqual({ requestedMessage: 'StatusNotification' });
    await expect.poll(async () => (await commandsOf(built.id)).length).toBe(1);
    expect((await commandsOf(built.id))[0]).toMatchObject({
      action: 'TriggerMessage',
      request: { requestedMessage: 'StatusNotification' },
      status: 'accepted',
      accountId: null,
    });
  });

  it('asks a charge point that reconnects without booting, and only once one that boots again', async () => {
    const built = await station();
    const first = await connect(built.identity);
    noteTriggers(first);
    await boot(first);
    await first.close({ force: true });

    // Reconnects and says nothing: asked a moment later.
    const silent = await connect(built.identity);
    const silentTriggers = noteTriggers(silent);
    const connectedAt = Date.now();
    await expect.poll(() => silentTriggers.length, { timeout: STATUS_AFTER_CONNECT_MS + 3_000 }).toBe(1);
    expect(silentTriggers[0]!.at - connectedAt).toBeGreaterThanOrEqual(STATUS_AFTER_CONNECT_MS - 50);
    await silent.close({ force: true });

    // Reconnects and boots at once: asked after the boot, not twice.
    const rebooting = await connect(built.identity);
    const rebootTriggers = noteTriggers(rebooting);
    await boot(rebooting);
    await expect.poll(() => rebootTriggers.length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, STATUS_AFTER_CONNECT_MS + 500));
    expect(rebootTriggers.length).toBe(1);
  });

  it('a charge point that cannot answer TriggerMessage is still served, the failure logged', async () => {
    const built = await station();
    const client = await connect(built.identity);
    await boot(client);
    await expect.poll(async () => (await commandsOf(built.id)).map((row) => row.status)).toEqual(['failed']);
    await expect(client.call('Heartbeat', {})).resolves.toHaveProperty('currentTime');
  });
});

describe('StartTransaction for an id tag that may not charge', () => {
  it('answers Invalid for an unknown tag and Blocked for a blocked driver, and books nothing', async () => {
    const built = await station();
    const client = await connect(built.identity);
    const warn = vi.spyOn(context.app.log, 'warn');
    const blocked = await buildUser(db(), { status: 1, idTags: [{ idTag: 'MB-BLOCKED-01', kind: 'rfid' }] });
    await buildEntry(db(), blocked.id, { credit: '100.00' });
    const unknown = await startTransaction(client, 'MB-NOBODY-01');
    const refused = await startTransaction(client, 'MB-BLOCKED-01');
    expect(unknown.idTagInfo.status).toBe('Invalid');
    expect(refused.idTagInfo.status).toBe('Blocked');
    // Each still has a transaction id of its own, as OCPP requires, that no charge holds.
    expect(Number.isInteger(unknown.transactionId) && unknown.transactionId > 0).toBe(true);
    expect(refused.transactionId).not.toBe(unknown.transactionId);
    expect(await db().select().from(charges).where(eq(charges.stationId, built.id))).toEqual([]);
    expect(await balanceOf(db(), blocked.id)).toBe(10_000n);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ stationId: built.id, idTag: 'MB-NOBODY-01', status: 'Invalid' }),
      'ocpp start refused: nothing booked',
    );

    // The charge point ends them as it should: acknowledged, nothing booked.
    for (const { transactionId } of [unknown, refused]) {
      await expect(
        client.call('StopTransaction', { transactionId, meterStop: 3_000, timestamp: new Date().toISOString() }),
      ).resolves.toEqual({});
    }
    expect(await db().select().from(charges).where(eq(charges.stationId, built.id))).toEqual([]);
    expect(await balanceOf(db(), blocked.id)).toBe(10_000n);

    // A driver who may charge gets a charge whose id is none of the refused ones.
    const rich = await buildUser(db(), { idTags: [{ idTag: 'MB-RICH-01', kind: 'rfid' }] });
    await buildEntry(db(), rich.id, { credit: '100.00' });
    const accepted = await startTransaction(client, 'MB-RICH-01');
    expect(accepted.idTagInfo.status).toBe('Accepted');
    expect([unknown.transactionId, refused.transactionId]).not.toContain(accepted.transactionId);
    expect(await chargeOf(accepted.transactionId)).toMatchObject({ userId: rich.id, status: 'in_progress' });
  });
});

describe('StopTransaction for a transaction the central system does not know', () => {
  it("is acknowledged (with the id tag's status when one is given), logged, and changes nothing", async () => {
    const built = await station();
    const client = await connect(built.identity);
    const other = await station();
    const otherClient = await connect(other.identity);
    const user = await buildUser(db(), { idTags: [{ idTag: 'MB-STOP-01', kind: 'rfid' }] });
    await buildEntry(db(), user.id, { credit: '100.00' });
    const running = await startTransaction(otherClient, 'MB-STOP-01');
    const warn = vi.spyOn(context.app.log, 'warn');

    await expect(
      client.call('StopTransaction', {
        transactionId: 2_000_000_000,
        meterStop: 5_000,
        timestamp: new Date().toISOString(),
      }),
    ).resolves.toEqual({});
    // Another station's transaction is unknown here: the charge there keeps running.
    await expect(
      client.call('StopTransaction', {
        transactionId: running.transactionId,
        meterStop: 5_000,
        timestamp: new Date().toISOString(),
        idTag: 'MB-STOP-01',
      }),
    ).resolves.toEqual({ idTagInfo: { status: 'Accepted' } });
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ stationId: built.id, transactionId: 2_000_000_000 }),
      'ocpp stop of an unknown transaction acknowledged',
    );
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ stationId: built.id, transactionId: running.transactionId }),
      'ocpp stop of an unknown transaction acknowledged',
    );
    expect(await chargeOf(running.transactionId)).toMatchObject({ status: 'in_progress', stationId: other.id });
    expect(await balanceOf(db(), user.id)).toBe(10_000n);
    await expect(client.call('Heartbeat', {})).resolves.toHaveProperty('currentTime');
  });
});

describe('meter values out of order or going backwards', () => {
  it('are taken (the charge was heard of) but never lower its meter, and the stop does not take energy back', async () => {
    const built = await station();
    const client = await connect(built.identity);
    const user = await buildUser(db(), { idTags: [{ idTag: 'MB-METER-01', kind: 'rfid' }] });
    await buildEntry(db(), user.id, { credit: '500.00' });
    const { transactionId } = await startTransaction(client, 'MB-METER-01', 1_000);
    const now = Date.now();
    await meterValue(client, transactionId, '6.000', new Date(now));
    expect((await chargeOf(transactionId))?.meterLastWh).toBe(6_000);

    // A late value (older timestamp, lower reading) is answered and marks the charge as heard of, nothing more.
    const heardBefore = (await chargeOf(transactionId))!.meterAt;
    await new Promise((resolve) => setTimeout(resolve, 20));
    await expect(meterValue(client, transactionId, '4.000', new Date(now - 60_000))).resolves.toEqual({});
    const afterLate = await chargeOf(transactionId);
    expect(afterLate?.meterLastWh).toBe(6_000);
    expect(afterLate?.meterAt.getTime()).toBeGreaterThan(heardBefore.getTime());
    expect(afterLate?.status).toBe('in_progress');

    // A meter that goes backwards (a reset register) is not a negative charge either.
    await meterValue(client, transactionId, '0.500', new Date(now + 1_000));
    expect((await chargeOf(transactionId))?.meterLastWh).toBe(6_000);

    // Several samples in one message, out of order: the highest register wins.
    await client.call('MeterValues', {
      connectorId: 1,
      transactionId,
      meterValue: [
        { timestamp: new Date(now + 3_000).toISOString(), sampledValue: [{ value: '7500', unit: 'Wh' }] },
        { timestamp: new Date(now + 2_000).toISOString(), sampledValue: [{ value: '7000', unit: 'Wh' }] },
      ],
    });
    expect((await chargeOf(transactionId))?.meterLastWh).toBe(7_500);

    // The stop reports less than the meter values did: the energy stays what was metered (7.5 - 1 kWh).
    await client.call('StopTransaction', { transactionId, meterStop: 5_000, timestamp: new Date().toISOString() });
    const finished = await chargeOf(transactionId);
    expect(finished).toMatchObject({ status: 'finished', energyWh: 6_500, meterStopWh: 7_500, totalCost: 13_000n });
    expect(await balanceOf(db(), user.id)).toBe(37_000n);
  });

  it('a stop reading above the meter values counts as usual', async () => {
    const built = await station();
    const client = await connect(built.identity);
    const user = await buildUser(db(), { idTags: [{ idTag: 'MB-METER-02', kind: 'rfid' }] });
    await buildEntry(db(), user.id, { credit: '500.00' });
    const { transactionId } = await startTransaction(client, 'MB-METER-02', 0);
    await meterValue(client, transactionId, '2.000', new Date());
    await client.call('StopTransaction', { transactionId, meterStop: 3_000, timestamp: new Date().toISOString() });
    expect(await chargeOf(transactionId)).toMatchObject({ energyWh: 3_000, totalCost: 6_000n });
  });
});

describe('transaction ids', () => {
  it('come from a sequence that never cycles, each handed out once, refused starts included', async () => {
    const [sequence] = (
      (await db().execute(
        sql`select seqcycle, seqtypid::regtype::text as type from pg_sequence where seqrelid = 'charges_ocpp_transaction_id_seq'::regclass`,
      )) as unknown as { rows: { seqcycle: boolean; type: string }[] }
    ).rows;
    expect(sequence).toEqual({ seqcycle: false, type: 'integer' });

    const stations = await Promise.all([station(), station(), station()]);
    const points = await Promise.all(stations.map((built) => connect(built.identity)));
    const users = await Promise.all(
      [0, 1, 2].map(async (index) => {
        const user = await buildUser(db(), { idTags: [{ idTag: `MB-SEQ-${index}`, kind: 'rfid' }] });
        // Enough for each driver's charges at once to hold their share (docs/product/payments.md#4-states-and-rules).
        await buildEntry(db(), user.id, { credit: '10000.00' });
        return user;
      }),
    );
    expect(users).toHaveLength(3);
    // Starts on three charge points at once, accepted and refused mixed, several rounds.
    const answers = await Promise.all(
      points.flatMap((client, index) =>
        Array.from({ length: 4 }, (_, round) =>
          startTransaction(client, round % 2 === 0 ? `MB-SEQ-${index}` : `MB-SEQ-NOBODY-${index}`),
        ),
      ),
    );
    const ids = answers.map((answer) => answer.transactionId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(answers.filter((answer) => answer.idTagInfo.status === 'Accepted')).toHaveLength(6);
    // The next one, from any of them, is above every id handed out so far.
    const next = await startTransaction(points[0]!, 'MB-SEQ-0');
    expect(next.transactionId).toBeGreaterThan(Math.max(...ids));
  });
});

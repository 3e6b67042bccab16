import { UPTIME_STATES, type TUptimeSeconds, type TUptimeState } from '@zaryad/contracts/uptime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMerchant } from '../../test/network-builders';
import { seededRandom, testSeed, type Random } from '../../test/random-charges';
import { buildStation } from '../../test/station-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { chargePointCommands, chargePointStatusHistory } from '../ocpp';
import { createUptimeService, PLANNED_WINDOW_S } from './uptime.service';

// Issue 35: uptime equals a brute-force computation over a random status history: each minute of the period, each
// connector's state read from the rows before it (the last status of the connector, the last connection row of its
// charge point, the operator's ChangeAvailability commands), counted; against the statement's seconds per state, per
// day, per month and over the period. Rows fall on whole minutes, several on one minute, connector 0's statuses among
// them (they do not count), some before the period.
const seed = testSeed();
const MINUTE = 60_000;
const FROM = '2026-03-30';
const TO = '2026-04-02';
const PERIOD_START = Date.parse(`${FROM}T00:00:00+06:00`);
const PERIOD_END = Date.parse(`${TO}T00:00:00+06:00`) + 24 * 3600_000;
const STATUSES = [
  'Available',
  'Preparing',
  'Charging',
  'SuspendedEV',
  'SuspendedEVSE',
  'Finishing',
  'Reserved',
  'Unavailable',
  'Faulted',
] as const;
const LINKS = ['connected', 'disconnected', 'offline', 'boot'] as const;

interface Row {
  id: number;
  connectorId: number;
  kind: string;
  status: string | null;
  at: number;
}

interface Command {
  connectorId: number;
  type: 'Inoperative' | 'Operative';
  status: 'accepted' | 'rejected';
  at: number;
}

let context: TestContext;
let merchantId: number;

beforeAll(async () => {
  context = await createTestContext();
  merchantId = (await buildMerchant(context.database.db)).id;
});

afterAll(async () => {
  await context.close();
});

const db = () => context.database.db;

/** A whole minute from a day before the period to a little after it. */
const randomMinute = (random: Random) =>
  PERIOD_START - 24 * 3600_000 + random.below((PERIOD_END - PERIOD_START + 30 * 3600_000) / MINUTE) * MINUTE;

const buildHistory = async (random: Random) => {
  const connectors = 1 + random.below(3);
  const station = await buildStation(db(), {
    merchantId,
    connectors: Array.from({ length: connectors }, () => ({ evse_id: 1 })),
  });
  const drafts: Omit<Row, 'id'>[] = [];
  const count = random.below(60);
  for (let index = 0; index < count; index += 1) {
    const at = random.chance(0.2) && drafts.length > 0 ? random.pick(drafts).at : randomMinute(random);
    if (random.chance(0.25)) {
      drafts.push({ connectorId: 0, kind: random.pick(LINKS), status: null, at });
    } else {
      drafts.push({ connectorId: random.below(connectors + 1), kind: 'status', status: random.pick(STATUSES), at });
    }
  }
  const commands: Command[] = [];
  for (const row of drafts) {
    if (row.status === 'Unavailable' && random.chance(0.6)) {
      commands.push({
        connectorId: random.chance(0.3) ? 0 : random.below(connectors + 1),
        type: random.chance(0.8) ? 'Inoperative' : 'Operative',
        status: random.chance(0.8) ? 'accepted' : 'rejected',
        at: row.at - random.below(2 * PLANNED_WINDOW_S / 60 + 1) * MINUTE,
      });
    }
  }
  const rows: Row[] = [];
  if (drafts.length > 0) {
    const inserted = await db()
      .insert(chargePointStatusHistory)
      .values(
        drafts.map((row) => ({
          stationId: station.id,
          connectorId: row.connectorId,
          kind: row.kind,
          status: row.status,
          errorCode: row.status ? 'NoError' : null,
          at: new Date(row.at),
        })),
      )
      .returning({ id: chargePointStatusHistory.id, at: chargePointStatusHistory.at });
    inserted.forEach((row, index) => rows.push({ ...(drafts[index] as Omit<Row, 'id'>), id: row.id }));
  }
  if (commands.length > 0) {
    await db()
      .insert(chargePointCommands)
      .values(
        commands.map((command) => ({
          stationId: station.id,
          action: 'ChangeAvailability',
          request: { connectorId: command.connectorId, type: command.type },
          status: command.status,
          createdAt: new Date(command.at),
        })),
      );
  }
  rows.sort((a, b) => a.at - b.at || a.id - b.id);
  return { stationId: station.id, connectors, rows, commands };
};

/** The state of a connector at a moment, read from the rows as docs/product/uptime.md defines it. */
const stateAt = (history: Awaited<ReturnType<typeof buildHistory>>, connectorId: number, at: number): TUptimeState => {
  let status: Row | undefined;
  let link: Row | undefined;
  for (const row of history.rows) {
    if (row.at > at) {
      break;
    }
    if (row.kind === 'status' && row.connectorId === connectorId) {
      status = row;
    } else if (row.kind !== 'status') {
      link = row;
    }
  }
  if (link && (link.kind === 'disconnected' || link.kind === 'offline')) {
    return 'offline';
  }
  if (!status) {
    return 'unknown';
  }
  const found = status;
  switch (found.status) {
    case 'Available':
      return 'available';
    case 'Charging':
      return 'charging';
    case 'Faulted':
      return 'faulted';
    case 'Unavailable':
      return history.commands.some(
        (command) =>
          command.status === 'accepted' &&
          command.type === 'Inoperative' &&
          (command.connectorId === 0 || command.connectorId === connectorId) &&
          command.at <= found.at &&
          command.at > found.at - PLANNED_WINDOW_S * 1000,
      )
        ? 'maintenance'
        : 'unavailable';
    default:
      return 'occupied';
  }
};

const zero = (): TUptimeSeconds => Object.fromEntries(UPTIME_STATES.map((state) => [state, 0])) as TUptimeSeconds;

/** Minute by minute: seconds per state of each connector per day, from the period's start to `now`. */
const bruteForce = (history: Awaited<ReturnType<typeof buildHistory>>, now: number) => {
  const perDay = new Map<string, TUptimeSeconds>();
  for (let connectorId = 1; connectorId <= history.connectors; connectorId += 1) {
    for (let at = PERIOD_START; at < Math.min(PERIOD_END, now); at += MINUTE) {
      const day = new Date(at + 6 * 3600_000).toISOString().slice(0, 10);
      const key = `${connectorId}/${day}`;
      const seconds = perDay.get(key) ?? zero();
      seconds[stateAt(history, connectorId, at)] += 60;
      perDay.set(key, seconds);
    }
  }
  return perDay;
};

const sum = (items: TUptimeSeconds[]) =>
  items.reduce((total, seconds) => {
    for (const state of UPTIME_STATES) {
      total[state] += seconds[state];
    }
    return total;
  }, zero());

describe(`uptime against a brute-force count (seed ${seed})`, () => {
  it('matches per connector and day, per month, per station and in the report, for 30 random histories', async () => {
    const random = seededRandom(seed);
    for (let run = 0; run < 30; run += 1) {
      const history = await buildHistory(random);
      // Now after the period, or within it (its days to come count nothing).
      const now = random.chance(0.5)
        ? PERIOD_END + MINUTE
        : PERIOD_START + random.below((PERIOD_END - PERIOD_START) / MINUTE) * MINUTE;
      const service = createUptimeService(db(), () => new Date(now));
      const expected = bruteForce(history, now);
      const daily = await service.station(history.stationId, { from: FROM, to: TO, granularity: 'day' }, 'en');
      const label = `run ${run}, station ${history.stationId}, now ${new Date(now).toISOString()}`;
      expect(daily.connectors.map((connector) => connector.connector_id), label).toEqual(
        Array.from({ length: history.connectors }, (_, index) => index + 1),
      );
      for (const connector of daily.connectors) {
        for (const period of connector.periods) {
          expect(period.seconds, `${label}, connector ${connector.connector_id}, ${period.period}`).toEqual(
            expected.get(`${connector.connector_id}/${period.period}`) ?? zero(),
          );
        }
      }
      const all = sum([...expected.values()]);
      expect(daily.total.seconds, label).toEqual(all);
      const monthly = await service.station(history.stationId, { from: FROM, to: TO, granularity: 'month' }, 'en');
      expect(monthly.periods.map((period) => period.period)).toEqual(['2026-03', '2026-04']);
      expect(monthly.periods[0]?.seconds, label).toEqual(
        sum([...expected].filter(([key]) => key.includes('/2026-03')).map(([, seconds]) => seconds)),
      );
      expect(monthly.total.seconds, label).toEqual(all);
      const report = await service.report({ merchant_id: merchantId, from: FROM, to: TO }, 'en');
      const row = report.rows.find((item) => item.station_id === history.stationId);
      expect(row?.seconds, label).toEqual(all);
      expect(row?.uptime_percent, label).toBe(daily.total.uptime_percent);
    }
  }, 120_000);
});

import type { TLiveCharge, TLiveIncident, TLiveSnapshot } from '@zaryad/contracts';
import { expect, test } from 'vitest';
import { applyDelta, fromSnapshot } from '@/features/live/liveBoard';

const charge = (id: number, stationId: number, startedAt: string): TLiveCharge => ({
  id,
  station: { id: stationId, name: `Station ${stationId}` },
  connector: { id: 1, name: 'CCS2 · 60 kW', ocpp_16_id: 1 },
  user: { id: 7, name: 'Бакыт', personal_account: '100007' },
  started_at: startedAt,
  consumption_kwh: '1.000',
  power_w: 7_400,
  cost: { amount: '20.00', discount: '0.00', total_cost: '20.00', meter_at: startedAt },
});

const incident = (id: number, lastSeen: string): TLiveIncident => ({
  id,
  rule: 'station_offline',
  severity: 'critical',
  status: 'open',
  station: { id: 1, name: 'Station 1' },
  connector_id: null,
  charge_id: null,
  first_seen_at: lastSeen,
  last_seen_at: lastSeen,
  count: 1,
});

const snapshot: TLiveSnapshot = {
  at: '2026-11-29T05:00:00.000Z',
  counts: { charging: 1, available: 1, offline: 1, faulted: 0 },
  merchants: [{ id: 3, name: 'Merchant' }],
  stations: [
    [1, 'Station 1', 3, 42.87, 74.57, 'charging'],
    [2, 'Station 2', 3, 42.88, 74.58, 'available'],
    [3, 'Station 3', 3, 42.89, 74.59, 'offline'],
  ],
  charges: [charge(10, 1, '2026-11-29T04:00:00.000Z')],
  charges_total: 1,
  incidents: [incident(5, '2026-11-29T04:30:00.000Z')],
  incidents_total: 1,
};

test("a delta moves a station's counter, replaces its charges and leaves the board it was given alone", () => {
  const board = fromSnapshot(snapshot);
  const next = applyDelta(board, {
    at: '2026-11-29T05:00:01.000Z',
    stations: [
      { id: 1, state: 'available', charges: [] },
      { id: 2, state: 'charging', charges: [charge(11, 2, '2026-11-29T05:00:00.500Z')] },
    ],
    incidents: [],
  });
  expect(next.counts).toEqual({ charging: 1, available: 1, offline: 1, faulted: 0 });
  expect(next.stations.map((station) => station[5])).toEqual(['available', 'charging', 'offline']);
  expect(next.charges.map((item) => item.id)).toEqual([11]);
  expect(next.chargesTotal).toBe(1);
  expect(next.version).toBe(1);
  expect(next.at).toBe('2026-11-29T05:00:01.000Z');
  // The snapshot's board is as it was.
  expect(board.stations.map((station) => station[5])).toEqual(['charging', 'available', 'offline']);
  expect(board.charges.map((item) => item.id)).toEqual([10]);

  const faulted = applyDelta(next, {
    at: '2026-11-29T05:00:02.000Z',
    stations: [{ id: 3, state: 'faulted', charges: [] }],
    incidents: [],
  });
  expect(faulted.counts).toEqual({ charging: 1, available: 1, offline: 0, faulted: 1 });
});

test('a meter update keeps the counters and the version, newest charges first', () => {
  const board = fromSnapshot(snapshot);
  const metered = { ...charge(10, 1, '2026-11-29T04:00:00.000Z'), consumption_kwh: '2.500' };
  const next = applyDelta(board, {
    at: '2026-11-29T05:00:01.000Z',
    stations: [{ id: 1, state: 'charging', charges: [metered, charge(12, 1, '2026-11-29T04:50:00.000Z')] }],
    incidents: [],
  });
  expect(next.version).toBe(0);
  expect(next.counts).toEqual(board.counts);
  expect(next.charges.map((item) => [item.id, item.consumption_kwh])).toEqual([
    [12, '1.000'],
    [10, '2.500'],
  ]);
  expect(next.chargesTotal).toBe(2);
});

test('stations the snapshot did not list are left out; incidents open and close', () => {
  const board = fromSnapshot(snapshot);
  const next = applyDelta(board, {
    at: '2026-11-29T05:00:01.000Z',
    stations: [{ id: 99, state: 'faulted', charges: [charge(13, 99, '2026-11-29T05:00:00.000Z')] }],
    incidents: [
      { id: 5, open: false, incident: null },
      { id: 6, open: true, incident: incident(6, '2026-11-29T05:00:00.000Z') },
    ],
  });
  expect(next.counts).toEqual(board.counts);
  expect(next.charges).toBe(board.charges);
  expect(next.incidents.map((item) => item.id)).toEqual([6]);
  expect(next.incidentsTotal).toBe(1);
});

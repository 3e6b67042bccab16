import { z } from 'zod';
import { ZRunningCost } from './charges';
import { ZUserRef } from './users';
import { LIVE_STATION_STATES } from './live.constants';

/**
 * The live board (issue 35, docs/product/live.md): the network's stations by state, the charges running now and the open
 * incidents, as one snapshot (GET /live/) kept current by the deltas of GET /live/events/.
 */

// The states live in a file without zod, so that the board's screen takes them without the schemas (apps/web).
export { LIVE_STATION_STATES, type TLiveStationState } from './live.constants';
export const ZLiveStationState = z.enum(LIVE_STATION_STATES);

/** The board's counters: stations in each state. */
export const ZLiveCounts = z.object({
  charging: z.number().int(),
  available: z.number().int(),
  offline: z.number().int(),
  faulted: z.number().int(),
});
export type TLiveCounts = z.infer<typeof ZLiveCounts>;

/**
 * A station on the map, compact (141,000 of them in the benchmark network): [id, name, merchant id, latitude, longitude,
 * state]. The merchant's name is in the snapshot's `merchants`.
 */
export const ZLiveStation = z.tuple([
  z.number().int(),
  z.string(),
  z.number().int(),
  z.number(),
  z.number(),
  ZLiveStationState,
]);
export type TLiveStation = z.infer<typeof ZLiveStation>;

/** A charge running now: its live energy, power (null before a meter value with power) and cost so far. */
export const ZLiveCharge = z.object({
  id: z.number().int(),
  station: z.object({ id: z.number().int(), name: z.string() }),
  connector: z.object({ id: z.number().int().nullable(), name: z.string(), ocpp_16_id: z.number().int() }),
  user: ZUserRef.nullable(),
  started_at: z.string(),
  /** kWh delivered so far, text with 3 decimals. */
  consumption_kwh: z.string(),
  power_w: z.number().int().nullable(),
  /** The charges engine's price of the energy so far (docs/product/charges.md#3-records, running_cost). */
  cost: ZRunningCost,
});
export type TLiveCharge = z.infer<typeof ZLiveCharge>;

/** An open (unresolved) incident as the board lists it; the incidents screen has the rest. */
export const ZLiveIncident = z.object({
  id: z.number().int(),
  rule: z.string(),
  severity: z.string(),
  status: z.string(),
  station: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  connector_id: z.number().int().nullable(),
  charge_id: z.number().int().nullable(),
  first_seen_at: z.string(),
  last_seen_at: z.string(),
  count: z.number().int(),
});
export type TLiveIncident = z.infer<typeof ZLiveIncident>;

/** The most running charges and open incidents a snapshot lists (newest first); the totals say how many there are. */
export const LIVE_CHARGES_LIMIT = 500;
export const LIVE_INCIDENTS_LIMIT = 200;

/** GET /api/v1/live/. */
export const ZLiveSnapshot = z.object({
  at: z.string(),
  counts: ZLiveCounts,
  merchants: z.array(z.object({ id: z.number().int(), name: z.string() })),
  stations: z.array(ZLiveStation),
  charges: z.array(ZLiveCharge),
  charges_total: z.number().int(),
  incidents: z.array(ZLiveIncident),
  incidents_total: z.number().int(),
});
export type TLiveSnapshot = z.infer<typeof ZLiveSnapshot>;

/**
 * One event of GET /api/v1/live/events/: the stations that changed in the last ~250 ms, each with its state and all of
 * its running charges now (a charge no longer listed has ended), and the incidents that changed (`open` false: no
 * longer on the board). A station left out of the snapshot (inactive) is never sent.
 */
export const ZLiveDelta = z.object({
  at: z.string(),
  stations: z.array(z.object({ id: z.number().int(), state: ZLiveStationState, charges: z.array(ZLiveCharge) })),
  incidents: z.array(z.object({ id: z.number().int(), open: z.boolean(), incident: ZLiveIncident.nullable() })),
});
export type TLiveDelta = z.infer<typeof ZLiveDelta>;

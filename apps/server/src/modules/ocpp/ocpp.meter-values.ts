/**
 * MeterValues booked together (issue 34, item 4: 1,000 a second from 2,000 running charges): the calls that arrive
 * while a write is under way are written by the next one, in one statement, and each is answered once its own write is
 * done (nothing is answered before it is booked). One statement does what a call did in three: the charge's meter (the
 * highest reading of the batch, never lowering it: greatest(), as recordMeterValue in the charges engine) and the
 * connector's power and meter (the last reading of the batch, as the calls one by one left it).
 *
 * Its commit does not wait for the write-ahead log to reach the disk (synchronous_commit off for this statement's
 * transaction only): a meter value is a sample that the next one supersedes, and the charge's money is booked from the
 * StopTransaction's meter by the charges engine, whose commit does wait. A crash of the database loses at most the
 * samples of its last fraction of a second (never a charge, a payment or part of a statement: the database stays
 * consistent), and then the charge's meter is one sample behind until the next one or the stop. Waiting for each
 * flush made the meter writes queue behind the disk, more so during a checkpoint (docs/benchmarks.md, section 7).
 *
 * The station's `meter` event on the bus (for the live board and the drivers' app) is sent by the same statement
 * (bus.publishWith): heard once the reading is booked, with no round trip of its own (the bus's statements were as
 * many as the meter's).
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { createBatchQueue } from '../../platform/batch-queue';
import { sqlArray } from '../../platform/sql-arrays';
import type { OcppBus } from './ocpp.bus';

export interface MeterReading {
  stationId: number;
  connectorId: number;
  transactionId: number | null;
  energyWh: number | null;
  powerW: number | null;
}

/** Readings written by one statement at most: a bigger backlog is written by several, one after another. */
const MAX_BATCH = 500;
/**
 * How long an idle queue waits for more readings before its statement. At 1,000 readings a second, 10 ms instead of
 * the next turn of the event loop took PostgreSQL's CPU from 51 to 35 % of a core and the server's from 33 to 29 %
 * (bench:ocpp, the meter phase beside a second load; docs/benchmarks.md, section 7); an answer waits 10 ms at most
 * more (the p50 7 -> 12 ms).
 */
const METER_GATHER_MS = 10;

export const createMeterBook = (db: Database, bus: OcppBus) => {
  const write = async (batch: MeterReading[]) => {
    const at = new Date();
    const events = batch.map(({ stationId, connectorId }) => ({ type: 'meter', stationId, connectorId }));
    // The charges engine's running statuses (charges.engine.ts, RUNNING): a finished charge's meter stays as it is.
    await bus.publishWith('ocpp_events', events, (notify) =>
      db.execute(sql`
      with input as (
        select * from unnest(
          ${sqlArray(batch.map((reading) => reading.stationId))}::int[],
          ${sqlArray(batch.map((reading) => reading.connectorId))}::int[],
          ${sqlArray(batch.map((reading) => reading.transactionId))}::int[],
          ${sqlArray(batch.map((reading) => reading.energyWh))}::bigint[],
          ${sqlArray(batch.map((reading) => reading.powerW))}::int[]
        ) with ordinality as m(station_id, connector_id, transaction_id, energy_wh, power_w, ord)
      ),
      -- The readings that move a charge's meter are kept as its rises (the pricing reads them, modules/rates). The
      -- statement's snapshot sees the meter before this statement's update moves it.
      risen as (
        insert into charge_meter_samples (charge_id, wh, at)
        select c.id, m.energy_wh, ${at}
        from (
          select station_id, transaction_id, max(energy_wh) as energy_wh from input
          where transaction_id is not null and energy_wh is not null group by station_id, transaction_id
        ) m
        join charges c on c.ocpp_transaction_id = m.transaction_id and c.station_id = m.station_id
        where c.status in ('initiated', 'in_progress', 'pause') and m.energy_wh > c.meter_last_wh
        on conflict do nothing
        returning charge_id
      ),
      charged as (
        update charges c
        set meter_last_wh = greatest(c.meter_last_wh, m.energy_wh),
            meter_at = ${at},
            status = case when c.status = 'initiated' then 'in_progress' else c.status end
        from (
          select station_id, transaction_id, max(energy_wh) as energy_wh from input
          where transaction_id is not null and energy_wh is not null group by station_id, transaction_id
        ) m
        where c.ocpp_transaction_id = m.transaction_id and c.station_id = m.station_id
          and c.status in ('initiated', 'in_progress', 'pause')
        returning c.id
      ),
      -- Taken in the charge points' lock order (ocpp.history.ts): the status upserts write these rows at once.
      locked as (
        select k.station_id, k.connector_id from charge_point_connectors k
        join (select distinct station_id, connector_id from input where connector_id > 0) i
          on k.station_id = i.station_id and k.connector_id = i.connector_id
        order by k.station_id, k.connector_id for update of k
      ),
      connectors as (
        update charge_point_connectors k
        set power_w = coalesce(m.power_w, k.power_w), meter_wh = coalesce(m.energy_wh, k.meter_wh)
        from (
          select distinct on (station_id, connector_id) station_id, connector_id,
                 (array_agg(power_w) filter (where power_w is not null) over w)[1] as power_w,
                 (array_agg(energy_wh) filter (where energy_wh is not null) over w)[1] as energy_wh
          from input where connector_id > 0
          window w as (partition by station_id, connector_id order by ord desc
                       rows between unbounded preceding and unbounded following)
          order by station_id, connector_id
        ) m
        where k.station_id = m.station_id and k.connector_id = m.connector_id
          and (k.station_id, k.connector_id) in (select station_id, connector_id from locked)
        returning k.station_id
      )
      select (select count(*) from charged) as charges, (select count(*) from risen) as rises, (select count(*) from connectors) as connectors,
        set_config('synchronous_commit', 'off', true) as commit_mode, ${notify} as notified
    `),
    );
  };

  // A charge point's readings of the moment may share a statement (no key): they are folded by charge and connector.
  // 1,000 a second arrive one by one: an idle queue waits METER_GATHER_MS for more before its statement.
  const queue = createBatchQueue(write, { maxBatch: MAX_BATCH, gatherMs: METER_GATHER_MS });

  return {
    /** Books one MeterValues call's readings; resolves once they are written. */
    book: (reading: MeterReading) => queue.add(reading),
  };
};

export type MeterBook = ReturnType<typeof createMeterBook>;

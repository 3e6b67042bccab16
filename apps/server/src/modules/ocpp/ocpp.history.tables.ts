import { bigserial, index, integer, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { stations } from '../stations';

/**
 * What each charge point went through, one row per change (issue 35: uptime, alerts and the live board read it):
 * - `status`: a connector's StatusNotification whose status or error differs from the connector's last one
 *   (connector 0 is the whole charge point);
 * - `connected` / `disconnected`: its websocket opened / closed (connector 0); `connected` also when a charge point
 *   that had gone silent is heard again on its open websocket;
 * - `offline`: silent for three heartbeat intervals on an open websocket, at the moment it became so (connector 0);
 * - `boot`: an accepted BootNotification (connector 0).
 * A row's state lasts until the next row of the same connector (status) or of the charge point (the other kinds).
 */
export const chargePointStatusHistory = pgTable(
  'charge_point_status_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    connectorId: smallint('connector_id').notNull().default(0),
    kind: varchar('kind', { length: 12 }).notNull(),
    status: varchar('status', { length: 16 }),
    errorCode: varchar('error_code', { length: 32 }),
    info: varchar('info', { length: 50 }),
    vendorErrorCode: varchar('vendor_error_code', { length: 50 }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('charge_point_status_history_station_idx').on(table.stationId, table.at)],
);

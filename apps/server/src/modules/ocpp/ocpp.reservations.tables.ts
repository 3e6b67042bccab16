import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { accounts } from '../accounts';
import { stations } from '../stations';
import { appUsers } from '../users';

/**
 * Reservations of a connector for a driver (OCPP 1.6 ReserveNow; docs/product/ocpp.md#4-states-and-rules). id is the
 * OCPP reservationId. status: active (the charge point accepted it, or is still answering), used (the driver's
 * StartTransaction came), cancelled (CancelReservation), expired (the scheduler, past expires_at), rejected (the charge
 * point refused it or could not be reached).
 */
export const chargePointReservations = pgTable(
  'charge_point_reservations',
  {
    id: serial('id').primaryKey(),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    connectorId: smallint('connector_id').notNull(),
    idTag: varchar('id_tag', { length: 20 }).notNull(),
    userId: integer('user_id').references(() => appUsers.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    status: varchar('status', { length: 10 }).notNull(),
    chargeId: bigint('charge_id', { mode: 'number' }),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('charge_point_reservations_station_idx').on(table.stationId, table.createdAt, table.id),
    // One active reservation per connector; a StartTransaction's look-up reads it.
    uniqueIndex('charge_point_reservations_active_idx')
      .on(table.stationId, table.connectorId)
      .where(sql`${table.status} = 'active'`),
    // The scheduler's sweep of the expired ones.
    index('charge_point_reservations_expiry_idx')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'active'`),
    check(
      'charge_point_reservations_status_check',
      sql`${table.status} in ('active', 'used', 'cancelled', 'expired', 'rejected')`,
    ),
  ],
);

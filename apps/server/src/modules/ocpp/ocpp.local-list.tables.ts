import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { stations } from '../stations';

/**
 * The network's local authorization list (docs/product/ocpp.md#4-states-and-rules): one row per RFID card ever listed,
 * with its OCPP status (Accepted for an active driver, Blocked for a blocked one; null once the card is gone) and the
 * list version at which it last changed. Written only by the triggers of `src/db/routines/local-auth-list.sql` when a
 * card or its driver's status changes; a Differential SendLocalList is the rows above the charge point's version.
 */
export const localAuthList = pgTable(
  'local_auth_list',
  {
    idTag: varchar('id_tag', { length: 20 }).primaryKey(),
    status: varchar('status', { length: 8 }),
    version: integer('version').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('local_auth_list_version_idx').on(table.version),
    check('local_auth_list_status_check', sql`${table.status} in ('Accepted', 'Blocked')`),
  ],
);

/**
 * The network's list version, one row: each change takes the next number under this row's lock, held to its commit,
 * so that versions commit in their order and a reader never sees version N without every version below it.
 */
export const localAuthListVersion = pgTable(
  'local_auth_list_version',
  {
    id: smallint('id').primaryKey().default(1),
    version: integer('version').notNull(),
  },
  (table) => [check('local_auth_list_version_one_row', sql`${table.id} = 1`)],
);

/**
 * Where each station's charge point stands with the list: whether it keeps one (null: not asked yet), the version it
 * last told (GetLocalListVersion) or accepted (SendLocalList), and whether that list is the network's.
 */
export const chargePointLocalLists = pgTable('charge_point_local_lists', {
  stationId: integer('station_id')
    .primaryKey()
    .references(() => stations.id, { onDelete: 'cascade' }),
  supported: boolean('supported'),
  version: integer('version'),
  /**
   * Its list is the network's at `version` (its last SendLocalList was the server's own): only then is a Differential
   * update enough; an operator's SendLocalList, or a version it told that we did not give it, waits for its next boot.
   */
  fromNetwork: boolean('from_network').notNull().default(false),
  checkedAt: timestamp('checked_at', { withTimezone: true }),
});

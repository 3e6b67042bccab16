import { sql } from 'drizzle-orm';
import { check, date, integer, numeric, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { stations } from './stations.tables';

/**
 * One row per station and day (Asia/Bishkek): charges finished, energy delivered and money taken that day.
 * Reports and dashboards read these instead of summing raw charges. Kept by the charges' row trigger (`src/db/routines/charge-totals.sql`)
 * in the transaction that writes a charge, whoever writes it; rebuildStationDailyTotals (charges.rollups.ts)
 * recomputes them from the charges. Kept by day so that any period is a range scan of the key.
 */
export const stationDailyTotals = pgTable(
  'station_daily_totals',
  {
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    charges: integer('charges').notNull().default(0),
    energyKwh: numeric('energy_kwh', { precision: 14, scale: 3 }).notNull().default('0'),
    turnover: numeric('turnover', { precision: 14, scale: 2 }).notNull().default('0'),
  },
  (table) => [
    primaryKey({ columns: [table.stationId, table.day] }),
    check(
      'station_daily_totals_non_negative',
      sql`${table.charges} >= 0 and ${table.energyKwh} >= 0 and ${table.turnover} >= 0`,
    ),
  ],
);

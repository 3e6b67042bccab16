import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { stationConnectors, stations } from '../stations';
import { appUsers } from '../users';
import { tyiyn } from '../../platform/money-columns';

/**
 * Charges: one charging session of an app user at a connector. Energy is integer watt-hours as the meter reports them;
 * money integer tyiyn. The price per kWh is fixed at the start (the connector's personal tariff, else its type's
 * default rate) so that a tariff edited meanwhile changes nothing. The connector's name and OCPP id are kept as they
 * were, because a station's edit may recreate its connectors. Only the charges service writes here (charges.service.ts).
 *
 * amount is the energy's price before the discount, total_cost = amount - discount; shortfall is the part of a balance
 * payment the balance could not cover. ocpp_transaction_id is the transactionId the central system hands the charge
 * point (OCPP 1.6 StartTransaction.conf).
 */
export const charges = pgTable(
  'charges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ocppTransactionId: integer('ocpp_transaction_id')
      .notNull()
      .default(sql`nextval('charges_ocpp_transaction_id_seq')`),
    userId: integer('user_id').references(() => appUsers.id),
    stationId: integer('station_id')
      .notNull()
      .references(() => stations.id),
    connectorId: integer('connector_id').references(() => stationConnectors.id, { onDelete: 'set null' }),
    connectorName: varchar('connector_name', { length: 64 }).notNull(),
    connectorOcppId: smallint('connector_ocpp_id').notNull(),
    /** The connector's power in watts at the start: a tariff period may hold for a power range (DC and AC prices). */
    connectorPowerW: integer('connector_power_w').notNull().default(0),
    idTag: varchar('id_tag', { length: 20 }),
    appVersion: varchar('app_version', { length: 20 }).notNull().default(''),
    platform: smallint('platform'),
    source: varchar('source', { length: 10 }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    meterStartWh: bigint('meter_start_wh', { mode: 'number' }).notNull().default(0),
    /** The last meter value received while it ran; the stop value once finished. */
    meterLastWh: bigint('meter_last_wh', { mode: 'number' }).notNull().default(0),
    meterStopWh: bigint('meter_stop_wh', { mode: 'number' }),
    /**
     * When the server last heard of the charge's meter: its start, then each meter value. A running charge silent for
     * OCPP_STALE_CHARGE_S is closed by the server (modules/ocpp, ocpp.stale-charges.ts).
     */
    meterAt: timestamp('meter_at', { withTimezone: true }).notNull().defaultNow(),
    energyWh: bigint('energy_wh', { mode: 'number' }).notNull().default(0),
    tariffKind: varchar('tariff_kind', { length: 10 }).notNull(),
    /** The rate whose versions price it (modules/rates, pricing.ts); null for a connector's custom fee. */
    rateId: integer('rate_id'),
    /** The energy price in force at the start, for display: the cost comes from cost_breakdown's versions. */
    pricePerKwh: tyiyn('price_per_kwh').notNull(),
    promotionId: integer('promotion_id'),
    /** Percent of a promotion, fixed at the start (0 to 100), and a fixed discount in tyiyn: both may apply. */
    discountPercent: smallint('discount_percent').notNull().default(0),
    discountFixed: tyiyn('discount_fixed')
      .notNull()
      .default(sql`0`),
    amount: tyiyn('amount')
      .notNull()
      .default(sql`0`),
    discount: tyiyn('discount')
      .notNull()
      .default(sql`0`),
    totalCost: tyiyn('total_cost')
      .notNull()
      .default(sql`0`),
    shortfall: tyiyn('shortfall')
      .notNull()
      .default(sql`0`),
    /** TCostBreakdown of the amount, set at the finish (null while it runs, and for charges ended before tariffs II). */
    costBreakdown: jsonb('cost_breakdown'),
    paymentMethod: varchar('payment_method', { length: 20 }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default('initiated'),
    transactionStatus: varchar('transaction_status', { length: 10 }),
    /** How it was closed (TChargeCloser): null while it runs, and for charges ended before migration 0024. */
    closedBy: varchar('closed_by', { length: 12 }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('charges_ocpp_transaction_id_unique').on(table.ocppTransactionId),
    check(
      'charges_status_check',
      sql`${table.status} in ('initiated', 'in_progress', 'pause', 'canceled', 'not_completed', 'finished', 'stopped', 'unauthorized')`,
    ),
    check('charges_transaction_status_check', sql`${table.transactionStatus} in ('successful', 'failed')`),
    check('charges_closed_by_check', sql`${table.closedBy} in ('charge_point', 'force', 'auto', 'balance')`),
    check('charges_source_check', sql`${table.source} in ('app', 'rfid', 'operator')`),
    check('charges_platform_check', sql`${table.platform} in (1, 2)`),
    check('charges_tariff_kind_check', sql`${table.tariffKind} in ('personal', 'merchant', 'default')`),
    check(
      'charges_payment_method_check',
      sql`${table.paymentMethod} in ('cash', 'other_card', 'personal_balance', 'promotion')`,
    ),
    check(
      'charges_money_check',
      sql`${table.amount} >= 0 and ${table.discount} >= 0 and ${table.discount} <= ${table.amount} and ${table.totalCost} = ${table.amount} - ${table.discount} and ${table.shortfall} >= 0 and ${table.shortfall} <= ${table.totalCost}`,
    ),
    check('charges_discount_percent_check', sql`${table.discountPercent} between 0 and 100`),
    // The list: newest first (ascending indexes read backwards), each filter with the same order behind it.
    // The finish rides along: a time-of-day filter picks a page's ids from the index alone (migration 0026), where it read
    // some 8,000 rows of the table to find a deep page's 1,000.
    index('charges_started_idx').on(table.startedAt, table.id, table.finishedAt),
    index('charges_user_idx').on(table.userId, table.startedAt, table.id),
    // A station's charges lie one or two to a page of the table, among everyone's: the station index carries every other
    // filtered column after its order (migration 0030), so that a station's count and page with any filters are read
    // from a few index pages (an index-only scan) instead of a table page per charge (all filters together at
    // 10,000,000 charges: 7 ms from the table cold, 0.5 ms from the index).
    index('charges_station_idx').on(
      table.stationId,
      table.startedAt,
      table.id,
      table.finishedAt,
      table.status,
      table.source,
      table.paymentMethod,
      table.platform,
      table.promotionId,
    ),
    index('charges_status_idx').on(table.status, table.startedAt, table.id),
    // Only promoted charges (a tenth of them or fewer): no filter asks for charges without a promotion.
    index('charges_promotion_idx')
      .on(table.promotionId, table.startedAt, table.id)
      .where(sql`${table.promotionId} is not null`),
    // Finished days and times of day: the totals read from the charges (time-of-day filters, which the rollups do not
    // hold) are summed from this index alone (an index-only scan: a month finished 18:00-21:00 over 10,000,000
    // charges, 1.5 s from the table, 0.2-0.4 s from here).
    index('charges_finished_totals_idx').on(table.finishedAt, table.energyWh, table.totalCost, table.discount),
    // A charge point's running charge is found by its connector when it reports. The stale-charge job reads the
    // running charges through it too and sorts them by their last meter time: meter_at is in no index, so that a meter
    // value (1,000 a second at a large network's peak) updates the row in place (a HOT update) without writing into
    // each of the table's indexes (docs/benchmarks.md, section 7).
    index('charges_running_idx')
      .on(table.stationId, table.connectorOcppId)
      .where(sql`${table.status} in ('initiated', 'in_progress', 'pause')`),
  ],
);

/**
 * The meter's rises of a running charge (the readings that moved it, with the server's time): the pricing reads the
 * energy of each tariff stretch and when the car stopped taking energy from them (modules/rates, pricing.ts). A
 * reading that did not move the meter adds nothing: the last rise is when charging ended.
 */
export const chargeMeterSamples = pgTable(
  'charge_meter_samples',
  {
    chargeId: bigint('charge_id', { mode: 'number' })
      .notNull()
      .references(() => charges.id, { onDelete: 'cascade' }),
    wh: bigint('wh', { mode: 'number' }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.chargeId, table.wh] })],
);


import { sql } from 'drizzle-orm';
import { check, date, index, numeric, pgTable, serial, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { searchIndex } from '../../platform/list-versions.tables';

/** Companies renting the network's software. status: 0 active, 1 inactive. percentage: the partner's share, 0..100. */
export const rentalPartners = pgTable(
  'rental_partners',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    legalEntity: varchar('legal_entity', { length: 200 }).notNull(),
    contactPerson: varchar('contact_person', { length: 100 }).notNull().default(''),
    phone: varchar('phone', { length: 12 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    agreementNumber: varchar('agreement_number', { length: 50 }).notNull(),
    percentage: numeric('percentage', { precision: 5, scale: 2 }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    status: smallint('status').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('rental_partners_percentage_check', sql`${table.percentage} between 0 and 100`),
    check('rental_partners_dates_check', sql`${table.endDate} is null or ${table.endDate} >= ${table.startDate}`),
    index('rental_partners_status_idx').on(table.status),
    index('rental_partners_created_at_idx').on(table.createdAt),
    searchIndex('rental_partners_name_trgm_idx', table.name),
    searchIndex('rental_partners_legal_entity_trgm_idx', table.legalEntity),
    searchIndex('rental_partners_agreement_number_trgm_idx', table.agreementNumber),
  ],
);

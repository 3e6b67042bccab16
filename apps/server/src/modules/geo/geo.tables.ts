import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Answers of the upstream geocoder, shared by every server process (Nominatim's usage policy asks clients to
 * cache). The key holds the kind, the language and the rounded coordinates or normalised query.
 */
export const geocoderCache = pgTable('geocoder_cache', {
  key: text('key').primaryKey(),
  answer: jsonb('answer').notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
});

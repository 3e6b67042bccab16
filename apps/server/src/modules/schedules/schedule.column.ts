import { sql } from 'drizzle-orm';
import { jsonb } from 'drizzle-orm/pg-core';
import type { TStoredSchedule } from './schedule-entries';

/** The JSONB column holding an owner's flat, normalised schedule (see schedule-entries.ts). */
export const scheduleColumn = () =>
  jsonb('schedule').$type<TStoredSchedule>().notNull().default(sql`'[]'::jsonb`);

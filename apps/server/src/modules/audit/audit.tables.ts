import type { TAuditChanges } from '@zaryad/contracts';
import { bigserial, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Who changed which record when, from which address, and how (`changes`: `{field: {before, after}}`). actor_id is
 * null for changes made by the system itself and for refused sign-ins of unknown emails. Append-only: a trigger
 * (`src/db/routines/audit-log.sql`) refuses UPDATE and DELETE, so not even a bug in a route can rewrite history.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: integer('actor_id'),
    ip: varchar('ip', { length: 64 }),
    action: varchar('action', { length: 30 }).notNull(),
    entity: varchar('entity', { length: 50 }).notNull(),
    entityId: varchar('entity_id', { length: 50 }).notNull(),
    changes: jsonb('changes').$type<TAuditChanges>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // History of one record, newest first.
    index('audit_log_entity_idx').on(table.entity, table.entityId, table.id),
    index('audit_log_created_at_idx').on(table.createdAt),
    index('audit_log_actor_idx').on(table.actorId, table.id),
    index('audit_log_action_idx').on(table.action, table.id),
  ],
);

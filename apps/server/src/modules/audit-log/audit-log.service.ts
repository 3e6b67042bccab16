import type { TAuditEntry, TAuditExportQuery, TAuditFilter, TLanguage, TPaged } from '@zaryad/contracts';
import { desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { TCsvCell } from '../../platform/csv';
import { allOf, descending, queryList } from '../../platform/list-query';
import { accounts } from '../accounts';
import { auditLog } from '../audit';
import { withNames } from './audit-log.names';

/** The network's days are Asia/Bishkek's (UTC+6 all year, no daylight saving). */
const BISHKEK_OFFSET = '+06:00';
const BISHKEK_OFFSET_MS = 6 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;
/** Rows read per query of an export: memory stays flat however long the log is. */
const EXPORT_BATCH = 1000;

const dayStart = (day: string) => new Date(`${day}T00:00:00${BISHKEK_OFFSET}`);

type TFilter = Omit<TAuditFilter, 'page' | 'size' | 'search'>;

const conditionsOf = (filter: TFilter): SQL | undefined =>
  allOf(
    filter.account_id !== undefined ? eq(auditLog.actorId, filter.account_id) : undefined,
    filter.entity ? eq(auditLog.entity, filter.entity) : undefined,
    filter.entity_id ? eq(auditLog.entityId, filter.entity_id) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.period__from ? gte(auditLog.createdAt, dayStart(filter.period__from)) : undefined,
    filter.period__to ? lt(auditLog.createdAt, new Date(dayStart(filter.period__to).getTime() + DAY_MS)) : undefined,
  );

const entryColumns = {
  id: auditLog.id,
  createdAt: auditLog.createdAt,
  actorId: auditLog.actorId,
  ip: auditLog.ip,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  action: auditLog.action,
  changes: auditLog.changes,
  firstName: accounts.firstName,
  lastName: accounts.lastName,
  email: accounts.email,
};

interface TEntryRow {
  id: number;
  createdAt: Date;
  actorId: number | null;
  ip: string | null;
  entity: string;
  entityId: string;
  action: string;
  changes: TAuditEntry['changes'];
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

// `Last First`, as the dashboard lists its accounts.
const accountName = (row: TEntryRow) => `${row.lastName ?? ''} ${row.firstName ?? ''}`.trim() || (row.email ?? '');

const toEntry = (row: TEntryRow): TAuditEntry => ({
  id: row.id,
  created_at: row.createdAt.toISOString(),
  // A deleted account's entries keep its id; its name is gone with it.
  account: row.actorId === null ? null : { id: row.actorId, name: accountName(row) },
  ip: row.ip,
  entity: row.entity,
  entity_id: row.entityId,
  action: row.action,
  changes: row.changes,
  names: {},
});

/** `2026-11-23 14:05:09`, Asia/Bishkek. */
export const bishkekTime = (time: Date) => new Date(time.getTime() + BISHKEK_OFFSET_MS).toISOString().replace('T', ' ').slice(0, 19);

/** Column titles of the export, in the request's language. */
const LABELS = {
  ru: ['Дата и время', 'ID аккаунта', 'Аккаунт', 'IP-адрес', 'Объект', 'ID объекта', 'Действие', 'Изменения'],
  en: ['Date and time', 'Account ID', 'Account', 'IP address', 'Entity', 'Entity ID', 'Action', 'Changes'],
  ky: ['Күнү жана убактысы', 'Аккаунттун ID', 'Аккаунт', 'IP дареги', 'Объект', 'Объекттин ID', 'Аракет', 'Өзгөрүүлөр'],
} as const satisfies Record<TLanguage, readonly string[]>;

export interface AuditLogService {
  /** A page of entries, with the names of the places and merchants their changes hold by id, in `language`. */
  list(filter: TAuditFilter, language: TLanguage): Promise<TPaged<TAuditEntry>>;
  /** The export's rows, header first, read from the database in batches as the response is written. */
  exportRows(filter: TAuditExportQuery, language: TLanguage): AsyncIterable<TCsvCell[]>;
}

export const createAuditLogService = (db: Database): AuditLogService => {
  const selectEntries = () => db.select(entryColumns).from(auditLog).leftJoin(accounts, eq(accounts.id, auditLog.actorId));

  return {
    async list(filter, language) {
      const source = { table: auditLog, id: auditLog.id, where: conditionsOf(filter), order: descending(auditLog.id) };
      return queryList(db, source, filter, async (ids) =>
        withNames(db, (await selectEntries().where(inArray(auditLog.id, ids))).map(toEntry), language),
      );
    },

    async *exportRows(filter, language) {
      yield [...LABELS[language]];
      let before: number | undefined;
      for (;;) {
        // Keyset batches, newest first: each query starts below the last id written.
        const rows = await selectEntries()
          .where(allOf(conditionsOf(filter), before === undefined ? undefined : lt(auditLog.id, before)))
          .orderBy(desc(auditLog.id))
          .limit(EXPORT_BATCH);
        for (const row of rows) {
          const entry = toEntry(row);
          yield [
            bishkekTime(row.createdAt),
            entry.account ? entry.account.id : '',
            entry.account?.name ?? '',
            entry.ip ?? '',
            entry.entity,
            entry.entity_id,
            entry.action,
            JSON.stringify(entry.changes),
          ];
        }
        if (rows.length < EXPORT_BATCH) {
          return;
        }
        before = rows[rows.length - 1]?.id;
      }
    },
  };
};

import type { TAuditAction, TAuditChanges } from '@zaryad/contracts';
import type { Database } from '../../db/client';
import { auditLog } from './audit.tables';

/**
 * Who makes a change and from where: the signed-in account (`AuthAccount` carries both) or the system itself
 * (`SYSTEM_ACTOR`: the start-up seed, the first administrator). Services take it as their `actor` argument.
 */
export interface TActor {
  id: number | null;
  ip: string | null;
}

export const SYSTEM_ACTOR: TActor = { id: null, ip: null };

export interface AuditEntry {
  actor: TActor;
  action: TAuditAction;
  entity: string;
  entityId: number | string;
  /**
   * The record before the change (edit, delete, status), either as the API names its fields or as the table row
   * (`title_ru` is also looked up as `titleRu`), so a service can pass the row it already read.
   */
  before?: object;
  /** The values sent or set (create, edit, status), as the API names them; undefined ones did not change. */
  after?: object;
}

/** Values that never go into the log, only the fact that they changed: passwords, sealed station secrets, tokens. */
const SECRET_FIELD = /password|secret|token|sealed|hash/i;
export const SECRET_CHANGED = 'changed';

const camelCase = (key: string) => key.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());

const fieldOf = (record: object | undefined, key: string): unknown => {
  if (!record) {
    return null;
  }
  const values = record as Record<string, unknown>;
  return values[key] ?? values[camelCase(key)] ?? null;
};

// jsonb refuses a lone UTF-16 surrogate and a NUL; a client can send either in any text field, and the log must not
// turn the change it records into a 500. They become U+FFFD, as a browser shows them.
// eslint-disable-next-line no-control-regex -- the NUL is exactly what has to go
const BROKEN_TEXT = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|\u0000/g;

/** A JSON value jsonb accepts: strings mended, dates as ISO text, undefined dropped, bigints as text. */
export const toAuditValue = (value: unknown): unknown => {
  if (typeof value === 'string') {
    return value.replace(BROKEN_TEXT, '\uFFFD');
  }
  if (value === undefined || value === null) {
    return null;
  }
  if (typeof value === 'bigint') {
    return value.toString();
  }
  if (value instanceof Date) {
    return value.toISOString();
  }
  if (Array.isArray(value)) {
    return value.map(toAuditValue);
  }
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, item]) => item !== undefined)
        .map(([key, item]) => [toAuditValue(key), SECRET_FIELD.test(key) ? SECRET_CHANGED : toAuditValue(item)]),
    );
  }
  return value;
};

/**
 * `{field: {before, after}}`: the fields of `after` (or of `before` for a delete), unchanged ones left out of an
 * edit. Secrets read `"changed"` on the side that holds one.
 */
export const auditChanges = (entry: Pick<AuditEntry, 'before' | 'after'>): TAuditChanges => {
  const { before, after } = entry;
  const source = after ?? before ?? {};
  const changes: TAuditChanges = {};
  for (const [key, value] of Object.entries(source)) {
    if (value === undefined) {
      continue;
    }
    if (SECRET_FIELD.test(key)) {
      changes[key] = { before: before && !after ? SECRET_CHANGED : null, after: after ? SECRET_CHANGED : null };
      continue;
    }
    const previous = before ? toAuditValue(fieldOf(before, key)) : null;
    const next = after ? toAuditValue(fieldOf(after, key)) : null;
    if (before && after && JSON.stringify(previous) === JSON.stringify(next)) {
      continue;
    }
    changes[key] = { before: previous, after: next };
  }
  return changes;
};

/** The request address as stored: long enough for any IPv6 text, never more. */
const addressOf = (ip: string | null) => (ip ? ip.slice(0, 64) : null);

/**
 * Records one change, or several in one insert (a bulk status change). Call it inside the change's transaction so
 * that both happen or neither.
 */
export const recordAudit = async (db: Pick<Database, 'insert'>, entries: AuditEntry | readonly AuditEntry[]): Promise<void> => {
  const list = 'entity' in entries ? [entries] : entries;
  if (list.length === 0) {
    return;
  }
  await db.insert(auditLog).values(
    list.map((entry) => ({
      actorId: entry.actor.id,
      ip: addressOf(entry.actor.ip),
      action: entry.action,
      entity: entry.entity,
      entityId: String(entry.entityId).slice(0, 50),
      changes: auditChanges(entry),
    })),
  );
};

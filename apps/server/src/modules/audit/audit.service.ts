import type { TAuditChanges } from '@zaryad/contracts';
import type { AuditEntry, RecordAudit } from '../../platform/audit';
import { auditLog } from './audit.tables';

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

/** Rows per insert: six parameters each, well under PostgreSQL's 65,535 parameters a statement. */
const ENTRIES_PER_INSERT = 5000;

/**
 * Records one change, or any number (a status change by filter over a whole list), in as few inserts as the
 * parameters allow. Call it inside the change's transaction so that both happen or neither.
 */
export const recordAudit: RecordAudit = async (db, entries) => {
  const list = 'entity' in entries ? [entries] : entries;
  for (let start = 0; start < list.length; start += ENTRIES_PER_INSERT) {
    await db.insert(auditLog).values(
      list.slice(start, start + ENTRIES_PER_INSERT).map((entry) => ({
        actorId: entry.actor.id,
        ip: addressOf(entry.actor.ip),
        action: entry.action,
        entity: entry.entity,
        entityId: String(entry.entityId).slice(0, 50),
        changes: auditChanges(entry),
      })),
    );
  }
};

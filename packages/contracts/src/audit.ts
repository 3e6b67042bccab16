import { z } from 'zod';
import { optionalFilter, zPaged, ZPageQuery } from './common';
import { rangesInOrder, zIdText } from './rules';

/** What an audit entry says happened. Sign-in events are recorded on the account that signs in. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'status',
  'password_reset',
  'sign_in',
  'sign_in_refused',
  'sign_out',
  'sessions_revoked',
  /** A running charge stopped from the dashboard: its status and what it was booked at. */
  'stop',
  /** A running charge closed by an operator without its charge point (offline long enough, or never connected). */
  'force_finish',
  /** A running charge closed by the server: no meter value for OCPP_STALE_CHARGE_S. */
  'auto_finish',
  /** A new version of a rate's price, in force from its effective_from. */
  'version',
  /** Money back (issue 39): a charge's cost to the balance, or a card payment to its card. */
  'refund',
  /** A manual correction of a balance, with its reason. */
  'correction',
] as const;
export const ZAuditAction = z.enum(AUDIT_ACTIONS, { message: 'invalid_choice' });
export type TAuditAction = z.infer<typeof ZAuditAction>;

/** The records the log names (`entity`); the web app translates each. */
export const AUDIT_ENTITIES = [
  'account',
  'account_settings',
  'role',
  'merchant',
  'station',
  'rate',
  'tag',
  'surrounding',
  'rental_partner',
  'app_user',
  'charge',
  'banner',
  'news',
  'firmware',
  'incident',
  'alert_rule',
  'webhook',
  /** A driver's card payment through the payment provider (issue 39). */
  'card_payment',
] as const;
export const ZAuditEntity = z.enum(AUDIT_ENTITIES, { message: 'invalid_choice' });
export type TAuditEntity = z.infer<typeof ZAuditEntity>;

/**
 * `{field: {before, after}}`: a create has `before: null`, a delete `after: null`; an edit lists only what changed.
 * Secrets (passwords, station passwords, tokens) read `"changed"`, never their value.
 */
export const ZAuditChanges = z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() }));
export type TAuditChanges = z.infer<typeof ZAuditChanges>;

/**
 * The names of the records a change refers to by id, in the request's language: `{city: {"12": "Бишкек"}}`. Only the
 * fields the audit log names (a place, a merchant) and only the ids that still exist.
 */
export const ZAuditNames = z.record(z.string(), z.record(z.string(), z.string()));
export type TAuditNames = z.infer<typeof ZAuditNames>;

export const ZAuditEntry = z.object({
  id: z.number().int(),
  created_at: z.string(),
  account: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  ip: z.string().nullable(),
  entity: z.string(),
  entity_id: z.string(),
  action: z.string(),
  changes: ZAuditChanges,
  names: ZAuditNames,
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
export const ZAuditPage = zPaged(ZAuditEntry);
export type TAuditPage = z.infer<typeof ZAuditPage>;

const day = () => optionalFilter(z.iso.date({ message: 'date_invalid' }));

const auditFilters = {
  account_id: optionalFilter(zIdText('invalid_choice')),
  entity: optionalFilter(ZAuditEntity),
  entity_id: optionalFilter(z.string().trim().max(50)),
  action: optionalFilter(ZAuditAction),
  /** Asia/Bishkek days, both included. */
  period__from: day(),
  period__to: day(),
};

const periodInOrder = rangesInOrder<{ period__from?: string; period__to?: string }>([['period__from', 'period__to']], {
  message: 'end_before_start',
});

/** GET /audit-log/: newest first; `entity` with `entity_id` is one record's History. */
export const ZAuditListQuery = ZPageQuery.extend(auditFilters).superRefine(periodInOrder);
export type TAuditListQuery = z.input<typeof ZAuditListQuery>;
export type TAuditFilter = z.output<typeof ZAuditListQuery>;

export const AUDIT_EXPORT_FORMATS = ['csv'] as const;
/** GET /audit-log/export/?format=csv&...: the same filters, every matching entry. */
export const ZAuditExportQuery = z
  .object({ ...auditFilters, format: z.enum(AUDIT_EXPORT_FORMATS, { message: 'invalid_choice' }).default('csv') })
  .superRefine(periodInOrder);
export type TAuditExportQuery = z.output<typeof ZAuditExportQuery>;

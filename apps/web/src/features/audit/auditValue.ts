import type { TAuditNames } from '@zaryad/contracts';
import { formatDateTime } from '@/lib/dateTime';
import type { TNumberFormat } from '@/lib/numberFormat';

/**
 * A logged value as an operator reads it (issue 33, item 5; docs/product/audit.md): yes and no for booleans, a
 * status's or a method's name, money and kWh through the number formatter with the language's units, dates in
 * Bishkek time, permissions by section and action. Anything else is shown as it was logged, cut to a table row.
 */
/** Reads a text by its full key (`charges:statuses.finished`); plain strings, so the keys may be built at run time. */
export type TTranslate = (key: string, options?: { defaultValue?: string; count?: number }) => string;

export type TAuditValueContext = {
  /** Reads the audit, charges, kit, rates, roles, settings, stationForm and users texts. */
  t: TTranslate;
  format: TNumberFormat;
  /** The entry's record kind: a status 1 is "blocked" for accounts and app users, "inactive" for the rest. */
  entity?: string;
  /** The names of the records the entry's fields hold by id (`{city: {"12": "Bishkek"}}`), as the server gives them. */
  names?: TAuditNames;
};

const MONEY_FIELDS = new Set([
  'fee',
  'custom_fee',
  'total_cost',
  'amount',
  'balance',
  'top_up',
  'discount',
  'discount_amount',
  'min_charge_amount',
  'inviter_bonus',
  'invited_bonus',
]);
const PERCENT_FIELDS = new Set(['percentage', 'discount_percent']);
const KWH_FIELDS = new Set(['consumption_kwh']);
const DATE_TIME_FIELDS = new Set(['finished_at', 'meter_at', 'started_at', 'created_at', 'start_date', 'end_date']);
const BLOCKING_ENTITIES = new Set(['account', 'app_user']);
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const LONGEST = 200;

/** The text under `key`, or null when the texts have none (a value added later shows as logged). */
const known = (t: TTranslate, key: string): string | null => {
  const text = t(key, { defaultValue: '' });
  return text === '' ? null : text;
};

/** Words for the coded values of a field, by field name: `[key of its text, by value]`. */
const WORDS: Record<string, (value: string) => string> = {
  method: (value) => `charges:methods.${value}`,
  source: (value) => `charges:sources.${value}`,
  closed_by: (value) => `charges:closedBy.${value}`,
  execution_type: (value) => `stationForm:executionTypes.${value}`,
  rate_type: (value) => `rates:rateType.${value}`,
  language: (value) => `kit:languages.${value}`,
  time_zone: (value) => `settings:timeZones.${value}`,
  gender: (value) => `users:genders.${value}`,
};

const statusText = (value: unknown, context: TAuditValueContext): string | null => {
  const { t, entity } = context;
  if (value === 0 || value === '0') {
    return known(t, 'kit:status.active');
  }
  if (value === 1 || value === '1') {
    return known(t, BLOCKING_ENTITIES.has(entity ?? '') ? 'kit:status.blocked' : 'kit:status.inactive');
  }
  // A charge's status (`finished`, `in_progress`, ...).
  return typeof value === 'string' ? known(t, `charges:statuses.${value}`) : null;
};

/** A permission code `stations.view` as "Stations: View". */
const permissionText = (code: string, t: TTranslate): string => {
  const [domain = '', action = ''] = code.split('.');
  const domainText = known(t, `roles:domains.${domain}`);
  const actionText = known(t, `roles:actions.${action}`);
  return domainText && actionText ? `${domainText}: ${actionText}` : code;
};

const cut = (text: string) => (text.length > LONGEST ? `${text.slice(0, LONGEST - 1)}…` : text);

const scalarText = (field: string, value: string | number | boolean, context: TAuditValueContext): string => {
  const { t, format } = context;
  // A city, a country or a merchant logged by its id reads by its name; a record since deleted keeps its number.
  const name = typeof value === 'boolean' ? undefined : context.names?.[field]?.[String(value)];
  if (name !== undefined) {
    return name;
  }
  if (typeof value === 'boolean') {
    return t(value ? 'audit:values.yes' : 'audit:values.no');
  }
  if (field === 'status') {
    return statusText(value, context) ?? String(value);
  }
  if (MONEY_FIELDS.has(field)) {
    return format.unit(format.money(value), format.units.som);
  }
  if (PERCENT_FIELDS.has(field)) {
    return format.percent(value, 2);
  }
  if (KWH_FIELDS.has(field)) {
    return format.energy(value);
  }
  const words = WORDS[field];
  if (words && typeof value === 'string') {
    return known(t, words(value)) ?? value;
  }
  if (typeof value === 'string' && (DATE_TIME_FIELDS.has(field) || ISO_DATE_TIME.test(value))) {
    return formatDateTime(value) || value;
  }
  if (typeof value === 'number') {
    return field === 'silent_for' ? format.count(value) : String(value);
  }
  return value;
};

/** Short text for a logged value: '—' for none, "changed" for a secret, words and figures for the rest. */
export const auditValueText = (field: string, value: unknown, context: TAuditValueContext): string => {
  const { t } = context;
  if (value === null || value === undefined || value === '') {
    return '—';
  }
  if (value === 'changed') {
    return t('audit:changed');
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    return cut(scalarText(field, value, context));
  }
  if (Array.isArray(value)) {
    if (value.length === 0) {
      return '—';
    }
    if (field === 'permissions') {
      return cut(value.map((code) => permissionText(String(code), t)).join(', '));
    }
    if (value.every((item) => typeof item === 'string' || typeof item === 'number')) {
      return cut(value.join(', '));
    }
    // Schedules, connectors, media: how many, rather than their JSON.
    return t('audit:values.items', { count: value.length });
  }
  return cut(JSON.stringify(value));
};

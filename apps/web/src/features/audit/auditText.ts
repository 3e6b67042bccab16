import type { TFunction } from 'i18next';

/** Short text for a logged value: '—' for none, JSON for lists and objects, cut to stay on a table row. */
export const formatAuditValue = (value: unknown, changed: string): string => {
  if (value === null || value === undefined || value === '') {
    return '—';
  }
  if (value === 'changed') {
    return changed;
  }
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
};

/** A translated name from one of the audit texts' groups, else the code itself (a field added later). */
export const auditLabel = (t: TFunction<'audit'>, group: 'fields' | 'entities' | 'actions', code: string): string => {
  const names = t(group, { returnObjects: true }) as Record<string, string>;
  return names[code] ?? code;
};

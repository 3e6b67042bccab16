import type { TFunction } from 'i18next';

/** A translated name from one of the audit texts' groups, else the code itself (a field added later). */
export const auditLabel = (t: TFunction<'audit'>, group: 'fields' | 'entities' | 'actions', code: string): string => {
  const names = t(group, { returnObjects: true }) as Record<string, string>;
  return names[code] ?? code;
};

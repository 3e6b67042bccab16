import type { TAuditChanges, TAuditNames } from '@zaryad/contracts';
import { useTranslation } from 'react-i18next';
import { auditLabel } from '@/features/audit/auditText';
import { auditValueText, type TTranslate } from '@/features/audit/auditValue';
import { useNumberFormat } from '@/lib/useNumberFormat';

/** Namespaces whose words a logged value may be: statuses, methods, rate types, languages, permissions. */
const VALUE_NAMESPACES = ['audit', 'charges', 'kit', 'rates', 'roles', 'settings', 'stationForm', 'users'] as const;

type TChangesTableProps = {
  changes: TAuditChanges;
  entity?: string;
  /** The names of the places and merchants the changes hold by id (the entry's `names`). */
  names?: TAuditNames;
};

/**
 * The fields one entry changed: translated name, before and after, in words and formatted figures; a city, a country
 * or a merchant by its name.
 */
export const ChangesTable = ({ changes, entity, names }: TChangesTableProps) => {
  const { t } = useTranslation('audit');
  const { i18n } = useTranslation(VALUE_NAMESPACES);
  const format = useNumberFormat();
  // Keys are built from logged codes at run time: read through the untyped `i18n.t`, one text at a time.
  const translate: TTranslate = (key, options) => String(i18n.t(key as never, options as never));
  const context = { t: translate, format, entity, names };
  const rows = Object.entries(changes);
  if (rows.length === 0) {
    return null;
  }
  return (
    <table className="audit-changes">
      <thead>
        <tr>
          <th scope="col">{t('table.field')}</th>
          <th scope="col">{t('table.before')}</th>
          <th scope="col">{t('table.after')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([field, change]) => (
          <tr key={field}>
            <th scope="row">{auditLabel(t, 'fields', field)}</th>
            <td>{auditValueText(field, change.before, context)}</td>
            <td>{auditValueText(field, change.after, context)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
};

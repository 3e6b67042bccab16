import type { TAuditChanges } from '@zaryad/contracts';
import { useTranslation } from 'react-i18next';
import { auditLabel, formatAuditValue } from '@/features/audit/auditText';

/** The fields one entry changed: translated name, before and after. */
export const ChangesTable = ({ changes }: { changes: TAuditChanges }) => {
  const { t } = useTranslation('audit');
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
            <td>{formatAuditValue(change.before, t('changed'))}</td>
            <td>{formatAuditValue(change.after, t('changed'))}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
};

import { AUDIT_ACTIONS, AUDIT_ENTITIES, type TAuditEntry } from '@zaryad/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { prioritize } from '@/components/data-table/columnPriority';
import { dayParam, idParam, oneOf, textParam } from '@/components/data-table/listParams';
import { DateRangeFilter } from '@/components/filters/DateRangeFilter';
import { EnumFilter } from '@/components/filters/EnumFilter';
import { filterField, rangeField } from '@/components/filters/filterBinding';
import { ListPage } from '@/components/list-page/ListPage';
import { useListPage } from '@/components/list-page/useListPage';
import { AUDIT_PATH, useAuditAccounts, useAuditLog } from '@/features/audit/api';
import { auditLabel } from '@/features/audit/auditText';
import { ChangesTable } from '@/features/audit/ChangesTable';
import { formatDateTime } from '@/lib/dates';
import '@/features/audit/audit.css';

/** The log is append-only: the list only reads. */
const auditHooks = { useList: useAuditLog };

/** The URL's filters; declared once so the list params keep their identity. */
const AUDIT_FILTERS = {
  account_id: idParam,
  entity: oneOf(AUDIT_ENTITIES),
  entity_id: textParam(50),
  action: oneOf(AUDIT_ACTIONS),
  period__from: dayParam,
  period__to: dayParam,
};

/** `/audit-log`: who changed what, newest first, filtered by account, record, action and period; CSV export. */
export const AuditLogPage = () => {
  const { t } = useTranslation('audit');
  const state = useListPage({ filters: AUDIT_FILTERS, hooks: auditHooks, permission: 'audit' });
  const { list } = state;
  const accounts = useAuditAccounts();

  // The date names an entry and stays pinned; the record, the action and the changes are what the log is read for, the
  // IP address is in the row's details (docs/product/common.md#2-screens).
  const columns = useMemo(
    () =>
      prioritize<TAuditEntry>(
        [
          { key: 'date', title: t('columns.date'), render: (_, entry) => formatDateTime(entry.created_at), width: 150 },
          { key: 'account', title: t('columns.account'), render: (_, entry) => entry.account?.name ?? t('system') },
          { key: 'ip', title: t('columns.ip'), dataIndex: 'ip' },
          {
            key: 'entity',
            title: t('columns.entity'),
            render: (_, entry) =>
              `${auditLabel(t, 'entities', entry.entity)}${entry.entity_id ? ` #${entry.entity_id}` : ''}`,
          },
          { key: 'action', title: t('columns.action'), render: (_, entry) => auditLabel(t, 'actions', entry.action) },
          {
            key: 'changes',
            title: t('columns.changes'),
            render: (_, entry) => <ChangesTable changes={entry.changes} entity={entry.entity} names={entry.names} />,
            width: 480,
          },
        ],
        { date: 'identity', entity: 'key', action: 'key', changes: 'key', ip: 'detail' },
      ),
    [t],
  );

  return (
    <ListPage
      state={state}
      label={t('list.title')}
      columns={columns}
      listName="audit-log"
      filters={
        <>
          <EnumFilter
            label={t('filters.account')}
            width={220}
            search
            options={(accounts.data?.items ?? []).map((account) => ({
              value: account.id,
              label: `${account.last_name} ${account.first_name}`.trim() || account.email,
            }))}
            {...filterField(list, 'account_id')}
          />
          <EnumFilter
            label={t('filters.entity')}
            values={AUDIT_ENTITIES}
            labelOf={(entity) => auditLabel(t, 'entities', entity)}
            value={list.draftFilters.entity}
            // A record's number belongs to its kind: another kind drops it.
            onChange={(entity) => list.setFilters({ entity, entity_id: undefined })}
          />
          <EnumFilter
            label={t('filters.action')}
            values={AUDIT_ACTIONS}
            labelOf={(action) => auditLabel(t, 'actions', action)}
            {...filterField(list, 'action')}
          />
          <DateRangeFilter label={t('filters.period')} {...rangeField(list, 'period')} />
        </>
      }
      exports={{ path: `${AUDIT_PATH}export/`, fileName: 'audit-log', formats: ['csv'] }}
    />
  );
};
